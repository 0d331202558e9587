"""Valuing a printed chart (analyze with tables=chart.to_tables(); cli/charts.py's value and
chart commands): a chart's exact value is never above optimal play's."""

from __future__ import annotations

import json

import pytest

from twentyone_burn.charts.files import load_chart
from twentyone_burn.charts.model import Chart
from twentyone_burn.engine.game import analyze
from twentyone_burn.export.chart_workbook import save_chart
from twentyone_burn.rules import Rules

INF = Rules(decks=None)
#: optimal play's exact expected return on an infinite deck, rounded up (the package's
#: front-page example prints it to six places: 0.278343)
OPTIMAL_INF_BOUND = 0.2783435


@pytest.mark.parametrize("seed", [None, 1, 2])
def test_chart_never_beats_optimal_play(make_random, seed):
    c = Chart.simple(INF) if seed is None else make_random(INF, seed)
    a = analyze(INF, tables=c.to_tables())
    assert a.expected_return <= OPTIMAL_INF_BOUND
    assert a.strategy.startswith(c.name)
    assert abs(a.deal_probability_total - 1) < 1e-12


def _cli(*args):
    """Run the command in this process (the numba caches are warm); exit code and output."""
    from typer.testing import CliRunner

    from twentyone_burn.cli.app import app
    r = CliRunner().invoke(app, list(args))
    if r.exception is not None and not isinstance(r.exception, SystemExit):
        raise r.exception
    return r


def test_value_and_chart_commands(tmp_path):
    c = Chart.simple(INF)
    save_chart(c, tmp_path / "in")
    r = _cli("value", "--strategy", str(tmp_path / "in" / "chart.xlsx"), "--json")
    assert r.exit_code == 0, r.output
    d = json.loads(r.stdout)
    assert d["rules_hash"] == INF.rules_hash and d["version"] and d["chart"] == c.name
    assert round(d["optimal"]["expected_return"], 6) == 0.278343
    assert d["cost"] == pytest.approx(d["optimal"]["expected_return"]
                                      - d["chart_value"]["expected_return"]) and d["cost"] > 0
    r = _cli("chart", "--strategy", str(tmp_path / "in"), "--out", str(tmp_path / "out.xlsx"),
             "--json")
    assert r.exit_code == 0, r.output
    e = json.loads(r.stdout)
    assert e["chart_value"] == pytest.approx(d["chart_value"], abs=1e-12)
    assert load_chart(tmp_path / "out.xlsx").equals(c)
    assert load_chart(tmp_path).equals(c)          # the CSVs beside the workbook
    from openpyxl import load_workbook
    wb = load_workbook(tmp_path / "out.xlsx")
    assert wb.sheetnames == ["Burn", "Hard", "Soft", "Resplit", "Rules", "Summary", "Card"]
    summary = [[x for x in row if x is not None] for row in wb["Summary"].values]
    er = next(row for row in summary if row and row[0].startswith("expected return"))
    assert er[1:] == pytest.approx([d["optimal"]["expected_return"],
                                    d["chart_value"]["expected_return"]], abs=1e-15)
    # value under other rules than the chart's own: rules options replace them
    r = _cli("value", "--strategy", str(tmp_path / "in"), "--decks", "inf", "--s17",
             "--no-compare")
    assert r.exit_code == 0, r.output
    assert Rules(decks=None, hit_soft_17=False).rules_hash in r.stdout
    assert "optimal play" not in r.stdout


@pytest.mark.slow
def test_derived_chart_infinite_deck(tmp_path):
    """The derived chart, written by the chart command, is worth what the derivation says
    and no more than optimal play (infinite deck: the same, since play is total-dependent)."""
    r = _cli("chart", "--decks", "inf", "--out", str(tmp_path), "--json")
    assert r.exit_code == 0, r.output
    d = json.loads(r.stdout)
    er, optimal = d["chart_value"]["expected_return"], d["optimal"]["expected_return"]
    assert er <= optimal + 1e-12 and round(optimal, 6) == 0.278343
    assert er == pytest.approx(optimal, abs=1e-12)
    if "derivation" in d:
        assert er == pytest.approx(d["derivation"]["expected_return"], abs=1e-12)
    c = load_chart(tmp_path)
    assert c.equals(load_chart(tmp_path / "chart.xlsx"))
    assert analyze(INF, tables=c.to_tables()).expected_return == pytest.approx(er, abs=1e-15)
