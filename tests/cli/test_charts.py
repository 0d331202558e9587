"""``chart`` and ``value`` (twentyone_burn/cli/charts.py): the published chart files are never
overwritten without --force, and a bad short burn rule is one line naming its line."""

from __future__ import annotations

import shutil
from pathlib import Path

from tests.cli.test_bad_input import run

ROOT = Path(__file__).resolve().parents[2]
TABLES = ROOT / "strategy_tables"


def test_chart_refuses_the_published_files(monkeypatch, capsys):
    monkeypatch.chdir(ROOT)
    before = {p: p.stat().st_mtime_ns for p in TABLES.glob("*")}
    code, _, err = run(["chart", "--out", "strategy_tables"], monkeypatch, capsys)
    assert code == 2 and "--force" in err
    assert before == {p: p.stat().st_mtime_ns for p in before}


def test_a_bad_rule_file_is_one_line_exit_2(tmp_path, monkeypatch, capsys):
    for name in ("burn.csv", "hard.csv", "soft.csv", "resplit.csv", "rules.toml"):
        shutil.copy(TABLES / name, tmp_path / name)
    bad = tmp_path / "burn-rule.txt"
    bad.write_text("keep AT, A9\nkeep 20\n")
    code, out, err = run(["value", "--strategy", str(bad), "--no-compare"], monkeypatch,
                         capsys)
    assert code == 2 and not out
    assert len(err.splitlines()) == 1 and "line 2" in err and "Traceback" not in err
