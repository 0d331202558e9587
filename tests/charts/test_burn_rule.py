"""The short burn rule: its grammar, its errors, and its value checked a second way.

The rule is a strategy parsed from its printed text. Checked here: a plain-Python reading of
the text (written from the grammar, sharing no code with the parser) burns what the expanded
tables burn; the exact value from the engine's kept-hand values equals ``analyze`` of the
expanded tables; the published file's stated value is the engine's; the simulator playing the
published rule agrees within 4 standard errors.
"""

from __future__ import annotations

import pathlib
import random
import re

import numpy as np
import pytest

from twentyone_burn.charts.burn_rule import (
    BurnRuleError,
    burn_rule_tables,
    load_burn_rule_strategy,
    parse_burn_rule,
    read_burn_rule,
)
from twentyone_burn.charts.derive_burn_rule import (
    burn_option_values,
    derive_burn_rule,
    rule_value,
    tables_value,
)
from twentyone_burn.charts.files import load_chart
from twentyone_burn.charts.model import ChartError
from twentyone_burn.rules import Rules

ROOT = pathlib.Path(__file__).resolve().parents[2] / "strategy_tables"
RULE_FILE = ROOT / "burn-rule.txt"
#: a rule with every kind of term and line (not a good rule; a test of the grammar)
VARIED = """
# a comment line, then a blank one

keep AT-A8, TT, 11, 19-17, 88   # a trailing comment
KEEP a2-a4, 22-55, T2, 10, 12-16, 5
v 2-6,8: 16-13 before AT
v T, A: 55 after T2
vs 7: A2-A4 after 5
else burn the highest card (an ace counts 11)
"""


# -- a plain reading of the text ----------------------------------------------------------------
CHARS = "A23456789T"
HIGH_FIRST = "AT98765432"
UP_ORDER = "23456789TA"


def _name(x: str, y: str) -> str:
    return "".join(sorted(x + y, key=HIGH_FIRST.index))


def _value(ch: str) -> int:
    return 1 if ch == "A" else 10 if ch == "T" else int(ch)


def _groups(term: str) -> list[set[str]]:
    """A term's hands, best first, straight from the grammar's words."""
    t = term.replace(" ", "").upper()
    if "-" in t:
        a, b = t.split("-")
        if len(a) == 2 and all(ch in CHARS for ch in a):      # A2-A5 or 22-77
            i, j = CHARS.index(a[1]), CHARS.index(b[1])
            step = 1 if j > i else -1
            return [{_name(a[0] if a[0] == "A" else CHARS[k], CHARS[k])}
                    for k in range(i, j + step, step)]
        i, j = int(a), int(b)
        step = 1 if j > i else -1
        return [g for n in range(i, j + step, step) for g in _groups(str(n))]
    if len(t) == 2 and all(ch in CHARS for ch in t):
        return [{_name(t[0], t[1])}]
    n = int(t)
    return [{_name(x, y) for x in CHARS for y in CHARS
             if x != y and "A" not in x + y and _value(x) + _value(y) == n}]


def _plain_ranking(text: str, up: str) -> list[set[str]]:
    ranking: list[set[str]] = []
    for raw in text.splitlines():
        line = raw.split("#")[0].strip()
        if line.lower().startswith("keep"):
            for term in line[4:].split(","):
                for g in _groups(term):
                    new = g - set().union(*ranking)
                    if new:
                        ranking.append(new)
    for raw in text.splitlines():
        line = raw.split("#")[0].strip()
        m = re.match(r"(?i)(v|vs|against) (.*?): (.*) (before|after) (.*)", line)
        if not m:
            continue
        ups = set()
        for part in m[2].replace(" ", "").upper().split(","):
            lo, _, hi = part.partition("-")
            ups.update(UP_ORDER[UP_ORDER.index(lo):UP_ORDER.index(hi or lo) + 1])
        if up not in ups:
            continue
        moved = _groups(m[3])
        hands = set().union(*moved)
        ranking = [g - hands for g in ranking if g - hands]
        anchor = set().union(*_groups(m[5]))
        at = [i for i, g in enumerate(ranking) if g & anchor]
        k = at[0] if m[4].lower() == "before" else at[-1] + 1
        ranking[k:k] = moved
    return ranking


