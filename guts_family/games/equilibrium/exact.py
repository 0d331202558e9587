"""The exact equilibrium: the fixed point on exact EVs, as one :class:`Equilibrium` row.

>>> from guts_family.games import get_game
>>> g = get_game("challenge")
>>> exact_equilibrium("challenge", g.order(), 2, 1.0, 2.0, None, "replay", "split").label
'K42'
"""

from __future__ import annotations

from collections.abc import Sequence

from guts_family.games.equilibrium.mixed import mixed_equilibrium
from guts_family.games.equilibrium.result import Equilibrium, class_label
from guts_family.games.equilibrium.search import (
    FIXED_POINT_WINDOW,
    ThresholdSearch,
    fixed_point,
    fixed_points,
    scan_span,
)
from guts_family.hands import HandOrder

__all__ = ["exact_equilibrium"]


def exact_equilibrium(game: str, order: HandOrder, players: int, ante: float, pot: float,
                      cap: float | None, tie: str, player_tie: str,
                      deck: Sequence[int] | None = None,
                      window: int | None = FIXED_POINT_WINDOW) -> Equilibrium:
    """The symmetric equilibrium threshold by best-response iteration on exact EVs, for a
    question already checked (:func:`~guts_family.games.equilibrium.solve.equilibrium` checks
    it); a best-response cycle is reported as such, labelled by its classes. Every pure
    equilibrium within ``window`` classes of the answer (None: of the whole order) is listed
    (``equilibria``). A cycle of two neighbouring classes without one gets its symmetric mixed
    equilibrium (``mixed``, :mod:`~guts_family.games.equilibrium.mixed`)."""
    s = ThresholdSearch(game, order, players, pot, cap, tie, player_tie, deck)
    t, converged, path, note, cycle = fixed_point(s)
    first, last = scan_span(s, min(cycle) if cycle else t, max(cycle) if cycle else t, window)
    found = fixed_points(s, first, last)
    if found and not converged:  # the iteration missed them: a fixed point outside the cycle
        note += f"; a pure equilibrium outside the cycle: {class_label(order, found[0])}"
    if len(found) > 1:
        note = "; ".join(x for x in (note, f"{len(found)} pure equilibria: "
                                     + ", ".join(class_label(order, c) for c in found)) if x)
    cls = s.classes()
    ev_at = float(s.ev(t, t)) if t < order.n_classes else float("nan")
    below = [c for c in cls if c < t]
    ev_below = float(s.ev(below[-1], t)) if below else None
    label = class_label(order, t)
    mixed = None
    if cycle and not found and order.suit_blind and len(cycle) == 2 \
            and cls.index(cycle[1]) == cls.index(cycle[0]) + 1:
        mixed = mixed_equilibrium(s, cycle[0])
        if mixed is not None:
            note += (f"; mixed equilibrium: {class_label(order, cycle[0])} in with probability "
                     f"q = {mixed.q:.12f}")
    if cycle:  # no pure equilibrium: the threshold names the cycle, weakest first
        t, label = cycle[0], "/".join(class_label(order, c) for c in cycle)
    share = float(order.class_sizes[t:].sum() / order.class_sizes.sum())
    return Equilibrium(game, order.name, order.n_cards, players, ante, pot, cap, tie, player_tie,
                       t, label, converged, len(path), tuple(path), ev_at, ev_below,
                       share, note, low=t, high=t, interval=label, equilibria=tuple(found),
                       scan_first=first, scan_last=last, mixed=mixed)
