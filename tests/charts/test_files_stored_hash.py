"""charts/files: a chart or rules file whose stored rules hash does not match its contents is
refused."""

from __future__ import annotations

import pytest
from openpyxl import load_workbook

from twentyone_burn.charts.files import load_chart
from twentyone_burn.charts.model import ChartError
from twentyone_burn.export.chart_workbook import save_chart
from twentyone_burn.rules import Rules, RulesError


def test_an_untouched_chart_reads_back(tmp_path, simple):
    save_chart(simple, tmp_path)
    assert load_chart(tmp_path).equals(simple)
    assert load_chart(tmp_path / "chart.xlsx").equals(simple)


def test_edited_rules_toml_is_refused(tmp_path, simple):
    save_chart(simple, tmp_path)
    toml = tmp_path / "rules.toml"
    text = toml.read_text()
    assert "# rules hash: " in text and "hit_soft_17 = true" in text
    toml.write_text(text.replace("hit_soft_17 = true", "hit_soft_17 = false"))
    with pytest.raises(RulesError, match="rules hash"):
        Rules.from_toml(toml)
    with pytest.raises(ChartError, match="rules hash"):
        load_chart(tmp_path)
    # given rules replace the stored ones: nothing stored is checked
    assert load_chart(tmp_path, Rules(hit_soft_17=False)).rules == Rules(hit_soft_17=False)


def test_edited_chart_json_hash_is_refused(tmp_path, simple):
    save_chart(simple, tmp_path)
    meta = tmp_path / "chart.json"
    meta.write_text(meta.read_text().replace(simple.rules.rules_hash, "0" * 64))
    with pytest.raises(ChartError, match="chart.json, rules_hash"):
        load_chart(tmp_path)


def test_edited_workbook_rules_sheet_is_refused(tmp_path, simple):
    save_chart(simple, tmp_path)
    path = tmp_path / "chart.xlsx"
    wb = load_workbook(path)
    ws = wb["Rules"]
    cells = [row for row in ws.iter_rows() if row[0].value == "ties_lose"]
    assert cells, "the Rules sheet lists ties_lose"
    cells[0][1].value = True
    wb.save(path)
    with pytest.raises(ChartError, match="sheet Rules, rules hash"):
        load_chart(path)


def test_a_rules_file_without_a_hash_line_is_taken_as_it_is(tmp_path):
    p = tmp_path / "r.toml"
    p.write_text("decks = 2\n")
    assert Rules.from_toml(p).decks == 2
    p.write_text(f"decks = 2\n# rules hash: {Rules(decks=2).rules_hash}\n")
    assert Rules.from_toml(p).decks == 2
