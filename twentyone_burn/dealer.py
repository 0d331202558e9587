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

from .rules import Rules
from .shoe import BURN_VALUES, INFINITE_PROBS, NRANKS, VALUES

NOUTCOMES = 7
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


def dealer_classes(up: int, hit_soft_17: bool, burn: bool = True) -> dict[tuple[int, ...], np.ndarray]:
    """Taken-card multiset -> ordered-sequence count of each outcome, for one up card.

    ``burn=False`` gives the ordinary two-card dealer (one hole card, no burn), used to show
    the effect of the burn and by the classic mode.

    >>> cls = dealer_classes(9, True, burn=False)
    >>> int(cls[(0,) * 9 + (1,)][3])   # T up, T in the hole: one sequence, standing on 20
    1
    """
    frontier: dict[tuple[int, bool, tuple[int, ...]], int] = {}
    starts = ([(c1, c2) for c1 in range(NRANKS) for c2 in range(NRANKS)] if burn
              else [(c,) for c in range(NRANKS)])
    for taken in starts:
        kept = kept_cards(up, taken) if burn else (up, taken[0])
        m = [0] * NRANKS
        for c in taken:
            m[c] += 1
        key = (int(VALUES[kept[0]] + VALUES[kept[1]]), 0 in kept, tuple(m))
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
                m2 = list(m)
                m2[r] += 1
                key = (hard + r + 1, ace or r == 0, tuple(m2))
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
    return DealerTrie(parent, rank, before, depth, weight, counts, int(counts.sum(axis=1).max()))


@functools.lru_cache(maxsize=None)
def dealer_trie(up: int, hit_soft_17: bool, burn: bool = True) -> DealerTrie:
    """The cached trie of one up card."""
    return build_trie(dealer_classes(up, hit_soft_17, burn))


@njit(cache=True)
def trie_distribution(n, parent, rank, before, depth, weight, out):
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
def trie_distribution_infinite(p, parent, rank, weight, out):
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
def dealer_batch(base, keys, parent, rank, before, depth, weight, out):
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
            trie_distribution(n, parent, rank, before, depth, weight, out[k])


@njit(cache=True)
def falling(x, m):
    """Falling factorial x (x-1) ... (x-m+1); zero when x < m."""
    if x < m:
        return 0.0
    v = 1.0
    for i in range(m):
        v *= x - i
    return v


@njit(parallel=True, cache=True)
def dealer_batch_hidden(base, keys, p, combo_j, combo_u, parent, rank, before, depth, weight,
                        counts, out):
    """Dealer distributions with hidden cards, for every (j, u) combination at once.

    ``out[k, c]`` is the distribution for unseen counts ``base - keys[k]`` when, in addition,
    ``combo_j[c]`` cards of rank ``p`` and ``combo_u[c]`` cards known only to be of another rank
    left the shoe unseen. By exchangeability the hidden cards may be taken as drawn *after* the
    dealer, so one trie pass, binned by (cards the dealer takes k, pair-rank cards among them
    mp), gives every combination: a class's probability is multiplied by

        ff(P - mp, j) ff(Q - (k - mp), u) ff(N, j + u) / (ff(N - k, j + u) ff(P, j) ff(Q, u))

    with P, Q, N the pair-rank, other and all unseen cards before the dealer draws.
    """
    nc = combo_j.shape[0]
    t = parent.shape[0]
    nout = weight.shape[1]
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
    for k in prange(keys.shape[0]):
        n = base - keys[k]
        ok = True
        tot = 0
        for r in range(n.shape[0]):
            if n[r] < 0:
                ok = False
            tot += n[r]
        if not ok:
            continue
        inv = np.empty(kmax)
        for d in range(kmax):
            inv[d] = 1.0 / (tot - d) if tot - d > 0 else 0.0
        nb = (kmax + 1) * (kmax + 1)
        bins = np.zeros((nb, nout))
        used = np.zeros(nb, dtype=np.bool_)
        val = np.empty(t)
        val[0] = 1.0
        for i in range(1, t):
            a = n[rank[i]] - before[i]
            if a <= 0:
                val[i] = 0.0
                continue
            v = val[parent[i]] * a * inv[depth[i]]
            val[i] = v
            bi = (depth[i] + 1) * (kmax + 1) + counts[i, p]
            for o in range(nout):
                bins[bi, o] += v * weight[i, o]
            used[bi] = True
        big_p = n[p]
        big_q = tot - big_p
        # factor tables: fa[j, mp] = ff(P - mp, j), fb[u, q] = ff(Q - q, u),
        # fc[s, kk] = 1 / ff(N - kk, s)
        fa = np.empty((jmax + 1, kmax + 1))
        fb = np.empty((umax + 1, kmax + 1))
        fc = np.empty((smax + 1, kmax + 1))
        for x in range(kmax + 1):
            fa[0, x] = 1.0
            fb[0, x] = 1.0
            fc[0, x] = 1.0
            for j in range(1, jmax + 1):
                y = big_p - x - (j - 1)
                fa[j, x] = fa[j - 1, x] * y if y > 0 else 0.0
            for u in range(1, umax + 1):
                y = big_q - x - (u - 1)
                fb[u, x] = fb[u - 1, x] * y if y > 0 else 0.0
            ff = 1.0
            for s in range(1, smax + 1):
                y = tot - x - (s - 1)
                ff = ff * y if y > 0 else 0.0
                fc[s, x] = 1.0 / ff if ff > 0.0 else 0.0
        for c in range(nc):
            j = combo_j[c]
            u = combo_u[c]
            norm = fa[j, 0] * fb[u, 0] * fc[j + u, 0]
            if norm == 0.0:
                continue
            scale = 1.0 / norm
            for bi in range(nb):
                if not used[bi]:
                    continue
                kk = bi // (kmax + 1)
                mp = bi - kk * (kmax + 1)
                g = fa[j, mp] * fb[u, kk - mp] * fc[j + u, kk] * scale
                if g == 0.0:
                    continue
                for o in range(nout):
                    out[k, c, o] += bins[bi, o] * g


def dealer_distribution(rules: Rules, up: int, unseen: np.ndarray | None = None,
                        burn: bool = True) -> np.ndarray:
    """Probabilities of the 7 dealer outcomes given the up card and the unseen cards.

    ``unseen`` is the ten counts of cards the dealer may draw from (the shoe less every card
    seen); ignored for an infinite deck.

    >>> d = dealer_distribution(Rules(decks=None), 9)
    >>> round(float(d.sum()), 12)
    1.0
    """
    trie = dealer_trie(up, rules.hit_soft_17, burn)
    out = np.zeros(NOUTCOMES)
    if rules.infinite:
        trie_distribution_infinite(INFINITE_PROBS, trie.parent, trie.rank, trie.weight, out)
    else:
        n = np.asarray(unseen, dtype=np.int64)
        trie_distribution(n, trie.parent, trie.rank, trie.before, trie.depth, trie.weight, out)
    return out
