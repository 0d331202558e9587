"""notation: how the toolkit writes cards and hands - the kept two-card hands' names and kinds.

A kept hand is written as players say it: high card first, the ace highest, T for any ten
("AT", "T9", "85", "22"). Charts, the short burn rule, the strategy card and the command line
all write hands this way; this module is the one place that says how. Ranks are the indices
of :data:`twentyone_burn.shoe.RANKS` (0 = ace ... 9 = ten). No numpy: the command line imports
it before any heavy module.

>>> kept_hand_name(4, 7), kept_hand_name(9, 0), kept_hand_name(7, 7)
('85', 'AT', '88')
>>> kept_ranks("85"), kept_kind("85")
((4, 7), 'hard')
"""

from __future__ import annotations

from .shoe import RANK_INDEX, RANKS

__all__ = ["HIGH_FIRST", "KEPT_HANDS", "kept_hand_name", "kept_kind", "kept_ranks"]

#: rank names in the order a hand's name writes them: the ace highest, then T, 9, ..., 2
HIGH_FIRST = ("A", "T", "9", "8", "7", "6", "5", "4", "3", "2")
_PLACE = {name: i for i, name in enumerate(HIGH_FIRST)}
#: the 55 kept two-card hands, in the burn table's row order: AA, AT, ..., A2, TT, ..., 22
KEPT_HANDS = tuple(HIGH_FIRST[i] + HIGH_FIRST[j] for i in range(10) for j in range(i, 10))


def kept_hand_name(a: int, c: int) -> str:
    """The name of the kept hand of ranks ``a`` and ``c`` (rank indices, in any order).

    >>> kept_hand_name(1, 9), kept_hand_name(0, 0)
    ('T2', 'AA')
    """
    x, y = RANKS[a], RANKS[c]
    return x + y if _PLACE[x] <= _PLACE[y] else y + x


def kept_ranks(hand: str) -> tuple[int, int]:
    """The rank indices (ace = 0) of a kept-hand name, low index first.

    >>> kept_ranks("AT"), kept_ranks("95")
    ((0, 9), (4, 8))
    """
    a, c = RANK_INDEX[hand[0]], RANK_INDEX[hand[1]]
    return (a, c) if a <= c else (c, a)


def kept_kind(hand: str) -> str:
    """'pair', 'soft' (one ace) or 'hard' for a kept-hand name like "A7".

    >>> kept_kind("88"), kept_kind("A7"), kept_kind("T9")
    ('pair', 'soft', 'hard')
    """
    if hand[0] == hand[1]:
        return "pair"
    return "soft" if "A" in hand else "hard"
