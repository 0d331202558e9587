"""Every numba kernel of :mod:`guts_family.omaha`, and the constants they read, in one module.

Why one module: numba's on-disk cache (``cache=True``) of a jitted function is keyed on its own
source file only. A kernel that calls or inlines a jitted function of another file, or reads a
module-level constant of another module (constants are frozen into the machine code), would
keep running the old callee or value from its cache after that other file changed - silently
wrong numbers. So the kernels live together here and call only each other
(``tests/test_kernel_files.py`` keeps it so), and the constants they read are defined here:
:mod:`~guts_family.omaha.evaluator` and :mod:`~guts_family.omaha.exact` import them, so each
value still has one source.

Private to :mod:`guts_family.omaha`: the entry points are the typed wrappers
:func:`~guts_family.omaha.evaluator.omaha_high_many`,
:func:`~guts_family.omaha.evaluator.omaha_low_many`, the per-call
:func:`~guts_family.omaha.evaluator.high_evaluator` /
:func:`~guts_family.omaha.evaluator.low_evaluator` (``_high_one`` / ``_low_one``, every table
in one array), :func:`~guts_family.omaha.exact.omaha_equity` (``_enumerate``) and
:func:`~guts_family.omaha.sample.omaha_sample` (``_sample_deals``, whose plain twin is in
``tests/guts/omaha/test_sample.py``). ``t`` is the
:class:`~guts_family.omaha.evaluator.Tables` of lookup tables (how they are built and indexed
is described there); cards are indices ``4 * rank + suit``.
"""

from __future__ import annotations

import numpy as np
from numba import njit

__all__ = [
    "N_FLUSH_HOLE",
    "RANK_WEIGHTS",
    "CALL_BOARD_INDEX",
    "CALL_PAIR",
    "CALL_PAIR_COL",
    "CALL_FLUSH_SHIFT",
    "CALL_FLUSH_LANE",
    "CALL_FLUSH_BOARD",
    "CALL_FLUSH_HOLE",
    "CALL_FLUSH",
    "CALL_LOWBIT",
    "CALL_LOW",
    "CALL_SIZE",
    "SHARE",
    "SCOOP",
    "WIN_HIGH",
    "TIE_HIGH",
    "WIN_LOW",
    "TIE_LOW",
    "LOSE",
    "N_STATS",
]

N_FLUSH_HOLE = 1080  # 1 (no flush possible) + masks of 2, 3 or 4 ranks: a flush table row

# Rank weights whose sums over any multiset of five ranks are all different (greedy sequence), so
# the sum indexes a rank multiset without sorting (the per-call kernels read it as a constant).
RANK_WEIGHTS = np.array([0, 1, 6, 31, 108, 366, 926, 2286, 5733, 12905, 27316, 44676, 94545],
                        dtype=np.int64)

# The per-call path reads every table from ONE int16 array (numba's call overhead grows with
# each array argument): these are the offsets of the tables in it, in the order laid out, with
# the tables' fixed sizes (see Tables in evaluator.py). Card weights come from RANK_WEIGHTS;
# card lanes and suit nibbles are computed.
CALL_BOARD_INDEX = 0  # 5 * 94545 + 1 board weight sums -> board multiset
CALL_PAIR = CALL_BOARD_INDEX + 472726  # 6188 * 91 pair table
CALL_PAIR_COL = CALL_PAIR + 563108  # 169 rank pair -> column
CALL_FLUSH_SHIFT = CALL_PAIR_COL + 169  # 0x5556 suit-count word -> 16 * flush suit
CALL_FLUSH_LANE = CALL_FLUSH_SHIFT + 0x5556  # 0x5556 suit-count word -> 0x1fff or 0
CALL_FLUSH_BOARD = CALL_FLUSH_LANE + 0x5556  # 8192 board suit mask -> flush row
CALL_FLUSH_HOLE = CALL_FLUSH_BOARD + 8192  # 8192 hole suit mask -> flush column
CALL_FLUSH = CALL_FLUSH_HOLE + 8192  # 2289 * 1080 flush table
CALL_LOWBIT = CALL_FLUSH + 2289 * N_FLUSH_HOLE  # 52 card low bits
CALL_LOW = CALL_LOWBIT + 52  # 256 * 256 low table
CALL_SIZE = CALL_LOW + 65536

