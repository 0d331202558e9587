"""Omaha hand evaluation: high and eight-or-better low, exactly two hole and three board cards.

A hand value is an integer and a larger value is a better hand.

* High: 1..7462, the 7462 distinct five-card poker hands in the usual order (1 is 7-5-4-3-2
  unsuited, 7462 a royal flush); suits never break ties. ``7463 - value`` is the Cactus Kev /
  phevaluator rank.
* Eight-or-better low: 1..56 for the 56 qualifying lows (five distinct ranks 8 or lower, aces low,
  straights and flushes ignored; 56 is the wheel A-2-3-4-5, 1 is 8-7-6-5-4); 0 means no
  qualifying low.

The plain-Python functions :func:`high5` and :func:`low5` are the readable specification of the
five-card values (the tables below are built from the same keys); the plain Omaha twins, the best
of the 6 x 10 two-plus-three combinations, are ``omaha_high_reference`` and
``omaha_low_reference`` in ``tests/reference/omaha.py``. The fast path is numba kernels over
card indices (``4 * rank + suit``, see :mod:`guts_family.cards`) and lookup tables; the kernels
live in :mod:`guts_family.omaha._kernels` (see there why), :func:`omaha_high_many` and
:func:`omaha_low_many` are their typed wrappers:

* non-flush high: depends only on the board's rank multiset (6188 of them) and the two hole ranks
  used, so a table ``pair[board, hole-rank pair]`` (6188 x 91) holds the best value of each pair
  with three board cards and a hand is the best of six lookups; additive rank weights index the
  board multiset without sorting;
* flush high: a five-card board has at most one suit with three or more cards; the value then
  depends on the two 13-bit rank masks of that suit on the board and in the hand;
* low: depends only on the sets of distinct low ranks (A..8) on the board and in the hand, so a
  256 x 256 table holds it.

One hand at a time, :func:`high_evaluator` and :func:`low_evaluator` give the per-call path:
a function of nine card indices that goes straight into compiled code (numba's entry point
for the one signature, with every table in one array bound to it), without the dispatcher's
type resolution; faster per call than phevaluator's C extension (``benchmarks/omaha.py``:
about 1.3x counting the Python call overhead both pay, 2x without it).
:func:`omaha_high` and :func:`omaha_low` check their input and then use it.

>>> omaha_high("AsAhKsKh", "Qd7c2h3sAd") > omaha_high("JdTc9d8c", "Qd7c2h3sAd")
True
>>> high_name(omaha_high("As3sJhTd", "KsQs7d2s9h"))
'flush'
>>> low_str(omaha_low("As2d9c9h", "3c4d8h8sKc"))
'8-4-3-2-A'
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import lru_cache, partial
from itertools import combinations, combinations_with_replacement
from typing import NamedTuple

import numpy as np

from guts_family.cards import RANK_CHARS, CardError, check_disjoint, parse_cards
from guts_family.omaha import _kernels as kern
from guts_family.omaha._kernels import (
    N_FLUSH_HOLE,
    RANK_WEIGHTS,
    _high_many_kernel,
    _high_one,
    _low_many_kernel,
    _low_one,
)

__all__ = [
    "HIGH_CATEGORIES",
    "N_HIGH",
    "N_LOW",
    "RANK_WEIGHTS",
    "N_BOARD_MULTISETS",
    "N_FLUSH_HOLE",
    "N_FLUSH_BOARD",
    "high5",
    "low5",
    "omaha_high",
    "omaha_low",
    "omaha_high_many",
    "omaha_low_many",
    "high_evaluator",
    "low_evaluator",
    "high_category",
    "high_name",
    "high_str",
    "low_str",
    "Tables",
    "tables",
    "call_tables",
]

N_HIGH = 7462
N_LOW = 56

HIGH_CATEGORIES = ("high card", "one pair", "two pair", "three of a kind", "straight", "flush",
                   "full house", "four of a kind", "straight flush")

# --------------------------------------------------------------------------------------------
# Plain-Python specification
# --------------------------------------------------------------------------------------------


def _high5_key(ranks: Sequence[int], flush: bool) -> tuple:
    """Comparable key of five cards given their ranks (0..12) and whether they share a suit."""
    counts: dict[int, int] = {}
    for r in ranks:
        counts[r] = counts.get(r, 0) + 1
    # ranks ordered by (count, rank), both descending: the tie-break order of poker
    order = tuple(sorted(counts, key=lambda r: (counts[r], r), reverse=True))
    shape = tuple(sorted(counts.values(), reverse=True))
    straight_top = -1
    if len(counts) == 5:
        s = sorted(ranks)
        if s[4] - s[0] == 4:
            straight_top = s[4]
        elif s == [0, 1, 2, 3, 12]:  # the wheel A-2-3-4-5 is a five-high straight
            straight_top = 3
    if straight_top >= 0 and flush:
        return (8, straight_top)
    if shape == (4, 1):
        return (7,) + order
    if shape == (3, 2):
        return (6,) + order
    if flush:
        return (5,) + order
    if straight_top >= 0:
        return (4, straight_top)
    if shape == (3, 1, 1):
        return (3,) + order
    if shape == (2, 2, 1):
        return (2,) + order
    if shape == (2, 1, 1, 1):
        return (1,) + order
    return (0,) + order


@lru_cache(maxsize=1)
def _high_keys() -> dict[tuple, int]:
    """Every distinct five-card high hand's key mapped to its value 1..7462."""
    keys = set()
    for ranks in combinations_with_replacement(range(13), 5):
        if max(ranks.count(r) for r in ranks) <= 4:
            keys.add(_high5_key(ranks, False))
    for ranks in combinations(range(13), 5):
        keys.add(_high5_key(ranks, True))
    ordered = sorted(keys)
    assert len(ordered) == N_HIGH
    return {k: i + 1 for i, k in enumerate(ordered)}


