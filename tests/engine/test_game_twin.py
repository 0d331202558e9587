"""The whole game (engine/game.py ``analyze``) on the infinite deck against a separate
total-dependent twin written from the rule sheet (tests/reference/game_inf.py), under the rule
sheet and every design knob."""

from __future__ import annotations

import pytest

from twentyone_burn.engine.game import analyze
from twentyone_burn.rules import Rules

from tests.reference.game_inf import game_inf


def test_whole_game_infinite_deck_matches_total_dependent_twin():
    rules = Rules(decks=None)
    a = analyze(rules)
    assert abs(a.deal_probability_total - 1) < 1e-12
    assert a.expected_return == pytest.approx(game_inf(rules), abs=1e-12)


@pytest.mark.parametrize("knobs", [
    {"dealer_burn": "lowest"}, {"dealer_burn": "none"}, {"dealer_bust_push": 23},
    {"dealer_bust_push": 22, "ties_lose_from": 20}, {"ties_lose_from": 17, "win_pays": "4:5"},
    {"ties_lose_from": 21, "commission": 0.05, "hit_soft_17": False},
])
def test_design_knobs_infinite_deck_match_total_dependent_twin(knobs):
    """Every game-design knob, valued by the engine and by the twin written from the rules."""
    rules = Rules(decks=None, **knobs)
    a = analyze(rules)
    assert abs(a.deal_probability_total - 1) < 1e-12
    assert a.expected_return == pytest.approx(game_inf(rules), abs=1e-12)


def test_infinite_deck_s17_three_hands():
    rules = Rules(decks=None, hit_soft_17=False, max_hands=3)
    assert analyze(rules).expected_return == pytest.approx(game_inf(rules), abs=1e-12)
