"""Best responses and the fixed point (guts_family/games/equilibrium/search.py): the fixed point
against a full scan, the bisection's premise on full orders, the twin's best response."""

from __future__ import annotations

import pytest

from guts_family.games import get_game
from guts_family.games.equilibrium import (
    ThresholdSearch,
    equilibrium,
    in_ev,
)
from guts_family.hands import ONE, TWO
from tests.reference.guts import (
    SMALL1,
    in_ev_naive,
)


@pytest.mark.parametrize("game,cards", [("guts321", 1), ("guts321", 2), ("challenge", None),
                                        ("phoenix", None)])
def test_the_equilibrium_is_a_fixed_point_of_the_full_best_response(game, cards):
    """A full scan of the hero's classes (not the bisection) gives the same threshold."""
    eq = equilibrium(game, 3, cards=cards)
    assert eq.converged
    s = ThresholdSearch(game, eq_order(game, cards), 3, eq.pot, None, eq.tie, eq.player_tie)
    classes = range(s.order.n_classes) if s.order.n_classes < 100 else \
        range(max(0, eq.threshold - 12), min(s.order.n_classes, eq.threshold + 12))
    evs = {c: s.ev(c, eq.threshold) for c in classes}
    assert all((evs[c] > 0) == (c >= eq.threshold) for c in classes)


def eq_order(game, cards):
    return get_game(game).order(cards)


@pytest.mark.parametrize("order,t", [(ONE, 0), (ONE, 10), (TWO, 0), (TWO, 45), (TWO, 80)])
def test_going_in_pays_from_one_class_up(order, t):
    """The bisection's premise, on the full 1- and 2-card orders, 4 players: the sign of the EV
    changes once. (The EV itself need not rise: AK blocks the aces and kings of players who go
    in with 44+, and is worth more than 22 then.)"""
    evs = [in_ev("guts321", order, order.representative(c), 4, t, pot=4)
           for c in range(order.n_classes)]
    signs = [e > 0 for e in evs]
    assert signs == sorted(signs)


def test_brute_force_best_response_on_a_reduced_deck():
    """On a 14-card deck: the equilibrium computed there is a fixed point of the twin's BR."""
    deck = SMALL1
    e = equilibrium("guts321", 3, cards=1, deck=deck)
    assert e.converged
    hands = {ONE.class_of([c]): [c] for c in deck}
    ev = {c: in_ev_naive("guts321", ONE, h, 3, e.threshold, pot=3, tie="replay", deck=deck)
          for c, h in hands.items()}
    assert min(c for c in ev if ev[c] > 0) == e.threshold
    assert all(ev[c] > 0 for c in ev if c >= e.threshold)
