"""Omaha hand ranges: the syntax for the hands unknown opponents (the other burners) may hold.

A range is a set of four-card holdings, kept as a boolean mask over all C(52, 4) = 270,725 of
them, indexed by the combinatorial number of the sorted cards (:func:`hand_index`). Syntax
(case-insensitive; items separated by commas, the range is their union):

=====================  ========================================================================
``any``, ``random``    every holding
``AsAhKdKc``           that holding (cards together or apart: ``As Ah Kd Kc``)
``AA**``, ``AAxx``     a rank pattern: up to four positions, each a rank (``A``), a card
                       (``As``) or a wildcard (``*`` or ``x``); missing positions are wildcards
                       (``AA`` = ``AA**``). A holding matches when its cards can be laid on the
                       positions: ``AA**`` = at least two aces, ``AK**`` = an ace and a king,
                       ``AAKK`` = exactly two aces and two kings, ``As***`` = holds the As
``AAKKds``             a suit marker at the end (``$`` before it optional): ``ds`` double
                       suited (two cards of each of two suits), ``ss`` single suited (two of
                       one suit, the other two of two other suits), ``r`` rainbow (four suits);
                       alone (``ds``) it means any such holding
``top 20%``            the strongest holdings by the preflop ordering below, whole suit classes
                       at a time, until they make up at least 20% of all holdings
=====================  ========================================================================

**The preflop ordering** (for ``top P%``): a holding's equity preflop against one random
holding (every board, the opponent's four cards from the other 48), in the game in play (high
only, or high-low eight or better: ``hilo``). The 16,432 suit classes (holdings equal up to a
renaming of suits, which have the same equity) are ordered by it, strongest first, ties by the
class's smallest holding. The exact figure would need 2.1 * 10^11 deals per class, so the
table is **sampled**: 25,000 random deals per class (board and opponent) from the stream
``chunk_rng(2108, class)`` (:mod:`guts_family.sampling`), so the standard error of each
class's equity is at most 0.0032; it was built by
:func:`guts_family.omaha.preflop.build_preflop_table` and is stored as package data,
``guts_family/omaha/data/preflop-equity-{high,hilo}.npy`` (16 bits a class; rebuilt by
``scripts/build_preflop_table.py``, see the README beside them), so using it costs nothing
at run time. Classes whose equities are within a few standard errors of each other may be
swapped relative to the exact order; a top-percentage's edge is that fuzzy, nothing else is.

A range that no holding satisfies (an unknown rank, five positions, ``AAAAA``, ``top 0%``), or
that the cards already seen leave empty, raises a one-line
:class:`~guts_family.cards.CardError` (``guts-odds`` exits with code 2).

>>> r = parse_omaha_range("AA**")
>>> r.combos, round(r.share, 4)  # two, three or four aces
(6961, 0.0257)
>>> parse_omaha_range("AsAhKdKc, AAKKds").combos
7
>>> parse_omaha_range("top 10%").describe()  # doctest: +ELLIPSIS
'top 10% (27,078 of 270,725 holdings, 10.00%; preflop equity vs one random hand, high, ...)'
>>> parse_omaha_range("AAAAA")
Traceback (most recent call last):
...
guts_family.cards.CardError: range item 'AAAAA' has 5 positions; an Omaha holding has 4
"""

from __future__ import annotations

import io
import re
from dataclasses import dataclass, field
from functools import cache
from importlib.resources import files
from itertools import combinations, permutations
from math import comb

import numpy as np

from guts_family.cards import RANK_CHARS, SUIT_CHARS, CardError, cards_str, quoted
from guts_family.defaults import OMAHA_RANGE_HELP

__all__ = ["N_HOLDINGS", "N_CLASSES", "PREFLOP_SAMPLES", "PREFLOP_SEED", "PREFLOP_SCALE",
           "OMAHA_RANGE_HELP", "preflop_file", "preflop_table",
           "OmahaRange", "parse_omaha_range", "hand_index", "all_holdings", "suit_classes",
           "preflop_equity", "combo_base", "describe_holdings"]

#: every four-card holding
N_HOLDINGS = comb(52, 4)
#: holdings equal up to a renaming of suits
N_CLASSES = 16_432
#: random deals per suit class in the stored preflop table
PREFLOP_SAMPLES = 25_000
#: the seed of the stored preflop table (class c draws from chunk_rng(PREFLOP_SEED, c))
PREFLOP_SEED = 2108
#: the stored table holds round(equity * PREFLOP_SCALE) as little-endian uint16, a class
PREFLOP_SCALE = 65535


