"""The exact equilibrium: the fixed point on exact EVs, as one :class:`Equilibrium` row.

>>> from guts_family.games import get_game
>>> g = get_game("challenge")
>>> exact_equilibrium("challenge", g.order(), 2, 1.0, 2.0, None, "replay", "split").label
'K42'
"""

from __future__ import annotations

from collections.abc import Sequence

from guts_family.games.equilibrium.result import Equilibrium, class_label
from guts_family.games.equilibrium.search import ThresholdSearch, fixed_point
from guts_family.hands import HandOrder

__all__ = ["exact_equilibrium"]


def exact_equilibrium(game: str, order: HandOrder, players: int, ante: float, pot: float,
                      cap: float | None, tie: str, player_tie: str,
                      deck: Sequence[int] | None = None) -> Equilibrium:
    """The symmetric equilibrium threshold by best-response iteration on exact EVs, for a
    question already checked (:func:`~guts_family.games.equilibrium.solve.equilibrium` checks
    it); a best-response cycle is reported as such, labelled by its classes."""
    s = ThresholdSearch(game, order, players, pot, cap, tie, player_tie, deck)
    t, converged, path, note, cycle = fixed_point(s)
    cls = s.classes()
    ev_at = float(s.ev(t, t)) if t < order.n_classes else float("nan")
    below = [c for c in cls if c < t]
    ev_below = float(s.ev(below[-1], t)) if below else None
    label = class_label(order, t)
    if cycle:  # no pure equilibrium: the threshold names the cycle, weakest first
        t, label = cycle[0], "/".join(class_label(order, c) for c in cycle)
    share = float(order.class_sizes[t:].sum() / order.class_sizes.sum())
    return Equilibrium(game, order.name, order.n_cards, players, ante, pot, cap, tie, player_tie,
                       t, label, converged, len(path), tuple(path), ev_at, ev_below,
                       share, note, low=t, high=t, interval=label)
