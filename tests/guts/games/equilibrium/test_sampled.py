"""The sampled equilibrium (guts_family/games/equilibrium/sampled.py): the interval holds the
exact threshold, rises with the table, is honest; the same result for one and two workers."""

from __future__ import annotations

import math

from guts_family.games.equilibrium import equilibrium
from guts_family.hands import POKER3


def test_two_players_interval_holds_the_exact_threshold():
    """Sampled where the exact count answers (two players): the interval holds AQ4, the exact
    threshold (test_solve.py)."""
    aq4 = POKER3.class_from_label("AQ4")
    e = equilibrium("guts321", 2, cards=3, method="sample", seed=1, samples=2 ** 20)
    assert e.method == "sampled" and not e.exact and e.low <= aq4 <= e.high
    assert e.as_dict()["exact"] is False and e.as_dict()["sampling"]["seed"] == 1


def test_thresholds_rise_with_the_table_and_the_interval_is_honest():
    """Check 3 (can fail): each table size's interval lies above the smaller table's; every
    sampled row carries its method, seed, deals and standard error."""
    rows = [equilibrium("guts321", n, cards=3, seed=3, samples=2 ** 19) for n in (3, 4, 5)]
    for small, big in zip(rows, rows[1:]):
        assert big.low > small.high, (small.interval, big.interval)
    for r in rows:
        assert r.method == "sampled" and r.seed == 3 and r.deals and r.max_se > 0
        assert r.low <= r.threshold <= r.high
        assert r.resolved == (r.low == r.high and "unresolved" not in r.note)
        d = r.as_dict()  # the JSON row of guts-odds equilibrium --json
        assert d["method"] == "sampled" and d["exact"] is False and d["sampling"]["seed"] == 3
        assert math.isfinite(d["sampling"]["largest_se"])


def test_same_seed_same_result_for_one_and_two_workers():
    one = equilibrium("guts321", 3, cards=3, seed=12, samples=2 ** 15, workers=1)
    two = equilibrium("guts321", 3, cards=3, seed=12, samples=2 ** 15, workers=2,
                      parallel_after=0)
    a, b = one.as_dict(), two.as_dict()
    for d in (a, b):
        d["sampling"].pop("seconds")
    assert a == b
