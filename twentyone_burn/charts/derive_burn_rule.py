"""derive_burn_rule: the short burn rule for a chart, found from the exact kept-hand values.

The chart's play (hit / stand / double / split tables) does not depend on the burn, so the
exact value of every burn of every deal under that play is one engine pass per up card
(:func:`burn_option_values`: the engine's
:func:`~twentyone_burn.engine.player_burn.kept_values` with the chart's tables). Any burn rule
played with the chart is then worth exactly the probability-weighted sum of the values of the
burns it picks (:func:`rule_value`, the same sum :func:`~twentyone_burn.engine.game.analyze`
makes), so candidate rules are compared exactly and fast.

:func:`derive_burn_rule` searches rules of the grammar of
:mod:`twentyone_burn.charts.burn_rule` over the 34 kept-hand groups (hard totals 5-19, the
soft hands A2 ... AT, the pairs):

1. one ranking for every up card: the groups by their average value, improved by moving one
   group at a time to the place that raises the exact value most, until no move does;
2. the tail the ``else`` line plays as well: the lowest groups are dropped while that costs
   less than ``drop_tolerance``;
3. ``keep`` lines: the ranking in order, runs of three or more totals or hands written as
   ranges, cut into lines of at most ``width`` characters;
4. ``v`` lines, greedily: each the one move (a group just before or after another, against a
   run of up cards) that buys the most, until ``max_lines`` lines or a line buys less than
   ``min_gain``.

The rule is printed, parsed back and valued from its text, so the rule reported is the rule
the text says.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from ..engine.player_burn import kept_values, reuse_dealer_passes
from ..notation import KEPT_HANDS, kept_hand_name, kept_kind, kept_ranks
from ..rules import Rules
from ..shoe import BURN_VALUES, deals
from ..tables import DecisionTables
from .burn_rule import BurnRule, Move, parse_burn_rule, parse_term
from .model import UP_RANK, Chart

__all__ = ["BurnOptions", "BurnRuleStep", "DerivedBurnRule", "burn_option_values",
           "derive_burn_rule", "rule_value"]


@dataclass(frozen=True, eq=False)
class BurnOptions:
    """The exact value of every burn of every deal under one strategy's play.

    Arrays over the deals (up card, three player ranks ascending): ``up[n]``, ``cards[n]``,
    ``probability[n]``; over the three cards: ``burned[n, i]`` (= ``cards[n, i]``),
    ``kept[n, i]`` (the kept hand's chart name), ``value[n, i]`` (EV per initial wager of
    burning card i and playing the kept hand by the strategy's tables).
    """

    rules: Rules
    up: np.ndarray
    cards: np.ndarray
    probability: np.ndarray
    burned: np.ndarray
    kept: np.ndarray
    value: np.ndarray
    name: str

    def value_of(self, burn: np.ndarray) -> float:
        """Exact expected return of a burn table ``burn[up, c1, c2, c3]`` with this play."""
        b = burn[self.up, self.cards[:, 0], self.cards[:, 1], self.cards[:, 2]]
        pick = (self.burned == b[:, None]).argmax(axis=1)
        return float(self.probability @ self.value[np.arange(len(b)), pick])

    @property
    def best_return(self) -> float:
        """The best any burn can do with this play (every deal's best burn)."""
        return float(self.probability @ self.value.max(axis=1))


def burn_option_values(tables: DecisionTables) -> BurnOptions:
    """The value of every burn of every deal under the play of ``tables`` (the burn table
    itself is not used), one exact engine pass per up card.

    >>> from twentyone_burn.rules import Rules
    >>> c = Chart.simple(Rules(decks=None))
    >>> o = burn_option_values(c.to_tables())
    >>> from twentyone_burn.engine.game import analyze
    >>> abs(o.value_of(c.to_tables().burn) - analyze(c.rules, tables=c.to_tables())
    ...     .expected_return) < 1e-12
    True
    """
    rules = tables.rules
    ups, cards, probs, burned, kept, value = [], [], [], [], [], []
    with reuse_dealer_passes():
        for up in range(10):
            kv = kept_values(rules, up, tables)
            for _, cs, p in deals(rules, up):
                ups.append(up)
                cards.append(cs)
                probs.append(p)
                row_k, row_v = [], []
                for i in range(3):
                    a, c = sorted(cs[k] for k in range(3) if k != i)
                    row_k.append(kept_hand_name(a, c))
                    v = kv.best[cs[i], a, c]
                    row_v.append(float(v) if np.isfinite(v) else -np.inf)  # not dealt
                burned.append(cs)
                kept.append(row_k)
                value.append(row_v)
    return BurnOptions(rules, np.array(ups), np.array(cards), np.array(probs),
                       np.array(burned), np.array(kept), np.array(value), tables.name)


def rule_value(options: BurnOptions, rule: BurnRule) -> float:
    """Exact expected return of the burn rule played with the options' play.

    >>> from twentyone_burn.rules import Rules
    >>> o = burn_option_values(Chart.simple(Rules(decks=None)).to_tables())
    >>> rule_value(o, parse_burn_rule("keep AT, A9, 11")) > rule_value(o, parse_burn_rule(""))
    True
    """
    return options.value_of(rule.burn_table())


# -- the search, over kept-hand groups (atoms) ----------------------------------------------------
def _atoms() -> list[tuple[str, tuple[str, ...]]]:
    """(text, hands) of the 34 groups: hard totals 5-19, soft hands A2 ... AT, pairs."""
    # a hard total's hands are what the rule's grammar says the term names
    out = [(str(total), parse_term(str(total)).groups[0]) for total in range(5, 20)]
    out += [(h, (h,)) for h in KEPT_HANDS if kept_kind(h) == "soft"]
    out += [(h, (h,)) for h in KEPT_HANDS if kept_kind(h) == "pair"]
    return out


class _Search:
    """Exact values of atom rankings (per-up lists of atom indices; absent = unranked)."""

    def __init__(self, options: BurnOptions) -> None:
        self.atoms = _atoms()
        atom_of = {h: i for i, (_, hands) in enumerate(self.atoms) for h in hands}
        self.n = len(self.atoms)
        a = np.vectorize(atom_of.get)(options.kept)
        bv = BURN_VALUES[options.burned]
        self.per_up = []
        for up in range(10):
            m = options.up == up
            self.per_up.append((a[m], bv[m], options.value[m], options.probability[m]))
        self.all_deals = (a, bv, options.value, options.probability)

    def up_value(self, up: int, order: list[int]) -> float:
        atoms, bv, value, prob = self.per_up[up]
        place = np.full(self.n, self.n)
        place[order] = np.arange(len(order))
        key = place[atoms] * 100 - bv
        pick = key.argmin(axis=1)
        return float(prob @ value[np.arange(len(prob)), pick])

    def value(self, orders: list[list[int]]) -> float:
        return sum(self.up_value(u, orders[u]) for u in range(10))

    def same_value(self, order: list[int]) -> float:
        """The value of one order against every up card."""
        atoms, bv, value, prob = self.all_deals
        place = np.full(self.n, self.n)
        place[order] = np.arange(len(order))
        pick = (place[atoms] * 100 - bv).argmin(axis=1)
        return float(prob @ value[np.arange(len(prob)), pick])


def _move(order: list[int], x: int, anchor: int, before: bool) -> list[int] | None:
    rest = [a for a in order if a != x]
    if anchor not in rest:
        return None
    k = rest.index(anchor) + (0 if before else 1)
    return rest[:k] + [x] + rest[k:]


def _base_ranking(s: _Search, options: BurnOptions) -> list[int]:
    """One order for every up card: by average value, then single-group moves while one
    raises the exact value."""
    avg = np.zeros(s.n)
    w = np.zeros(s.n)
    for atoms, _, value, prob in s.per_up:
        ok = np.isfinite(value)
        np.add.at(avg, atoms[ok], (prob[:, None] * np.where(ok, value, 0))[ok])
        np.add.at(w, atoms[ok], np.broadcast_to(prob[:, None], atoms.shape)[ok])
    order = [int(i) for i in np.argsort(-(avg / np.maximum(w, 1e-300)), kind="stable")]
    cur = s.same_value(order)
    improved = True
    while improved:
        improved = False
        for x in list(order):
            best = (cur, order)
            for k in range(s.n):
                rest = [a for a in order if a != x]
                cand = rest[:k] + [x] + rest[k:]
                v = s.same_value(cand)
                if v > best[0] + 1e-15:
                    best = (v, cand)
            if best[1] is not order:
                cur, order = best
                improved = True
    return order


def _terms(s: _Search, order: list[int]) -> list[str]:
    """The ranking as terms: runs of three or more consecutive hard totals, soft hands or pairs
    (not AA) in one direction become ranges."""
    def key(i: int) -> tuple[str, int] | None:
        text = s.atoms[i][0]
        if text.isdigit():
            return ("hard", int(text))
        if text == "AA":
            return None
        kind = kept_kind(text)
        return (kind, max(kept_ranks(text)))

    out: list[str] = []
    i = 0
    while i < len(order):
        j = i + 1
        k0 = key(order[i])
        if k0 is not None and j < len(order):
            k1 = key(order[j])
            if k1 is not None and k1[0] == k0[0] and abs(k1[1] - k0[1]) == 1:
                step = k1[1] - k0[1]
                while j < len(order):
                    kj = key(order[j])
                    if kj is None or kj[0] != k0[0] or kj[1] - k0[1] != step * (j - i):
                        break
                    j += 1
        first, last = s.atoms[order[i]][0], s.atoms[order[j - 1]][0]
        if j - i >= 3:
            out.append(f"{first}-{last}")
        else:
            out += [s.atoms[order[k]][0] for k in range(i, j)]
        i = j
    return out


def _keep_lines(terms: list[str], width: int) -> list[str]:
    lines: list[str] = []
    cur = ""
    for t in terms:
        cand = f"{cur}, {t}" if cur else f"keep {t}"
        if cur and len(cand) > width:
            lines.append(cur)
            cur = f"keep {t}"
        else:
            cur = cand
    if cur:
        lines.append(cur)
    return lines


@dataclass(frozen=True)
class BurnRuleStep:
    """The rule of its first ``lines`` lines: the line added, exact value, cost vs the chart."""

    lines: int
    text: str
    expected_return: float
    cost_vs_chart: float
    gain: float


@dataclass(frozen=True, eq=False)
class DerivedBurnRule:
    """A derived burn rule with its exact figures (expected returns per initial wager).

    rule: the parsed rule. steps: one :class:`BurnRuleStep` per number of lines (0 = the
    ``else`` line alone). chart_return: the chart's own burn table with its play;
    best_return: every deal's best burn with the chart's play (no rule can beat it).
    """

    rules: Rules
    rule: BurnRule
    expected_return: float
    chart_return: float
    best_return: float
    steps: tuple[BurnRuleStep, ...]

    @property
    def cost_vs_chart(self) -> float:
        """What the short rule costs against the chart's burn table, per initial wager."""
        return self.chart_return - self.expected_return


def derive_burn_rule(chart: Chart, max_lines: int = 11, width: int = 64,
                     min_gain: float = 1e-6, drop_tolerance: float = 1e-6,
                     options: BurnOptions | None = None,
                     progress: Callable[[int, float], None] | None = None) -> DerivedBurnRule:
    """The short burn rule for ``chart`` (see the module's notes for the search).

    max_lines: the most rule lines (the ``else`` line comes on top); width: the longest
    ``keep`` line; min_gain: the least a ``v`` line must buy (per initial wager);
    drop_tolerance: the most that leaving the ranking's tail to the ``else`` line may cost.
    ``options``: :func:`burn_option_values` of the chart's tables, if already computed.
    ``progress(lines, expected_return)`` is called as lines are added.

    >>> from twentyone_burn.rules import Rules
    >>> d = derive_burn_rule(Chart.simple(Rules(decks=None)), max_lines=3)
    >>> len(d.rule.lines) <= 4 and d.expected_return <= d.best_return + 1e-12
    True
    """
    o = options if options is not None else burn_option_values(chart.to_tables())
    s = _Search(o)
    chart_return = o.value_of(chart.to_tables().burn)
    order = _base_ranking(s, o)
    full = s.same_value(order)
    while order and full - s.same_value(order[:-1]) <= drop_tolerance:
        order = order[:-1]
    lines = _keep_lines(_terms(s, order), width)[:max_lines]
    # the v lines: greedy, each the best single move against a run of up cards
    parsed = parse_burn_rule("\n".join(lines))
    orders = [[_atom_index(s, g) for g in parsed.ranking(u)] for u in range(10)]
    runs = [tuple(UP_RANK[i:j]) for i in range(10) for j in range(i + 1, 11)]
    while len(lines) < max_lines:
        cur = [s.up_value(u, orders[u]) for u in range(10)]
        gains: dict[tuple[int, int, bool], np.ndarray] = {}
        for x in range(s.n):
            for y in range(s.n):
                if x == y:
                    continue
                for before in (True, False):
                    g = np.zeros(10)
                    for u in range(10):
                        new = _move(orders[u], x, y, before)
                        if new is None:
                            g[:] = -np.inf
                            break
                        g[u] = s.up_value(u, new) - cur[u]
                    gains[(x, y, before)] = g
        best = max(((float(g[list(run)].sum()), key, run) for key, g in gains.items()
                    for run in runs), key=lambda t: t[0])
        gain, (x, y, before), run = best
        if gain < min_gain:
            break
        # printed by the grammar itself, so the line says what was searched
        lines.append(Move(tuple(sorted(run)), parse_term(s.atoms[x][0]), before,
                          parse_term(s.atoms[y][0])).text())
        for u in run:
            moved = _move(orders[u], x, y, before)
            assert moved is not None
            orders[u] = moved
        if progress is not None:
            progress(len(lines), s.value(orders))
    rule = parse_burn_rule("\n".join(lines), name="short burn rule")
    er = rule_value(o, rule)
    assert abs(er - s.value(orders)) < 1e-12, "the printed rule is not the rule searched"
    steps = [BurnRuleStep(0, "(else line only)", rule_value(o, rule.prefix(0)),
                          chart_return - rule_value(o, rule.prefix(0)), 0.0)]
    for k in range(1, len(rule.lines) + 1):
        v = rule_value(o, rule.prefix(k))
        steps.append(BurnRuleStep(k, rule.lines[k - 1].text(), v, chart_return - v,
                                  v - steps[-1].expected_return))
    return DerivedBurnRule(chart.rules, rule, er, chart_return, o.best_return, tuple(steps))


def _atom_index(s: _Search, group: tuple[str, ...]) -> int:
    for i, (_, hands) in enumerate(s.atoms):
        if set(group) <= set(hands):
            return i
    raise AssertionError(group)