# statistic columns accumulated by the kernel, per player slot (unknown opponents share one slot)
SHARE, SCOOP, WIN_HIGH, TIE_HIGH, WIN_LOW, TIE_LOW, LOSE = range(7)
N_STATS = 7

# --------------------------------------------------------------------------------------------
# Hand values (guts_family.omaha.evaluator)
# --------------------------------------------------------------------------------------------


@njit(cache=True, inline="always")
def _pair_best(pair, pair_col, row: int, r0: int, r1: int, r2: int, r3: int) -> int:
    """Best non-flush value of hole ranks r0..r3 on the board whose pair row starts at row."""
    a, b, c = 13 * r0, 13 * r1, 13 * r2
    return max(max(max(pair[row + pair_col[a + r1]], pair[row + pair_col[a + r2]]),
                   max(pair[row + pair_col[a + r3]], pair[row + pair_col[b + r2]])),
               max(pair[row + pair_col[b + r3]], pair[row + pair_col[c + r3]]))


@njit(cache=True, nogil=True)
def _high_many_kernel(holes, boards, out, card_weight, card_lane, card_nibble, board_index, pair,
                      pair_col, flush_shift, flush_lane, flush_board_index, flush_hole_index,
                      flush):
    """out[i] = high value of holes[i] (4 cards) on boards[i] (5 cards)."""
    for i in range(holes.shape[0]):
        h0, h1, h2, h3 = holes[i, 0], holes[i, 1], holes[i, 2], holes[i, 3]
        b0, b1, b2, b3, b4 = boards[i, 0], boards[i, 1], boards[i, 2], boards[i, 3], boards[i, 4]
        bkey = card_weight[b0] + card_weight[b1] + card_weight[b2] + card_weight[b3] \
            + card_weight[b4]
        v = _pair_best(pair, pair_col, board_index[bkey] * 91, h0 >> 2, h1 >> 2, h2 >> 2, h3 >> 2)
        # flush: only the suit with three or more board cards, and only with two in the hand
        word = card_nibble[b0] + card_nibble[b1] + card_nibble[b2] + card_nibble[b3] \
            + card_nibble[b4]
        shift = flush_shift[word]
        hm = ((card_lane[h0] + card_lane[h1] + card_lane[h2] + card_lane[h3]) >> shift) \
            & flush_lane[word]
        hx = flush_hole_index[hm]
        if hx:
            bm = ((card_lane[b0] + card_lane[b1] + card_lane[b2] + card_lane[b3]
                   + card_lane[b4]) >> shift) & 0x1FFF
            f = flush[flush_board_index[bm] * N_FLUSH_HOLE + hx]
            if f > v:
                v = f
        out[i] = v


@njit(cache=True, nogil=True)
def _low_many_kernel(holes, boards, out, card_lowbit, low):
    """out[i] = eight-or-better low value of holes[i] on boards[i] (0 = no low)."""
    for i in range(holes.shape[0]):
        hl = card_lowbit[holes[i, 0]] | card_lowbit[holes[i, 1]] | card_lowbit[holes[i, 2]] \
            | card_lowbit[holes[i, 3]]
        bl = card_lowbit[boards[i, 0]] | card_lowbit[boards[i, 1]] | card_lowbit[boards[i, 2]] \
            | card_lowbit[boards[i, 3]] | card_lowbit[boards[i, 4]]
        out[i] = low[bl * 256 + hl]


@njit(cache=True, inline="always")
def _bad_card(c) -> bool:
    return c < 0 or c > 51


