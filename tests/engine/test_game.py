"""The whole game (engine/game.py): the engine's decisions exported as lookup tables
(``optimal_tables``) and followed by a plain recursion; valued back as a fixed strategy; the
burn rows; the test-lab return table; each design knob moving the return the way its words
say. The whole game against a twin written by totals: test_game_twin.py."""

from __future__ import annotations

import functools

import numpy as np
import pytest

from twentyone_burn.engine.dealer import dealer_distribution
from twentyone_burn.engine.game import analyze, optimal_tables
from twentyone_burn.engine.player import payoff_table
from twentyone_burn.rules import Rules
from twentyone_burn.shoe import INFINITE_PROBS, RANK_INDEX
from twentyone_burn.tables import DOUBLE, STAND, hand_table


@pytest.fixture(scope="module")
def infinite():
    rules = Rules(decks=None)
    a = analyze(rules)
    return rules, a, optimal_tables(rules, a.kept)


def test_unsplit_deals_follow_the_tables(infinite):
    """Every unsplit deal's EV, recomputed by following the exported actions card by card."""
    rules, a, t = infinite
    pay = payoff_table(rules)
    child, total, two = hand_table().child, hand_table().total, t.two_card
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

            @functools.cache
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


@pytest.mark.parametrize("decks", [None, 1])
def test_valuing_the_exported_optimal_tables_gives_the_optimal_ev(decks):
    rules = Rules(decks=decks)
    a = analyze(rules)
    fixed = analyze(rules, tables=optimal_tables(rules, a.kept))
    assert fixed.expected_return == pytest.approx(a.expected_return, abs=1e-13)
    assert fixed.average_total_wager == pytest.approx(a.average_total_wager, abs=1e-13)
    assert "fixed" in fixed.strategy


def test_derived_chart_is_optimal_for_an_infinite_deck(infinite_chart):
    """With no removal effects a total-dependent chart can be optimal: the fixed point must
    find play worth exactly the optimal expected return (an independent route: the chart is
    valued as a fixed strategy, the optimum by maximisation). The chart is
    ``derive_chart(Rules(decks=None))``, derived once a run (tests/conftest.py)."""
    d = infinite_chart.chart
    assert d.expected_return == pytest.approx(d.optimal_return, abs=1e-12)
    again = analyze(Rules(decks=None), tables=d.tables()).expected_return
    assert again == pytest.approx(d.expected_return, abs=1e-13)


def test_return_table_adds_up_three_ways(infinite):
    """Six indicator valuations of the fixed optimal decisions against the money valuation,
    the forced-split probability and the expected number of split hands."""
    from twentyone_burn.engine.game import return_table

    rules, a, _ = infinite
    t = return_table(rules, a)
    assert t.contribution.sum() == pytest.approx(a.expected_return, abs=1e-12)
    kept = t[t.hands.str.startswith("kept")].probability.sum()
    assert kept == pytest.approx(1 - a.probabilities["forced_split"], abs=1e-12)
    split = t[t.hands.str.startswith("split")].probability.sum()
    assert split == pytest.approx(a.probabilities["split_hands_per_round"], abs=1e-12)
    assert (t.probability >= 0).all()


def test_house_favouring_knobs_favour_the_house():
    """Each knob moves the exact return the way its words say (infinite deck, optimal play)."""
    er = {k: analyze(Rules(decks=None, **dict(v))).expected_return for k, v in {
        "sheet": (), "lowest": (("dealer_burn", "lowest"),),
        "push22": (("dealer_bust_push", 22),), "push23": (("dealer_bust_push", 23),),
        "ties21": (("ties_lose_from", 21),), "ties17": (("ties_lose_from", 17),),
    }.items()}
    assert er["lowest"] < er["sheet"]
    assert er["push23"] < er["push22"] < er["sheet"]
    assert er["ties17"] < er["ties21"] < er["sheet"]


def test_a_depleted_shoe_is_dealt_from_and_the_full_one_is_the_default():
    from twentyone_burn.shoe import full_shoe
    rules = Rules(decks=1)
    shoe = full_shoe(1)
    shoe[9] -= 4
    a = analyze(rules, shoe=shoe)
    assert a.shoe == (4, 4, 4, 4, 4, 4, 4, 4, 4, 12)
    assert abs(a.deal_probability_total - 1) < 1e-12
    # fewer ten-valued cards: worse for the player; the full shoe given is the default
    assert a.expected_return < analyze(rules).expected_return
    assert analyze(rules, shoe=full_shoe(1)).expected_return == analyze(rules).expected_return


def test_a_shoe_that_cannot_be_dealt_from_is_refused_in_one_line():
    from twentyone_burn.rules import RulesError
    from twentyone_burn.shoe import full_shoe
    bad = full_shoe(1)
    bad[0] = -1
    for rules, shoe, words in ((Rules(decks=1), bad, "negative"),
                               (Rules(decks=1), full_shoe(1)[:9], "ten whole counts"),
                               (Rules(decks=1), full_shoe(1) // 2, "at least 40"),
                               (Rules(decks=None), full_shoe(1), "infinite deck")):
        with pytest.raises(RulesError, match=words):
            analyze(rules, shoe=shoe)


def test_headline_figures_need_no_pandas(monkeypatch, infinite):
    """``analyze`` computes its figures from plain columns (``twentyone-burn analyze`` never
    imports pandas); the deal and burn tables are built on first use, row for row the same
    numbers as the columns."""
    import sys

    monkeypatch.setitem(sys.modules, "pandas", None)   # any import of pandas now fails
    a = analyze(Rules(decks=None))
    assert a.expected_return == infinite[1].expected_return
    with pytest.raises(ImportError):
        _ = a.deals
    monkeypatch.undo()
    p, ev = np.array(a.deal_columns["probability"]), np.array(a.deal_columns["ev"])
    assert a.expected_return == pytest.approx(float(p @ ev), abs=1e-15)
    assert list(a.deals.columns) == list(a.deal_columns)
    assert a.deals["ev"].tolist() == a.deal_columns["ev"]
    assert len(a.burns) == len(a.burn_columns["ev"]) > len(a.deals)
