"""The whole game's setting (guts_family/games/whole_game/setting.py): the defaults are the rule
sheets' (as the twin reads them), and every bad option is one line saying what to give."""

from __future__ import annotations

import pytest

from guts_family.games.whole_game.setting import (
    DEFAULT_MAX_DEALS,
    game_setting,
    parse_thresholds,
)
from tests.reference.guts import WHOLE_GAMES


@pytest.mark.parametrize("game", sorted(WHOLE_GAMES))
def test_the_defaults_are_the_twins_reading_of_the_sheets(game):
    w = WHOLE_GAMES[game]
    s = game_setting(game, 4)
    g = s.rules
    assert (s.cycle, s.reante, s.tie, s.player_tie) == (w.cycle, w.reante, w.tie, w.player_tie)
    assert (g.free_ride, g.dealer_challenge, bool(g.must_play)) == (w.free_ride, w.dealer,
                                                                    w.burned)
    assert (g.pot_name is not None, g.pot_with_others) == (w.house, w.house_vs_all)
    assert [g.order(c).name for c in s.cycle] == [w.orders[3 - c] for c in w.cycle]
    assert (s.max_deals, s.cap, s.chicken_fee, s.swap_fee, s.dealer_min) == \
        (DEFAULT_MAX_DEALS, None, 0.0, None, 0)


def test_options_change_the_defaults_and_are_recorded():
    s = game_setting("guts321", 3, ante=0.5, cap=4, rounds=(1,), reante="every", tie="pot",
                     chicken_fee=0.25, thresholds="1=Q", max_deals=50)
    assert (s.cycle, s.reante, s.tie, s.given(1), s.given(2)) == ((1,), "every", "pot", 10, None)
    d = s.as_dict()
    assert d["thresholds_given"] == {"1": "Q"} and d["rounds"] == [1] and d["cap"] == 4.0
    p = game_setting("phoenix", 5, swap_fee=1, swap_below="Q94", burn_tie="redeal")
    assert p.as_dict()["swap_below"] == "Q94" and p.burn_tie == "redeal"
    assert p.pay(3.0) == 3.0 and game_setting("phoenix", 5, cap=2).pay(3.0) == 2.0


def test_thresholds_text_one_per_round_size_or_one_hand():
    g = game_setting("phoenix", 3).rules
    assert parse_thresholds("AQ8", g, (3,)) == {3: g.order(3).class_from_label("AQ8")}
    assert parse_thresholds("none", g, (3,)) == {3: g.order(3).n_classes}
    guts = game_setting("guts321", 3).rules
    assert parse_thresholds("3=AQ4, 1=J", guts, (3, 2, 1)) == {
        3: guts.order(3).class_from_label("AQ4"), 1: guts.order(1).class_from_label("J")}


@pytest.mark.parametrize("args, kwargs, words", [
    (("phoenix", 3), {"cap": 0.5}, "--cap 0.5 is below the ante 1"),
    (("phoenix", 1), {}, "--players must be a whole number of at least 2"),
    (("phoenix", 0), {}, "at least 2"),
    (("phoenix", 17), {}, "seats at most 16 players"),
    (("challenge", 18), {}, "seats at most 17 players"),
    (("guts321", 17), {}, "seats at most 16 players"),
    (("phoenix", 3), {"ante": 0}, "--ante must be a positive amount, got 0"),
    (("phoenix", 3), {"ante": -1}, "--ante must be a positive amount"),
    (("phoenix", 3), {"ante": float("nan")}, "--ante must be a positive amount"),
    (("phoenix", 3), {"cap": float("inf")}, "--cap must be a positive amount"),
    (("phoenix", 3), {"thresholds": "ZZZ"}, "'ZZZ' is not a hand class of the three-card value"),
    (("phoenix", 3), {"thresholds": "AKQJ"}, "is not a hand class"),
    (("guts321", 3), {"thresholds": "K5"}, "give one per size"),
    (("guts321", 3), {"thresholds": "4=AQ4"}, "no 4-card round is dealt"),
    (("guts321", 3), {"rounds": (1,), "thresholds": "2=K5"}, "no 2-card round is dealt"),
    (("guts321", 3), {"rounds": (4,)}, "has no 4-card round"),
    (("phoenix", 3), {"reante": "sometimes"}, "unknown --reante 'sometimes'"),
    (("phoenix", 3), {"cycle_rule": "middle"}, "unknown --cycle-rule"),
    (("phoenix", 3), {"tie": "coin"}, "unknown tie rule"),
    (("phoenix", 3), {"max_deals": 0}, "--max-deals must be a whole number"),
    (("phoenix", 3), {"chicken_fee": -1}, "--chicken-fee must be zero or a positive"),
    (("guts321", 3), {"swap_fee": 1, "swap_below": "Q94"}, "a Phoenix Burn rule"),
    (("phoenix", 3), {"swap_fee": 1}, "needs both --swap-fee F and --swap-below"),
    (("phoenix", 3), {"swap_fee": 1, "swap_below": "QQQQ"}, "--swap-below 'QQQQ' is not"),
    (("phoenix", 3), {"dealer_min": "A"}, "a challenge guts rule"),
    (("challenge", 3), {"dealer_min": "3"}, "--dealer-min '3' is not a hand"),
    (("guts321", 3), {"burn_tie": "suit"}, "a Phoenix Burn rule"),
    (("phoenix", 3), {"burn_tie": "coin"}, "unknown --burn-tie"),
    (("poker", 3), {}, "unknown game 'poker'"),
])
def test_bad_options_are_one_line_saying_what_to_give(args, kwargs, words):
    with pytest.raises(ValueError) as e:
        game_setting(*args, **kwargs)
    assert words in str(e.value) and "\n" not in str(e.value)
