"""dealer: the dealer's final-total distribution for an up card and the unseen cards.

The 21 Burn dealer takes two concealed cards, burns the highest of its three (ace = 11), and
draws to its two kept cards (H17 or S17); the rules may have it burn its lowest card
instead, or take one concealed card and burn none. Those rules are ``Rules.dealer_keeps`` and
``Rules.dealer_draws``; this module only counts what they deal. Every ordered card
sequence the dealer can take has a probability that depends only on the multiset of cards
taken:

    P(sequence) = prod_r ff(n_r, m_r) / ff(N, k)        (ff = falling factorial)

so the dealer is precomputed once per up card as a list of *classes*: taken multiset m -> number
of ordered sequences ending in each outcome. A shoe is then evaluated by one pass over a trie of
those multisets (each node = parent x one more card), which is the whole hot loop. Outcomes are
indexed 0..7 = 17, 18, 19, 20, 21, bust on 22, bust on 23, bust on 24 or more (22 and 23 are kept
apart so a "dealer 22 (or 23) pushes" rule is a payoff change, not a dealer change).

>>> from twentyone_burn.shoe import full_shoe
>>> d = dealer_distribution(Rules(), 5, full_shoe(6) - [0, 0, 0, 0, 0, 1, 0, 0, 0, 0])
>>> round(float(d.sum()), 12), len(d)
(1.0, 8)
"""

from __future__ import annotations

import contextlib
import contextvars
import functools
from collections.abc import Iterator
from dataclasses import dataclass, fields

import numpy as np

from ..rules import Rules
from ..shoe import INFINITE_PROBS, NRANKS, VALUES
from .compiled import kernel
from .disk import stored_arrays
from .threads import over_range

__all__ = ["NOUTCOMES", "OUTCOME_NAMES", "OUTCOME_TOTALS", "build_trie", "current_exposure",
           "dealer_classes", "dealer_distribution", "dealer_distributions", "dealer_trie",
           "DealerTrie", "exposed_concealed", "trie_outcomes"]

NOUTCOMES = 8
OUTCOME_NAMES = ("17", "18", "19", "20", "21", "22", "23", "bust24+")
#: final dealer total of each outcome index (22, 23 and 24 stand for busts; 24 for 24 to 26)
OUTCOME_TOTALS = np.array([17, 18, 19, 20, 21, 22, 23, 24], dtype=np.int64)


def _outcome(hard: int, ace: bool, rules: Rules) -> int:
    """Outcome index of a dealer hand, or -1 while the dealer must draw
    (:meth:`Rules.dealer_draws`)."""
    soft = ace and hard + 10 <= 21
    total = hard + 10 if soft else hard
    if total > 21:
        return min(total, 24) - 17
    if rules.dealer_draws(total, soft):
        return -1
    return total - 17


#: the dealer's concealed cards the player has seen (hole-card exposure), in the order dealt;
#: () = none, the ordinary game. Set only by :func:`exposed_concealed`.
_EXPOSED: contextvars.ContextVar[tuple[int, ...]] = contextvars.ContextVar("exposed",
                                                                          default=())


@contextlib.contextmanager
def exposed_concealed(seen: tuple[int, ...]) -> Iterator[None]:
    """Within this block every dealer trie of the engine (:func:`dealer_trie`, and so the
    stand, split and burn values built on it) is the dealer's *given* the concealed cards
    ``seen`` (ranks; one or both of 21 Burn's two, or the classic deal's hole card).

    The seen cards are not in the trie: the caller takes them out of the shoe (they are seen
    cards, like the up card), so every engine value is conditioned on them exactly. The
    dealer's burn is decided over the up card, the seen cards and the unseen one.

    >>> with exposed_concealed((9,)):            # a ten seen in the dealer's hand
    ...     t = dealer_trie(5, True)
    >>> t is dealer_trie(5, True), current_exposure()
    (False, ())
    """
    if not 0 <= len(seen) <= 2 or any(not 0 <= c < NRANKS for c in seen):
        raise ValueError(f"seen concealed cards are zero to two ranks 0..9, not {seen}")
    token = _EXPOSED.set(tuple(int(c) for c in seen))
    try:
        yield
    finally:
        _EXPOSED.reset(token)


