"""variations: the rule-effect table - one exact analysis of the base rules per rule change.

>>> [v.label for v in variation_specs(Rules()) if v.group == "dealer"]
['dealer stands on soft 17']
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import pandas as pd

from ..engine.game import analyze
from ..engine.results import Analysis
from ..rules import Rules
from .statistics import headline_figures

__all__ = ["ChartFigures", "Optimal", "VariationSpec", "variation_specs", "variation_table"]

#: the columns of the rule-effect table, in order
_COLUMNS = ["group", "variation", "changes", "is_base", "rules_hash", "expected_return",
            "house_edge", "element_of_risk", "average_total_wager", "change"]
#: the columns a chart's table adds: optimal play beside the chart
_CHART_COLUMNS = ["optimal_expected_return", "optimal_house_edge", "cost"]


@dataclass(frozen=True)
class VariationSpec:
    """One row of the rule-effect table: the base rules with ``changes`` applied.

    >>> v = VariationSpec("decks", "1 deck", {"decks": 1}); v.apply(Rules()).decks
    1
    """

    group: str
    label: str
    changes: dict[str, Any]

    def apply(self, base: Rules) -> Rules:
        """The base rules with this variation's changes (validated by :class:`Rules`)."""
        return base.replace(**self.changes)


def variation_specs(base: Rules) -> list[VariationSpec]:
    """Every rule variation the report values, relative to ``base``.

    Deck counts 1/2/4/6/8/infinite, max hands 2/3/4 and the three doubling rules are listed
    in full (the row equal to the base is marked in the report); the yes/no rules appear as the
    opposite of the base: S17 (or H17), resplit aces, double after split, optional (or
    mandatory) split, and the game-design knobs dealer 22 pushes and ties lose; then the
    dealer's three burns (the base's is marked), dealer 22 and 23 push, and wins paying 4:5.

    >>> [v.label for v in variation_specs(Rules())][:6]
    ['1 deck', '2 decks', '4 decks', '6 decks', '8 decks', 'infinite deck']
    >>> len(variation_specs(Rules()))
    23
    """
    b = base
    out = [VariationSpec("decks", f"{d} deck{'s' if d != 1 else ''}", {"decks": d})
           for d in (1, 2, 4, 6, 8)]
    out.append(VariationSpec("decks", "infinite deck", {"decks": None}))
    out.append(VariationSpec("dealer", "dealer hits soft 17", {"hit_soft_17": True})
               if not b.hit_soft_17 else
               VariationSpec("dealer", "dealer stands on soft 17", {"hit_soft_17": False}))
    out += [VariationSpec("splits", f"at most {m} hands" + (" (no resplits)" if m == 2 else ""),
                          {"max_hands": m}) for m in (2, 3, 4)]
    out.append(VariationSpec("splits", "split aces may not resplit", {"resplit_aces": False})
               if b.resplit_aces else
               VariationSpec("splits", "split aces may resplit", {"resplit_aces": True}))
    out.append(VariationSpec("splits", "mandatory split of a kept pair",
                             {"mandatory_split": True})
               if not b.mandatory_split else
               VariationSpec("splits", "optional split (player's choice)",
                             {"mandatory_split": False}))
    out.append(VariationSpec("doubling", "double after split", {"double_after_split": True})
               if not b.double_after_split else
               VariationSpec("doubling", "no double after split", {"double_after_split": False}))
    out += [VariationSpec("doubling", label, {"double_on": d}) for d, label in
            (("any", "double on any two cards"), ("9-11", "double on hard 9-11 only"),
             ("10-11", "double on hard 10-11 only"))]
    out.append(VariationSpec("game design", "dealer 22 does not push",
                             {"dealer_bust_push": None})
               if b.dealer_bust_push else
               VariationSpec("game design", "dealer 22 pushes", {"dealer_bust_push": 22}))
    out.append(VariationSpec("game design", "ties push", {"ties_lose_from": None})
               if b.ties_lose_from else
               VariationSpec("game design", "ties lose", {"ties_lose_from": 17}))
    # the knobs that can make the game dealable (docs/design.md): the dealer's burn, a
    # second pushing bust total, a payout below even money
    out += [VariationSpec("game design", label, {"dealer_burn": burn}) for burn, label in
            (("highest", "dealer burns its highest card"),
             ("lowest", "dealer burns its lowest card"), ("none", "dealer burns no card"))]
    if b.dealer_bust_push != 23:
        out.append(VariationSpec("game design", "dealer 22 and 23 push", {"dealer_bust_push": 23}))
    if b.win_pays == 1:
        out.append(VariationSpec("game design", "wins pay 4:5", {"win_pays": "4:5"}))
    return out


