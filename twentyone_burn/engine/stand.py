"""stand: the player's stand EVs - every hand against the dealer in one trie pass per block.

A standing hand's EV is the dealer's outcome distribution for the unseen cards (the shoe less
the hand, the up card and the burned card) dotted with the payoff of the hand's total. The
kernel :func:`_stand_batch` values up to :data:`LANES` hands of one total side by side in
one pass over the dealer's trie (``dealer.py``), every burned rank and every hidden
combination of a split hand at once: the burned card is taken out by a per-rank sum kept in
the same pass, and the hidden cards (``tables.hidden_combos``) by ratios of falling
factorials over the classes binned by (cards taken, pair cards among them)
(:func:`pair_bins`; :mod:`.split` shows why). :func:`stand_evs` is its typed wrapper; its plain
twin, one hand a pass, is ``tests/reference/stand_scalar.py``.

>>> from twentyone_burn.shoe import full_shoe
>>> from twentyone_burn.engine.player import payoff_table
>>> base = full_shoe(1) - np.eye(10, dtype=np.int64)[9]
>>> hands = np.array([hand_table().of((9, 9))])
>>> ev = stand_evs(Rules(decks=1), 9, base, hands, payoff=payoff_table(Rules()))
>>> ev.shape, bool(0.4 < ev[0, 4, 0] < 0.7)        # T-T against a T, a 5 burned
((1, 10, 1), True)
"""

from __future__ import annotations

import functools
from typing import NamedTuple

import numpy as np

from ..rules import Rules
from ..tables import NOTHING_HIDDEN, HiddenCombos, hand_table
from .compiled import kernel
from .dealer import DealerTrie, current_exposure, dealer_trie
from .threads import over_range

__all__ = ["ALL_BURNS", "LANES", "PairBins", "StandBlocks", "pair_bins", "payoff_weights",
           "stand_blocks", "stand_evs"]

#: every rank as the burned card, for :func:`stand_evs`
ALL_BURNS = np.arange(10, dtype=np.int64)


class PairBins(NamedTuple):
    """The dealer's classes binned by (cards taken k, cards of the pair rank among them), for
    the hidden cards' ratios: ``node_bin[i]`` the bin of trie node i (-1 for inner nodes),
    ``cards[b]`` and ``pair_cards[b]`` the k and the pair count of bin b."""

    node_bin: np.ndarray
    cards: np.ndarray
    pair_cards: np.ndarray


class StandBlocks(NamedTuple):
    """Hands grouped for :func:`_stand_batch`: ``lanes[g]`` the keys of block g (-1: an empty
    lane), ``total[g]`` the player total they share."""

    lanes: np.ndarray
    total: np.ndarray


def pair_bins(up: int, hit_soft_17: bool, pair: int, burn: str = "highest",
              no_hole: int = -1) -> PairBins:
    """The classes of :func:`~.dealer.dealer_trie` (the same arguments) binned by (cards taken,
    cards of rank ``pair`` among them), bins numbered in order of first appearance.

    >>> b = pair_bins(9, True, 9)
    >>> int(b.node_bin.max()) + 1 == len(b.cards) == len(b.pair_cards)
    True
    """
    # the trie, and so its bins, of the concealed cards the engine is conditioned on
    return _pair_bins(up, hit_soft_17, pair, burn, no_hole, current_exposure())


