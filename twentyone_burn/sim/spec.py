"""spec: a strategy and options turned into the kernel's arrays, and chunks played from them.

:func:`run_chunk` is the one typed wrapper around the numba kernel: it alone unpacks a
:class:`KernelSpec` into the kernel's positional arguments.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from ..rules import Rules
from ..shoe import NRANKS, full_shoe
from ..tables import DecisionTables, combo_index_table, hand_table
from ._kernel import simulate_kernel
from .counts import Counts
from .errors import SimulationError
from .rng import chunk_state
from .strategy import check_tables

__all__ = ["KernelSpec", "chunk_plan", "kernel_spec", "round_card_bound", "run_chunk"]


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
    return int(np.searchsorted(np.cumsum(values), 4 * 30 + 26 + 2 * 10, side="right"))


@dataclass(frozen=True, eq=False)
class KernelSpec:
    """Everything a worker needs to run chunks: the kernel's arrays and the rule flags."""

    rules: Rules
    entropy: int
    penetration: float | None
    shoe: np.ndarray
    cut: int
    reserve: int
    burn: np.ndarray
    play: np.ndarray
    split_kept: np.ndarray
    split_play: np.ndarray
    resplit: np.ndarray
    child: np.ndarray
    two_card: np.ndarray
    total: np.ndarray
    combo: np.ndarray
    may_resplit: np.ndarray
    one_card: np.ndarray


def kernel_spec(tables: DecisionTables, entropy: int, penetration: float | None = None,
                validate: bool = True) -> KernelSpec:
    """Turn a strategy and options into the kernel's arrays.

    ``penetration``: None = reshuffle before every round; else the fraction of the shoe
    dealt before a reshuffle (cut card), 0 < penetration <= 1.

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
    ht = hand_table()
    return KernelSpec(
        rules=rules, entropy=int(entropy), penetration=penetration, shoe=shoe, cut=cut,
        reserve=reserve,
        burn=np.ascontiguousarray(tables.burn, dtype=np.int8),
        play=np.ascontiguousarray(tables.play, dtype=np.int8),
        split_kept=np.ascontiguousarray(tables.split_kept, dtype=np.bool_),
        split_play=np.ascontiguousarray(tables.split_play, dtype=np.int8),
        resplit=np.ascontiguousarray(tables.resplit, dtype=np.bool_),
        child=np.ascontiguousarray(ht.child, dtype=np.int64),
        two_card=np.ascontiguousarray(tables.two_card, dtype=np.int64),
        total=np.ascontiguousarray(ht.total, dtype=np.int64),
        combo=combo_index_table(rules.max_hands),
        may_resplit=np.array([rules.may_resplit(p) for p in range(NRANKS)], dtype=np.bool_),
        one_card=np.array([p == 0 and rules.split_aces_one_card for p in range(NRANKS)],
                          dtype=np.bool_),
    )


def run_chunk(spec: KernelSpec, chunk: int, rounds: int) -> Counts:
    """Play one chunk of rounds from its own stream; the same (spec, chunk, rounds) always
    gives the same counts, on any machine or worker.

    >>> spec = kernel_spec(DecisionTables.always_stand(Rules()), 5)
    >>> run_chunk(spec, 0, 1000) == run_chunk(spec, 0, 1000)
    True
    """
    c = Counts.zeros()
    r = spec.rules
    simulate_kernel(chunk_state(spec.entropy, chunk), int(rounds), spec.shoe, r.infinite,
                    spec.cut, spec.reserve, spec.burn, spec.play, spec.split_kept, spec.split_play,
                    spec.resplit, spec.child, spec.two_card, spec.total, spec.combo,
                    r.max_hands, spec.may_resplit, spec.one_card, r.hit_soft_17,
                    r.dealer_22_pushes, r.ties_lose, c.hist, c.dealer, c.burn, c.split, c.events)
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

