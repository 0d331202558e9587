"""split: the exact EV of the mandatory split and resplits under the named post-split strategy.

``rules.post_split`` names the strategy; "cdp-h" is the default. The two fixed strategies of
the field (Eric Farmer's definitions, ``classic.py``) are adapted to the burned card - each of
them knows it, as every decision of 21 Burn does:

- "cdz-": each split hand takes the action (stand / hit / double) that the *unsplit*
  composition-dependent optimum takes for the same cards against the same up card, computed
  on the shoe less the up card, the burned card and the hand's cards only (the other pair
  card is forgotten), among the actions a split hand may take (split aces take one card;
  doubles per ``double_after_split``); a pair card that arrives is always resplit while fewer
  than ``max_hands`` hands are in play (and the rank may be resplit).
- "cdp1": the action that is optimal for the *first* split hand holding the same cards - on
  the shoe less the up card, the burned card, both pair cards and the hand's cards - applied
  to every split hand, whatever the other hands took; always resplit, as CDZ-.
Both are fixed actions per (burned card, hand), so :func:`post_split_forced` turns them into a
``forced`` / ``resplit_table`` pair and :func:`split_values` values them exactly on the true
shoe, hidden second cards conditioned as for CDP-H below. CDP-H uses the most information of
the three (it may play as either), so its split EV is at least theirs.

Post-split strategy ("CDP-H"): each split hand is played (stand / hit / double) by the
composition-dependent optimum for what it may use - its own cards, the burned card, the up card,
every pair card dealt as a second card so far (``j``) and the number of earlier split hands
that took a non-pair second card (``u``, not their ranks); the other hands' hit cards are not
used. When a split hand draws another pair card and fewer than ``max_hands`` hands are in
play, it resplits or not by whichever gives the split the higher exact EV from that point,
knowing (hands in play, hand number, j, u) - found by backward induction, so exact and optimal
within that information.

Why this is exact: the hit cards of earlier hands are taken at stopping
times the strategy ignores, so by optional skipping the second cards, a hand's own cards and
the dealer's cards are distributed as fresh draws from the shoe at the split. Given the pattern
of pair / non-pair second cards before a hand (j pair cards, u non-pair cards), the u non-pair
cards are a uniform random subset of the non-pair cards; by exchangeability they may be taken
as drawn after the hand and the dealer, so every probability is the plain one times a ratio of
falling factorials (``player.draw_probs`` and the dealer pass of ``stand.stand_evs``).

Dealing order: the hands are played one after the other; a hand's second card is dealt when
play reaches it; a resplit hand is put at the end of the line.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

import numpy as np

from ..rules import Rules
from ..shoe import INFINITE_PROBS, NRANKS
from ..tables import DOUBLE, HIT, STAND, hand_table, hidden_combos
from .player import MONEY, HandValues, _split_hand_values, natural_probs, payoff_table, play_hands
from .stand import stand_evs
from .threads import over_range
from .warmup import join as join_warmup

__all__ = ["always_resplit", "best_actions", "first_hand_actions", "pattern_value",
           "post_split_forced", "reachable", "second_card_counts", "second_card_probs",
           "split_hands", "split_on_shoe", "split_stand_evs", "split_value", "split_values",
           "SplitValue", "unsplit_actions"]


@functools.cache
def split_hands(pair: int, one_card: bool) -> np.ndarray:
    """Hands a split hand of this pair can hold (the pair card and at least one more), by
    decreasing hard total: the keys of the split's stand EVs and the order of play."""
    t = hand_table()
    holds = (t.counts[:, pair] >= 1) & (t.ncards >= 2)
    if one_card:
        holds &= t.ncards == 2
    return np.array([h for h in t.order if holds[h]], dtype=np.int64)


