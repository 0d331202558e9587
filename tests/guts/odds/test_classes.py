"""Every hand against one random hand at once, and class representatives
(guts_family/odds/classes.py): against the card engine, the naive twin, symmetry."""

from __future__ import annotations

import random
from math import comb

import numpy as np
import pytest

from guts_family.cards import parse_cards
from guts_family.hands import ONE, POKER3, TWO, VALUE3
from guts_family.odds import Seat, field_odds, representatives, single_seat_counts
from tests.reference.guts import (
    field_odds_naive,
)

POT = Seat("pot", is_pot=True)


@pytest.mark.parametrize("order", [VALUE3, POKER3, TWO, ONE], ids=lambda o: o.name)
def test_single_seat_counts_match_engine_on_sampled_hands(order):
    win, tie, lose, total = single_seat_counts(order)
    hands, _ = order.all_hands
    assert total == comb(52 - order.n_cards, order.n_cards)
    assert np.all(win + tie + lose == total) and np.all(lose >= 0)
    rng = random.Random(3)
    for i in rng.sample(range(len(hands)), min(25, len(hands))):
        o = field_odds(order, hands[i].tolist(), [POT])
        assert (o.win_count, o.tie_count, o.lose_count) == (win[i], tie[i], lose[i])


def test_single_seat_counts_match_naive_twin():
    for order, hand in ((VALUE3, "9c 9d 4h"), (POKER3, "Ac 2c 3c"), (TWO, "Tc 4d")):
        hero = parse_cards(hand)
        win, tie, lose, _ = single_seat_counts(order)
        hands, _ = order.all_hands
        i = int(np.flatnonzero((hands == sorted(hero)).all(axis=1))[0])
        o = field_odds_naive(order, hero, [POT])
        assert (o.win_count, o.tie_count, o.lose_count) == (win[i], tie[i], lose[i])


def test_symmetry_of_all_pairs():
    """Over all ordered pairs of disjoint hands, wins and losses balance exactly."""
    for order in (VALUE3, POKER3, TWO, ONE):
        win, tie, lose, _ = single_seat_counts(order)
        assert win.sum() == lose.sum()


def test_suit_blind_classes_and_suit_patterns_share_odds():
    """Table shortcuts: hands of one value3 class, or one poker3 suit pattern, have equal odds."""
    rng = random.Random(5)
    hands, cls = VALUE3.all_hands
    for c in rng.sample(range(VALUE3.n_classes), 4):
        same = hands[cls == c]
        a, b = same[0].tolist(), same[-1].tolist()
        seats = [POT, Seat("p2")]
        assert field_odds(VALUE3, a, seats).ties == field_odds(VALUE3, b, seats).ties
    for _ in range(4):
        h = rng.sample(range(52), 3)
        perm = rng.sample(range(4), 4)
        g = [(c >> 2) * 4 + perm[c & 3] for c in h]
        seats = [Seat("p2")]
        assert field_odds(POKER3, h, seats).ties == field_odds(POKER3, g, seats).ties
    reps, _, mult = representatives(POKER3)
    assert mult.sum() == 22100 and len(reps) == 1755
