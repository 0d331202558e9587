"""counting: card counts as tag vectors, and the true count a simulated shoe is tallied by.

A count gives each rank (A, 2..9, T in the toolkit's order) an integer tag; a count with half
tags (Wong Halves) is held doubled (``scale`` 2), so the kernel's running count stays an
integer and every tally adds up exactly across chunks. The running count is the sum of the
tags of every card dealt since the shuffle: in 21 Burn every card of a round is seen by its
end (the player's three cards, the burned one included, its hit, split and double cards, the
dealer's up card, the two concealed cards the dealer reveals before it burns, and its draws),
so the count before a round covers every card dealt before it, and none of the round's own.

The true count before a round is running count / decks remaining, with

- decks remaining (``decks``): ``exact`` (cards left / 52, the default: what a simulation
  can know exactly), ``half`` (rounded to the nearest half deck, at least a half) or
  ``whole`` (the nearest whole deck, at least one) - the last two are what a player
  estimating the discard tray does;
- the division rounded (``rounding``): ``floor`` (the default, the usual convention in the
  counting literature for index plays), ``trunc`` (toward zero) or ``nearest`` (halves away
  from zero);

and clamped to -TC_MAX..TC_MAX (-10..+10): the rounds beyond are tallied at the end rows.
The arithmetic is integer (``tc_arrays``), so every machine gets the same true counts.

>>> c = parse_count("hi-lo")
>>> c.name, c.tags, c.scale, c.balanced
('hi-lo', (-1, 1, 1, 1, 1, 1, 0, 0, 0, -1), 1, True)
>>> parse_count("wong-halves").tags[:3], parse_count("wong-halves").scale
((-2, 1, 2), 2)
>>> parse_count("A=-1,2=1,3=1,4=1,5=1,6=1,T=-1").name
'A=-1,2=1,3=1,4=1,5=1,6=1,7=0,8=0,9=0,T=-1'
>>> true_count(-7, 156, TrueCountRule())        # -7 / 3 decks, floored
-3
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from ..card_counts import ALIASES, COUNTS
from ..shoe import NRANKS, RANKS, CardError, parse_rank
from ._kernel import TC_MAX
from .errors import SimulationError

__all__ = ["COUNTS", "DECKS_MODES", "ROUNDINGS", "ROUND_CODES", "TC_MAX", "Count", "TrueCountRule",
           "parse_count", "tc_arrays", "true_count"]

DECKS_MODES = ("exact", "half", "whole")
ROUNDINGS = ("floor", "trunc", "nearest")
#: ``TrueCountRule.rounding`` as the kernel's ``tc_round`` code
ROUND_CODES = {"floor": 0, "trunc": 1, "nearest": 2}


@dataclass(frozen=True)
class Count:
    """A count: its name and its integer tags over A, 2..9, T, held ``scale`` times over
    (2 for half tags). ``balanced``: the tags of a full deck add up to zero."""

    name: str
    tags: tuple[int, ...]
    scale: int = 1

    @property
    def balanced(self) -> bool:
        """A full deck counts to zero."""
        return sum(t * (4 if r < NRANKS - 1 else 16) for r, t in enumerate(self.tags)) == 0

    @property
    def values(self) -> tuple[float, ...]:
        """The tags as the count states them (halves for Wong Halves)."""
        return tuple(t / self.scale for t in self.tags)

    def to_dict(self) -> dict[str, object]:
        """The count as plain JSON values."""
        return {"name": self.name, "tags": dict(zip(RANKS, self.values, strict=True)),
                "balanced": self.balanced}


def _scaled(name: str, values: tuple[float, ...] | list[Fraction]) -> Count:
    fr = [Fraction(v).limit_denominator(1000) for v in values]
    scale = math.lcm(*(f.denominator for f in fr))
    if scale > 2:
        raise SimulationError(f"count {name}: tags must be whole or half numbers")
    return Count(name, tuple(int(f * scale) for f in fr), scale)


def parse_count(text: str) -> Count:
    """A named count (:data:`twentyone_burn.card_counts.COUNTS`, or an alias: case and
    ``_``/space for ``-`` are forgiven) or user tags
    ``"A=-1,2=1,..."`` (ranks A, 2..9, T/10/J/Q/K; unnamed ranks tag 0; whole or half tags).

    >>> parse_count("Hi_Opt 2").name
    'hi-opt-ii'
    >>> parse_count("X=1")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    twentyone_burn.sim.errors.SimulationError: count tags 'X=1': unknown rank 'X'; ...
    """
    key = text.strip().lower().replace("_", "-").replace(" ", "-")
    key = ALIASES.get(key, key)
    if key in COUNTS:
        return _scaled(key, COUNTS[key])
    if "=" not in text:
        raise SimulationError(f"unknown count {text!r}; give one of {', '.join(COUNTS)} or "
                              f"tags like A=-1,2=1,3=1,4=1,5=1,6=1,T=-1")
    tags: list[Fraction] = [Fraction(0)] * NRANKS
    seen: set[int] = set()
    for part in text.split(","):
        if not part.strip():
            continue
        rank_text, sep, value = part.partition("=")
        try:
            r = parse_rank(rank_text.strip())
        except CardError:
            raise SimulationError(f"count tags {text!r}: unknown rank {rank_text.strip()!r}; "
                                  f"ranks are A, 2-9, T (or 10, J, Q, K)") from None
        if r in seen:
            raise SimulationError(f"count tags {text!r}: rank {RANKS[r]} is tagged twice")
        seen.add(r)
        try:
            tags[r] = Fraction(value.strip())
        except (ValueError, ZeroDivisionError):
            raise SimulationError(f"count tags {text!r}: tag {value.strip()!r} of {RANKS[r]} is "
                                  f"not a number") from None
        if tags[r].denominator > 2 or abs(tags[r]) > 100:
            raise SimulationError(f"count tags {text!r}: tag of {RANKS[r]} must be a whole or "
                                  f"half number between -100 and 100")
    if not any(tags):
        raise SimulationError(f"count tags {text!r}: every tag is 0; tag some ranks")
    name = ",".join(f"{RANKS[r]}={_fmt(tags[r])}" for r in range(NRANKS))
    return _scaled(name, tags)


def _fmt(f: Fraction) -> str:
    return str(f.numerator) if f.denominator == 1 else str(float(f))


@dataclass(frozen=True)
class TrueCountRule:
    """How a running count becomes a true count: decks remaining (``decks``: exact, half,
    whole) and the division's rounding (``rounding``: floor, trunc, nearest)."""

    decks: str = "exact"
    rounding: str = "floor"

    def __post_init__(self) -> None:
        if self.decks not in DECKS_MODES:
            raise SimulationError(f"true-count decks {self.decks!r}: give one of "
                                  f"{', '.join(DECKS_MODES)}")
        if self.rounding not in ROUNDINGS:
            raise SimulationError(f"true-count rounding {self.rounding!r}: give one of "
                                  f"{', '.join(ROUNDINGS)}")

    def to_dict(self) -> dict[str, object]:
        """The conversion as plain JSON values."""
        return {"decks_remaining": self.decks, "rounding": self.rounding,
                "clamp": [-TC_MAX, TC_MAX]}


