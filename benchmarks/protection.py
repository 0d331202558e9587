"""Times the six-deck effects-of-removal table of 21 Burn (the standard rules), under optimal
play and under the printed chart (strategy_tables/) held fixed, beside a baseline measured in
the same run: one full exact analysis of the same rules.

Run: python -m benchmarks.protection   (prints figures; no assertions)

A table is eleven exact analyses (the full shoe and ten shoes less one card), so its time is
about eleven baselines less what the engine's warm caches save. The issue's target: each
table within 60 s on 2 cores. Also times the best level-3 count's exhaustive search (282
million tag vectors) on the optimal table.
"""

from __future__ import annotations

import os
import time

from twentyone_burn.rules import Rules


def main() -> None:
    from twentyone_burn.cli.charts import chart_strategy
    from twentyone_burn.engine.game import analyze
    from twentyone_burn.protection.counts import best_count
    from twentyone_burn.protection.removal import effects_of_removal
    from twentyone_burn.shoe import RANKS, UP_ORDER

    rules = Rules()
    print(f"machine: {os.cpu_count()} cores; load average {os.getloadavg()[0]:.2f}")
    analyze(rules)                      # numba's cache loaded (or compiled) once, untimed
    t0 = time.perf_counter()
    base = analyze(rules).expected_return
    baseline = time.perf_counter() - t0
    print(f"baseline: one full six-deck analysis {baseline:7.2f} s (ER {base:+.10f})")
    _, tables, _ = chart_strategy("strategy_tables")
    for name, tab in (("optimal", None), ("printed chart", tables)):
        t0 = time.perf_counter()
        t = effects_of_removal(rules, tab)
        dt = time.perf_counter() - t0
        print(f"EoR table, {name:13s} {dt:7.2f} s = {dt / baseline:5.1f} baselines   "
              f"(target 60 s: {dt / 60:.2f} of it); sum rule {t.sum_rule:+.3e}")
        print("   " + "  ".join(f"{u}:{100 * t.eor[RANKS.index(u)]:+.4f}" for u in UP_ORDER))
        if tab is None:
            t0 = time.perf_counter()
            b = best_count(t.eor, 3)
            print(f"best level-3 count: {time.perf_counter() - t0:7.2f} s  BC {b.bc:.4f}  "
                  f"tags {b.tags}")


if __name__ == "__main__":
    main()
