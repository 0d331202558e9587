"""Provenance on every file and every --json answer (issue 26 item 3).

The chart's CSVs stay plain tables; their provenance is the sidecar ``chart.json`` (name,
rules, rules hash, version, the files it describes) and ``rules.toml`` (rules, hash and version
as comment lines), written in the same all-or-none set (docs/charts.md). Folders written
before (no rules in chart.json, no version line) read as before."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from tests.cli.test_bad_input import run
from twentyone_burn._version import __version__
from twentyone_burn.charts.files import CSV_FILES, load_chart
from twentyone_burn.charts.model import Chart
from twentyone_burn.export.chart_workbook import save_csv
from twentyone_burn.rules import Rules

TABLES = Path(__file__).resolve().parents[2] / "strategy_tables"


def test_the_sidecar_describes_the_csvs(tmp_path):
    rules = Rules(decks=2, hit_soft_17=False)
    save_csv(Chart.simple(rules), tmp_path)
    meta = json.loads((tmp_path / "chart.json").read_text())
    assert meta["files"] == list(CSV_FILES) and meta["version"] == __version__
    # the sidecar's rules, read a second way: the same rules as rules.toml, the same hash
    assert Rules.from_dict(meta["rules"]) == Rules.from_toml(tmp_path / "rules.toml") == rules
    assert Rules.from_dict(meta["rules"]).rules_hash == meta["rules_hash"] == rules.rules_hash
    toml = (tmp_path / "rules.toml").read_text().splitlines()
    assert f"# rules hash: {rules.rules_hash}" in toml
    assert f"# version: twentyone-burn {__version__}" in toml
    for name in CSV_FILES:        # the tables stay plain CSV: a header row, no comments
        assert not (tmp_path / name).read_text().startswith("#")


def test_a_folder_of_the_earlier_format_reads_as_before(tmp_path):
    for name in (*CSV_FILES, "rules.toml", "chart.json"):
        shutil.copy(TABLES / name, tmp_path / name)
    meta = json.loads((tmp_path / "chart.json").read_text())
    meta.pop("rules", None), meta.pop("files", None)
    (tmp_path / "chart.json").write_text(json.dumps(meta))
    toml = [x for x in (tmp_path / "rules.toml").read_text().splitlines()
            if not x.startswith("# version")]
    (tmp_path / "rules.toml").write_text("\n".join(toml) + "\n")
    assert load_chart(tmp_path).equals(load_chart(TABLES))


@pytest.mark.parametrize("argv", [
    ["dealer", "--up", "6", "--decks", "inf", "--json"],
    ["dealer", "--up", "T", "--removed", "5 5", "--decks", "1", "--json"],
    ["hand", "T 6 5", "--up", "6", "--decks", "inf", "--json"],
    ["hand", "T 6", "--up", "6", "--rules", "classic-blackjack", "--decks", "inf", "--json"],
])
def test_hand_and_dealer_json_carry_rules_hash_and_version(argv, monkeypatch, capsys):
    code, out, err = run(argv, monkeypatch, capsys)
    assert code == 0, err
    d = json.loads(out)
    assert d["version"] == __version__
    assert Rules.from_dict(d["rules"]).rules_hash == d["rules_hash"]
