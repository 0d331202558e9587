"""Simulator throughput against an independent reference, in one run on this machine.

Prints, with the load average before and after (other work on the machine lowers every
figure; each figure is the median of ``--reps`` interleaved runs):

- the reference simulator (benchmarks/reference_sim.py: a plain numba loop, xorshift64*, the
  infinite-deck strategy by total) per core and on ``--workers`` processes, and the same loop
  on numba's own ``np.random`` for comparison;
- ours per core (one process, one chunk: the kernel alone, ``run_chunk``) and the whole
  ``simulate()`` on ``--workers`` workers (process start-up and merging included; the
  strategy's compaction, done once before the workers start, is shown apart), both with the
  reference's strategy (like for like) and with the engine's optimal composition-dependent
  strategy;
- the ratios ours / reference, and to a fixed baseline: the plain-Python twin
  (tests/reference/sim_twin.py) run in this same process;
- the two simulators' means with the same strategy, which must agree within their errors.

Per-core rates are rounds per CPU second of the process (``time.thread_time``), which other
work on the machine disturbs less than wall time; wall-time rates are shown beside them.

Run: python -m benchmarks.simulate [--rounds N] [--pool-rounds N] [--reps N] [--workers N]
(prints figures; no assertions). The issue's target: ours at least 1.5x the reference per core.
"""

from __future__ import annotations

import argparse
import os
import statistics
import time
from collections.abc import Callable

from twentyone_burn.rules import Rules


def _load() -> str:
    return ", ".join(f"{x:.2f}" for x in os.getloadavg())


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=5_000_000, help="rounds of a per-core run")
    ap.add_argument("--pool-rounds", type=int, default=20_000_000,
                    help="rounds of a run on --workers processes")
    ap.add_argument("--reps", type=int, default=5, help="interleaved repetitions (medians)")
    ap.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--twin-rounds", type=int, default=10_000)
    ap.add_argument("--no-optimal", action="store_true",
                    help="skip the optimal strategy (its tables take ~10 s to build)")
    args = ap.parse_args()

    from benchmarks.reference_sim import (
        as_decision_tables,
        infinite_deck_strategy,
        run,
        run_processes,
        summary,
    )
    from tests.reference.sim_twin import simulate_twin
    from twentyone_burn.sim import chunk_state, kernel_spec, run_chunk, simulate, warm_up

    rules = Rules()
    print(f"rules: {rules.canonical_json()}")
    print(f"machine: {os.cpu_count()} cores; load average at the start {_load()}")
    t0 = time.perf_counter()
    strategy = infinite_deck_strategy()
    tables = {"reference's strategy": as_decision_tables(strategy)}
    if not args.no_optimal:
        from twentyone_burn.engine.game import optimal_tables
        tables["optimal (CDP)"] = optimal_tables(rules)
    print(f"strategies built in {time.perf_counter() - t0:.1f} s")
    t0 = time.perf_counter()
    warm_up()
    for rng in ("xorshift", "mt"):
        run(strategy, 10, 0, rng)
    print(f"kernels compiled / loaded from cache: {time.perf_counter() - t0:.2f} s")
    specs = {}
    for name, t in tables.items():
        t0 = time.perf_counter()
        specs[name] = kernel_spec(t, 1)
        print(f"  kernel_spec ({name}): {time.perf_counter() - t0:.2f} s")
        run_chunk(specs[name], 0, 1000)

    n, pool_n = args.rounds, args.pool_rounds
    one: dict[str, Callable[[], object]] = {
        "reference": lambda: run(strategy, n, 1),
        "reference (np.random)": lambda: run(strategy, n, 1, "mt"),
    }
    for name, spec in specs.items():
        one[f"ours, {name}"] = (lambda s: lambda: run_chunk(s, 0, n))(spec)
    pool: dict[str, Callable[[], tuple[float, object]]] = {
        "reference": lambda: _pool_ref(run_processes, strategy, pool_n, args.workers),
    }
    for name, t in tables.items():
        pool[f"ours, {name}"] = (lambda tt: lambda: _pool_ours(simulate, tt, pool_n,
                                                               args.workers))(t)
    cpu: dict[str, list[float]] = {k: [] for k in one}
    wall: dict[str, list[float]] = {k: [] for k in one}
    pwall: dict[str, list[float]] = {k: [] for k in pool}
    last: dict[str, object] = {}
    twins: list[float] = []
    for _ in range(args.reps):
        for k, f in one.items():
            c0, w0 = time.thread_time(), time.perf_counter()
            last[k] = f()
            cpu[k].append(n / (time.thread_time() - c0))
            wall[k].append(n / (time.perf_counter() - w0))
        for k, g in pool.items():
            rate, out = g()
            pwall[k].append(rate)
            last["pool " + k] = out
        c0 = time.thread_time()
        simulate_twin(tables["reference's strategy"], chunk_state(1, 0), args.twin_rounds)
        twins.append(args.twin_rounds / (time.thread_time() - c0))
    load_end = _load()
    twin = statistics.median(twins)

    med = {k: statistics.median(v) for k, v in cpu.items()}
    ref = med["reference"]
    print(f"\nper core: one process, {n:,} rounds, median of {args.reps} "
          f"(rounds per CPU second; wall-time rate in brackets)")
    for k in one:
        print(f"  {k:34s} {med[k]:13,.0f} /s  ({statistics.median(wall[k]):13,.0f} /s wall)"
              f"  x{med[k] / ref:5.2f} the reference   x{med[k] / twin:6,.0f} the twin")
    print(f"  {'plain-Python twin (baseline)':34s} {twin:13,.0f} /s")
    pref = statistics.median(pwall["reference"])
    print(f"\non {args.workers} processes: {pool_n:,} rounds, wall time with start-up, median of "
          f"{args.reps}")
    for k in pool:
        m = statistics.median(pwall[k])
        print(f"  {k:34s} {m:13,.0f} /s  x{m / pref:5.2f} the reference   x{m / twin:6,.0f} "
              f"the twin")
    print(f"\nload average at the end {load_end}")

    # the same strategy on both simulators: their means must agree
    ref_mean, ref_se, _ = summary(last["pool reference"], pool_n)   # type: ignore[arg-type]
    ours = last["pool ours, reference's strategy"]
    z = (ours.mean - ref_mean) / (ours.se ** 2 + ref_se ** 2) ** 0.5     # type: ignore[attr-defined]
    print(f"same strategy, mean return: reference {ref_mean:+.5f} (SE {ref_se:.5f}), ours "
          f"{ours.mean:+.5f} (SE {ours.se:.5f}); z = {z:+.2f}")          # type: ignore[attr-defined]


def _pool_ref(run_processes, strategy, rounds: int, workers: int) -> tuple[float, object]:
    tally, secs = run_processes(strategy, rounds, 1, workers)
    return rounds / secs, tally


def _pool_ours(simulate, tables, rounds: int, workers: int) -> tuple[float, object]:
    res = simulate(tables, rounds, seed=1, chunk_size=1_000_000, workers=workers)
    return res.rounds_per_second, res


if __name__ == "__main__":
    main()
