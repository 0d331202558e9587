"""exposure: what a flashed dealer concealed card is worth to the player - exactly.

21 Burn's dealer holds two concealed cards (the outside ones) beside its up card, and burns
the highest of the three after the player's hands are done. A player who sees a concealed
card knows more than its rank: with the up card it narrows which card the dealer will burn
and so which two cards the dealer plays. Four levels of exposure, each with the player's play
(burn, stand / hit / double, splits) re-optimised for what it knows:

- ``none``: the ordinary game (nothing seen);
- ``one`` (a): one named concealed card (say the left one) is seen;
- ``both`` (b): both concealed cards are seen;
- ``ten`` (c): the player learns only whether the named concealed card is ten-valued
  (a ten, jack, queen or king) - not its rank when it is not.

Every figure is a complete enumeration (``engine/exposed.py``): for each up card and each
seen card (or pair), the exact engine on the shoe less the seen cards, against the dealer
conditioned on them; the round's return is the average over what is seen, weighted by its
probability. In the classic deal (one hole card, :func:`classic_hole_card`) seeing the hole
card is the well-known hole-carding advantage.

>>> from twentyone_burn.rules import Rules
>>> e = exposure_returns(Rules(decks=None), ups=(5,), levels=("none", "one", "ten"))
>>> e.none < e.ten < e.one             # 6 up only, (b) left out: a quick example
True
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field

import numpy as np

from ..engine.exposed import classic_hole_return, exposed_return, seen_probability
from ..rules import Rules, RulesError
from ..shoe import NRANKS, RANKS, full_shoe

__all__ = ["EXPOSURE_LEVELS", "ExposureReturns", "HoleCardReturns", "LEVEL_TEXT",
           "classic_hole_card", "exposure_returns"]

#: the levels of exposure, in order of what the player learns (see the module's docstring)
EXPOSURE_LEVELS = ("none", "one", "both", "ten")

#: what each level means, in a line (reports and the command's output)
LEVEL_TEXT = {
    "none": "no exposure (the ordinary game)",
    "one": "(a) one named concealed card seen",
    "both": "(b) both concealed cards seen",
    "ten": "(c) whether the named concealed card is ten-valued",
}

TEN = 9


@dataclass(frozen=True)
class ExposureReturns:
    """Exact expected returns (the player's, per initial wager) at each level of exposure.

    ``none`` / ``one`` / ``both`` / ``ten``: see the module's docstring. ``by_up[level][up]``:
    the return given the up card (rank name), and ``up_probability[up]`` its probability, for
    the up cards computed (all ten unless ``ups`` was given).
    """

    rules: Rules
    none: float
    one: float
    both: float
    ten: float
    up_probability: dict[str, float] = field(default_factory=dict)
    by_up: dict[str, dict[str, float]] = field(default_factory=dict)

    def value(self, level: str) -> float:
        """The return at ``level`` (one of :data:`EXPOSURE_LEVELS`).

        >>> ExposureReturns(Rules(), 0.28, 0.30, 0.40, 0.29).value("both")
        0.4
        """
        return float(getattr(self, level))

    def gain(self, level: str) -> float:
        """What ``level``'s exposure adds to the player's return (never negative: seeing
        more cannot hurt an optimal player).

        >>> round(ExposureReturns(Rules(), 0.28, 0.30, 0.40, 0.29).gain("one"), 12)
        0.02
        """
        return self.value(level) - self.none

    def to_dict(self) -> dict[str, object]:
        """The figures as plain data (the command's ``--json``; rules and provenance are the
        caller's to add).

        >>> sorted(ExposureReturns(Rules(), 0.28, 0.30, 0.40, 0.29).to_dict())
        ['by_up', 'expected_return', 'gain', 'levels', 'up_probability']
        """
        return {
            "levels": dict(LEVEL_TEXT),
            "expected_return": {lv: self.value(lv) for lv in EXPOSURE_LEVELS},
            "gain": {lv: self.gain(lv) for lv in EXPOSURE_LEVELS},
            "up_probability": dict(self.up_probability),
            "by_up": {lv: dict(v) for lv, v in self.by_up.items()},
        }


def exposure_returns(rules: Rules, shoe: np.ndarray | None = None, *,
                     ups: tuple[int, ...] | None = None,
                     levels: tuple[str, ...] = EXPOSURE_LEVELS,
                     progress: Callable[[int], None] | None = None) -> ExposureReturns:
    """The exact expected return with no exposure, (a) one named concealed card seen, (b) both
    seen and (c) only whether the named card is ten-valued; optimal play for each.

    ``shoe``: the ten counts dealt from (default: the rules' full shoe). ``ups``: only these
    up cards (ranks; the figures are then the returns *given* one of them, weighted by their
    probabilities - for quick checks); None: all ten, the whole game. ``progress`` is
    called with the number of up cards finished. ``levels``: without "both", the 55 seen
    pairs of each up card (most of the work) are skipped and "both" is nan; the other
    levels cost little and are always computed. Six decks take about ten minutes.

    >>> e = exposure_returns(Rules())       # six decks, every level  # doctest: +SKIP
    >>> round(e.gain("both"), 6)                                    # doctest: +SKIP
    0.113312
    """
    if rules.classic:
        raise RulesError("hole-card exposure here is 21 Burn's two concealed cards; for the "
                         "classic deal's hole card use protection.exposure.classic_hole_card")
    if shoe is None and not rules.infinite:
        shoe = full_shoe(rules.decks)
    if not set(levels) <= set(EXPOSURE_LEVELS):
        raise ValueError(f"levels are some of {EXPOSURE_LEVELS}, not {levels}")
    chosen = tuple(range(NRANKS)) if ups is None else tuple(ups)
    totals = {lv: 0.0 for lv in EXPOSURE_LEVELS}
    by_up: dict[str, dict[str, float]] = {lv: {} for lv in EXPOSURE_LEVELS}
    up_prob: dict[str, float] = {}
    weight = 0.0
    for done, up in enumerate(chosen, 1):
        pu = seen_probability(rules, up, (), shoe)
        if pu == 0.0:
            continue
        weight += pu
        up_prob[RANKS[up]] = pu
        er: dict[str, float] = {"none": exposed_return(rules, up, (), shoe)}
        one = {c: exposed_return(rules, up, (c,), shoe) for c in range(NRANKS)
               if seen_probability(rules, up, (c,), shoe) > 0}
        er["one"] = sum(seen_probability(rules, up, (c,), shoe) / pu * v
                        for c, v in one.items())
        both = 0.0 if "both" in levels else math.nan
        for c1 in range(NRANKS if "both" in levels else 0):
            for c2 in range(c1, NRANKS):
                # the unordered pair: either order of the two concealed cards is seen alike
                p = seen_probability(rules, up, (c1, c2), shoe) * (1 if c1 == c2 else 2)
                if p > 0:
                    both += p / pu * exposed_return(rules, up, (c1, c2), shoe)
        er["both"] = both
        p_ten = seen_probability(rules, up, (TEN,), shoe) / pu
        # not a ten: the unnormalised E[result x 1{not a ten}] under play that knows it
        er["ten"] = (p_ten * one.get(TEN, 0.0) +
                     exposed_return(rules, up, (), shoe, not_first=TEN))
        for lv in EXPOSURE_LEVELS:
            by_up[lv][RANKS[up]] = float(er[lv])
            totals[lv] += pu * er[lv]
        if progress is not None:
            progress(done)
    return ExposureReturns(rules, totals["none"] / weight, totals["one"] / weight,
                           totals["both"] / weight, totals["ten"] / weight,
                           up_probability={k: v / weight for k, v in up_prob.items()},
                           by_up=by_up)


@dataclass(frozen=True)
class HoleCardReturns:
    """The classic deal's exact expected return without and with the hole card seen
    (hole-carding), optimal play for each; ``by_up[up]``: (none, seen) given the up card."""

    rules: Rules
    none: float
    hole: float
    by_up: dict[str, tuple[float, float]] = field(default_factory=dict)

    @property
    def gain(self) -> float:
        """What seeing the hole card adds to the player's return.

        >>> round(HoleCardReturns(Rules(), -0.005, 0.10).gain, 12)
        0.105
        """
        return self.hole - self.none

    def to_dict(self) -> dict[str, object]:
        """The figures as plain data (rules and provenance are the caller's to add).

        >>> sorted(HoleCardReturns(Rules(), -0.005, 0.10).to_dict())
        ['by_up', 'expected_return', 'gain']
        """
        return {"expected_return": {"none": self.none, "hole_card": self.hole},
                "gain": {"hole_card": self.gain},
                "by_up": {k: {"none": a, "hole_card": b} for k, (a, b) in self.by_up.items()}}


def classic_hole_card(rules: Rules, shoe: np.ndarray | None = None, *,
                      progress: Callable[[int], None] | None = None) -> HoleCardReturns:
    """The classic deal (``rules.classic``) without and with the dealer's hole card seen.

    ``none`` is the classic engine's analysis (``engine.classic.analyze_classic``); ``hole``
    averages :func:`~twentyone_burn.engine.exposed.classic_hole_return` over the up card and
    the hole card. Six decks take about 15 s.

    >>> r = Rules(decks=None, player_cards=2, dealer_burn=False, naturals="peek")
    >>> h = classic_hole_card(r)                  # doctest: +SKIP
    """
    from ..engine.classic import analyze_classic, up_values

    if not rules.classic:
        raise RulesError("the hole card is the classic deal's; give classic rules (--rules "
                         "classic-blackjack, or --classic), or use exposure_returns for 21 Burn")
    if shoe is None and not rules.infinite:
        shoe = full_shoe(rules.decks)
    none = analyze_classic(rules, shoe).expected_return
    by_up: dict[str, tuple[float, float]] = {}
    hole = 0.0
    for up in range(NRANKS):
        pu = seen_probability(rules, up, (), shoe)
        if pu == 0.0:
            continue
        seen = sum(seen_probability(rules, up, (h,), shoe) / pu *
                   classic_hole_return(rules, up, h, shoe) for h in range(NRANKS)
                   if seen_probability(rules, up, (h,), shoe) > 0)
        hole += pu * seen
        # the up card's own return without the hole card, for the breakdown
        plain = _classic_up_return(rules, up, shoe, up_values)
        by_up[RANKS[up]] = (float(plain), float(seen))
        if progress is not None:
            progress(up + 1)
    return HoleCardReturns(rules, float(none), float(hole), by_up)


def _classic_up_return(rules: Rules, up: int, shoe: np.ndarray | None,
                       up_values: Callable[..., object]) -> float:
    """The classic round's return given the up card, hole card unseen."""
    from ..engine.classic import deal_hand
    from ..shoe import draw_probability

    v = up_values(rules, up, shoe)
    total = er = 0.0
    for a in range(NRANKS):
        for c in range(a, NRANKS):
            s = None if shoe is None else np.asarray(shoe, np.int64)
            p = draw_probability(s, (up, a, c)) * (1 if a == c else 2)
            if p == 0.0:
                continue
            e = deal_hand(rules, v, (a, c), shoe)  # type: ignore[arg-type]
            if e is None:
                continue
            total += p
            er += p * e.round_ev
    return er / total
