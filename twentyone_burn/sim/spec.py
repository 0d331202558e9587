"""spec: a strategy and options turned into the kernel's arrays, and chunks played from them.

:func:`run_chunk` is the one typed wrapper around the numba kernel: it alone unpacks a
:class:`KernelSpec` into the kernel's positional arguments. The rules reach the kernel as
options only (codes and arrays); the dealer and the settlement they govern are the kernel's
own copy, kept apart from the exact engine's on purpose (see :mod:`._kernel`).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field, replace
from typing import Any

import numpy as np

from ..rules import Rules
from ..shoe import NRANKS, full_shoe
from ..tables import DecisionTables, combo_index_table, hand_table
from ._kernel import (
    DEAL_BURN_SHIFT,
    DEAL_KIND_SHIFT,
    DEAL_PAIR_SHIFT,
    DEAL_SPLIT_SHIFT,
    ROUND_POINTS,
    simulate_kernel,
)
from .counting import ROUND_CODES, Count, TrueCountRule, tc_arrays
from .counts import Counts
from .errors import SimulationError
from .rng import chunk_state
from .strategy import check_tables

__all__ = ["DEALER_BURN_CODES", "KernelSpec", "chunk_plan", "compact_strategy", "hand_order",
           "kernel_spec",
           "round_card_bound", "run_chunk"]


#: ``Rules.dealer_burn`` as the kernel's ``dealer_burn`` code
DEALER_BURN_CODES = {"highest": 0, "lowest": 1, "none": 2}


def round_card_bound(shoe: np.ndarray) -> int:
    """Most cards one round can take from this shoe (so a cut-card shoe never runs dry).

    Every player hand ends at a hard total of at most 30 (20 before its last card), there are
    at most four; the dealer ends at most at 26 and each side burns one card of at most 10
    (an ace counts 1 here). The round's cards therefore hold at most 4*30 + 26 + 2*10 hard
    points, and no more cards than the smallest cards of the shoe that fit in that.

    >>> round_card_bound(np.repeat(np.arange(10), full_shoe(1)))
    34
    """
    values = np.sort(np.asarray(shoe, dtype=np.int64) + 1)
    return int(np.searchsorted(np.cumsum(values), ROUND_POINTS, side="right"))


@dataclass(frozen=True, eq=False)
class KernelSpec:
    """Everything a worker needs to run chunks: the kernel's arrays and the rule flags.

    The strategy is held compacted (:func:`compact_strategy`): the same decisions as the
    :class:`DecisionTables`, laid out for the kernel's cache.
    """

    rules: Rules
    entropy: int
    penetration: float | None
    shoe: np.ndarray
    cut: int
    reserve: int
    deal: np.ndarray
    play_row: np.ndarray
    split_row: np.ndarray
    acts: np.ndarray
    resplit_row: np.ndarray
    resplit: np.ndarray
    child: np.ndarray
    total: np.ndarray
    two_card: np.ndarray
    combo: np.ndarray
    may_resplit: np.ndarray
    one_card: np.ndarray
    count: Count | None = None
    tc_rule: TrueCountRule | None = None
    tags: np.ndarray = field(default_factory=lambda: np.zeros(0, dtype=np.int64))
    tc_mult: np.ndarray = field(default_factory=lambda: np.ones(1, dtype=np.int64))
    tc_den: np.ndarray = field(default_factory=lambda: np.ones(1, dtype=np.int64))
    sample_every: int = 0


def kernel_spec(tables: DecisionTables, entropy: int, penetration: float | None = None,
                validate: bool = True, count: Count | None = None,
                tc_rule: TrueCountRule | None = None, sample_every: int = 0) -> KernelSpec:
    """Turn a strategy and options into the kernel's arrays.

    ``penetration``: None = reshuffle before every round; else the fraction of the shoe
    dealt before a reshuffle (cut card), 0 < penetration <= 1. ``count``: tally the rounds
    by the true count before each (:mod:`.counting`; ``tc_rule`` its conversion, default
    exact decks, floored), a finite shoe only; ``sample_every``: with a count, the shoe
    states :func:`run_chunk` records (every k-th round of a chunk; 0 none).

    >>> s = kernel_spec(DecisionTables.always_stand(Rules()), 1)
    >>> s.shoe.shape, s.cut
    ((312,), 0)
    """
    rules = tables.rules
    if validate:
        check_tables(tables)
    if rules.decks is None:     # an infinite deck
        if penetration is not None:
            raise SimulationError("a cut card needs a finite shoe (decks is infinite)")
        shoe = np.zeros(1, dtype=np.int8)
        cut = reserve = 0
    else:
        counts = full_shoe(rules.decks)
        shoe = np.repeat(np.arange(NRANKS, dtype=np.int8), counts)
        cut = 0
        reserve = round_card_bound(shoe)
        if penetration is not None:
            if not 0 < penetration <= 1:
                raise SimulationError(
                    f"penetration must be a fraction above 0 and at most 1, not {penetration}")
            cut = max(1, math.ceil(penetration * len(shoe)))
    arrays: dict[str, Any] = compact_strategy(tables)
    spec = KernelSpec(rules=rules, entropy=int(entropy), penetration=penetration, shoe=shoe,
                      cut=cut, reserve=reserve, **arrays)
    if count is not None:
        if rules.decks is None:
            raise SimulationError("a count needs a finite shoe (decks is infinite): give "
                                  "decks 1 to 8")
        rule = tc_rule or TrueCountRule()
        mult, den = tc_arrays(len(shoe), count, rule)
        spec = replace(spec, count=count, tc_rule=rule, tags=np.array(count.tags, np.int64),
                       tc_mult=mult, tc_den=den, sample_every=max(0, int(sample_every)))
    return spec


def hand_order() -> tuple[np.ndarray, np.ndarray]:
    """(old index of each new hand, new index of each old hand): the hand table renumbered by
    number of cards, so that the hands a round meets most (two and three cards) share a few
    cache lines of every action row.

    >>> old, new = hand_order()
    >>> bool((new[old] == np.arange(len(old))).all())
    True
    """
    ht = hand_table()
    old = np.argsort(ht.ncards, kind="stable").astype(np.int64)
    new = np.empty_like(old)
    new[old] = np.arange(len(old))
    return old, new


def _rows(rows: dict[bytes, int], row: np.ndarray) -> int:
    """The index of ``row`` among the distinct rows so far (added if new)."""
    return rows.setdefault(row.tobytes(), len(rows))


def compact_strategy(tables: DecisionTables) -> dict[str, np.ndarray]:
    """The kernel's arrays of a strategy: the same decisions, laid out for the cache.

    Hands are renumbered (:func:`hand_order`). Every action row (the unsplit rows
    ``play[up, burned]`` and the split rows ``split_play[up, burned, pair, combo]``) is stored
    once in ``acts`` however often it occurs, ``play_row`` / ``split_row`` giving its offset; in
    a split row the hands without the pair card, which a split hand never holds, are cleared
    first (and the whole row when split aces take one card: the kernel never reads it), so
    rows that differ only there share one copy. ``resplit`` rows are shared the same way (and
    cleared for pairs that may not resplit). ``deal[(up * 10 + c1) * 100 + c2 * 10 + c3]``
    packs the burn of three cards as dealt: the kept hand, its lower rank, the burned rank,
    whether the kept pair is split and the kind of the kept hand (see ``DEAL_*`` in
    :mod:`._kernel`).

    >>> t = DecisionTables.always_stand(Rules())
    >>> c = compact_strategy(t)
    >>> c["acts"].shape, int(c["play_row"].max()), int(c["split_row"].max())    # one row
    ((3082,), 0, 0)
    """
    rules = tables.rules
    ht = hand_table()
    nhands = len(ht.total)
    old, new = hand_order()
    m = rules.max_hands
    combo = combo_index_table(m)
    ncombo = int(combo.max()) + 1
    may_resplit = np.array([rules.may_resplit(p) for p in range(NRANKS)], dtype=np.bool_)
    one_card = np.array([rules.one_card_split(p) for p in range(NRANKS)], dtype=np.bool_)
    # action rows, hands in the new order
    # (rows are told apart in the old order; only the distinct ones are renumbered)
    rows: dict[bytes, int] = {}
    play = np.ascontiguousarray(tables.play, dtype=np.int8)
    play_row = np.array([_rows(rows, play[up, b]) for up in range(NRANKS)
                         for b in range(NRANKS)], dtype=np.int64)
    split_play = np.ascontiguousarray(tables.split_play, dtype=np.int8)
    split_row = np.empty((NRANKS, NRANKS, NRANKS, ncombo), dtype=np.int64)
    for p in range(NRANKS):
        holds = (ht.counts[:, p] > 0) & (not one_card[p])
        block = split_play[:, :, p] * holds.astype(np.int8)
        split_row[:, :, p] = np.array([_rows(rows, row) for row in block.reshape(-1, nhands)],
                                      dtype=np.int64).reshape(NRANKS, NRANKS, ncombo)
    acts = np.frombuffer(b"".join(rows), dtype=np.int8).reshape(-1, nhands)[:, old].reshape(-1)
    # resplit rows [hands_in_play, hand_number, j, u]
    rs_rows: dict[bytes, int] = {}
    resplit = np.ascontiguousarray(tables.resplit, dtype=np.bool_)
    resplit_row = np.array([_rows(rs_rows, resplit[up, b, p] & may_resplit[p])
                            for up in range(NRANKS) for b in range(NRANKS)
                            for p in range(NRANKS)], dtype=np.int64)
    rs_size = resplit[0, 0, 0].size
    # the deal: every up card and three cards in the order dealt
    two_old = tables.two_card
    up, c1, c2, c3 = np.indices((NRANKS,) * 4).reshape(4, -1)
    x, y, z = np.sort(np.stack([c1, c2, c3]), axis=0)
    b = tables.burn[up, x, y, z].astype(np.int64)
    k1 = np.where(b == x, y, x)
    k2 = np.where(b == z, y, z)
    pair = k1 == k2
    split = pair & tables.split_kept[up, b, k1]
    kind = np.where(pair, 2, np.where(k1 == 0, 1, 0))
    deal = (new[two_old[k1, k2]] | k1 << DEAL_PAIR_SHIFT | b << DEAL_BURN_SHIFT
            | split.astype(np.int64) << DEAL_SPLIT_SHIFT | kind << DEAL_KIND_SHIFT)
    child = np.where(ht.child[old] >= 0, new[ht.child[old]], -1)
    return {
        "deal": deal.astype(np.int32),
        "play_row": play_row * nhands,
        "split_row": split_row.reshape(-1) * nhands,
        "acts": acts,
        "resplit_row": resplit_row * rs_size,
        "resplit": np.frombuffer(b"".join(rs_rows), dtype=np.bool_).copy(),
        "child": child.reshape(-1).astype(np.int16),
        "total": ht.total[old].astype(np.int8),
        "two_card": new[two_old].reshape(-1).astype(np.int16),
        "combo": np.where(combo >= 0, combo, ncombo - 1),   # unused cells: as numpy's -1
        "may_resplit": may_resplit,
        "one_card": one_card,
    }


def run_chunk(spec: KernelSpec, chunk: int, rounds: int,
              samples: np.ndarray | None = None) -> Counts:
    """Play one chunk of rounds from its own stream; the same (spec, chunk, rounds) always
    gives the same counts, on any machine or worker. With a count, ``samples`` (an int64
    array of rows of 12) receives the shoe states of every ``spec.sample_every``-th round
    (ten rank counts left, true count, running count; see :mod:`._kernel`).

    >>> spec = kernel_spec(DecisionTables.always_stand(Rules()), 5)
    >>> run_chunk(spec, 0, 1000) == run_chunk(spec, 0, 1000)
    True
    """
    counted = spec.count is not None
    c = Counts.zeros_counted() if counted else Counts.zeros()
    if samples is None:
        samples = np.zeros((0, 12), dtype=np.int64)
    r = spec.rules
    simulate_kernel(chunk_state(spec.entropy, chunk), int(rounds), spec.shoe, r.infinite,
                    spec.cut, spec.reserve, spec.deal, spec.play_row, spec.split_row, spec.acts,
                    spec.resplit_row, spec.resplit, spec.child, spec.total, spec.two_card,
                    spec.combo, r.max_hands, spec.may_resplit, spec.one_card, r.hit_soft_17,
                    DEALER_BURN_CODES[r.dealer_burn], r.dealer_bust_push or 0,
                    r.ties_lose_from or 99, c.hist, c.dealer, c.burn, c.split, c.events,
                    spec.tags, spec.tc_mult, spec.tc_den,
                    ROUND_CODES[spec.tc_rule.rounding] if spec.tc_rule else 0,
                    c.tc if counted else np.zeros((1, 9, 9, 9), dtype=np.int64), samples,
                    spec.sample_every if counted else 0)
    return c


def chunk_plan(rounds: int, chunk_size: int) -> list[tuple[int, int]]:
    """(chunk index, rounds) of every chunk: full chunks, then the remainder.

    >>> chunk_plan(25, 10)
    [(0, 10), (1, 10), (2, 5)]
    """
    if rounds < 1:
        raise SimulationError(f"rounds must be at least 1, not {rounds}")
    if chunk_size < 1:
        raise SimulationError(f"chunk size must be at least 1, not {chunk_size}")
    full, rest = divmod(rounds, chunk_size)
    plan = [(k, chunk_size) for k in range(full)]
    if rest:
        plan.append((full, rest))
    return plan

