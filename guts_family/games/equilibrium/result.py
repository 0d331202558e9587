"""The equilibrium's result: one table size's threshold with its provenance (:class:`Equilibrium`).

>>> from guts_family.hands import ONE
>>> class_label(ONE, ONE.class_from_label("Q")), class_label(ONE, ONE.n_classes)
('Q', 'none')
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from guts_family._version import __version__
from guts_family.games.equilibrium.sampled_evs import RESOLVE_Z
from guts_family.hands import HandOrder, get_order

__all__ = ["METHOD", "METHOD_CARDS", "METHOD_SAMPLED", "METHOD_MIXED", "Equilibrium",
           "MixedPoint", "class_label"]

#: how the mixed equilibrium's probability is found
METHOD_MIXED = ("symmetric mixed equilibrium at a best-response cycle: the classes above the "
                "boundary class in, the boundary class in with probability q; q solves EV(in) = "
                "EV(out) = 0 for the boundary class, the EV an exact polynomial in q (the "
                "deals counted by ranks), the root found by bisection on exact fractions to "
                "1e-12, its uniqueness in [0, 1] by a Sturm count; see docs/guts.md")


@dataclass(frozen=True)
class MixedPoint:
    """The symmetric mixed equilibrium at a best-response cycle between the neighbouring classes
    ``boundary`` and the class above it: every player goes in with the classes above
    ``boundary``, and with ``boundary`` with probability ``q`` (``q_low`` <= q <= ``q_high``,
    exact fractions 1e-12 apart; ``q`` their midpoint as a float).

    ``ev_in`` is the boundary class's EV of going in at ``q`` (out is worth 0; ``ev_in_low`` /
    ``ev_in_high`` at the bracket's ends bound it, signs opposite); ``ev_above`` /
    ``ev_below`` are the EVs of going in with the class above the boundary and the one below it
    at ``q`` (an equilibrium: the first positive, the second not); ``checked`` says both hold
    at both ends of the bracket; ``roots`` is the number of roots of EV(in) in [0, 1] (1: the
    q is the only one).
    """

    boundary: int
    q: float
    q_low: Fraction
    q_high: Fraction
    ev_in: float
    ev_in_low: float
    ev_in_high: float
    ev_above: float | None
    ev_below: float | None
    checked: bool
    roots: int
    share_in: float

    def as_dict(self, order: HandOrder) -> dict:
        """Plain dict for JSON (the bracket as exact fractions, as text, and as floats).

        >>> from guts_family.hands import ONE
        >>> m = MixedPoint(9, 0.5, Fraction(1, 2), Fraction(1, 2), 0.0, 0.0, 0.0, 1.0, -1.0,
        ...                True, 1, 0.3)
        >>> m.as_dict(ONE)["boundary"], m.as_dict(ONE)["q_bracket"]
        ('J', ['1/2', '1/2'])
        """
        return {"boundary": class_label(order, self.boundary), "boundary_class": self.boundary,
                "q": self.q, "q_bracket": [str(self.q_low), str(self.q_high)],
                "q_bracket_float": [float(self.q_low), float(self.q_high)],
                "ev_in_boundary": self.ev_in, "ev_out_boundary": 0.0,
                "ev_in_boundary_at_bracket": [self.ev_in_low, self.ev_in_high],
                "ev_in_class_above": self.ev_above, "ev_in_class_below": self.ev_below,
                "equilibrium_checked": self.checked, "roots_in_0_1": self.roots,
                "share_of_hands_in": self.share_in, "exact": True, "method": METHOD_MIXED}

#: the method of the suit-blind orders (value, two- and one-card), counted by ranks
METHOD = ("best-response iteration over threshold strategies (fixed point BR(t) = t), exact "
          "counts by ranks; see docs/guts.md")
#: the method of the 3-card poker order (two players), counted by cards
METHOD_CARDS = ("best-response iteration over threshold strategies (fixed point BR(t) = t), "
                "exact counts by cards (two players); see docs/guts.md")
#: the method of the 3-card poker order beyond two players (or with ``method="sample"``)
METHOD_SAMPLED = ("sampled (Monte Carlo, not exact): best-response iteration over threshold "
                  "strategies on sampled EVs (seeded random deals of the dummy and the other "
                  "hands, common random numbers), thresholds rejected at 4 standard errors; "
                  "see docs/guts.md")


@dataclass(frozen=True)
class Equilibrium:
    """The symmetric equilibrium threshold of one game, table size and stakes.

    Not converged (a best-response cycle): ``threshold`` is the cycle's weakest class and
    ``label`` names the cycle ("655/755"); ``note`` says so.

    Sampled (``method == "sampled"``, the 3-card round beyond two players): ``threshold`` is
    the point estimate, ``low`` .. ``high`` the span of the thresholds the samples do not
    reject (``candidates``; ``interval``: "AQ2..AQ6", or the one label when ``resolved``, with
    the candidates listed when a threshold inside the span is rejected); ``seed``, ``deals``
    (over every class sampled), ``deals_at_threshold``, ``max_se`` (the largest standard error
    of the tests still open, else of those that bound the interval), ``ev_at_se`` /
    ``ev_below_se``, ``stopped_by`` and ``seconds`` say how it was drawn. Exact rows have
    ``low == high == threshold``.
    """

    game: str
    order: str
    cards: int
    players: int
    ante: float
    pot: float
    cap: float | None
    tie: str
    player_tie: str
    threshold: int
    label: str
    converged: bool
    iterations: int
    path: tuple[int, ...]
    ev_at: float
    ev_below: float | None
    share_in: float
    note: str
    method: str = "exact"
    low: int | None = None
    high: int | None = None
    interval: str = ""
    candidates: tuple[int, ...] = ()
    resolved: bool = True
    seed: int | None = None
    deals: int | None = None
    deals_at_threshold: int | None = None
    samples: int | None = None
    max_se: float | None = None
    ev_at_se: float | None = None
    ev_below_se: float | None = None
    stopped_by: str = ""
    seconds: float | None = None
    equilibria: tuple[int, ...] = ()
    scan_first: int | None = None
    scan_last: int | None = None
    mixed: MixedPoint | None = None

    @property
    def equilibria_labels(self) -> list[str]:
        """The labels of :attr:`equilibria` (a sampled row: of its candidates), weakest first."""
        o = get_order(self.order)
        return [class_label(o, c) for c in (self.equilibria if self.exact
                                            else self.candidates)]

    @property
    def exact(self) -> bool:
        """True for the exact counts, False for a sampled row."""
        return self.method == "exact"

    def as_dict(self) -> dict:
        """Plain dict for JSON."""
        out = {"game": self.game, "order": self.order, "cards": self.cards,
               "players": self.players, "ante": self.ante, "pot": self.pot, "cap": self.cap,
               "tie": self.tie, "player_tie": self.player_tie, "threshold": self.label,
               "threshold_class": self.threshold, "converged": self.converged,
               "iterations": self.iterations, "path": list(self.path),
               "ev_at_threshold": self.ev_at, "ev_below_threshold": self.ev_below,
               "share_of_hands_in": self.share_in, "exact": True, "method":
               "best-response iteration over threshold strategies, exact counts by "
               + ("cards" if self.order == "poker3" else "ranks"),
               "note": self.note, "version": __version__}
        o = get_order(self.order)
        out["equilibria"] = self.equilibria_labels
        out["equilibria_classes"] = list(self.equilibria if self.exact else self.candidates)
        out["equilibria_method"] = (
            "every class t with BR(t) = t among the classes searched, exact EVs" if self.exact
            else f"sampled: the thresholds not rejected at {RESOLVE_Z:g} standard errors")
        if self.scan_first is not None and self.scan_last is not None:
            out["equilibria_searched"] = {"first": class_label(o, self.scan_first),
                                          "last": class_label(o, self.scan_last),
                                          "first_class": self.scan_first,
                                          "last_class": self.scan_last}
        out["mixed"] = None if self.mixed is None else self.mixed.as_dict(o)
        if not self.exact:
            out.update({
                "exact": False, "method": "sampled", "method_detail": METHOD_SAMPLED,
                "threshold_interval": self.interval, "threshold_low_class": self.low,
                "threshold_high_class": self.high, "resolved": self.resolved,
                "not_rejected_classes": list(self.candidates),
                "ev_at_threshold_se": self.ev_at_se, "ev_below_threshold_se": self.ev_below_se,
                "sampling": {"seed": self.seed, "deals": self.deals,
                             "deals_at_threshold": self.deals_at_threshold,
                             "samples_per_class": self.samples, "largest_se": self.max_se,
                             "resolve_z": RESOLVE_Z, "stopped_by": self.stopped_by,
                             "seconds": self.seconds}})
        return out


def class_label(order: HandOrder, c: int) -> str:
    """The label of class ``c``; ``"none"`` for ``n_classes`` (nobody goes in)."""
    return order.label(c) if c < order.n_classes else "none"
