"""The multiway count by ranks (guts_family/odds/multiway.py) against two independent routes: the
card-by-card twin on small decks, the seat-by-seat rank twin and the two-opponent engine on the
full deck, closed forms."""

from __future__ import annotations

import math
import random

import pytest

from guts_family.cards import parse_cards
from guts_family.games.phoenix_burn import vs_pot
from guts_family.hands import ONE, TWO, VALUE3
from guts_family.odds import Seat, field_odds
from guts_family.odds.multiway import PRIMES, multiway_odds
from tests.reference.guts import (
    field_odds_naive,
    rank_deal_odds_naive,
)

POT = Seat("pot", is_pot=True)


def _same(a, b):
    assert (a.ties, a.lose_count, a.total) == (b.ties, b.lose_count, b.total)


def test_primes_are_prime_and_distinct():
    assert len(set(PRIMES)) == len(PRIMES)
    for p in PRIMES:
        assert p < 2 ** 31 and _is_prime(p)


def _is_prime(p):
    if p % 2 == 0:
        return False
    return all(p % d for d in range(3, math.isqrt(p) + 1, 2))


SMALL = {
    "value3 15 cards": (VALUE3, [c for c in range(52) if c >> 2 >= 8 and (c & 3) < 3]),
    "two 12 cards": (TWO, [c for c in range(52) if c >> 2 >= 10]),
    "one 10 cards": (ONE, [c for c in range(52) if c >> 2 in (0, 5, 11) and c != 1] + [51]),
}


def _layouts(order, rng, cards):
    """Four or more opposing hands: random seats, shown cards, calling ranges, dead cards."""
    n = order.n_cards
    hero, rest = cards[:n], cards[n:]
    if n == 3:
        yield hero, [POT] + [Seat(f"p{i}", known=(rest[i],)) for i in range(3)], []
        yield hero, [Seat("d", is_pot=True, min_class=100)] + [
            Seat(f"p{i}", known=(rest[i],), min_class=50 * i) for i in range(3)], []
    elif n == 2:
        yield hero, [POT] + [Seat(f"p{i}") for i in range(3)], rest[:2]
        yield hero, [POT, Seat("p1", known=(rest[0],))] + [Seat(f"p{i}") for i in range(2, 5)], []
        yield hero, [Seat("d", is_pot=True, min_class=40), Seat("p1", min_class=20),
                     Seat("p2"), Seat("p3")], rest[:1]
    else:
        yield hero, [POT] + [Seat(f"p{i}") for i in range(5)], rest[:2]
        yield hero, [Seat(f"p{i}", min_class=i) for i in range(6)], []


@pytest.mark.parametrize("name", list(SMALL))
def test_rank_count_matches_card_by_card_twin_on_small_decks(name):
    order, deck = SMALL[name]
    rng = random.Random(name)
    checked = 0
    for _ in range(3):
        cards = rng.sample(deck, order.n_cards + 3)
        for hero, seats, dead in _layouts(order, rng, cards):
            fast = multiway_odds(order, hero, seats, dead, deck=deck)
            slow = field_odds_naive(order, hero, seats, dead, deck=deck)
            _same(fast, slow)
            assert fast == field_odds(order, hero, seats, dead, deck=deck)  # the dispatch
            checked += 1
    assert checked >= 6


@pytest.mark.parametrize("order,hand", [(VALUE3, "As Kd Qh"), (VALUE3, "7s 7d 4h"),
                                        (VALUE3, "9c 9d 9h"), (TWO, "Jd 8c"), (ONE, "5h")],
                         ids=str)
def test_rank_count_matches_the_two_opponent_engine_where_both_run(order, hand):
    hero = parse_cards(hand)
    up = [c for c in parse_cards("Qc Ts 2d") if c not in hero]
    layouts = [([POT], ()), ([POT, Seat("p2")], parse_cards("3s")),
               ([POT, Seat("p2"), Seat("p3")], ()),
               ([Seat("p2"), Seat("p3")], ()),
               ([Seat("d", is_pot=True, min_class=order.n_classes // 2), Seat("p3")], ())]
    if order.n_cards > 1:
        layouts.append(([POT, Seat("p2", known=(up[0],)), Seat("p3", known=(up[1],))], ()))
    for seats, dead in layouts:
        _same(multiway_odds(order, hero, seats, dead), field_odds(order, hero, seats, dead))


@pytest.mark.parametrize("order,hand,seats,dead", [
    (ONE, "Jh", [POT] + [Seat(f"p{i}") for i in range(6)], ""),
    (TWO, "Qh 9d", [POT] + [Seat(f"p{i}") for i in range(3)], "2c"),
    (VALUE3, "Qs Jd 9h", [Seat("pot", is_pot=True, min_class=200)]
     + [Seat(f"p{i}", known=(c,), min_class=100) for i, c in enumerate(parse_cards("Tc 8d"))],
     ""),
], ids=["one 7 seats", "two 4 seats", "value3 ranges"])
def test_rank_count_matches_seat_by_seat_twin_on_the_full_deck(order, hand, seats, dead):
    hero, d = parse_cards(hand), parse_cards(dead)
    _same(multiway_odds(order, hero, seats, d), rank_deal_odds_naive(order, hero, seats, d))


@pytest.mark.slow
def test_phoenix_four_seats_matches_seat_by_seat_twin():
    hero = parse_cards("Ks Kd 7h")
    seats = [POT] + [Seat(f"p{i}", known=(c,)) for i, c in enumerate(parse_cards("Jc 9d 7s"))]
    _same(field_odds(VALUE3, hero, seats, parse_cards("3c")),
          rank_deal_odds_naive(VALUE3, hero, seats, parse_cards("3c")))


@pytest.mark.parametrize("k", [1, 4, 10, 30, 51])
def test_one_card_round_closed_form(k):
    """Jh against k one-card hands: all lower, or exactly j jacks tie and the rest are lower."""
    o = field_odds(ONE, parse_cards("Jh"), [Seat(f"p{i}") for i in range(k)])
    below, jacks = 36, 3
    assert o.total == math.perm(51, k)
    assert o.win_count == math.perm(below, k)
    for j in range(1, min(3, k) + 1):
        count = sum(v for m, v in o.ties.items() if len(m) == j)
        assert count == math.comb(k, j) * math.perm(jacks, j) * math.perm(below, k - j)


def test_eight_player_phoenix_sums_and_symmetry():
    """Pot and seven players showing their face-up cards; counts sum, seats of one rank agree."""
    hero = parse_cards("As Kd Qh")
    ups = parse_cards("Jc 9d 7h 5s 3c 2d 8c")
    o = vs_pot(hero, opponents=7, opponent_cards=[[u] for u in ups])
    assert o.total == math.comb(42, 3) * math.prod(math.comb(39 - 2 * i, 2) for i in range(7))
    assert o.win_count + o.tie_count + o.lose_count == o.total and o.lose_count > 0
    assert abs(o.win + o.tie + o.lose - 1) < 1e-12
    # two players showing the same rank are interchangeable: their tie counts agree
    r = vs_pot(parse_cards("Kc Kd 5h"), opponents=3,
               opponent_cards=[parse_cards("9s"), parse_cards("9h"), parse_cards("4c")])
    assert r.ties.get((0, 1), 0) == r.ties.get((0, 2), 0)
    assert r.ties.get((1,), 0) == r.ties.get((2,), 0)
