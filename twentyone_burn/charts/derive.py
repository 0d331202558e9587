"""derive: the printed total-dependent chart for a rules object, found from the exact values.

:func:`derive_chart` iterates the chart fixed point of MATH.md ("Total-dependent charts"):
every cell takes the letter with the highest reach-weighted exact EV under the chart itself,
until the chart stops changing; the result is valued exactly.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ..engine.dealer import dealer_distribution
from ..engine.game import analyze
from ..engine.player import NCELLS, HandValues, payoff_table, play_hands, reach_cell_sums
from ..engine.player_burn import (
    kept_values,
    reuse_dealer_passes,
    split_stand_cached,
    unsplit_hands,
    unsplit_stand_cached,
)
from ..engine.results import Analysis
from ..engine.split import second_card_counts, split_hands, split_value
from ..rules import Rules
from ..shoe import INFINITE_PROBS, NRANKS, deals, full_shoe
from ..tables import (
    SPLIT,
    DecisionTables,
    double_allowed,
    hand_table,
    hidden_combos,
)
from .model import HARD_TOTALS, SOFT_TOTALS, Chart

__all__ = ["DerivedChart", "derive_chart"]


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


def derive_chart(rules: Rules, progress=None, max_iterations: int = 12, *,
                 optimal: Analysis | None = None) -> DerivedChart:
    """The printed chart for these rules (MATH.md, "Total-dependent charts").

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

    An infinite deck's chart is optimal play (tests/engine/test_game.py checks it;
    the derivation takes about 8 s, so the example is not run here):

    >>> d = derive_chart(Rules(decks=None))                    # doctest: +SKIP
    >>> bool(abs(d.optimal_return - d.expected_return) < 1e-14)  # doctest: +SKIP
    True
    """

    table = hand_table()
    nh = len(table.index)
    payoff = payoff_table(rules)
    cj, cu = hidden_combos(rules.max_hands)
    can_d = double_allowed(rules, split_hands=False)
    can_ds = double_allowed(rules, split_hands=True)
    infinite = rules.infinite
    shoe = np.zeros(NRANKS, dtype=np.int64) if infinite else full_shoe(rules.decks)
    with reuse_dealer_passes():
        opt = optimal if optimal is not None else analyze(rules)
        burn_vals = _burn_values(rules, opt.kept)
        hard, soft = _initial_letters()
        resplit = np.zeros((NRANKS, NRANKS), dtype=np.bool_)
        seen: list[tuple] = []
        best = None
        tables = _chart_tables(rules, hard, soft, resplit, burn_vals, "derived chart")
        for it in range(max_iterations):
            cell_sum = np.zeros((NRANKS, NCELLS, 4))
            rs_sum = np.zeros((NRANKS, NRANKS, 2))
            kept = {}
            er = 0.0
            for up in range(NRANKS):
                kv = kept_values(rules, up, tables)
                kept[up] = kv
                w_un = np.zeros((NRANKS, nh))
                w_keep = np.zeros((NRANKS, NRANKS))
                for _, cards, prob in deals(rules, up):
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
                    st, hi, db, _, feas = play_hands(base, sv, infinite=infinite,
                                                     can_double=can_d, forced=forced, out=vals)
                    reach_cell_sums(base, (st, hi, db, feas), infinite=infinite,
                                    can_double=can_d, forced=forced, start=w_un[b],
                                    reach=reach, out=cell_sum[up])
                # split hands and resplit cells
                for p in range(NRANKS):
                    if not w_keep[:, p].any():
                        continue
                    one = rules.one_card_split(p)
                    order = split_hands(p, one)
                    base_p = base_up.copy()
                    base_p[p] -= 1
                    stand_p = None if infinite else split_stand_cached(rules, up, p, base_p,
                                                                       payoff)
                    for b in range(NRANKS):
                        w = w_keep[b, p]
                        if w == 0.0:
                            continue
                        assert infinite or stand_p is not None
                        args = (rules, p, b, base_p,
                                None if stand_p is None else stand_p[:, b, :],
                                _opt_flat(rules, up) if infinite else None, order, payoff, can_ds)
                        forced = tables.split_play[up, b, p]
                        shape = tables.resplit[up, b, p].shape
                        for k, yes in enumerate((False, True)):
                            sv = split_value(*args, forced=forced,
                                             resplit_table=np.full(shape, yes))
                            unsplit = kv.best[b, p, p] if kv.action[b, p, p] != SPLIT else None
                            if not rules.must_split(p, p) and not yes and unsplit is not None:
                                rs_sum[up, p, k] += w * unsplit
                            else:
                                assert sv is not None  # a kept pair of a possible deal
                                rs_sum[up, p, k] += w * sv.ev
                        if kv.action[b, p, p] != SPLIT:
                            continue
                        cur = kv.splits[(b, p)]
                        unseen = None if infinite else base_p - np.eye(NRANKS, dtype=np.int64)[b] \
                            - np.eye(NRANKS, dtype=np.int64)[p]
                        counts = second_card_counts(rules, p, unseen, cur.resplits)
                        kept_split = split_value(*args, keep_tables=True, forced=forced,
                                                 resplit_table=tables.resplit[up, b, p])
                        assert kept_split is not None and kept_split.tables is not None
                        tab = kept_split.tables
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
                            reach_cell_sums(base, (s_, h_, d_, ones), order=order, pair=p,
                                            j=int(cj[c]), u=int(cu[c]), infinite=infinite,
                                            can_double=can_ds, forced=forced[c], start=start,
                                            skip_two=one, reach=reach, out=cell_sum[up])
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
            tables = _chart_tables(rules, hard, soft, resplit, burn_vals, "derived chart")
            if (hard.tobytes(), soft.tobytes(), resplit.tobytes(),
                    tables.burn.tobytes()) == state:
                break   # a fixed point: valuing the same chart again would change nothing
    assert best is not None  # max_iterations >= 1
    er, hard, soft, resplit, burn_vals, iters = best
    return DerivedChart(rules, hard, soft, resplit, burn_vals, er, opt.expected_return,
                        iters, len(seen))


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
                             "the derived total-dependent chart")