@njit(cache=True)
def _high_one(blob, h0, h1, h2, h3, b0, b1, b2, b3, b4):
    """High value of one hand (h0..h3) on one board (b0..b4), every table read from blob (the
    CALL_* layout); the per-call twin of _high_many_kernel. Card indices are range-checked."""
    if _bad_card(h0) or _bad_card(h1) or _bad_card(h2) or _bad_card(h3) or _bad_card(b0) \
            or _bad_card(b1) or _bad_card(b2) or _bad_card(b3) or _bad_card(b4):
        raise ValueError("a card index is outside 0..51")
    w = RANK_WEIGHTS
    bkey = w[b0 >> 2] + w[b1 >> 2] + w[b2 >> 2] + w[b3 >> 2] + w[b4 >> 2]
    row = CALL_PAIR + np.int64(blob[CALL_BOARD_INDEX + bkey]) * 91
    pc = CALL_PAIR_COL
    r0, r1, r2, r3 = h0 >> 2, h1 >> 2, h2 >> 2, h3 >> 2
    a, b, c = 13 * r0, 13 * r1, 13 * r2
    v = max(max(max(blob[row + blob[pc + a + r1]], blob[row + blob[pc + a + r2]]),
                max(blob[row + blob[pc + a + r3]], blob[row + blob[pc + b + r2]])),
            max(blob[row + blob[pc + b + r3]], blob[row + blob[pc + c + r3]]))
    one = np.int64(1)
    word = (one << 4 * (b0 & 3)) + (one << 4 * (b1 & 3)) + (one << 4 * (b2 & 3)) \
        + (one << 4 * (b3 & 3)) + (one << 4 * (b4 & 3))
    shift = blob[CALL_FLUSH_SHIFT + word]
    hm = (((one << 16 * (h0 & 3) + r0) + (one << 16 * (h1 & 3) + r1)
           + (one << 16 * (h2 & 3) + r2) + (one << 16 * (h3 & 3) + r3)) >> shift) \
        & blob[CALL_FLUSH_LANE + word]
    hx = blob[CALL_FLUSH_HOLE + hm]
    if hx:
        bm = (((one << 16 * (b0 & 3) + (b0 >> 2)) + (one << 16 * (b1 & 3) + (b1 >> 2))
               + (one << 16 * (b2 & 3) + (b2 >> 2)) + (one << 16 * (b3 & 3) + (b3 >> 2))
               + (one << 16 * (b4 & 3) + (b4 >> 2))) >> shift) & 0x1FFF
        f = blob[CALL_FLUSH + np.int64(blob[CALL_FLUSH_BOARD + bm]) * N_FLUSH_HOLE + hx]
        if f > v:
            v = f
    return np.int64(v)


@njit(cache=True)
def _low_one(blob, h0, h1, h2, h3, b0, b1, b2, b3, b4):
    """Eight-or-better low value (0 = none) of one hand on one board, tables from blob; the
    per-call twin of _low_many_kernel. Card indices are range-checked."""
    if _bad_card(h0) or _bad_card(h1) or _bad_card(h2) or _bad_card(h3) or _bad_card(b0) \
            or _bad_card(b1) or _bad_card(b2) or _bad_card(b3) or _bad_card(b4):
        raise ValueError("a card index is outside 0..51")
    lb = CALL_LOWBIT
    hl = blob[lb + h0] | blob[lb + h1] | blob[lb + h2] | blob[lb + h3]
    bl = blob[lb + b0] | blob[lb + b1] | blob[lb + b2] | blob[lb + b3] | blob[lb + b4]
    return np.int64(blob[CALL_LOW + np.int64(bl) * 256 + hl])


# --------------------------------------------------------------------------------------------
# Exact enumeration (guts_family.omaha.exact)
# --------------------------------------------------------------------------------------------