_SUIT_MARKERS = {"ds": (2, 2, 0, 0), "ss": (2, 1, 1, 0), "r": (1, 1, 1, 1),
                 "rainbow": (1, 1, 1, 1)}
_MARKER_RE = re.compile(r"^(?P<body>(?:10|[2-9tjqka*x])*)\$?"
                        r"(?P<marker>ds|ss|rainbow|r)$", re.IGNORECASE)
_TOP_RE = re.compile(r"^top(\d+(?:\.\d+)?)%?$")
_TOKEN_RE = re.compile(r"(10|[2-9tjqka])([cdhs])?|([*x])", re.IGNORECASE)


def combo_base() -> np.ndarray:
    """(4, 52) table: ``combo_base()[k, c] = C(c, k + 1)``, so a sorted holding a < b < c < d
    has index ``B[0, a] + B[1, b] + B[2, c] + B[3, d]`` (the kernels' lookup).

    >>> int(combo_base()[3, 51]), int(combo_base()[0, 7])
    (249900, 7)
    """
    return np.array([[comb(c, k + 1) for c in range(52)] for k in range(4)], dtype=np.int64)


def hand_index(cards: list[int] | tuple[int, ...] | np.ndarray) -> int:
    """The index 0 .. 270,724 of a four-card holding (its cards in any order).

    >>> hand_index([0, 1, 2, 3]), hand_index([51, 50, 49, 48]), hand_index([3, 2, 1, 0])
    (0, 270724, 0)
    """
    a, b, c, d = sorted(int(x) for x in cards)
    return comb(a, 1) + comb(b, 2) + comb(c, 3) + comb(d, 4)


@cache
def all_holdings() -> np.ndarray:
    """Every holding as a (270725, 4) int64 array, row i the holding of index i (cards sorted).

    >>> h = all_holdings(); h.shape, hand_index(h[12345]) == 12345
    ((270725, 4), True)
    """
    lex = np.array(list(combinations(range(52), 4)), dtype=np.int64)
    base = combo_base()
    idx = base[0, lex[:, 0]] + base[1, lex[:, 1]] + base[2, lex[:, 2]] + base[3, lex[:, 3]]
    out = np.empty_like(lex)
    out[idx] = lex
    out.setflags(write=False)
    return out


def _index_rows(cards: np.ndarray) -> np.ndarray:
    """Indices of holdings given as rows of sorted cards."""
    base = combo_base()
    return base[0, cards[:, 0]] + base[1, cards[:, 1]] + base[2, cards[:, 2]] \
        + base[3, cards[:, 3]]


@cache
def suit_classes() -> tuple[np.ndarray, np.ndarray]:
    """(class of each holding, the smallest holding index of each class): the 16,432 classes
    of holdings equal up to a renaming of suits, numbered by their smallest holding.

    >>> cls, rep = suit_classes(); len(rep), int(cls[hand_index([51, 50, 47, 46])]) >= 0
    (16432, True)
    """
    h = all_holdings()
    ranks, suits = h >> 2, h & 3
    best = np.full(len(h), N_HOLDINGS, dtype=np.int64)
    for perm in permutations(range(4)):
        mapped = np.sort(ranks * 4 + np.array(perm, dtype=np.int64)[suits], axis=1)
        best = np.minimum(best, _index_rows(mapped))
    reps, cls = np.unique(best, return_inverse=True)
    if len(reps) != N_CLASSES:  # pragma: no cover - a bug
        raise AssertionError(f"{len(reps)} suit classes, expected {N_CLASSES}")
    return cls.astype(np.int64), reps.astype(np.int64)


@cache
def _rank_suit_counts() -> tuple[np.ndarray, np.ndarray]:
    """Per holding: how many cards of each rank (N, 13) and of each suit, sorted down (N, 4)."""
    h = all_holdings()
    rows = np.arange(len(h))[:, None]
    ranks = np.zeros((len(h), 13), dtype=np.int8)
    np.add.at(ranks, (np.broadcast_to(rows, h.shape), h >> 2), 1)
    suits = np.zeros((len(h), 4), dtype=np.int8)
    np.add.at(suits, (np.broadcast_to(rows, h.shape), h & 3), 1)
    return ranks, -np.sort(-suits, axis=1)


