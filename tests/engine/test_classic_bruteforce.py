"""The classic (ordinary blackjack) engine against the plain brute force of classic_reference.

Small shoes only: the reference deals every card for real, the hole card included (it is dealt
before the player draws; the player's decisions never look at it). Every figure is compared to
1e-12 absolute; nothing here is copied from the engine.
"""

from __future__ import annotations

import math

import numpy as np
import pytest

from tests.reference import classic as cref
from twentyone_burn.engine.classic import analyze_classic, hand_evs
from twentyone_burn.rules import Rules
from twentyone_burn.tables import DOUBLE, HIT, STAND, hand_table, hidden_combos

A, T = 0, 9
TOL = 1e-12


def classic(**kw) -> Rules:
    base = dict(decks=1, player_cards=2, dealer_burn=False, naturals="peek",
                mandatory_split=False, post_split="cdz-")
    base.update(kw)
    return Rules(**base)


HAND_SHOE = (2, 2, 2, 2, 2, 2, 2, 2, 2, 8)  # 26 cards, every rank, tens weighted

HAND_RULES = {
    "peek-h17-ls-das": classic(hit_soft_17=True, surrender="late", max_hands=4),
    "peek-s17-nodas-10-11": classic(hit_soft_17=False, double_after_split=False,
                                    double_on="10-11", max_hands=2, natural_pays=1.2),
    "enhc-s17-9-11": classic(naturals="enhc", hit_soft_17=False, double_on="9-11",
                             max_hands=3),
    "none-h17": classic(naturals="none", hit_soft_17=True, max_hands=2),
}
HANDS = [(T, 5), (A, 6), (3, 4), (2, 3), (A, 1), (8, 8), (A, T)]


@pytest.mark.parametrize("up", [A, T, 5])
@pytest.mark.parametrize("name", list(HAND_RULES))
def test_unsplit_hand_evs(name, up):
    rules = HAND_RULES[name]
    for cards in HANDS:
        want = cref.unsplit_evs(rules, up, cards, HAND_SHOE)
        got = hand_evs(rules, up, cards, np.array(HAND_SHOE))
        if want.natural is not None:          # a player natural has no decisions
            assert got.best == pytest.approx(want.natural, abs=TOL), cards
            continue
        assert got.stand == pytest.approx(want.stand, abs=TOL), (cards, "stand")
        assert got.hit == pytest.approx(want.hit, abs=TOL), (cards, "hit")
        if math.isinf(want.double):
            assert got.double == -math.inf, cards
        else:
            assert got.double == pytest.approx(want.double, abs=TOL), (cards, "double")
        if math.isnan(want.surrender):
            assert math.isnan(got.surrender), cards
        else:
            assert got.surrender == pytest.approx(want.surrender, abs=TOL), cards
        if cards[0] == cards[1]:
            continue                          # best may be the split: see the split tests
        assert math.isnan(got.split)
        assert got.best == pytest.approx(want.best, abs=TOL), (cards, "best")


@pytest.mark.parametrize("up", [A, T])
def test_reference_decisions_value_the_same_dealing_the_hole_card_first(up):
    """Self-check of the reference: its optimal decisions, as a fixed strategy, valued by a
    plain sum over the hole card dealt first (no weights) give its optimal values."""
    for name in ("peek-h17-ls-das", "enhc-s17-9-11"):
        rules = HAND_RULES[name]
        policy = cref.optimal_policy(rules, up, HAND_SHOE)
        for cards in [(T, 5), (A, 6), (3, 4), (8, 8)]:
            v = cref.strategy_value_hole_first(rules, up, cards, HAND_SHOE, policy)
            assert v == pytest.approx(cref.unsplit_evs(rules, up, cards, HAND_SHOE).best, abs=1e-14)


