"""charts/files: bad chart files - one line naming the file, sheet and cell, and what is wrong;
exit code 2."""

from __future__ import annotations

import subprocess
import sys

import pytest
from openpyxl import load_workbook

from twentyone_burn.charts.files import load_chart
from twentyone_burn.charts.model import Chart, ChartError
from twentyone_burn.export.chart_workbook import save_chart
from twentyone_burn.rules import Rules


def _edit_csv(path, line, column, value):
    rows = [r.split(",") for r in path.read_text().splitlines()]
    if value is None:
        del rows[line][column:]
    else:
        rows[line] += [""] * (column + 1 - len(rows[line]))
        rows[line][column] = value
    path.write_text("\n".join(",".join(r) for r in rows) + "\n")


# (file, line index, column index, new text or None = cut the row there, expected message)
CSV_CASES = [
    ("hard.csv", 7, 3, "X", r"hard\.csv, cell D8: unknown action 'X'; expected one of H, S, D, "
                            r"Ds \(row 10, up card 4\)"),
    ("soft.csv", 2, 10, "", r"soft\.csv, cell K3: missing cell \(row 13, up card A\)"),
    ("soft.csv", 2, 8, None, r"soft\.csv, cell I3: missing cell \(row 13, up card 9\)"),
    ("resplit.csv", 0, 4, "five", r"resplit\.csv, cell E1: header 'five', expected '5'"),
    ("resplit.csv", 3, 1, "Y", r"resplit\.csv, cell B4: unknown mark 'Y'; expected one of P, -"),
    ("burn.csv", 5, 2, "lots", r"burn\.csv, cell C6: 'lots' is not a number \(row A7, up card 2\)"),
    ("burn.csv", 5, 2, "nan", r"burn\.csv, cell C6: 'nan' is not a finite number"),
    ("burn.csv", 5, 1, "pair", r"burn\.csv, cell B6: kind 'pair' for A7, expected 'soft'"),
    ("burn.csv", 5, 0, "A1", r"burn\.csv, cell A6: unknown row 'A1'; rows are AA to 22"),
    ("burn.csv", 5, 0, "AA", r"burn\.csv, cell A6: row 'AA' appears twice \(first at .*cell A2\)"),
    ("hard.csv", 1, 0, "22", r"hard\.csv, cell A2: unknown row '22'; rows are 4 to 21"),
    ("hard.csv", 1, 11, "H", r"hard\.csv, cell L2: unexpected cell 'H' right of the table"),
]


@pytest.mark.parametrize("name,line,col,value,message", CSV_CASES,
                         ids=[f"{c[0]}-{c[4][:24]}" for c in CSV_CASES])
def test_bad_csv_cell(tmp_path, simple, name, line, col, value, message):
    save_chart(simple, tmp_path)
    _edit_csv(tmp_path / name, line, col, value)
    with pytest.raises(ChartError, match=message) as e:
        load_chart(tmp_path)
    assert "\n" not in str(e.value) and str(tmp_path / name) in str(e.value)


def test_missing_row_and_missing_files(tmp_path, simple):
    save_chart(simple, tmp_path)
    p = tmp_path / "hard.csv"
    p.write_text("\n".join(p.read_text().splitlines()[:-1]) + "\n")
    with pytest.raises(ChartError, match=r"hard\.csv, cell A19: missing row 21 \(1 of 18"):
        load_chart(tmp_path)
    save_chart(simple, tmp_path)
    (tmp_path / "soft.csv").unlink()
    with pytest.raises(ChartError, match=r"soft\.csv: cannot read"):
        load_chart(tmp_path)
    save_chart(simple, tmp_path)
    (tmp_path / "rules.toml").write_text("decks = 9.5\n")
    with pytest.raises(ChartError, match=r"rules file .*rules\.toml: decks"):
        load_chart(tmp_path)
    (tmp_path / "rules.toml").unlink()
    with pytest.raises(ChartError, match=r"rules\.toml: missing .* give --rules"):
        load_chart(tmp_path)
    assert load_chart(tmp_path, Rules(decks=None)).equals(simple)


