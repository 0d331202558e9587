"""Plain, slow twins and brute-force references of Omaha Burn (guts_family.omaha).

* ``omaha_high_reference`` / ``omaha_low_reference``: the plain twins of the evaluator's kernels
  (``omaha_high``, ``omaha_low`` and their batch forms): the best of the 6 x 10 ways to take two
  hole cards and three board cards, each valued by the package's five-card specification
  ``high5`` / ``low5``.
* ``shares``: the rule sheet's split of one pot (high, or high and low halves), written out.
* ``python_brute_force``: the twin of ``omaha_equity`` with unknown opponents: every run-out and
  every unordered set of unknown holdings, in Python, valued by the plain twins above.
* ``numpy_known_hands`` / ``numpy_one_unknown``: brute-force twins of ``omaha_equity`` (known
  hands; one hand against one unknown hand at the burn) that list every run-out with
  ``itertools`` and score it in numpy, with the batch evaluator; independent of the equity
  kernel's enumeration and counting.
* ``sample_deals_twin`` / ``ranged_deals_twin``: the plain twins of the sampling kernels
  ``_sample_deals`` and ``_sample_ranged_deals``: the same draws from the same uniforms, every
  hand valued by the plain twins above, the pot split by ``shares``.

They share with the package only the cards, the five-card values and (the numpy references)
the batch evaluator, none of the equity code.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from itertools import combinations
from math import floor, lcm

import numpy as np

from guts_family.cards import CardError, check_disjoint, parse_cards
from guts_family.omaha._kernels import N_STATS
from guts_family.omaha.evaluator import (
    high5,
    low5,
    omaha_high,
    omaha_high_many,
    omaha_low,
    omaha_low_many,
)

__all__ = ["omaha_high_reference", "omaha_low_reference", "shares", "python_brute_force",
           "numpy_known_hands", "numpy_one_unknown", "sample_deals_twin", "ranged_deals_twin"]


def _hand_and_board(hole: Sequence[int] | str, board: Sequence[int] | str
                    ) -> tuple[list[int], list[int]]:
    """Four hole cards and a complete five-card board as card indices (input checked)."""
    h = parse_cards(hole) if isinstance(hole, str) else [int(c) for c in hole]
    b = parse_cards(board) if isinstance(board, str) else [int(c) for c in board]
    if len(h) != 4:
        raise CardError(f"an Omaha hand has 4 cards, got {len(h)}")
    if len(b) != 5:
        raise CardError(f"a complete Omaha board has 5 cards, got {len(b)}")
    check_disjoint(h, b, names=["the hand", "the board"])
    return h, b


def omaha_high_reference(hole: Sequence[int] | str, board: Sequence[int] | str) -> int:
    """Plain twin of ``omaha_high``: the best ``high5`` of two hole cards with three board cards.

    >>> omaha_high_reference("AsAhKsKh", "Qd7c2h3sAd") == omaha_high("AsAhKsKh", "Qd7c2h3sAd")
    True
    """
    h, b = _hand_and_board(hole, board)
    return max(high5(p + t) for p in combinations(h, 2) for t in combinations(b, 3))


def omaha_low_reference(hole: Sequence[int] | str, board: Sequence[int] | str) -> int:
    """Plain twin of ``omaha_low``: the best eight-or-better ``low5`` (0 = no low).

    >>> omaha_low_reference("As2d9c9h", "3c4d8h8sKc") == omaha_low("As2d9c9h", "3c4d8h8sKc")
    True
    """
    h, b = _hand_and_board(hole, board)
    return max(low5(p + t) for p in combinations(h, 2) for t in combinations(b, 3))


def shares(vhi: list[int], vlo: list[int], hilo: bool) -> list[Fraction]:
    """The rule sheet's split, written out plainly: each player's share of one pot.

    >>> [str(s) for s in shares([9, 9, 3], [0, 40, 56], hilo=True)]
    ['1/4', '1/4', '1/2']
    """
    n = len(vhi)
    out = [Fraction(0)] * n
    hi_winners = [p for p in range(n) if vhi[p] == max(vhi)]
    lows = [p for p in range(n) if vlo[p] > 0] if hilo else []
    if lows:
        best = max(vlo[p] for p in lows)
        lo_winners = [p for p in lows if vlo[p] == best]
        for p in hi_winners:
            out[p] += Fraction(1, 2 * len(hi_winners))
        for p in lo_winners:
            out[p] += Fraction(1, 2 * len(lo_winners))
    else:
        for p in hi_winners:
            out[p] += Fraction(1, len(hi_winners))
    return out


def python_brute_force(known, board, n_unknown, hilo):
    """Brute-force twin of ``omaha_equity(known, board, opponents=n_unknown, hilo=hilo)``.

    Every run-out and every unordered set of unknown holdings, valued by the slow twin; returns
    (the known hands' equities, then one unknown hand's, as fractions; the number of deals).
    """
    cache: dict = {}

    def values(h, b):
        key = (tuple(sorted(h)), tuple(sorted(b)))
        if key not in cache:
            cache[key] = (omaha_high_reference(h, b), omaha_low_reference(h, b) if hilo else 0)
        return cache[key]

    dead = set(board) | {c for h in known for c in h}
    unseen = [c for c in range(52) if c not in dead]

    def holdings(cards, k, start=()):
        if k == 0:
            yield []
            return
        for first in combinations(cards, 4):
            if start and first <= start:
                continue
            left = [c for c in cards if c not in first]
            for more in holdings(left, k - 1, first):
                yield [list(first)] + more

    n = len(known) + n_unknown
    total = [Fraction(0)] * (len(known) + 1)
    deals = 0
    for extra in combinations(unseen, 5 - len(board)):
        b = list(board) + list(extra)
        rest = [c for c in unseen if c not in extra]
        for opp in holdings(rest, n_unknown):
            vals = [values(h, b) for h in list(known) + opp]
            s = shares([v[0] for v in vals], [v[1] for v in vals], hilo)
            for p in range(n):
                total[min(p, len(known))] += s[p]
            deals += 1
    return [t / deals for t in total[:-1]] + [total[-1] / (deals * max(n_unknown, 1))], deals


def numpy_known_hands(hands, board, hilo):
    """Brute-force twin of ``omaha_equity(hands, board, hilo=hilo)`` for known hands.

    Every run-out listed by itertools, valued in batch; returns (equities as fractions, the
    number of run-outs).
    """
    dead = set(board) | {c for h in hands for c in h}
    rest = np.array([c for c in range(52) if c not in dead], dtype=np.uint8)
    m = 5 - len(board)
    idx = np.array(list(combinations(range(len(rest)), m)), dtype=np.int64).reshape(-1, m) \
        if m else np.zeros((1, 0), dtype=np.int64)
    boards = np.hstack([np.tile(np.array(board, dtype=np.uint8), (len(idx), 1)), rest[idx]])
    n = len(hands)
    hi = np.stack([omaha_high_many(np.tile(np.array(h, dtype=np.uint8), (len(idx), 1)), boards)
                   for h in hands]).astype(np.int64)
    lo = np.stack([omaha_low_many(np.tile(np.array(h, dtype=np.uint8), (len(idx), 1)), boards)
                   for h in hands]).astype(np.int64) * hilo
    unit = 2 * lcm(*range(1, n + 1))
    hi_win = hi == hi.max(axis=0)
    lo_best = lo.max(axis=0)
    lo_win = (lo == lo_best) & (lo_best > 0)
    has_low = lo_best > 0
    hi_part = np.where(has_low, unit // 2, unit) // hi_win.sum(axis=0)
    lo_part = np.where(has_low, (unit // 2) // np.maximum(lo_win.sum(axis=0), 1), 0)
    share = hi_win * hi_part + lo_win * lo_part
    return [Fraction(int(s), len(idx) * unit) for s in share.sum(axis=1)], len(idx)


def numpy_one_unknown(hero, board4, hilo):
    """Brute-force twin of ``omaha_equity([hero], board4, opponents=1, hilo=hilo)`` at the burn.

    Every river, every holding of the unknown hand, in numpy; returns the hero's (equity,
    scoop, lose) as fractions and the number of deals.
    """
    dead = set(board4) | set(hero)
    unseen = [c for c in range(52) if c not in dead]
    idx = np.array(list(combinations(range(len(unseen) - 1), 4)), dtype=np.int64)
    total = scoop = lose = deals = 0
    for river in unseen:
        rest = np.array([c for c in unseen if c != river], dtype=np.uint8)
        board5 = board4 + [river]
        opp = rest[idx]
        boards = np.tile(np.array(board5, dtype=np.uint8), (len(opp), 1))
        ohi = omaha_high_many(opp, boards).astype(np.int64)
        olo = omaha_low_many(opp, boards).astype(np.int64) * hilo
        hhi, hlo = omaha_high(hero, board5), omaha_low(hero, board5) * hilo
        # pot = 4 units
        high = np.where(hhi > ohi, 4, np.where(hhi == ohi, 2, 0))
        low_exists = (olo > 0) | (hlo > 0)
        low = np.where(hlo > olo, 2, np.where((hlo == olo) & (hlo > 0), 1, 0))
        share = np.where(low_exists, high // 2 + low, high)
        total += int(share.sum())
        scoop += int((share == 4).sum())
        lose += int((share == 0).sum())
        deals += len(opp)
    return Fraction(total, 4 * deals), Fraction(scoop, deals), Fraction(lose, deals), deals


def sample_deals_twin(known, board, deck, n_unknown, hilo, u):
    """Plain twin of the kernel ``_sample_deals`` (``guts_family.omaha._kernels``): the same
    partial Fisher-Yates draw from the same uniforms, hands valued by the plain evaluator, the
    pot split by ``shares``; returns the per-trial rows (trials, slots, 7) as fractions of the
    pot / indicators."""
    deck = list(deck)
    n, m = len(deck), 5 - len(board)
    rows = []
    for trial in u:
        for j, x in enumerate(trial):
            k = min(j + floor(x * (n - j)), n - 1)
            deck[j], deck[k] = deck[k], deck[j]
        b = list(board) + deck[:m]
        hands = list(known) + [deck[m + 4 * s: m + 4 * s + 4] for s in range(n_unknown)]
        hi = [omaha_high_reference(h, b) for h in hands]
        lo = [omaha_low_reference(h, b) if hilo else 0 for h in hands]
        s = shares(hi, lo, hilo)
        n_hi = hi.count(max(hi))
        best_lo = max(lo)
        n_lo = lo.count(best_lo) if best_lo > 0 else 0
        row = np.zeros((len(known) + 1, N_STATS))
        for p in range(len(hands)):
            slot = min(p, len(known))
            row[slot] += [float(s[p]), s[p] == 1, hi[p] == max(hi) and n_hi == 1,
                          hi[p] == max(hi) and n_hi > 1,
                          n_lo == 1 and lo[p] == best_lo, n_lo > 1 and lo[p] == best_lo,
                          s[p] == 0]
        rows.append(row)
    return np.array(rows)


def ranged_deals_twin(known, board, unseen, opp, hilo, u):
    """Plain twin of the kernel ``_sample_ranged_deals``: per-trial pot shares (fractions) of
    each known hand and the unknown seats together, from the same holdings and uniforms."""
    rows = []
    for hs, uu in zip(opp, u):
        taken = {c for h in hs for c in h}
        deck = [c for c in unseen if c not in taken]
        n = len(deck)
        for j, x in enumerate(uu):
            k = min(j + floor(x * (n - j)), n - 1)
            deck[j], deck[k] = deck[k], deck[j]
        b = list(board) + deck[:len(uu)]
        hands = list(known) + [list(h) for h in hs]
        hi = [omaha_high_reference(h, b) for h in hands]
        lo = [omaha_low_reference(h, b) if hilo else 0 for h in hands]
        s = shares(hi, lo, hilo)
        rows.append(s[:len(known)] + [sum(s[len(known):], Fraction(0))])
    return rows