def test_hole_weights_after_draws_are_the_unseen_cards():
    """Self-check: the path weights of the hole card after any draws are proportional to the
    cards still unseen (less a natural-making rank under the peek), whatever the order."""
    rules = HAND_RULES["peek-h17-ls-das"]
    unseen = cref._remove(HAND_SHOE, (A, 3, 4))
    w = cref._reduce(cref.hole_weights(rules, A, unseen))
    seen = []
    for r in (T, 1, A, 1):
        step = {c: (u2, w2) for c, _, u2, w2 in cref._draws(unseen, w)}
        unseen, w = step[r]
        seen.append(r)
        assert w == cref._reduce(cref.hole_weights(rules, A, unseen)), seen


def test_the_peek_knowledge_matters():
    """Under the peek the hole card is known not to be a ten under an ace: forgetting that
    changes T-6 v A by far more than the tolerance (so the hand tests can fail)."""
    rules = HAND_RULES["peek-h17-ls-das"]
    unseen = cref._remove(HAND_SHOE, (A, T, 5))
    known = cref.stand_w(unseen, (5, T), A, cref._reduce(cref.hole_weights(rules, A, unseen)),
                         rules)
    forgot = cref.stand_w(unseen, (5, T), A, unseen, rules)
    assert abs(known - forgot) > 1e-3
    got = hand_evs(rules, A, (T, 5), np.array(HAND_SHOE))
    assert got.stand == pytest.approx(known, abs=TOL)


# -- splits -----------------------------------------------------------------------------------

SPLIT_CASES = [
    # (pair, up, shoe, rules): shoes rich in the pair rank so that resplits happen
    (A, T, (4, 1, 1, 1, 1, 1, 1, 1, 1, 6), classic(resplit_aces=True, max_hands=4)),
    (A, A, (4, 1, 1, 1, 1, 1, 1, 1, 1, 5), classic(naturals="enhc", resplit_aces=True,
                                                   split_aces_one_card=False, max_hands=3)),
    (T, A, (2, 1, 1, 1, 1, 1, 1, 1, 1, 8), classic(max_hands=3, hit_soft_17=False)),
    (T, T, (2, 1, 1, 1, 1, 1, 1, 1, 1, 8), classic(naturals="enhc", max_hands=4)),
    (7, T, (1, 1, 1, 1, 1, 1, 1, 5, 1, 6), classic(naturals="enhc", max_hands=4)),
    (7, A, (1, 1, 1, 1, 1, 1, 1, 5, 1, 6), classic(max_hands=4, surrender="late",
                                                   double_after_split=False)),
    (5, 6, (1, 1, 1, 1, 1, 5, 1, 1, 1, 6), classic(naturals="none", max_hands=3,
                                                   double_on="10-11")),
    (2, 4, (1, 1, 4, 1, 1, 1, 1, 1, 1, 6), classic(max_hands=2, hit_soft_17=False)),
]


def _ids(cases):
    return [f"{'A23456789T'[p]}{'A23456789T'[p]}v{'A23456789T'[u]}-{r.naturals}-m{r.max_hands}"
            for p, u, _, r in cases]


@pytest.mark.parametrize("pair,up,shoe,rules", SPLIT_CASES, ids=_ids(SPLIT_CASES))
def test_cdz_split_matches_every_card_sequence(pair, up, shoe, rules):
    got = hand_evs(rules, up, (pair, pair), np.array(shoe))
    ev, wager = cref.split_ev(rules, up, pair, shoe, cref.cdz_policy(rules, up, shoe),
                              cref.always_resplit, with_wager=True)
    assert got.split == pytest.approx(ev, abs=TOL)
    sv = got.split_value
    # CDZ- always resplits; the engine's wager is counted in played rounds only (peek)
    assert all(sv.resplits.values())
    played = 1.0 - got.p_dealer_natural if rules.naturals == "peek" else 1.0
    assert sv.wager == pytest.approx(wager * played, abs=TOL)
    unsplit = cref.unsplit_evs(rules, up, (pair, pair), shoe)
    assert got.best == pytest.approx(max(unsplit.best, ev), abs=TOL)