def tc_arrays(cards: int, count: Count, rule: TrueCountRule) -> tuple[np.ndarray, np.ndarray]:
    """(mult, den), int64 over cards left 0..cards: the true count with ``top`` cards left is
    running count x mult[top] / den[top] (den > 0), running count in the count's scaled tags.

    >>> m, d = tc_arrays(312, parse_count("hi-lo"), TrueCountRule("half"))
    >>> int(m[100]), int(d[100])        # 100 cards: 3.85 half decks -> 4 halves, 2 decks
    (2, 4)
    """
    top = np.arange(cards + 1, dtype=np.int64)
    if rule.decks == "exact":
        mult = np.full(cards + 1, 52, dtype=np.int64)
        den = np.maximum(top, 1)
    elif rule.decks == "half":
        mult = np.full(cards + 1, 2, dtype=np.int64)
        den = np.maximum((top + 13) // 26, 1)
    else:
        mult = np.ones(cards + 1, dtype=np.int64)
        den = np.maximum((top + 26) // 52, 1)
    return mult, den * count.scale


def true_count(running: int, cards_left: int, rule: TrueCountRule, scale: int = 1) -> int:
    """The true count of a (scaled) running count with ``cards_left`` cards left, as the
    kernel computes it (plain Python, for the tests and for readers), clamped to +-TC_MAX.

    >>> true_count(5, 130, TrueCountRule("exact", "nearest")), true_count(-5, 130,
    ...     TrueCountRule("exact", "trunc"))
    (2, -2)
    """
    c = Count("x", (0,) * NRANKS, scale)
    mult, den = tc_arrays(cards_left, c, rule)
    num, d = running * int(mult[cards_left]), int(den[cards_left])
    if rule.rounding == "floor":
        tc = num // d
    else:
        q = (2 * abs(num) + d) // (2 * d) if rule.rounding == "nearest" else abs(num) // d
        tc = -q if num < 0 else q
    return max(-TC_MAX, min(TC_MAX, tc))