#: optimal play's analysis of a row's rules, or its four headline figures (as
#: :func:`~.statistics.headline_figures` gives them) where they are known without one
Optimal = Analysis | Mapping[str, float]


def variation_table(base: Rules, base_analysis: Analysis, specs: Sequence[VariationSpec],
                    analyse: Callable[[VariationSpec, Rules], Optimal] | None = None,
                    chart: ChartFigures | None = None) -> pd.DataFrame:
    """The rule-effect table: one row per spec, in the order given.

    Each distinct changed rules object is analysed once, in spec order, with
    ``analyse(spec, rules)`` (default: :func:`~twentyone_burn.engine.game.analyze`; or the
    headline figures of optimal play, when they are known already); a variation equal to the
    base rules reuses ``base_analysis`` (and is marked ``is_base``). ``change`` is the row's
    expected return less the base's.

    ``chart(spec, rules, optimal analysis)``: when given, each row is for the chart derived
    for its rules (``spec`` None: the base rules): the headline figures are the chart's,
    ``optimal_expected_return`` and ``optimal_house_edge`` give optimal play beside it,
    ``cost`` is optimal play's expected return less the chart's, and ``change`` compares the
    row's chart with the base rules' chart.

    >>> from types import SimpleNamespace as NS
    >>> fake = lambda s, r: NS(expected_return=0.25 if r.infinite else 0.0, house_edge=0,
    ...                        element_of_risk=0, average_total_wager=1)
    >>> t = variation_table(Rules(), fake(None, Rules()), variation_specs(Rules())[3:6], fake)
    >>> list(t.variation), list(t.is_base), list(t.change)
    (['6 decks', '8 decks', 'infinite deck'], [True, False, False], [0.0, 0.0, 0.25])
    >>> worse = lambda s, r, a: {**headline_figures(a), "expected_return": a.expected_return - 0.01}
    >>> t = variation_table(Rules(), fake(None, Rules()), variation_specs(Rules())[3:6], fake,
    ...                     chart=worse)
    >>> [round(x, 12) for x in t.cost], [round(x, 12) for x in t.change]
    ([0.01, 0.01, 0.01], [0.0, 0.0, 0.25])
    """
    run = analyse or (lambda spec, r: analyze(r))
    var_rules = [s.apply(base) for s in specs]
    figures: dict[str, dict[str, float]] = {base.rules_hash: _row_figures(
        None, base, base_analysis, chart)}
    for spec, r in zip(specs, var_rules):
        if r.rules_hash not in figures:
            figures[r.rules_hash] = _row_figures(spec, r, run(spec, r), chart)
    base_er = figures[base.rules_hash]["expected_return"]
    rows: list[dict[str, Any]] = []
    for spec, r in zip(specs, var_rules):
        f = figures[r.rules_hash]
        rows.append({"group": spec.group, "variation": spec.label,
                     "changes": {k: ("inf" if k == "decks" and v is None else v)
                                 for k, v in spec.changes.items()},
                     "is_base": r == base, "rules_hash": r.rules_hash, **f,
                     "change": f["expected_return"] - base_er})
    return pd.DataFrame(rows, columns=_COLUMNS + (_CHART_COLUMNS if chart else []))


#: chart(spec, rules, optimal analysis) -> the headline figures of the rules' chart
ChartFigures = Callable[[VariationSpec | None, Rules, Optimal], dict[str, float]]


def _row_figures(spec: VariationSpec | None, rules: Rules, optimal: Optimal,
                 chart: ChartFigures | None) -> dict[str, float]:
    """A row's figures: optimal play's, or the chart's with optimal play beside it."""
    f = dict(optimal) if isinstance(optimal, Mapping) else headline_figures(optimal)
    if chart is None:
        return f
    c = dict(chart(spec, rules, optimal))
    return {**{k: c[k] for k in f}, "optimal_expected_return": f["expected_return"],
            "optimal_house_edge": f["house_edge"],
            "cost": f["expected_return"] - c["expected_return"]}