def preflop_file(hilo: bool) -> str:
    """The name of the stored table's file in the package's ``omaha/data`` folder.

    >>> preflop_file(False), preflop_file(True)
    ('preflop-equity-high.npy', 'preflop-equity-hilo.npy')
    """
    return f"preflop-equity-{'hilo' if hilo else 'high'}.npy"


@cache
def preflop_table(hilo: bool = False) -> np.ndarray:
    """The stored table as written: ``round(equity * PREFLOP_SCALE)`` as uint16, a suit class.

    >>> q = preflop_table(); q.dtype.str, q.shape
    ('<u2', (16432,))
    """
    data = files("guts_family.omaha").joinpath("data", preflop_file(hilo)).read_bytes()
    q = np.load(io.BytesIO(data), allow_pickle=False)
    if q.dtype != np.dtype("<u2") or q.shape != (N_CLASSES,):  # pragma: no cover - a bad build
        raise AssertionError(f"{preflop_file(hilo)}: {q.dtype} {q.shape}, expected "
                             f"<u2 ({N_CLASSES},)")
    return q


@cache
def preflop_equity(hilo: bool = False) -> np.ndarray:
    """The stored sampled preflop equity (vs one random holding) of each suit class.

    >>> e = preflop_equity(); cls, _ = suit_classes()
    >>> round(float(e[cls[hand_index([51, 50, 47, 46])]]), 2)  # As Ah Ks Kh
    0.71
    """
    return preflop_table(hilo).astype(np.float64) / PREFLOP_SCALE


def _top_mask(percent: float, hilo: bool) -> np.ndarray:
    if not 0 < percent <= 100:
        raise CardError(f"a top percentage must be above 0 and at most 100, got {percent:g}")
    cls, _ = suit_classes()
    eq = preflop_equity(hilo)
    order = np.lexsort((np.arange(N_CLASSES), -eq))  # strongest first, ties by class number
    sizes = np.bincount(cls, minlength=N_CLASSES)[order]
    need = percent / 100 * N_HOLDINGS
    take = int(np.searchsorted(np.cumsum(sizes), need - 1e-9)) + 1
    chosen = np.zeros(N_CLASSES, dtype=bool)
    chosen[order[:take]] = True
    return chosen[cls]


def _pattern_mask(item: str, raw: str) -> np.ndarray:
    """The holdings one pattern item (cards, ranks, wildcards, a suit marker) names."""
    body, marker = item, None
    m = _MARKER_RE.match(item)
    if m:
        body, marker = m.group("body"), m.group("marker").lower()
    tokens = []
    pos = 0
    while pos < len(body):
        t = _TOKEN_RE.match(body, pos)
        if t is None:
            raise CardError(f"range item {quoted(raw)}: cannot read {quoted(body[pos:])}; give "
                            "ranks (A, K, ..., 2), cards (As) or wildcards (*), e.g. AA** or "
                            "AsAhKdKc")
        tokens.append(t)
        pos = t.end()
    if len(tokens) > 4:
        raise CardError(f"range item {quoted(raw)} has {len(tokens)} positions; an Omaha "
                        "holding has 4")
    if not tokens and marker is None:
        raise CardError(f"range item {quoted(raw)} names no holding")
    ranks_needed = np.zeros(13, dtype=np.int8)
    cards = []
    for t in tokens:
        if t.group(3):
            continue
        r = RANK_CHARS.index("T" if t.group(1) == "10" else t.group(1).upper())
        if t.group(2):
            cards.append(4 * r + SUIT_CHARS.index(t.group(2).lower()))
        else:
            ranks_needed[r] += 1
    if len(set(cards)) < len(cards):
        raise CardError(f"range item {quoted(raw)} names a card twice")
    h = all_holdings()
    rank_counts, suit_counts = _rank_suit_counts()
    mask = np.ones(N_HOLDINGS, dtype=bool)
    left = rank_counts.astype(np.int16)
    for c in cards:
        mask &= (h == c).any(axis=1)
        left[:, c >> 2] -= 1
    if ranks_needed.any():
        mask &= (left >= ranks_needed).all(axis=1)
    if marker is not None:
        mask &= (suit_counts == np.array(_SUIT_MARKERS[marker], dtype=np.int8)).all(axis=1)
    return mask


