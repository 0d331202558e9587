"""``twentyone-burn protection shoe`` and ``cut-card``: provenance in the output, the table
file readable as a TrueCountTable, and bad input as one line with exit 2."""

from __future__ import annotations

import json
import sys

import pytest
from typer.testing import CliRunner

from twentyone_burn.cli import main
from twentyone_burn.cli.app import app
from twentyone_burn.protection.tc_table import TrueCountTable

BASE = ["protection", "shoe", "--rounds", "30000", "--seed", "4", "--workers", "1",
        "--decks", "2", "--strategy", "always-stand"]


def test_shoe_json_and_table_file(tmp_path):
    out = tmp_path / "t.json"
    r = CliRunner().invoke(app, [*BASE, "--count", "zen", "--tc-decks", "half", "--json",
                                 "--out", str(out)])
    assert r.exit_code == 0, r.output
    d = json.loads(r.stdout)
    for key in ("rules", "rules_hash", "version", "seed", "rounds", "count", "conversion"):
        assert key in d
    assert d["seed"] == "4" and d["rounds"] == 30000
    assert d["conversion"]["decks_remaining"] == "half"
    assert sum(row["rounds"] for row in d["by_true_count"]) == 30000
    t = TrueCountTable.from_json(out.read_text())
    assert t.count == "zen" and t.total_rounds == 30000 and t.seed == 4
    assert t.meta["rules_hash"] == d["rules_hash"]
    assert [int(x) for x in t.rounds] == [row["rounds"] for row in d["by_true_count"]]


@pytest.mark.parametrize("args", [["--count", "psychic"], ["--count", "A=1,Z=2"],
                                  ["--penetration", "1"], ["--penetration", "0"],
                                  ["--decks", "inf"], ["--tc-decks", "some"],
                                  ["--tc-round", "up"]])
def test_shoe_bad_input_is_one_line_exit_2(args, monkeypatch, capsys):
    monkeypatch.setattr(sys, "argv", ["twentyone-burn", *BASE, *args])
    with pytest.raises(SystemExit) as e:
        main()
    err = capsys.readouterr().err
    assert e.value.code == 2, err
    assert len(err.strip().splitlines()) == 1 and err.startswith("error:"), err
