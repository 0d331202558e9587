"""player: stand / hit / double EVs of one hand, composition-dependent, for every hand at once.

Hands are rank multisets. Every multiset with a hard total of 21 or less is enumerated once
(3,082 of them) into a :class:`HandTable`; a hand's successor on drawing rank r is a table
lookup, and hands are processed in decreasing hard total so that every successor's value is
known before it is needed (a successor always has a higher hard total).

The unseen cards for a hand H are ``base - H`` where ``base`` is the shoe less every card seen
that is not in H (the up card, the burned card, ...). Draws may also be conditioned on *hidden*
cards (used by splits): ``j`` cards of the pair rank and ``u`` cards known only not to be of the
pair rank, gone from the shoe before H's cards were dealt (:mod:`.split` shows why). With j = u = 0
the draw probabilities are the plain ``n_r / N``.

>>> t = hand_table()
>>> len(t.index), int(t.hard[t.index[(0, 0, 0, 0, 0, 0, 0, 0, 0, 2)]])
(3082, 20)
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import NamedTuple

import numpy as np

from ..rules import Rules
from ..shoe import INFINITE_PROBS
from ..tables import DOUBLE, HIT, NOTHING_HIDDEN, STAND, HiddenCombos, hand_table
from .compiled import kernel
from .dealer import NOUTCOMES, OUTCOME_TOTALS

__all__ = ["MONEY", "NCELLS", "cell_of_hands", "choose", "draw_probs", "HandValues",
           "natural_probs", "no_natural", "payoff_table", "play_hands", "play_hands_lanes",
           "reach_cell_sums", "Valuation"]

#: (stand multiplier, double multiplier, bust result) of a money valuation: a double stakes
#: twice the wager; a bust loses the wager whatever the dealer does (``Rules.payoff``)
MONEY = np.array([1.0, 2.0, -1.0])


@dataclass(frozen=True, eq=False)
class Valuation:
    """What a fixed strategy's recursion adds up: a payoff table (player total x dealer
    outcome), and scale = (stand multiplier, double multiplier, bust result). Money is the
    rules' payoff with (1, 2, -1); an indicator payoff with (1, 0, 0) counts undoubled events.
    """

    payoff: np.ndarray
    scale: np.ndarray


def payoff_table(rules: Rules) -> np.ndarray:
    """Net result of a standing unit wager: rows = player total 0..21, columns = dealer outcome
    (:meth:`Rules.payoff` of each pair of totals).

    >>> p = payoff_table(Rules())
    >>> float(p[20, 3]), float(p[20, 4]), float(p[12, 5])   # 20 v 20, 20 v 21, 12 v dealer 22
    (0.0, -1.0, 1.0)
    >>> p = payoff_table(Rules(dealer_bust_push=23, ties_lose_from=20))
    >>> float(p[12, 6]), float(p[12, 7]), float(p[19, 2]), float(p[20, 3])
    (0.0, 1.0, 0.0, -1.0)
    """
    pay = np.zeros((22, NOUTCOMES))
    for pt in range(22):
        for o, dt in enumerate(OUTCOME_TOTALS):
            pay[pt, o] = rules.payoff(pt, int(dt))
    return pay


@kernel()
def draw_probs(n, p, j, u, infinite, inf_probs, out):
    """Probabilities of the next card given unseen counts ``n`` and hidden cards.

    Hidden: ``j`` cards of rank ``p`` and ``u`` cards known not to be rank ``p`` have left the
    shoe, unseen by this hand (their exact ranks averaged out). Returns False if impossible.
    """
    if infinite:
        for r in range(10):
            out[r] = inf_probs[r]
        return True
    total = 0
    for r in range(10):
        total += n[r]
    avail = total - j - u
    if avail <= 0:
        return False
    if j == 0 and u == 0:
        for r in range(10):
            out[r] = n[r] / total
        return True
    q = total - n[p]
    if n[p] - j < 0 or q - u < 0:
        return False
    for r in range(10):
        if r == p:
            out[r] = (n[r] - j) / avail
        else:
            out[r] = n[r] * (q - u) / (q * avail) if q > 0 else 0.0
    return True


@kernel()
def no_natural(n, drawn, hole, p, j, u, infinite, inf_probs):
    """P(the dealer's hole card is not of rank ``hole``) given unseen counts ``n`` less one
    card of rank ``drawn`` (-1: none) and the hidden cards of :func:`draw_probs`; 1 if
    ``hole`` < 0 (no natural to check for).

    The hole card is exchangeable with the next card this hand would draw, so it has the
    same distribution as that card: this is ``1 - draw_probs(...)[hole]`` for the unseen
    cards less ``drawn``, written out for one rank because it runs in the hot loop on every
    bust (a test checks the two agree).
    """
    if hole < 0:
        return 1.0
    if infinite:
        return 1.0 - inf_probs[hole]
    total = -1 if drawn >= 0 else 0
    for r in range(10):
        total += n[r]
    nh = n[hole] - (1 if drawn == hole else 0)
    avail = total - j - u
    if avail <= 0:
        return 0.0
    if j == 0 and u == 0:
        return 1.0 - nh / total
    if hole == p:
        return 1.0 - (nh - j) / avail
    q = total - n[p] + (1 if drawn == p else 0)
    return 1.0 - nh * (q - u) / (q * avail) if q > 0 else 1.0


@kernel(entry=True)
def _natural_probs(base, keys, hole, p, combo_j, combo_u, infinite, inf_probs, out):
    """out[k, c]: P(the hole card is of rank ``hole``) for unseen cards ``base - keys[k]``
    with hidden combination c (see :func:`draw_probs`)."""
    for k in range(keys.shape[0]):
        n = base - keys[k]
        for c in range(combo_j.shape[0]):
            out[k, c] = 1.0 - no_natural(n, -1, hole, p, combo_j[c], combo_u[c], infinite,
                                         inf_probs)


@kernel(entry=True)
def _play_hands(base, counts, total, ncards, child, order, stand, p, j, u, infinite,
               inf_probs, two_card_double, forced, scale, hole, stand_out, hit_out, double_out,
               value_out, feasible_out):
    """Stand, hit and double EVs of every hand, composition-dependent.

    ``stand[h]`` is given (from the dealer); ``two_card_double[h]`` says whether a two-card hand
    may double. ``forced[h]`` is the action a fixed strategy takes (STAND, HIT, DOUBLE) or -1
    for the best one: value = max(stand, hit), or the forced action's EV, is what a hand is
    worth as the continuation of a hit. A forced double where doubling is not allowed hits.
    ``scale`` = (stand multiplier, double multiplier, bust result): (1, 2, -1) for money;
    other values count events (e.g. (1, 0, 0) with a win-indicator payoff: undoubled wins).
    A hand whose cards the base does not hold is marked infeasible and left at zero.

    ``hole`` >= 0 (a dealer that peeks for a natural, hole card of that rank): every value is
    *unnormalised*, E[result x 1{no dealer natural}], which adds over draws with the plain
    draw probabilities and ranks actions as the conditional EVs do. ``stand`` must then be
    unnormalised too, and a bust is worth the bust result times P(no natural) after the
    busting card. ``hole`` = -1: plain values.
    """
    n = np.empty(10, dtype=np.int64)
    probs = np.empty(10)
    for k in range(order.shape[0]):
        h = order[k]
        ok = True
        for r in range(10):
            n[r] = base[r] - counts[h, r]
            if n[r] < 0:
                ok = False
        if infinite:
            ok = True
        if ok:
            ok = draw_probs(n, p, j, u, infinite, inf_probs, probs)
        feasible_out[h] = ok
        if not ok:
            stand_out[h] = 0.0
            hit_out[h] = 0.0
            double_out[h] = 0.0
            value_out[h] = 0.0
            continue
        st = scale[0] * stand[h]
        hv = 0.0
        dv = 0.0
        for r in range(10):
            pr = probs[r]
            if pr == 0.0:
                continue
            c = child[h, r]
            if c < 0:
                nb = no_natural(n, r, hole, p, j, u, infinite, inf_probs)
                hv += pr * scale[0] * scale[2] * nb
                dv += pr * scale[2] * nb
            else:
                hv += pr * value_out[c]
                dv += pr * stand[c]
        stand_out[h] = st
        hit_out[h] = hv
        double_out[h] = scale[1] * dv if two_card_double[h] else -np.inf
        f = forced[h]
        if f < 0:
            value_out[h] = st if st >= hv else hv
        elif f == 0:
            value_out[h] = st
        elif f == 2 and two_card_double[h]:
            value_out[h] = scale[1] * dv
        else:
            value_out[h] = hv


@kernel(error_model="numpy")
def _play_hands_lanes(base, counts, total, ncards, child, order, stand, p, combo_j, combo_u,
                      infinite, inf_probs, two_card_double, forced, scale, hole, stand_out,
                      hit_out, double_out, value_out, feasible_out, probs):
    """:func:`_play_hands` for every hidden combination c at once (one lane per combination).

    Arrays are [hand, c]: ``stand``, ``forced`` and the outputs; ``probs`` is scratch space
    [rank, c]. A hand's successors are looked up once for all lanes, and each lane does the
    arithmetic of :func:`_play_hands` in the same order, so the values agree bit for bit
    (tests/engine/test_player.py). Terms with a zero draw probability are added as
    0 x value instead of skipped: every value is finite, so that changes no sum.
    """
    nc = combo_j.shape[0]
    n = np.empty(10, dtype=np.int64)
    ok = np.empty(nc, dtype=np.bool_)
    hv = np.empty(nc)
    dv = np.empty(nc)
    # draw_probs per lane as numerator / denominator integers, divided in vector form
    fac = np.empty(nc, dtype=np.int64)
    den_o = np.empty(nc, dtype=np.int64)
    num_p = np.empty(nc, dtype=np.int64)
    den_p = np.empty(nc, dtype=np.int64)
    for k in range(order.shape[0]):
        h = order[k]
        held = True
        total = 0
        for r in range(10):
            n[r] = base[r] - counts[h, r]
            if n[r] < 0:
                held = False
            total += n[r]
        q = total - n[p]
        for c in range(nc):
            j = combo_j[c]
            u = combo_u[c]
            avail = total - j - u
            plain = j == 0 and u == 0
            ok[c] = infinite or (held and avail > 0 and
                                 (plain or (n[p] - j >= 0 and q - u >= 0)))
            fac[c] = 1 if plain else q - u
            den_o[c] = total if plain else q * avail
            num_p[c] = n[p] if plain else n[p] - j
            den_p[c] = total if plain else avail
            hv[c] = 0.0
            dv[c] = 0.0
        for r in range(10):
            if infinite:
                for c in range(nc):
                    probs[r, c] = inf_probs[r]
            elif r == p:
                for c in range(nc):
                    d = den_p[c] if den_p[c] > 0 else 1
                    x = float(num_p[c]) / float(d)
                    probs[r, c] = x if ok[c] and den_p[c] > 0 else 0.0
            else:
                nr = n[r]
                for c in range(nc):
                    d = den_o[c] if den_o[c] > 0 else 1
                    x = float(nr * fac[c]) / float(d)
                    probs[r, c] = x if ok[c] and den_o[c] > 0 else 0.0
        for r in range(10):
            ch = child[h, r]
            if ch < 0 and hole < 0:
                # no natural to check for: no_natural is 1 (and 0-probability terms add 0)
                for c in range(nc):
                    pr = probs[r, c]
                    hv[c] += pr * scale[0] * scale[2]
                    dv[c] += pr * scale[2]
            elif ch < 0:
                for c in range(nc):
                    pr = probs[r, c]
                    if pr == 0.0:
                        continue
                    nb = no_natural(n, r, hole, p, combo_j[c], combo_u[c], infinite, inf_probs)
                    hv[c] += pr * scale[0] * scale[2] * nb
                    dv[c] += pr * scale[2] * nb
            else:
                for c in range(nc):
                    pr = probs[r, c]
                    hv[c] += pr * value_out[ch, c]
                    dv[c] += pr * stand[ch, c]
        two = two_card_double[h]
        for c in range(nc):
            feasible_out[h, c] = ok[c]
            if not ok[c]:
                stand_out[h, c] = 0.0
                hit_out[h, c] = 0.0
                double_out[h, c] = 0.0
                value_out[h, c] = 0.0
                continue
            st = scale[0] * stand[h, c]
            stand_out[h, c] = st
            hit_out[h, c] = hv[c]
            double_out[h, c] = scale[1] * dv[c] if two else -np.inf
            f = forced[h, c]
            if f < 0:
                value_out[h, c] = st if st >= hv[c] else hv[c]
            elif f == 0:
                value_out[h, c] = st
            elif f == 2 and two:
                value_out[h, c] = scale[1] * dv[c]
            else:
                value_out[h, c] = hv[c]


@kernel(entry=True, nogil=True)
def _split_hand_values(lo, hi, base_p, counts, total, ncards, child, order, stand, burns, pair,
                       combo_j, combo_u, infinite, inf_probs, can_double, forced, scale, hole,
                       one_card, two_idx, ev_out, act_out, actions):
    """Best EV and first action of each split hand (pair, t), for the burned ranks
    ``burns[lo:hi]`` (-1: none) and every hidden combination.

    ``stand[i, h, c]``: stand EV of hand h for burned rank ``burns[i]`` under combination c
    (the combinations are the lanes of :func:`_play_hands_lanes`). It lives here, beside
    the kernel it calls, because numba's cache of a function is not invalidated when a
    kernel it calls in another file changes.
    Ties go to stand, then hit, then double (the same order as unsplit hands).
    ``forced[i, h, c]``: a fixed strategy's action, or -1 for the best. ``actions[i, c, h]``
    receives the action of every hand in ``order`` (double only on two-card hands).
    ``hole``: see :func:`~twentyone_burn.engine.player.play_hands` (-1: plain values).
    """
    nh = counts.shape[0]
    nc = combo_j.shape[0]
    for i in range(lo, hi):
        base = base_p.copy()
        if burns[i] >= 0:
            base[burns[i]] -= 1
        st = np.zeros((nh, nc))
        hi = np.zeros((nh, nc))
        db = np.zeros((nh, nc))
        va = np.zeros((nh, nc))
        feas = np.zeros((nh, nc), dtype=np.bool_)
        probs = np.empty((10, nc))
        _play_hands_lanes(base, counts, total, ncards, child, order, stand[i], pair, combo_j,
                          combo_u, infinite, inf_probs, can_double, forced[i], scale, hole,
                          st, hi, db, va, feas, probs)
        for c in range(nc):
            for k in range(order.shape[0]):
                h = order[k]
                a = 0
                if not (one_card and ncards[h] == 2):
                    f = forced[i, h, c]
                    if f >= 0:
                        a = f
                        if a == 2 and not (ncards[h] == 2 and can_double[h]):
                            a = 1
                    else:
                        best = st[h, c]
                        if hi[h, c] > best:
                            best = hi[h, c]
                            a = 1
                        if ncards[h] == 2 and db[h, c] > best:
                            a = 2
                actions[i, c, h] = a
            for t in range(10):
                h = two_idx[t]
                act = actions[i, c, h]
                ev_out[i, c, t] = st[h, c] if act == 0 else (hi[h, c] if act == 1 else db[h, c])
                act_out[i, c, t] = act


def choose(st: float, hi: float, db: float, forced: int) -> tuple[float, int]:
    """EV and action of a two-card hand: the forced action, or the best (ties: stand, hit,
    double). ``db`` is -inf where doubling is not allowed; a forced double then hits.

    >>> choose(0.1, 0.2, -np.inf, -1), choose(0.1, 0.2, 0.3, STAND)
    ((0.2, 1), (0.1, 0))
    """
    if forced == STAND:
        return st, STAND
    if forced == HIT or (forced == DOUBLE and not np.isfinite(db)):
        return hi, HIT
    if forced == DOUBLE:
        return db, DOUBLE
    best, act = st, STAND
    if hi > best:
        best, act = hi, HIT
    if db > best:
        best, act = db, DOUBLE
    return best, act


#: chart cells: hard totals 4..21 are cells 0..17, soft totals 12..21 are cells 18..27
NCELLS = 28


@functools.lru_cache(maxsize=1)
def cell_of_hands() -> np.ndarray:
    """The chart cell (hard or soft total) of every hand in the table (cached: do not
    modify the array)."""
    t = hand_table()
    return np.where(t.soft == 1, 18 + t.total - 12, t.hard - 4).astype(np.int64)


@kernel(entry=True)
def _reach_cell_sums(base, counts, ncards, child, order, st, hi, db, feasible, p, j, u,
                    infinite, inf_probs, can_double, forced, start, cell_of, skip_two, reach,
                    out):
    """Add each chart cell's reach-weighted EV of every letter H, S, D, Ds into ``out``.

    ``st, hi, db``: the hands' stand / hit / double EVs with the chart's continuation;
    ``forced[h]``: the chart's action; ``start[h]``: the weight of starting at two-card hand h.
    Hands are reached forward (increasing hard total) by the chart's hits; a hand reached with
    weight w adds w x EV(letter) to its cell. ``skip_two``: two-card hands take no decision
    (split aces that get one card).
    """
    probs = np.empty(10)
    n = np.empty(10, dtype=np.int64)
    for k in range(order.shape[0]):
        reach[order[k]] = start[order[k]]
    for k in range(order.shape[0] - 1, -1, -1):
        h = order[k]
        w = reach[h]
        if w == 0.0 or not feasible[h]:
            continue
        if skip_two and ncards[h] == 2:
            continue
        two = ncards[h] == 2 and can_double[h]
        cell = cell_of[h]
        out[cell, 0] += w * hi[h]
        out[cell, 1] += w * st[h]
        out[cell, 2] += w * (db[h] if two else hi[h])
        out[cell, 3] += w * (db[h] if two else st[h])
        f = forced[h]
        if f == 1 or (f == 2 and not two):
            for r in range(10):
                n[r] = base[r] - counts[h, r]
            if draw_probs(n, p, j, u, infinite, inf_probs, probs):
                for r in range(10):
                    c = child[h, r]
                    if c >= 0 and probs[r] > 0.0:
                        reach[c] += w * probs[r]


# -- typed wrappers: callers pass what varies, never the kernels' twenty arrays ------------------


class HandValues(NamedTuple):
    """Per hand of the table: stand, hit and double EVs, the value as a continuation, and
    whether the unseen cards can hold the hand (see :func:`play_hands`)."""

    stand: np.ndarray
    hit: np.ndarray
    double: np.ndarray
    value: np.ndarray
    feasible: np.ndarray

    @classmethod
    def empty(cls) -> HandValues:
        """Zeroed arrays, one entry per hand of the table."""
        nh = len(hand_table().index)
        return cls(np.zeros(nh), np.zeros(nh), np.zeros(nh), np.zeros(nh),
                   np.zeros(nh, dtype=np.bool_))


def play_hands(base: np.ndarray, stand: np.ndarray, *, can_double: np.ndarray,
               forced: np.ndarray, infinite: bool, order: np.ndarray | None = None,
               pair: int = 0, j: int = 0, u: int = 0, scale: np.ndarray = MONEY,
               hole: int = -1, out: HandValues | None = None) -> HandValues:
    """Stand, hit and double EVs of every hand in ``order`` (default: every hand, by
    decreasing hard total), composition-dependent; see :func:`_play_hands` for the meaning of
    each argument. ``out``: arrays to fill (reused across calls), else new ones.

    >>> t = hand_table()
    >>> n = len(t.index)
    >>> v = play_hands(np.array([4] * 9 + [16]), np.zeros(n), infinite=False,
    ...                can_double=np.zeros(n, np.bool_), forced=np.full(n, -1, np.int8))
    >>> h = t.of((9, 9))
    >>> float(v.stand[h]), float(v.hit[h]) < -0.9
    (0.0, True)
    """
    t = hand_table()
    v = HandValues.empty() if out is None else out
    _play_hands(base, t.counts, t.total, t.ncards, t.child, t.order if order is None else order,
                stand, pair, j, u, infinite, INFINITE_PROBS, can_double, forced, scale, hole,
                v.stand, v.hit, v.double, v.value, v.feasible)
    return v


def play_hands_lanes(base: np.ndarray, stand: np.ndarray, *, can_double: np.ndarray,
                     forced: np.ndarray, infinite: bool, order: np.ndarray, pair: int,
                     combos: HiddenCombos, scale: np.ndarray = MONEY,
                     hole: int = -1) -> HandValues:
    """:func:`play_hands` for every hidden combination of ``combos`` at once (one kernel pass,
    :func:`_play_hands_lanes`): ``stand``, ``forced`` and every returned array are
    [hand, combination], and column c holds the very numbers :func:`play_hands` gives with
    ``j, u = combos.j[c], combos.u[c]``.

    >>> t = hand_table()
    >>> n, order = len(t.index), t.order[t.counts[t.order, 7] >= 1]
    >>> v = play_hands_lanes(np.array([4] * 9 + [16]), np.zeros((n, 2)), order=order, pair=7,
    ...                      combos=HiddenCombos(np.array([0, 1]), np.array([0, 0])),
    ...                      infinite=False, can_double=np.zeros(n, np.bool_),
    ...                      forced=np.full((n, 2), -1, np.int8))
    >>> h = t.of((7, 9))
    >>> v.stand.shape, float(v.stand[h, 1]), float(v.hit[h, 0]) < -0.5     # 8-T
    ((3082, 2), 0.0, True)
    """
    t = hand_table()
    shape = (len(t.index), len(combos.j))
    v = HandValues(np.zeros(shape), np.zeros(shape), np.zeros(shape), np.zeros(shape),
                   np.zeros(shape, dtype=np.bool_))
    _play_hands_lanes(base, t.counts, t.total, t.ncards, t.child, order,
                      np.ascontiguousarray(stand, dtype=np.float64), pair, combos.j, combos.u,
                      infinite, INFINITE_PROBS, can_double,
                      np.ascontiguousarray(forced, dtype=np.int8), scale, hole, v.stand, v.hit,
                      v.double, v.value, v.feasible, np.empty((10, shape[1])))
    return v


def reach_cell_sums(base: np.ndarray, values: tuple[np.ndarray, ...], *,
                    can_double: np.ndarray, forced: np.ndarray, start: np.ndarray,
                    infinite: bool, out: np.ndarray, order: np.ndarray | None = None,
                    pair: int = 0, j: int = 0, u: int = 0, skip_two: bool = False,
                    reach: np.ndarray | None = None) -> None:
    """Add each chart cell's reach-weighted EV of every letter into ``out`` (see
    :func:`_reach_cell_sums`); ``values`` = (stand, hit, double, feasible) per hand."""
    t = hand_table()
    st, hi, db, feasible = values
    _reach_cell_sums(base, t.counts, t.ncards, t.child, t.order if order is None else order,
                     st, hi, db, feasible, pair, j, u, infinite, INFINITE_PROBS, can_double,
                     forced, start, cell_of_hands(), skip_two,
                     np.zeros(len(t.index)) if reach is None else reach, out)


def natural_probs(base: np.ndarray, keys: np.ndarray, hole: int, pair: int, infinite: bool,
                  combos: HiddenCombos = NOTHING_HIDDEN) -> np.ndarray:
    """[k, c]: P(hole card of rank ``hole``) for unseen ``base - keys[k]``, hidden combo c.

    >>> round(float(natural_probs(np.array([4] * 9 + [16]), np.zeros((1, 10), np.int64),
    ...                           9, 0, False)[0, 0]), 4)
    0.3077
    """
    out = np.zeros((keys.shape[0], len(combos[0])))
    _natural_probs(base, keys, hole, pair, combos[0], combos[1], infinite, INFINITE_PROBS, out)
    return out
