"""One table size's equilibrium (guts_family/games/equilibrium/solve.py): limits and symmetry,
the poker order's two-player threshold, the refusals."""

from __future__ import annotations

import pytest

from guts_family.games.equilibrium import (
    best_response,
    equilibrium,
)
from guts_family.hands import POKER3, VALUE3
from guts_family.odds.sample import ThresholdDeals
from tests.reference.guts import (
    POKER_DECK,
)


def test_limits_and_symmetry():
    # Phoenix heads-up with the burned player: no other decider, the threshold is the
    # plain best hand to go in with against the pot and one random hand (docs: A84)
    assert equilibrium("phoenix", 2).label == "A84"
    # EVs scale with the pot when there is no cap, so the threshold does not move
    assert equilibrium("challenge", 3, pot=3).threshold == \
        equilibrium("challenge", 3, pot=30).threshold
    # a cap below the pot makes losing cheaper: nobody tightens
    assert equilibrium("guts321", 4, cards=2, cap=1).threshold <= \
        equilibrium("guts321", 4, cards=2).threshold
    # others who never go in: challenge = the pot unchallenged with any hand
    assert best_response("challenge", 3, VALUE3.n_classes, pot=3) == 0


def test_errors():
    with pytest.raises(ValueError, match="seats 2 to"):
        equilibrium("phoenix", 1)
    with pytest.raises(ValueError, match="poker order"):  # 3+ players are sampled instead
        equilibrium("guts321", 3, cards=3, method="exact")


def test_poker3_equilibrium_two_players_and_the_refusal():
    e = equilibrium("guts321", players=2, cards=3)
    assert e.converged and e.label == "AQ4"
    assert e.ev_at > 0 and e.ev_below is not None and e.ev_below <= 0
    with pytest.raises(ValueError, match="2 players only"):  # exact; sampled by default
        equilibrium("guts321", players=3, cards=3, method="exact")


def test_refusals_and_the_exact_route():
    with pytest.raises(ValueError, match="2 players only"):
        equilibrium("guts321", 3, cards=3, method="exact")
    with pytest.raises(ValueError, match="seats 2 to 16"):
        equilibrium("guts321", 17, cards=3)
    with pytest.raises(ValueError, match="counted exactly at every table size"):
        equilibrium("guts321", 3, cards=2, method="sample")
    with pytest.raises(ValueError, match="not enough cards"):
        ThresholdDeals.build(POKER3, [394], 4, POKER_DECK)