def high5(cards: Sequence[int]) -> int:
    """High value 1..7462 of exactly five cards (plain Python, the specification).

    >>> high5(parse_cards("AsKsQsJsTs")), high5(parse_cards("7c5d4h3s2c"))
    (7462, 1)
    >>> high5(parse_cards("5c4d3h2sAs")) > high5(parse_cards("AcAdKhQsJs"))
    True
    """
    if len(cards) != 5:
        raise ValueError(f"high5 takes five cards, got {len(cards)}")
    ranks = [c >> 2 for c in cards]
    flush = len({c & 3 for c in cards}) == 1
    return _high_keys()[_high5_key(ranks, flush)]


def _low_rank(rank: int) -> int:
    """Low rank 0..12 with the ace lowest (A=0, 2=1, ..., K=12)."""
    return 0 if rank == 12 else rank + 1


@lru_cache(maxsize=1)
def _low_keys() -> dict[tuple, int]:
    """Each qualifying low (five distinct low ranks 0..7, highest first) mapped to 1..56."""
    lows = [tuple(sorted(c, reverse=True)) for c in combinations(range(8), 5)]
    # a lower highest card is better: the best low sorts first, and gets the largest value
    lows.sort()
    return {k: N_LOW - i for i, k in enumerate(lows)}


def low5(cards: Sequence[int]) -> int:
    """Eight-or-better low value of exactly five cards: 1..56, or 0 if it does not qualify.

    >>> [low5(parse_cards(x)) for x in ("5c4d3h2sAs", "8c7d6h5s4s", "9c4d3h2sAs")]
    [56, 1, 0]
    >>> low5(parse_cards("7c4d3h2sAs")) > low5(parse_cards("7c5d3h2sAs"))
    True
    """
    if len(cards) != 5:
        raise ValueError(f"low5 takes five cards, got {len(cards)}")
    lr = sorted({_low_rank(c >> 2) for c in cards}, reverse=True)
    if len(lr) != 5 or lr[0] > 7:
        return 0
    return _low_keys()[tuple(lr)]


