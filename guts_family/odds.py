"""Exact odds of one hand against a field of opposing hands, by complete enumeration.

The field is a list of :class:`Seat` s: the pot's (dummy) hand and other players' hands, each
with some known cards (possibly none) and the rest dealt from the unseen cards. Every deal of
the unseen cards to the seats is counted once; the result holds the integer counts.

How it counts. The first random seat is enumerated card by card. The other random seats (at
most two) are counted by inclusion-exclusion over shared cards: the number of hands of a family
(all hands below the hero's class, or equal to it) that avoid a set ``R`` of cards is
``sum over r subset of R of (-1)^|r| X_r`` where ``X_r`` counts the family's hands containing
``r``; for two seats at once, the number of disjoint pairs ``(x, y)`` is
``sum over card sets s of (-1)^|s| X_s Y_s``. The numba kernels do that; ``field_odds_naive``
is the plain nested-loop twin that the tests compare against.

>>> from guts_family.cards import parse_cards
>>> from guts_family.hands import VALUE3
>>> odds = field_odds(VALUE3, parse_cards("As Ad Kh"), [Seat("pot", is_pot=True)])
>>> odds.win_count, odds.tie_count, odds.lose_count, odds.total
(18376, 3, 45, 18424)
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from math import comb

import numba
import numpy as np

from guts_family.cards import CardError, cards_str, check_disjoint
from guts_family.hands import HandOrder

__all__ = ["Seat", "FieldOdds", "TIE_RULES", "PLAYER_TIE_RULES", "field_odds",
           "field_odds_naive", "check_stakes", "single_seat_counts", "representatives", "Game",
           "HandTable", "GAME_NAMES", "get_game"]

TIE_RULES = ("pot", "split", "replay")
"""How a tie with the pot's (dummy, dealer) hand is settled: the pot's hand wins it; the pot is
shared among the tied hands (the pot's hand's share stays in the pot) and no one pays; no result
(the tied hands neither win nor pay, the pot carries over)."""

PLAYER_TIE_RULES = ("split", "replay")
"""How a tie for best between players only (the pot's hand below them) is settled."""

_MAX_FORMULA_SEATS = 2


@dataclass(frozen=True)
class Seat:
    """One opposing hand: its name, its known cards, whether it is the pot's hand.

    ``min_class`` restricts the seat to hands of that class or better (a calling range, e.g. a
    dealer who only calls with ace high or better); at most one random seat may be restricted.

    >>> Seat("player 2", known=(51,))
    Seat(name='player 2', known=(51,), is_pot=False, min_class=0)
    """

    name: str
    known: tuple[int, ...] = ()
    is_pot: bool = False
    min_class: int = 0


def check_stakes(pot: float, limit: float | None = None, fee: float | None = None) -> None:
    """Raise ValueError unless the pot (and the limit, if any) are positive and the fee >= 0.

    >>> check_stakes(10, 5)
    >>> check_stakes(0)
    Traceback (most recent call last):
    ...
    ValueError: the pot must be a positive amount, got 0: give e.g. --pot 10
    """
    if not (pot > 0) or pot != pot or pot == float("inf"):
        raise ValueError(f"the pot must be a positive amount, got {pot}: give e.g. --pot 10")
    if limit is not None and (not (limit > 0) or limit != limit):
        raise ValueError(f"the limit must be a positive amount, got {limit}: "
                         "give e.g. --limit 5, or leave it out for no limit")
    if fee is not None and (not (fee >= 0) or fee == float("inf")):
        raise ValueError(f"the fee must be zero or a positive amount, got {fee}: give e.g. --fee 1")


def _frac(x: float | int | Fraction) -> Fraction:
    return x if isinstance(x, Fraction) else Fraction(str(x))


@dataclass(frozen=True)
class FieldOdds:
    """Exact outcome counts of the hero's hand against the seats.

    ``ties`` maps each set of seats (indices into ``seats``) that tie the hero for the best hand
    to its count; the empty set is an outright win. ``lose_count`` counts deals where some
    seat's hand is strictly better. All counts are over the same ``total`` deals.
    """

    order: str
    hero: tuple[int, ...]
    dead: tuple[int, ...]
    seats: tuple[Seat, ...]
    total: int
    lose_count: int
    ties: dict[tuple[int, ...], int] = field(hash=False)

    @property
    def win_count(self) -> int:
        """Deals where the hero's hand is strictly best."""
        return self.ties.get((), 0)

    @property
    def tie_count(self) -> int:
        """Deals where the hero ties for best with at least one seat."""
        return sum(v for k, v in self.ties.items() if k)

    @property
    def win(self) -> float:
        """Probability of an outright win."""
        return self.win_count / self.total

    @property
    def tie(self) -> float:
        """Probability of a tie for best."""
        return self.tie_count / self.total

    @property
    def lose(self) -> float:
        """Probability that some seat's hand is strictly better."""
        return self.lose_count / self.total

    def ev_exact(self, pot: float | Fraction, limit: float | Fraction | None = None,
                 tie: str = "pot", player_tie: str = "split", loss_multiple: int = 1,
                 win_amount: float | Fraction | None = None) -> Fraction:
        """Exact expected gain of playing the hand, against not playing (0).

        A win takes the pot (``win_amount``, default the pot); a loss pays
        ``loss_multiple * min(pot, limit)``; ties follow ``tie`` (a tie involving the pot's hand:
        pot / split / replay) and ``player_tie`` (a tie between players only: split / replay).

        >>> from guts_family.cards import parse_cards
        >>> from guts_family.hands import VALUE3
        >>> o = field_odds(VALUE3, parse_cards("As Ad Kh"), [Seat("pot", is_pot=True)])
        >>> o.ev_exact(10) == Fraction(10 * (18376 - 45 - 3), 18424)  # a tie with the pot loses
        True
        """
        if tie not in TIE_RULES:
            raise ValueError(f"unknown tie rule {tie!r}: choose one of {', '.join(TIE_RULES)}")
        if player_tie not in PLAYER_TIE_RULES:
            raise ValueError(f"unknown player tie rule {player_tie!r}: "
                             f"choose one of {', '.join(PLAYER_TIE_RULES)}")
        check_stakes(float(pot), None if limit is None else float(limit))
        p = _frac(pot)
        gain = p if win_amount is None else _frac(win_amount)
        paid = loss_multiple * (p if limit is None else min(p, _frac(limit)))
        total = Fraction(0)
        for mask, count in self.ties.items():
            if not mask:
                value = gain
            else:
                pot_tied = any(self.seats[i].is_pot for i in mask)
                players = sum(1 for i in mask if not self.seats[i].is_pot)
                if pot_tied:
                    value = {"pot": -paid, "split": gain / (players + 2), "replay": Fraction(0)}[tie]
                else:
                    value = gain / (players + 1) if player_tie == "split" else Fraction(0)
            total += count * value
        total -= self.lose_count * paid
        return total / self.total

    def ev(self, pot: float, limit: float | None = None, tie: str = "pot",
           player_tie: str = "split", loss_multiple: int = 1,
           win_amount: float | None = None) -> float:
        """``ev_exact`` as a float.

        >>> from guts_family.cards import parse_cards
        >>> from guts_family.hands import ONE
        >>> round(field_odds(ONE, parse_cards("Ah"), [Seat("pot", is_pot=True)]).ev(10), 4)
        8.8235
        """
        return float(self.ev_exact(pot, limit, tie, player_tie, loss_multiple, win_amount))

    def as_dict(self) -> dict:
        """Plain dict for JSON: probabilities, the integer counts behind them and their total."""
        return {
            "hand": cards_str(self.hero),
            "dead": cards_str(self.dead),
            "order": self.order,
            "seats": [{"name": s.name, "known": cards_str(s.known), "is_pot": s.is_pot}
                      for s in self.seats],
            "exact": True,
            "win": self.win, "tie": self.tie, "lose": self.lose,
            "counts": {"win": self.win_count, "tie": self.tie_count, "lose": self.lose_count},
            "total": self.total,
            "tie_detail": [{"with": [self.seats[i].name for i in mask], "count": c}
                           for mask, c in sorted(self.ties.items()) if mask and c],
        }


# ----------------------------------------------------------------------------------------------
# numba kernels
# ----------------------------------------------------------------------------------------------
@numba.njit(cache=True)
def _x(tab0, tab1, tab2, table, t, f, fam, m, q, nq):
    """Hands of family (seat f; fam 0 = below class t, 1 = equal) that contain the cards q."""
    if nq > m:
        return 0
    if nq == 0:
        return tab0[f, fam]
    if nq == 1:
        return tab1[f, fam, q[0]]
    if nq == 2:
        return tab2[f, fam, q[0], q[1]]
    cls = table[q[0] + 52 * q[1] + 2704 * q[2]]  # nq == m == 3: the seat has no known cards
    if fam == 0:
        return 1 if (cls >= 0 and cls < t) else 0
    return 1 if cls == t else 0


@numba.njit(cache=True)
def _x_avoiding(tab0, tab1, tab2, table, t, f, fam, m, s, ns, r, nr, buf):
    """Hands of the family that contain the cards s and none of the cards r (inclusion-exclusion)."""
    total = 0
    for bits in range(1 << nr):
        nq = ns
        for i in range(ns):
            buf[i] = s[i]
        odd = False
        for j in range(nr):
            if (bits >> j) & 1:
                buf[nq] = r[j]
                nq += 1
                odd = not odd
        if nq > m:
            continue
        v = _x(tab0, tab1, tab2, table, t, f, fam, m, buf, nq)
        total += -v if odd else v
    return total


@numba.njit(cache=True)
def _pair_counts(tab0, tab1, tab2, table, t, ms, same, unseen, in_r, r, nr, acc,
                 fast, pp, qq, gg, kk):
    """acc[a, b] += disjoint pairs (x of seat 0 in family a, y of seat 1 in family b) avoiding r.

    ``fast``: both seats are three random cards and pp, qq, gg, kk hold _same3_sums."""
    buf = np.empty(6, np.int64)
    s = np.empty(3, np.int64)
    xa = np.empty(2, np.int64)
    yb = np.empty(2, np.int64)
    x0 = np.empty(2, np.int64)
    m0 = ms[0]
    m1 = ms[1]
    mmin = min(m0, m1)
    # |s| = 0
    for fam in range(2):
        xa[fam] = _x_avoiding(tab0, tab1, tab2, table, t, 0, fam, m0, s, 0, r, nr, buf)
        yb[fam] = xa[fam] if same else _x_avoiding(tab0, tab1, tab2, table, t, 1, fam, m1, s, 0,
                                                    r, nr, buf)
        x0[fam] = xa[fam]
    for a in range(2):
        for b in range(2):
            acc[a, b] += xa[a] * yb[b]
    nu = unseen.shape[0]
    if fast:
        _pair_counts_same3(tab1, tab2, table, t, unseen, in_r, r, nr, pp, qq, gg, kk, acc)
        acc[0, 0] -= x0[0]
        acc[1, 1] -= x0[1]
        return
    # |s| = 1
    for i in range(nu):
        c = unseen[i]
        if in_r[c]:
            continue
        s[0] = c
        for fam in range(2):
            xa[fam] = _x_avoiding(tab0, tab1, tab2, table, t, 0, fam, m0, s, 1, r, nr, buf)
            yb[fam] = xa[fam] if same else _x_avoiding(tab0, tab1, tab2, table, t, 1, fam, m1, s,
                                                        1, r, nr, buf)
        for a in range(2):
            for b in range(2):
                acc[a, b] -= xa[a] * yb[b]
    # |s| = 2: X^R_cd = X_cd - sum over r of [c d r in family] (only for a seat of three random cards)
    if mmin >= 2:
        for i in range(nu):
            c = unseen[i]
            if in_r[c]:
                continue
            for j in range(i + 1, nu):
                d = unseen[j]
                if in_r[d]:
                    continue
                sub_w = 0
                sub_e = 0
                if m0 == 3 or m1 == 3:
                    for k in range(nr):
                        cls = table[c + 52 * d + 2704 * r[k]]
                        if cls < t:
                            sub_w += 1
                        elif cls == t:
                            sub_e += 1
                xw = tab2[0, 0, c, d]
                xe = tab2[0, 1, c, d]
                if m0 == 3:
                    xw -= sub_w
                    xe -= sub_e
                if same:
                    yw = xw
                    ye = xe
                else:
                    yw = tab2[1, 0, c, d]
                    ye = tab2[1, 1, c, d]
                    if m1 == 3:
                        yw -= sub_w
                        ye -= sub_e
                acc[0, 0] += xw * yw
                acc[0, 1] += xw * ye
                acc[1, 0] += xe * yw
                acc[1, 1] += xe * ye
    # |s| = 3: both seats are three random cards, so x = y: pairs sharing all three cards
    if m0 == 3 and m1 == 3:
        acc[0, 0] -= x0[0]
        acc[1, 1] -= x0[1]


@numba.njit(cache=True)
def _in_fam(table, t, fam, c, d, r):
    """1 if the hand {c, d, r} is in family fam (0: below class t, 1: class t), else 0."""
    cls = table[c + 52 * d + 2704 * r]
    if cls < 0:
        return 0
    if fam == 0:
        return 1 if cls < t else 0
    return 1 if cls == t else 0


@numba.njit(cache=True)
def _x1(tab2, fam, c):
    """Hands of the family containing card c (each is counted twice in its pair counts)."""
    total = 0
    for d in range(52):
        total += tab2[0, fam, c, d]
    return total // 2


@numba.njit(cache=True)
def _fam_of(cls, t):
    """Family of a class: 0 below t, 1 equal to t, -1 above t or no hand."""
    if cls < 0 or cls > t:
        return -1
    return 0 if cls < t else 1


@numba.njit(cache=True)
def _pair_counts_same3(tab1, tab2, table, t, unseen, in_r, r, nr, pp, qq, gg, kk, acc):
    """acc[a, b] += the |s| = 1 and |s| = 2 terms of the disjoint-pair count, for two seats of
    three random cards (one family table), in O(N) per call.

    X^R_s counts the family's hands holding s and avoiding r. For |s| = 2,
    X^R_cd = X_cd - delta_cd with delta_cd = #{i : {c, d, r_i} in the family}; expanding the
    product, each sum over pairs is a precomputed whole-deck sum (pp, qq, gg, kk; see
    _same3_sums) corrected by inclusion-exclusion for the few pairs touching r.
    """
    nu = unseen.shape[0]
    # |s| = 1: X^R_c = X_c - sum_i X_{c r_i} + sum_{i<j} [c r_i r_j in family]
    for k in range(nu):
        c = unseen[k]
        if in_r[c]:
            continue
        x0 = tab1[0, 0, c]
        x1 = tab1[0, 1, c]
        for i in range(nr):
            x0 -= tab2[0, 0, c, r[i]]
            x1 -= tab2[0, 1, c, r[i]]
            for j in range(i + 1, nr):
                f = _fam_of(table[c + 52 * r[i] + 2704 * r[j]], t)
                if f == 0:
                    x0 += 1
                elif f == 1:
                    x1 += 1
        acc[0, 0] -= x0 * x0
        acc[0, 1] -= x0 * x1
        acc[1, 0] -= x1 * x0
        acc[1, 1] -= x1 * x1
    # corrections needing a pass over the deck, for every family at once:
    # hh[fx, fd, i, j] = sum_d X_{r_j d}(fx) [r_j d r_i in fd]
    # cc[a, b, i, j] = sum_d [r_k d r_i in a] [r_k d r_j in b], k the third index
    hh = np.zeros((2, 2, 3, 3), np.int64)
    cc = np.zeros((2, 2, 3, 3), np.int64)
    for i in range(nr):
        for j in range(nr):
            if i == j:
                continue
            ri = r[i]
            rj = r[j]
            for m in range(nu):
                dd = unseen[m]
                f = _fam_of(table[rj + 52 * dd + 2704 * ri], t)
                if f >= 0:
                    hh[0, f, i, j] += tab2[0, 0, rj, dd]
                    hh[1, f, i, j] += tab2[0, 1, rj, dd]
            if nr == 3 and i < j:
                rk = r[3 - i - j]
                for m in range(nu):
                    dd = unseen[m]
                    fa = _fam_of(table[rk + 52 * dd + 2704 * ri], t)
                    if fa < 0:
                        continue
                    fb = _fam_of(table[rk + 52 * dd + 2704 * rj], t)
                    if fb < 0:
                        continue
                    cc[fa, fb, i, j] += 1
                    cc[fb, fa, j, i] += 1
    for a in range(2):
        for b in range(2):
            # (i) sum of X_cd(a) X_cd(b) over pairs avoiding r
            v = pp[a, b]
            for i in range(nr):
                v -= qq[a, b, r[i]]
                for j in range(i + 1, nr):
                    v += tab2[0, a, r[i], r[j]] * tab2[0, b, r[i], r[j]]
            # (ii) minus sum of X_cd(fx) [c d r_i in fd], for (fx, fd) = (a, b) and (b, a)
            for side in range(2):
                fx = a if side == 0 else b
                fd = b if side == 0 else a
                for i in range(nr):
                    inner = gg[fx, fd, r[i]]
                    for j in range(nr):
                        if j == i:
                            continue
                        inner -= hh[fx, fd, i, j]
                        for k in range(j + 1, nr):
                            if k != i and _fam_of(table[r[j] + 52 * r[k] + 2704 * r[i]], t) == fd:
                                inner += tab2[0, fx, r[j], r[k]]
                    v -= inner
            # (iii) plus sum of [c d r_i in a] [c d r_j in b]
            for i in range(nr):
                for j in range(nr):
                    if i == j:
                        if a != b:
                            continue  # the two families are disjoint
                        w = _x1(tab2, a, r[i])
                        for k in range(nr):
                            if k == i:
                                continue
                            w -= tab2[0, a, r[i], r[k]]
                            for m in range(k + 1, nr):
                                if m != i and _fam_of(table[r[i] + 52 * r[k] + 2704 * r[m]], t) == a:
                                    w += 1
                        v += w
                    else:
                        v += kk[a, b, r[i], r[j]] - cc[a, b, i, j]
            acc[a, b] += v


@numba.njit(cache=True)
def _field_kernel(table, t, e_cards, e_cls, e_weight, nf, tab0, tab1, tab2, ms, same, unseen,
                  out, fast, pp, qq, gg, kk):
    """Count non-losing deals by tie mask (bit 0: explicit seat, bits 1-2: formula seats).

    Each explicit hand stands for ``e_weight`` interchangeable hands (same counts)."""
    ne = e_cards.shape[0]
    me = e_cards.shape[1]
    buf = np.empty(6, np.int64)
    s = np.empty(3, np.int64)
    in_r = np.zeros(52, np.bool_)
    acc = np.zeros((2, 2), np.int64)
    for i in range(ne):
        ce = e_cls[i]
        if ce > t:
            continue
        base = 1 if ce == t else 0
        r = e_cards[i]
        w = e_weight[i]
        if nf == 0:
            out[base] += w
        elif nf == 1:
            for fam in range(2):
                out[base | (fam << 1)] += w * _x_avoiding(tab0, tab1, tab2, table, t, 0, fam,
                                                          ms[0], s, 0, r, me, buf)
        else:
            for k in range(me):
                in_r[r[k]] = True
            acc[:, :] = 0
            _pair_counts(tab0, tab1, tab2, table, t, ms, same, unseen, in_r, r, me, acc,
                         fast, pp, qq, gg, kk)
            for a in range(2):
                for b in range(2):
                    out[base | (a << 1) | (b << 2)] += w * acc[a, b]
            for k in range(me):
                in_r[r[k]] = False


# ----------------------------------------------------------------------------------------------
# Python driver
# ----------------------------------------------------------------------------------------------
_COMBOS: dict[int, tuple[np.ndarray, np.ndarray, np.ndarray]] = {}


def _all_combos(m: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """All m-card subsets of the 52 cards (sorted, as in itertools), their card bitmasks and
    rank-pattern keys (cached)."""
    if m not in _COMBOS:
        combos = np.array(list(itertools.combinations(range(52), m)), dtype=np.int64)
        combos = combos.reshape(-1, m)
        masks = np.zeros(len(combos), dtype=np.int64)
        key = np.zeros(len(combos), dtype=np.int64)
        for i in range(m):
            masks |= np.left_shift(np.int64(1), combos[:, i])
            key = key * 13 + (combos[:, i] >> 2)  # cards sorted, so ranks are non-decreasing
        _COMBOS[m] = (combos, masks, key)
    return _COMBOS[m]


def _completions(order: HandOrder, known: Sequence[int], unseen: np.ndarray
                 ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """All completions of a seat from the unseen cards, the class of each full hand, and each
    completion's rank-pattern key."""
    m = order.n_cards - len(known)
    combos, masks, keys = _all_combos(m)
    seen = (1 << 52) - 1
    for c in unseen.tolist():
        seen ^= 1 << c
    sel = (masks & np.int64(seen)) == 0
    combos, keys = combos[sel], keys[sel]
    if not known:
        return np.ascontiguousarray(combos), order.all_hands[1][sel], keys
    idx = np.zeros(len(combos), dtype=np.int64)
    w = 1
    for c in known:
        idx += c * w
        w *= 52
    for i in range(m):
        idx += combos[:, i] * w
        w *= 52
    return np.ascontiguousarray(combos), order.lookup[idx].astype(np.int64), keys


def _group_by_ranks(combos: np.ndarray, classes: np.ndarray, keys: np.ndarray
                    ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """One hand per rank pattern, with the number of hands it stands for.

    Valid when the order is suit-blind: unseen cards of equal rank are then interchangeable.
    """
    if combos.shape[1] == 0:
        return combos, classes, np.ones(len(classes), dtype=np.int64)
    counts = np.bincount(keys, minlength=13 ** combos.shape[1])
    first = np.full(len(counts), -1, dtype=np.int64)
    first[keys[::-1]] = np.arange(len(keys) - 1, -1, -1)
    present = np.flatnonzero(counts)
    pick = first[present]
    return (np.ascontiguousarray(combos[pick]), np.ascontiguousarray(classes[pick]),
            counts[present].astype(np.int64))


_FAST_PAIRS: bool | None = None  # None: automatic; tests force True / False to compare paths
_FAST_PAIRS_MIN_HANDS = 1500
_NO_SUMS = (np.zeros((2, 2), np.int64), np.zeros((2, 2, 52), np.int64),
            np.zeros((2, 2, 52), np.int64), np.zeros((2, 2, 52, 52), np.int64))


def _same3_sums(order: HandOrder, t: int, unseen: np.ndarray, tab2: np.ndarray
                ) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Whole-deck sums over card pairs {c, d} of the unseen cards, for families a, b:

    pp[a, b] = sum X_cd(a) X_cd(b); qq[a, b, r] = sum over d of X_rd(a) X_rd(b);
    gg[a, b, r] = sum X_cd(a) [c d r in b]; kk[a, b, r, s] = sum [c d r in a] [c d s in b].
    """
    pp = np.zeros((2, 2), np.int64)
    qq = np.zeros((2, 2, 52), np.int64)
    gg = np.zeros((2, 2, 52), np.int64)
    kk = np.zeros((2, 2, 52, 52), np.int64)
    _same3_sums_kernel(order.lookup, t, unseen, tab2, pp, qq, gg, kk)
    return pp, qq, gg, kk


@numba.njit(cache=True)
def _same3_sums_kernel(table, t, unseen, tab2, pp, qq, gg, kk):
    """Fill pp, qq, gg, kk (see _same3_sums)."""
    nu = unseen.shape[0]
    rs = np.empty(52, np.int64)
    fs = np.empty(52, np.int64)
    for a in range(2):
        for b in range(2):
            for i in range(nu):
                c = unseen[i]
                v = 0
                for j in range(nu):
                    v += tab2[0, a, c, unseen[j]] * tab2[0, b, c, unseen[j]]
                qq[a, b, c] = v
    for i in range(nu):
        c = unseen[i]
        for j in range(i + 1, nu):
            d = unseen[j]
            x0 = tab2[0, 0, c, d]
            x1 = tab2[0, 1, c, d]
            pp[0, 0] += x0 * x0
            pp[0, 1] += x0 * x1
            pp[1, 0] += x1 * x0
            pp[1, 1] += x1 * x1
            n = 0
            for k in range(nu):
                r = unseen[k]
                f = _fam_of(table[c + 52 * d + 2704 * r], t)
                if f >= 0:
                    rs[n] = r
                    fs[n] = f
                    n += 1
                    gg[0, f, r] += x0
                    gg[1, f, r] += x1
            for u in range(n):
                for w in range(n):
                    kk[fs[u], fs[w], rs[u], rs[w]] += 1


def _validate(order: HandOrder, hero: Sequence[int], seats: Sequence[Seat],
              dead: Sequence[int], deck: Sequence[int] | None) -> tuple[list[int], np.ndarray]:
    n = order.n_cards
    hero = [int(c) for c in hero]
    if len(hero) != n:
        raise CardError(f"the hand {cards_str(hero)!r} has {len(hero)} cards: "
                        f"this round is played with {n}-card hands")
    for s in seats:
        if len(s.known) > n:
            raise CardError(f"{s.name} shows {len(s.known)} cards ({cards_str(s.known)}): "
                            f"a hand has only {n}")
    if not seats:
        raise ValueError("there must be at least one opposing hand (the pot's or a player's)")
    check_disjoint(hero, dead, *(s.known for s in seats),
                   names=["your hand", "the dead cards", *(s.name for s in seats)])
    universe = list(range(52)) if deck is None else sorted({int(c) for c in deck})
    used = set(hero) | {int(c) for c in dead} | {c for s in seats for c in s.known}
    missing = [c for c in hero if c not in universe]
    if missing:
        raise CardError(f"card {cards_str(missing[:1])} is not in the deck in play")
    unseen = np.array([c for c in universe if c not in used], dtype=np.int64)
    need = sum(n - len(s.known) for s in seats)
    if need > len(unseen):
        raise ValueError(f"not enough unseen cards: {len(unseen)} left, the seats need {need}")
    return hero, unseen


def field_odds(order: HandOrder, hero: Sequence[int], seats: Sequence[Seat],
               dead: Sequence[int] = (), deck: Sequence[int] | None = None) -> FieldOdds:
    """Exact win / tie / lose counts of ``hero`` against ``seats``; unseen cards dealt every way.

    ``dead`` cards are seen and out of play; ``deck`` (default the 52 cards) is the set of
    cards in play, smaller in tests. At most three seats may have unseen cards.

    >>> from guts_family.cards import parse_cards
    >>> from guts_family.hands import TWO
    >>> o = field_odds(TWO, parse_cards("Kh Kd"), [Seat("dummy", is_pot=True), Seat("player 2")])
    >>> o.total == comb(50, 2) * comb(48, 2), round(o.win, 4)
    (True, 0.9886)
    """
    hero, unseen = _validate(order, hero, seats, dead, deck)
    t = order.class_of(hero)
    n = order.n_cards
    seats = tuple(seats)
    fixed_mask: tuple[int, ...] = ()
    beaten = False
    random_idx: list[int] = []
    for i, s in enumerate(seats):
        if len(s.known) == n:
            c = order.class_of(list(s.known))
            if c < s.min_class:
                raise ValueError(f"{s.name}'s hand {cards_str(s.known)} is outside its range")
            if c > t:
                beaten = True
            elif c == t:
                fixed_mask += (i,)
        else:
            random_idx.append(i)
    if len(random_idx) > 1 + _MAX_FORMULA_SEATS:
        raise ValueError(f"{len(random_idx)} opposing hands with unseen cards: exact enumeration "
                         f"supports at most {1 + _MAX_FORMULA_SEATS} (the pot and 2 players)")
    restricted = [i for i in random_idx if seats[i].min_class > 0]
    if len(restricted) > 1:
        raise ValueError("at most one opposing hand may be restricted to a calling range")
    ties: dict[tuple[int, ...], int] = {}
    if not random_idx:
        total = 1
        if not beaten:
            ties[tuple(sorted(fixed_mask))] = 1
        return _result(order, hero, dead, seats, total, ties)
    # the explicitly enumerated seat: the restricted one, else the one with most unseen cards
    explicit = restricted[0] if restricted else max(random_idx, key=lambda i: n - len(seats[i].known))
    formula = [i for i in random_idx if i != explicit]
    e_cards, e_cls, e_keys = _completions(order, seats[explicit].known, unseen)
    if seats[explicit].min_class > 0:
        keep = e_cls >= seats[explicit].min_class
        e_cards, e_cls, e_keys = np.ascontiguousarray(e_cards[keep]), e_cls[keep], e_keys[keep]
    me = e_cards.shape[1]
    n_explicit = len(e_cls)
    if order.suit_blind:
        e_cards, e_cls, e_weight = _group_by_ranks(e_cards, e_cls, e_keys)
    else:
        e_weight = np.ones(len(e_cls), dtype=np.int64)
    ms = np.array([n - len(seats[i].known) for i in formula] + [0] * (2 - len(formula)),
                  dtype=np.int64)
    total = n_explicit
    left = len(unseen) - me
    for m in ms[:len(formula)]:
        total *= comb(left, int(m))
        left -= int(m)
    nf = len(formula)
    tab0 = np.zeros((2, 2), np.int64)
    tab1 = np.zeros((2, 2, 52), np.int64)
    tab2 = np.zeros((2, 2, 52, 52), np.int64)
    for f, i in enumerate(formula):
        combos, cls, _ = _completions(order, seats[i].known, unseen)
        for fam, sel in enumerate((cls < t, cls == t)):
            chosen = combos[sel]
            tab0[f, fam] = len(chosen)
            for a in range(chosen.shape[1]):
                tab1[f, fam] += np.bincount(chosen[:, a], minlength=52)
                for b in range(a + 1, chosen.shape[1]):
                    pairs = np.bincount(chosen[:, a] * 52 + chosen[:, b], minlength=2704)
                    pairs = pairs.reshape(52, 52)
                    tab2[f, fam] += pairs + pairs.T
    same = nf == 2 and seats[formula[0]].known == seats[formula[1]].known
    out = np.zeros(8, np.int64)
    fast = bool(same and ms[0] == 3 and ms[1] == 3)
    if fast and _FAST_PAIRS is None:  # the O(N) pair term pays for its set-up on big loops
        fast = int((e_cls <= t).sum()) > _FAST_PAIRS_MIN_HANDS
    elif fast:
        fast = _FAST_PAIRS
    sums = _same3_sums(order, t, unseen, tab2) if fast else _NO_SUMS
    if not beaten:
        _field_kernel(order.lookup, t, e_cards, e_cls, e_weight, nf, tab0, tab1, tab2, ms, same,
                      unseen, out, fast, *sums)
    order_of_bits = [explicit, *formula]
    for bits in range(8):
        if out[bits]:
            mask = tuple(sorted(fixed_mask + tuple(order_of_bits[b] for b in range(3)
                                                   if (bits >> b) & 1)))
            ties[mask] = ties.get(mask, 0) + int(out[bits])
    return _result(order, hero, dead, seats, total, ties)


def _result(order: HandOrder, hero: Sequence[int], dead: Sequence[int], seats: tuple[Seat, ...],
            total: int, ties: dict[tuple[int, ...], int]) -> FieldOdds:
    lose = total - sum(ties.values())
    return FieldOdds(order.name, tuple(hero), tuple(int(c) for c in dead), seats, total, lose, ties)


def field_odds_naive(order: HandOrder, hero: Sequence[int], seats: Sequence[Seat],
                     dead: Sequence[int] = (), deck: Sequence[int] | None = None) -> FieldOdds:
    """Plain nested-loop twin of ``field_odds`` (slow: small decks or one random seat only).

    >>> from guts_family.cards import parse_cards
    >>> from guts_family.hands import ONE
    >>> deck = parse_cards("Ac Ad Kc Kd Qc Qd")
    >>> o = field_odds_naive(ONE, parse_cards("Kc"), [Seat("pot", is_pot=True)], deck=deck)
    >>> o.win_count, o.tie_count, o.lose_count
    (2, 1, 2)
    """
    hero, unseen = _validate(order, hero, seats, dead, deck)
    n = order.n_cards
    t = order.class_of(hero)
    seats = tuple(seats)
    ties: dict[tuple[int, ...], int] = {}
    total = 0

    def deal(i: int, avail: frozenset[int], classes: list[int]) -> None:
        nonlocal total
        if i == len(seats):
            total += 1
            if max(classes) <= t:
                mask = tuple(k for k, c in enumerate(classes) if c == t)
                ties[mask] = ties.get(mask, 0) + 1
            return
        s = seats[i]
        for extra in itertools.combinations(sorted(avail), n - len(s.known)):
            c = order.class_of(list(s.known) + list(extra))
            if c >= s.min_class:
                deal(i + 1, avail - set(extra), classes + [c])

    deal(0, frozenset(unseen.tolist()), [])
    return _result(order, hero, dead, seats, total, ties)


# ----------------------------------------------------------------------------------------------
# every hand against one random opposing hand, at once (vectorised inclusion-exclusion)
# ----------------------------------------------------------------------------------------------
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
    if n == 3:
        c_cum = np.cumsum(c, axis=0)  # c_cum[t - 1] = hands below t; t = 0 has none below
        for i in range(n):
            for j in range(i + 1, n):
                below += np.where(cls > 0, c_cum[np.maximum(cls - 1, 0), hands[:, i], hands[:, j]], 0)
                equal += c[cls, hands[:, i], hands[:, j]]
    # the term r = h itself: h is in its own class, never below it
    equal += (-1) ** n
    total = comb(52 - n, n)
    lose = total - below - equal
    assert nh == len(below)
    return below, equal, lose, total


def _suit_canonical(hands: np.ndarray) -> np.ndarray:
    """A key equal for two hands iff a permutation of suits maps one onto the other."""
    best = None
    for perm in itertools.permutations(range(4)):
        p = np.array(perm, dtype=np.int64)
        mapped = np.sort((hands >> 2) * 4 + p[hands & 3], axis=1)
        key = np.zeros(len(hands), dtype=np.int64)
        for i in range(hands.shape[1]):
            key = key * 52 + mapped[:, i]
        best = key if best is None else np.minimum(best, key)
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


# ----------------------------------------------------------------------------------------------
# games and their hand tables
# ----------------------------------------------------------------------------------------------
class Game:
    """A match-the-pot game: its hand orders by round size, its pot hand, its default tie rules.

    Subclasses (one per game module) set the attributes and may add table columns.
    """

    name: str = ""
    title: str = ""
    rule_sheet: str = ""
    rounds: dict[int, str] = {}
    pot_name: str | None = "pot"     # the pot's / dummy hand; None when there is none
    pot_with_others: bool = True      # does the pot's hand play when other players are in?
    tie: str = "pot"
    player_tie: str = "split"
    default_opponents: int = 0
    min_opponents: int = 0

    def order(self, cards: int | None = None) -> HandOrder:
        """The hand order of a round of ``cards`` cards (default: the game's first round)."""
        from guts_family.hands import get_order

        cards = next(iter(self.rounds)) if cards is None else cards
        if cards not in self.rounds:
            sizes = ", ".join(str(c) for c in self.rounds)
            raise ValueError(f"{self.title} has no {cards}-card round: choose --cards {sizes}")
        return get_order(self.rounds[cards])

    def seats(self, opponents: int | None = None,
              opponent_cards: Sequence[Sequence[int]] = ()) -> list[Seat]:
        """The opposing hands when ``opponents`` other players are in (some cards shown)."""
        k = self.default_opponents if opponents is None else opponents
        if k < self.min_opponents:
            raise ValueError(f"{self.title} needs at least {self.min_opponents} opposing "
                             f"player(s): give --opponents {self.min_opponents} or more")
        if k > _MAX_FORMULA_SEATS + (0 if self.pot_name else 1):
            raise ValueError(f"exact odds support at most {_MAX_FORMULA_SEATS} other players "
                             f"here, got --opponents {k}")
        if len(opponent_cards) > k:
            raise ValueError(f"cards given for {len(opponent_cards)} opponents but only {k} "
                             f"are in: raise --opponents")
        seats = []
        if self.pot_name and (k == 0 or self.pot_with_others):
            seats.append(Seat(self.pot_name, is_pot=True))
        for i in range(k):
            known = tuple(opponent_cards[i]) if i < len(opponent_cards) else ()
            seats.append(Seat(f"player {i + 2}", known=known))
        return seats

    def odds(self, hand: Sequence[int], dead: Sequence[int] = (), opponents: int | None = None,
             opponent_cards: Sequence[Sequence[int]] = ()) -> FieldOdds:
        """Exact odds of ``hand`` against this game's field (round size = len(hand))."""
        order = self.order(len(hand))
        return field_odds(order, hand, self.seats(opponents, opponent_cards), dead)

    def rules(self, tie: str | None, player_tie: str | None) -> tuple[str, str]:
        """The tie rules in force: the given ones, else the game's documented defaults."""
        tie = self.tie if tie is None else tie
        player_tie = self.player_tie if player_tie is None else player_tie
        if tie not in TIE_RULES:
            raise ValueError(f"unknown tie rule {tie!r}: choose one of {', '.join(TIE_RULES)}")
        if player_tie not in PLAYER_TIE_RULES:
            raise ValueError(f"unknown player tie rule {player_tie!r}: "
                             f"choose one of {', '.join(PLAYER_TIE_RULES)}")
        return tie, player_tie

    def extra_columns(self, rows: list[FieldOdds], pot: float, limit: float | None, tie: str,
                      player_tie: str, options: dict) -> dict[str, list]:
        """Game-specific table columns (none by default)."""
        return {}

    def class_odds(self, cards: int | None = None, opponents: int | None = None
                   ) -> list[FieldOdds]:
        """For every hand class, the summed exact counts of all hands of that class."""
        order = self.order(cards)
        seats = tuple(self.seats(opponents))
        rows: list[dict] = [dict() for _ in range(order.n_classes)]
        totals = [0] * order.n_classes
        loses = [0] * order.n_classes
        if len(seats) == 1:
            win, tie, lose, total = single_seat_counts(order)
            _, cls = order.all_hands
            by_class = {}
            for name, arr in (("win", win), ("tie", tie), ("lose", lose)):
                by_class[name] = np.zeros(order.n_classes, dtype=np.int64)
                np.add.at(by_class[name], cls, arr)
            for c in range(order.n_classes):
                rows[c] = {(): int(by_class["win"][c]), (0,): int(by_class["tie"][c])}
                loses[c] = int(by_class["lose"][c])
                totals[c] = int(order.class_sizes[c]) * total
        else:
            reps, cls, mult = representatives(order)
            for hand, c, m in zip(reps.tolist(), cls.tolist(), mult.tolist()):
                o = field_odds(order, hand, seats)
                for mask, v in o.ties.items():
                    rows[c][mask] = rows[c].get(mask, 0) + m * v
                loses[c] += m * o.lose_count
                totals[c] += m * o.total
        return [FieldOdds(order.name, tuple(order.representative(c)), (), seats, totals[c],
                          loses[c], rows[c]) for c in range(order.n_classes)]

    def table(self, cards: int | None = None, opponents: int | None = None, pot: float = 1.0,
              limit: float | None = None, tie: str | None = None,
              player_tie: str | None = None, **options: float) -> "HandTable":
        """Every hand class with its exact odds and the EV of going in, as a HandTable."""
        import pandas as pd

        from guts_family import __version__

        check_stakes(pot, limit)
        tie, player_tie = self.rules(tie, player_tie)
        order = self.order(cards)
        k = self.default_opponents if opponents is None else opponents
        rows = self.class_odds(order.n_cards, k)
        frame = pd.DataFrame({
            "class": range(order.n_classes),
            "hand": [order.label(c) for c in range(order.n_classes)],
            "category": [order.category(c) for c in range(order.n_classes)],
            "combos": [int(x) for x in order.class_sizes],
            "win": [r.win_count for r in rows],
            "tie": [r.tie_count for r in rows],
            "lose": [r.lose_count for r in rows],
            "total": [r.total for r in rows],
            "p_win": [r.win for r in rows],
            "p_tie": [r.tie for r in rows],
            "p_lose": [r.lose for r in rows],
            "ev": [r.ev(pot, limit, tie, player_tie) for r in rows],
        })
        if not order.suit_blind and len(rows[0].seats) == 1:
            # odds differ slightly between suit patterns of one class: give the spread
            lo, hi = _ev_spread(order, rows[0].seats, pot, limit, tie, player_tie)
            frame["ev_min"], frame["ev_max"] = lo, hi
        for name, values in self.extra_columns(rows, pot, limit, tie, player_tie, options).items():
            frame[name] = values
        meta = {"game": self.name, "title": self.title, "rule_sheet": self.rule_sheet,
                "cards": order.n_cards, "order": order.name, "opponents": k,
                "seats": ", ".join(s.name for s in rows[0].seats),
                "pot": pot, "limit": limit, "tie": tie, "player_tie": player_tie, **options,
                "exact": True, "package": "guts_family", "version": __version__}
        table = HandTable(meta, frame)
        meta["weakest_hand_worth_going_in"] = table.threshold("ev")
        if "ev_min" in frame:
            meta["weakest_class_all_hands_worth_going_in"] = table.threshold("ev_min")
        return table


def _ev_spread(order: HandOrder, seats: tuple[Seat, ...], pot: float, limit: float | None,
               tie: str, player_tie: str) -> tuple[np.ndarray, np.ndarray]:
    """Lowest and highest EV among the hands of each class, against one random hand."""
    win, tie_n, lose, total = single_seat_counts(order)
    unit = {}
    for name, ties, lost in (("win", {(): 1}, 0), ("tie", {(0,): 1}, 0), ("lose", {}, 1)):
        unit[name] = float(FieldOdds(order.name, (), (), seats, 1, lost, ties)
                           .ev_exact(pot, limit, tie, player_tie))
    ev = (win * unit["win"] + tie_n * unit["tie"] + lose * unit["lose"]) / total
    _, cls = order.all_hands
    lo = np.full(order.n_classes, np.inf)
    hi = np.full(order.n_classes, -np.inf)
    np.minimum.at(lo, cls, ev)
    np.maximum.at(hi, cls, ev)
    return lo, hi


@dataclass(frozen=True)
class HandTable:
    """A table of every hand class (rows, weakest first) with the options that produced it."""

    meta: dict
    frame: "object"  # pandas.DataFrame

    def threshold(self, column: str = "ev") -> str | None:
        """Weakest hand class from which every stronger class has ``column`` > 0 (None if none).

        >>> from guts_family.odds import get_game
        >>> get_game("guts321").table(cards=1, pot=1).threshold()
        '9'
        """
        values = list(self.frame[column])
        labels = list(self.frame["hand"])
        best = None
        for label, v in zip(reversed(labels), reversed(values)):
            if v > 0:
                best = label
            else:
                break
        return best

    def to_csv(self, path: str) -> None:
        """Write the table as CSV, the options first as '# key: value' lines (atomic)."""
        def write(tmp: str) -> None:
            with open(tmp, "w", encoding="utf-8", newline="") as fh:
                for key, value in self.meta.items():
                    fh.write(f"# {key}: {value}\n")
                self.frame.to_csv(fh, index=False)
        _atomic(path, write)

    def to_xlsx(self, path: str) -> None:
        """Write the table as an xlsx workbook: sheet 'odds' and sheet 'about' (atomic)."""
        import pandas as pd

        def write(tmp: str) -> None:
            with pd.ExcelWriter(tmp, engine="openpyxl") as xl:
                self.frame.to_excel(xl, sheet_name="odds", index=False)
                pd.DataFrame({"option": list(self.meta), "value": [str(v) for v in self.meta.values()]}
                             ).to_excel(xl, sheet_name="about", index=False)
        _atomic(path, write)


def _atomic(path: str, write) -> None:
    """Write through a temporary file in the same folder, then rename: no partial file."""
    import os
    import tempfile

    folder = os.path.dirname(os.path.abspath(path))
    os.makedirs(folder, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=".tmp-", suffix=os.path.splitext(path)[1], dir=folder)
    os.close(fd)
    try:
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(tmp, 0o666 & ~umask)
        write(tmp)
        os.replace(tmp, path)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise


GAME_NAMES = ("phoenix", "guts321", "challenge")


def get_game(name: str) -> Game:
    """The game called ``name``: phoenix, guts321 or challenge.

    >>> get_game("phoenix").title
    'Phoenix Burn'
    """
    key = name.strip().lower().replace("-", "").replace("_", "")
    aliases = {"phoenix": "phoenix", "phoenixburn": "phoenix", "guts321": "guts321",
               "guts": "guts321", "challenge": "challenge", "challengeguts": "challenge"}
    if key not in aliases:
        raise ValueError(f"unknown game {name!r}: choose one of {', '.join(GAME_NAMES)}")
    if aliases[key] == "phoenix":
        from guts_family.phoenix_burn import GAME
    elif aliases[key] == "guts321":
        from guts_family.guts_321 import GAME
    else:
        from guts_family.challenge_guts import GAME
    return GAME
