"""Hand ranges of the three-, two- and one-card games: the syntax, parsed to an interval of classes.

A range is an interval ``low .. high`` of dense hand classes of one hand order (0 = weakest, see
:mod:`guts_family.hands`), so a seat restricted to it is a :class:`~guts_family.odds.Seat` with
``min_class`` / ``max_class``. The syntax (case-insensitive, spaces ignored):

==================  ==========================================================================
``any``, ``*``      every hand
``pair+``           a category or better: ``pair+``, ``trips+`` (``three-of-a-kind+``); poker
                    order also ``flush+``, ``straight+``, ``straight-flush``; ``pair`` alone
                    (no ``+``): that category only
``K-high+``         the weakest hand whose top card is a K, or better (``Khigh+``, ``K+``);
                    ``A-high+`` in the poker order starts at A42 (A-3-2 is a straight)
``KQ9+``            a class label or better (a minimum class); ``KQ9`` alone: that class only;
                    ``77`` (three-card orders): every pair of sevens
``77-AAA``          from one label to another, both included (the weaker first)
``top 20%``         the strongest classes holding at least 20% of all hands (``top20%``)
==================  ==========================================================================

**The order of ``top P%``** is the game's own hand order: classes from the strongest down, each
taken whole (a class is never split), until their hands (combinations over the full 52-card
deck) make up at least P% of all hands. ``top 100%`` is every hand; ``top 0%`` is refused.

A range no hand satisfies (``AAA-KK2``, an unknown label) raises a one-line
:class:`~guts_family.cards.CardError`.

>>> from guts_family.hands import VALUE3
>>> r = parse_range("pair+", VALUE3)
>>> VALUE3.label(r.low), r.high == VALUE3.n_classes - 1, r.combos, round(r.share, 4)
('322', True, 3796, 0.1718)
>>> VALUE3.label(parse_range("top 20%", VALUE3).low)
'AK3'
>>> parse_range("AAA-KK2", VALUE3)
Traceback (most recent call last):
...
guts_family.cards.CardError: no hand is in the range 'AAA-KK2': AAA is above KK2
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from guts_family.cards import RANK_CHARS, CardError, quoted
from guts_family.defaults import RANGE_HELP
from guts_family.hands import HandOrder

__all__ = ["HandRange", "parse_range", "top_share_class", "RANGE_HELP"]


_CATEGORY_ALIASES = {"trips": "three of a kind", "threeofakind": "three of a kind",
                     "set": "three of a kind", "pairs": "pair", "highcard": "high card",
                     "high": "high card", "flushes": "flush", "straights": "straight",
                     "straightflush": "straight flush", "sf": "straight flush"}


@dataclass(frozen=True)
class HandRange:
    """An interval of hand classes of one order, with the text it was parsed from.

    >>> from guts_family.hands import ONE
    >>> r = parse_range("Q+", ONE)
    >>> r.low, r.high, r.combos, r.describe()
    (10, 12, 12, 'Q+ (Q to A, 12 of 52 hands, 23.08%)')
    """

    order: str
    low: int
    high: int
    text: str
    combos: int
    all_combos: int

    @property
    def share(self) -> float:
        """The fraction of all hands (full deck) in the range."""
        return self.combos / self.all_combos

    @property
    def is_everything(self) -> bool:
        """True when the range holds every hand."""
        return self.combos == self.all_combos

    def describe(self) -> str:
        """One line: the text, the classes it spans and its share of all hands."""
        from guts_family.hands import get_order

        o = get_order(self.order)
        return (f"{self.text} ({o.label(self.low)} to {o.label(self.high)}, {self.combos:,} of "
                f"{self.all_combos:,} hands, {100 * self.share:.2f}%)")

    def as_dict(self) -> dict:
        """Plain dict for JSON."""
        from guts_family.hands import get_order

        o = get_order(self.order)
        return {"text": self.text, "order": self.order, "low": o.label(self.low),
                "high": o.label(self.high), "low_class": self.low, "high_class": self.high,
                "combos": self.combos, "all_combos": self.all_combos, "share": self.share}


def top_share_class(order: HandOrder, percent: float) -> int:
    """The weakest class of ``top percent%``: the strongest classes, each whole, until their hands
    reach ``percent`` % of all hands (full deck).

    >>> from guts_family.hands import TWO
    >>> TWO.label(top_share_class(TWO, 5.8)), TWO.label(top_share_class(TWO, 5.9))  # 78 pairs
    ('22', 'AK')
    """
    if not 0 < percent <= 100:
        raise CardError(f"a top percentage must be above 0 and at most 100, got {percent:g}")
    sizes = order.class_sizes
    total = int(sizes.sum())
    need = Fraction(str(percent)) / 100 * total
    acc = 0
    for c in range(order.n_classes - 1, -1, -1):
        acc += int(sizes[c])
        if acc >= need:
            return c
    return 0


def _high_card_floor(order: HandOrder, rank: int) -> int:
    """The weakest class among the hands of the lowest category whose top card has ``rank``."""
    hands, cls = order.all_hands
    top = hands.max(axis=1) >> 2
    cats = np.array([order.category_index(c) for c in range(order.n_classes)])[cls]
    sel = (top == rank) & (cats == 0)
    if not sel.any():
        raise CardError(f"no {order.title} hand is only {RANK_CHARS[rank]} high")
    return int(cls[sel].min())


def _category_bounds(order: HandOrder, name: str) -> tuple[int, int] | None:
    key = re.sub(r"[\s_-]", "", name.lower())
    want = _CATEGORY_ALIASES.get(key, name.lower().replace("-", " ").replace("_", " "))
    for ci, cat in enumerate(order.categories):
        if cat.replace(" ", "") == want.replace(" ", ""):
            members = [c for c in range(order.n_classes) if order.category_index(c) == ci]
            return min(members), max(members)
    return None


def _single(order: HandOrder, token: str, text: str) -> tuple[int, int]:
    """The classes one token names (a category, an X-high, a label) as (low, high)."""
    t = token.strip()
    cat = _category_bounds(order, t)
    if cat is not None:
        return cat
    m = re.fullmatch(r"(10|[2-9TJQKA])(-?high)?", t, flags=re.IGNORECASE)
    if m and (m.group(2) or order.n_cards > 1):
        r = RANK_CHARS.index(m.group(1).upper().replace("10", "T"))
        low = _high_card_floor(order, r)
        nxt = [c for c in range(order.n_classes) if c > low and order.category_index(c) == 0
               and order.label(c)[0] != RANK_CHARS[r]]
        return low, (min(nxt) - 1 if nxt else order.n_classes - 1)
    u = t.upper().replace("10", "T")
    if order.n_cards == 3 and len(u) == 2 and u[0] == u[1] and u[0] in RANK_CHARS:
        members = [c for c in range(order.n_classes) if order.category(c) == "pair"
                   and order.label(c).count(u[0]) == 2]  # 77 = every pair of sevens
        if members:
            return min(members), max(members)
    c = order.class_from_label(t)
    return c, c


def parse_range(text: str, order: HandOrder) -> HandRange:
    """Parse a range (syntax: see the module) into an interval of ``order``'s classes.

    >>> from guts_family.hands import POKER3, TWO
    >>> [POKER3.label(parse_range(t, POKER3).low) for t in ("A-high+", "flush+", "KQ9+")]
    ['A42', '532s', 'KQ9']
    >>> r = parse_range("AQ-77", TWO); TWO.label(r.low), TWO.label(r.high)
    ('AQ', '77')
    """
    raw = text if isinstance(text, str) else str(text)
    t = raw.strip().replace(" ", "").lower()
    if not t:
        raise CardError("an empty range: give e.g. pair+, K-high+, KQ9+ or 'top 20%'")
    top = order.n_classes - 1
    m = re.fullmatch(r"top(\d+(?:\.\d+)?)%?", t)
    if t in ("any", "*", "all", "random"):
        low, high = 0, top
    elif m:
        low, high = top_share_class(order, float(m.group(1))), top
    elif t.endswith("+"):
        low, high = _single(order, t[:-1], raw)[0], top
    elif "-" in t and not re.fullmatch(r"[2-9tjqka]-high|straight-flush|three-of-a-kind|high-card",
                                       t):
        a, _, b = t.partition("-")
        low, high = _single(order, a, raw)[0], _single(order, b, raw)[1]
        if low > high:
            raise CardError(f"no hand is in the range {quoted(raw)}: {a.upper()} is above "
                            f"{b.upper()}")
    else:
        low, high = _single(order, t, raw)
    sizes = order.class_sizes
    combos = int(sizes[low:high + 1].sum())
    if combos == 0:
        raise CardError(f"no hand is in the range {quoted(raw)}")
    return HandRange(order.name, int(low), int(high), raw.strip(), combos, int(sizes.sum()))