@dataclass(frozen=True)
class SplitValue:
    """The exact value of one forced split.

    ev: expected return of all split hands together, per initial wager.
    wager: expected total amount wagered (initial + split + resplit + double wagers).
    hands: expected number of hands; resplits: {(hands in play, hand number, j, u): bool}
    the resplit decision at each reachable state where a pair card arrives.
    hand_ev[c, t]: EV of a split hand (pair, t) seen with hidden combination c;
    hand_action[c, t]: its first action (STAND / HIT / DOUBLE).
    actions[c, h]: the action of every split hand h under combination c (int8).
    """

    ev: float
    wager: float
    hands: float
    doubles: float
    resplits: dict[tuple[int, int, int, int], bool]
    hand_ev: np.ndarray
    hand_action: np.ndarray
    tables: dict[tuple[int, int], tuple[np.ndarray, np.ndarray, np.ndarray]] | None = None
    actions: np.ndarray | None = None


def second_card_probs(unseen: np.ndarray | None, pair: int, j: int,
                      u: int) -> tuple[float, np.ndarray]:
    """(P(the next second card is a pair card), P(it is each other rank)) after j pair cards
    and u non-pair cards were dealt as second cards from ``unseen`` (None: infinite deck).

    The u cards are a uniform random subset of the non-pair cards, hence the factor
    (Q - u) / Q on every other rank (see the module docstring).

    >>> p, other = second_card_probs(np.array([4, 4, 4, 4, 4, 4, 4, 4, 4, 16]), 7, 1, 1)
    >>> round(p + float(other.sum()), 12)
    1.0
    """
    if unseen is None:
        p_t = INFINITE_PROBS.copy()
        p_pair = float(p_t[pair])
    else:
        n = unseen.astype(np.int64)
        n_total, n_pair = int(n.sum()), int(n[pair])
        n_other = n_total - n_pair
        avail = n_total - j - u
        p_pair = (n_pair - j) / avail if avail > 0 and n_pair - j > 0 else 0.0
        p_t = (n * (n_other - u) / (n_other * avail)) if n_other > 0 and avail > 0 \
            else np.zeros(NRANKS)
    p_t[pair] = 0.0
    return p_pair, p_t


@functools.lru_cache(maxsize=4096)
def _second_card_probs_cached(unseen: bytes | None, pair: int, j: int,
                              u: int) -> tuple[float, np.ndarray, float]:
    """:func:`second_card_probs` for the shoe given as int64 bytes, and the chance of a
    non-pair card (the other ranks' sum), kept: the same shoe and pattern recur across burned
    ranks, strategies and valuations (the return table)."""
    p_pair, p_t = second_card_probs(
        None if unseen is None else np.frombuffer(unseen, dtype=np.int64), pair, j, u)
    p_t.setflags(write=False)
    return p_pair, p_t, float(p_t.sum())


