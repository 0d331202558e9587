"""Simulator throughput: rounds per second of the numba kernel, in one process and on every core,
and the ratio to the plain-Python twin (tests/reference/sim_twin.py) run in this same process.

Run: python -m benchmarks.simulate [--rounds N] [--workers N] [--strategy optimal|always-stand]
(prints figures; no assertions). The target is 5 million rounds a second on two cores with the
engine's optimal strategy on the standard rules; other work on the machine lowers the figures.
"""

from __future__ import annotations

import argparse
import os
import time

from twentyone_burn.rules import Rules


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=50_000_000)
    ap.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--strategy", default="optimal", choices=("optimal", "always-stand"))
    ap.add_argument("--decks", default="6")
    ap.add_argument("--twin-rounds", type=int, default=20_000)
    args = ap.parse_args()

    from tests.reference.sim_twin import simulate_twin
    from twentyone_burn.rules import parse_decks
    from twentyone_burn.sim import chunk_state, kernel_spec, run_chunk, simulate, warm_up
    from twentyone_burn.tables import DecisionTables

    rules = Rules(decks=parse_decks(args.decks))
    t0 = time.perf_counter()
    if args.strategy == "optimal":
        from twentyone_burn.engine.game import optimal_tables
        tables = optimal_tables(rules)
    else:
        tables = DecisionTables.always_stand(rules)
    print(f"rules: {rules.canonical_json()}")
    print(f"strategy: {tables.name} (tables built in {time.perf_counter() - t0:.1f} s)")
    print(f"machine: {os.cpu_count()} cores, load average {os.getloadavg()[0]:.2f} "
          f"(other work on the machine lowers every figure below)")

    t0 = time.perf_counter()
    warm_up()
    print(f"kernel compile / cache load: {time.perf_counter() - t0:.2f} s")

    # one process, one chunk: the kernel alone
    spec = kernel_spec(tables, 1)
    n1 = min(args.rounds, 10_000_000)
    run_chunk(spec, 0, 1000)
    t0 = time.perf_counter()
    run_chunk(spec, 0, n1)
    one = n1 / (time.perf_counter() - t0)
    print(f"kernel, one process:         {one:14,.0f} rounds/s")

    # the same rounds in plain Python, in this process
    t0 = time.perf_counter()
    simulate_twin(tables, chunk_state(1, 0), args.twin_rounds)
    py = args.twin_rounds / (time.perf_counter() - t0)
    print(f"plain-Python twin:           {py:14,.0f} rounds/s")
    print(f"kernel / plain Python:       {one / py:14,.0f} x")

    # the whole pipeline on every core (process start-up and merging included)
    res = simulate(tables, args.rounds, seed=1, chunk_size=1_000_000, workers=args.workers)
    print(f"simulate(), {args.workers} workers:       {res.rounds_per_second:14,.0f} rounds/s "
          f"({args.rounds:,} rounds in {res.seconds:.2f} s; ratio to plain Python "
          f"{res.rounds_per_second / py:,.0f} x)")
    print(f"  10^9 rounds at this speed: {1e9 / res.rounds_per_second / 60:.1f} min")
    print(f"  mean return {res.mean:+.6f} (SE {res.se:.6f})")


if __name__ == "__main__":
    main()
