"""Phoenix Burn (guts_family/games/phoenix_burn.py): dead and shown cards against the naive twin,
the newcomer, the swap, last card up against its card-level twin, the burned card's check."""

from __future__ import annotations

from fractions import Fraction
from math import comb

import pytest

from guts_family.cards import CardError, parse_cards
from guts_family.games.phoenix_burn import (
    check_burned,
    last_card_up,
    newcomer_odds,
    swap,
    swapped,
    vs_pot,
)
from guts_family.hands import VALUE3
from guts_family.odds import Seat, field_odds, single_seat_counts
from tests.reference.guts import (
    field_odds_naive,
    last_card_up_naive,
)

POT = Seat("pot", is_pot=True)


def test_phoenix_dead_and_shown_cards_match_naive():
    hero = parse_cards("Kd Ks 7h")
    dead = parse_cards("Qc 9d Kh")
    assert vs_pot(hero, dead) == field_odds_naive(VALUE3, hero, [POT], dead)


def test_newcomer_is_the_engine_with_a_shown_card():
    hero, up = parse_cards("Qs Qd 5c"), parse_cards("Ah")[0]
    o = newcomer_odds(hero, up, dead=parse_cards("3c"))
    assert o.total == comb(47, 3) * comb(44, 2)
    assert o == field_odds(VALUE3, hero, [POT, Seat("burned player", known=(up,))],
                           parse_cards("3c"))
    # the burned player's ace showing makes the newcomer's queens worse off than a blind opponent
    blind = vs_pot(hero, parse_cards("3c Ah"), opponents=1)
    assert o.win < blind.win


def test_swap_trades_wins_and_losses_and_ev_is_exact():
    hand = parse_cards("7c 5d 2h")
    d = swap(hand, pot=10, fee=1, limit=4, tie="pot")
    k, s = d.keep, d.swap
    assert (s.win_count, s.tie_count, s.lose_count) == (k.lose_count, k.tie_count, k.win_count)
    ev_keep = Fraction(10 * k.win_count - 4 * (k.lose_count + k.tie_count), k.total)
    ev_swap = Fraction(10 * k.lose_count - 4 * (k.win_count + k.tie_count), k.total) - 1
    assert d.ev_keep == pytest.approx(float(ev_keep)) and d.ev_swap == pytest.approx(float(ev_swap))
    assert d.best == "swap" and d.break_even_fee == pytest.approx(float(ev_swap - ev_keep + 1))
    with pytest.raises(ValueError, match="alone against the pot"):
        swapped(vs_pot(hand, opponents=1))
    with pytest.raises(ValueError, match="fee"):
        swap(hand, pot=10, fee=-1)


SMALL = [c for c in range(52) if c >> 2 >= 10]  # Q K A, 12 cards


@pytest.mark.parametrize("burn_tie", ["suit", "redeal"])
@pytest.mark.parametrize("players", [1, 2, 3])
def test_last_card_up_matches_card_level_twin(players, burn_tie):
    assert last_card_up(players, burn_tie, SMALL) == last_card_up_naive(players, burn_tie, SMALL)


def test_last_card_up_uneven_deck_matches_twin():
    deck = [c for c in range(52) if (c >> 2) in (0, 5)] + parse_cards("Ac Ad Kc")
    for burn_tie in ("suit", "redeal"):
        assert last_card_up(2, burn_tie, deck) == last_card_up_naive(2, burn_tie, deck)


def test_last_card_up_one_player_is_a_random_hand_against_the_pot():
    o = last_card_up(1)
    win, tie, lose, total = single_seat_counts(VALUE3)
    assert Fraction(sum(c[0] for c in o.counts), o.total) == Fraction(int(win.sum()), 22100 * total)
    assert o.win == pytest.approx(o.lose)  # symmetric when nothing conditions the hand


def test_last_card_up_burned_hand_is_stronger_with_more_players():
    wins = [last_card_up(n).win for n in (2, 4, 7)]
    assert wins == sorted(wins) and wins[0] > 0.5


def test_check_burned():
    hand = parse_cards("Ks 7d 2c")
    check_burned(hand, hand[0], parse_cards("Kd Qh"), "suit")
    with pytest.raises(CardError, match="not the highest"):
        check_burned(hand, hand[0], parse_cards("Kd"), "redeal")
    with pytest.raises(CardError, match="not in the hand"):
        check_burned(hand, parse_cards("As")[0], [])
