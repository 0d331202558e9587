"""SOURCE_DATE_EPOCH: equal inputs give byte-identical files, the workbooks included."""

from __future__ import annotations

import datetime as dt
import io as stdio
import subprocess
import sys
import time
import types
import zipfile

import pytest

from twentyone_burn.charts.model import Chart
from twentyone_burn.export.chart_workbook import xlsx_bytes
from twentyone_burn.io import reproducible_zip, source_date
from twentyone_burn.rules import Rules

EPOCH = "1700000000"        # 2023-11-14T22:13:20Z


def clock_ahead(monkeypatch, seconds: float) -> None:
    """Move the clocks openpyxl and zipfile read ``seconds`` ahead."""
    import openpyxl.writer.excel as excel
    real = time.time
    monkeypatch.setattr(time, "time", lambda: real() + seconds)

    class Later(dt.datetime):
        @classmethod
        def now(cls, tz=None):
            return dt.datetime.fromtimestamp(real() + seconds, tz)
    monkeypatch.setattr(excel, "datetime", types.SimpleNamespace(datetime=Later,
                                                                 timezone=dt.timezone))


def two_workbooks(monkeypatch) -> tuple[bytes, bytes]:
    chart = Chart.simple(Rules(decks=None))
    first = xlsx_bytes(chart)
    clock_ahead(monkeypatch, 3600)
    return first, xlsx_bytes(chart)


def test_without_source_date_epoch_workbooks_carry_the_time(monkeypatch):
    monkeypatch.delenv("SOURCE_DATE_EPOCH", raising=False)
    a, b = two_workbooks(monkeypatch)
    assert a != b and source_date() is None
    assert reproducible_zip(a) is a


def test_with_source_date_epoch_workbooks_are_byte_identical(monkeypatch):
    monkeypatch.setenv("SOURCE_DATE_EPOCH", EPOCH)
    a, b = two_workbooks(monkeypatch)
    assert a == b
    with zipfile.ZipFile(stdio.BytesIO(a)) as z:
        assert {i.date_time for i in z.infolist()} == {(2023, 11, 14, 22, 13, 20)}
        core = z.read("docProps/core.xml").decode()
        assert core.count("2023-11-14T22:13:20Z") == 2          # created and modified
        assert z.testzip() is None
    from openpyxl import load_workbook
    wb = load_workbook(stdio.BytesIO(a))
    assert wb.properties.created == wb.properties.modified == dt.datetime(2023, 11, 14, 22, 13,
                                                                          20)


def test_a_time_before_zip_time_began(monkeypatch):
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "0")
    data = xlsx_bytes(Chart.simple(Rules(decks=None)))
    with zipfile.ZipFile(stdio.BytesIO(data)) as z:
        assert {i.date_time for i in z.infolist()} == {(1980, 1, 1, 0, 0, 0)}


def run_cli(*args: str, env: dict[str, str]) -> None:
    code = ("import sys; from twentyone_burn.cli import main; sys.argv[0] = 'twentyone-burn'; "
            "main()")
    import os
    r = subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True,
                       timeout=1200, env={**os.environ, **env})
    assert r.returncode == 0, r.stderr


@pytest.mark.slow
def test_two_report_runs_give_identical_files(tmp_path):
    outs = []
    for k in range(2):
        out = tmp_path / f"run{k}"
        run_cli("report", "--decks", "inf", "--no-variations", "--sim-rounds", "20000",
                "--seed", "9", "--workers", "1", "--out", str(out),
                env={"SOURCE_DATE_EPOCH": EPOCH})
        outs.append({p.name: p.read_bytes() for p in sorted(out.iterdir())})
        time.sleep(2.1)             # zip time stamps have two-second steps
    assert outs[0] == outs[1] and any(n.endswith(".xlsx") for n in outs[0])


@pytest.mark.slow
def test_two_chart_runs_give_identical_files(tmp_path):
    outs = []
    for k in range(2):
        out = tmp_path / f"run{k}"
        run_cli("chart", "--decks", "inf", "--out", str(out), env={"SOURCE_DATE_EPOCH": EPOCH})
        outs.append({p.name: p.read_bytes() for p in sorted(out.rglob("*")) if p.is_file()})
        time.sleep(2.1)
    assert outs[0] == outs[1] and "chart.xlsx" in outs[0]
