"""dealer: the dealer's final-total distribution for an up card and the unseen cards.

The 21 Burn dealer takes two concealed cards, burns the highest of its three (ace = 11), and
draws to its two kept cards (H17 or S17). Every ordered card sequence the dealer can take has a
probability that depends only on the multiset of cards taken:

    P(sequence) = prod_r ff(n_r, m_r) / ff(N, k)        (ff = falling factorial)

so the dealer is precomputed once per up card as a list of *classes*: taken multiset m -> number
of ordered sequences ending in each outcome. A shoe is then evaluated by one pass over a trie of
those multisets (each node = parent x one more card), which is the whole hot loop. Outcomes are
indexed 0..6 = 17, 18, 19, 20, 21, bust on 22, bust on 23 or more (22 is kept apart so a "dealer
22 pushes" rule is a payoff change, not a dealer change).

>>> from twentyone_burn.shoe import full_shoe
>>> d = dealer_distribution(Rules(), 5, full_shoe(6) - [0, 0, 0, 0, 0, 1, 0, 0, 0, 0])
>>> round(float(d.sum()), 12), len(d)
(1.0, 7)
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

import numpy as np
from numba import njit, prange

from ..rules import Rules
from ..shoe import BURN_VALUES, INFINITE_PROBS, NRANKS, VALUES
from ..tables import hand_table

__all__ = ["ALL_BURNS", "NOUTCOMES", "OUTCOME_NAMES", "OUTCOME_TOTALS", "build_trie",
           "dealer_classes", "dealer_distribution", "dealer_distributions", "dealer_trie",
           "DealerTrie", "kept_cards", "pair_bins", "payoff_weights", "stand_evs", "trie_outcomes"]

NOUTCOMES = 7
#: every rank as the burned card, for :func:`stand_evs`
ALL_BURNS = np.arange(10, dtype=np.int64)
OUTCOME_NAMES = ("17", "18", "19", "20", "21", "22", "bust23+")
#: final dealer total of each outcome index (22 and 23 stand for busts)
OUTCOME_TOTALS = np.array([17, 18, 19, 20, 21, 22, 23], dtype=np.int64)


def kept_cards(up: int, concealed: tuple[int, int]) -> tuple[int, int]:
    """The dealer's two kept cards: the three less one card of the highest burn value.

    Ties do not matter: equal burn values are equal blackjack values.

    >>> kept_cards(9, (0, 4))   # up T, concealed A and 5: the ace is burned
    (9, 4)
    """
    three = [up, concealed[0], concealed[1]]
    burn = max(range(3), key=lambda i: BURN_VALUES[three[i]])
    rest = [c for i, c in enumerate(three) if i != burn]
    return rest[0], rest[1]


def _outcome(hard: int, ace: bool, hit_soft_17: bool) -> int:
    """Outcome index of a dealer hand, or -1 while the dealer must draw."""
    soft = ace and hard + 10 <= 21
    total = hard + 10 if soft else hard
    if total > 21:
        return 5 if total == 22 else 6
    if total < 17 or (total == 17 and soft and hit_soft_17):
        return -1
    return total - 17


def dealer_classes(up: int, hit_soft_17: bool, burn: bool = True,
                   no_hole: int = -1) -> dict[tuple[int, ...], np.ndarray]:
    """Taken-card multiset -> ordered-sequence count of each outcome, for one up card.

    ``burn=False`` gives the ordinary two-card dealer (one hole card, no burn), used to show
    the effect of the burn and by the classic mode. ``no_hole``: leave out every sequence whose
    hole card has this rank (a dealer natural, with naturals on), so a shoe's pass gives the
    joint probabilities P(outcome and no dealer natural), which sum to P(no natural).

    >>> cls = dealer_classes(9, True, burn=False)
    >>> int(cls[(0,) * 9 + (1,)][3])   # T up, T in the hole: one sequence, standing on 20
    1
    """
    frontier: dict[tuple[int, bool, tuple[int, ...]], int] = {}
    if burn and no_hole >= 0:
        raise ValueError("a burning dealer has no hole card to exclude")
    starts: list[tuple[int, ...]] = (
        [(c1, c2) for c1 in range(NRANKS) for c2 in range(NRANKS)] if burn
        else [(c,) for c in range(NRANKS) if c != no_hole])
    for taken in starts:
        kept = kept_cards(up, (taken[0], taken[1])) if burn else (up, taken[0])
        held = [0] * NRANKS
        for c in taken:
            held[c] += 1
        key = (int(VALUES[kept[0]] + VALUES[kept[1]]), 0 in kept, tuple(held))
        frontier[key] = frontier.get(key, 0) + 1
    classes: dict[tuple[int, ...], np.ndarray] = {}
    while frontier:
        nxt: dict[tuple[int, bool, tuple[int, ...]], int] = {}
        for (hard, ace, m), w in frontier.items():
            o = _outcome(hard, ace, hit_soft_17)
            if o >= 0:
                classes.setdefault(m, np.zeros(NOUTCOMES, dtype=np.int64))[o] += w
                continue
            for r in range(NRANKS):
                grown = list(m)
                grown[r] += 1
                key = (hard + r + 1, ace or r == 0, tuple(grown))
                nxt[key] = nxt.get(key, 0) + w
        frontier = nxt
    return classes


@dataclass(frozen=True)
class DealerTrie:
    """The classes of one up card as a trie in parent-first order (arrays for the kernel).

    Node i adds one card of rank ``rank[i]`` to node ``parent[i]``; ``before[i]`` is how many
    of that rank the parent already holds and ``depth[i]`` how many cards the parent holds.
    ``weight[i]`` is the class's ordered-sequence count per outcome (zero for inner nodes);
    ``counts[i]`` the node's multiset (for conditioning on hidden cards of one rank).
    """

    parent: np.ndarray
    rank: np.ndarray
    before: np.ndarray
    depth: np.ndarray
    weight: np.ndarray
    counts: np.ndarray
    max_cards: int
    is_class: np.ndarray
    nz_ptr: np.ndarray
    nz_rank: np.ndarray
    nz_count: np.ndarray


def build_trie(classes: dict[tuple[int, ...], np.ndarray]) -> DealerTrie:
    """Arrange class multisets as a trie; a multiset's parent drops one of its highest rank."""
    nodes: dict[tuple[int, ...], int] = {(0,) * NRANKS: 0}
    order: list[tuple[int, ...]] = [(0,) * NRANKS]

    def add(m: tuple[int, ...]) -> int:
        if m in nodes:
            return nodes[m]
        top = max(r for r in range(NRANKS) if m[r])
        parent = list(m)
        parent[top] -= 1
        add(tuple(parent))
        nodes[m] = len(order)
        order.append(m)
        return nodes[m]

    for m in sorted(classes, key=sum):
        add(m)
    t = len(order)
    parent = np.zeros(t, dtype=np.int64)
    rank = np.zeros(t, dtype=np.int64)
    before = np.zeros(t, dtype=np.int64)
    depth = np.zeros(t, dtype=np.int64)
    weight = np.zeros((t, NOUTCOMES), dtype=np.float64)
    counts = np.zeros((t, NRANKS), dtype=np.int64)
    for i, m in enumerate(order):
        counts[i] = m
        if i == 0:
            continue
        top = max(r for r in range(NRANKS) if m[r])
        p = list(m)
        p[top] -= 1
        parent[i] = nodes[tuple(p)]
        rank[i] = top
        before[i] = p[top]
        depth[i] = sum(p)
        if m in classes:
            weight[i] = classes[m]
    is_class = weight.sum(axis=1) > 0
    nz_ptr = np.zeros(t + 1, dtype=np.int64)
    nz_rank_l: list[int] = []
    nz_count_l: list[int] = []
    for i in range(t):
        for r in range(NRANKS):
            if counts[i, r]:
                nz_rank_l.append(r)
                nz_count_l.append(int(counts[i, r]))
        nz_ptr[i + 1] = len(nz_rank_l)
    return DealerTrie(parent, rank, before, depth, weight, counts, int(counts.sum(axis=1).max()),
                      is_class, nz_ptr, np.array(nz_rank_l, dtype=np.int64),
                      np.array(nz_count_l, dtype=np.int64))