def _row_dots(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """out[c] = a[c] @ b[c] for every row, bit for bit the numbers of that one-row ``@`` (numpy's
    ``vecdot`` runs the same dot routine on each row, in one call).

    >>> _row_dots(np.array([[1.0, 2.0], [3.0, 4.0]]), np.array([[1.0, 1.0], [0.5, 0.0]]))
    array([3. , 1.5])
    """
    if hasattr(np, "vecdot"):
        return np.vecdot(a, b)
    return np.array([a[c] @ b[c] for c in range(a.shape[0])])  # numpy < 2: the same dots


@functools.lru_cache(maxsize=1024)
def _second_card_table(unseen: bytes | None, pair: int,
                       combos: tuple[tuple[int, int], ...]) -> tuple[list[float], np.ndarray,
                                                                      list[float]]:
    """:func:`_second_card_probs_cached` for every combination (j, u) of ``combos`` at once:
    P(pair card) per combination, P(each other rank) as rows, P(any other rank)."""
    rows = [_second_card_probs_cached(unseen, pair, j, u) for j, u in combos]
    p_t = np.array([r[1] for r in rows])
    p_t.setflags(write=False)
    return [r[0] for r in rows], p_t, [r[2] for r in rows]


def pattern_value(rules: Rules, pair: int, unseen: np.ndarray | None, hand_ev: np.ndarray,
                  hand_wager: np.ndarray, combo_index: dict[tuple[int, int], int],
                  resplit_table: np.ndarray | None = None,
                  played: np.ndarray | None = None) -> SplitValue:
    """Backward induction over the pair / non-pair pattern of second cards.

    ``unseen`` is the shoe at the split (less both pair cards, burned card, up card), or None
    for an infinite deck. ``hand_ev[c, t]``, ``hand_wager[c, t]``: value and expected wager of
    a split hand (pair, t) under hidden combination c. ``resplit_table[h, i, j, u]``: a fixed
    strategy's resplit decisions (None: resplit when that is worth more).
    ``played[c, t]``: the chance that hand (pair, t) is played at all once dealt - below 1
    only when a peeking dealer may hold a natural (then ``hand_ev`` is unnormalised and the
    wagers, hands and doubles are counted only in rounds that are played); None: 1.

    >>> from twentyone_burn.tables import hidden_combos
    >>> cj, cu = hidden_combos(2)
    >>> index = {(int(j), int(u)): c for c, (j, u) in enumerate(zip(cj, cu))}
    >>> ev = np.full((len(cj), NRANKS), 0.1)            # every split hand worth +0.1
    >>> v = pattern_value(Rules(max_hands=2), 7, None, ev, np.ones_like(ev), index)
    >>> round(v.ev, 12), round(v.hands, 12)             # two hands, no resplit at two
    (0.2, 2.0)
    """
    shoe_key = None if unseen is None else np.asarray(unseen, dtype=np.int64).tobytes()
    combos = tuple(sorted(combo_index, key=combo_index.__getitem__))
    p_pairs, p_t, p_others = _second_card_table(shoe_key, pair, combos)
    # the terms of each state that depend on its (j, u) alone - the second card's chances,
    # the hand's own (ev, wager, hands, doubles) over the non-pair cards, and the pair
    # card's, kept as a hand - for every combination in one call per sum; the same dot
    # products, bit for bit, as one combination at a time
    if played is None:
        # every hand played (f = 1): the products by f are these very numbers, so they are
        # taken as they are (the sums, and their last bits, as they always were)
        own_ev = _row_dots(p_t, hand_ev).tolist()
        own_wager = _row_dots(p_t, hand_wager).tolist()
        own_hands = p_others
        own_doubles = _row_dots(p_t, hand_wager - 1.0).tolist()
        kept_wager = hand_wager[:, pair].tolist()
        kept_hand = [1.0] * len(combos)
        kept_double = (hand_wager[:, pair] - 1.0).tolist()
    else:
        own_ev = _row_dots(p_t, hand_ev).tolist()
        own_wager = _row_dots(p_t, hand_wager * played).tolist()
        own_hands = _row_dots(p_t, played).tolist()
        own_doubles = _row_dots(p_t, (hand_wager - 1.0) * played).tolist()
        kept_wager = (hand_wager[:, pair] * played[:, pair]).tolist()
        kept_hand = played[:, pair].tolist()
        kept_double = ((hand_wager[:, pair] - 1.0) * played[:, pair]).tolist()
    kept_ev = hand_ev[:, pair].tolist()
    decisions: dict[tuple[int, int, int, int], bool] = {}
    memo: dict[tuple[int, int, int, int], tuple[float, float, float, float]] = {}
    may_resplit = [rules.may_resplit(pair, h) for h in range(rules.max_hands + 1)]

    def value(h: int, i: int, j: int, u: int) -> tuple[float, float, float, float]:
        """(ev, wager, hands, doubles) of hands i..h from the moment hand i awaits its card."""
        if i > h:
            return 0.0, 0.0, 0.0, 0.0
        key = (h, i, j, u)
        got = memo.get(key)
        if got is not None:
            return got
        c = combo_index[(j, u)]
        p_pair, p_other = p_pairs[c], p_others[c]
        ev, wager, hands, doubles = own_ev[c], own_wager[c], own_hands[c], own_doubles[c]
        if p_other > 0:
            e, w, k, d = value(h, i + 1, j, u + 1)
            ev, wager, hands, doubles = ev + p_other * e, wager + p_other * w, \
                hands + p_other * k, doubles + p_other * d
        if p_pair > 0:
            e, w, k, d = value(h, i + 1, j + 1, u)
            stay = (kept_ev[c] + e, kept_wager[c] + w, kept_hand[c] + k, kept_double[c] + d)
            best = stay
            if may_resplit[h]:
                split = value(h + 1, i, j + 1, u)
                yes = (split[0] > stay[0] if resplit_table is None
                       else bool(resplit_table[h, i, j, u]))
                decisions[key] = yes
                if yes:
                    best = split
            ev += p_pair * best[0]
            wager += p_pair * best[1]
            hands += p_pair * best[2]
            doubles += p_pair * best[3]
        memo[key] = out = (ev, wager, hands, doubles)
        return out

    ev, wager, hands, doubles = value(2, 1, 0, 0)
    return SplitValue(ev, wager, hands, doubles, decisions, hand_ev, np.zeros(0))


def split_value(rules: Rules, pair: int, burned: int, base_p: np.ndarray,
                stand_keys: np.ndarray | None, flat_dist: np.ndarray | None,
                order: np.ndarray, payoff: np.ndarray, can_double: np.ndarray,
                keep_tables: bool = False, forced: np.ndarray | None = None,
                resplit_table: np.ndarray | None = None,
                scale: np.ndarray = MONEY) -> SplitValue | None:
    """The exact value of splitting ``pair`` with ``burned`` burned, or None if impossible.

    ``base_p``: the shoe less the up card and one pair card (the other pair card is each split
    hand's first card). ``stand_keys[k, c]``: stand EV of hand ``order[k]`` under hidden
    combination c for this burned card (finite shoe, from ``stand.stand_evs``);
    ``flat_dist``: the one dealer distribution of an infinite deck. ``keep_tables`` keeps every
    hand's stand / hit / double EV per (j, u) (for checks). ``forced[c, h]`` and
    ``resplit_table[h, i, j, u]`` value a fixed strategy's actions instead of the best ones.
    """
    return split_values(rules, pair, [burned], base_p,
                        None if stand_keys is None else stand_keys[:, None, :], flat_dist,
                        order, payoff, can_double, keep_tables,
                        None if forced is None else forced[None],
                        None if resplit_table is None else resplit_table[None], scale)[0]


def split_values(rules: Rules, pair: int, burns: list[int], base_p: np.ndarray,
                 stand_p: np.ndarray | None, flat_dist: np.ndarray | None, order: np.ndarray,
                 payoff: np.ndarray, can_double: np.ndarray, keep_tables: bool = False,
                 forced: np.ndarray | None = None, resplit_table: np.ndarray | None = None,
                 scale: np.ndarray = MONEY, hole: int = -1) -> list[SplitValue | None]:
    """:func:`split_value` for several burned ranks at once (the hand values in parallel).

    ``stand_p[k, i, c]``: stand EV of hand ``order[k]`` for burned rank ``burns[i]`` (-1: no
    card is burned, as in the classic deal);
    ``forced[i]`` and ``resplit_table[i]``: a fixed strategy's actions for ``burns[i]``.
    ``hole`` >= 0: a peeking dealer's natural hole card; the stand EVs, and the values
    returned, are then unnormalised (E[result x 1{no dealer natural}], see ``player.py``).
    """
    table = hand_table()
    nh = len(table.index)
    infinite = flat_dist is not None
    one = rules.one_card_split(pair)
    combos = hidden_combos(rules.max_hands)
    cj, cu = combos
    nc = len(cj)
    combo_index = {(int(j), int(u)): i for i, (j, u) in enumerate(zip(cj, cu))}
    nb = len(burns)
    unseen = []
    for b in burns:
        un = base_p.copy()
        if b >= 0:
            un[b] -= 1
        un[pair] -= 1
        unseen.append(un)
    ok = [infinite or un.min() >= 0 for un in unseen]
    run = [i for i in range(nb) if ok[i]]
    # [burn, hand, combination]: the combinations are the kernel's lanes
    if infinite:
        cj_run, cu_run = cj[:1], cu[:1]  # nothing is hidden from an infinite deck
        stand = np.zeros((len(run), nh, 1))
        stand[:] = (payoff[np.minimum(table.total, 21)] @ flat_dist)[:, None]
    else:
        assert stand_p is not None, "a finite shoe needs the stand EVs"
        cj_run, cu_run = cj, cu
        stand = np.zeros((len(run), nh, nc))
        stand[:, order, :] = stand_p[:, run, :].transpose(1, 0, 2)
    ncr = len(cj_run)
    if forced is None:
        forced_run = np.full((len(run), nh, ncr), -1, dtype=np.int8)
    else:
        forced_run = np.ascontiguousarray(forced[run][:, :ncr].transpose(0, 2, 1))
    two_idx = np.array([table.of((pair, t)) for t in range(NRANKS)], dtype=np.int64)
    hand_ev = np.zeros((len(run), nc, NRANKS))
    hand_act = np.zeros((len(run), nc, NRANKS), dtype=np.int64)
    actions = np.zeros((len(run), nc, nh), dtype=np.int8)
    burns_run = np.array([burns[i] for i in run], dtype=np.int64)
    # An infinite deck forgets the burned card: every burned rank with the same fixed
    # decisions (all of them under optimal play) has the same split, so each distinct one is
    # valued once - the same kernel calls on the same numbers, hence the same bits
    first = _first_of_each(run, forced_run, resplit_table) if infinite else list(range(len(run)))
    reps = sorted(set(first))
    ks = np.array(reps, dtype=np.int64)
    shared = len(reps) < len(run)
    stand_r, burns_r, forced_r = ((stand[ks], burns_run[ks], forced_run[ks]) if shared
                                  else (stand, burns_run, forced_run))
    ev_r, act_r, acts_r = ((hand_ev[ks], hand_act[ks], actions[ks]) if shared
                           else (hand_ev, hand_act, actions))
    join_warmup()   # a first run's second process compiling these kernels (engine/warmup.py)
    over_range(lambda lo, hi: _split_hand_values(
        lo, hi, base_p, table.counts, table.total, table.ncards, table.child, order, stand_r,
        burns_r, pair, cj_run, cu_run, infinite, INFINITE_PROBS, can_double, forced_r,
        scale, hole, one, two_idx, ev_r, act_r, acts_r), len(reps))
    if shared:
        slot = {k: n for n, k in enumerate(reps)}
        at = np.array([slot[f] for f in first], dtype=np.int64)
        hand_ev[:], hand_act[:], actions[:] = ev_r[at], act_r[at], acts_r[at]
    if infinite:
        hand_ev[:, 1:], hand_act[:, 1:], actions[:, 1:] = (
            hand_ev[:, :1], hand_act[:, :1], actions[:, :1])
    out: list[SplitValue | None] = [None] * nb
    patterns: dict[int, SplitValue] = {}
    for k, i in enumerate(run):
        tables = None
        if keep_tables:
            tables = {}
            base = base_p.copy()
            if burns[i] >= 0:
                base[burns[i]] -= 1
            vals = HandValues.empty()
            for c in range(len(cj_run)):
                st, hi, db, _, _ = play_hands(
                    base, np.ascontiguousarray(stand[k, :, c]), order=order, pair=pair,
                    j=int(cj[c]), u=int(cu[c]), infinite=infinite, can_double=can_double,
                    forced=np.ascontiguousarray(forced_run[k, :, c]),
                    scale=scale, hole=hole, out=vals)
                tables[(int(cj[c]), int(cu[c]))] = (st.copy(), hi.copy(), db.copy())
            if infinite:
                for c in range(1, nc):
                    tables[(int(cj[c]), int(cu[c]))] = tables[(0, 0)]
        hand_wager = np.where(hand_act[k] == DOUBLE, 2.0, 1.0)
        played = None
        if hole >= 0:
            # P(no natural) once a split hand holds its second card t
            nat = natural_probs(np.zeros(NRANKS, np.int64) if infinite else unseen[i],
                                np.eye(NRANKS, dtype=np.int64), hole, pair, infinite, combos)
            played = 1.0 - nat.T
        v = patterns.get(first[k])
        if v is None:
            v = pattern_value(rules, pair, None if infinite else unseen[i], hand_ev[k],
                              hand_wager, combo_index,
                              None if resplit_table is None else resplit_table[i], played)
            patterns[first[k]] = v
        out[i] = SplitValue(v.ev, v.wager, v.hands, v.doubles, v.resplits, hand_ev[k],
                            hand_act[k], tables, actions[k])
    return out


def _first_of_each(run: list[int], forced_run: np.ndarray,
                   resplit_table: np.ndarray | None) -> list[int]:
    """For each position k of ``run``: the first position with the same fixed decisions
    (``forced_run[k]`` and ``resplit_table[run[k]]``), the one whose split it shares on an
    infinite deck.

    >>> f = np.zeros((3, 2, 1), np.int8); f[1, 0, 0] = 2
    >>> _first_of_each([0, 1, 2], f, None)
    [0, 1, 0]
    """
    seen: dict[bytes, int] = {}
    out = []
    for k, i in enumerate(run):
        key = forced_run[k].tobytes() + (b"" if resplit_table is None
                                         else resplit_table[i].tobytes())
        out.append(seen.setdefault(key, k))
    return out


def split_stand_evs(rules: Rules, up: int, pair: int, base_p: np.ndarray,
                    payoff: np.ndarray) -> np.ndarray:
    """stand[k, b, c]: stand EV of split hand ``split_hands(pair)[k]`` for burned rank b and
    hidden combination c; ``base_p`` is the shoe less the up card and one pair card."""
    order = split_hands(pair, rules.one_card_split(pair))
    return stand_evs(rules, up, base_p, order, payoff=payoff, pair=pair,
                     combos=hidden_combos(rules.max_hands))


def split_on_shoe(rules: Rules, up: int, burned: int, pair: int, shoe: np.ndarray,
                  keep_tables: bool = False) -> SplitValue | None:
    """The split of ``pair`` against ``up`` with ``burned`` burned, from any starting shoe,
    under ``rules.post_split``.

    ``shoe`` holds every card before the deal (ten counts). Test seam: the brute-force checks
    (tests/engine/test_split_bruteforce.py) value one split on a small shoe with it, where the
    whole game's path (``player_burn.kept_values``) values every pair and burned card.

    >>> shoe = np.array([1, 1, 2, 1, 2, 2, 1, 7, 1, 5])     # rich in eights: resplits
    >>> sv = split_on_shoe(Rules(decks=1), 5, 2, 7, shoe)   # 8-8 v 6, a 3 burned
    >>> round(float(sv.ev), 6), round(float(sv.hands), 6)
    (0.241605, 2.700894)
    """
    from ..tables import double_allowed

    base_p = np.asarray(shoe, dtype=np.int64).copy()
    base_p[up] -= 1
    base_p[pair] -= 1
    if base_p.min() < 0:
        return None
    payoff = payoff_table(rules)
    stand = split_stand_evs(rules, up, pair, base_p, payoff)
    order = split_hands(pair, rules.one_card_split(pair))
    can_double = double_allowed(rules, split_hands=True)
    cdz = None
    if rules.post_split == "cdz-":
        base_up = base_p.copy()
        base_up[pair] += 1
        cdz = unsplit_actions(rules, up, base_up, order, payoff, can_double)
    forced, resplit = post_split_forced(rules, pair, list(range(NRANKS)), base_p, stand, None,
                                        order, can_double, cdz, payoff)
    return split_value(rules, pair, burned, base_p, stand[:, burned, :], None, order, payoff,
                       can_double, keep_tables, None if forced is None else forced[burned],
                       None if resplit is None else resplit[burned])


# -- the fixed post-split strategies CDZ- and CDP1 ---------------------------------------------

def best_actions(st: np.ndarray, hi: np.ndarray, db: np.ndarray, two: np.ndarray,
                 can_double: np.ndarray) -> np.ndarray:
    """The best action of every hand among those a split hand may take (ties: stand, hit,
    double).

    >>> best_actions(np.array([0.1, 0.2]), np.array([0.3, 0.0]), np.array([0.5, 0.5]),
    ...              np.array([True, True]), np.array([False, True])).tolist()
    [1, 2]
    """
    act = np.where(hi > st, HIT, STAND).astype(np.int8)
    dbl = two & can_double & (db > np.maximum(st, hi))
    act[dbl] = DOUBLE
    return act


def reachable(order: np.ndarray, acts: np.ndarray, pair: int, one_card: bool) -> np.ndarray:
    """The hands of ``order`` a split hand can reach under fixed actions, in the same order:
    the two-card hands, what hitting hands draw to, and what doubled hands draw to (a double
    where doubling is not allowed hits: it draws either way)."""
    table = hand_table()
    reach = np.zeros(len(table.index), dtype=np.bool_)
    reach[[table.of((pair, t)) for t in range(NRANKS)]] = True
    if not one_card:
        draws = (acts == HIT) | (acts == DOUBLE)
        rising = order[::-1]  # increasing hard total: a draw always raises it
        for level in np.split(rising, np.flatnonzero(np.diff(table.hard[rising])) + 1):
            hands = level[reach[level] & draws[level]]
            if hands.size:
                kids = table.child[hands].ravel()
                reach[kids[kids >= 0]] = True
    return order[reach[order]]


def always_resplit(rules: Rules, n: int = 1) -> np.ndarray:
    """resplit_table[i, h, i, j, u] of ``n`` strategies that resplit wherever they may (the
    shape of :class:`~twentyone_burn.tables.DecisionTables`' ``resplit``).

    >>> always_resplit(Rules(), 2).shape
    (2, 5, 5, 8, 5)
    """
    m = rules.max_hands
    return np.ones((n, m + 1, m + 1, 2 * m, m + 1), dtype=np.bool_)


def unsplit_actions(rules: Rules, up: int, base_up: np.ndarray, order: np.ndarray,
                    payoff: np.ndarray, can_double: np.ndarray) -> np.ndarray:
    """acts[b, h]: CDZ-'s action for the hands ``order`` (a closed set) with burned rank b -
    the unsplit optimum on ``base_up`` (the shoe less the up card) less b and the hand, among
    the actions ``can_double`` allows. Its own dealer pass; test seam: CDZ- for
    :func:`split_on_shoe` on the small shoes of the checks (``player_burn.kept_values`` takes
    these actions from its unsplit hands).

    >>> from twentyone_burn.shoe import full_shoe
    >>> order = split_hands(7, False)
    >>> acts = unsplit_actions(Rules(decks=1), 5, full_shoe(1) - np.eye(10, dtype=np.int64)[5],
    ...                        order, payoff_table(Rules()), np.ones(3082, np.bool_))
    >>> int(acts[9, hand_table().of((7, 9))]) == STAND    # 8-T v 6 stands
    True
    """
    table = hand_table()
    stand_kb = stand_evs(rules, up, base_up, order, payoff=payoff)[:, :, 0]
    acts = np.zeros((NRANKS, len(table.index)), dtype=np.int8)
    for b in range(NRANKS):
        base = base_up.copy()
        base[b] -= 1
        if base.min() < 0:
            continue
        stand = np.zeros(len(table.index))
        stand[order] = stand_kb[:, b]
        st, hi, db, _, _ = play_hands(base, stand, order=order, infinite=False,
                                      can_double=can_double,
                                      forced=np.full(len(table.index), -1, np.int8))
        acts[b] = best_actions(st, hi, db, table.ncards == 2, can_double)
    return acts


def first_hand_actions(pair: int, burns: list[int], base_p: np.ndarray,
                       stand_p: np.ndarray | None, flat_dist: np.ndarray | None,
                       order: np.ndarray, payoff: np.ndarray,
                       can_double: np.ndarray) -> np.ndarray:
    """acts[i, h]: CDP1's action for split hand h with burned rank ``burns[i]`` - the optimum
    of the first split hand (nothing hidden: combination j = u = 0) on ``base_p`` (the shoe
    less the up card and one pair card) less the burned card and the hand.

    ``stand_p[k, i, c]`` as for :func:`split_values` (None with ``flat_dist``, an infinite
    deck).
    """
    table = hand_table()
    nh = len(table.index)
    infinite = flat_dist is not None
    acts = np.zeros((len(burns), nh), dtype=np.int8)
    flat_stand = None
    if infinite:
        flat_stand = payoff[np.minimum(table.total, 21)] @ flat_dist
    for i, b in enumerate(burns):
        base = base_p.copy()
        if b >= 0 and not infinite:
            base[b] -= 1
        if not infinite and (base.min() < 0 or base[pair] < 1):
            continue  # the shoe cannot deal this split
        stand = np.zeros(nh)
        if flat_stand is not None:
            stand[order] = flat_stand[order]
        else:
            assert stand_p is not None, "a finite shoe needs the stand EVs"
            stand[order] = stand_p[:, i, 0]  # combination 0 is j = u = 0
        st, hi, db, _, _ = play_hands(base, stand, order=order, pair=pair, infinite=infinite,
                                      can_double=can_double, forced=np.full(nh, -1, np.int8))
        acts[i] = best_actions(st, hi, db, table.ncards == 2, can_double)
    return acts


def post_split_forced(rules: Rules, pair: int, burns: list[int], base_p: np.ndarray,
                      stand_p: np.ndarray | None, flat_dist: np.ndarray | None,
                      order: np.ndarray, can_double: np.ndarray,
                      cdz_actions: np.ndarray | None = None,
                      payoff: np.ndarray | None = None
                      ) -> tuple[np.ndarray | None, np.ndarray | None]:
    """(forced[i, c, h], resplit_table[i]) of ``rules.post_split`` for :func:`split_values`
    with burned ranks ``burns``; (None, None) for CDP-H (the best actions are found there).

    ``cdz_actions[b, h]``: CDZ-'s actions by burned rank (:func:`unsplit_actions`, or the
    unsplit hands' own best actions restricted by :func:`best_actions`); needed for "cdz-".
    ``payoff``: the payoff table (default: the rules'), for CDP1's first-hand optimum.
    """
    if rules.post_split == "cdp-h":
        return None, None
    nc = len(hidden_combos(rules.max_hands)[0])
    if rules.post_split == "cdz-":
        if cdz_actions is None:
            raise ValueError("CDZ- needs the unsplit hands' actions (cdz_actions)")
        acts = np.stack([cdz_actions[b] for b in burns])
    else:
        if payoff is None:
            payoff = payoff_table(rules)
        acts = first_hand_actions(pair, burns, base_p, stand_p, flat_dist, order, payoff,
                                  can_double)
    forced = np.ascontiguousarray(np.repeat(acts[:, None, :], nc, axis=1))
    return forced, always_resplit(rules, len(burns))


def second_card_counts(rules: Rules, pair: int, unseen: np.ndarray | None,
                       resplits: dict[tuple[int, int, int, int], bool]) -> np.ndarray:
    """counts[c, t]: expected number of split hands that take second card t under hidden
    combination c, per split, when resplits follow ``resplits`` (a SplitValue's decisions).

    The forward twin of :func:`pattern_value` (same probabilities).
    """
    cj, cu = hidden_combos(rules.max_hands)
    combo = {(int(j), int(u)): i for i, (j, u) in enumerate(zip(cj, cu))}
    out = np.zeros((len(cj), NRANKS))
    mass: dict[tuple[int, int, int, int], float] = {(2, 1, 0, 0): 1.0}
    for level in range(2 * rules.max_hands):  # every step adds one second card: j + u grows by one
        nxt: dict[tuple[int, int, int, int], float] = {}
        for (h, i, j, u), w in mass.items():
            if i > h or j + u != level:
                continue
            p_pair, p_t = second_card_probs(unseen, pair, j, u)
            c = combo[(j, u)]
            out[c] += w * p_t
            other = float(p_t.sum())
            if other > 0:
                key = (h, i + 1, j, u + 1)
                nxt[key] = nxt.get(key, 0.0) + w * other
            if p_pair > 0:
                if rules.may_resplit(pair, h) and resplits.get((h, i, j, u), False):
                    key = (h + 1, i, j + 1, u)
                else:
                    out[c, pair] += w * p_pair
                    key = (h, i + 1, j + 1, u)
                nxt[key] = nxt.get(key, 0.0) + w * p_pair
        mass.update(nxt)
    return out
