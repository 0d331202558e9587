"""The design search: a full search for the house's 1-5 % on six decks (at least 200 rule sets,
charts of the best ten), the same search again from the result cache, and a Dask LocalCluster
search that must give the identical table; each time with a ratio to a fixed baseline.

Run: python -m benchmarks.design [--decks N|inf] [--max-changes N] [--charts N]
     [--workers N] [--dask-rule-sets N] [--no-dask]      (prints figures; no assertions)

Baseline: the pure-Python workload of benchmarks/engine.py (20 plain-Python dealer
recursions), run in this process; every time is also printed as a multiple of it, so runs on
a busy or a different machine compare. The issue's target on these two cores: the documented
search (331 six-deck rule sets, charts of the best 10) within 6 minutes. The machine's load
average is printed before and after: other work on the machine raises every figure.

The search runs with a fresh, private result cache (nothing is read from the user's), so the
first run computes every valuation and the second computes none.
"""

from __future__ import annotations

import argparse
import os
import tempfile
import time

from twentyone_burn.rules import Rules, parse_decks

TARGET_SECONDS = 6 * 60


def _pct(x: float | None) -> str:
    return "       -" if x is None else f"{100 * x:+8.3f}%"


def _rows(result) -> list[tuple]:
    """A result's table, every figure, for identity checks."""
    return [tuple(r.record()[c] for c in r.record() if c != "rules") for r in result.rows]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--decks", default="6", help="decks of the base rules (default 6)")
    ap.add_argument("--max-changes", type=int, default=2)
    ap.add_argument("--charts", type=int, default=10)
    ap.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--target", type=float, default=0.03, help="target house edge (0.03)")
    ap.add_argument("--tolerance", type=float, default=0.02, help="tolerance (0.02: 1-5 %%)")
    ap.add_argument("--dask-rule-sets", type=int, default=24,
                    help="size of the Dask identity check's search (infinite deck)")
    ap.add_argument("--no-dask", action="store_true", help="skip the Dask LocalCluster check")
    args = ap.parse_args()

    from benchmarks.engine import baseline
    from twentyone_burn.design.search import design
    from twentyone_burn.design.space import parse_knobs, rule_sets

    cache = tempfile.mkdtemp(prefix="design-bench-cache-")
    os.environ["TWENTYONE_BURN_CACHE"] = cache
    base_rules = Rules(decks=parse_decks(args.decks))
    load0 = os.getloadavg()
    base = baseline()
    print(f"machine: {os.cpu_count()} cores, load average {load0[0]:.2f} / {load0[1]:.2f} / "
          f"{load0[2]:.2f} (1 / 5 / 15 min) before the search; other work on the machine "
          "raises every figure: compare the ratios")
    print(f"baseline (20 plain-Python dealer recursions): {base:8.3f} s")

    def line(label: str, seconds: float, extra: str = "") -> None:
        print(f"  {label:52s} {seconds:8.1f} s  ({seconds / base:8.1f} x baseline){extra}")

    space = parse_knobs(None)
    n = len(rule_sets(base_rules, space, args.max_changes))
    print(f"search: base {args.decks} decks, default knobs ({', '.join(space)}), at most "
          f"{args.max_changes} changes: {n} rule sets; target {100 * args.target:g}% +/- "
          f"{100 * args.tolerance:g}%; charts of the best {args.charts}; {args.workers} "
          "local workers")
    t0, c0 = time.perf_counter(), os.times()
    res = design(base_rules, args.target, tolerance=args.tolerance, knobs=space,
                 max_changes=args.max_changes, charts=args.charts, workers=args.workers)
    wall = time.perf_counter() - t0
    c1 = os.times()
    cpu = (c1.children_user + c1.children_system - c0.children_user - c0.children_system
           + c1.user + c1.system - c0.user - c0.system)
    load1 = os.getloadavg()
    line(f"full search, {n} rule sets + {min(args.charts, len(res.rows))} charts", wall,
         f"; target 6 min: {wall / TARGET_SECONDS:.2f} of it")
    for k, v in res.timings.items():
        line(f"  of which {k}", v, f"; {v / max(res.computed, 1):.2f} s a valuation overall"
             if k == "optimal play" else "")
    print(f"  CPU (this process and its workers): {cpu:.0f} s; load average after: "
          f"{load1[0]:.2f} / {load1[1]:.2f} / {load1[2]:.2f}")
    print(f"  valuations computed {res.computed}, from the cache {res.cached}; "
          f"{len(res.proved_outside)} rule sets proved outside the tolerance unvalued; "
          f"{len(res.rows)} within tolerance")
    print("  the simplest rule sets (rank, house edge, chart house edge, chart cost, changes):")
    for r in res.rows[:max(args.charts, 5)]:
        print(f"   {r.rank:3d} {_pct(r.house_edge)} {_pct(r.chart_house_edge)} "
              f"{_pct(r.chart_cost)}  {r.rule_changes}  [{r.toml_keys}]")

    t0 = time.perf_counter()
    again = design(base_rules, args.target, tolerance=args.tolerance, knobs=space,
                   max_changes=args.max_changes, charts=args.charts, workers=args.workers)
    line("the same search again, from the result cache", time.perf_counter() - t0,
         f"; computed {again.computed}, cached {again.cached}; identical table: "
         f"{_rows(again) == _rows(res)}")

    if not args.no_dask:
        from dask.distributed import Client, LocalCluster

        small = Rules(decks=None)
        knobs = "dealer_burn,dealer_bust_push,ties_lose_from,win_pays=1:1|4:5|3:4|2:3|3:5"
        # keep the check's search near the size asked for
        m = 1
        while len(rule_sets(small, parse_knobs(knobs), m + 1)) <= args.dask_rule_sets and m < 3:
            m += 1
        size = len(rule_sets(small, parse_knobs(knobs), m))
        os.environ["TWENTYONE_BURN_CACHE"] = "off"
        t0 = time.perf_counter()
        local = design(small, 0.02, tolerance=0.5, knobs=knobs, max_changes=m, charts=0,
                       workers=args.workers)
        t_local = time.perf_counter() - t0
        t0 = time.perf_counter()
        with LocalCluster(n_workers=args.workers, threads_per_worker=1, processes=True,
                          dashboard_address=None) as cluster, Client(cluster) as client:
            t_start = time.perf_counter() - t0
            on_dask = design(small, 0.02, tolerance=0.5, knobs=knobs, max_changes=m, charts=0,
                             scheduler=client)
        t_dask = time.perf_counter() - t0
        same = _rows(on_dask) == _rows(local) and len(local.rows) == size
        line(f"Dask identity check: {size} rule sets, infinite deck, local", t_local)
        line(f"  the same on a LocalCluster ({args.workers} processes)", t_dask,
             f"; cluster start {t_start:.1f} s; identical table ({len(local.rows)} rows): "
             f"{same}")
    os.environ["TWENTYONE_BURN_CACHE"] = cache


if __name__ == "__main__":
    main()
