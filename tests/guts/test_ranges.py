"""Hand ranges of the three-, two- and one-card games (guts_family/ranges.py): the syntax, top
percentages, impossible ranges, bounded and sitting-out seats against the card twin."""

from __future__ import annotations

import pytest

from guts_family.cards import CardError, parse_cards
from guts_family.hands import ONE, POKER3, TWO, VALUE3
from guts_family.odds import Seat
from guts_family.odds.multiway import multiway_odds
from guts_family.ranges import parse_range, top_share_class
from tests.reference.guts import (
    field_odds_naive,
)

DECK16 = [c for c in range(52) if c >> 2 >= 8][:16]  # T J Q K, 4 each


@pytest.mark.parametrize("text,order,low,high", [
    ("pair+", VALUE3, "322", "AAA"), ("pair", VALUE3, "322", "AAK"),
    ("trips+", VALUE3, "222", "AAA"), ("K-high+", VALUE3, "K32", "AAA"),
    ("k+", VALUE3, "K32", "AAA"),
    ("KQ9+", VALUE3, "KQ9", "AAA"), ("77-AAA", VALUE3, "772", "AAA"), ("any", VALUE3, "432", "AAA"),
    ("A-high+", POKER3, "A42", "AKQs"),
    ("flush+", POKER3, "532s", "AKQs"), ("pair+", TWO, "22", "AA"), ("Q+", ONE, "Q", "A"),
])
def test_syntax(text, order, low, high):
    r = parse_range(text, order)
    assert (order.label(r.low), order.label(r.high)) == (low, high)
    assert r.combos == int(order.class_sizes[r.low:r.high + 1].sum())


@pytest.mark.parametrize("order", [VALUE3, POKER3, TWO, ONE])
@pytest.mark.parametrize("p", [1, 5, 20, 50, 99.5, 100])
def test_top_percentage_is_the_fewest_whole_classes_reaching_it(order, p):
    c = top_share_class(order, p)
    sizes = order.class_sizes
    assert sizes[c:].sum() / sizes.sum() >= p / 100
    assert c == order.n_classes - 1 or sizes[c + 1:].sum() / sizes.sum() < p / 100


@pytest.mark.parametrize("text", ["AAA-KK2", "top 0%", "top 101%", "", "pair+", "ZZ9"])
def test_a_range_no_hand_satisfies_is_an_error(text):
    with pytest.raises(CardError):
        parse_range(text, ONE if text == "pair+" else VALUE3)


def test_bounded_and_sitting_out_seats_match_the_card_twin():
    hero = parse_cards("Kc Qd Th")
    lim = VALUE3.class_from_label("AKT")
    seats = [Seat("pot", is_pot=True), Seat("in", min_class=lim),
             Seat("out", max_class=lim - 1, plays=False)]
    a = multiway_odds(VALUE3, hero, seats, deck=DECK16)
    b = field_odds_naive(VALUE3, hero, seats, deck=DECK16)
    assert (a.total, a.ties, a.lose_count) == (b.total, b.ties, b.lose_count)
    hero = parse_cards("Jc Jd")
    lim = TWO.class_from_label("QJ")
    seats = [Seat("in", min_class=lim), Seat("out", max_class=lim - 1, plays=False),
             Seat("in2", min_class=lim, max_class=TWO.class_from_label("KK"))]
    a = multiway_odds(TWO, hero, seats, deck=DECK16)
    b = field_odds_naive(TWO, hero, seats, deck=DECK16)
    assert (a.total, a.ties, a.lose_count) == (b.total, b.ties, b.lose_count)