@dataclass(frozen=True, eq=False)
class OmahaRange:
    """A set of Omaha holdings (a mask over :func:`all_holdings`) and the text it came from.

    >>> r = parse_omaha_range("AAKKds"); r.combos, r.text, r.is_everything
    (6, 'AAKKds', False)
    """

    text: str
    mask: np.ndarray = field(repr=False)
    hilo: bool = False
    uses_ordering: bool = False

    @property
    def combos(self) -> int:
        """How many holdings the range holds (full deck)."""
        return int(self.mask.sum())

    @property
    def share(self) -> float:
        """The range's share of all 270,725 holdings."""
        return self.combos / N_HOLDINGS

    @property
    def is_everything(self) -> bool:
        """True when every holding is in the range."""
        return self.combos == N_HOLDINGS

    def available(self, dead: list[int] | tuple[int, ...] | set[int]) -> np.ndarray:
        """The range's holdings that avoid every card in ``dead``, as (L, 4) sorted cards.

        >>> parse_omaha_range("AA**").available([51]).shape  # three aces left: 3 pairs of them
        (3432, 4)
        """
        h = all_holdings()
        ok = self.mask.copy()
        for c in set(dead):
            ok &= ~(h == c).any(axis=1)
        return h[ok]

    def describe(self) -> str:
        """One line: the text, its size and share, and the ordering a top-percentage used.

        >>> parse_omaha_range("AA**, KK**").describe()
        'AA**, KK** (13,886 of 270,725 holdings, 5.13%)'
        """
        how = (f"; preflop equity vs one random hand, {'high-low' if self.hilo else 'high'}, "
               "sampled table") if self.uses_ordering else ""
        return (f"{self.text} ({self.combos:,} of {N_HOLDINGS:,} holdings, "
                f"{100 * self.share:.2f}%{how})")

    def method_label(self, method: str) -> str:
        """The label of a figure computed over this range by ``method``, saying when the range
        itself was cut from the sampled preflop ordering (``top P%``): the figure is exact over
        the range, the range's edge is sampled.

        >>> parse_omaha_range("AA**").method_label("exact")
        'exact'
        >>> parse_omaha_range("top 10%").method_label("exact")
        'exact over a range cut from a sampled preflop ordering'
        """
        if not self.uses_ordering:
            return method
        return f"{method} over a range cut from a sampled preflop ordering"

    def as_dict(self) -> dict[str, object]:
        """Plain dict for JSON.

        >>> parse_omaha_range("AA**").as_dict()["combos"]
        6961
        """
        out: dict[str, object] = {"text": self.text, "combos": self.combos,
                                  "all_combos": N_HOLDINGS, "share": self.share}
        if self.uses_ordering:
            out["ordering"] = (f"preflop equity vs one random holding "
                               f"({'high-low' if self.hilo else 'high'}), sampled: "
                               f"{PREFLOP_SAMPLES} deals a suit class, seed {PREFLOP_SEED}")
        return out


def parse_omaha_range(text: str, hilo: bool = False) -> OmahaRange:
    """Parse an Omaha range (syntax: see the module); ``hilo`` picks the ordering of
    ``top P%`` (high-low equity instead of high).

    >>> parse_omaha_range("AK**").combos, parse_omaha_range("ds").combos
    (17316, 36504)
    >>> parse_omaha_range("top 0%")
    Traceback (most recent call last):
    ...
    guts_family.cards.CardError: a top percentage must be above 0 and at most 100, got 0
    """
    raw = str(text).strip()
    if not raw:
        raise CardError("an empty range: give e.g. AA**, AK**, AsAhKdKc or 'top 20%'")
    mask = np.zeros(N_HOLDINGS, dtype=bool)
    ordering = False
    for part in raw.split(","):
        item = re.sub(r"\s+", "", part)
        low = item.lower()
        if not item:
            raise CardError(f"an empty item in the range {quoted(raw)}")
        top = _TOP_RE.match(low)
        if low in ("any", "random", "all", "*", "****"):
            mask[:] = True
        elif top:
            mask |= _top_mask(float(top.group(1)), hilo)
            ordering = True
        else:
            mask |= _pattern_mask(item, part.strip())
    if not mask.any():
        raise CardError(f"no holding is in the range {quoted(raw)}")
    mask.setflags(write=False)
    return OmahaRange(raw, mask, hilo, ordering)


def describe_holdings(cards: np.ndarray, limit: int = 3) -> str:
    """A few holdings as text (for messages).

    >>> describe_holdings(all_holdings()[:2])
    '2c 2d 2h 2s, 2c 2d 2h 3c'
    """
    return ", ".join(cards_str(c) for c in cards[:limit].tolist())
