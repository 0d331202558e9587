"""derive: the printed total-dependent chart for a rules object, found from the exact values.

:func:`derive_chart` iterates the chart fixed point (docs/charts.md):
every cell takes the letter with the highest reach-weighted exact EV under the chart itself,
until the chart stops changing; the result is valued exactly.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass
from typing import NamedTuple

import numpy as np

from ..engine.dealer import dealer_distribution
from ..engine.game import analyze
from ..engine.player import (
    NCELLS,
    HandValues,
    payoff_table,
    play_hands,
    play_hands_lanes,
    reach_cell_sums,
)
from ..engine.player_burn import (
    KeptValues,
    given_kept_values,
    kept_values,
    reuse_dealer_passes,
    split_stand_cached,
    unsplit_hands,
    unsplit_stand_cached,
)
from ..engine.results import Analysis
from ..engine.split import SplitValue, pattern_value, second_card_counts, split_hands
from ..rules import Rules
from ..shoe import INFINITE_PROBS, NRANKS, deals, full_shoe
from ..tables import (
    DOUBLE,
    SPLIT,
    DecisionTables,
    HiddenCombos,
    double_allowed,
    hand_table,
    hidden_combos,
)
from .model import HARD_TOTALS, SOFT_TOTALS, Chart

__all__ = ["DerivedChart", "ValuedChart", "derive_and_analyze", "derive_chart"]


# -- printed charts -----------------------------------------------------------------------------


def _chart_tables(rules: Rules, hard: np.ndarray, soft: np.ndarray, resplit: np.ndarray,
                  burn_values: np.ndarray, name: str) -> DecisionTables:
    """Letter arrays (see :meth:`twentyone_burn.charts.model.Chart.from_arrays`) as decision tables,
    through the chart's own expansion so that a derived chart and a printed one are valued
    alike."""
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
    pb = _burn_probs(rules.decks)
    out = np.zeros((NRANKS, NRANKS, NRANKS))
    for up in range(NRANKS):
        # vals[a, c]: the kept hand's EV for every burned rank, one contiguous row each (the
        # same numbers, and so the same dot products, as a copy of each column)
        vals = np.ascontiguousarray(np.nan_to_num(kept[up].best, nan=0.0).transpose(1, 2, 0))
        for a in range(NRANKS):
            for c in range(NRANKS):
                out[up, a, c] = float(pb[up, a, c] @ vals[a, c])
    return out


@functools.cache
def _burn_probs(decks: int | None) -> np.ndarray:
    """pb[up, a, c]: the burned card's distribution given the up card and the kept ranks a, c
    (the shoe less those three; an infinite deck's is the same everywhere)."""
    out = np.empty((NRANKS, NRANKS, NRANKS, NRANKS))
    for up in range(NRANKS):
        for a in range(NRANKS):
            for c in range(NRANKS):
                if decks is None:
                    out[up, a, c] = INFINITE_PROBS
                else:
                    n = full_shoe(decks)
                    for x in (up, a, c):
                        n[x] -= 1
                    out[up, a, c] = np.clip(n, 0, None) / max(int(np.clip(n, 0, None).sum()), 1)
    out.setflags(write=False)
    return out


def derive_chart(rules: Rules, progress: Callable[[int, float], None] | None = None,
                 max_iterations: int = 12, *, optimal: Analysis | None = None) -> DerivedChart:
    """The printed chart for these rules (the fixed point of docs/charts.md).

    Each cell (hard or soft total, up card) takes the letter with the highest EV summed over
    every composition that reaches the cell under the chart itself, weighted by how often it is
    reached - unsplit hands and split hands alike; each pair's resplit cell takes whichever of
    "always resplit" / "never" gives its splits the higher exact EV; the burn values are the
    exact values of each kept two-card hand played by the chart. Repeated until the chart no
    longer changes (or ``max_iterations``; then the best chart seen, by exact EV, is kept).
    Returns (letters, resplit, burn_values, expected return, iterations) as
    :class:`DerivedChart`.

    The iteration starts from a basic strategy (stand on 17+, double 10-11, stand on soft
    19+, burn by optimal play's values); it is a local search, so another start could end at
    another fixed point. A chart that maps to itself ends the iteration at once (it is not
    valued twice). ``optimal``: optimal play's analysis of these rules, when already run.

    An up card's work depends only on the chart's column for it (its letters and its burns),
    and after the first iterations most columns stop changing: a column already valued is not
    valued again (:class:`_Column`), so a later iteration values only the columns that moved,
    with the very numbers a new valuation would give.

    An infinite deck's chart is optimal play (tests/engine/test_game.py checks it;
    the derivation takes a few seconds, so the example is not run here):

    >>> d = derive_chart(Rules(decks=None))                    # doctest: +SKIP
    >>> bool(abs(d.optimal_return - d.expected_return) < 1e-14)  # doctest: +SKIP
    True
    """
    return _derive(rules, progress, max_iterations, optimal)[0]


class ValuedChart(NamedTuple):
    """A derived chart with its exact analysis and optimal play's (:func:`derive_and_analyze`)."""

    chart: DerivedChart
    analysis: Analysis
    optimal: Analysis


def derive_and_analyze(rules: Rules, progress: Callable[[int, float], None] | None = None, *,
                       optimal: Analysis | None = None) -> ValuedChart:
    """:func:`derive_chart`, the chart's exact analysis ``analyze(rules,
    tables=chart.tables())`` and optimal play's (``optimal``, or the one the derivation
    runs): the very figures, the chart's from the kept hands' values the derivation found for
    it (they are not computed again).

    >>> v = derive_and_analyze(Rules(decks=None))                # doctest: +SKIP
    >>> again = analyze(v.chart.rules, tables=v.chart.tables())  # doctest: +SKIP
    >>> v.analysis.expected_return == again.expected_return       # doctest: +SKIP
    True
    """
    chart, tables, kept, opt = _derive(rules, progress, 12, optimal)
    with given_kept_values(tables, kept):
        return ValuedChart(chart, analyze(rules, tables=tables), opt)


def _derive(rules: Rules, progress: Callable[[int, float], None] | None, max_iterations: int,
            optimal: Analysis | None
            ) -> tuple[DerivedChart, DecisionTables, dict[int, KeptValues], Analysis]:
    """The derivation: the chart, its decision tables and kept values (of every up card), and
    optimal play's analysis it started from."""
    # the passes of these rules are kept for the whole derivation, also inside a block that
    # keeps only another pass group's (a rule variation's chart in the base rules' report)
    with reuse_dealer_passes(rules):
        opt = optimal if optimal is not None else analyze(rules)
        burn_vals = _burn_values(rules, opt.kept)
        hard, soft = _initial_letters()
        resplit = np.zeros((NRANKS, NRANKS), dtype=np.bool_)
        seen: list[tuple] = []
        best = None
        columns = _Columns(rules)
        tables = _chart_tables(rules, hard, soft, resplit, burn_vals, CHART_NAME)
        for it in range(max_iterations):
            cell_sum = np.zeros((NRANKS, NCELLS, 4))
            rs_sum = np.zeros((NRANKS, NRANKS, 2))
            kept = {}
            er = 0.0
            for up in range(NRANKS):
                col = columns.value(up, tables, (hard[up].tobytes(), soft[up].tobytes(),
                                                 resplit[up].tobytes(),
                                                 tables.burn[up].tobytes()))
                kept[up] = col.kept
                for term in col.terms:      # the deals' sum in the order it always had
                    er += term
                cell_sum[up] = col.cells
                rs_sum[up] = col.resplits
            state = (hard.tobytes(), soft.tobytes(), resplit.tobytes(), tables.burn.tobytes())
            if best is None or er > best[0] + 1e-15:
                best = (er, hard.copy(), soft.copy(), resplit.copy(), burn_vals.copy(), it + 1,
                        tables, kept)
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
            tables = _chart_tables(rules, hard, soft, resplit, burn_vals, CHART_NAME)
            if (hard.tobytes(), soft.tobytes(), resplit.tobytes(),
                    tables.burn.tobytes()) == state:
                break   # a fixed point: valuing the same chart again would change nothing
    assert best is not None  # max_iterations >= 1
    er, hard, soft, resplit, burn_vals, iters, best_tables, best_kept = best
    return (DerivedChart(rules, hard, soft, resplit, burn_vals, er, opt.expected_return, iters,
                         len(seen)), best_tables, best_kept, opt)


#: the name of a derived chart's decision tables
CHART_NAME = "the derived total-dependent chart"


@dataclass(frozen=True)
class _Column:
    """One up card's part of a chart's valuation: the kept hands' values under the chart
    (``kept``), the products probability x EV of its deals in the order they are summed
    (``terms``), the reach-weighted EVs of every letter of its cells (``cells[cell, letter]``)
    and of "never" / "always" resplitting each pair (``resplits[pair, k]``)."""

    kept: KeptValues
    terms: tuple[float, ...]
    cells: np.ndarray
    resplits: np.ndarray


class _Columns:
    """The up cards' columns of one derivation, each valued once per distinct column.

    A column's work reads only the chart's tables for that up card (play, split play,
    resplits, split choice: its letters; the burns: its burn table), so the letters and the
    burns of the column are its key; the few last columns of each up card are kept (an
    iteration that ends in a cycle returns to one of them).
    """

    KEEP = 3

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.memo: list[dict[tuple, _Column]] = [{} for _ in range(NRANKS)]
        self.table = hand_table()
        self.payoff = payoff_table(rules)
        self.combos = hidden_combos(rules.max_hands)
        self.combo_index = {(int(j), int(u)): i for i, (j, u) in enumerate(zip(*self.combos))}
        self.can_d = double_allowed(rules, split_hands=False)
        self.can_ds = double_allowed(rules, split_hands=True)
        self.shoe = np.zeros(NRANKS, dtype=np.int64) if rules.infinite else \
            full_shoe(rules.decks)

    def value(self, up: int, tables: DecisionTables, key: tuple) -> _Column:
        """The column of ``up`` under ``tables`` (whose column for ``up`` ``key`` names)."""
        memo = self.memo[up]
        col = memo.get(key)
        if col is None:
            col = self._value(up, tables)
            memo[key] = col
            while len(memo) > self.KEEP:
                del memo[next(iter(memo))]
        return col

    def _value(self, up: int, tables: DecisionTables) -> _Column:
        rules, table, payoff = self.rules, self.table, self.payoff
        nh = len(table.index)
        cj, cu = self.combos
        infinite = rules.infinite
        can_d, can_ds = self.can_d, self.can_ds
        kv = kept_values(rules, up, tables)
        cells = np.zeros((NCELLS, 4))
        rs = np.zeros((NRANKS, 2))
        terms = []
        w_un = np.zeros((NRANKS, nh))
        w_keep = np.zeros((NRANKS, NRANKS))
        for _, cards, prob in deals(rules, up):
            b = int(tables.burn[up][cards])
            a, c = sorted(cards[k] for k in range(3) if k != cards.index(b))
            if not kv.possible[b, a, c]:
                continue
            terms.append(prob * kv.best[b, a, c])
            if a == c:
                w_keep[b, a] += prob
            if kv.action[b, a, c] != SPLIT:
                w_un[b, table.of((a, c))] += prob
        base_up = self.shoe.copy()
        base_up[up] -= 1
        # unsplit hands
        if infinite:
            flat = payoff[np.minimum(table.total, 21)] @ _opt_flat(rules, up)
        else:
            stand_kb = unsplit_stand_cached(rules, up, base_up, payoff)
        vals = HandValues.empty()
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
            st, hi, db, _, feas = play_hands(base, sv, infinite=infinite, can_double=can_d,
                                             forced=forced, out=vals)
            reach_cell_sums(base, (st, hi, db, feas), infinite=infinite, can_double=can_d,
                            forced=forced, start=w_un[b], reach=reach, out=cells)
        # split hands and resplit cells
        for p in range(NRANKS):
            if not w_keep[:, p].any():
                continue
            one = rules.one_card_split(p)
            order = split_hands(p, one)
            base_p = base_up.copy()
            base_p[p] -= 1
            stand_p = None if infinite else split_stand_cached(rules, up, p, base_p, payoff)
            for b in range(NRANKS):
                w = w_keep[b, p]
                if w == 0.0:
                    continue
                # the chart's split of this pair, valued by kept_values for every burn
                cur = kv.splits[(b, p)]
                unseen = None if infinite else base_p - np.eye(NRANKS, dtype=np.int64)[b] \
                    - np.eye(NRANKS, dtype=np.int64)[p]
                own = bool(tables.resplit[up, b, p].any())
                for k, yes in enumerate((False, True)):
                    unsplit = kv.best[b, p, p] if kv.action[b, p, p] != SPLIT else None
                    if not rules.must_split(p, p) and not yes and unsplit is not None:
                        rs[p, k] += w * unsplit
                    else:
                        rs[p, k] += w * self._split_ev(p, unseen, cur, yes, own)
                if kv.action[b, p, p] != SPLIT:
                    continue
                forced = tables.split_play[up, b, p]
                counts = second_card_counts(rules, p, unseen, cur.resplits)
                base = base_p.copy()
                base[b] -= 1
                ones = np.ones(nh, dtype=np.bool_)
                # the split hands' stand / hit / double EVs for every hidden combination
                # that takes a second card (nothing is hidden from an infinite deck: its
                # combination 0 serves all)
                used = [0] if infinite else [c for c in range(len(cj)) if counts[c].any()]
                if not used:
                    continue
                stand = np.zeros((nh, len(used)))
                if stand_p is None:
                    stand[:, 0] = flat
                else:
                    stand[order] = stand_p[:, b, used]
                hv = play_hands_lanes(base, stand, order=order, pair=p,
                                      combos=HiddenCombos(cj[used], cu[used]),
                                      infinite=infinite, can_double=can_ds,
                                      forced=forced[used].T)
                for c in range(len(cj)):
                    if not counts[c].any():
                        continue
                    start = np.zeros(nh)
                    for t_ in range(NRANKS):
                        start[table.of((p, t_))] += w * counts[c, t_]
                    lane = 0 if infinite else used.index(c)
                    reach_cell_sums(base, (np.ascontiguousarray(hv.stand[:, lane]),
                                           np.ascontiguousarray(hv.hit[:, lane]),
                                           np.ascontiguousarray(hv.double[:, lane]), ones),
                                    order=order, pair=p, j=int(cj[c]), u=int(cu[c]),
                                    infinite=infinite, can_double=can_ds, forced=forced[c],
                                    start=start, skip_two=one, reach=reach, out=cells)
        return _Column(kv, tuple(terms), cells, rs)

    def _split_ev(self, pair: int, unseen: np.ndarray | None, split: SplitValue, yes: bool,
                  own: bool) -> float:
        """The EV of the chart's split of ``pair`` (``split``, whose resplits are the chart's
        cell ``own``) when it always (``yes``) or never resplits: the split's own value where
        that is the chart's choice or the pair may not resplit, else the backward induction
        over the second cards run again on the same split hands' values (they do not depend
        on the resplits)."""
        if yes == own or not self.rules.may_resplit(pair):
            return float(split.ev)
        shape = (self.rules.max_hands + 1, self.rules.max_hands + 1, 2 * self.rules.max_hands,
                 self.rules.max_hands + 1)
        return pattern_value(self.rules, pair, unseen, split.hand_ev,
                             np.where(split.hand_action == DOUBLE, 2.0, 1.0), self.combo_index,
                             np.full(shape, yes)).ev


def _opt_flat(rules: Rules, up: int) -> np.ndarray:
    """The infinite deck's one dealer distribution for an up card."""
    return dealer_distribution(rules, up)


@dataclass(frozen=True, eq=False)
class DerivedChart:
    """A derived chart as letter arrays (see :meth:`~twentyone_burn.charts.model.Chart.from_arrays`)
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
                             CHART_NAME)
