"""Shoe play with a count against plain simulation, in one run on this machine.

Prints, with the load average before and after (other work on the machine lowers every
figure; each figure is the median of ``--reps`` interleaved runs):

- per core (one process, one chunk: the kernel alone, ``run_chunk``; rounds per CPU second
  of the process, ``time.thread_time``): the plain kernel dealing to a cut card, and the same
  with a Hi-Lo count tallying every round by its true count;
- the whole ``simulate()`` on ``--workers`` processes (wall time, start-up and merging
  included) for both.

The strategy is the derived chart for the standard rules (six decks), dealt to 75 %.
Run: python -m benchmarks.protection_shoe [--rounds N] [--pool-rounds N] [--reps N]
[--workers N] (prints figures; no assertions). The issue's target: counting at 10 M rounds/s
or more on two cores.
"""

from __future__ import annotations

import argparse
import os
import statistics
import time


def _load() -> str:
    return ", ".join(f"{x:.2f}" for x in os.getloadavg())


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=5_000_000, help="rounds of a per-core run")
    ap.add_argument("--pool-rounds", type=int, default=40_000_000,
                    help="rounds of a run on --workers processes")
    ap.add_argument("--reps", type=int, default=3, help="interleaved repetitions (medians)")
    ap.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    args = ap.parse_args()

    from twentyone_burn.charts.model import Chart
    from twentyone_burn.charts.store import derived_chart
    from twentyone_burn.rules import Rules
    from twentyone_burn.sim import kernel_spec, run_chunk, simulate
    from twentyone_burn.sim.counting import parse_count

    rules = Rules()
    d = derived_chart(rules).chart
    tables = Chart.from_arrays(rules, d.hard, d.soft, d.resplit, d.burn_values,
                               "derived").to_tables()
    count = parse_count("hi-lo")
    specs = {"plain": kernel_spec(tables, 1, 0.75),
             "hi-lo": kernel_spec(tables, 1, 0.75, count=count)}
    for s in specs.values():
        run_chunk(s, 0, 1000)           # compile / load the kernel
    print(f"load average before: {_load()}")
    core: dict[str, list[float]] = {k: [] for k in specs}
    pool: dict[str, list[float]] = {k: [] for k in specs}
    for rep in range(args.reps):
        for name, s in specs.items():
            t0 = time.thread_time()
            run_chunk(s, rep, args.rounds)
            core[name].append(args.rounds / (time.thread_time() - t0))
        for name in specs:
            t0 = time.perf_counter()
            simulate(tables, args.pool_rounds, seed=rep, workers=args.workers, penetration=0.75,
                     count=count if name == "hi-lo" else None)
            pool[name].append(args.pool_rounds / (time.perf_counter() - t0))
    for name in specs:
        print(f"{name:6s} per core: {statistics.median(core[name]) / 1e6:6.2f} M rounds/CPU-s   "
              f"simulate() on {args.workers} workers: "
              f"{statistics.median(pool[name]) / 1e6:6.2f} M rounds/s")
    ratio = statistics.median(core["hi-lo"]) / statistics.median(core["plain"])
    print(f"counting / plain per core: {ratio:.2f}")
    print(f"load average after: {_load()}")


if __name__ == "__main__":
    main()
