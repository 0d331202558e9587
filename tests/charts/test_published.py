"""The chart published in strategy_tables/ for the standard rules is what the code derives."""

from __future__ import annotations

import json
import pathlib

import numpy as np
import pytest
from openpyxl import load_workbook

from twentyone_burn.charts.files import CSV_FILES, load_chart
from twentyone_burn.rules import Rules

ROOT = pathlib.Path(__file__).resolve().parents[2] / "strategy_tables"
REGENERATE = "twentyone-burn chart --out strategy_tables --force"


@pytest.fixture(scope="module")
def published():
    for name in (*CSV_FILES, "rules.toml", "chart.json", "chart.xlsx"):
        assert (ROOT / name).exists(), f"strategy_tables/{name} missing: run {REGENERATE}"
    return load_chart(ROOT)


def _summary(path: pathlib.Path) -> dict[str, list]:
    wb = load_workbook(path, read_only=True)
    rows = [[x for x in row if x is not None] for row in wb["Summary"].values]
    wb.close()
    return {row[0]: row[1:] for row in rows if row and isinstance(row[0], str)}


def test_published_files_agree_with_each_other(published):
    """CSVs, workbook and metadata describe one chart, for the standard rules."""
    assert published.rules == Rules()
    assert load_chart(ROOT / "chart.xlsx").equals(published)
    meta = json.loads((ROOT / "chart.json").read_text())
    assert meta["rules_hash"] == Rules().rules_hash and meta["name"] == published.name
    s = _summary(ROOT / "chart.xlsx")
    optimal, chart = s["expected return (per initial wager)"]
    assert chart <= optimal + 1e-12
    assert s["cost of the chart (optimal - chart expected return)"][0] == \
        pytest.approx(optimal - chart, abs=1e-15)


@pytest.mark.slow
def test_published_chart_value(published):
    """The published chart's exact value is the one its Summary sheet states (~30 s)."""
    from twentyone_burn.engine.game import analyze
    a = analyze(published.rules, tables=published.to_tables())
    _, chart = _summary(ROOT / "chart.xlsx")["expected return (per initial wager)"]
    assert a.expected_return == pytest.approx(chart, abs=1e-13)


@pytest.mark.slow
def test_published_chart_is_current(published):
    """A fresh derivation for the standard rules gives every published cell (~4 minutes).

    Letters and the burn decisions they imply must match exactly; burn values to 1e-11 (they
    are stored to 12 decimals, and the last one may round differently on another machine).
    """
    from twentyone_burn.cli.charts import derive
    fresh, _ = derive(Rules())
    for table in ("hard", "soft", "resplit"):
        diff = getattr(fresh, table) != getattr(published, table)
        assert not diff.to_numpy().any(), \
            f"{table} cells differ at {diff.stack()[diff.stack()].index.tolist()}: {REGENERATE}"
    np.testing.assert_allclose(fresh.burn_values.to_numpy(), published.burn_values.to_numpy(),
                               rtol=0, atol=1e-11, err_msg=REGENERATE)
    assert (fresh.to_tables().burn == published.to_tables().burn).all(), REGENERATE
    assert fresh.name == published.name
