"""The game-design knobs (which card the dealer burns, the dealer bust that pushes, ties that
lose from a total) on small shoes: the exact engine against brute force that deals every card
for real (tests/reference/engine.py, written from the rule sheet and the options' words)."""

from __future__ import annotations

import numpy as np
import pytest

from tests.reference import engine as ref
from tests.engine.test_engine_bruteforce import SMALL, _engine_strategy, _kept
from twentyone_burn.engine.dealer import dealer_distribution
from twentyone_burn.engine.game import analyze
from twentyone_burn.engine.split import split_on_shoe
from twentyone_burn.rules import Rules
from twentyone_burn.shoe import full_shoe

KNOBS = [
    {"dealer_burn": "lowest"},
    {"dealer_burn": "none"},
    {"dealer_bust_push": 23},
    {"dealer_bust_push": 22, "ties_lose_from": 19},
    {"ties_lose_from": 21, "win_pays": "9:10"},
]


@pytest.mark.parametrize("burn", ["lowest", "none"])
@pytest.mark.parametrize("up", [0, 4, 8, 9])
def test_dealer_burn_matches_brute_force(up, burn):
    unseen = full_shoe(1)
    unseen[up] -= 1
    unseen[6] -= 2
    got = dealer_distribution(Rules(decks=1, dealer_burn=burn), up, unseen)
    want = ref.dealer(tuple(int(x) for x in unseen), up, True, burn)
    np.testing.assert_allclose(got, want, rtol=0, atol=1e-13)
    assert abs(got.sum() - 1) < 1e-12


def test_the_dealer_burns_differ():
    """The three dealers are different dealers (a test of the test: the knob reaches the trie)."""
    unseen = full_shoe(1)
    unseen[5] -= 1
    d = [dealer_distribution(Rules(decks=1, dealer_burn=b), 5, unseen)
         for b in ("highest", "lowest", "none")]
    assert min(np.abs(d[0] - d[1]).max(), np.abs(d[0] - d[2]).max(),
               np.abs(d[1] - d[2]).max()) > 0.01


@pytest.mark.parametrize("knobs", KNOBS)
@pytest.mark.parametrize("up", [0, 6, 9])
def test_hand_evs_match_brute_force(up, knobs):
    rules = Rules(decks=1, **knobs)
    kv = _kept(rules, up, SMALL)
    checked = 0
    for b, a, c in [(9, 5, 4), (2, 0, 6), (0, 9, 8), (4, 1, 2), (3, 9, 7), (6, 0, 0), (1, 2, 3)]:
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
    assert checked >= 5


@pytest.mark.parametrize("knobs", KNOBS[:4])
def test_split_ev_matches_every_card_sequence(knobs):
    pair, burned, up = 7, 2, 5
    shoe = np.array([1, 1, 2, 1, 2, 2, 1, 7, 1, 5])
    rules = Rules(decks=1, **knobs)
    sv = split_on_shoe(rules, up, burned, pair, shoe, keep_tables=True)
    unseen = list(shoe)
    for x in (up, burned, pair, pair):
        unseen[x] -= 1
    decide, resplit = _engine_strategy(sv)
    ev, wager = ref.split_ev(tuple(int(x) for x in unseen), pair, up, rules, decide, resplit)
    assert sv.ev == pytest.approx(ev, abs=1e-12)
    assert sv.wager == pytest.approx(wager, abs=1e-12)


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


def test_reused_dealer_passes_tell_the_dealers_apart():
    """Inside one reuse block (as the report's variations run) each dealer burn gets its own
    passes: the values equal those of separate runs (one up card's kept values, one deck)."""
    from twentyone_burn.engine.player_burn import kept_values, reuse_dealer_passes

    rules = Rules(decks=1, max_hands=2)
    low = rules.replace(dealer_burn="lowest")
    alone = kept_values(low, 5).best
    with reuse_dealer_passes(rules):
        kept_values(rules, 5)
        shared = kept_values(low, 5).best
    ok = ~np.isnan(alone)
    assert np.array_equal(shared[ok], alone[ok])
    assert np.abs(kept_values(rules, 5).best[ok] - alone[ok]).max() > 0.01
