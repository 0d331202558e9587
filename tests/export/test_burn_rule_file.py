"""export/burn_rule_file: the published ``burn-rule.txt`` is the layout of the figures it
states - rebuilt from its own numbers and rule lines (no engine), it comes out byte for byte;
and the file reads back as the rule."""

from __future__ import annotations

import pathlib
import re

from twentyone_burn.charts.burn_rule import parse_burn_rule
from twentyone_burn.charts.derive_burn_rule import BurnRuleStep, DerivedBurnRule
from twentyone_burn.export.burn_rule_file import (
    burn_rule_file_text,
    burn_rule_header,
    burn_rule_table,
)
from twentyone_burn.rules import Rules

RULE_FILE = pathlib.Path(__file__).resolve().parents[2] / "strategy_tables" / "burn-rule.txt"
_ROW = re.compile(r"^#\s+(\d+) \|\s+([+-]\d+\.\d{4})% \|\s+(\d+\.\d{4})% \| (.*)$")


def _figures(text: str) -> tuple[DerivedBurnRule, float, float]:
    """The derived rule, its exact return and optimal play's, as the file states them."""
    exact = float(re.search(r"exact expected return \S+ of the initial wager \(([+-][\d.]+);",
                            text)[1])
    cost_chart = float(re.search(r"against the chart's burn table \(\S+; ([\d.]+)\)", text)[1])
    cost_opt = float(re.search(r"against optimal play \(\S+; ([\d.]+)\)", text)[1])
    steps, last = [], None
    for line in text.splitlines():
        m = _ROW.match(line)
        if m:
            er, cost = float(m[2]) / 100, float(m[3]) / 100
            steps.append(BurnRuleStep(int(m[1]), m[4], er, cost,
                                      0.0 if last is None else er - last))
            last = er
    derived = DerivedBurnRule(Rules(), parse_burn_rule(text), exact, exact + cost_chart,
                              exact + cost_chart, tuple(steps))
    return derived, exact, exact + cost_opt


def test_the_published_file_is_the_layout_of_its_own_figures():
    text = RULE_FILE.read_text(encoding="utf-8")
    derived, exact, optimal = _figures(text)
    assert len(derived.steps) == len(derived.rule.lines) + 1 == 12
    assert burn_rule_file_text(derived, exact, optimal) == text


def test_header_table_and_rule_line_up():
    derived, exact, optimal = _figures(RULE_FILE.read_text(encoding="utf-8"))
    header = burn_rule_header(derived, exact, optimal)
    table = burn_rule_table(derived).splitlines()
    assert header[-1] == f"rules hash: {Rules().rules_hash}"
    assert table == header[header.index(table[0]):header.index(table[0]) + len(table)]
    # each step's line is the rule's line of that number
    for step in derived.steps[1:]:
        assert step.text == derived.rule.lines[step.lines - 1].text()