@njit(cache=True, inline="always")
def _board_setup(t, b0, b1, b2, b3, b4):
    """Per-board constants: pair-table row, flush suit shift and lane mask, flush row, low set."""
    bkey = t.card_weight[b0] + t.card_weight[b1] + t.card_weight[b2] + t.card_weight[b3] \
        + t.card_weight[b4]
    row = np.int64(t.board_index[bkey]) * 91
    word = t.card_nibble[b0] + t.card_nibble[b1] + t.card_nibble[b2] + t.card_nibble[b3] \
        + t.card_nibble[b4]
    shift = np.int64(t.flush_shift[word])
    lane = np.int64(t.flush_lane[word])
    bm = ((t.card_lane[b0] + t.card_lane[b1] + t.card_lane[b2] + t.card_lane[b3]
           + t.card_lane[b4]) >> shift) & lane
    frow = np.int64(t.flush_board_index[bm]) * N_FLUSH_HOLE
    bl = t.card_lowbit[b0] | t.card_lowbit[b1] | t.card_lowbit[b2] | t.card_lowbit[b3] \
        | t.card_lowbit[b4]
    return row, shift, lane, frow, bl * 256


@njit(cache=True, inline="always")
def _hand_values(t, row, shift, lane, frow, lowrow, c0, c1, c2, c3):
    """High and low value of hole cards c0..c3 on the board set up by _board_setup."""
    v = _pair_best(t.pair, t.pair_col, row, c0 >> 2, c1 >> 2, c2 >> 2, c3 >> 2)
    hm = ((t.card_lane[c0] + t.card_lane[c1] + t.card_lane[c2] + t.card_lane[c3]) >> shift) & lane
    hx = t.flush_hole_index[hm]
    if hx:
        f = t.flush[frow + hx]
        if f > v:
            v = f
    lo = t.low[lowrow + (t.card_lowbit[c0] | t.card_lowbit[c1] | t.card_lowbit[c2]
                         | t.card_lowbit[c3])]
    return v, lo


@njit(cache=True)
def _score(vhi, vlo, n_known, hilo, unit, stats, board_share, completion, weight):
    """Share the pot of one deal among the players; add weight times it to their statistics."""
    n = vhi.shape[0]
    best_hi = vhi[0]
    for p in range(1, n):
        if vhi[p] > best_hi:
            best_hi = vhi[p]
    n_hi = 0
    for p in range(n):
        if vhi[p] == best_hi:
            n_hi += 1
    best_lo = 0
    n_lo = 0
    if hilo:
        for p in range(n):
            if vlo[p] > best_lo:
                best_lo = vlo[p]
        if best_lo > 0:
            for p in range(n):
                if vlo[p] == best_lo:
                    n_lo += 1
    if n_lo > 0:
        hi_share = unit // (2 * n_hi)
        lo_share = unit // (2 * n_lo)
    else:
        hi_share = unit // n_hi
        lo_share = 0
    for p in range(n):
        slot = p if p < n_known else n_known
        share = 0
        if vhi[p] == best_hi:
            share += hi_share
            if n_hi == 1:
                stats[slot, WIN_HIGH] += weight
            else:
                stats[slot, TIE_HIGH] += weight
        if n_lo > 0 and vlo[p] == best_lo:
            share += lo_share
            if n_lo == 1:
                stats[slot, WIN_LOW] += weight
            else:
                stats[slot, TIE_LOW] += weight
        stats[slot, SHARE] += share * weight
        if share == unit:
            stats[slot, SCOOP] += weight
        elif share == 0:
            stats[slot, LOSE] += weight
        if completion >= 0:
            board_share[completion, slot] += share * weight


@njit(cache=True, inline="always")
def _in_range(in_range, base, a, b, c, d):
    """Whether the holding a < b < c < d is in the range (in_range indexed by combination)."""
    return in_range[base[0, a] + base[1, b] + base[2, c] + base[3, d]]