def _as_cards(cards: Sequence[int] | str) -> list[int]:
    return parse_cards(cards) if isinstance(cards, str) else [int(c) for c in cards]


def _checked(hole: Sequence[int] | str, board: Sequence[int] | str) -> tuple[list[int], list[int]]:
    h, b = _as_cards(hole), _as_cards(board)
    if len(h) != 4:
        raise CardError(f"an Omaha hand has 4 cards, got {len(h)}")
    if len(b) != 5:
        raise CardError(f"a complete Omaha board has 5 cards, got {len(b)}")
    if len({*h, *b}) != 9 or min(h + b) < 0 or max(h + b) > 51:  # else the cards are fine
        check_disjoint(h, b, names=["the hand", "the board"])
    return h, b


# --------------------------------------------------------------------------------------------
# Lookup tables
# --------------------------------------------------------------------------------------------

# RANK_WEIGHTS (additive rank weights whose sums index the multisets of five ranks) is defined in
# _kernels, whose per-call kernels read it

N_BOARD_MULTISETS = 6188  # multisets of 5 ranks out of 13
N_FLUSH_BOARD = 2289  # 1 (no flush possible) + masks of 3, 4 or 5 ranks
# N_FLUSH_HOLE (1080: 1 + masks of 2, 3 or 4 ranks) is defined in _kernels, whose kernels read it


class Tables(NamedTuple):
    """Lookup tables used by the kernels (built once per process by :func:`tables`).

    Card arrays are indexed by card index 0..51. A "lane" word holds four 16-bit rank masks, one
    per suit, so the rank mask of any one suit among several cards is a sum and a shift.
    """

    card_weight: np.ndarray  # (52,) int64: RANK_WEIGHTS[rank]
    card_lane: np.ndarray  # (52,) int64: 1 << (16 * suit + rank)
    card_nibble: np.ndarray  # (52,) int64: 1 << (4 * suit), summed to count suits
    card_lowbit: np.ndarray  # (52,) int64: 1 << low rank for A..8 (ace = bit 0), else 0
    board_index: np.ndarray  # (5 * w[12] + 1,) int16: weight sum of 5 ranks -> 0..6187
    pair: np.ndarray  # (6188 * 91,) int16: [board, pair_col[13 * r1 + r2]] best non-flush
    #                    value using hole ranks r1, r2 with three board cards
    pair_col: np.ndarray  # (169,) int64: 13 * r1 + r2 -> column 0..90 of the rank pair
    flush_shift: np.ndarray  # (0x5556,) int8: suit-count word -> 16 * flush suit (0 if none)
    flush_lane: np.ndarray  # (0x5556,) int16: suit-count word -> 0x1fff, or 0 if no suit has 3
    flush_board_index: np.ndarray  # (8192,) int16: board suit mask -> 1..2288 (0: < 3 cards)
    flush_hole_index: np.ndarray  # (8192,) int16: hole suit mask -> 1..1079 (0: < 2 cards)
    flush: np.ndarray  # (2289 * 1080,) int16: best flush / straight-flush value, 0 if none
    low: np.ndarray  # (256 * 256,) int16: best low from board low-rank set x hole low-rank set


def _popcount(x: int) -> int:
    return bin(x).count("1")


def _bits(x: int) -> list[int]:
    return [i for i in range(x.bit_length()) if x >> i & 1]