def current_exposure() -> tuple[int, ...]:
    """The concealed cards :func:`exposed_concealed` has the engine condition on (() = none).

    >>> current_exposure()
    ()
    """
    return _EXPOSED.get()


def dealer_classes(up: int, hit_soft_17: bool, burn: str = "highest",
                   no_hole: int = -1, seen: tuple[int, ...] = ()
                   ) -> dict[tuple[int, ...], np.ndarray]:
    """Taken-card multiset -> ordered-sequence count of each outcome, for one up card.

    ``burn``: which card the dealer burns (``Rules.dealer_burn``: "highest", 21 Burn's;
    "lowest"); "none" gives the ordinary two-card dealer (one hole card, no burn), used to show
    the effect of the burn, by the classic mode and by the rule variant. ``no_hole``: leave out
    every sequence whose hole card has this rank (a dealer natural, with naturals on), so a
    shoe's pass gives the joint probabilities P(outcome and no dealer natural), which sum to
    P(no natural). A burning dealer: leave out every sequence whose first concealed card has
    this rank (hole-card exposure: the player knows that card is not of it). The dealer's
    burn and drawing rule are :meth:`Rules.dealer_keeps` and :meth:`Rules.dealer_draws` of
    the rules these two options make.

    ``seen``: concealed cards the player has seen (:func:`exposed_concealed`), given first, in
    the order dealt: the classes hold only the unseen concealed card(s) and the draws. When
    every concealed card is seen and the dealer stands on its kept cards, nothing is left to
    take; the stand is then spread over one look at the next card, a class per rank whose
    probabilities add to 1 (the trie's root carries no class).

    >>> cls = dealer_classes(9, True, burn="none")
    >>> int(cls[(0,) * 9 + (1,)][3])   # T up, T in the hole: one sequence, standing on 20
    1
    """
    # the dealer's rules: these two options, every other at its default (none is asked)
    rules = Rules(hit_soft_17=hit_soft_17, dealer_burn=burn)
    frontier: dict[tuple[int, bool, tuple[int, ...]], int] = {}
    burns = rules.dealer_burn != "none"
    concealed = 2 if burns else 1
    if len(seen) > concealed or (seen and no_hole >= 0):
        raise ValueError(f"this dealer has {concealed} concealed card(s); {seen} seen "
                         f"(and no hole card to exclude with one seen)")
    unseen_cards = concealed - len(seen)
    starts: list[tuple[int, ...]] = (
        [(c1, c2) for c1 in range(NRANKS) for c2 in range(NRANKS) if c1 != no_hole]
        if unseen_cards == 2
        else [(c,) for c in range(NRANKS) if c != no_hole] if unseen_cards == 1 else [()])
    for taken in starts:
        kept = rules.dealer_keeps(up, tuple(seen) + taken)
        held = [0] * NRANKS
        for c in taken:
            held[c] += 1
        key = (int(VALUES[kept[0]] + VALUES[kept[1]]), 0 in kept, tuple(held))
        frontier[key] = frontier.get(key, 0) + 1
    classes: dict[tuple[int, ...], np.ndarray] = {}
    while frontier:
        nxt: dict[tuple[int, bool, tuple[int, ...]], int] = {}
        for (hard, ace, m), w in frontier.items():
            o = _outcome(hard, ace, rules)
            if o >= 0 and not any(m):
                # every concealed card seen and no draw: one look at the next card (see above)
                for r in range(NRANKS):
                    look = tuple(int(r == x) for x in range(NRANKS))
                    classes.setdefault(look, np.zeros(NOUTCOMES, dtype=np.int64))[o] += w
                continue
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
    # each node's non-zero ranks in rank order (row-major nonzero keeps that order)
    rows, cols = np.nonzero(counts)
    nz_ptr = np.zeros(t + 1, dtype=np.int64)
    nz_ptr[1:] = np.cumsum(np.bincount(rows, minlength=t))
    nz_rank = cols.astype(np.int64)
    nz_count = counts[rows, cols].astype(np.int64)
    return DealerTrie(parent, rank, before, depth, weight, counts, int(counts.sum(axis=1).max()),
                      is_class, nz_ptr, nz_rank, nz_count)


