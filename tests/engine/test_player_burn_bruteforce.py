"""Every kept hand's stand, hit and double (engine/player_burn.py ``kept_values_for_shoe``)
against brute force that deals every card for real (tests/reference/engine.py), on small
shoes: under the rule sheet, under each game-design knob, and for a fixed strategy's
decisions (a poor one: hit to 15, double 10-11, never resplit), splits included."""

from __future__ import annotations

import numpy as np
import pytest

from tests.engine.cases import KNOBS, SMALL
from tests.reference import engine as ref
from twentyone_burn.engine.player_burn import kept_values_for_shoe
from twentyone_burn.rules import Rules
from twentyone_burn.tables import DOUBLE, HIT, STAND


def _check_hands(rules, up, deals) -> int:
    """Compare the engine's stand, hit and double of each (burned, kept, kept) in ``deals``
    with the reference's on SMALL; the number of deals the shoe could make."""
    kv = kept_values_for_shoe(rules, up, SMALL)
    checked = 0
    for b, a, c in deals:
        unseen = list(SMALL)
        for x in (up, b, a, c):
            unseen[x] -= 1
        if min(unseen) < 0:
            assert not kv.possible[b, a, c]
            continue
        unseen_t = tuple(int(x) for x in unseen)
        cards = tuple(sorted((a, c)))
        assert kv.stand[b, a, c] == pytest.approx(ref.stand_ev(unseen_t, cards, up, rules),
                                                  abs=1e-12)
        assert kv.hit[b, a, c] == pytest.approx(ref.hit_ev(unseen_t, cards, up, rules), abs=1e-12)
        assert kv.double[b, a, c] == pytest.approx(ref.double_ev(unseen_t, cards, up, rules),
                                                   abs=1e-12)
        checked += 1
    return checked


@pytest.mark.parametrize("up", [0, 3, 6, 9])
def test_hand_evs_match_brute_force(up):
    deals = [(9, 5, 4), (2, 0, 6), (0, 9, 1), (4, 1, 2), (9, 9, 7), (6, 0, 0), (3, 3, 8)]
    assert _check_hands(Rules(decks=1), up, deals) >= 6


@pytest.mark.parametrize("knobs", KNOBS)
@pytest.mark.parametrize("up", [0, 6, 9])
def test_hand_evs_match_brute_force_under_the_design_knobs(up, knobs):
    deals = [(9, 5, 4), (2, 0, 6), (0, 9, 8), (4, 1, 2), (3, 9, 7), (6, 0, 0), (1, 2, 3)]
    assert _check_hands(Rules(decks=1, **knobs), up, deals) >= 5


def test_fixed_strategy_valued_exactly_on_small_shoe():
    """A poor fixed strategy (hit to 15, double 10-11, resplit never) against brute force."""
    from twentyone_burn.tables import DecisionTables, hand_table

    rules = Rules(decks=1)
    table = hand_table()
    t = DecisionTables.empty(rules, "hit to 15, double 10-11")
    act = np.where(table.total <= 15, HIT, STAND).astype(np.int8)
    act[(table.ncards == 2) & np.isin(table.total, [10, 11])] = DOUBLE
    t.play[:] = act
    t.split_play[:] = act
    shoe = np.array([2, 2, 1, 2, 4, 1, 2, 1, 2, 5])
    up = 6
    kv = kept_values_for_shoe(rules, up, shoe, tables=t)

    def decide(j, u, cards, two):
        a_ = act[table.of(cards)]
        if a_ == DOUBLE and not two:
            a_ = HIT
        return {STAND: "stand", HIT: "hit", DOUBLE: "double"}[int(a_)]

    for b, a_, c in [(9, 5, 4), (0, 9, 1), (3, 2, 7)]:
        unseen = list(shoe)
        for x in (up, b, a_, c):
            unseen[x] -= 1
        cards = tuple(sorted((a_, c)))
        u = tuple(int(x) for x in unseen)
        got = kv.best[b, a_, c]
        ev = _follow(ref, u, cards, up, rules, act, table)
        assert got == pytest.approx(ev, abs=1e-12)
    # a split of fours valued with the same fixed actions, every card dealt for real
    b, p = 9, 4
    unseen = list(shoe)
    for x in (up, b, p, p):
        unseen[x] -= 1
    ev, wager = ref.split_ev(tuple(int(x) for x in unseen), p, up, rules, decide,
                             lambda h, i, j, u: False)
    assert kv.split[b, p, p] == pytest.approx(ev, abs=1e-12)
    assert kv.splits[(b, p)].wager == pytest.approx(wager, abs=1e-12)


def _follow(ref, shoe, cards, up, rules, act, table):
    """Plain EV of a hand that follows fixed actions (first decision may double)."""
    def go(shoe, cards, first):
        if ref.best_total(cards) > 21:
            return -1.0
        a_ = act[table.of(cards)]
        if a_ == DOUBLE and first:
            return ref.double_ev(shoe, cards, up, rules)
        if a_ == STAND:
            return ref.stand_ev(shoe, cards, up, rules)
        n = sum(shoe)
        return sum(shoe[r] / n * go(ref.take(shoe, r), tuple(sorted(cards + (r,))), False)
                   for r in range(10) if shoe[r])
    return go(shoe, cards, True)
