"""The search: best responses over threshold strategies and their fixed point.

**The method: best-response iteration over threshold strategies.** From ``t_0`` (the best
response to others going in with everything), ``t_{i+1} = BR(t_i)``; the best response is
found by bisection on the hero's class. Its premise is that the EV's sign changes once along
the order (checked on the full 2- and 1-card orders in the tests, and around every published
threshold); the EV itself need not rise everywhere (card removal: AK blocks the aces and
kings of players who go in with 44+). **Convergence test:** the iteration stops when
``BR(t) = t`` (a fixed point: an exact symmetric equilibrium, verified by the two EV signs
around it). If it revisits a threshold (a cycle, no pure fixed point on it) every threshold
between the cycle's ends is tried; if none is a fixed point the result says so
(``converged`` False) and reports the cycle.

**Every pure equilibrium, not the first found.** The iteration stops at the first fixed point
it meets; others may lie beside it (e.g. the Guts 3-card round at pot 100, cap 1: 974, 975 and
976). :func:`fixed_points` tests the fixed-point condition ``BR(t) = t`` on every class of a
window: :data:`FIXED_POINT_WINDOW` classes either side of the iteration's answer (a cycle:
of its ends), or every class of the order (``window=None``).

:class:`ThresholdSearch` asks the exact EVs of :mod:`~guts_family.games.equilibrium.model`;
the sampled search and the swap's searches subclass it and answer :meth:`ThresholdSearch.ev`
their own way.

>>> from guts_family.hands import ONE
>>> s = ThresholdSearch("guts321", ONE, 3, 3.0, None, "replay", "split")
>>> t, converged, path, note, cycle = fixed_point(s)
>>> ONE.label(t), converged, path
('Q', True, [9, 10])
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from guts_family.defaults import FIXED_POINT_WINDOW  # the help shows it
from guts_family.games.equilibrium.model import check_model, in_ev
from guts_family.games.equilibrium.result import class_label
from guts_family.games.registry import get_game
from guts_family.hands import HandOrder
from guts_family.odds import check_stakes, representatives

__all__ = ["MAX_ITERATIONS", "FIXED_POINT_WINDOW", "ThresholdSearch", "fixed_point",
           "fixed_points", "scan_span", "best_response"]

MAX_ITERATIONS = 60


@dataclass
class ThresholdSearch:
    """Best responses of one question (game, order, players, stakes), with a cache of EVs."""

    game: str
    order: HandOrder
    players: int
    pot: float
    cap: float | None
    tie: str | None
    player_tie: str | None
    deck: Sequence[int] | None = None
    cache: dict[tuple[int, int], Fraction] = field(default_factory=dict)

    def ev(self, hero_class: int, threshold: int) -> Fraction | float:
        """EV of going in with ``hero_class`` when the others use ``threshold`` (cached)."""
        key = (hero_class, threshold)
        if key not in self.cache:
            if self.order.suit_blind:
                hands = [(self.hand(hero_class), 1)]
            else:  # suit patterns differ (card removal on flushes): the class's mean
                hands = self.class_hands(hero_class)
            num = sum((w * in_ev(self.game, self.order, h, self.players, threshold, self.pot,
                                 self.cap, self.tie, self.player_tie, self.deck)
                       for h, w in hands), Fraction(0))
            self.cache[key] = num / sum(w for _, w in hands)
        return self.cache[key]

    def class_hands(self, c: int) -> list[tuple[list[int], int]]:
        """The hands of class c as (hand, weight): one per suit pattern with its number of
        hands (full deck), or every hand of the class in the deck in play."""
        if self.deck is None:
            reps, cls, mult = representatives(self.order)
            return [(list(h), int(m)) for h, k, m in zip(reps.tolist(), cls.tolist(),
                                                         mult.tolist()) if k == c]
        import itertools

        return [(list(h), 1) for h in itertools.combinations(sorted(self.deck), self.order.n_cards)
                if self.order.class_of(list(h)) == c]

    def hand(self, c: int) -> list[int]:
        """One hand of class c from the deck in play."""
        if self.deck is None:
            return self.order.representative(c)
        import itertools

        for h in itertools.combinations(sorted(self.deck), self.order.n_cards):
            if self.order.class_of(list(h)) == c:
                return list(h)
        raise ValueError(f"no hand of class {self.order.label(c)} in the deck in play")

    def classes(self) -> list[int]:
        """The hero's classes available in the deck in play, weakest first."""
        if self.deck is None:
            return list(range(self.order.n_classes))
        import itertools

        return sorted({self.order.class_of(list(h))
                       for h in itertools.combinations(sorted(self.deck), self.order.n_cards)})

    def best_response(self, threshold: int, guess: int | None = None) -> int:
        """The weakest class worth going in with (bisection; ``n_classes``: never)."""
        cls = self.classes()
        lo, hi = 0, len(cls)  # answer index in [lo, hi]; hi = never
        if guess is not None:  # gallop from the guess
            i = min(range(len(cls)), key=lambda j: abs(cls[j] - guess))
            step = 1
            if self.ev(cls[i], threshold) > 0:
                hi = i
                while hi - step >= 0 and self.ev(cls[hi - step], threshold) > 0:
                    hi -= step
                    step *= 2
                lo = max(0, hi - step)
            else:
                lo = i + 1
                while lo + step - 1 < len(cls) and self.ev(cls[lo + step - 1], threshold) <= 0:
                    lo += step
                    step *= 2
                hi = min(len(cls), lo + step - 1)
        while lo < hi:
            mid = (lo + hi) // 2
            if self.ev(cls[mid], threshold) > 0:
                hi = mid
            else:
                lo = mid + 1
        return cls[lo] if lo < len(cls) else self.order.n_classes


