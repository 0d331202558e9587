"""tables: the strategy representation shared by the exact engine, the charts and the simulator.

Leaf layer: no probabilities, only what a strategy is made of. The hand table (every rank
multiset with hard total <= 21, as arrays the kernels walk), the action codes, the hidden split
combinations (j, u) a split hand can see, and :class:`DecisionTables`, a complete strategy as
lookup tables: which card to burn, how to play the kept hand and each split hand, and when to
resplit. The exact engine exports its optimal decisions in this form, a printed chart is
expanded into it, and the simulator plays it card by card.

Hands are indices into :func:`hand_table`: ``hand_table().child[h, r]`` is the hand after
drawing rank r (-1 = bust) and ``DecisionTables.two_card[a, c]`` the index of a two-card hand,
so a player follows its hand incrementally.

>>> t = DecisionTables.always_stand(Rules())
>>> t.play.shape, int(t.burn[9, 0, 4, 9])
((10, 10, 3082), 9)
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import NamedTuple

import numpy as np

from .rules import Rules
from .shoe import NRANKS

__all__ = ["ACTION_NAMES", "DOUBLE", "HIT", "NOTHING_HIDDEN", "SPLIT", "STAND", "DecisionTables",
           "HandTable", "HiddenCombos", "combo_index_table", "double_allowed", "hand_table",
           "hidden_combos"]


# action codes used in decision tables
STAND, HIT, DOUBLE, SPLIT = 0, 1, 2, 3
ACTION_NAMES = ("stand", "hit", "double", "split")



@dataclass(frozen=True)
class HandTable:
    """All rank multisets with hard total <= 21, as arrays for the kernels.

    counts[h]: ten counts; hard[h]: total with aces as 1; soft[h]: 1 if an ace counts 11;
    total[h]: best total; ncards[h]; child[h, r]: the hand after drawing r (-1 = bust);
    order: hand indices by decreasing hard total; index: multiset tuple -> hand index.
    """

    counts: np.ndarray
    hard: np.ndarray
    soft: np.ndarray
    total: np.ndarray
    ncards: np.ndarray
    child: np.ndarray
    order: np.ndarray
    index: dict[tuple[int, ...], int]

    def of(self, ranks: list[int] | tuple[int, ...]) -> int:
        """Index of the hand holding these ranks."""
        c = [0] * NRANKS
        for r in ranks:
            c[r] += 1
        return self.index[tuple(c)]


@functools.cache
def hand_table() -> HandTable:
    """The cached table of every hand with hard total <= 21."""
    hands: list[tuple[int, ...]] = []

    def rec(r: int, m: list[int], tot: int) -> None:
        if r == NRANKS:
            if sum(m):
                hands.append(tuple(m))
            return
        c = 0
        while tot + c * (r + 1) <= 21:
            rec(r + 1, m + [c], tot + c * (r + 1))
            c += 1

    rec(0, [], 0)
    index = {h: i for i, h in enumerate(hands)}
    n = len(hands)
    counts = np.array(hands, dtype=np.int64)
    hard = counts @ np.arange(1, 11)
    soft = ((counts[:, 0] > 0) & (hard + 10 <= 21)).astype(np.int64)
    total = hard + 10 * soft
    child = np.full((n, NRANKS), -1, dtype=np.int64)
    for i, h in enumerate(hands):
        for r in range(NRANKS):
            m = list(h)
            m[r] += 1
            child[i, r] = index.get(tuple(m), -1)
    order = np.argsort(-hard, kind="stable").astype(np.int64)
    return HandTable(counts, hard, soft, total, counts.sum(axis=1), child, order, index)


@functools.lru_cache(maxsize=64)
def double_allowed(rules: Rules, split_hands: bool) -> np.ndarray:
    """Per hand of the table: may it double (two cards, the rules' totals)? Cached: do not
    modify the array."""
    t = hand_table()
    out = np.zeros(len(t.index), dtype=np.bool_)
    for h in range(len(t.index)):
        if t.ncards[h] == 2:
            out[h] = rules.may_double(int(t.hard[h]), bool(t.soft[h]), split_hands)
    return out


class HiddenCombos(NamedTuple):
    """Hidden combinations (j, u) as two arrays, combination c = (j[c], u[c]): ``j`` pair
    cards and ``u`` non-pair cards dealt as second cards before a split hand's own."""

    j: np.ndarray
    u: np.ndarray


#: the one combination of a hand that nothing is hidden from (an unsplit hand): j = u = 0
NOTHING_HIDDEN = HiddenCombos(np.zeros(1, dtype=np.int64), np.zeros(1, dtype=np.int64))


def hidden_combos(max_hands: int) -> HiddenCombos:
    """Every (j, u) a split hand can see: u <= max_hands - 1 and j + u <= 2 max_hands - 3.

    >>> j, u = hidden_combos(4)
    >>> len(j), int(j.max()), int(u.max())
    (18, 5, 3)
    """
    js, us = [], []
    for u in range(max_hands):
        for j in range(2 * max_hands - 2 - u):
            js.append(j)
            us.append(u)
    return HiddenCombos(np.array(js, dtype=np.int64), np.array(us, dtype=np.int64))


def combo_index_table(max_hands: int) -> np.ndarray:
    """combo[j, u] -> index of the hidden combination (j, u) in split tables (-1 if unused).

    ``j``: pair cards dealt as second cards before a split hand took its own second card;
    ``u``: earlier split hands that took a non-pair second card.

    >>> int(combo_index_table(4)[0, 0]), int(combo_index_table(4)[5, 0])
    (0, 5)
    """
    cj, cu = hidden_combos(max_hands)
    out = np.full((2 * max_hands, max_hands + 1), -1, dtype=np.int64)
    for i, (j, u) in enumerate(zip(cj, cu)):
        out[j, u] = i
    return out


@dataclass(frozen=True, eq=False)
class DecisionTables:
    """Every decision of one strategy (codes: STAND=0, HIT=1, DOUBLE=2).

    burn[up, c1, c2, c3]: the rank burned from player cards c1 <= c2 <= c3 (rank indices,
        0 = ace ... 9 = ten), given the up card.
    play[up, burned, h]: action for an unsplit hand h (DOUBLE only on two-card hands the rules
        let double). A kept pair reaches ``play`` only when the split is optional and
        ``split_kept[up, burned, pair]`` is False.
    split_kept[up, burned, pair]: split a kept pair (always True when the split is mandatory).
    split_play[up, burned, pair, combo, h]: action for a split hand h (which holds the pair
        card) whose hidden combination is ``combo`` (see :func:`combo_index_table`).
    resplit[up, burned, pair, hands_in_play, hand_number, j, u]: split again when hand
        ``hand_number`` (1-based) of ``hands_in_play`` draws another pair card, j pair cards
        and u non-pair cards having been dealt as second cards before.
    name: what the strategy is (printed in every output that uses it).
    """

    rules: Rules
    burn: np.ndarray
    play: np.ndarray
    split_kept: np.ndarray
    split_play: np.ndarray
    resplit: np.ndarray
    name: str

    @property
    def two_card(self) -> np.ndarray:
        """two_card[a, c]: index of the two-card hand of ranks a and c."""
        t = hand_table()
        out = np.zeros((NRANKS, NRANKS), dtype=np.int64)
        for a in range(NRANKS):
            for c in range(NRANKS):
                out[a, c] = t.of((a, c))
        return out

    @classmethod
    def empty(cls, rules: Rules, name: str) -> DecisionTables:
        """Tables of the right shapes, every action STAND, no resplits, burn the highest card."""
        nh = len(hand_table().index)
        m = rules.max_hands
        nc = len(hidden_combos(m)[0])
        burn = np.zeros((NRANKS,) * 4, dtype=np.int8)
        for c1 in range(NRANKS):
            for c2 in range(NRANKS):
                for c3 in range(NRANKS):
                    burn[:, c1, c2, c3] = max(c1, c2, c3)
        return cls(rules, burn,
                   np.zeros((NRANKS, NRANKS, nh), dtype=np.int8),
                   np.ones((NRANKS, NRANKS, NRANKS), dtype=np.bool_),
                   np.zeros((NRANKS, NRANKS, NRANKS, nc, nh), dtype=np.int8),
                   np.zeros((NRANKS, NRANKS, NRANKS, m + 1, m + 1, 2 * m, m + 1), dtype=np.bool_),
                   name)

    @classmethod
    def always_stand(cls, rules: Rules) -> DecisionTables:
        """A simple fixed strategy for checks: burn the highest rank index, always stand."""
        return cls.empty(rules, "burn the highest rank, always stand")


