"""Counting kernels of the field odds (numba), behind small typed wrappers.

Private to :mod:`guts_family.odds`. A hand family is ``fam`` 0 (the opposing hands below the
hero's class ``t``) or 1 (the hands of class ``t``); ``tab0``, ``tab1``, ``tab2`` hold, per
formula seat and family, the number of hands, of hands containing a card, of hands containing
a card pair. The inclusion-exclusion behind them is described in :mod:`guts_family.odds.field`.
The wrappers (:func:`count_field`, :func:`same3_sums`) allocate the outputs and are the only
entry points used outside this module.
"""

from __future__ import annotations

import numba
import numpy as np

__all__ = ["NO_SUMS", "count_field", "same3_sums", "column_step", "threshold_deals"]

NO_SUMS = (np.zeros((2, 2), np.int64), np.zeros((2, 2, 52), np.int64),
           np.zeros((2, 2, 52), np.int64), np.zeros((2, 2, 52, 52), np.int64))
"""Placeholder pair sums passed when the O(N) pair path is off."""


def count_field(table: np.ndarray, t: int, e_cards: np.ndarray, e_cls: np.ndarray,
                e_weight: np.ndarray, nf: int, tab0: np.ndarray, tab1: np.ndarray,
                tab2: np.ndarray, ms: np.ndarray, same: bool, unseen: np.ndarray, fast: bool,
                sums: tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]) -> np.ndarray:
    """Non-losing deals by tie mask (int64 array of 8; bit 0: the enumerated seat, bits 1-2: the
    formula seats), for the enumerated seat's hands ``e_cards`` (classes ``e_cls``, each standing
    for ``e_weight`` hands) and ``nf`` formula seats of ``ms`` unseen cards each.

    ``fast`` selects the O(N) pair term (two formula seats of three random cards), whose
    whole-deck ``sums`` come from :func:`same3_sums`; otherwise ``sums`` is :data:`NO_SUMS`.
    """
    out = np.zeros(8, np.int64)
    # each table size its own kernel, so a first run compiles only what it calls: numba
    # compiles every callee of a kernel, taken or not (the pair counts are most of the
    # compilation, and only two formula seats need them)
    if nf == 0:     # the enumerated seat alone (against the pot): sums, no kernel to compile
        counted = e_cls <= t
        out[0] = int(e_weight[counted & (e_cls < t)].sum(dtype=np.int64))
        out[1] = int(e_weight[counted & (e_cls == t)].sum(dtype=np.int64))
    elif nf == 1:
        _field_one_kernel(table, t, e_cards, e_cls, e_weight, tab0, tab1, tab2, ms, out)
    else:
        _field_kernel(table, t, e_cards, e_cls, e_weight, nf, tab0, tab1, tab2, ms, same,
                      unseen, out, fast, *sums)
    return out


