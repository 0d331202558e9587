"""design/bounds against a second route: the table of a search that proves rule sets outside
the tolerance by payoff dominance, row for row and bit for bit the table of every rule set
valued one by one (their house edges filtered and ranked here); the dominance relation
against payoff tables written out by hand."""

from __future__ import annotations

from fractions import Fraction

import pytest

from tests.design.conftest import records
from twentyone_burn.design import search
from twentyone_burn.design.bounds import Bounds, chain_key, payoff_class, pays_no_less
from twentyone_burn.design.space import parse_knobs, rule_sets
from twentyone_burn.rules import Rules

BASE = Rules(decks=None)
#: a chain of payouts on the infinite deck: the house edge runs from -27.8 % to +9.3 %, and
#: 0 % +/- 3 % holds only 3:5
CHAIN = "win_pays=1|9:10|4:5|7:10|3:5|1:2"


def _one_by_one(base: Rules, knobs: str, max_changes: int, target: float, tolerance: float):
    """Every rule set valued alone (no shared passes, no bounds), the table's rules in rank
    order and each one's figures."""
    sets = rule_sets(base, parse_knobs(knobs), max_changes)
    figures = {s.rules: search.valuation("optimal", s.rules) for s in sets}
    within = [s for s in sets if abs(figures[s.rules]["house_edge"] - target) <= tolerance]
    within.sort(key=lambda s: (len(s.changes), abs(figures[s.rules]["house_edge"] - target),
                               s.words, s.rules.rules_hash))
    return figures, within


def _check_identical(result, figures, within, target, tolerance):
    assert [row.rules for row in result.rows] == [s.rules for s in within]
    for row in result.rows:
        f = figures[row.rules]
        got = {k: getattr(row, k) for k in f}
        assert got == f        # bit for bit
    for h, _, side, by, _ in result.proved_outside:
        r = next(x for x in figures if x.rules_hash == h)
        edge = figures[r]["house_edge"]
        assert (edge > target + tolerance) if side == "above" else (edge < target - tolerance)
        assert by in {s.rules.rules_hash for s in within} | {x.rules_hash for x in figures}


def test_a_bounded_search_gives_the_table_of_every_rule_set_valued_one_by_one(monkeypatch):
    monkeypatch.setenv("TWENTYONE_BURN_CACHE", "off")
    r = search.design(BASE, 0.0, tolerance=0.03, knobs=CHAIN, max_changes=1, charts=0,
                      workers=1)
    figures, within = _one_by_one(BASE, CHAIN, 1, 0.0, 0.03)
    _check_identical(r, figures, within, 0.0, 0.03)
    assert [row.rule_changes for row in r.rows] == ["wins pay 3:5"]
    # 9:10 and 4:5 pay more than 7:10, whose house edge (-4.3 %) is below the tolerance
    assert {(w, side, bw) for _, w, side, _, bw in r.proved_outside} == {
        ("wins pay 9:10", "below", "wins pay 7:10"), ("wins pay 4:5", "below", "wins pay 7:10")}
    assert r.computed == 4 and r.searched == 6
    rec = r.search_record()["proved_outside"]
    assert {p["house_edge"] for p in rec} == {"below the tolerance"}


@pytest.mark.slow
def test_a_bounded_search_of_two_payoff_knobs_is_the_one_by_one_table(monkeypatch):
    monkeypatch.setenv("TWENTYONE_BURN_CACHE", "off")
    knobs = CHAIN + ",ties_lose_from=20,double_on=10-11"
    r = search.design(BASE, 0.0, tolerance=0.03, knobs=knobs, max_changes=2, charts=0,
                      workers=2)
    figures, within = _one_by_one(BASE, knobs, 2, 0.0, 0.03)
    _check_identical(r, figures, within, 0.0, 0.03)
    assert len(r.proved_outside) >= 6 and r.computed + len(r.proved_outside) == r.searched
    # without the bounds (every rule set valued, passes shared by pass group): the same
    monkeypatch.setattr(Bounds, "outside", lambda self, rules, valued: None)
    every = search.design(BASE, 0.0, tolerance=0.03, knobs=knobs, max_changes=2, charts=0,
                          workers=1)
    assert every.computed == every.searched and records(every) == records(r)


def _table(win: float, bust: int | None, ties: int | None) -> list[list[float]]:
    """The payoff table written out: player total 0..21 (a standing hand) x dealer outcome
    17 to 21, 22, 23, 24 or more (the engine's outcomes)."""
    out = []
    for p in range(22):
        row = []
        for d in (17, 18, 19, 20, 21, 22, 23, 24):
            if d >= 22:
                row.append(0.0 if d <= (bust or 0) else win)
            elif p == d:
                row.append(-1.0 if d >= (ties or 99) else 0.0)
            else:
                row.append(win if p > d else -1.0)
        out.append(row)
    return out


@pytest.mark.parametrize("a, b", [
    ({}, {"win_pays": Fraction(4, 5)}),
    ({"win_pays": Fraction(4, 5)}, {"win_pays": Fraction(4, 5), "commission": 0.05}),
    ({}, {"dealer_bust_push": 22}),
    ({"dealer_bust_push": 22}, {"dealer_bust_push": 23}),
    ({"ties_lose_from": 21}, {"ties_lose_from": 17}),
    ({"win_pays": Fraction(4, 5)}, {"dealer_bust_push": 22}),
    ({"win_pays": Fraction(4, 5), "dealer_bust_push": 22}, {"ties_lose_from": 20}),
    ({"double_on": "10-11"}, {"win_pays": Fraction(1, 2)}),
])
def test_pays_no_less_is_the_payoff_tables_compared_entry_by_entry(a, b):
    ra, rb = Rules(**a), Rules(**b)
    ta = _table(ra.win_amount, ra.dealer_bust_push, ra.ties_lose_from)
    tb = _table(rb.win_amount, rb.dealer_bust_push, rb.ties_lose_from)
    by_hand = all(x >= y for row_a, row_b in zip(ta, tb, strict=True)
                  for x, y in zip(row_a, row_b, strict=True))
    same_game = {k: v for k, v in a.items() if k == "double_on"} == \
        {k: v for k, v in b.items() if k == "double_on"}
    assert pays_no_less(ra, rb) == (by_hand and same_game)


def test_only_cdp_h_rule_sets_are_bounded_and_chains_differ_in_the_win_alone():
    assert payoff_class(Rules(post_split="cdz-")) is None
    assert payoff_class(Rules(post_split="cdp1", win_pays="4:5")) is None
    assert not pays_no_less(Rules(post_split="cdz-"), Rules(post_split="cdz-", win_pays="1:2"))
    b = Bounds([Rules(post_split="cdz-", win_pays="1:2")], 0.01, 0.05)
    lower = Rules(post_split="cdz-", win_pays="1:2")
    assert b.outside(lower, {Rules(post_split="cdz-").rules_hash: {"house_edge": 0.5}}) is None
    assert b.probes([lower], {}) == [lower]
    assert chain_key(Rules(win_pays="1:2", commission=0.1)) == Rules()
    assert chain_key(Rules(ties_lose_from=20)) != Rules()