def _plain_burn(text: str, up: str, cards: str) -> str:
    """The card the text says to burn: the best-ranked kept hand, else the highest card."""
    ranking = _plain_ranking(text, up)

    def key(i: int) -> tuple[int, int]:
        kept = _name(*(cards[k] for k in range(3) if k != i))
        place = next((n for n, g in enumerate(ranking) if kept in g), len(ranking))
        return place, -(11 if cards[i] == "A" else _value(cards[i]))

    return cards[min(range(3), key=key)]


@pytest.fixture(scope="module")
def published_text() -> str:
    assert RULE_FILE.exists(), "strategy_tables/burn-rule.txt missing"
    return RULE_FILE.read_text()


@pytest.fixture(scope="module")
def chart():
    return load_chart(ROOT)


@pytest.mark.parametrize("which", ["published", "varied"])
def test_plain_reading_burns_what_the_tables_burn(which, published_text, chart):
    text = published_text if which == "published" else VARIED
    tables = burn_rule_tables(chart, parse_burn_rule(text))
    rng = random.Random(14)
    for _ in range(400):
        up = rng.randrange(10)
        cards = [rng.randrange(10) for _ in range(3)]
        want = _plain_burn(text, CHARS[up], "".join(CHARS[c] for c in cards))
        assert CHARS[int(tables.burn[up, cards[0], cards[1], cards[2]])] == want, (up, cards)


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
    v = parse_burn_rule(VARIED)
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
    with pytest.raises(ChartError, match="no such file or folder"):
        load_burn_rule_strategy(tmp_path / "no-chart", RULE_FILE)


# -- exact values ----------------------------------------------------------------------------
@pytest.fixture(scope="module")
def infinite(chart):
    c = chart.with_rules(Rules(decks=None))
    return c, burn_option_values(c.to_tables())


@pytest.mark.parametrize("which", ["published", "varied"])
def test_rule_value_is_analyze(infinite, published_text, which):
    c, options = infinite
    rule = parse_burn_rule(published_text if which == "published" else VARIED)
    tables = burn_rule_tables(c, rule)
    assert rule_value(options, rule) == pytest.approx(tables_value(tables), abs=1e-12)
    assert rule_value(options, rule) <= options.best_return + 1e-12


def test_derivation(infinite):
    c, options = infinite
    d = derive_burn_rule(c, max_lines=4, options=options)
    assert 1 <= len(d.rule.lines) <= 4
    assert parse_burn_rule(d.rule.text()).lines == d.rule.lines
    assert d.expected_return == pytest.approx(rule_value(options, d.rule), abs=1e-15)
    assert d.chart_return == pytest.approx(tables_value(c.to_tables()), abs=1e-12)
    assert d.expected_return <= d.best_return + 1e-12 and d.cost_vs_chart < 0.002
    assert [s.lines for s in d.steps] == list(range(len(d.rule.lines) + 1))
    for s in d.steps:
        assert s.expected_return == pytest.approx(rule_value(options, d.rule.prefix(s.lines)),
                                                  abs=1e-15)
    for s in d.steps[1:]:
        if s.text.startswith("v "):
            assert s.gain >= 1e-6


def _stated_return(text: str) -> float:
    m = re.search(r"exact expected return [^(]*\(([+-]\d\.\d+);", text)
    assert m, "the header states the exact expected return"
    return float(m[1])


@pytest.fixture(scope="module")
def published_tables():
    return load_burn_rule_strategy(ROOT, RULE_FILE)


def test_published_rule_value(published_tables, published_text):
    """The value the published file states is the engine's (one six-deck analysis)."""
    exact = tables_value(published_tables)
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


@pytest.mark.slow
def test_published_rule_is_current(chart, published_text):
    """A fresh derivation for the published chart gives the published rule (~20 s)."""
    d = derive_burn_rule(chart)
    assert d.rule.lines == parse_burn_rule(published_text).lines
    assert d.expected_return == pytest.approx(_stated_return(published_text), abs=1e-12)
    np.testing.assert_array_equal(d.rule.burn_table(), read_burn_rule(RULE_FILE).burn_table())
