"""The scalar twin of ``engine.stand._stand_batch``: one key per trie pass, no lanes.

This is the kernel as it was before keys were valued in blocks of lanes; the blocked kernel
must agree with it bit for bit (tests/engine/test_stand.py).
"""

from __future__ import annotations

import numpy as np
from numba import njit, prange

from twentyone_burn.engine.dealer import dealer_trie
from twentyone_burn.engine.stand import ALL_BURNS, pair_bins, payoff_weights
from twentyone_burn.rules import Rules
from twentyone_burn.tables import NOTHING_HIDDEN, HiddenCombos, hand_table


@njit(parallel=True, cache=True)
def stand_batch_scalar(base, keys, key_total, p, combo_j, combo_u, parent, rank, before, depth,
                wpay, is_class, binid, bin_k, bin_mp, nz_ptr, nz_rank, nz_count, burns, out):
    """Stand EVs for every key (a player hand), burned rank and hidden combination.

    ``out[k, i, c]`` is the EV of standing on hand ``keys[k]`` (total ``key_total[k]``) when the
    unseen cards are ``base - keys[k]`` less one card of rank ``burns[i]`` (-1: no card), with
    hidden combination c (see ``engine.split``). ``wpay[t, i]`` is node i's class
    weights dotted with the payoff of a player total t, so the pass accumulates one number per
    node instead of seven outcomes.
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
    for key in prange(keys.shape[0]):
        x = base - keys[key]
        ok = True
        tot = 0
        for r in range(10):
            if x[r] < 0:
                ok = False
            tot += x[r]
        if not ok:
            continue
        w = wpay[key_total[key]]
        inv = np.empty(kmax)
        for d in range(kmax):
            inv[d] = 1.0 / (tot - d) if tot - d > 0 else 0.0
        acc = np.zeros(nb)
        accb = np.zeros((10, nb))
        val = np.empty(t)
        val[0] = 1.0
        for i in range(1, t):
            a = x[rank[i]] - before[i]
            if a <= 0:
                val[i] = 0.0
                continue
            v = val[parent[i]] * a * inv[depth[i]]
            val[i] = v
            if is_class[i]:
                bi = binid[i]
                vw = v * w[i]
                acc[bi] += vw
                if any_burn:
                    for z in range(nz_ptr[i], nz_ptr[i + 1]):
                        accb[nz_rank[z], bi] += vw * nz_count[z]
        biny = np.empty(nb)
        fa = np.empty((jmax + 1, kmax + 1))
        fb = np.empty((umax + 1, kmax + 1))
        fc = np.empty((smax + 1, kmax + 1))
        for ib in range(burns.shape[0]):
            b = burns[ib]
            if b < 0:
                ny = tot
                for bi in range(nb):
                    biny[bi] = acc[bi]
            else:
                if x[b] < 1:
                    continue
                ny = tot - 1
                for bi in range(nb):
                    kk = bin_k[bi]
                    f = tot / (tot - kk) if tot - kk > 0 else 0.0
                    biny[bi] = f * (acc[bi] - accb[b, bi] / x[b])
            big_p = x[p] - (1 if b == p else 0)
            big_q = ny - big_p
            for xx in range(kmax + 1):
                fa[0, xx] = 1.0
                fb[0, xx] = 1.0
                fc[0, xx] = 1.0
                for j in range(1, jmax + 1):
                    y = big_p - xx - (j - 1)
                    fa[j, xx] = fa[j - 1, xx] * y if y > 0 else 0.0
                for u in range(1, umax + 1):
                    y = big_q - xx - (u - 1)
                    fb[u, xx] = fb[u - 1, xx] * y if y > 0 else 0.0
                ff = 1.0
                for s_ in range(1, smax + 1):
                    y = ny - xx - (s_ - 1)
                    ff = ff * y if y > 0 else 0.0
                    fc[s_, xx] = 1.0 / ff if ff > 0.0 else 0.0
            for c in range(nc):
                j = combo_j[c]
                u = combo_u[c]
                if j == 0 and u == 0:
                    e = 0.0
                    for bi in range(nb):
                        e += biny[bi]
                    out[key, ib, c] = e
                    continue
                norm = fa[j, 0] * fb[u, 0] * fc[j + u, 0]
                if norm == 0.0:
                    continue
                scale = 1.0 / norm
                e = 0.0
                for bi in range(nb):
                    kk = bin_k[bi]
                    mp = bin_mp[bi]
                    e += biny[bi] * fa[j, mp] * fb[u, kk - mp] * fc[j + u, kk]
                out[key, ib, c] = e * scale


def stand_evs_scalar(rules: Rules, up: int, base: np.ndarray, hands: np.ndarray, *,
                     payoff: np.ndarray, pair: int = 0, combos: HiddenCombos = NOTHING_HIDDEN,
                     burns: np.ndarray = ALL_BURNS, no_hole: int = -1) -> np.ndarray:
    """``engine.stand.stand_evs`` (the same arguments) through the scalar kernel, on the same
    dealer trie and bins."""
    table = hand_table()
    trie = dealer_trie(up, rules.hit_soft_17, rules.dealer_burn, no_hole)
    binid, bin_k, bin_mp = pair_bins(up, rules.hit_soft_17, pair, rules.dealer_burn, no_hole)
    out = np.zeros((len(hands), len(burns), len(combos.j)))
    stand_batch_scalar(base, table.counts[hands], np.minimum(table.total[hands], 21), pair,
                       combos.j, combos.u, trie.parent, trie.rank, trie.before, trie.depth,
                       payoff_weights(trie, payoff), trie.is_class, binid, bin_k, bin_mp,
                       trie.nz_ptr, trie.nz_rank, trie.nz_count, burns, out)
    return out