def same3_sums(table: np.ndarray, t: int, unseen: np.ndarray, tab2: np.ndarray
               ) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Whole-deck sums over card pairs {c, d} of the unseen cards, for families a, b:

    pp[a, b] = sum X_cd(a) X_cd(b); qq[a, b, r] = sum over d of X_rd(a) X_rd(b);
    gg[a, b, r] = sum X_cd(a) [c d r in b]; kk[a, b, r, s] = sum [c d r in a] [c d s in b].
    """
    pp = np.zeros((2, 2), np.int64)
    qq = np.zeros((2, 2, 52), np.int64)
    gg = np.zeros((2, 2, 52), np.int64)
    kk = np.zeros((2, 2, 52, 52), np.int64)
    _same3_sums_kernel(table, t, unseen, tab2, pp, qq, gg, kk)
    return pp, qq, gg, kk


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
    """Hands of the family that contain the cards s and none of the cards r (by
    inclusion-exclusion)."""
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

    ``fast``: both seats are three random cards and pp, qq, gg, kk hold same3_sums."""
    buf = np.empty(6, np.int64)
    s = np.empty(3, np.int64)
    xa = np.empty(2, np.int64)
    yb = np.empty(2, np.int64)
    x0 = np.empty(2, np.int64)
    # int64, not literal constants: numba compiles a callee once per literal value it is
    # passed (six copies of _x and four of _x_avoiding, 3 s of the first run's compilation)
    seat0 = np.int64(0)
    seat1 = np.int64(1)
    m0 = ms[0]
    m1 = ms[1]
    mmin = min(m0, m1)
    # |s| = 0
    for fam in range(2):
        xa[fam] = _x_avoiding(tab0, tab1, tab2, table, t, seat0, fam, m0, s, seat0, r, nr, buf)
        yb[fam] = xa[fam] if same else _x_avoiding(tab0, tab1, tab2, table, t, seat1, fam, m1, s,
                                                    seat0, r, nr, buf)
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
            xa[fam] = _x_avoiding(tab0, tab1, tab2, table, t, seat0, fam, m0, s, seat1, r, nr,
                                  buf)
            yb[fam] = xa[fam] if same else _x_avoiding(tab0, tab1, tab2, table, t, seat1, fam, m1,
                                                        s, seat1, r, nr, buf)
        for a in range(2):
            for b in range(2):
                acc[a, b] -= xa[a] * yb[b]
    # |s| = 2: X^R_cd = X_cd - sum over r of [c d r in family] (only for a seat of three random
    # cards)
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
    same3_sums) corrected by inclusion-exclusion for the few pairs touching r.
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
                                if m != i and \
                                        _fam_of(table[r[i] + 52 * r[k] + 2704 * r[m]], t) == a:
                                    w += 1
                        v += w
                    else:
                        v += kk[a, b, r[i], r[j]] - cc[a, b, i, j]
            acc[a, b] += v


@numba.njit(cache=True)
def _field_one_kernel(table, t, e_cards, e_cls, e_weight, tab0, tab1, tab2, ms, out):
    """_field_kernel for one formula seat (``nf == 1``), without the pair counts."""
    ne = e_cards.shape[0]
    me = e_cards.shape[1]
    buf = np.empty(6, np.int64)
    s = np.empty(3, np.int64)
    seat0 = np.int64(0)   # not a literal 0: one compiled _x_avoiding (see _pair_counts)
    for i in range(ne):
        ce = e_cls[i]
        if ce > t:
            continue
        base = 1 if ce == t else 0
        r = e_cards[i]
        w = e_weight[i]
        for fam in range(2):
            out[base | (fam << 1)] += w * _x_avoiding(tab0, tab1, tab2, table, t, seat0, fam,
                                                      ms[0], s, seat0, r, me, buf)


@numba.njit(cache=True)
def _field_kernel(table, t, e_cards, e_cls, e_weight, nf, tab0, tab1, tab2, ms, same, unseen,
                  out, fast, pp, qq, gg, kk):
    """Count non-losing deals by tie mask (bit 0: explicit seat, bits 1-2: formula seats).

    Each explicit hand stands for ``e_weight`` interchangeable hands (same counts). Any ``nf``
    (0, 1 or 2); :func:`count_field` calls it for two formula seats, and the tests check its
    other paths against :func:`count_field`'s."""
    ne = e_cards.shape[0]
    me = e_cards.shape[1]
    buf = np.empty(6, np.int64)
    s = np.empty(3, np.int64)
    in_r = np.zeros(52, np.bool_)
    acc = np.zeros((2, 2), np.int64)
    seat0 = np.int64(0)   # not a literal 0: one compiled _x_avoiding (see _pair_counts)
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
                out[base | (fam << 1)] += w * _x_avoiding(tab0, tab1, tab2, table, t, seat0, fam,
                                                          ms[0], s, seat0, r, me, buf)
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



@numba.njit(cache=True)
def _same3_sums_kernel(table, t, unseen, tab2, pp, qq, gg, kk):
    """Fill pp, qq, gg, kk (see same3_sums)."""
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