def fixed_point(s: ThresholdSearch, start: int = 0
                 ) -> tuple[int, bool, list[int], str, list[int]]:
    """Best-response iteration from BR(``start``): (threshold, converged, path, note, cycle)."""
    order = s.order
    t = s.best_response(start)
    path = [t]
    seen = {t}
    converged = False
    note = ""
    cycle: list[int] = []
    for _ in range(MAX_ITERATIONS):
        nxt = s.best_response(t, guess=t)
        if nxt == t:
            converged = True
            break
        if nxt in seen:  # a cycle: look for a fixed point between its ends
            cyc = path[path.index(nxt):]
            lo, hi = min(cyc), max(cyc)
            for cand in s.classes():
                if lo <= cand <= hi and s.best_response(cand, guess=cand) == cand:
                    t, converged = cand, True
                    path.append(cand)
                    break
            if not converged:
                names = ", ".join(class_label(order, c) for c in cyc)
                note = (f"best responses cycle through {names}: no pure symmetric threshold "
                        "equilibrium between them")
                cycle = sorted(set(cyc))
            break
        t = nxt
        path.append(t)
        seen.add(t)
    else:
        note = f"no fixed point within {MAX_ITERATIONS} iterations"
    return t, converged, path, note, cycle


def scan_span(s: ThresholdSearch, low: int, high: int, window: int | None = FIXED_POINT_WINDOW
              ) -> tuple[int, int]:
    """The classes (first, last) :func:`fixed_points` tests: ``window`` classes of the deck in
    play below ``low`` and above ``high``, or every class (``window=None``).

    >>> from guts_family.hands import ONE
    >>> s = ThresholdSearch("guts321", ONE, 3, 3.0, None, "replay", "split")
    >>> scan_span(s, 10, 10, 2), scan_span(s, 10, 10, None)
    ((8, 12), (0, 12))
    """
    cls = s.classes()
    if window is None:
        return cls[0], cls[-1]
    if window < 0:
        raise ValueError(f"the fixed-point window is a number of classes, 0 or more, got {window}")
    lo_i = min((i for i, c in enumerate(cls) if c >= low), default=len(cls) - 1)
    hi_i = max((i for i, c in enumerate(cls) if c <= high), default=0)
    return cls[max(0, lo_i - window)], cls[min(len(cls) - 1, hi_i + window)]


def fixed_points(s: ThresholdSearch, first: int, last: int) -> list[int]:
    """Every class ``t`` from ``first`` to ``last`` that is a best response to itself
    (``BR(t) = t``: ``t`` pays and the class below it does not, when the others use ``t``),
    weakest first; on exact EVs the signs are those of fractions. Under the search's premise
    (one sign change along the order) the two signs at ``t`` are the condition, as in
    :meth:`ThresholdSearch.best_response`.

    >>> from guts_family.hands import ONE
    >>> s = ThresholdSearch("guts321", ONE, 3, 3.0, None, "replay", "split")
    >>> [ONE.label(t) for t in fixed_points(s, 0, ONE.n_classes - 1)]
    ['Q']
    """
    cls = s.classes()
    out = []
    for i, t in enumerate(cls):
        if first <= t <= last and s.ev(t, t) > 0 and (i == 0 or s.ev(cls[i - 1], t) <= 0):
            out.append(t)
    return out


def best_response(game: str, players: int, threshold: int, pot: float, cap: float | None = None,
                  cards: int | None = None, tie: str | None = None,
                  player_tie: str | None = None) -> int:
    """The weakest class worth going in with when every other decider uses ``threshold``.

    >>> from guts_family.hands import ONE
    >>> ONE.label(best_response("guts321", 3, ONE.class_from_label("Q"), pot=3, cards=1))
    'Q'
    """
    order = get_game(game).order(cards)
    check_model(game, players, order)
    check_stakes(pot, cap)
    return ThresholdSearch(game, order, players, pot, cap, tie, player_tie).best_response(threshold)
