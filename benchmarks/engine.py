"""The exact 21 Burn engine: full analyses warm and cold, the first run of a fresh install, the
standard report's computation, each with a ratio to a fixed baseline run in this process.

Run: python -m benchmarks.engine [--report] [--fresh] [--charts]   (prints figures)

Baseline: 20 dealer distributions by the plain-Python recursion of tests/reference/engine.py
(a fixed pure-Python workload); every time below is also printed as a multiple of it, so runs
on a busy or a different machine compare. The issue's targets on these two cores: 6 decks
full analysis warm at most 2 s; first run of a fresh install (empty numba cache, compilation
included) at most 15 s; the standard report with a 1e8-round verification at most 60 s.

--fresh: also time the first run in a new process with an empty numba cache (compiles every
kernel). --charts: two chart derivations in one process, then in two processes at once (what a
chart report's first run does with the charts it must derive). --report: also time
build_report for the standard rules with the 1e8-round
verification: optimal play's report (about a minute) and the chart's par sheet, the main job
(under a minute with the chart store warm, about 6 minutes when it must derive the charts).
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time

from twentyone_burn.rules import Rules


def baseline() -> float:
    """Seconds for the fixed pure-Python workload (median of three)."""
    from tests.reference import engine as ref
    from twentyone_burn.engine.player_burn import unsplit_hands
    from twentyone_burn.shoe import full_shoe
    from twentyone_burn.tables import hand_table

    keys = hand_table().counts[unsplit_hands()]
    times = []
    for _ in range(3):
        t0 = time.perf_counter()
        for k in range(20):
            unseen = full_shoe(6)
            unseen[5] -= 1
            unseen -= keys[k]
            ref.dealer.cache_clear()
            ref._dealer_draw.cache_clear()
            ref.dealer(tuple(int(x) for x in unseen), 5, True)
        times.append(time.perf_counter() - t0)
    return statistics.median(times)


def warm(rules: Rules, repeat: int = 3) -> tuple[float, float]:
    """(median wall, median CPU) seconds of analyze(rules) after a first run."""
    from twentyone_burn.engine.game import analyze

    analyze(rules)
    walls, cpus = [], []
    for _ in range(repeat):
        t0, c0 = time.perf_counter(), time.process_time()
        analyze(rules)
        walls.append(time.perf_counter() - t0)
        cpus.append(time.process_time() - c0)
    return statistics.median(walls), statistics.median(cpus)


FIRST_RUN = ("import time; t = time.perf_counter()\n"
             "from twentyone_burn.engine.game import analyze\n"
             "from twentyone_burn.rules import Rules\n"
             "analyze(Rules()); print(time.perf_counter() - t)\n")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--report", action="store_true", help="also time the standard report")
    ap.add_argument("--fresh", action="store_true",
                    help="also time a first run with an empty numba cache")
    ap.add_argument("--charts", action="store_true",
                    help="also time two chart derivations: one process, then two processes")
    args = ap.parse_args()

    t0 = time.perf_counter()
    from twentyone_burn.engine.game import analyze
    a = analyze(Rules())
    cold = time.perf_counter() - t0
    base = baseline()
    print(f"machine: {os.cpu_count()} cores, load average {os.getloadavg()[0]:.2f} "
          "(other work on the machine raises every figure; compare the ratios)")
    print(f"baseline (20 plain-Python dealer recursions): {base:8.3f} s")
    print(f"standard rules, 6 decks: expected return {a.expected_return:+.15f}")

    def line(label: str, seconds: float, extra: str = "") -> None:
        print(f"  {label:44s} {seconds:8.2f} s  ({seconds / base:7.1f} x baseline){extra}")

    line("full analysis cold (import + cache load + run)", cold)
    for label, rules, target in (("6 decks", Rules(), 2.0), ("1 deck", Rules(decks=1), None),
                                 ("infinite deck", Rules(decks=None), None)):
        wall, cpu = warm(rules)
        extra = f"  CPU {cpu:.2f} s" + (f"; target {target:.0f} s: {wall / target:.2f} of it"
                                        if target else "")
        line(f"full analysis warm, {label}", wall, extra)
    print(f"  peak resident memory: {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024:.0f}"
          " MiB")

    if args.fresh:
        with tempfile.TemporaryDirectory() as cache:
            env = {**os.environ, "NUMBA_CACHE_DIR": cache}
            t0 = time.perf_counter()
            out = subprocess.run([sys.executable, "-c", FIRST_RUN], env=env, check=True,
                                 capture_output=True, text=True).stdout
            whole = time.perf_counter() - t0
        line("first run, empty numba cache (whole process)", whole,
             f"; in-process {float(out):.1f} s; target 15 s: {whole / 15:.2f} of it")

    if args.charts:
        # the chart store off: every chart is derived; the same two charts both ways
        from unittest import mock

        from twentyone_burn.charts.store import derived_charts
        pair = [Rules(decks=4, hit_soft_17=False), Rules(decks=4, max_hands=2)]
        with mock.patch.dict(os.environ, {"TWENTYONE_BURN_CACHE": "off"}):
            t0 = time.perf_counter()
            one = derived_charts(pair, workers=1)
            serial = time.perf_counter() - t0
            t0 = time.perf_counter()
            two = derived_charts(pair, workers=2)
            parallel = time.perf_counter() - t0
        assert [v.figures for v in one] == [v.figures for v in two]   # the same charts
        line("two 4-deck charts, one process (2 threads)", serial)
        line("the same, two processes (1 thread each)", parallel,
             f"; {serial / parallel:.2f}x faster")

    if args.report:
        from twentyone_burn.report import CHART, OPTIMAL
        from twentyone_burn.report.build import build_report
        # optimal play's report, then the chart's par sheet (the main job) with the chart store
        # as found: a first run derives its 20 charts (about 6 minutes), later runs read them
        for name, strategy in (("optimal play's report", OPTIMAL),
                               ("the chart's par sheet (main job)", CHART)):
            t0 = time.perf_counter()
            rep = build_report(Rules(), strategy=strategy, verify_rounds=100_000_000, seed=21)
            total = time.perf_counter() - t0
            derived = sum(v for k, v in rep.timings.items()
                          if k.startswith(("chart for", "deriving the chart")))
            line(f"standard report, {name}, 1e8-round verification", total,
                 f"; target 60 s: {total / 60:.2f} of it; chart derivations {derived:.1f} s")
            for k, v in rep.timings.items():
                print(f"      {k:50s} {v:7.2f} s")

if __name__ == "__main__":
    main()
