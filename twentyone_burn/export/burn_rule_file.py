"""burn_rule_file: the published ``burn-rule.txt`` - its comment header and per-line table.

The rule's own lines are printed by its grammar (:meth:`~twentyone_burn.charts.burn_rule.
BurnRule.text`, which :func:`~twentyone_burn.charts.burn_rule.read_burn_rule` reads back);
this module lays out what goes around them: how to read the rule, its exact value and costs,
and what each line buys (from :func:`~twentyone_burn.charts.derive_burn_rule.derive_burn_rule`'s
figures, passed in; nothing is computed here).

>>> from twentyone_burn.charts.burn_rule import parse_burn_rule
>>> from twentyone_burn.charts.derive_burn_rule import DerivedBurnRule
>>> from twentyone_burn.rules import Rules
>>> d = DerivedBurnRule(Rules(decks=None), parse_burn_rule("keep AT, 11"), 0.025, 0.03, 0.031, ())
>>> print(burn_rule_file_text(d, 0.025, 0.035).splitlines()[-2])
keep AT, 11
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # pragma: no cover
    from ..charts.derive_burn_rule import DerivedBurnRule

__all__ = ["burn_rule_file_text", "burn_rule_header", "burn_rule_table"]


def burn_rule_table(derived: DerivedBurnRule) -> str:
    """The per-line table as text (percent of a wager): each step's exact expected return,
    its cost against the chart's burn table and the line it adds.

    >>> from twentyone_burn.charts.burn_rule import parse_burn_rule
    >>> from twentyone_burn.charts.derive_burn_rule import BurnRuleStep, DerivedBurnRule
    >>> from twentyone_burn.rules import Rules
    >>> steps = (BurnRuleStep(0, "(else line only)", 0.01, 0.02, 0.0),
    ...          BurnRuleStep(1, "keep AT, 11", 0.025, 0.005, 0.015))
    >>> rule = parse_burn_rule("keep AT, 11")
    >>> print(burn_rule_table(DerivedBurnRule(Rules(), rule, 0.025, 0.03, 0.031, steps)))
    lines | expected return | cost vs chart | line added
        0 |        +1.0000% |       2.0000% | (else line only)
        1 |        +2.5000% |       0.5000% | keep AT, 11
    """
    rows = ["lines | expected return | cost vs chart | line added"]
    for st in derived.steps:
        rows.append(f"{st.lines:5d} | {st.expected_return * 100:+14.4f}% | "
                    f"{st.cost_vs_chart * 100:12.4f}% | {st.text}")
    return "\n".join(rows)


def burn_rule_header(derived: DerivedBurnRule, exact_return: float,
                     optimal_return: float) -> list[str]:
    """The header comment of a published burn-rule file: how to read the rule, its exact value
    (``exact_return``: the engine's ``analyze`` of the expanded strategy), its cost against the
    chart and against optimal play (``optimal_return``), what each line buys, the rules hash.

    >>> from twentyone_burn.charts.burn_rule import parse_burn_rule
    >>> from twentyone_burn.charts.derive_burn_rule import DerivedBurnRule
    >>> from twentyone_burn.rules import Rules
    >>> d = DerivedBurnRule(Rules(decks=None), parse_burn_rule(""), 0.01, 0.02, 0.03, ())
    >>> burn_rule_header(d, 0.01, 0.04)[-1][:12]
    'rules hash: '
    """
    cost_chart = derived.chart_return - exact_return
    cost_opt = optimal_return - exact_return
    return [
        "21 Burn burn rule, played with the chart's hard / soft / resplit tables.",
        "Keep the first hand on this list that two of your three cards make (each line left",
        "to right, then the next line) and burn the third card; a kept pair is split.",
        "11, 13-16: hard totals (no ace, not a pair); A7: an ace and a 7; 88: a pair.",
        "'v 6: 19 before 10': against a 6 up card, 19 moves to just before 10.",
        "",
        f"exact expected return {exact_return * 100:+.4f}% of the initial wager "
        f"({exact_return:+.12f}; complete enumeration);",
        f"cost {cost_chart * 100:.4f}% against the chart's burn table "
        f"({derived.chart_return * 100:+.4f}%; {cost_chart:.12f}),",
        f"{cost_opt * 100:.4f}% against optimal play ({optimal_return * 100:+.4f}%; "
        f"{cost_opt:.12f}).",
        "What each line buys (exact; the else line always applies):",
        *burn_rule_table(derived).splitlines(),
        "",
        f"rules hash: {derived.rules.rules_hash}",
    ]


def burn_rule_file_text(derived: DerivedBurnRule, exact_return: float,
                        optimal_return: float) -> str:
    """The text of a published ``burn-rule.txt``: :func:`burn_rule_header` as comments, then
    the rule's lines as its grammar prints them, so the file reads back as the rule.

    >>> from twentyone_burn.charts.burn_rule import parse_burn_rule
    >>> from twentyone_burn.charts.derive_burn_rule import DerivedBurnRule
    >>> from twentyone_burn.rules import Rules
    >>> rule = parse_burn_rule("keep AT, A9\\nv 6: 11 before A9")
    >>> text = burn_rule_file_text(DerivedBurnRule(Rules(), rule, 0.02, 0.03, 0.04, ()), 0.02, 0.05)
    >>> parse_burn_rule(text).lines == rule.lines
    True
    """
    return derived.rule.text(header=burn_rule_header(derived, exact_return, optimal_return))
