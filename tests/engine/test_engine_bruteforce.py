"""The exact engine against plain brute force that deals every card for real (small shoes)."""

from __future__ import annotations

import numpy as np
import pytest

from tests.reference import engine as ref
from twentyone_burn.engine.player_burn import kept_values_for_shoe
from twentyone_burn.engine.dealer import dealer_distribution
from twentyone_burn.engine.player import payoff_table
from twentyone_burn.engine.split import split_on_shoe
from twentyone_burn.rules import Rules
from twentyone_burn.shoe import full_shoe
from twentyone_burn.tables import hand_table

SMALL = np.array([2, 2, 2, 2, 2, 2, 2, 2, 2, 6])  # 24 cards: every rank, tens weighted


@pytest.mark.parametrize("h17", [True, False])
@pytest.mark.parametrize("up", range(10))
def test_dealer_matches_brute_force_one_deck(up, h17):
    unseen = full_shoe(1)
    unseen[up] -= 1
    unseen[4] -= 1  # a five gone as well
    got = dealer_distribution(Rules(decks=1, hit_soft_17=h17), up, unseen)
    want = ref.dealer(tuple(int(x) for x in unseen), up, h17)
    np.testing.assert_allclose(got, want, rtol=0, atol=1e-13)
    assert abs(got.sum() - 1) < 1e-12


@pytest.mark.parametrize("up", [0, 5, 9])
def test_two_card_dealer_matches_brute_force(up):
    unseen = full_shoe(1)
    unseen[up] -= 1
    got = dealer_distribution(Rules(decks=1), up, unseen, burn="none")
    want = ref.dealer(tuple(int(x) for x in unseen), up, True, burn=False)
    np.testing.assert_allclose(got, want, rtol=0, atol=1e-13)


def _kept(rules, up, shoe):
    return kept_values_for_shoe(rules, up, shoe)


@pytest.mark.parametrize("up", [0, 3, 6, 9])
def test_hand_evs_match_brute_force(up):
    rules = Rules(decks=1)
    kv = _kept(rules, up, SMALL)
    checked = 0
    for b, a, c in [(9, 5, 4), (2, 0, 6), (0, 9, 1), (4, 1, 2), (9, 9, 7), (6, 0, 0), (3, 3, 8)]:
        unseen = list(SMALL)
        for x in (up, b, a, c):
            unseen[x] -= 1
        if min(unseen) < 0:
            assert not kv.possible[b, a, c]
            continue
        unseen = tuple(int(x) for x in unseen)
        cards = tuple(sorted((a, c)))
        st = ref.stand_ev(unseen, cards, up, rules)
        hi = ref.hit_ev(unseen, cards, up, rules)
        db = ref.double_ev(unseen, cards, up, rules)
        assert kv.stand[b, a, c] == pytest.approx(st, abs=1e-12)
        assert kv.hit[b, a, c] == pytest.approx(hi, abs=1e-12)
        assert kv.double[b, a, c] == pytest.approx(db, abs=1e-12)
        checked += 1
    assert checked >= 6


def _engine_strategy(sv):
    table = hand_table()

    def decide(j, u, cards, two):
        st, hi, db = sv.tables[(j, u)]
        h = table.of(cards)
        opts = [(st[h], "stand"), (hi[h], "hit")]
        if two and np.isfinite(db[h]):
            opts.append((db[h], "double"))
        return max(opts, key=lambda o: o[0])[1]

    def resplit(h, i, j, u):
        return bool(sv.resplits.get((h, i, j, u), False))

    return decide, resplit


# shoes rich in the pair rank so that resplits to four hands are frequent
SPLIT_CASES = [
    # (pair, burned, up, shoe, rules)
    (7, 2, 5, np.array([1, 1, 2, 1, 2, 2, 1, 7, 1, 5]), Rules(decks=1)),
    (1, 9, 9, np.array([1, 6, 1, 1, 2, 1, 1, 1, 1, 6]), Rules(decks=1)),
    (9, 4, 3, np.array([1, 1, 1, 1, 2, 1, 1, 1, 1, 12]), Rules(decks=1, max_hands=3)),
    (0, 5, 9, np.array([5, 1, 1, 1, 1, 2, 1, 1, 1, 6]), Rules(decks=1, resplit_aces=True)),
    (5, 0, 8, np.array([2, 1, 2, 1, 1, 7, 2, 1, 1, 5]), Rules(decks=1, hit_soft_17=False,
                                                             double_after_split=False)),
]