@njit(cache=True, nogil=True)
def _enumerate(t, known, board, unseen, m, n_unknown, hilo, unit, stats, board_share,
               board_deals, ranged, in_range, base):
    """Enumerate every completion of the board by m unseen cards and every holding of the
    unknown opponents; add the pot shares to stats (player slot x statistic).

    known: (K, 4) hole cards; board: the known board cards; unseen: the cards not in any known
    hand or on the board, sorted. board_share / board_deals get per-completion figures when
    they have a row per completion (at the burn); pass empty arrays otherwise. ranged: the
    unknown opponents' holdings are only those with in_range[index] (index = the sum of
    base[k, card k] over the sorted cards, see guts_family.omaha.ranges.combo_base); every
    other deal is skipped. Returns the number of deals counted.
    """
    n_known = known.shape[0]
    n_players = n_known + n_unknown
    n = unseen.shape[0]
    per_board = board_share.shape[0] > 0
    vhi = np.zeros(n_players, dtype=np.int64)
    vlo = np.zeros(n_players, dtype=np.int64)
    b5 = np.zeros(5, dtype=np.int64)
    nb = board.shape[0]
    for i in range(nb):
        b5[i] = board[i]
    idx = np.arange(m)
    in_board = np.zeros(52, dtype=np.bool_)
    r = n - m
    rem = np.zeros(r, dtype=np.int64)
    n_combos = 0
    if n_unknown >= 2:
        n_combos = r * (r - 1) * (r - 2) * (r - 3) // 24
    cmask = np.zeros(n_combos, dtype=np.int64)
    chi = np.zeros(n_combos, dtype=np.int64)
    clo = np.zeros(n_combos, dtype=np.int64)
    level_idx = np.zeros(max(n_unknown, 1), dtype=np.int64)
    level_mask = np.zeros(max(n_unknown, 1), dtype=np.int64)
    deals = 0
    completion = 0
    while True:
        for j in range(m):
            b5[nb + j] = unseen[idx[j]]
        row, shift, lane, frow, lowrow = _board_setup(t, b5[0], b5[1], b5[2], b5[3], b5[4])
        for k in range(n_known):
            vhi[k], vlo[k] = _hand_values(t, row, shift, lane, frow, lowrow, known[k, 0],
                                          known[k, 1], known[k, 2], known[k, 3])
        comp = completion if per_board else -1
        before = deals
        if n_unknown == 0:
            _score(vhi, vlo, n_known, hilo, unit, stats, board_share, comp, 1)
            deals += 1
        else:
            for j in range(m):
                in_board[unseen[idx[j]]] = True
            q = 0
            for j in range(n):
                if not in_board[unseen[j]]:
                    rem[q] = unseen[j]
                    q += 1
            for j in range(m):
                in_board[unseen[idx[j]]] = False
            if n_unknown == 1:
                # one opponent: the deal's outcome depends only on how the opponent's high and
                # low compare with the best known ones (worse, equal, better), so count the
                # opponent holdings in those 3 x 3 classes and share each class's pot once
                best_hi = 0
                best_lo = 0
                for k in range(n_known):
                    best_hi = max(best_hi, vhi[k])
                    best_lo = max(best_lo, vlo[k])
                counts = np.zeros(9, dtype=np.int64)
                for a in range(r - 3):
                    ca = rem[a]
                    for b in range(a + 1, r - 2):
                        cb = rem[b]
                        for c in range(b + 1, r - 1):
                            cc = rem[c]
                            for d in range(c + 1, r):
                                if ranged and not _in_range(in_range, base, ca, cb, cc, rem[d]):
                                    continue
                                hi, lo = _hand_values(t, row, shift, lane, frow, lowrow,
                                                      ca, cb, cc, rem[d])
                                hc = (hi > best_hi) + (hi >= best_hi)
                                lc = ((lo > best_lo) + (lo >= best_lo)) * (lo > 0) * hilo
                                counts[3 * hc + lc] += 1
                for hc in range(3):
                    for lc in range(3):
                        w = counts[3 * hc + lc]
                        if w:
                            vhi[n_known] = best_hi + hc - 1
                            vlo[n_known] = 0 if lc == 0 else best_lo + lc - 1
                            _score(vhi, vlo, n_known, hilo, unit, stats, board_share, comp, w)
                            deals += w
            else:
                q = 0
                for a in range(r - 3):
                    ca = rem[a]
                    for b in range(a + 1, r - 2):
                        cb = rem[b]
                        for c in range(b + 1, r - 1):
                            cc = rem[c]
                            for d in range(c + 1, r):
                                cd = rem[d]
                                if ranged and not _in_range(in_range, base, ca, cb, cc, cd):
                                    continue
                                chi[q], clo[q] = _hand_values(t, row, shift, lane, frow, lowrow,
                                                              ca, cb, cc, cd)
                                cmask[q] = (np.int64(1) << ca) | (np.int64(1) << cb) \
                                    | (np.int64(1) << cc) | (np.int64(1) << cd)
                                q += 1
                # unordered sets of n_unknown pairwise disjoint holdings, indices increasing
                listed = q
                level = 0
                level_idx[0] = -1
                while level >= 0:
                    level_idx[level] += 1
                    i = level_idx[level]
                    if i >= listed:
                        level -= 1
                        continue
                    used = level_mask[level - 1] if level > 0 else np.int64(0)
                    if cmask[i] & used:
                        continue
                    vhi[n_known + level] = chi[i]
                    vlo[n_known + level] = clo[i]
                    if level == n_unknown - 1:
                        _score(vhi, vlo, n_known, hilo, unit, stats, board_share, comp, 1)
                        deals += 1
                    else:
                        level_mask[level] = used | cmask[i]
                        level += 1
                        level_idx[level] = i
        if per_board:
            board_deals[completion] = deals - before
        completion += 1
        # next combination of m unseen cards
        j = m - 1
        while j >= 0 and idx[j] == n - m + j:
            j -= 1
        if j < 0:
            break
        idx[j] += 1
        for k in range(j + 1, m):
            idx[k] = idx[k - 1] + 1
    return deals


