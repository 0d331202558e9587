"""Charts written as CSV folders and xlsx workbooks read back to exactly the chart written."""

from __future__ import annotations

import csv
import os

import numpy as np
import pytest
from openpyxl import load_workbook

from twentyone_burn.charts.files import CSV_FILES, load_chart, read_csv_dir, read_xlsx
from twentyone_burn.export.chart_workbook import chart_paths, save_chart, save_csv, save_xlsx
from twentyone_burn.rules import Rules


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_csv_round_trip_is_exact(tmp_path, seed, make_random):
    c = make_random(Rules(decks=6), seed)
    save_csv(c, tmp_path)
    back = read_csv_dir(tmp_path)
    assert back.equals(c)
    # bit for bit, not only ==
    assert (back.burn_values.to_numpy().view(np.int64)
            == c.burn_values.to_numpy().view(np.int64)).all()


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_xlsx_round_trip_is_exact(tmp_path, seed, make_random):
    c = make_random(Rules(decks=None, resplit_aces=True), seed)
    save_xlsx(c, tmp_path / "c.xlsx")
    back = read_xlsx(tmp_path / "c.xlsx")
    assert back.equals(c)
    assert (back.burn_values.to_numpy().view(np.int64)
            == c.burn_values.to_numpy().view(np.int64)).all()


def test_every_rules_option_survives_both_formats(tmp_path, varied):
    save_chart(varied, tmp_path / "out")
    for path in (tmp_path / "out", tmp_path / "out" / "chart.xlsx"):
        back = load_chart(path)
        assert back.rules == varied.rules and back.name == varied.name
        assert back.equals(varied)


def test_burn_values_are_kept_to_12_decimals(make_random):
    c = make_random(Rules(), 3)
    v = c.burn_values.to_numpy()
    assert (np.round(v, 12) == v).all()
    assert all(float(f"{x:.16g}") == x for x in v.ravel())  # what openpyxl writes


def test_save_chart_layout_and_no_temporary_files(tmp_path, simple):
    files = save_chart(simple, tmp_path / "t")
    names = sorted(p.name for p in files)
    assert names == sorted([*CSV_FILES, "rules.toml", "chart.json", "chart.xlsx"])
    assert sorted(os.listdir(tmp_path / "t")) == names
    assert chart_paths(tmp_path / "w.xlsx") == (tmp_path / "w.xlsx", tmp_path)
    save_chart(simple, tmp_path / "w.xlsx")
    assert (tmp_path / "w.xlsx").exists() and (tmp_path / "burn.csv").exists()
    assert Rules.from_toml(tmp_path / "rules.toml") == simple.rules   # usable as --rules


def test_failure_leaves_nothing_behind(tmp_path, simple):
    class Broken:  # an analysis without figures: the workbook cannot be built
        strategy = "x"
    with pytest.raises(AttributeError):
        save_chart(simple, tmp_path / "t", Broken(), Broken())
    assert not (tmp_path / "t").exists() or not os.listdir(tmp_path / "t")


def test_rename_failure_removes_temporary_files(tmp_path, simple, monkeypatch):
    def refuse(src, dst):
        raise OSError("disk full")
    monkeypatch.setattr(os, "replace", refuse)
    with pytest.raises(OSError):
        save_chart(simple, tmp_path / "t")
    assert not (tmp_path / "t").exists()     # nor the folder it created (issue 26 item 4)


def test_rows_in_any_order_and_letters_in_any_case(tmp_path, simple):
    save_csv(simple, tmp_path)
    for name in ("hard.csv", "burn.csv"):
        rows = list(csv.reader(open(tmp_path / name)))
        body = [[x.lower() if x in ("H", "S", "D", "Ds") else x for x in r] for r in rows[1:]]
        with open(tmp_path / name, "w", newline="") as f:
            csv.writer(f).writerows([rows[0], *reversed(body)])
    assert read_csv_dir(tmp_path).equals(simple)


def test_burn_rows_may_name_the_cards_either_way(tmp_path, simple):
    save_csv(simple, tmp_path)
    p = tmp_path / "burn.csv"
    p.write_text(p.read_text().replace("\nA9,", "\n9A,"))
    assert read_csv_dir(tmp_path).equals(simple)


def test_rules_argument_replaces_stored_rules(tmp_path, simple):
    save_chart(simple, tmp_path)
    other = Rules(decks=1, max_hands=2)
    for path in (tmp_path, tmp_path / "chart.xlsx"):
        back = load_chart(path, other)
        assert back.rules == other and back.with_rules(simple.rules).equals(simple)


def test_folder_with_only_a_workbook(tmp_path, simple):
    save_xlsx(simple, tmp_path / "chart.xlsx")
    assert load_chart(tmp_path).equals(simple)


def test_workbook_sheets_and_print_setup(tmp_path, simple):
    save_xlsx(simple, tmp_path / "c.xlsx")
    wb = load_workbook(tmp_path / "c.xlsx")
    assert wb.sheetnames == ["Burn", "Hard", "Soft", "Resplit", "Rules"]  # no Summary: no values
    for name in ("Burn", "Hard", "Soft", "Resplit"):
        ws = wb[name]
        assert ws.freeze_panes in ("B4", "C4")
        assert ws.sheet_properties.pageSetUpPr.fitToPage
        assert ws.page_setup.fitToWidth == 1 and ws.page_setup.fitToHeight == 1
    hard = wb["Hard"]
    fills = {hard.cell(r, c).value: hard.cell(r, c).fill.fgColor.rgb
             for r in range(4, 22) for c in range(2, 12)}
    assert len(set(fills.values())) == len(fills) == 3      # H, S, D: one fill each
    assert wb["Burn"].conditional_formatting                 # the colour scale
    rules = {wb["Rules"].cell(r, 1).value: wb["Rules"].cell(r, 2).value for r in range(4, 40)}
    assert rules["rules hash"] == simple.rules.rules_hash and rules["version"]
    for k in simple.rules.to_dict():
        assert k in rules
