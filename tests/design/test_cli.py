"""``twentyone-burn design``: the files (provenance in each, all or none, never overwritten
without --force), one-line errors with exit 2 for bad input, 130 for Ctrl-C, and a light
``--help``. The search is the shared tiny one, read from its cache, so these tests are fast."""

from __future__ import annotations

import csv
import errno
import json
import sys
from pathlib import Path

import pytest

from tests.design.conftest import BASE, KNOBS, records
from twentyone_burn import __version__
from twentyone_burn.cli import main
from twentyone_burn.rules import Rules

ARGS = ["design", "--decks", "inf", "--target-edge", "-20%", "--tolerance", "20%", "--knobs",
        KNOBS, "--max-changes", "1", "--charts", "0", "--workers", "1"]


def run(argv: list[str], monkeypatch, capsys) -> tuple[int, str, str]:
    """(exit code, stdout, stderr) of ``twentyone-burn ARGV`` through the real entry point."""
    monkeypatch.setattr(sys, "argv", ["twentyone-burn", *argv])
    code: int | str | None = 0
    try:
        main()
    except SystemExit as e:
        code = e.code
    return (code if isinstance(code, int) else 1), *capsys.readouterr()


def files(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*"))
            if p.is_file()}


@pytest.fixture
def cached(tiny, tiny_cache, monkeypatch):
    monkeypatch.setenv("TWENTYONE_BURN_CACHE", str(tiny_cache))
    return tiny


def test_the_files_hold_the_table_and_its_provenance(cached, tmp_path, monkeypatch, capsys):
    out = tmp_path / "out"
    code, stdout, err = run([*ARGS, "--out", str(out), "--json"], monkeypatch, capsys)
    assert code == 0, err
    report = json.loads(stdout)
    assert report["search"]["computed"] == 0 and report["search"]["rule_sets_searched"] == 4
    got = files(out)
    names = sorted(got)
    assert names == sorted(["design.csv", "design.json", "design.xlsx",
                            *(r.rules_file for r in cached.rows)])
    for name, data in got.items():
        text = data.decode() if not name.endswith(".xlsx") else _xlsx_text(out / name)
        assert BASE.rules_hash in text and __version__ in text, name
    # JSON: the rows exactly
    doc = json.loads(got["design.json"])
    assert doc["rows"] == json.loads(json.dumps(records(cached)))
    assert doc["provenance"]["base_rules_hash"] == BASE.rules_hash
    # CSV: the same numbers, exactly
    lines = [ln for ln in got["design.csv"].decode().splitlines() if not ln.startswith("#")]
    rows = list(csv.DictReader(lines))
    assert [float(r["house_edge"]) for r in rows] == [r.house_edge for r in cached.rows]
    assert [r["rules_hash"] for r in rows] == [r.rules_hash for r in cached.rows]
    # every rules file reads back as its rule set (its stored hash checked)
    for row in cached.rows:
        assert Rules.from_toml(out / row.rules_file) == row.rules


def _xlsx_text(path: Path) -> str:
    from openpyxl import load_workbook
    wb = load_workbook(path)
    return "\n".join(str(c.value) for ws in wb for r in ws.iter_rows() for c in r
                     if c.value is not None)


def test_outputs_are_never_overwritten_without_force(cached, tmp_path, monkeypatch, capsys):
    out = tmp_path / "out"
    assert run([*ARGS, "--out", str(out)], monkeypatch, capsys)[0] == 0
    before = files(out)
    code, _, err = run([*ARGS, "--out", str(out), "--tolerance", "1%"], monkeypatch, capsys)
    assert code == 2 and len(err.splitlines()) == 1 and "--force" in err
    assert files(out) == before
    code, _, err = run([*ARGS, "--out", str(out), "--force"], monkeypatch, capsys)
    assert code == 0, err


def test_outputs_are_all_or_none(cached, tmp_path, monkeypatch, capsys):
    from twentyone_burn import io
    real = io._fill

    def full_disk(fd, data, sync, target, *rest):
        if str(target).endswith(".toml") and "003-" in str(target):
            raise OSError(errno.ENOSPC, "No space left on device", str(target))
        return real(fd, data, sync, target, *rest)

    monkeypatch.setattr(io, "_fill", full_disk)
    out = tmp_path / "out"
    code, _, err = run([*ARGS, "--out", str(out)], monkeypatch, capsys)
    assert code == 1 and len(err.splitlines()) == 1 and "No space" in err
    assert files(out) == {} if out.exists() else True
    # a file that fails to render: nothing written either
    monkeypatch.setattr(io, "_fill", real)
    from twentyone_burn.export import design_table

    def broken(result):
        raise ValueError("cannot lay out the workbook")

    monkeypatch.setattr(design_table, "render_xlsx", broken)
    code, _, err = run([*ARGS, "--out", str(out)], monkeypatch, capsys)
    assert code == 1 and len(err.splitlines()) == 1
    assert not out.exists() or files(out) == {}


@pytest.mark.parametrize("change, message", [
    (["--max-changes", "0"], "--max-changes"),
    (["--max-changes", "-1"], "--max-changes"),
    (["--tolerance", "0"], "--tolerance"),
    (["--tolerance", "-0.5%"], "--tolerance"),
    (["--tolerance", "wide"], "--tolerance"),
    (["--target-edge", "two"], "--target-edge"),
    (["--knobs", "insurance"], "unknown knob"),
    (["--knobs", "win_pays=0:1"], "win_pays"),
    (["--knobs", "win_pays=1:0"], "win_pays"),
    (["--knobs", "ties_lose_from=16"], "cannot value"),
    (["--knobs", "dealer_burn=middle"], "cannot value"),
    (["--knobs", "max_hands=two"], "max_hands"),
    (["--knobs", "win_pays,win_pays"], "twice"),
    (["--knobs", ","], "no knob"),
    (["--workers", "0"], "--workers"),
    (["--charts", "-1"], "--charts"),
    (["--scheduler", "no-port"], "--scheduler"),
    (["--decks", "9"], "decks"),
])
def test_bad_input_is_one_line_exit_2(change, message, tmp_path, monkeypatch, capsys):
    from twentyone_burn.design import search
    monkeypatch.setattr(search, "valuation", lambda kind, rules: pytest.fail("computed"))
    out = tmp_path / "out"
    code, _, err = run([*ARGS, "--out", str(out), *change], monkeypatch, capsys)
    assert code == 2, err
    assert len(err.splitlines()) == 1 and err.startswith("error:") and message in err, err
    assert "Traceback" not in err and not out.exists()


def test_ctrl_c_is_one_line_exit_130(tmp_path, monkeypatch, capsys):
    from twentyone_burn.design import search

    def interrupted(kind, rules):
        raise KeyboardInterrupt

    monkeypatch.setenv("TWENTYONE_BURN_CACHE", str(tmp_path / "cache"))
    monkeypatch.setattr(search, "valuation", interrupted)
    out = tmp_path / "out"
    code, _, err = run([*ARGS, "--out", str(out)], monkeypatch, capsys)
    assert code == 130 and len(err.splitlines()) == 1, err
    assert err.startswith("interrupted") and "resume" in err and not out.exists()


@pytest.mark.parametrize("args, code", [(["design", "--help"], 0),
                                        (["design", "--target-edge", "2%", "--max-changes",
                                          "0"], 2),
                                        (["design", "--target-edge", "2%", "--knobs", "x"], 2)])
def test_help_and_bad_input_load_no_heavy_library(args, code):
    from tests.cli.test_startup import _heavy, _loaded
    modules, err = _loaded(args)
    assert f"exit {code}" in err
    assert _heavy(modules) == []