# --------------------------------------------------------------------------------------------
# Sampling (guts_family.omaha.sample)
# --------------------------------------------------------------------------------------------


@njit(cache=True, inline="always")
def _trial_split(vhi, vlo, n_known, hilo, unit, trial, no_board):
    """The split of _score for one trial: trial (K + 1, N_STATS) is zeroed and gets each
    player slot's share (in units) and indicators (the unknown opponents summed in the last);
    no_board: any small int64 array (a trial keeps no per-board shares)."""
    trial[:] = 0
    _score(vhi, vlo, n_known, hilo, unit, trial, no_board, -1, 1)


@njit(cache=True, nogil=True)
def _sample_deals(t, known, board, deck, n_unknown, hilo, unit, u, sums, squares):
    """Deal u.shape[0] random completions and score each; add per-trial statistics.

    known: (K, 4) hole cards; board: the known board cards; deck: the unseen cards (int64,
    changed in place: it stays a permutation of them); u: (trials, d) uniforms in [0, 1), d =
    the missing board cards + 4 per unknown opponent. Trial i moves a uniformly random ordered
    draw of d cards to deck[0:d] by a partial Fisher-Yates shuffle (position j swaps with
    j + floor(u[i, j] * (n - j))): the board's missing cards first, then each unknown hand's
    four. The pot is split as in _score (in whole units of `unit`). sums / squares (K + 1,
    N_STATS) get, per player slot (the unknown opponents share the last), the sum over trials
    of the slot's value in the trial and of its square.
    """
    n_known = known.shape[0]
    n_players = n_known + n_unknown
    nb = board.shape[0]
    m = 5 - nb
    d = m + 4 * n_unknown
    n = deck.shape[0]
    b5 = np.zeros(5, dtype=np.int64)
    for i in range(nb):
        b5[i] = board[i]
    vhi = np.zeros(n_players, dtype=np.int64)
    vlo = np.zeros(n_players, dtype=np.int64)
    trial = np.zeros((n_known + 1, N_STATS), dtype=np.int64)
    no_board = np.zeros((1, n_known + 1), dtype=np.int64)
    for i in range(u.shape[0]):
        for j in range(d):
            k = j + np.int64(u[i, j] * (n - j))
            if k >= n:
                k = n - 1
            x = deck[j]
            deck[j] = deck[k]
            deck[k] = x
        for j in range(m):
            b5[nb + j] = deck[j]
        row, shift, lane, frow, lowrow = _board_setup(t, b5[0], b5[1], b5[2], b5[3], b5[4])
        for p in range(n_known):
            vhi[p], vlo[p] = _hand_values(t, row, shift, lane, frow, lowrow, known[p, 0],
                                          known[p, 1], known[p, 2], known[p, 3])
        for s in range(n_unknown):
            o = m + 4 * s
            vhi[n_known + s], vlo[n_known + s] = _hand_values(
                t, row, shift, lane, frow, lowrow, deck[o], deck[o + 1], deck[o + 2], deck[o + 3])
        _trial_split(vhi, vlo, n_known, hilo, unit, trial, no_board)
        for p in range(n_known + 1):
            for c in range(N_STATS):
                x = trial[p, c]
                sums[p, c] += x
                squares[p, c] += x * x