@functools.cache
def pair_bins(up: int, hit_soft_17: bool, pair: int, burn: bool = True,
              no_hole: int = -1) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Bins of the classes by (cards taken k, cards of rank ``pair`` among them).

    Returns (bin of each node, -1 for inner nodes; k of each bin; pair count of each bin).
    """
    trie = dealer_trie(up, hit_soft_17, burn, no_hole)
    keys: dict[tuple[int, int], int] = {}
    binid = np.full(trie.parent.shape[0], -1, dtype=np.int64)
    for i in np.nonzero(trie.is_class)[0]:
        key = (int(trie.counts[i].sum()), int(trie.counts[i, pair]))
        binid[i] = keys.setdefault(key, len(keys))
    bk = np.array([k for k, _ in keys], dtype=np.int64)
    bm = np.array([m for _, m in keys], dtype=np.int64)
    return binid, bk, bm


@functools.cache
def dealer_trie(up: int, hit_soft_17: bool, burn: bool = True, no_hole: int = -1) -> DealerTrie:
    """The cached trie of one up card (``no_hole``: see :func:`dealer_classes`)."""
    return build_trie(dealer_classes(up, hit_soft_17, burn, no_hole))


@njit(cache=True)
def _trie_distribution(n, parent, rank, before, depth, weight, out):
    """Add the outcome distribution for unseen counts ``n`` into ``out`` (finite shoe).

    Each node's probability is its parent's times the chance of one more card of its rank.
    """
    total = 0
    for r in range(n.shape[0]):
        total += n[r]
    maxd = 0
    for i in range(depth.shape[0]):
        if depth[i] > maxd:
            maxd = depth[i]
    inv = np.empty(maxd + 1)
    for k in range(maxd + 1):
        inv[k] = 1.0 / (total - k) if total - k > 0 else 0.0
    t = parent.shape[0]
    val = np.empty(t)
    val[0] = 1.0
    # seven outcomes in locals: the accumulation is the hot loop of the whole engine
    o0 = o1 = o2 = o3 = o4 = o5 = o6 = 0.0
    for i in range(1, t):
        a = n[rank[i]] - before[i]
        if a <= 0:
            val[i] = 0.0
            continue
        v = val[parent[i]] * a * inv[depth[i]]
        val[i] = v
        o0 += v * weight[i, 0]
        o1 += v * weight[i, 1]
        o2 += v * weight[i, 2]
        o3 += v * weight[i, 3]
        o4 += v * weight[i, 4]
        o5 += v * weight[i, 5]
        o6 += v * weight[i, 6]
    out[0] += o0
    out[1] += o1
    out[2] += o2
    out[3] += o3
    out[4] += o4
    out[5] += o5
    out[6] += o6


@njit(cache=True)
def _trie_distribution_infinite(p, parent, rank, weight, out):
    """Add the outcome distribution for an infinite deck with rank probabilities ``p``."""
    t = parent.shape[0]
    val = np.empty(t)
    val[0] = 1.0
    nout = out.shape[0]
    for i in range(1, t):
        v = val[parent[i]] * p[rank[i]]
        val[i] = v
        for o in range(nout):
            out[o] += v * weight[i, o]


@njit(parallel=True, cache=True)
def _dealer_batch(base, keys, parent, rank, before, depth, weight, out):
    """Row k of ``out``: the distribution for unseen counts ``base - keys[k]`` (both cores).

    Rows whose removal the base cannot supply are left at zero.
    """
    for k in prange(keys.shape[0]):
        n = base - keys[k]
        ok = True
        for r in range(n.shape[0]):
            if n[r] < 0:
                ok = False
        if ok:
            _trie_distribution(n, parent, rank, before, depth, weight, out[k])


@njit(parallel=True, cache=True)
def _stand_batch(base, keys, key_total, p, combo_j, combo_u, parent, rank, before, depth,
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


def payoff_weights(trie: DealerTrie, payoff: np.ndarray) -> np.ndarray:
    """wpay[t, i]: node i's class weights dotted with the payoff of player total t (0..21).

    Cached on the trie and the payoff table's bytes (the same few are asked for many times).
    """
    key = (id(trie), payoff.tobytes())
    hit = _PAYOFF_WEIGHTS.get(key)
    if hit is None:
        hit = np.ascontiguousarray(payoff @ trie.weight.T)
        _PAYOFF_WEIGHTS[key] = hit
    return hit


_PAYOFF_WEIGHTS: dict[tuple[int, bytes], np.ndarray] = {}


def dealer_distribution(rules: Rules, up: int, unseen: np.ndarray | None = None,
                        burn: bool | None = None) -> np.ndarray:
    """Probabilities of the 7 dealer outcomes given the up card and the unseen cards.

    ``unseen`` is the ten counts of cards the dealer may draw from (the shoe less every card
    seen); ignored for an infinite deck.

    >>> d = dealer_distribution(Rules(decks=None), 9)
    >>> round(float(d.sum()), 12)
    1.0
    """
    trie = dealer_trie(up, rules.hit_soft_17, rules.dealer_burn if burn is None else burn)
    return trie_outcomes(trie, None if rules.infinite else unseen)


# -- typed wrappers: callers pass a trie and what varies, never the kernels' arrays ---------------
def trie_outcomes(trie: DealerTrie, unseen: np.ndarray | None) -> np.ndarray:
    """The 7 outcome probabilities of one up card's trie for the unseen counts (None: an
    infinite deck).

    >>> round(float(trie_outcomes(dealer_trie(9, True), None).sum()), 12)
    1.0
    """
    out = np.zeros(NOUTCOMES)
    if unseen is None:
        _trie_distribution_infinite(INFINITE_PROBS, trie.parent, trie.rank, trie.weight, out)
    else:
        _trie_distribution(np.asarray(unseen, dtype=np.int64), trie.parent, trie.rank,
                           trie.before, trie.depth, trie.weight, out)
    return out


def dealer_distributions(trie: DealerTrie, base: np.ndarray, keys: np.ndarray) -> np.ndarray:
    """Row k: the outcome distribution for unseen counts ``base - keys[k]`` (both cores; rows
    the base cannot supply stay zero)."""
    out = np.zeros((keys.shape[0], NOUTCOMES))
    _dealer_batch(base, keys, trie.parent, trie.rank, trie.before, trie.depth, trie.weight, out)
    return out


def stand_evs(trie: DealerTrie, bins: tuple[np.ndarray, np.ndarray, np.ndarray],
              base: np.ndarray, hands: np.ndarray, pair: int,
              combos: tuple[np.ndarray, np.ndarray], payoff: np.ndarray,
              burns: np.ndarray) -> np.ndarray:
    """out[k, i, c]: the stand EV of hand ``hands[k]`` (hand-table indices) for burned rank
    ``burns[i]`` (-1: none) and hidden combination c, unseen cards ``base`` less the hand and
    the burned card; ``bins`` is :func:`pair_bins` of the trie and ``pair`` (see
    :func:`_stand_batch`)."""
    table = hand_table()
    binid, bin_k, bin_mp = bins
    out = np.zeros((len(hands), len(burns), len(combos[0])))
    _stand_batch(base, table.counts[hands], np.minimum(table.total[hands], 21), pair, combos[0],
                 combos[1], trie.parent, trie.rank, trie.before, trie.depth,
                 payoff_weights(trie, payoff), trie.is_class, binid, bin_k, bin_mp, trie.nz_ptr,
                 trie.nz_rank, trie.nz_count, burns, out)
    return out
