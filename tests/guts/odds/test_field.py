"""field_odds (guts_family/odds/field.py): the fast engine against the card-by-card twin on
small decks and the full deck, both pair paths, closed forms, known and dead cards."""

from __future__ import annotations

import random
from math import comb

import pytest

from guts_family.cards import CardError, parse_cards
from guts_family.hands import ONE, POKER3, TWO, VALUE3
from guts_family.odds import Seat, field_odds
from tests.reference.guts import (
    field_odds_naive,
)

POT = Seat("pot", is_pot=True)


def _layouts(order, dead):
    """Seat layouts exercised: pot alone, pot + 1 or 2 players, players with a shown card,
    a restricted (calling range) seat."""
    k = order.n_cards
    yield [POT], dead
    yield [POT, Seat("p2")], dead
    yield [POT, Seat("p2"), Seat("p3")], dead
    yield [Seat("p2"), Seat("p3")], dead
    yield [Seat("dealer", is_pot=True, min_class=order.n_classes // 2), Seat("p3")], dead
    if k > 1:
        yield [POT, Seat("p2", known=(dead[0],))], dead[1:]
        yield [POT, Seat("p2", known=(dead[0],)), Seat("p3")], dead[1:]
        yield [Seat("p2", known=(dead[0],)), Seat("p3", known=(dead[1],)), POT], []


def _compare(order, deck, trials, seed):
    rng = random.Random(seed)
    checked = 0
    for _ in range(trials):
        cards = rng.sample(deck, order.n_cards + 2)
        hero, dead = cards[:order.n_cards], cards[order.n_cards:]
        for seats, d in _layouts(order, dead):
            need = sum(order.n_cards - len(s.known) for s in seats)
            if need > len(deck) - order.n_cards - len(d) - sum(len(s.known) for s in seats):
                continue
            fast = field_odds(order, hero, seats, d, deck=deck)
            slow = field_odds_naive(order, hero, seats, d, deck=deck)
            assert (fast.ties, fast.lose_count, fast.total) == \
                (slow.ties, slow.lose_count, slow.total), (order.name, hero, seats, d)
            checked += 1
    return checked


SMALL_DECKS = {  # 14 cards: three 3-card seats still fit beside the hand and two dead cards
    "T-A 3 suits": [c for c in range(52) if c >> 2 >= 8 and (c & 3) < 3][1:],
    "A 2 3 4": [c for c in range(52) if (c >> 2) in (0, 1, 2, 12)][2:],
}


BIG_DECKS = {  # 16 cards, for the slow run
    "J-A": [c for c in range(52) if c >> 2 >= 9],
    "A 2 3 4": [c for c in range(52) if (c >> 2) in (0, 1, 2, 12)],
}


@pytest.mark.parametrize("order", [VALUE3, POKER3, TWO, ONE], ids=lambda o: o.name)
@pytest.mark.parametrize("deck", list(SMALL_DECKS), ids=str)
def test_fast_engine_matches_naive_twin_on_small_decks(order, deck):
    seed = sum(map(ord, order.name + deck))
    assert _compare(order, SMALL_DECKS[deck], trials=2, seed=seed) >= 10


@pytest.mark.parametrize("pair_path", [True, False], ids=["O(N) pair term", "direct pair loop"])
@pytest.mark.parametrize("order", [VALUE3, POKER3], ids=lambda o: o.name)
def test_both_pair_paths_match_naive_twin(order, pair_path, monkeypatch):
    """Two seats of three random cards: the O(N) inclusion-exclusion and the direct loop."""
    import guts_family.odds.field as odds_module

    monkeypatch.setattr(odds_module, "_FAST_PAIRS", pair_path)
    rng = random.Random(11)
    for deck in SMALL_DECKS.values():
        for _ in range(3):
            cards = rng.sample(deck, 5)
            hero, dead = cards[:3], cards[3:]
            shown = Seat("d", is_pot=True, known=(dead[0],), min_class=1)  # enumerated, 2 cards
            for seats, d in (([POT, Seat("p2"), Seat("p3")], dead),
                             ([Seat("p2"), Seat("p3"), POT], dead),
                             ([Seat("d", is_pot=True, min_class=200), Seat("p2"), Seat("p3")],
                              dead),
                             ([shown, Seat("p2"), Seat("p3")], dead[1:])):
                fast = field_odds(order, hero, seats, d, deck=deck)
                slow = field_odds_naive(order, hero, seats, d, deck=deck)
                assert (fast.ties, fast.lose_count, fast.total) == \
                    (slow.ties, slow.lose_count, slow.total)
    # and on the full deck the two paths agree with each other
    hero = parse_cards("As Kd Qh")
    seats = [POT, Seat("p2"), Seat("p3")]
    got = field_odds(order, hero, seats, parse_cards("7c"))
    monkeypatch.setattr(odds_module, "_FAST_PAIRS", not pair_path)
    assert got == field_odds(order, hero, seats, parse_cards("7c"))


@pytest.mark.slow
@pytest.mark.parametrize("order", [VALUE3, POKER3, TWO, ONE], ids=lambda o: o.name)
def test_fast_engine_matches_naive_twin_many(order):
    for seed, deck in enumerate([*SMALL_DECKS.values(), *BIG_DECKS.values()]):
        _compare(order, deck, trials=8, seed=seed)


@pytest.mark.parametrize("order,hand", [(VALUE3, "As Ad Kh"), (POKER3, "7s 6s 5s"),
                                        (TWO, "Qd 9c"), (ONE, "Jh")], ids=lambda x: str(x))
def test_full_deck_one_seat_matches_naive(order, hand):
    hero = parse_cards(hand)
    seats = [POT]
    dead = parse_cards("2c 2d")
    fast = field_odds(order, hero, seats, dead)
    slow = field_odds_naive(order, hero, seats, dead)
    assert fast == slow
    assert fast.total == comb(50 - order.n_cards, order.n_cards)


@pytest.mark.slow
def test_full_deck_two_seats_matches_naive_two_card():
    hero = parse_cards("Kh Kd")
    seats = [POT, Seat("p2")]
    assert field_odds(TWO, hero, seats) == field_odds_naive(TWO, hero, seats)


def test_one_card_closed_form_against_two_players():
    """One-card round vs pot and two players: count disjoint deals by hand (closed form)."""
    hero = parse_cards("Jh")
    o = field_odds(ONE, hero, [POT, Seat("p2"), Seat("p3")])
    below, equal = 4 * 9, 3  # 2..T lower, three other jacks
    assert o.total == 51 * 50 * 49
    assert o.win_count == below * (below - 1) * (below - 2)
    # exactly the pot ties: one jack to the pot, two lower cards to the players
    assert o.ties[(0,)] == equal * below * (below - 1)
    assert o.ties[(0, 1, 2)] == equal * (equal - 1) * (equal - 2)


def test_known_cards_and_dead_cards_are_checked():
    hero = parse_cards("As Ad Kh")
    with pytest.raises(CardError, match="card As is in both your hand and the dead cards"):
        field_odds(VALUE3, hero, [POT], dead=parse_cards("As"))
    with pytest.raises(CardError, match="has 2 cards"):
        field_odds(VALUE3, hero[:2], [POT])
    with pytest.raises(ValueError, match="at most 3"):  # suits: more seats are not counted here
        field_odds(POKER3, hero, [POT] + [Seat(f"p{i}") for i in range(3)])
    with pytest.raises(ValueError, match="not enough unseen cards"):
        field_odds(VALUE3, hero, [POT] + [Seat(f"p{i}") for i in range(16)])


def test_fully_known_seat_is_compared_directly():
    hero = parse_cards("As Ad Kh")
    o = field_odds(VALUE3, hero, [POT, Seat("p2", known=tuple(parse_cards("Ks Kd 2c")))])
    assert o == field_odds_naive(VALUE3, hero,
                                 [POT, Seat("p2", known=tuple(parse_cards("Ks Kd 2c")))])
    beaten = field_odds(VALUE3, hero, [POT, Seat("p2", known=tuple(parse_cards("2s 2d 2h")))])
    assert beaten.lose_count == beaten.total
