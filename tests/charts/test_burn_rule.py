"""charts/burn_rule: the short burn rule's grammar, its errors, and the published rule valued.

The rule is a strategy parsed from its printed text. Checked here: a plain-Python reading of
the text (``tests/reference/burn_rule.py``, written from the grammar, sharing no code with
the parser) burns what the expanded tables burn; the published file's stated value is the
engine's; the simulator playing the published rule agrees within 4 standard errors. The
derivation of the rule is tested in ``test_derive_burn_rule.py``.
"""

from __future__ import annotations

import pathlib
import re

import numpy as np
import pytest

from tests.reference import burn_rule as plain
from twentyone_burn.charts.burn_rule import (
    BurnRuleError,
    burn_rule_tables,
    parse_burn_rule,
    read_burn_rule,
)
from twentyone_burn.charts.files import load_chart
from twentyone_burn.charts.model import ChartError
from twentyone_burn.engine.game import analyze
from twentyone_burn.rules import Rules

ROOT = pathlib.Path(__file__).resolve().parents[2] / "strategy_tables"
RULE_FILE = ROOT / "burn-rule.txt"


@pytest.fixture(scope="module")
def published_text() -> str:
    assert RULE_FILE.exists(), "strategy_tables/burn-rule.txt missing"
    return RULE_FILE.read_text()


@pytest.fixture(scope="module")
def chart():
    return load_chart(ROOT)


@pytest.mark.parametrize("which", ["published", "varied"])
def test_plain_reading_burns_what_the_tables_burn(which, published_text, chart):
    """Every (up card, three cards in any order): the tables burn what the text says."""
    text = published_text if which == "published" else plain.VARIED
    tables = burn_rule_tables(chart, parse_burn_rule(text))
    want = plain.burn_table(text)
    bad = np.argwhere(tables.burn != want)
    assert not len(bad), [tuple(x) for x in bad[:5]]


def test_expansion_keeps_the_charts_play(chart):
    from twentyone_burn.sim.strategy import check_tables
    base = chart.to_tables()
    t = burn_rule_tables(chart, read_burn_rule(RULE_FILE))
    for name in ("play", "split_kept", "split_play", "resplit"):
        assert (getattr(t, name) == getattr(base, name)).all(), name
    assert (t.burn != base.burn).any()
    check_tables(t)   # the simulator accepts it


def test_text_round_trip(published_text):
    r = parse_burn_rule(published_text)
    assert parse_burn_rule(r.text()).lines == r.lines
    v = parse_burn_rule(plain.VARIED)
    assert parse_burn_rule(v.text()).lines == v.lines
    assert v.text().splitlines()[0] == "keep AT-A8, TT, 11, 19-17, 88"
    assert v.lines[2].text() == "v 2-6,8: 16-13 before AT"
    printed = [line for line in published_text.splitlines()
               if line.strip() and not line.startswith("#")]
    assert len(printed) <= 12, "the rule must print in at most 12 lines"
    assert printed[-1].startswith("else burn the highest card")


# -- bad rules --------------------------------------------------------------------------------
@pytest.mark.parametrize("text, line, message", [
    ("keep", 1, "'keep' names no hands"),
    ("keep AT,, A9", 1, "an empty term"),
    ("keep 20", 1, "'20' is not a hard total"),
    ("keep XY", 1, "unknown term 'XY'"),
    ("keep AT\n\nkeep AT", 3, "AT adds nothing: its hands are already ranked (line 2)"),
    ("keep AT, 19\nv 2-6: 11 before 12", 2, "12 is not ranked against 2"),
    ("keep AT, 19\nv 6-2: AT before 19", 2, "a run goes in the order"),
    ("keep AT, 19\nv 6: AT before AT", 2, "share hands"),
    ("keep AT, 19\nv 6: AT next to 19", 2, "a line is 'keep HANDS'"),
    ("keep AT, 19\nv 1-6: AT before 19", 2, "up cards '1-6'"),
    ("keep AT\nelse burn the lowest card", 2, "the last line can only be"),
    ("else burn the highest card\nkeep AT", 2, "nothing may follow the 'else' line (line 2)"),
    ("keep A2-T2", 1, "a range of hands runs over aces"),
    ("keep AA-22", 1, "AA is not part of a range"),
    ("keep 13-13", 1, "a range from a total to itself"),
    ("keep 3-9", 1, "'3' is not a hard total"),
])
def test_bad_rule_names_the_line(tmp_path, text, line, message):
    p = tmp_path / "burn-rule.txt"
    p.write_text("# header\n" + text + "\n")
    with pytest.raises(BurnRuleError) as e:
        read_burn_rule(p)
    msg = str(e.value)
    assert msg.startswith(f"{p}, line {line + 1}: "), msg
    assert message in msg and "\n" not in msg
    assert isinstance(e.value, ChartError)     # caught where chart errors are


def test_bad_rule_files(tmp_path):
    with pytest.raises(BurnRuleError, match="no such burn-rule file"):
        read_burn_rule(tmp_path / "missing.txt")
    with pytest.raises(BurnRuleError, match="no such burn-rule file"):
        read_burn_rule(tmp_path)                            # a folder without burn-rule.txt
    (tmp_path / "burn-rule.txt").write_bytes(b"keep \xff\xfe")
    with pytest.raises(BurnRuleError, match="not a UTF-8 text file"):
        read_burn_rule(tmp_path)


# -- the published rule, valued two ways -------------------------------------------------------
def _stated_return(text: str) -> float:
    m = re.search(r"exact expected return [^(]*\(([+-]\d\.\d+);", text)
    assert m, "the header states the exact expected return"
    return float(m[1])


@pytest.fixture(scope="module")
def published_tables(chart):
    return burn_rule_tables(chart, read_burn_rule(RULE_FILE))


def test_published_rule_value(published_tables, published_text):
    """The value the published file states is the engine's (one six-deck analysis)."""
    exact = analyze(published_tables.rules, tables=published_tables).expected_return
    assert exact == pytest.approx(_stated_return(published_text), abs=1e-12)
    assert Rules().rules_hash in published_text
    m = re.search(r"cost [^(]*\(([+-][\d.]+)%; (\d\.\d+)\)", published_text)
    assert m, "the header states the cost against the chart"
    assert float(m[2]) <= 0.001, "the short rule costs at most 0.10 % against the chart"


def test_published_rule_simulated(published_tables, published_text):
    """The simulator playing the parsed rule agrees with the exact value within 4 SE."""
    from twentyone_burn.sim.run import simulate
    res = simulate(published_tables, 2_000_000, seed=1414, chunk_size=1_000_000)
    exact = _stated_return(published_text)
    assert abs(res.mean - exact) <= 4 * res.se, (res.mean, exact, res.se)
