"""tune: the payout knob value (``win_pays`` or ``commission``) that gives a target house edge.

:func:`tune` searches the knob with the exact engine (secant steps to bracket the root, then
scipy's ``brentq``) until the house edge under optimal play is the target. It needs only the
engine (:func:`~twentyone_burn.engine.game.analyze`), not the report.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

import numpy as np

from .defaults import KNOBS
from .engine.game import analyze
from .engine.results import Analysis
from .rules import Rules

__all__ = ["KNOBS", "MAX_DENOMINATOR", "Printable", "TuneError", "TuneResult", "printable_values",
           "tune"]

#: printable payouts: odds p:q with q at most this
MAX_DENOMINATOR = 20
#: printable commissions: whole steps of this share (0.5 %)
COMMISSION_STEP = Fraction(1, 200)


class TuneError(ValueError):
    """A target edge that no value of the knob gives (one line: what and the reachable range)."""




@dataclass(frozen=True)
class Printable:
    """A value a casino can print (odds 3:5, a 5 % commission) near the tuned one, valued
    exactly: its house edge under optimal play and its rules."""

    value: Fraction
    house_edge: float
    expected_return: float
    rules: Rules


@dataclass(frozen=True)
class TuneResult:
    """The knob value that gives the target edge, the tuned rules and the edge they give;
    ``printable``: the nearest printable values on either side, each valued exactly."""

    knob: str
    value: float
    target_edge: float
    house_edge: float
    expected_return: float
    element_of_risk: float
    rules: Rules
    evaluations: list[tuple[float, float]]   # (knob value, house edge) of every analysis run
    printable: tuple[Printable, ...] = field(default=())


def printable_values(knob: str, x: float) -> list[Fraction]:
    """The printable values nearest ``x`` on either side (one value when ``x`` is printable):
    for ``win_pays`` odds p:q with q at most :data:`MAX_DENOMINATOR` (above 0), for
    ``commission`` whole steps of 0.5 % (0 to below 100 %).

    >>> printable_values("win_pays", 0.6116937057520226)
    [Fraction(11, 18), Fraction(8, 13)]
    >>> printable_values("commission", 0.0437), printable_values("win_pays", 0.8)
    ([Fraction(1, 25), Fraction(9, 200)], [Fraction(4, 5)])
    """
    exact = Fraction(repr(float(x)))    # the decimal the rules read x as (0.8 is 4:5)
    if knob == "commission":
        step = COMMISSION_STEP
        lo = math.floor(exact / step) * step
        hi = math.ceil(exact / step) * step
        values = [v for v in (lo, hi) if 0 <= v < 1]
    else:
        below = [Fraction(math.floor(exact * q), q) for q in range(1, MAX_DENOMINATOR + 1)]
        above = [Fraction(math.ceil(exact * q), q) for q in range(1, MAX_DENOMINATOR + 1)]
        values = [v for v in (max(below), min(above)) if v > 0]
    return sorted(set(values))


def tune(rules: Rules, knob: str, target_edge: float, *,
         progress: Callable[[int, float, float], None] | None = None,
         evaluate: Callable[[Rules], Analysis] | None = None) -> TuneResult:
    """Find the value of ``knob`` (``win_pays`` or ``commission``) that gives the house
    ``target_edge`` per initial wager under optimal play, with scipy's ``brentq`` on the exact
    engine.

    The edge under optimal play is a maximum of functions linear in the win amount, so it is
    continuous and monotone in either knob (down in win_pays, up in commission), and nearly
    linear: secant steps from the rules' current value bracket the root in a few analyses,
    then ``brentq`` closes it to the last bit of the knob. progress(evaluation, knob value,
    edge) is called after each analysis; ``evaluate`` replaces :func:`analyze`: to tune the
    edge of a fixed strategy (a printed chart's tables; its edge is then exactly linear in the
    win amount), or for tests.

    >>> from types import SimpleNamespace as NS
    >>> fake = lambda r: NS(house_edge=0.3 - 0.5 * r.win_pays, expected_return=0,
    ...                     element_of_risk=0)
    >>> t = tune(Rules(), "win_pays", 0.05, evaluate=fake)
    >>> round(t.value, 12), len(t.evaluations) <= 6
    (0.5, True)
    """
    # scipy.optimize is imported on first use: the command line imports this module (for
    # KNOBS) on every command
    from scipy.optimize import brentq

    if knob not in KNOBS:
        raise TuneError(f"unknown knob {knob!r}; choose one of: {', '.join(KNOBS)}")
    if not (isinstance(target_edge, (int, float)) and math.isfinite(target_edge)
            and -1.0 < target_edge < 1.0):
        raise TuneError(f"target edge must be a fraction between -1 and 1 (e.g. 0.02 for 2%), "
                        f"not {target_edge!r}")
    lo, hi, sign = KNOBS[knob]
    evaluate = evaluate or analyze
    cache: dict[float, Any] = {}
    history: list[tuple[float, float]] = []

    def at(x: float) -> Any:
        x = float(x)
        if x not in cache:
            cache[x] = evaluate(rules.replace(**{knob: x}))
            history.append((x, cache[x].house_edge))
            if progress is not None:
                progress(len(history), x, cache[x].house_edge)
        return cache[x]

    def g(x: float) -> float:
        """Increasing in x, zero at the root."""
        return sign * (at(x).house_edge - target_edge)

    def tuned(x: float, a: Any) -> TuneResult:
        printable = []
        for v in printable_values(knob, x):
            r = rules.replace(**{knob: v if knob == "win_pays" else float(v)})
            p = evaluate(r)
            printable.append(Printable(v, p.house_edge, p.expected_return, r))
        return TuneResult(knob, x, target_edge, a.house_edge, a.expected_return,
                          a.element_of_risk, rules.replace(**{knob: x}), list(history),
                          tuple(printable))

    x0 = min(max(float(getattr(rules, knob)), lo), hi)
    below: tuple[float, float] | None = None   # (x, g) with g < 0
    above: tuple[float, float] | None = None   # (x, g) with g > 0
    pts: list[tuple[float, float]] = []
    x = x0
    for _ in range(40):
        gx = g(x)
        if gx == 0.0:
            return tuned(x, at(x))
        pts.append((x, gx))
        if gx < 0 and (below is None or x > below[0]):
            below = (x, gx)
        if gx > 0 and (above is None or x < above[0]):
            above = (x, gx)
        if below is not None and above is not None:
            break
        # the root lies above x when g(x) < 0
        if (gx < 0 and x >= hi) or (gx > 0 and x <= lo):
            raise TuneError(
                f"no {knob} gives a house edge of {_pct(target_edge)}: {knob} = {x:.12g} "
                f"(its {'highest' if x >= hi else 'lowest'} value) gives "
                f"{_pct(at(x).house_edge)}")
        if len(pts) >= 2 and pts[-1][1] != pts[-2][1]:
            (xa, ga), (xb, gb) = pts[-2], pts[-1]
            slope = (gb - ga) / (xb - xa)
        else:
            # the edge moves by about one unit of the win amount per unit of the knob
            other = float(rules.commission if knob == "win_pays" else rules.win_pays)
            slope = max(1.0 - other if knob == "win_pays" else other, 1e-3)
        if not (slope > 0 and math.isfinite(slope)):
            slope = 1.0
        step_ = -gx / slope
        # overshoot a little, so the next point lands past the root and brackets it
        step_ += math.copysign(1e-9 * max(1.0, abs(x)) + 1e-4 * abs(step_), step_)
        x = min(max(x + step_, lo), hi)
    else:  # pragma: no cover - the edge is monotone and continuous; 40 steps always bracket
        raise TuneError(f"could not bracket a house edge of {_pct(target_edge)} with {knob}")
    brentq(g, below[0], above[0], xtol=1e-15, rtol=4 * np.finfo(float).eps)
    # every point brentq tried was analysed: keep the one whose edge is nearest the target
    root = min(cache, key=lambda x: (abs(cache[x].house_edge - target_edge), x))
    return tuned(float(root), at(root))


def _pct(x: float) -> str:
    return f"{100 * x:.6g}%"
