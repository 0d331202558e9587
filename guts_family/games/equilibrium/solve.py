"""One table size's equilibrium: the question checked, the method chosen (the exact count where
it answers, else sampled) and the answer.

>>> eq = equilibrium("guts321", players=3, cards=1)
>>> eq.label, eq.converged, eq.path
('Q', True, (9, 10))
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from guts_family.games.equilibrium.exact import exact_equilibrium
from guts_family.games.equilibrium.model import check_model
from guts_family.games.equilibrium.result import Equilibrium
from guts_family.games.equilibrium.sampled import sampled_equilibrium
from guts_family.games.equilibrium.search import FIXED_POINT_WINDOW
from guts_family.games.registry import get_game
from guts_family.odds import check_stakes
from guts_family.sampling import check_sampling

__all__ = ["METHODS", "equilibrium"]

#: ``method``: the exact count where it answers, else sampled; exact only; sampled
METHODS = ("auto", "exact", "sample")


def equilibrium(game: str, players: int, ante: float = 1.0, pot: float | None = None,
                cap: float | None = None, cards: int | None = None, tie: str | None = None,
                player_tie: str | None = None, deck: Sequence[int] | None = None, *,
                method: str = "auto", seed: int | None = None, samples: int | None = None,
                target_se: float | None = None, max_seconds: float | None = None,
                workers: int | None = 1, progress: Callable[[str], None] | None = None,
                parallel_after: float | None = None,
                window: int | None = FIXED_POINT_WINDOW) -> Equilibrium:
    """The symmetric equilibrium in/out threshold by best-response iteration
    (:mod:`~guts_family.games.equilibrium.search`) on the model's EVs
    (:mod:`~guts_family.games.equilibrium.model`).

    ``pot`` defaults to ``players * ante`` (the first round's pot); ``cap`` is the match limit.
    ``method``: ``"auto"`` (exact where the count answers, else sampled: the 3-card round with
    3 or more players), ``"exact"`` (refused where it cannot answer), ``"sample"`` (the 3-card
    round, sampled at any table size). Sampling options: ``seed`` (None: a fresh one, in the
    result), ``samples`` (the most deals a class, default :data:`EQ_SAMPLES`), ``target_se``
    (a class is not refined below this standard error), ``max_seconds``, ``workers``;
    ``progress`` is called with a line of status after each sampling step. ``window``: exact
    rows list every pure equilibrium within this many classes of the iteration's answer
    (None: among every class of the order).

    >>> eq = equilibrium("challenge", players=2, cards=None)
    >>> eq.label, eq.converged
    ('K42', True)
    >>> eq = equilibrium("guts321", 3, cards=3, seed=1, samples=65_536)
    >>> eq.method, eq.seed, eq.resolved, eq.low <= eq.threshold <= eq.high
    ('sampled', 1, False, True)
    """
    if method not in METHODS:
        raise ValueError(f"unknown method {method!r}: choose one of {', '.join(METHODS)}")
    order = get_game(game).order(cards)
    sampled = not order.suit_blind and (method == "sample" or (method == "auto" and players > 2))
    if method == "sample" and order.suit_blind:
        raise ValueError(f"--sample: the {order.title} order is counted exactly at every table "
                         "size; sampling is for the Guts 3-card round (--cards 3)")
    g = check_model(game, players, order, sampled)
    check_stakes(ante)
    pot_v = players * ante if pot is None else pot
    check_stakes(pot_v, cap)
    tie_r, ptie_r = g.rules(tie, player_tie)
    if sampled:
        check_sampling(seed, target_se, samples, workers, max_seconds)
        return sampled_equilibrium(game, order, players, ante, pot_v, cap, tie_r, ptie_r, deck,
                                    seed, samples, target_se, max_seconds, workers, progress,
                                    parallel_after)
    return exact_equilibrium(game, order, players, ante, pot_v, cap, tie_r, ptie_r, deck,
                             window)