CDP1_CASES = [SPLIT_CASES[2], SPLIT_CASES[5], SPLIT_CASES[7]]


@pytest.mark.parametrize("pair,up,shoe,rules", CDP1_CASES, ids=_ids(CDP1_CASES))
def test_cdp1_split_matches_every_card_sequence(pair, up, shoe, rules):
    rules = rules.replace(post_split="cdp1")
    got = hand_evs(rules, up, (pair, pair), np.array(shoe))
    ev = cref.split_ev(rules, up, pair, shoe, cref.cdp1_policy(rules, up, pair, shoe),
                       cref.always_resplit)
    assert got.split == pytest.approx(ev, abs=TOL)


def _engine_cdph_policy(rules, sv):
    """The engine's CDP-H hand actions, read from its SplitValue (by (j, u) and hand)."""
    table = hand_table()
    cj, cu = hidden_combos(rules.max_hands)
    combo = {(int(j), int(u)): c for c, (j, u) in enumerate(zip(cj, cu))}
    names = {STAND: "stand", HIT: "hit", DOUBLE: "double"}

    def decide(cards, two_cards, info):
        h, i, j, u = info
        act = names[int(sv.actions[combo[(j, u)], table.of(tuple(sorted(cards)))])]
        return "hit" if act == "double" and not two_cards else act

    return decide


CDPH_CASES = [SPLIT_CASES[2], SPLIT_CASES[4], SPLIT_CASES[5]]


@pytest.mark.parametrize("pair,up,shoe,rules", CDPH_CASES, ids=_ids(CDPH_CASES))
def test_cdph_split_valued_under_the_engines_decisions(pair, up, shoe, rules):
    """CDP-H: the engine's own hand actions and resplit decisions, every card dealt for real;
    with three hands at most, its resplits must also be the best of every (h, i, j, u) rule."""
    rules = rules.replace(post_split="cdp-h")
    got = hand_evs(rules, up, (pair, pair), np.array(shoe))
    sv = got.split_value
    decide = _engine_cdph_policy(rules, sv)
    ev = cref.split_ev(rules, up, pair, shoe, decide, sv.resplits)
    assert got.split == pytest.approx(ev, abs=TOL)
    if rules.max_hands <= 3:
        best = cref.best_split_ev(rules, up, pair, shoe, decide)
        assert got.split == pytest.approx(best, abs=TOL)


# -- whole games ------------------------------------------------------------------------------

GAME_CASES = [
    ((1, 1, 1, 1, 1, 1, 1, 1, 3, 6), classic(max_hands=3, surrender="late")),
    ((2, 1, 1, 1, 1, 1, 1, 2, 2, 6), classic(naturals="enhc", hit_soft_17=False,
                                             double_on="9-11", double_after_split=False,
                                             natural_pays=1.2, max_hands=2)),
    ((1, 1, 1, 1, 1, 1, 2, 2, 2, 6), classic(naturals="none", max_hands=2)),
]


@pytest.mark.parametrize("shoe,rules", GAME_CASES, ids=["peek-ls-m3", "enhc-s17", "none"])
def test_whole_game_expected_return(shoe, rules):
    got = analyze_classic(rules, np.array(shoe))
    want = cref.game_return(rules, shoe)
    assert got.expected_return == pytest.approx(want, abs=TOL)


@pytest.mark.slow
def test_reference_reproduces_the_published_2_2_v_6():
    """The field's CDZ- value (one deck, S17, DOA, no DAS, no resplit): 2-2 v 6 split =
    0.1189818683947885 (Eric Farmer's analyser). About 20 s."""
    rules = classic(hit_soft_17=False, double_after_split=False, max_hands=2)
    shoe = (4,) * 9 + (16,)
    assert cref.split_ev(rules, 5, 1, shoe) == pytest.approx(0.1189818683947885, abs=1e-14)