@lru_cache(maxsize=1)
def tables() -> Tables:
    """Build (once) and return the lookup tables (a fraction of a second, about 8 MB).

    >>> t = tables(); t.pair.shape, int(t.pair.max()), int(t.flush.max()), int(t.low.max())
    ((563108,), 7452, 7462, 56)
    """
    keys = _high_keys()
    w = RANK_WEIGHTS
    wl = [int(x) for x in w]

    # non-flush value of every multiset of five ranks (0 for five of a kind)
    m5 = list(combinations_with_replacement(range(13), 5))
    board_index = np.full(5 * wl[12] + 1, -1, dtype=np.int16)
    board_index[[sum(wl[r] for r in ranks) for ranks in m5]] = np.arange(len(m5))
    nf5 = np.array([keys[_high5_key(ranks, False)] if max(map(ranks.count, ranks)) <= 4 else 0
                    for ranks in m5], dtype=np.int16)
    m2 = list(combinations_with_replacement(range(13), 2))
    pair_key = np.array([wl[a] + wl[b] for a, b in m2], dtype=np.int64)
    # best value of a hole-rank pair with three of the board's ranks: (6188, 91)
    tri_key = np.array([[wl[a] + wl[b] + wl[c] for a, b, c in combinations(ranks, 3)]
                        for ranks in m5], dtype=np.int64)
    best_pair = np.zeros((len(m5), len(m2)), dtype=np.int16)
    for t in range(10):
        np.maximum(best_pair, nf5[board_index[tri_key[:, t, None] + pair_key[None, :]]],
                   out=best_pair)
    pair_col = np.array([m2.index((min(a, b), max(a, b))) for a in range(13) for b in range(13)],
                        dtype=np.int64)
    pair = best_pair.ravel()

    # flushes: rank masks of the flush suit on the board (3..5 cards) and in the hand (2..4)
    fl5 = np.zeros(8192, dtype=np.int16)
    for ranks in combinations(range(13), 5):
        fl5[sum(1 << r for r in ranks)] = keys[_high5_key(ranks, True)]
    board_masks = [m for m in range(8192) if 3 <= _popcount(m) <= 5]
    hole_masks = [m for m in range(8192) if 2 <= _popcount(m) <= 4]
    flush_board_index = np.zeros(8192, dtype=np.int16)
    flush_board_index[board_masks] = np.arange(1, len(board_masks) + 1)
    flush_hole_index = np.zeros(8192, dtype=np.int16)
    flush_hole_index[hole_masks] = np.arange(1, len(hole_masks) + 1)
    pair_masks = [sum(1 << r for r in p) for p in combinations(range(13), 2)]
    pm_index = {m: i for i, m in enumerate(pair_masks)}
    tri_masks = np.zeros((N_FLUSH_BOARD, 10), dtype=np.int64)
    for i, m in enumerate(board_masks, start=1):
        tri = [sum(1 << r for r in t) for t in combinations(_bits(m), 3)]
        tri_masks[i] = tri + [tri[0]] * (10 - len(tri))
    pm = np.array(pair_masks, dtype=np.int64)
    best_fpair = np.zeros((N_FLUSH_BOARD, len(pair_masks)), dtype=np.int16)
    for t in range(10):
        tm = tri_masks[:, t, None]
        # a pair sharing a rank with the triple would not be five cards: value 0
        np.maximum(best_fpair, np.where(tm & pm[None, :], 0, fl5[tm | pm[None, :]]),
                   out=best_fpair)
    best_fpair[0] = 0
    hp = np.zeros((N_FLUSH_HOLE, 6), dtype=np.int64)
    for i, m in enumerate(hole_masks, start=1):
        prs = [pm_index[sum(1 << r for r in p)] for p in combinations(_bits(m), 2)]
        hp[i] = prs + [prs[0]] * (6 - len(prs))
    flush = best_fpair[:, hp[:, 0]]
    for k in range(1, 6):
        np.maximum(flush, best_fpair[:, hp[:, k]], out=flush)
    flush[:, 0] = 0
    flush_shift = np.zeros(0x5556, dtype=np.int8)
    flush_lane = np.zeros(0x5556, dtype=np.int16)
    for word in range(0x5556):
        for suit in range(4):
            if (word >> 4 * suit) & 15 >= 3:
                flush_shift[word], flush_lane[word] = 16 * suit, 0x1FFF

    # low: sets of distinct low ranks (bit 0 = ace, bit 7 = eight)
    lows = _low_keys()
    low5_of_mask = np.zeros(256, dtype=np.int16)
    for c in combinations(range(8), 5):
        low5_of_mask[sum(1 << r for r in c)] = lows[tuple(sorted(c, reverse=True))]
    tri8 = np.array([sum(1 << r for r in t) for t in combinations(range(8), 3)], dtype=np.int64)
    pair8 = np.array([sum(1 << r for r in p) for p in combinations(range(8), 2)], dtype=np.int64)
    masks = np.arange(256, dtype=np.int64)
    val = np.where(tri8[:, None] & pair8[None, :], 0, low5_of_mask[tri8[:, None] | pair8[None, :]])
    tri_in = (tri8[None, :] & ~masks[:, None]) == 0  # (256 boards, 56 triples)
    best_lpair = (tri_in[:, :, None] * val[None, :, :]).max(axis=1)  # (256, 28)
    pair_in = (pair8[None, :] & ~masks[:, None]) == 0  # (256 holes, 28 pairs)
    low = (pair_in[None, :, :] * best_lpair[:, None, :]).max(axis=2).astype(np.int16)

    card = np.arange(52)
    rank, suits = card >> 2, card & 3
    low_rank = np.where(rank == 12, 0, rank + 1)
    return Tables(
        card_weight=w[rank].copy(),
        card_lane=(1 << (16 * suits + rank)).astype(np.int64),
        card_nibble=(1 << (4 * suits)).astype(np.int64),
        card_lowbit=np.where(low_rank <= 7, 1 << low_rank, 0).astype(np.int64),
        board_index=board_index,
        pair=pair,
        pair_col=pair_col,
        flush_shift=flush_shift,
        flush_lane=flush_lane,
        flush_board_index=flush_board_index,
        flush_hole_index=flush_hole_index,
        flush=np.ascontiguousarray(flush).ravel(),
        low=low.ravel(),
    )