# ----------------------------------------------------------------------------------------------
# the multiway count by ranks (guts_family.odds.multiway): one column (rank) of the deal at a time
# ----------------------------------------------------------------------------------------------
def column_step(rows: np.ndarray, vals: np.ndarray, trans: np.ndarray, avail: int,
                primes: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Deal the ``avail`` unseen cards of one rank to the seats of every table state.

    ``rows[i]`` is a table state: the sorted automaton states of the seats (ids of this
    column); ``vals[i, p]`` its number of deals modulo ``primes[p]``. ``trans[g, c]`` is the
    next state of a seat in state ``g`` that receives ``c`` cards of this rank (-1: the seat can
    no longer end in a counted family). Returns the states after the column, same layout.
    """
    cap = max(1024, 8 * rows.shape[0])
    while True:
        new_rows = np.empty((cap, rows.shape[1]), np.int32)
        new_vals = np.zeros((cap, primes.shape[0]), np.int64)
        n = _column_kernel(rows, vals, trans, avail, primes, new_rows, new_vals)
        if n >= 0:
            return new_rows[:n], new_vals[:n]
        cap *= 4


@numba.njit(cache=True)
def _row_hash(row):
    h = np.uint64(14695981039346656037)
    for x in row:
        h = (h ^ np.uint64(x + 1)) * np.uint64(1099511628211)
    return h


@numba.njit(cache=True)
def _column_kernel(rows, vals, trans, avail, primes, new_rows, new_vals):
    """The body of column_step; returns the number of new states, or -1 if ``new_rows`` is full.

    For each state, every way to hand out at most ``avail`` cards is enumerated as a
    non-decreasing sequence of receipts (group, c): ``c`` cards to one more seat of a group of
    seats in the same automaton state. Its weight is avail! / ((avail - s)! prod c!) (which
    cards) times, per group, mult! / (n0! n1! n2! n3!) (which seats).
    """
    ns, k = rows.shape
    np_ = primes.shape[0]
    cap = new_rows.shape[0]
    tsize = 1
    while tsize < 2 * cap:
        tsize *= 2
    slots = np.full(tsize, -1, np.int64)
    n_new = 0
    fact = np.ones(5, np.int64)
    for i in range(1, 5):
        fact[i] = fact[i - 1] * i
    gid = np.empty(k, np.int64)
    mult = np.empty(k, np.int64)
    got = np.zeros((k, 4), np.int64)   # got[g, c]: seats of group g receiving c cards
    taken = np.zeros(k, np.int64)
    seq = np.zeros(5, np.int64)
    cand = np.zeros(5, np.int64)
    row = np.empty(k, np.int32)
    for si in range(ns):
        # groups of equal seat states (the row is sorted)
        ng = 0
        for j in range(k):
            x = rows[si, j]
            if ng > 0 and gid[ng - 1] == x:
                mult[ng - 1] += 1
            else:
                gid[ng] = x
                mult[ng] = 1
                ng += 1
        must = 0  # seats that have to receive a card (they cannot stay as they are)
        for g in range(ng):
            if trans[gid[g], 0] < 0:
                must += mult[g]
        if must > avail:
            continue
        nflat = 3 * ng
        d = 0
        used = 0
        cand[0] = 0
        evaluate = True
        while True:
            if evaluate:
                evaluate = False
                ok = True
                for g in range(ng):
                    if taken[g] < mult[g] and trans[gid[g], 0] < 0:
                        ok = False
                        break
                if ok:
                    w = fact[avail] // fact[avail - used]
                    pos = 0
                    for g in range(ng):
                        rest = mult[g]
                        for c in range(1, 4):
                            nc = got[g, c]
                            if nc:
                                w //= fact[c] ** nc
                                # choose which nc of the rest seats get c cards
                                b = 1
                                for q in range(nc):
                                    b = b * (rest - q) // (q + 1)
                                w *= b
                                rest -= nc
                                nxt = trans[gid[g], c]
                                for _q in range(nc):
                                    row[pos] = nxt
                                    pos += 1
                        nxt0 = trans[gid[g], 0]
                        for _q in range(rest):
                            row[pos] = nxt0
                            pos += 1
                    # insertion sort (rows are short)
                    for a in range(1, k):
                        x = row[a]
                        b2 = a - 1
                        while b2 >= 0 and row[b2] > x:
                            row[b2 + 1] = row[b2]
                            b2 -= 1
                        row[b2 + 1] = x
                    h = _row_hash(row)
                    slot = np.int64(h & np.uint64(tsize - 1))
                    while True:
                        idx = slots[slot]
                        if idx < 0:
                            if n_new >= cap:
                                return -1
                            idx = n_new
                            slots[slot] = idx
                            for a in range(k):
                                new_rows[idx, a] = row[a]
                            n_new += 1
                            break
                        same = True
                        for a in range(k):
                            if new_rows[idx, a] != row[a]:
                                same = False
                                break
                        if same:
                            break
                        slot = (slot + 1) & (tsize - 1)
                    for p in range(np_):
                        new_vals[idx, p] = (new_vals[idx, p] + vals[si, p] * (w % primes[p])) \
                            % primes[p]
            # next receipt: extend at depth d from cand[d], or backtrack
            if d < 4 and cand[d] < nflat:
                j = cand[d]
                g = j // 3
                c = j % 3 + 1
                if used + c <= avail and taken[g] < mult[g] and trans[gid[g], c] >= 0:
                    seq[d] = j
                    used += c
                    taken[g] += 1
                    got[g, c] += 1
                    d += 1
                    cand[d] = j
                    evaluate = True
                else:
                    cand[d] += 1
                continue
            if d == 0:
                break
            d -= 1
            j = seq[d]
            g = j // 3
            c = j % 3 + 1
            used -= c
            taken[g] -= 1
            got[g, c] -= 1
            cand[d] = j + 1
    return n_new


def threshold_deals(u: np.ndarray, hands: np.ndarray, unseen: np.ndarray, lookup: np.ndarray,
                    hero_class: int, others: int, n_classes: int
                    ) -> tuple[np.ndarray, np.ndarray]:
    """Deals of a hero of class ``hero_class`` against the dummy and ``others`` hands, counted
    by (the best other hand's class, the hero against the dummy) and by the hero's ties.

    Deal ``i`` is read from the uniforms ``u[i]``: ``u[i, 0]`` picks the hero's hand
    ``hands[int(u[i, 0] * H)]`` (H hands, the class's), then a partial Fisher-Yates shuffle of
    that hand's ``unseen`` cards (its row, sorted) with ``u[i, 1:]`` deals the dummy (the first
    three cards) and the other hands (three cards each, in turn), as
    :class:`~guts_family.odds.sample.FieldDeals` deals its seats. Returns ``best`` (n_classes,
    3): deals by the best other class and by the hero beating (0), tying (1) or losing to (2)
    the dummy; ``ties`` (others + 1,): among the deals whose best other class is the hero's,
    how many other hands hold it.
    """
    best = np.zeros((n_classes, 3), np.int64)
    ties = np.zeros(others + 1, np.int64)
    _threshold_kernel(u, hands, unseen, lookup, hero_class, others, best, ties)
    return best, ties


@numba.njit(cache=True)
def _threshold_kernel(u, hands, unseen, lookup, hero_class, others, best, ties):
    """The body of threshold_deals (adds into ``best`` and ``ties``)."""
    n = u.shape[0]
    nh = hands.shape[0]
    nu = unseen.shape[1]
    d = 3 * (others + 1)
    deck = np.empty(nu, np.int64)
    for i in range(n):
        h = int(u[i, 0] * nh)
        if h >= nh:  # u < 1, but keep the index in range whatever the rounding
            h = nh - 1
        for j in range(nu):
            deck[j] = unseen[h, j]
        for j in range(d):
            k = j + int(u[i, 1 + j] * (nu - j))
            a = deck[j]
            deck[j] = deck[k]
            deck[k] = a
        dummy = lookup[deck[0] + 52 * deck[1] + 2704 * deck[2]]
        top = -1
        tied = 0
        for s in range(1, others + 1):
            c = lookup[deck[3 * s] + 52 * deck[3 * s + 1] + 2704 * deck[3 * s + 2]]
            if c > top:
                top = c
            if c == hero_class:
                tied += 1
        if hero_class > dummy:
            best[top, 0] += 1
        elif hero_class == dummy:
            best[top, 1] += 1
        else:
            best[top, 2] += 1
        if top == hero_class:
            ties[tied] += 1