@njit(cache=True, nogil=True)
def _sample_ranged_deals(t, known, board, unseen, opp, hilo, unit, u, sums, squares):
    """Score u.shape[0] deals whose unknown hands are given: trial i's unknown opponents hold
    opp[i] (n_unknown x 4 cards, disjoint from each other, the known hands and the board), and
    its missing board cards are a uniformly random ordered draw from the unseen cards left (a
    partial Fisher-Yates shuffle of them, position j swapping with j + floor(u[i, j] * (n - j))).
    Adds the per-slot statistics and their squares to sums / squares as _sample_deals does.
    """
    n_known = known.shape[0]
    n_unknown = opp.shape[1]
    n_players = n_known + n_unknown
    nb = board.shape[0]
    m = 5 - nb
    b5 = np.zeros(5, dtype=np.int64)
    for i in range(nb):
        b5[i] = board[i]
    vhi = np.zeros(n_players, dtype=np.int64)
    vlo = np.zeros(n_players, dtype=np.int64)
    trial = np.zeros((n_known + 1, N_STATS), dtype=np.int64)
    no_board = np.zeros((1, n_known + 1), dtype=np.int64)
    taken = np.zeros(52, dtype=np.bool_)
    deck = np.zeros(unseen.shape[0], dtype=np.int64)
    for i in range(u.shape[0]):
        for s in range(n_unknown):
            for j in range(4):
                taken[opp[i, s, j]] = True
        n = 0
        for j in range(unseen.shape[0]):
            if not taken[unseen[j]]:
                deck[n] = unseen[j]
                n += 1
        for s in range(n_unknown):
            for j in range(4):
                taken[opp[i, s, j]] = False
        for j in range(m):
            k = j + np.int64(u[i, j] * (n - j))
            if k >= n:
                k = n - 1
            x = deck[j]
            deck[j] = deck[k]
            deck[k] = x
            b5[nb + j] = deck[j]
        row, shift, lane, frow, lowrow = _board_setup(t, b5[0], b5[1], b5[2], b5[3], b5[4])
        for p in range(n_known):
            vhi[p], vlo[p] = _hand_values(t, row, shift, lane, frow, lowrow, known[p, 0],
                                          known[p, 1], known[p, 2], known[p, 3])
        for s in range(n_unknown):
            vhi[n_known + s], vlo[n_known + s] = _hand_values(
                t, row, shift, lane, frow, lowrow, opp[i, s, 0], opp[i, s, 1], opp[i, s, 2],
                opp[i, s, 3])
        _trial_split(vhi, vlo, n_known, hilo, unit, trial, no_board)
        for p in range(n_known + 1):
            for c in range(N_STATS):
                x = trial[p, c]
                sums[p, c] += x
                squares[p, c] += x * x
