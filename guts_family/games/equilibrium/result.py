"""The equilibrium's result: one table size's threshold with its provenance (:class:`Equilibrium`).

>>> from guts_family.hands import ONE
>>> class_label(ONE, ONE.class_from_label("Q")), class_label(ONE, ONE.n_classes)
('Q', 'none')
"""

from __future__ import annotations

from dataclasses import dataclass

from guts_family._version import __version__
from guts_family.games.equilibrium.sampled_evs import RESOLVE_Z
from guts_family.hands import HandOrder

__all__ = ["METHOD", "METHOD_CARDS", "METHOD_SAMPLED", "Equilibrium", "class_label"]

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