def _as_array(x: np.ndarray | Sequence[Sequence[int]], width: int, what: str) -> np.ndarray:
    """Cards as a C-contiguous uint8 array of shape (n, width), range-checked."""
    a = np.asarray(x)
    if a.ndim != 2 or a.shape[1] != width:
        raise ValueError(f"{what} must be an array of shape (n, {width}), got {a.shape}")
    if a.dtype != np.uint8:
        if a.size and (a.min() < 0 or a.max() > 51):
            raise ValueError(f"{what} holds a card index outside 0..51")
        a = a.astype(np.uint8)
    elif a.size and a.max() > 51:
        raise ValueError(f"{what} holds a card index outside 0..51")
    return np.ascontiguousarray(a)


def omaha_high_many(holes: np.ndarray, boards: np.ndarray) -> np.ndarray:
    """High values of many (hand, board) pairs: holes (n, 4) and boards (n, 5) card indices.

    Cards are not checked for duplicates (use :func:`omaha_high` for checked single hands);
    uint8 arrays are used as they are, others are converted.

    >>> h = np.array([parse_cards("AsAhKsKh"), parse_cards("JdTc9d8c")])
    >>> b = np.array([parse_cards("Qd7c2h3sAd")] * 2)
    >>> omaha_high_many(h, b).tolist() == [omaha_high(h[0], b[0]), omaha_high(h[1], b[1])]
    True
    """
    h = _as_array(holes, 4, "holes")
    b = _as_array(boards, 5, "boards")
    if len(h) != len(b):
        raise ValueError(f"{len(h)} hands but {len(b)} boards")
    t = tables()
    out = np.empty(len(h), dtype=np.int16)
    _high_many_kernel(h, b, out, t.card_weight, t.card_lane, t.card_nibble, t.board_index,
                      t.pair, t.pair_col, t.flush_shift, t.flush_lane, t.flush_board_index,
                      t.flush_hole_index, t.flush)
    return out


def omaha_low_many(holes: np.ndarray, boards: np.ndarray) -> np.ndarray:
    """Eight-or-better low values (0 = none) of many (hand, board) pairs.

    >>> h = np.array([parse_cards("As2d9c9h")]); b = np.array([parse_cards("3c4d8h8sKc")])
    >>> low_str(int(omaha_low_many(h, b)[0]))
    '8-4-3-2-A'
    """
    h = _as_array(holes, 4, "holes")
    b = _as_array(boards, 5, "boards")
    if len(h) != len(b):
        raise ValueError(f"{len(h)} hands but {len(b)} boards")
    t = tables()
    out = np.empty(len(h), dtype=np.int16)
    _low_many_kernel(h, b, out, t.card_lowbit, t.low)
    return out


