"""charts/derive_burn_rule: the short burn rule's exact value and its derivation, checked a
second way - the engine's ``analyze`` of the expanded tables, and the printed rule read by the
plain reader of ``tests/reference/burn_rule.py``."""

from __future__ import annotations

import pathlib
import re

import numpy as np
import pytest

from tests.reference import burn_rule as plain
from twentyone_burn.charts.burn_rule import burn_rule_tables, parse_burn_rule, read_burn_rule
from twentyone_burn.charts.derive_burn_rule import burn_option_values, derive_burn_rule, rule_value
from twentyone_burn.charts.files import load_chart
from twentyone_burn.engine.game import analyze
from twentyone_burn.rules import Rules
from twentyone_burn.shoe import BURN_VALUES

ROOT = pathlib.Path(__file__).resolve().parents[2] / "strategy_tables"
RULE_FILE = ROOT / "burn-rule.txt"


@pytest.fixture(scope="module")
def chart():
    return load_chart(ROOT)


@pytest.fixture(scope="module")
def infinite(chart):
    c = chart.with_rules(Rules(decks=None))
    return c, burn_option_values(c.to_tables())


def _exact(tables) -> float:
    return analyze(tables.rules, tables=tables).expected_return


@pytest.mark.parametrize("which", ["published", "varied"])
def test_rule_value_is_analyze(infinite, which):
    c, options = infinite
    rule = parse_burn_rule(RULE_FILE.read_text() if which == "published" else plain.VARIED)
    assert rule_value(options, rule) == pytest.approx(_exact(burn_rule_tables(c, rule)),
                                                      abs=1e-12)
    assert rule_value(options, rule) <= options.best_return + 1e-12


def _highest_card_burn() -> np.ndarray:
    """The else line alone: burn the highest card, the ace counting 11 (the dealer's values)."""
    out = np.zeros((10, 10, 10, 10), dtype=np.int8)
    for c in np.ndindex(10, 10, 10):
        out[:, c[0], c[1], c[2]] = max(c, key=lambda r: (BURN_VALUES[r], -r))
    return out


def test_derivation(infinite):
    c, options = infinite
    d = derive_burn_rule(c, max_lines=4, options=options)
    assert 1 <= len(d.rule.lines) <= 4
    text = d.rule.text()
    assert parse_burn_rule(text).lines == d.rule.lines
    # the printed text, read by the plain reader, is worth what the derivation says
    assert options.value_of(plain.burn_table(text)) == pytest.approx(d.expected_return,
                                                                     abs=1e-15)
    assert d.chart_return == pytest.approx(_exact(c.to_tables()), abs=1e-12)
    assert d.expected_return <= d.best_return + 1e-12 and d.cost_vs_chart < 0.002
    assert [s.lines for s in d.steps] == list(range(len(d.rule.lines) + 1))
    assert d.steps[0].expected_return == pytest.approx(options.value_of(_highest_card_burn()),
                                                       abs=1e-15)
    assert d.steps[-1].expected_return == d.expected_return
    for before, s in zip(d.steps, d.steps[1:]):
        assert s.gain == pytest.approx(s.expected_return - before.expected_return, abs=1e-15)
        assert s.cost_vs_chart == pytest.approx(d.chart_return - s.expected_return, abs=1e-15)
        if s.text.startswith("v "):
            assert s.gain >= 1e-6


def _stated_return(text: str) -> float:
    m = re.search(r"exact expected return [^(]*\(([+-]\d\.\d+);", text)
    assert m, "the header states the exact expected return"
    return float(m[1])


@pytest.mark.slow
def test_published_rule_is_current(chart):
    """A fresh derivation for the published chart gives the published rule (~20 s)."""
    published_text = RULE_FILE.read_text()
    d = derive_burn_rule(chart)
    assert d.rule.lines == parse_burn_rule(published_text).lines
    assert d.expected_return == pytest.approx(_stated_return(published_text), abs=1e-12)
    np.testing.assert_array_equal(d.rule.burn_table(), read_burn_rule(RULE_FILE).burn_table())