def dealer_trie(up: int, hit_soft_17: bool, burn: str = "highest",
                no_hole: int = -1, seen: tuple[int, ...] | None = None) -> DealerTrie:
    """The cached trie of one up card (``burn``, ``no_hole``, ``seen``: see
    :func:`dealer_classes`; ``seen`` None: the concealed cards :func:`exposed_concealed` has
    the engine condition on, () outside it).

    >>> dealer_trie(9, True).max_cards > dealer_trie(9, True, seen=(9, 9)).max_cards
    True
    """
    return _dealer_trie(up, hit_soft_17, burn, no_hole,
                        current_exposure() if seen is None else tuple(seen))


@functools.cache
def _dealer_trie(up: int, hit_soft_17: bool, burn: str, no_hole: int,
                 seen: tuple[int, ...]) -> DealerTrie:
    def make() -> dict[str, np.ndarray]:
        t = build_trie(dealer_classes(up, hit_soft_17, burn, no_hole, seen))
        return {f.name: np.asarray(getattr(t, f.name)) for f in fields(DealerTrie)}

    # built in Python (about 7 ms an up card without a burn, 40 ms with one): kept on disk
    # (the name of an unexposed dealer's trie is what it was before exposure existed)
    shown = "" if not seen else "-seen" + "".join(str(c) for c in seen)
    stored = stored_arrays(f"trie-{up}-{'h17' if hit_soft_17 else 's17'}-{burn}-{no_hole}"
                           f"{shown}", make)
    return DealerTrie(**{f.name: stored[f.name] for f in fields(DealerTrie)
                         if f.name != "max_cards"}, max_cards=int(stored["max_cards"]))


@kernel(entry=True)
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
    # the eight outcomes in locals: the accumulation is this kernel's hot loop
    o0 = o1 = o2 = o3 = o4 = o5 = o6 = o7 = 0.0
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
        o7 += v * weight[i, 7]
    out[0] += o0
    out[1] += o1
    out[2] += o2
    out[3] += o3
    out[4] += o4
    out[5] += o5
    out[6] += o6
    out[7] += o7


@kernel(entry=True)
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


@kernel(entry=True, nogil=True)
def _dealer_batch(lo, hi, base, keys, parent, rank, before, depth, weight, out):
    """Row k of ``out``, for k in lo..hi-1: the distribution for unseen counts
    ``base - keys[k]``.

    Rows whose removal the base cannot supply are left at zero.
    """
    for k in range(lo, hi):
        n = base - keys[k]
        ok = True
        for r in range(n.shape[0]):
            if n[r] < 0:
                ok = False
        if ok:
            _trie_distribution(n, parent, rank, before, depth, weight, out[k])


def dealer_distribution(rules: Rules, up: int, unseen: np.ndarray | None = None,
                        burn: str | None = None, *,
                        seen: tuple[int, ...] | None = None) -> np.ndarray:
    """Probabilities of the 8 dealer outcomes given the up card and the unseen cards.

    ``unseen`` is the ten counts of cards the dealer may draw from (the shoe less every card
    seen); ignored for an infinite deck. ``burn``: another dealer's burn than the rules'
    (one of ``DEALER_BURN_CHOICES``; the report compares 21 Burn's dealer with "none").
    ``seen``: concealed cards the player has seen (ranks, in the order dealt; ``unseen`` must
    then be without them): the distribution given them (None: :func:`exposed_concealed`'s).

    >>> d = dealer_distribution(Rules(decks=None), 9)
    >>> round(float(d.sum()), 12)
    1.0
    """
    trie = dealer_trie(up, rules.hit_soft_17, rules.dealer_burn if burn is None else burn,
                       seen=seen)
    return trie_outcomes(trie, None if rules.infinite else unseen)


# -- typed wrappers: callers pass a trie and what varies, never the kernels' arrays ---------------
def trie_outcomes(trie: DealerTrie, unseen: np.ndarray | None) -> np.ndarray:
    """The 8 outcome probabilities of one up card's trie for the unseen counts (None: an
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
    over_range(lambda lo, hi: _dealer_batch(lo, hi, base, keys, trie.parent, trie.rank,
                                            trie.before, trie.depth, trie.weight, out),
               keys.shape[0])
    return out
