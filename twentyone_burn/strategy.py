"""strategy: complete strategies as lookup tables, shared by the exact engine and the simulator.

A :class:`DecisionTables` says what the player does in every situation the game can reach,
with no probabilities in it: which card to burn, how to play the kept hand and each split hand,
and when to resplit. The exact engine exports its optimal composition-dependent decisions in
this form; a printed chart is expanded into it; the simulator plays it card by card.

Hands are indices into :func:`twentyone_burn.player.hand_table` (every rank multiset with hard
total <= 21): ``hand_child[h, r]`` is the hand after drawing rank r (-1 = bust) and
``two_card[a, c]`` the index of a two-card hand, so a player follows its hand incrementally.

>>> t = DecisionTables.always_stand(Rules())
>>> t.play.shape, int(t.burn[9, 0, 4, 9])
((10, 10, 3082), 9)
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from .player import DOUBLE, HIT, STAND, hand_table
from .rules import Rules
from .shoe import NRANKS
from .split import hidden_combos

__all__ = ["DecisionTables", "STAND", "HIT", "DOUBLE", "combo_index_table"]


def combo_index_table(max_hands: int) -> np.ndarray:
    """combo[j, u] -> index of the hidden combination (j, u) in split tables (-1 if unused).

    ``j``: pair cards dealt as second cards before a split hand took its own second card;
    ``u``: earlier split hands that took a non-pair second card.

    >>> int(combo_index_table(4)[0, 0]), int(combo_index_table(4)[5, 0])
    (0, 5)
    """
    cj, cu = hidden_combos(max_hands)
    out = np.full((2 * max_hands, max_hands + 1), -1, dtype=np.int64)
    for i, (j, u) in enumerate(zip(cj, cu)):
        out[j, u] = i
    return out


@dataclass(frozen=True, eq=False)
class DecisionTables:
    """Every decision of one strategy (codes: STAND=0, HIT=1, DOUBLE=2).

    burn[up, c1, c2, c3]: the rank burned from player cards c1 <= c2 <= c3 (rank indices,
        0 = ace ... 9 = ten), given the up card.
    play[up, burned, h]: action for an unsplit hand h (DOUBLE only on two-card hands the rules
        let double). A kept pair reaches ``play`` only when the split is optional and
        ``split_kept[up, burned, pair]`` is False.
    split_kept[up, burned, pair]: split a kept pair (always True when the split is mandatory).
    split_play[up, burned, pair, combo, h]: action for a split hand h (which holds the pair
        card) whose hidden combination is ``combo`` (see :func:`combo_index_table`).
    resplit[up, burned, pair, hands_in_play, hand_number, j, u]: split again when hand
        ``hand_number`` (1-based) of ``hands_in_play`` draws another pair card, j pair cards
        and u non-pair cards having been dealt as second cards before.
    name: what the strategy is (printed in every output that uses it).
    """

    rules: Rules
    burn: np.ndarray
    play: np.ndarray
    split_kept: np.ndarray
    split_play: np.ndarray
    resplit: np.ndarray
    name: str

    @property
    def hand_child(self) -> np.ndarray:
        """hand_child[h, r]: the hand after drawing rank r (-1 = bust)."""
        return hand_table().child

    @property
    def two_card(self) -> np.ndarray:
        """two_card[a, c]: index of the two-card hand of ranks a and c."""
        t = hand_table()
        out = np.zeros((NRANKS, NRANKS), dtype=np.int64)
        for a in range(NRANKS):
            for c in range(NRANKS):
                out[a, c] = t.of((a, c))
        return out

    @property
    def hand_total(self) -> np.ndarray:
        """Best total of each hand (soft if an ace can count 11)."""
        return hand_table().total

    @classmethod
    def empty(cls, rules: Rules, name: str) -> "DecisionTables":
        """Tables of the right shapes, every action STAND, no resplits, burn the highest card."""
        nh = len(hand_table().index)
        m = rules.max_hands
        nc = len(hidden_combos(m)[0])
        burn = np.zeros((NRANKS,) * 4, dtype=np.int8)
        for c1 in range(NRANKS):
            for c2 in range(NRANKS):
                for c3 in range(NRANKS):
                    burn[:, c1, c2, c3] = max(c1, c2, c3)
        return cls(rules, burn,
                   np.zeros((NRANKS, NRANKS, nh), dtype=np.int8),
                   np.ones((NRANKS, NRANKS, NRANKS), dtype=np.bool_),
                   np.zeros((NRANKS, NRANKS, NRANKS, nc, nh), dtype=np.int8),
                   np.zeros((NRANKS, NRANKS, NRANKS, m + 1, m + 1, 2 * m, m + 1), dtype=np.bool_),
                   name)

    @classmethod
    def always_stand(cls, rules: Rules) -> "DecisionTables":
        """A simple fixed strategy for checks: burn the highest rank index, always stand."""
        return cls.empty(rules, "burn the highest rank, always stand")


def optimal_tables(rules: Rules, kept: dict | None = None) -> DecisionTables:
    """The engine's optimal composition-dependent decisions as lookup tables.

    ``kept``: the per-up-card :class:`~twentyone_burn.burn.KeptValues` of an analysis already
    run for these rules (``Analysis.kept``); computed when not given. Burn ties (within
    ``burn.TIE``) burn the lowest card, as the analysis does.

    >>> t = optimal_tables(Rules(decks=None))
    >>> int(t.burn[5, 4, 9, 9])        # T T 5 against a 6: the 5 is burned (tens split)
    4
    """
    import itertools

    from .burn import burn_choices, kept_values
    from .player import SPLIT

    t = DecisionTables.empty(rules, "optimal composition-dependent play (the exact engine's)")
    for up in range(NRANKS):
        kv = kept[up] if kept is not None else kept_values(rules, up)
        for cards in itertools.combinations_with_replacement(range(NRANKS), 3):
            if not any(kv.possible[cards[i], *sorted(cards[k] for k in range(3) if k != i)]
                       for i in range(3)):
                continue
            b = burn_choices(kv, cards)[0].burn
            for perm in set(itertools.permutations(cards)):
                t.burn[up][perm] = b
        t.play[up] = kv.play_actions
        for b in range(NRANKS):
            for p in range(NRANKS):
                sv = kv.splits.get((b, p))
                if sv is None:
                    continue
                t.split_kept[up, b, p] = kv.action[b, p, p] == SPLIT
                t.split_play[up, b, p] = sv.actions
                for (h, i, j, u), yes in sv.resplits.items():
                    t.resplit[up, b, p, h, i, j, u] = yes
    return t


# -- printed charts -----------------------------------------------------------------------------
HARD_TOTALS = tuple(range(4, 22))
SOFT_TOTALS = tuple(range(12, 22))


def _chart_tables(rules: Rules, hard: np.ndarray, soft: np.ndarray, resplit: np.ndarray,
                  burn_values: np.ndarray, name: str) -> DecisionTables:
    """Letter arrays (see :meth:`twentyone_burn.chart.Chart.from_arrays`) as decision tables,
    through the chart's own expansion so that a derived chart and a printed one are valued
    alike."""
    from .chart import Chart
    return Chart.from_arrays(rules, hard, soft, resplit, burn_values, name).to_tables()


def _initial_letters() -> tuple[np.ndarray, np.ndarray]:
    hard = np.array([[1 if tot >= 17 else (2 if tot in (10, 11) else 0) for tot in HARD_TOTALS]
                     for _ in range(NRANKS)], dtype=np.int64)
    soft = np.array([[1 if tot >= 19 else 0 for tot in SOFT_TOTALS] for _ in range(NRANKS)],
                    dtype=np.int64)
    return hard, soft


def _burn_values(rules: Rules, kept: dict) -> np.ndarray:
    """Value of keeping ranks (a, c) against each up card: the kept hand's EV averaged over the
    third (burned) card, drawn from the shoe less a, c and the up card."""
    from .shoe import INFINITE_PROBS, full_shoe
    out = np.zeros((NRANKS, NRANKS, NRANKS))
    for up in range(NRANKS):
        kv = kept[up]
        for a in range(NRANKS):
            for c in range(NRANKS):
                if rules.infinite:
                    pb = INFINITE_PROBS.copy()
                else:
                    n = full_shoe(rules.decks)
                    for x in (up, a, c):
                        n[x] -= 1
                    pb = np.clip(n, 0, None) / max(int(np.clip(n, 0, None).sum()), 1)
                vals = np.nan_to_num(kv.best[:, a, c], nan=0.0)
                out[up, a, c] = float(pb @ vals)
    return out


def derive_chart(rules: Rules, progress=None, max_iterations: int = 12):
    """The printed chart for these rules (MATH.md, "Total-dependent charts").

    Each cell (hard or soft total, up card) takes the letter with the highest EV summed over
    every composition that reaches the cell under the chart itself, weighted by how often it is
    reached - unsplit hands and split hands alike; each pair's resplit cell takes whichever of
    "always resplit" / "never" gives its splits the higher exact EV; the burn values are the
    exact values of each kept two-card hand played by the chart. Repeated until the chart no
    longer changes (or ``max_iterations``; then the best chart seen, by exact EV, is kept).
    Returns (letters, resplit, burn_values, expected return, iterations) as
    :class:`DerivedChart`.
    """
    from .analysis import analyze
    from .burn import (SPLIT, kept_values, reuse_dealer_passes, split_stand_cached,
                       unsplit_hands, unsplit_stand_cached)
    from .player import (MONEY, NCELLS, cell_of_hands, double_allowed, payoff_table,
                         play_hands, reach_cell_sums)
    from .shoe import INFINITE_PROBS, deal_probability, full_shoe, three_card_multisets
    from .split import (one_card_only, second_card_counts, split_hands, split_value)

    table = hand_table()
    nh = len(table.index)
    payoff = payoff_table(rules)
    cells_of = cell_of_hands()
    cj, cu = hidden_combos(rules.max_hands)
    can_d = double_allowed(rules, split_hands=False)
    can_ds = double_allowed(rules, split_hands=True)
    infinite = rules.infinite
    shoe = np.zeros(NRANKS, dtype=np.int64) if infinite else full_shoe(rules.decks)
    multisets = three_card_multisets()
    with reuse_dealer_passes():
        opt = analyze(rules)
        burn_vals = _burn_values(rules, opt.kept)
        hard, soft = _initial_letters()
        resplit = np.zeros((NRANKS, NRANKS), dtype=np.bool_)
        seen: list[tuple] = []
        best = None
        for it in range(max_iterations):
            tables = _chart_tables(rules, hard, soft, resplit, burn_vals, "derived chart")
            cell_sum = np.zeros((NRANKS, NCELLS, 4))
            rs_sum = np.zeros((NRANKS, NRANKS, 2))
            kept = {}
            er = 0.0
            for up in range(NRANKS):
                kv = kept_values(rules, up, tables)
                kept[up] = kv
                w_un = np.zeros((NRANKS, nh))
                w_keep = np.zeros((NRANKS, NRANKS))
                for cards in multisets:
                    prob = deal_probability(rules, cards, up)
                    if prob == 0.0:
                        continue
                    b = int(tables.burn[up][cards])
                    a, c = sorted(cards[k] for k in range(3) if k != cards.index(b))
                    if not kv.possible[b, a, c]:
                        continue
                    er += prob * kv.best[b, a, c]
                    if a == c:
                        w_keep[b, a] += prob
                    if kv.action[b, a, c] != SPLIT:
                        w_un[b, table.of((a, c))] += prob
                base_up = shoe.copy()
                base_up[up] -= 1
                # unsplit hands
                if infinite:
                    flat = payoff[np.minimum(table.total, 21)] @ opt_flat(rules, up)
                else:
                    stand_kb = unsplit_stand_cached(rules, up, base_up, payoff)
                st, hi, db, va = (np.zeros(nh) for _ in range(4))
                feas = np.zeros(nh, dtype=np.bool_)
                reach = np.zeros(nh)
                for b in range(NRANKS):
                    if not w_un[b].any():
                        continue
                    base = base_up.copy()
                    base[b] -= 1
                    if infinite:
                        sv = flat
                    else:
                        sv = np.zeros(nh)
                        sv[unsplit_hands()] = stand_kb[:, b]
                    forced = tables.play[up, b]
                    play_hands(base, table.counts, table.total, table.ncards, table.child,
                               table.order, sv, 0, 0, 0, infinite, INFINITE_PROBS, can_d,
                               forced, MONEY, -1, st, hi, db, va, feas)
                    reach_cell_sums(base, table.counts, table.ncards, table.child, table.order,
                                    st, hi, db, feas, 0, 0, 0, infinite, INFINITE_PROBS, can_d,
                                    forced, w_un[b], cells_of, False, reach, cell_sum[up])
                # split hands and resplit cells
                for p in range(NRANKS):
                    if not w_keep[:, p].any():
                        continue
                    one = one_card_only(rules, p)
                    order = split_hands(p, one)
                    base_p = base_up.copy()
                    base_p[p] -= 1
                    stand_p = None if infinite else split_stand_cached(rules, up, p, base_p,
                                                                       payoff)
                    for b in range(NRANKS):
                        w = w_keep[b, p]
                        if w == 0.0:
                            continue
                        args = (rules, p, b, base_p, None if infinite else stand_p[:, b, :],
                                opt_flat(rules, up) if infinite else None, order, payoff, can_ds)
                        forced = tables.split_play[up, b, p]
                        shape = tables.resplit[up, b, p].shape
                        for k, yes in enumerate((False, True)):
                            sv = split_value(*args, forced=forced,
                                             resplit_table=np.full(shape, yes))
                            unsplit = kv.best[b, p, p] if kv.action[b, p, p] != SPLIT else None
                            if not rules.mandatory_split and not yes and unsplit is not None:
                                rs_sum[up, p, k] += w * unsplit
                            else:
                                rs_sum[up, p, k] += w * sv.ev
                        if kv.action[b, p, p] != SPLIT:
                            continue
                        cur = kv.splits[(b, p)]
                        unseen = None if infinite else base_p - np.eye(NRANKS, dtype=np.int64)[b] \
                            - np.eye(NRANKS, dtype=np.int64)[p]
                        counts = second_card_counts(rules, p, unseen, cur.resplits)
                        tab = split_value(*args, keep_tables=True, forced=forced,
                                          resplit_table=tables.resplit[up, b, p]).tables
                        base = base_p.copy()
                        base[b] -= 1
                        ones = np.ones(nh, dtype=np.bool_)
                        for c in range(len(cj)):
                            if not counts[c].any():
                                continue
                            start = np.zeros(nh)
                            for t_ in range(NRANKS):
                                start[table.of((p, t_))] += w * counts[c, t_]
                            s_, h_, d_ = tab[(int(cj[c]), int(cu[c]))]
                            reach_cell_sums(base, table.counts, table.ncards, table.child, order,
                                            s_, h_, d_, ones, p, int(cj[c]), int(cu[c]),
                                            infinite, INFINITE_PROBS, can_ds, forced[c], start,
                                            cells_of, one, reach, cell_sum[up])
            state = (hard.tobytes(), soft.tobytes(), resplit.tobytes(), tables.burn.tobytes())
            if best is None or er > best[0] + 1e-15:
                best = (er, hard.copy(), soft.copy(), resplit.copy(), burn_vals.copy(), it + 1)
            if progress is not None:
                progress(it + 1, er)
            if state in seen:
                break
            seen.append(state)
            # the next chart: best letter per reached cell, best resplit choice, burn values
            for up in range(NRANKS):
                for cell in range(NCELLS):
                    v = cell_sum[up, cell]
                    if not v.any():
                        continue
                    order_ = (1, 0, 2, 3)  # ties: S, H, D, Ds
                    pick = order_[0]
                    for k in order_[1:]:
                        if v[k] > v[pick] + 1e-15:
                            pick = k
                    if cell < 18:
                        hard[up, cell] = pick
                    else:
                        soft[up, cell - 18] = pick
                for p in range(NRANKS):
                    if rs_sum[up, p].any():
                        resplit[up, p] = rs_sum[up, p, 1] > rs_sum[up, p, 0] + 1e-15
            burn_vals = _burn_values(rules, kept)
    er, hard, soft, resplit, burn_vals, iters = best
    return DerivedChart(rules, hard, soft, resplit, burn_vals, er, opt.expected_return,
                        iters, len(seen))


def opt_flat(rules: Rules, up: int) -> np.ndarray:
    """The infinite deck's one dealer distribution for an up card."""
    from .dealer import dealer_distribution
    return dealer_distribution(rules, up)


@dataclass(frozen=True, eq=False)
class DerivedChart:
    """A derived chart as letter arrays (see :meth:`~twentyone_burn.chart.Chart.from_arrays`)
    with its exact value.

    expected_return: the exact expected return of the chart; optimal_return: that of optimal
    composition-dependent play; iterations: iterations until the chart stopped changing.
    """

    rules: Rules
    hard: np.ndarray
    soft: np.ndarray
    resplit: np.ndarray
    burn_values: np.ndarray
    expected_return: float
    optimal_return: float
    best_iteration: int
    iterations: int

    def tables(self) -> DecisionTables:
        """The chart as decision tables."""
        return _chart_tables(self.rules, self.hard, self.soft, self.resplit, self.burn_values,
                             "the derived total-dependent chart")
