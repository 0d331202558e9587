"""The symmetric mixed equilibrium at a best-response cycle (no pure threshold equilibrium).

When the best responses cycle between two neighbouring classes ``b`` and ``b + 1`` (BR(b) =
b + 1, BR(b + 1) = b), the symmetric equilibrium mixes: every player goes in with the classes
above ``b``, and with ``b`` with probability ``q``; ``q`` makes ``b`` indifferent, EV(in) =
EV(out) = 0 when everyone plays that way.

**Exact.** With ``m`` other deciders, each one holds a class above ``b`` (in), ``b`` (in with
probability ``q``, else out) or below ``b`` (out). The EV of going in is a sum over how many
other deciders are of each kind, ``(a, i, o, d)``: the multinomial times the exact count of the
deals with seats so restricted (:func:`~guts_family.odds.multiway.multiway_odds`, card removal
included) times ``q**i * (1 - q)**o`` - a polynomial in ``q`` with fraction coefficients,
numerator and denominator (:func:`mixed_in_ev_poly`). q = 0 is the pure threshold ``b + 1``, q
= 1 the pure threshold ``b``: the numerator is positive at 0 and not at 1 on a cycle, so a root
lies between; :func:`mixed_equilibrium` brackets it by bisection on exact fractions to 1e-12
and counts the roots in [0, 1] by a Sturm sequence (1: no other q). It checks the rest of the
equilibrium at both ends of the bracket: the class above ``b`` pays, the class below does not.

>>> from guts_family.hands import ONE
>>> s = ThresholdSearch("guts321", ONE, 7, 7.0, None, "replay", "split")
>>> m = mixed_equilibrium(s, ONE.class_from_label("K"))  # doctest: +SKIP
>>> round(m.q, 6), m.checked, m.roots  # doctest: +SKIP
(0.838328, True, 1)
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from fractions import Fraction

from guts_family.games.equilibrium.result import MixedPoint
from guts_family.games.equilibrium.search import ThresholdSearch
from guts_family.games.registry import get_game
from guts_family.hands import HandOrder
from guts_family.odds import Seat
from guts_family.odds.multiway import multiway_odds

__all__ = ["Q_TOLERANCE", "mixed_in_ev_poly", "poly_value", "sturm_roots", "mixed_equilibrium"]

#: the width of the exact bracket around q
Q_TOLERANCE = Fraction(1, 10 ** 12)

Poly = list[Fraction]  # coefficients, constant first


def _add(p: Poly, k: int, v: Fraction) -> None:
    while len(p) <= k:
        p.append(Fraction(0))
    p[k] += v


def mixed_in_ev_poly(game: str, order: HandOrder, hero: Sequence[int], players: int,
                     boundary: int, pot: float, cap: float | None, tie: str, player_tie: str,
                     deck: Sequence[int] | None = None) -> tuple[Poly, Poly]:
    """(numerator, denominator) of the exact EV of going in with ``hero`` as polynomials in
    ``q``, when every other decider goes in above ``boundary`` and with ``boundary`` with
    probability ``q`` (suit-blind orders, counted by ranks).

    >>> from guts_family.cards import parse_cards
    >>> from guts_family.hands import ONE
    >>> num, den = mixed_in_ev_poly("guts321", ONE, parse_cards("Ah"), 2, 11, 2.0, None,
    ...                             "replay", "split")
    >>> poly_value(num, Fraction(0)) / poly_value(den, Fraction(0)) > 0
    True
    """
    g = get_game(game)
    m = g.deciders(players)
    top = order.n_classes
    num: Poly = []
    den: Poly = []
    for a in range(m + 1):
        for i in range(m - a + 1):
            for o in range(m - a - i + 1):
                d = m - a - i - o
                if (a and boundary + 1 >= top) or (d and boundary <= 0):
                    continue
                seats = g.round_seats(a + i)
                seats += [Seat(f"in {k + 1}", min_class=boundary + 1) for k in range(a)]
                seats += [Seat(f"mixed in {k + 1}", min_class=boundary, max_class=boundary)
                          for k in range(i)]
                seats += [Seat(f"mixed out {k + 1}", min_class=boundary, max_class=boundary,
                               plays=False) for k in range(o)]
                seats += [Seat(f"out {k + 1}", max_class=boundary - 1, plays=False)
                          for k in range(d)]
                if not seats:
                    seats = [Seat("out", plays=False)]
                odds = multiway_odds(order, hero, seats, deck=deck, allow_empty=True)
                if odds.total == 0:
                    continue
                w = (math.factorial(m) // (math.factorial(a) * math.factorial(i)
                                           * math.factorial(o) * math.factorial(d))
                     * odds.total)
                ev = odds.ev_exact(pot, cap, tie, player_tie)
                for j in range(o + 1):  # q**i (1 - q)**o, expanded
                    c = Fraction(w * math.comb(o, j) * (-1) ** j)
                    _add(num, i + j, c * ev)
                    _add(den, i + j, c)
    return num, den


def poly_value(p: Poly, x: Fraction) -> Fraction:
    """The polynomial's value at ``x`` (Horner, exact).

    >>> poly_value([Fraction(1), Fraction(-2)], Fraction(1, 2))
    Fraction(0, 1)
    """
    out = Fraction(0)
    for c in reversed(p):
        out = out * x + c
    return out


def _trim(p: Poly) -> Poly:
    p = list(p)
    while p and p[-1] == 0:
        p.pop()
    return p


def _rem(a: Poly, b: Poly) -> Poly:
    a = _trim(a)
    b = _trim(b)
    while len(a) >= len(b) and a:
        f = a[-1] / b[-1]
        s = len(a) - len(b)
        for k, c in enumerate(b):
            a[s + k] -= f * c
        a = _trim(a[:-1]) if a[-1] == 0 else _trim(a)
    return a


def sturm_roots(p: Poly, lo: Fraction, hi: Fraction) -> int:
    """The number of distinct real roots of ``p`` in (lo, hi] (Sturm's theorem, exact).

    >>> sturm_roots([Fraction(-1, 4), Fraction(0), Fraction(1)], Fraction(0), Fraction(1))
    1
    """
    p = _trim(p)
    if len(p) <= 1:
        return 0
    seq = [p, _trim([k * c for k, c in enumerate(p)][1:])]
    while len(seq[-1]) > 1:
        r = _rem(seq[-2], seq[-1])
        if not r:
            break
        seq.append([-c for c in r])

    def changes(x: Fraction) -> int:
        vals = [v for v in (poly_value(q, x) for q in seq) if v != 0]
        return sum(1 for u, v in zip(vals, vals[1:]) if (u > 0) != (v > 0))

    return changes(lo) - changes(hi)


def mixed_equilibrium(s: ThresholdSearch, boundary: int) -> MixedPoint | None:
    """The symmetric mixed equilibrium of a cycle between ``boundary`` and the next class of
    the deck in play, on the search's question (exact, suit-blind orders); None when the
    boundary's EV does not change sign between q = 0 and q = 1 (not such a cycle)."""
    order = s.order
    cls = s.classes()
    i = cls.index(boundary)

    def poly(c: int) -> tuple[Poly, Poly]:
        return mixed_in_ev_poly(s.game, order, s.hand(c), s.players, boundary, s.pot, s.cap,
                                str(s.tie), str(s.player_tie), s.deck)

    num, den = poly(boundary)
    lo, hi = Fraction(0), Fraction(1)
    if not (poly_value(num, lo) > 0 >= poly_value(num, hi)):
        return None
    if poly_value(num, hi) == 0:
        lo = hi
    while hi - lo > Q_TOLERANCE:
        mid = (lo + hi) / 2
        if poly_value(num, mid) > 0:
            lo = mid
        else:
            hi = mid

    def ev(p: tuple[Poly, Poly], q: Fraction) -> Fraction:
        return poly_value(p[0], q) / poly_value(p[1], q)

    above = poly(cls[i + 1]) if i + 1 < len(cls) else None
    below = poly(cls[i - 1]) if i > 0 else None
    checked = all((above is None or ev(above, q) > 0) and (below is None or ev(below, q) <= 0)
                  for q in (lo, hi))
    q = (lo + hi) / 2
    sizes = order.class_sizes
    share = float((Fraction(int(sizes[boundary + 1:].sum())) + q * int(sizes[boundary]))
                  / int(sizes.sum()))
    return MixedPoint(boundary, float(q), lo, hi, float(ev((num, den), q)),
                      float(ev((num, den), lo)), float(ev((num, den), hi)),
                      None if above is None else float(ev(above, q)),
                      None if below is None else float(ev(below, q)), checked,
                      sturm_roots(num, Fraction(0), Fraction(1)), share)
