"""guts-odds game (guts_family/cli/game.py): one cheap run per path (text, JSON, --out with the
figure), the same seed the same answer, one-line errors with exit 2 before any work, and no
heavy library loaded for --help or bad input."""

from __future__ import annotations

import json

import pytest

from tests.cli.test_startup import _guts_heavy, _loaded
from tests.guts.test_cli import run

CHEAP = ["game", "guts321", "--rounds", "1", "--cap", "3", "--games", "3000", "--seed", "5"]


def test_text_answers_every_question_with_its_seed(capsys):
    code, out, err = run(capsys, *CHEAP, "--players", "2-3")
    assert code == 0 and err == ""
    lines = out.splitlines()
    assert lines[0].startswith("# guts-odds") and "--seed 5" in lines[0]
    assert "sampled (Monte Carlo, not exact): 3,000 games a table size, seed 5" in lines[1]
    assert "nobody in" in out and "net result per game by seat" in out
    assert "thresholds played" in out and "up to the cap: J" in out
    assert sum(1 for line in lines if line.startswith("        2 ")) == 3  # 3 tables, 2 players


def test_json_and_files(capsys, tmp_path):
    code, out, _ = run(capsys, *CHEAP, "--players", "2", "--json", "--out", str(tmp_path),
                       "--figure", "png")
    data = json.loads(out)
    assert code == 0 and data["exact"] is False and data["seed"] == 5
    row = data["rows"][0]
    assert row["sampling"]["games"] == 3000 and row["money_imbalance"] == 0.0
    assert {"mean", "se", "quantiles"} <= set(row["deals_per_game"])
    assert row["seats"][0]["role"] == "dealer" and "se" in row["per_deal"]["nobody_in"]
    assert [t["source"] for t in row["thresholds"]][0] == "equilibrium"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game-guts321.csv", "game-guts321.png"]
    csv = (tmp_path / "game-guts321.csv").read_text()
    assert "# exact: False" in csv and "# seed: 5" in csv and "deals_mean" in csv
    code, again, _ = run(capsys, *CHEAP, "--players", "2", "--json")
    assert json.loads(again)["rows"][0]["deals_per_game"] == row["deals_per_game"]


def test_each_game_runs(capsys):
    for args in (["phoenix", "--thresholds", "AK2", "--swap-fee", "1", "--swap-below", "Q32",
                  "--burn-tie", "redeal"],
                 ["challenge", "--thresholds", "KQ2", "--dealer-min", "A"]):
        code, out, err = run(capsys, "game", *args, "--players", "4", "--games", "500",
                             "--seed", "1", "--cap", "5")
        assert code == 0 and err == "", err
        assert ("swaps" in out) if args[0] == "phoenix" else ("the dealer called alone" in out)


@pytest.mark.parametrize("args", [
    ["phoenix", "--cap", "0.5"],                   # a cap below the ante
    ["phoenix", "--players", "1"],                 # no game with one player
    ["phoenix", "--players", "0"],
    ["phoenix", "--players", "2-17"],              # too many for the deck (refused first)
    ["phoenix", "--thresholds", "ZZZ"],            # not a hand of the game
    ["guts321", "--thresholds", "AQ4"],            # one per round size
    ["phoenix", "--ante", "0"],
    ["phoenix", "--ante", "-1"],
    ["phoenix", "--ante", "nan"],
    ["phoenix", "--games", "0"],
    ["phoenix", "--games", "1.5"],
    ["phoenix", "--max-deals", "0"],
    ["phoenix", "--figure", "gif"],
    ["phoenix", "--rounds", "x"],
    ["phoenix", "--reante", "often"],
    ["phoenix", "--scheduler", "nohost"],
    ["phoenix", "--scheduler", "h:8786", "--workers", "2"],
    ["phoenix", "--workers", "999"],
    ["challenge", "--swap-fee", "1", "--swap-below", "Q32"],
    ["poker"],
])
def test_bad_input_is_one_line_exit_2(capsys, args):
    code, out, err = run(capsys, "game", *args)
    assert code == 2 and err.count("\n") == 1 and err.startswith("error:"), (args, err)
    assert out == ""


def test_a_file_as_out_is_refused_before_any_work(capsys, tmp_path):
    f = tmp_path / "x"
    f.write_text("")
    code, _, err = run(capsys, *CHEAP, "--out", str(f))
    assert code == 2 and "is a file" in err


@pytest.mark.parametrize("args, code", [(["game", "--help"], 0),
                                        (["game", "phoenix", "--cap", "0.5"], 2)])
def test_help_and_bad_input_load_no_heavy_library(args, code):
    modules, err = _loaded(args, "guts-odds")
    assert f"exit {code}" in err
    if "--help" in args:        # no game, odds or numba at all for the help
        assert _guts_heavy(modules) == []
    # a game's own option check needs the game (and numba), never the exporters' libraries
    assert sorted(m for m in modules
                  if m.split(".")[0] in ("pandas", "matplotlib", "openpyxl", "dask",
                                         "distributed")) == []
