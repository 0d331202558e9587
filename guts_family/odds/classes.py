"""Every hand of an order against one random opposing hand at once, and class representatives.

>>> from guts_family.hands import ONE
>>> win, tie, lose, total = single_seat_counts(ONE)
>>> total, int(win[-1]), int(tie[-1]), int(lose[-1])   # the last card is As
(51, 48, 3, 0)
"""

from __future__ import annotations

import itertools
from math import comb

import numpy as np

from guts_family.hands import HandOrder

__all__ = ["single_seat_counts", "representatives"]


def single_seat_counts(order: HandOrder) -> tuple[np.ndarray, np.ndarray, np.ndarray, int]:
    """Win / tie / lose counts of every hand of ``order.all_hands`` against one random hand.

    Full deck, no dead cards. For a hand h of class t, the opposing hands below t that avoid
    h's cards are ``sum over r subset of h of (-1)^|r| X_r`` with ``X_r`` the hands below t
    containing r, read from cumulative per-class tables; likewise for class t itself.

    >>> from guts_family.hands import VALUE3
    >>> win, tie, lose, total = single_seat_counts(VALUE3)
    >>> total, int(win[-1]), int(lose[0])   # the last hand is AAA; the first, 2c 2d 2h, loses to 48
    (18424, 18424, 48)
    """
    hands, cls = order.all_hands
    n, k = order.n_cards, order.n_classes
    nh = len(hands)
    a = np.bincount(cls, minlength=k).astype(np.int64)
    b = np.zeros((k, 52), np.int64)
    for i in range(n):
        np.add.at(b, (cls, hands[:, i]), 1)
    c = np.zeros((k, 52, 52), np.int64) if n >= 3 else None
    if c is not None:
        for i in range(n):
            for j in range(i + 1, n):
                np.add.at(c, (cls, hands[:, i], hands[:, j]), 1)
                np.add.at(c, (cls, hands[:, j], hands[:, i]), 1)
    zero = np.zeros((1,) + a.shape[1:], np.int64)
    a_cum = np.concatenate([zero, np.cumsum(a, axis=0)])
    b_cum = np.concatenate([np.zeros((1, 52), np.int64), np.cumsum(b, axis=0)])
    below = a_cum[cls].copy()
    equal = a[cls].copy()
    for i in range(n):
        below -= b_cum[cls, hands[:, i]] if n >= 2 else 0
        equal -= b[cls, hands[:, i]] if n >= 2 else 0
    if n == 3 and c is not None:
        c_cum = np.cumsum(c, axis=0)  # c_cum[t - 1] = hands below t; t = 0 has none below
        for i in range(n):
            for j in range(i + 1, n):
                below += np.where(cls > 0,
                                  c_cum[np.maximum(cls - 1, 0), hands[:, i], hands[:, j]], 0)
                equal += c[cls, hands[:, i], hands[:, j]]
    # the term r = h itself: h is in its own class, never below it
    equal += (-1) ** n
    total = comb(52 - n, n)
    lose = total - below - equal
    assert nh == len(below)
    return below, equal, lose, total


def _suit_canonical(hands: np.ndarray) -> np.ndarray:
    """A key equal for two hands iff a permutation of suits maps one onto the other."""
    best = np.full(len(hands), np.iinfo(np.int64).max, dtype=np.int64)
    for perm in itertools.permutations(range(4)):
        p = np.array(perm, dtype=np.int64)
        mapped = np.sort((hands >> 2) * 4 + p[hands & 3], axis=1)
        key = np.zeros(len(hands), dtype=np.int64)
        for i in range(hands.shape[1]):
            key = key * 52 + mapped[:, i]
        best = np.minimum(best, key)
    return best


def representatives(order: HandOrder) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Hands standing for all others (one per class if suit-blind, else one per suit pattern).

    Returns the representative hands, their classes and how many hands each stands for.

    >>> from guts_family.hands import POKER3, VALUE3
    >>> [len(representatives(o)[0]) for o in (VALUE3, POKER3)]
    [455, 1755]
    """
    hands, cls = order.all_hands
    key = cls if order.suit_blind else _suit_canonical(hands)
    _, first, counts = np.unique(key, return_index=True, return_counts=True)
    return hands[first], cls[first], counts.astype(np.int64)
