"""Every pure symmetric equilibrium (``fixed_points``) and the mixed one at a cycle."""

from __future__ import annotations

from fractions import Fraction

import pytest

from guts_family.games import get_game
from guts_family.games.equilibrium import (
    ThresholdSearch,
    equilibrium,
    fixed_points,
    scan_span,
)
from guts_family.hands import ONE
from tests.reference.guts import SMALL1, in_ev_naive


def _br_naive(game: str, order, players: int, t: int, pot: float, tie: str, ptie: str,
              deck) -> int:
    """The best response by brute force: every class's EV by the card-by-card twin, the
    weakest class from which every better class pays (no bisection, no premise)."""
    cls = sorted({order.class_of([c]) for c in deck})
    pays = {c: in_ev_naive(game, order, [next(x for x in deck if order.class_of([x]) == c)],
                           players, t, pot, None, tie, ptie, deck) > 0 for c in cls}
    out = order.n_classes
    for c in reversed(cls):
        if not pays[c]:
            break
        out = c
    return out


@pytest.mark.parametrize("players, pot", [
    (3, 3.0),
    pytest.param(3, 20.0, marks=pytest.mark.slow),
    pytest.param(4, 4.0, marks=pytest.mark.slow)])
def test_fixed_points_match_brute_force_on_a_small_deck(players, pot):
    """Every class t with BR(t) = t, against best responses played out card by card (every
    class scanned, no window)."""
    for game in ("guts321",):
        tie, ptie = get_game(game).rules(None, None)
        s = ThresholdSearch(game, ONE, players, pot, None, tie, ptie, SMALL1)
        first, last = scan_span(s, 0, ONE.n_classes - 1, None)
        got = fixed_points(s, first, last)
        want = [t for t in s.classes()
                if _br_naive(game, ONE, players, t, pot, tie, ptie, SMALL1) == t]
        assert got == want, (game, players, pot)


@pytest.mark.slow
def test_several_pure_equilibria_listed():
    """The brief's case: the Guts 3-card round, 2 players, pot 100, cap 1: the iteration meets
    974 first, 975 and 976 are fixed points too (exact EVs by cards); the two signs checked
    here on the search's fractions."""
    eq = equilibrium("guts321", 2, pot=100, cap=1, cards=3)
    assert eq.label == "974" and eq.converged
    assert eq.equilibria_labels == ["974", "975", "976"]
    o = get_game("guts321").order(3)
    s = ThresholdSearch("guts321", o, 2, 100.0, 1.0, "replay", "split")
    cls = s.classes()
    for t in eq.equilibria:  # the fixed-point condition, re-read from the exact EVs
        i = cls.index(t)
        assert s.ev(t, t) > 0 >= s.ev(cls[i - 1], t)
        assert isinstance(s.ev(t, t), Fraction)
    d = eq.as_dict()
    assert d["threshold"] == "974" and d["equilibria"] == ["974", "975", "976"]
    assert "3 pure equilibria" in eq.note


def test_scan_span_window():
    s = ThresholdSearch("guts321", ONE, 3, 3.0, None, "replay", "split")
    assert scan_span(s, 10, 10, 0) == (10, 10)
    assert scan_span(s, 1, 11, 3) == (0, 12)
    with pytest.raises(ValueError, match="0 or more"):
        scan_span(s, 1, 1, -1)