@lru_cache(maxsize=1)
def call_tables() -> np.ndarray:
    """Every lookup table in one int16 array, laid out as the ``CALL_*`` offsets of the
    kernels' module say (the per-call path reads only this one array, about 7 MB).

    >>> call_tables().shape == (kern.CALL_SIZE,), int(call_tables()[kern.CALL_LOWBIT + 51])
    (True, 1)
    """
    t = tables()
    blob = np.zeros(kern.CALL_SIZE, dtype=np.int16)
    parts = [(kern.CALL_BOARD_INDEX, t.board_index), (kern.CALL_PAIR, t.pair),
             (kern.CALL_PAIR_COL, t.pair_col), (kern.CALL_FLUSH_SHIFT, t.flush_shift),
             (kern.CALL_FLUSH_LANE, t.flush_lane), (kern.CALL_FLUSH_BOARD, t.flush_board_index),
             (kern.CALL_FLUSH_HOLE, t.flush_hole_index), (kern.CALL_FLUSH, t.flush),
             (kern.CALL_LOWBIT, t.card_lowbit), (kern.CALL_LOW, t.low)]
    ends = [off for off, _ in parts[1:]] + [kern.CALL_SIZE]
    for (off, table), end in zip(parts, ends):
        if end - off != len(table):  # pragma: no cover - the layout and the tables disagree
            raise AssertionError(f"table at {off} has {len(table)} entries, room for {end - off}")
        if table.size and (table.min() < -32768 or table.max() > 32767):  # pragma: no cover
            raise AssertionError(f"table at {off} does not fit int16")
        blob[off:end] = table
    blob.setflags(write=False)
    return blob


def _bind(kernel: Callable[..., int]) -> Callable[..., int]:
    """The kernel with the tables bound, called through its compiled entry point if numba
    offers it (skipping the dispatcher's type resolution), else through the dispatcher."""
    blob = call_tables()
    example = (blob, *range(9))
    kernel(*example)  # compile, or load from numba's cache
    try:
        from numba import typeof

        entry = kernel.overloads[tuple(typeof(a) for a in example)].entry_point  # type: ignore[attr-defined]
    except (AttributeError, KeyError):  # pragma: no cover - another numba
        entry = kernel
    return partial(entry, blob)


@lru_cache(maxsize=1)
def high_evaluator() -> Callable[..., int]:
    """The per-call high evaluator: ``f(h0, h1, h2, h3, b0, b1, b2, b3, b4) -> 1..7462``.

    Nine card indices (hole then board), range-checked but not checked for duplicates (as
    phevaluator's ``evaluate_omaha_cards``); the fastest way to value one hand at a time.

    >>> high = high_evaluator()
    >>> high(*parse_cards("AsAhKsKh"), *parse_cards("Qd7c2h3sAd")) == omaha_high("AsAhKsKh",
    ...                                                                         "Qd7c2h3sAd")
    True
    >>> high(52, 1, 2, 3, 4, 5, 6, 7, 8)
    Traceback (most recent call last):
    ...
    ValueError: a card index is outside 0..51
    """
    return _bind(_high_one)


@lru_cache(maxsize=1)
def low_evaluator() -> Callable[..., int]:
    """The per-call eight-or-better low evaluator: ``f(h0..h3, b0..b4) -> 0..56`` (0: no low).

    >>> low = low_evaluator()
    >>> low_str(low(*parse_cards("As2d9c9h"), *parse_cards("3c4d8h8sKc")))
    '8-4-3-2-A'
    """
    return _bind(_low_one)


