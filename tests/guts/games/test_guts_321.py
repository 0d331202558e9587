"""Guts (3-2-1) (guts_family/games/guts_321.py): the rounds, the dummy against a lone player only,
the lone player's odds by brute force, the poker order's exact limit."""

from __future__ import annotations

import itertools

import pytest

from guts_family.cards import parse_cards
from guts_family.games import get_game
from guts_family.games.guts_321 import GAME as GUTS
from guts_family.games.guts_321 import lone_player_odds, round_cards, vs_dummy
from guts_family.hands import ONE, POKER3, TWO
from guts_family.odds import Seat, field_odds


def test_guts_rounds_and_dummy_only_against_a_lone_player():
    assert [round_cards(r) for r in range(1, 7)] == [3, 2, 1, 3, 2, 1]
    assert [s.name for s in vs_dummy(parse_cards("Ah Kd")).seats] == ["dummy"]
    assert [s.name for s in vs_dummy(parse_cards("Ah Kd"), opponents=2).seats] == \
        ["player 2", "player 3"]
    assert GUTS.order(3) is POKER3 and GUTS.order(2) is TWO and GUTS.order(1) is ONE


@pytest.mark.parametrize("cards,min_hand", [(1, None), (1, "9"), (2, "QQ"),
                                            pytest.param(2, None, marks=pytest.mark.slow)])
def test_lone_player_odds_brute_force_one_and_two_cards(cards, min_hand):
    if True:
        order = GUTS.order(cards)
        low = 0 if min_hand is None else order.class_from_label(min_hand)
        counts = [0, 0, 0]
        for hand in itertools.combinations(range(52), cards):
            c = order.class_of(hand)
            if c < low:
                continue
            for dummy in itertools.combinations([x for x in range(52) if x not in hand], cards):
                d = order.class_of(dummy)
                counts[0 if c > d else 1 if c == d else 2] += 1
        o = lone_player_odds(cards, min_hand)
        assert [o.win_count, o.tie_count, o.lose_count] == counts
        assert o.total == sum(counts)


def test_three_card_lone_odds_against_eval_pairs_sum():
    o = lone_player_odds(3)
    assert o.win_count == o.lose_count and o.total == 22100 * 18424


def test_poker_order_is_exact_to_three_players_and_refused_beyond():
    guts = get_game("guts321")
    hero = parse_cards("As Ks Qs")
    o = guts.odds(hero, opponents=3)
    assert o == field_odds(POKER3, hero, [Seat(f"player {i}") for i in (2, 3, 4)])
    with pytest.raises(ValueError, match="cover at most 3 opposing hands"):
        guts.odds(hero, opponents=4)
