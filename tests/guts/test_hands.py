"""Hand orders against independent oracles: eval7 (value-only, two-card, one-card) and pokerkit's
Rhode Island hold'em lookup (three-card poker order), over every hand of the deck."""

from __future__ import annotations

import itertools
from collections import Counter

import eval7
import numpy as np
import pytest

from guts_family.cards import card_str
from guts_family.hands import ONE, POKER3, TWO, VALUE3, get_order


def _eval7_value(hand: tuple[int, ...]) -> int:
    return eval7.evaluate([eval7.Card(card_str(c)) for c in hand])


def _check_same_order(classes: np.ndarray, oracle: np.ndarray) -> None:
    """Our classes and the oracle's values induce the same total preorder on the hands."""
    by_class: dict[int, set] = {}
    for c, v in zip(classes.tolist(), oracle.tolist()):
        by_class.setdefault(c, set()).add(v)
    assert all(len(v) == 1 for v in by_class.values()), "a class holds hands the oracle separates"
    values = [next(iter(by_class[c])) for c in sorted(by_class)]
    assert all(a < b for a, b in zip(values, values[1:])), "classes out of the oracle's order"


@pytest.mark.parametrize("order", [VALUE3, TWO, ONE], ids=lambda o: o.name)
def test_eval7_agrees_on_every_hand(order):
    hands, classes = order.all_hands
    oracle = np.array([_eval7_value(tuple(h)) for h in hands.tolist()])
    assert len(hands) == {3: 22100, 2: 1326, 1: 52}[order.n_cards]
    _check_same_order(classes, oracle)
    assert len(set(classes.tolist())) == order.n_classes == {3: 455, 2: 91, 1: 13}[order.n_cards]


def test_pokerkit_agrees_on_three_card_poker_order():
    from pokerkit.lookups import RhodeIslandHoldemLookup

    lookup = RhodeIslandHoldemLookup()
    hands, classes = POKER3.all_hands
    entries = [lookup.get_entry("".join(card_str(c) for c in h)) for h in hands.tolist()]
    distinct = sorted(set(entries))
    rank = {e: i for i, e in enumerate(distinct)}
    _check_same_order(classes, np.array([rank[e] for e in entries]))
    assert POKER3.n_classes == 741


KNOWN_TOTALS = {
    "value3": {"three of a kind": 52, "pair": 3744, "high card": 18304},
    "poker3": {"straight flush": 48, "three of a kind": 52, "straight": 720, "flush": 1096,
               "pair": 3744, "high card": 16440},
    "two": {"pair": 78, "high card": 1248},
    "one": {"high card": 52},
}


@pytest.mark.parametrize("name", list(KNOWN_TOTALS))
def test_category_counts(name):
    order = get_order(name)
    _, classes = order.all_hands
    counts = Counter(order.category(c) for c in classes.tolist())
    assert counts == KNOWN_TOTALS[name]


def test_category_counts_by_eval7_handtype():
    """eval7's own category names give the same value-only counts."""
    hands, _ = VALUE3.all_hands
    counts = Counter(eval7.handtype(_eval7_value(tuple(h))) for h in hands.tolist())
    assert counts == {"Trips": 52, "Pair": 3744, "High Card": 18304}


def test_class_counts_per_category():
    cat = Counter(POKER3.category(c) for c in range(POKER3.n_classes))
    assert cat == {"straight flush": 12, "three of a kind": 13, "straight": 12, "flush": 274,
                   "pair": 156, "high card": 274}
    cat = Counter(VALUE3.category(c) for c in range(VALUE3.n_classes))
    assert cat == {"three of a kind": 13, "pair": 156, "high card": 286}


def test_wheel_is_lowest_straight_and_labels_round_trip():
    from guts_family.cards import parse_cards

    a23 = POKER3.class_of(parse_cards("Ac 2d 3h"))
    straights = [c for c in range(POKER3.n_classes) if POKER3.category(c) == "straight"]
    assert a23 == straights[0] and POKER3.label(a23) == "A32"
    assert POKER3.class_of(parse_cards("Ac Kd Qh")) == straights[-1]
    for order in (VALUE3, POKER3, TWO, ONE):
        for c in range(order.n_classes):
            assert order.class_from_label(order.label(c)) == c
            assert order.class_of(order.representative(c)) == c


def test_lookup_is_symmetric_and_marks_repeats():
    rng = np.random.default_rng(1)
    for _ in range(200):
        a, b, c = rng.choice(52, 3, replace=False).tolist()
        vals = {int(POKER3.lookup[x + 52 * y + 2704 * z])
                for x, y, z in itertools.permutations((a, b, c))}
        assert vals == {POKER3.class_of([a, b, c])}
    assert POKER3.lookup[5 + 52 * 5 + 2704 * 7] == -1