@pytest.mark.parametrize("pair,burned,up,shoe,rules", SPLIT_CASES)
def test_split_ev_matches_every_card_sequence(pair, burned, up, shoe, rules):
    sv = split_on_shoe(rules, up, burned, pair, shoe, keep_tables=True)
    unseen = list(shoe)
    for x in (up, burned, pair, pair):
        unseen[x] -= 1
    decide, resplit = _engine_strategy(sv)
    ev, wager = ref.split_ev(tuple(int(x) for x in unseen), pair, up, rules, decide, resplit)
    assert sv.ev == pytest.approx(ev, abs=1e-12)
    assert sv.wager == pytest.approx(wager, abs=1e-12)


def test_split_without_the_nonpair_conditioning_would_be_wrong():
    """The u-conditioning matters: dropping it changes the EV by far more than 1e-12."""
    pair, burned, up, shoe, rules = SPLIT_CASES[0]
    sv = split_on_shoe(rules, up, burned, pair, shoe, keep_tables=True)
    # the EV of the same first actions valued as if nothing were hidden
    naive = sv.hand_ev[0]
    assert not np.allclose(sv.hand_ev[1:4], naive, atol=1e-6)


@pytest.mark.parametrize("up", [0, 4, 9])
def test_stand_batch_kernel_matches_plain_twin(up):
    """The batched stand-EV kernel (one pass serves all ten burned ranks) against the plain
    reference, on a one-deck shoe, for many hands and every burned rank."""
    from twentyone_burn.engine.player_burn import unsplit_hands, unsplit_stand_evs

    rules = Rules(decks=1, ties_lose_from=17, dealer_bust_push=22)
    table = hand_table()
    base_up = full_shoe(1)
    base_up[up] -= 1
    stand = unsplit_stand_evs(rules, up, base_up, payoff_table(rules))
    hands = unsplit_hands()
    rng = np.random.default_rng(7)
    checked = 0
    for k in rng.choice(len(hands), 25, replace=False):
        h = hands[k]
        for b in range(10):
            unseen = base_up - table.counts[h]
            unseen[b] -= 1
            if unseen.min() < 0:
                continue
            cards = tuple(r for r in range(10) for _ in range(table.counts[h, r]))
            want = ref.stand_ev(tuple(int(x) for x in unseen), cards, up, rules)
            assert stand[k, b] == pytest.approx(want, abs=1e-12)
            checked += 1
    assert checked > 100


def test_reach_kernel_matches_plain_forward_walk():
    """The chart derivation's reach weights against a plain walk over real cards."""
    from twentyone_burn.engine.player import NCELLS, cell_of_hands, reach_cell_sums
    from twentyone_burn.tables import HIT, STAND, double_allowed

    table = hand_table()
    nh = len(table.index)
    forced = np.where(table.total < 15, HIT, STAND).astype(np.int8)
    up, b, kept = 5, 9, (2, 4)
    base = SMALL.copy()
    base[up] -= 1
    base[b] -= 1
    start = np.zeros(nh)
    start[table.of(kept)] = 0.25
    ones = np.ones(nh)
    out = np.zeros((NCELLS, 4))
    reach_cell_sums(base, (ones, np.zeros(nh), np.zeros(nh), np.ones(nh, dtype=np.bool_)),
                    infinite=False, can_double=double_allowed(Rules(), False), forced=forced,
                    start=start, out=out)
    want = np.zeros(NCELLS)

    def walk(shoe, cards, w):
        h = table.of(cards)
        want[cell_of_hands()[h]] += w
        if forced[h] != HIT:
            return
        n = sum(shoe)
        for r in range(10):
            if shoe[r] and ref.best_total(cards + (r,)) <= 21:
                walk(ref.take(shoe, r), tuple(sorted(cards + (r,))), w * shoe[r] / n)

    unseen = tuple(int(x) for x in base - table.counts[table.of(kept)])
    walk(unseen, kept, 0.25)
    np.testing.assert_allclose(out[:, 1], want, rtol=0, atol=1e-15)


def test_forward_second_card_counts_reproduce_the_split_ev():
    from twentyone_burn.engine.split import second_card_counts

    pair, burned, up, shoe, rules = SPLIT_CASES[0]
    sv = split_on_shoe(rules, up, burned, pair, shoe)
    unseen = shoe.copy()
    for x in (up, burned, pair, pair):
        unseen[x] -= 1
    counts = second_card_counts(rules, pair, unseen, sv.resplits)
    assert (counts * sv.hand_ev).sum() == pytest.approx(sv.ev, abs=1e-13)
    assert counts.sum() == pytest.approx(sv.hands, abs=1e-13)
