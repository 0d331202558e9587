"""guts-odds omaha-threshold (guts_family/cli/omaha.py): JSON labelled sampled with its seed and
provenance, the same seed the same figures, one-line errors with exit code 2."""

from __future__ import annotations

import json

import pytest

from tests.guts.test_cli import run

SMALL = ["--situations", "128", "--index-deals", "30", "--window", "0.1"]


def test_json_is_sampled_with_seed_and_provenance(capsys):
    code, out, _ = run(capsys, "omaha-threshold", "--players", "2-3", "--pot", "10,30",
                       "--limit", "10", "--seed", "4", "--json", *SMALL)
    assert code == 0
    d = json.loads(out)
    assert d["exact"] is False and d["method"] == "sampled" and d["sampling"]["seed"] == 4
    assert d["version"] and d["command"] == "omaha-threshold" and d["options"]["seed"] == 4
    rows = d["thresholds"]
    assert [(r["players"], r["pot"]) for r in rows] == [(2, 10), (2, 30), (3, 10), (3, 30)]
    assert [r["myopic_equity_exact"] for r in rows] == ["1/2", "1/4"] * 2
    assert all(0 <= r["equity"] <= 1 and r["equity_se"] >= 0 for r in rows)
    again = json.loads(run(capsys, "omaha-threshold", "--players", "2-3", "--pot", "10,30",
                           "--limit", "10", "--seed", "4", "--json", *SMALL)[1])
    assert again["thresholds"] == rows


def test_text_says_sampled_and_prints_the_seed_it_drew(capsys):
    code, out, _ = run(capsys, "omaha-threshold", "--players", "2", "--pot", "30", *SMALL)
    assert code == 0
    assert "sampled (Monte Carlo, not exact)" in out and "--seed " in out.splitlines()[0]


@pytest.mark.parametrize("args, message", [
    (["--players", "3", "--pot", "30", "--limit", "0.5"], "is below the ante 1"),
    (["--players", "3", "--pot", "30", "--limit", "1", "--ante", "2"], "is below the ante 2"),
    (["--players", "1", "--pot", "30"], "--players must be 2 to 11"),
    (["--players", "2-12", "--pot", "30"], "--players must be 2 to 11"),
    (["--players", "many", "--pot", "30"], "is not a table size"),
    (["--players", "3", "--pot", "0"], "--pot must be more than 0"),
    (["--players", "3", "--pot", "-5"], "--pot must be 0 or more"),
    (["--players", "3", "--pot", "30", "--situations", "5"], "--situations must be"),
    (["--players", "3", "--pot", "30", "--window", "0"], "--window must be"),
    (["--players", "3", "--pot", "30", "--seed", "-1"], "--seed must be"),
])
def test_bad_input_one_line_exit_2(capsys, args, message):
    code, out, err = run(capsys, "omaha-threshold", *args)
    assert code == 2 and out == ""
    assert message in err and len(err.strip().splitlines()) == 1, err