XLSX_CASES = [
    ("Hard", "D11", "X", r"sheet Hard, cell D11: unknown action 'X'; expected one of H, S, D, "
                         r"Ds \(row 11, up card 4\)"),
    ("Soft", "K5", None, r"sheet Soft, cell K5: missing cell \(row 13, up card A\)"),
    ("Resplit", "B3", "Two", r"sheet Resplit, cell B3: header 'Two', expected '2'"),
    ("Burn", "L4", "x", r"sheet Burn, cell L4: 'x' is not a number \(row AA, up card A\)"),
    ("Burn", "C4", True, r"sheet Burn, cell C4: True is not a number"),
    ("Hard", "A21", None, r"sheet Hard, cell A21: unknown row ''"),
]


@pytest.mark.parametrize("sheet,cell,value,message", XLSX_CASES,
                         ids=[f"{c[0]}-{c[1]}" for c in XLSX_CASES])
def test_bad_xlsx_cell(tmp_path, simple, sheet, cell, value, message):
    save_chart(simple, tmp_path)
    wb = load_workbook(tmp_path / "chart.xlsx")
    wb[sheet][cell].value = value
    wb.save(tmp_path / "chart.xlsx")
    with pytest.raises(ChartError, match=message) as e:
        load_chart(tmp_path / "chart.xlsx")
    assert "\n" not in str(e.value) and "chart.xlsx" in str(e.value)


def test_bad_workbooks(tmp_path, simple):
    save_chart(simple, tmp_path)
    wb = load_workbook(tmp_path / "chart.xlsx")
    del wb["Soft"]
    wb.save(tmp_path / "chart.xlsx")
    with pytest.raises(ChartError, match=r"chart\.xlsx: sheet 'Soft' missing"):
        load_chart(tmp_path / "chart.xlsx")
    wb = load_workbook(tmp_path / "chart.xlsx")
    wb.create_sheet("Soft")
    wb["Rules"]["B4"].value = "many"
    wb.save(tmp_path / "x.xlsx")
    (tmp_path / "bad.xlsx").write_text("not a workbook")
    with pytest.raises(ChartError, match=r"bad\.xlsx: not an xlsx workbook"):
        load_chart(tmp_path / "bad.xlsx")
    with pytest.raises(ChartError, match=r"give a chart folder .* or an \.xlsx"):
        load_chart(tmp_path / "rules.toml")
    save_chart(simple, tmp_path / "y")
    wb = load_workbook(tmp_path / "y" / "chart.xlsx")
    wb["Rules"]["B4"].value = "many"
    wb.save(tmp_path / "y" / "chart.xlsx")
    with pytest.raises(ChartError, match=r"sheet Rules: decks must be"):
        load_chart(tmp_path / "y" / "chart.xlsx")


def test_chart_constructor_checks_its_frames(simple):
    bad = simple.hard.copy()
    bad.loc[12, "5"] = "P"
    with pytest.raises(ChartError, match=r"hard cell \(12, 5\) is 'P'"):
        Chart.from_frames(simple.rules, simple.burn_values, bad, simple.soft, simple.resplit, "x")
    burn = simple.burn_values.copy()
    burn.iloc[3, 3] = float("inf")
    with pytest.raises(ChartError, match="finite"):
        Chart.from_frames(simple.rules, burn, simple.hard, simple.soft, simple.resplit, "x")
    with pytest.raises(ChartError, match="rows must be"):
        Chart(simple.rules, simple.burn_values, simple.hard[::-1], simple.soft, simple.resplit,
              "x")
    with pytest.raises(ChartError, match="columns must be"):
        Chart(simple.rules, simple.burn_values, simple.hard.rename(columns={"T": "10"}),
              simple.soft, simple.resplit, "x")


def _cli(*args):
    # cli.main, what the installed ``twentyone-burn`` script runs
    return subprocess.run([sys.executable, "-c", "from twentyone_burn.cli import main; main()",
                           *args], capture_output=True, text=True, timeout=300)


def test_cli_bad_chart_exits_2_with_one_line(tmp_path, simple):
    save_chart(simple, tmp_path)
    p = tmp_path / "hard.csv"
    p.write_text(p.read_text().replace("\n10,D,", "\n10,Q,"))
    r = _cli("value", "--strategy", str(tmp_path))
    assert r.returncode == 2
    assert r.stderr.count("\n") == 1 and "hard.csv, cell B8: unknown action 'Q'" in r.stderr
    r = _cli("chart", "--strategy", str(tmp_path / "nothing"), "--out", str(tmp_path / "o"))
    assert r.returncode == 2 and "no such file or folder" in r.stderr
    assert not (tmp_path / "o").exists()
