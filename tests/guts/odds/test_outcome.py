"""FieldOdds (guts_family/odds/outcome.py): the tie rules, the cap and the EV."""

from __future__ import annotations

from fractions import Fraction

import pytest

from guts_family.cards import parse_cards
from guts_family.hands import ONE
from guts_family.odds import Seat, field_odds

POT = Seat("pot", is_pot=True)


def test_ev_rules():
    hero = parse_cards("Qh")
    o = field_odds(ONE, hero, [POT, Seat("p2")])
    P = Fraction(10)
    w, lose = o.win_count, o.lose_count
    pot_tie = sum(c for m, c in o.ties.items() if 0 in m)
    player_only = o.ties.get((1,), 0)
    both = o.ties.get((0, 1), 0)
    assert o.ev_exact(10, tie="pot") == \
        (P * w - P * lose - P * pot_tie + P / 2 * player_only) / o.total
    assert o.ev_exact(10, tie="replay", player_tie="replay") == (P * w - P * lose) / o.total
    split = (P * w - P * lose + P / 2 * o.ties.get((0,), 0) + P / 3 * both + P / 2 * player_only)
    assert o.ev_exact(10, tie="split") == split / o.total
    assert o.ev_exact(10, limit=4, tie="replay", player_tie="replay") == \
        (P * w - 4 * lose) / o.total
    with pytest.raises(ValueError, match="unknown tie rule"):
        o.ev(10, tie="coin")
    with pytest.raises(ValueError, match="pot must be a positive"):
        o.ev(-1)
