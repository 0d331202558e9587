"""The engine's decisions exported as lookup tables, followed by a plain recursion."""

from __future__ import annotations

import functools

import numpy as np
import pytest

from twentyone_burn.analysis import analyze
from twentyone_burn.dealer import dealer_distribution
from twentyone_burn.player import payoff_table
from twentyone_burn.rules import Rules
from twentyone_burn.shoe import INFINITE_PROBS, RANK_INDEX
from twentyone_burn.strategy import DOUBLE, HIT, STAND, optimal_tables


@pytest.fixture(scope="module")
def infinite():
    rules = Rules(decks=None)
    a = analyze(rules)
    return rules, a, optimal_tables(rules, a.kept)


def test_unsplit_deals_follow_the_tables(infinite):
    """Every unsplit deal's EV, recomputed by following the exported actions card by card."""
    rules, a, t = infinite
    pay = payoff_table(rules)
    child, total, two = t.hand_child, t.hand_total, t.two_card
    checked = 0
    for up in range(10):
        d = dealer_distribution(rules, up)

        def stand(h):
            return float(pay[total[h]] @ d)

        for row in a.deals[a.deals.up == "A23456789T"[up]].itertuples():
            if row.action == "split":
                continue
            cards = tuple(sorted(RANK_INDEX[c] for c in row.cards))
            b = int(t.burn[up][cards])
            kept = list(cards)
            kept.remove(b)
            burned = b

            @functools.lru_cache(maxsize=None)
            def follow(h, first):
                act = t.play[up, burned, h]
                if act == STAND:
                    return stand(h)
                ev = 0.0
                for r in range(10):
                    c = child[h, r]
                    if act == DOUBLE:
                        ev += INFINITE_PROBS[r] * (-2.0 if c < 0 else 2 * stand(c))
                    else:
                        ev += INFINITE_PROBS[r] * (-1.0 if c < 0 else follow(c, False))
                return ev

            assert RANK_INDEX[row.burn] == b
            assert follow(two[kept[0], kept[1]], True) == pytest.approx(row.ev, abs=1e-12)
            checked += 1
    assert checked > 1500


def test_burn_rows_are_consistent(infinite):
    rules, a, t = infinite
    best = a.burns[a.burns.best]
    assert len(best) == len(a.deals)
    np.testing.assert_allclose(best.ev.to_numpy(), a.deals.ev.to_numpy(), rtol=0, atol=0)
    for row in a.burns.itertuples():
        plays = [x for x in (row.stand, row.hit, row.double, row.split)
                 if x is not None and np.isfinite(x)]
        if row.kind == "pair" and rules.mandatory_split:
            assert row.ev == row.split
        else:
            assert row.ev == max(plays)
    # the chosen burn is never worse than another
    worst_gap = (a.burns.groupby(["up", "cards"]).ev.max()
                 - a.burns[a.burns.best].set_index(["up", "cards"]).ev).max()
    assert worst_gap <= 1e-12