@functools.cache
def _pair_bins(up: int, hit_soft_17: bool, pair: int, burn: str, no_hole: int,
               seen: tuple[int, ...]) -> PairBins:
    trie = dealer_trie(up, hit_soft_17, burn, no_hole, seen)
    nodes = np.nonzero(trie.is_class)[0]
    code = trie.counts[nodes].sum(axis=1) * 64 + trie.counts[nodes, pair]
    # bins numbered in order of first appearance (the kernels add bins in this order)
    uniq, first, inverse = np.unique(code, return_index=True, return_inverse=True)
    rank_of = np.empty(len(uniq), dtype=np.int64)
    rank_of[np.argsort(first, kind="stable")] = np.arange(len(uniq))
    binid = np.full(trie.parent.shape[0], -1, dtype=np.int64)
    binid[nodes] = rank_of[inverse.ravel()]
    ordered = uniq[np.argsort(first, kind="stable")]
    return PairBins(binid, (ordered // 64).astype(np.int64), (ordered % 64).astype(np.int64))


#: keys valued side by side in one trie pass of :func:`_stand_batch`: the per-node work is
#: the same for every key of a block, so the compiler turns the lane loops into vector code
LANES = 64


@kernel(entry=True, nogil=True)
def _stand_batch(lo, hi, base, keys, blocks, block_total, p, combo_j, combo_u, parent, rank, before,
                depth, wpay, is_class, binid, bin_k, bin_mp, nz_ptr, nz_rank, nz_count, burns,
                out):
    """Stand EVs for the keys of blocks lo..hi-1 (player hands), every burned rank and hidden
    combination.

    ``out[k, i, c]`` is the EV of standing on hand ``keys[k]`` when the unseen cards are
    ``base - keys[k]`` less one card of rank ``burns[i]`` (-1: no card), with hidden
    combination c (see ``engine.split``). ``blocks[g]`` lists up to LANES keys (-1: an empty
    lane) that share the player total ``block_total[g]``, so they share one row of ``wpay``:
    ``wpay[t, i]`` is node i's class weights dotted with the payoff of a player total t, and
    the pass accumulates one number per node and key instead of seven outcomes. Each key's
    arithmetic is done in the same order as a pass of its own, so blocking changes no bit.
    """
    nc = combo_j.shape[0]
    t = parent.shape[0]
    nb = bin_k.shape[0]
    maxd = 0
    for i in range(t):
        if depth[i] > maxd:
            maxd = depth[i]
    kmax = maxd + 1
    jmax = 0
    umax = 0
    for c in range(nc):
        jmax = max(jmax, combo_j[c])
        umax = max(umax, combo_u[c])
    smax = jmax + umax
    # the per-rank sums are only needed to take a burned card out
    any_burn = False
    for i in range(burns.shape[0]):
        if burns[i] >= 0:
            any_burn = True
    for g in range(lo, hi):
        xs = np.zeros((10, LANES), dtype=np.int64)
        tots = np.zeros(LANES, dtype=np.int64)
        live = np.zeros(LANES, dtype=np.bool_)
        for ln in range(LANES):
            key = blocks[g, ln]
            if key < 0:
                continue
            ok = True
            tot = 0
            for r in range(10):
                xr = base[r] - keys[key, r]
                xs[r, ln] = xr
                if xr < 0:
                    ok = False
                tot += xr
            tots[ln] = tot
            live[ln] = ok
        w = wpay[block_total[g]]
        inv = np.empty((kmax, LANES))
        for d in range(kmax):
            for ln in range(LANES):
                inv[d, ln] = 1.0 / (tots[ln] - d) if tots[ln] - d > 0 else 0.0
        acc = np.zeros((nb, LANES))
        accb = np.zeros((10, nb, LANES))
        val = np.empty((t, LANES))
        vw = np.empty(LANES)
        for ln in range(LANES):
            val[0, ln] = 1.0
        for i in range(1, t):
            r = rank[i]
            pi = parent[i]
            d = depth[i]
            bf = before[i]
            # a lane without a card of this rank gets 0: adding 0 * w leaves its sums exact
            for ln in range(LANES):
                a = xs[r, ln] - bf
                val[i, ln] = val[pi, ln] * a * inv[d, ln] if a > 0 else 0.0
            if is_class[i]:
                bi = binid[i]
                wi = w[i]
                for ln in range(LANES):
                    vw[ln] = val[i, ln] * wi
                    acc[bi, ln] += vw[ln]
                if any_burn:
                    for z in range(nz_ptr[i], nz_ptr[i + 1]):
                        rz = nz_rank[z]
                        cz = nz_count[z]
                        for ln in range(LANES):
                            accb[rz, bi, ln] += vw[ln] * cz
        # the hidden combinations, lane by lane in vector form (same arithmetic per lane)
        biny = np.empty((nb, LANES))
        fa = np.empty((jmax + 1, kmax + 1, LANES))
        fb = np.empty((umax + 1, kmax + 1, LANES))
        fc = np.empty((smax + 1, kmax + 1, LANES))
        use = np.zeros(LANES, dtype=np.bool_)
        xb = np.ones(LANES, dtype=np.int64)
        ny = np.zeros(LANES, dtype=np.int64)
        big_p = np.zeros(LANES, dtype=np.int64)
        big_q = np.zeros(LANES, dtype=np.int64)
        ff = np.empty(LANES)
        e = np.empty(LANES)
        norm = np.empty(LANES)
        for ib in range(burns.shape[0]):
            b = burns[ib]
            anyuse = False
            for ln in range(LANES):
                use[ln] = live[ln] and (b < 0 or xs[b, ln] >= 1)
                anyuse = anyuse or use[ln]
                xb[ln] = xs[b, ln] if b >= 0 and xs[b, ln] >= 1 else 1
                ny[ln] = tots[ln] if b < 0 else tots[ln] - 1
                big_p[ln] = xs[p, ln] - (1 if b == p else 0)
                big_q[ln] = ny[ln] - big_p[ln]
            if not anyuse:
                continue
            if b < 0:
                for bi in range(nb):
                    for ln in range(LANES):
                        biny[bi, ln] = acc[bi, ln]
            else:
                for bi in range(nb):
                    kk = bin_k[bi]
                    for ln in range(LANES):
                        f = tots[ln] / (tots[ln] - kk) if tots[ln] - kk > 0 else 0.0
                        biny[bi, ln] = f * (acc[bi, ln] - accb[b, bi, ln] / xb[ln])
            for xx in range(kmax + 1):
                for ln in range(LANES):
                    fa[0, xx, ln] = 1.0
                    fb[0, xx, ln] = 1.0
                    fc[0, xx, ln] = 1.0
                    ff[ln] = 1.0
                for j in range(1, jmax + 1):
                    for ln in range(LANES):
                        y = big_p[ln] - xx - (j - 1)
                        fa[j, xx, ln] = fa[j - 1, xx, ln] * y if y > 0 else 0.0
                for u in range(1, umax + 1):
                    for ln in range(LANES):
                        y = big_q[ln] - xx - (u - 1)
                        fb[u, xx, ln] = fb[u - 1, xx, ln] * y if y > 0 else 0.0
                for s_ in range(1, smax + 1):
                    for ln in range(LANES):
                        y = ny[ln] - xx - (s_ - 1)
                        ff[ln] = ff[ln] * y if y > 0 else 0.0
                        fc[s_, xx, ln] = 1.0 / ff[ln] if ff[ln] > 0.0 else 0.0
            for c in range(nc):
                j = combo_j[c]
                u = combo_u[c]
                for ln in range(LANES):
                    e[ln] = 0.0
                if j == 0 and u == 0:
                    for bi in range(nb):
                        for ln in range(LANES):
                            e[ln] += biny[bi, ln]
                    for ln in range(LANES):
                        if use[ln]:
                            out[blocks[g, ln], ib, c] = e[ln]
                    continue
                for ln in range(LANES):
                    norm[ln] = fa[j, 0, ln] * fb[u, 0, ln] * fc[j + u, 0, ln]
                for bi in range(nb):
                    kk = bin_k[bi]
                    mp = bin_mp[bi]
                    for ln in range(LANES):
                        e[ln] += biny[bi, ln] * fa[j, mp, ln] * fb[u, kk - mp, ln] * \
                            fc[j + u, kk, ln]
                for ln in range(LANES):
                    if use[ln] and norm[ln] != 0.0:
                        out[blocks[g, ln], ib, c] = e[ln] * (1.0 / norm[ln])


def stand_blocks(totals: np.ndarray) -> StandBlocks:
    """Keys grouped into blocks of :data:`LANES` that share a player total (for
    :func:`_stand_batch`): (key of each lane, -1 where empty; the total of each block).

    >>> blocks, total = stand_blocks(np.array([20, 12, 20]))
    >>> blocks[:, :3].tolist(), total.tolist()
    ([[1, -1, -1], [0, 2, -1]], [12, 20])
    """
    rows: list[np.ndarray] = []
    tot: list[int] = []
    for value in np.unique(totals):
        ks = np.nonzero(totals == value)[0]
        for s in range(0, len(ks), LANES):
            row = np.full(LANES, -1, dtype=np.int64)
            part = ks[s:s + LANES]
            row[:len(part)] = part
            rows.append(row)
            tot.append(int(value))
    return StandBlocks(np.array(rows, dtype=np.int64).reshape(-1, LANES),
                       np.array(tot, dtype=np.int64))


def payoff_weights(trie: DealerTrie, payoff: np.ndarray) -> np.ndarray:
    """wpay[t, i]: node i's class weights dotted with the payoff of player total t (0..21).

    Cached on the trie and the payoff table's bytes (the same few are asked for many times).

    >>> from twentyone_burn.engine.player import payoff_table
    >>> payoff_weights(dealer_trie(9, True), payoff_table(Rules())).shape[0]
    22
    """
    key = (id(trie), payoff.tobytes())
    hit = _PAYOFF_WEIGHTS.get(key)
    if hit is None:
        hit = np.ascontiguousarray(payoff @ trie.weight.T)
        _PAYOFF_WEIGHTS[key] = hit
    return hit


_PAYOFF_WEIGHTS: dict[tuple[int, bytes], np.ndarray] = {}


def stand_evs(rules: Rules, up: int, base: np.ndarray, hands: np.ndarray, *,
              payoff: np.ndarray, pair: int = 0, combos: HiddenCombos = NOTHING_HIDDEN,
              burns: np.ndarray = ALL_BURNS, no_hole: int = -1) -> np.ndarray:
    """out[k, i, c]: the stand EV of hand ``hands[k]`` (hand-table indices) for burned rank
    ``burns[i]`` (-1: none) and hidden combination c, the unseen cards being ``base`` less the
    hand and the burned card, against the rules' dealer for up card ``up`` (``no_hole``: see
    :func:`~.dealer.dealer_classes`) and with the payoff table ``payoff``.

    ``pair``: the pair rank the hidden cards are counted in (split hands; 0 with
    :data:`~twentyone_burn.tables.NOTHING_HIDDEN`). The one place the kernel's arrays are
    unpacked; see :func:`_stand_batch`.

    >>> from twentyone_burn.shoe import full_shoe
    >>> from twentyone_burn.engine.player import payoff_table
    >>> base = full_shoe(1) - np.eye(10, dtype=np.int64)[9]
    >>> ev = stand_evs(Rules(decks=1), 9, base, np.array([hand_table().of((9, 9))]),
    ...                payoff=payoff_table(Rules()), burns=np.array([-1]))
    >>> ev.shape
    (1, 1, 1)
    """
    table = hand_table()
    trie = dealer_trie(up, rules.hit_soft_17, rules.dealer_burn, no_hole)
    bins = pair_bins(up, rules.hit_soft_17, pair, rules.dealer_burn, no_hole)
    out = np.zeros((len(hands), len(burns), len(combos.j)))
    # totals whose payoff rows are equal (e.g. every total up to 16) share blocks: fewer
    # empty lanes, and the same row of weights either way
    first: dict[bytes, int] = {}
    for t in range(payoff.shape[0]):
        first.setdefault(payoff[t].tobytes(), t)
    same = np.array([first[payoff[t].tobytes()] for t in range(payoff.shape[0])])
    blocks = stand_blocks(same[np.minimum(table.total[hands], 21)])
    keys = table.counts[hands]
    wpay = payoff_weights(trie, payoff)
    over_range(lambda lo, hi: _stand_batch(
        lo, hi, base, keys, blocks.lanes, blocks.total, pair, combos.j, combos.u, trie.parent,
        trie.rank, trie.before, trie.depth, wpay, trie.is_class, bins.node_bin, bins.cards,
        bins.pair_cards, trie.nz_ptr, trie.nz_rank, trie.nz_count, burns, out),
        blocks.lanes.shape[0])
    return out
