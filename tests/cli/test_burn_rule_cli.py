"""The short burn rule as a --strategy of value, simulate and verify (a burn-rule.txt beside a
chart's CSVs); its printed form is what is played."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

from tests.cli.test_bad_input import run

TABLES = Path(__file__).resolve().parents[2] / "strategy_tables"
RULE = TABLES / "burn-rule.txt"


def _stated_return() -> float:
    m = re.search(r"exact expected return [+-][0-9.]+% of the initial wager \(([+-][0-9.]+);",
                  RULE.read_text())
    assert m, "the published rule states its exact return"
    return float(m.group(1))


def test_simulate_plays_the_published_rule(monkeypatch, capsys):
    code, out, err = run(["simulate", "--strategy", str(RULE), "--rounds", "400000",
                          "--workers", "1", "--seed", "5", "--json"], monkeypatch, capsys)
    assert code == 0, err
    d = json.loads(out)
    assert "burn rule" in d["strategy"]
    z = (d["mean_return"] - _stated_return()) / d["standard_error"]
    assert abs(z) < 4, d


def test_a_bad_rule_file_is_one_line_exit_2(tmp_path, monkeypatch, capsys):
    for name in ("burn.csv", "hard.csv", "soft.csv", "resplit.csv", "rules.toml"):
        shutil.copy(TABLES / name, tmp_path / name)
    bad = tmp_path / "burn-rule.txt"
    bad.write_text("keep AT, A9\nkeep 20\n")
    code, out, err = run(["value", "--strategy", str(bad), "--no-compare"], monkeypatch,
                         capsys)
    assert code == 2 and not out
    assert len(err.splitlines()) == 1 and "line 2" in err and "Traceback" not in err