def omaha_high(hole: Sequence[int] | str, board: Sequence[int] | str) -> int:
    """High value 1..7462 of a four-card Omaha hand on a five-card board (fast path).

    >>> high_str(omaha_high("AsAhKsKh", "Qd7c2h3sAd"))
    'three of a kind, aces'
    >>> high_str(omaha_high("KsKhKdQc", "KcAdAc3s4d"))  # exactly two hole cards: no four kings
    'full house, kings full of aces'
    >>> omaha_high("AsAhKsKh", "Qd7c2hAs")
    Traceback (most recent call last):
    ...
    guts_family.cards.CardError: a complete Omaha board has 5 cards, got 4
    """
    h, b = _checked(hole, board)
    return int(high_evaluator()(*h, *b))


def omaha_low(hole: Sequence[int] | str, board: Sequence[int] | str) -> int:
    """Eight-or-better low value 1..56 of an Omaha hand, or 0 if it has no qualifying low.

    >>> omaha_low("AsAh9c9d", "2c3d4h8sKc")  # only one low card in the hand
    0
    >>> low_str(omaha_low("As2h9c9d", "2c3d4h8sKc"))
    '8-4-3-2-A'
    """
    h, b = _checked(hole, board)
    return int(low_evaluator()(*h, *b))


# --------------------------------------------------------------------------------------------
# Naming values
# --------------------------------------------------------------------------------------------


@lru_cache(maxsize=1)
def _high_key_list() -> list[tuple]:
    keys = _high_keys()
    out: list[tuple] = [()] * (N_HIGH + 1)
    for k, v in keys.items():
        out[v] = k
    return out


def high_category(value: int) -> int:
    """Category 0..8 (high card .. straight flush) of a high value.

    >>> high_category(1), high_category(7462)
    (0, 8)
    """
    if not 1 <= value <= N_HIGH:
        raise ValueError(f"high value must be 1..{N_HIGH}, got {value}")
    return _high_key_list()[value][0]


def high_name(value: int) -> str:
    """Name of the category of a high value, e.g. 'full house'.

    >>> high_name(omaha_high("KsKh2c3d", "Kd7c7h9s2d"))
    'full house'
    """
    return HIGH_CATEGORIES[high_category(value)]


_RANK_NAMES = ("twos", "threes", "fours", "fives", "sixes", "sevens", "eights", "nines", "tens",
               "jacks", "queens", "kings", "aces")


def high_str(value: int) -> str:
    """Short description of a high value.

    >>> high_str(7462), high_str(omaha_high("KsKh2c3d", "Kd7c7h9s2d"))
    ('straight flush, A high', 'full house, kings full of sevens')
    """
    key = _high_key_list()[value] if 1 <= value <= N_HIGH else None
    if key is None:
        raise ValueError(f"high value must be 1..{N_HIGH}, got {value}")
    cat, ranks = key[0], key[1:]
    name = HIGH_CATEGORIES[cat]
    if cat in (4, 8):
        return f"{name}, {RANK_CHARS[ranks[0]]} high"
    if cat == 6:
        return f"{name}, {_RANK_NAMES[ranks[0]]} full of {_RANK_NAMES[ranks[1]]}"
    if cat == 2:
        return f"{name}, {_RANK_NAMES[ranks[0]]} and {_RANK_NAMES[ranks[1]]}"
    if cat in (1, 3, 7):
        return f"{name}, {_RANK_NAMES[ranks[0]]}"
    return f"{name}, {'-'.join(RANK_CHARS[r] for r in ranks)}"


def low_str(value: int) -> str:
    """Text of a low value, highest card first, e.g. '8-6-4-2-A'; 'no low' for 0.

    >>> low_str(56), low_str(1), low_str(0)
    ('5-4-3-2-A', '8-7-6-5-4', 'no low')
    """
    if value == 0:
        return "no low"
    for k, v in _low_keys().items():
        if v == value:
            return "-".join("A" if r == 0 else RANK_CHARS[r - 1] for r in k)
    raise ValueError(f"low value must be 0..{N_LOW}, got {value}")
