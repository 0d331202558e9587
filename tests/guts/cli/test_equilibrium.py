"""guts-odds equilibrium (guts_family/cli/equilibrium.py): one cheap run per path - exact table,
sampled rows, the swap - and one-line errors."""

from __future__ import annotations

import json

import pytest

from guts_family.cli.equilibrium import _table_text, parse_players
from guts_family.games.equilibrium import Equilibrium, ThresholdTable
from tests.guts.test_cli import run


def test_cli_table_json_and_one_line_errors(capsys, tmp_path):
    code, out, _ = run(capsys, "equilibrium", "guts321", "--cards", "1", "--players", "2-3",
                       "--json", "--out", str(tmp_path))
    data = json.loads(out)
    assert code == 0 and [r["threshold"] for r in data["rows"]] == ["J", "Q"]
    assert data["exact"] and (tmp_path / "equilibrium-guts321-1card.csv").exists()
    code, out, _ = run(capsys, "equilibrium", "phoenix", "--players", "2")
    assert code == 0 and "A84 or better" in out and out.startswith("# guts-odds")
    for args in (["equilibrium", "poker"], ["equilibrium", "phoenix", "--players", "1"],
                 ["equilibrium", "phoenix", "--players", "x"],
                 ["equilibrium", "guts321", "--cards", "3", "--exact"],
                 ["equilibrium", "phoenix", "--ante", "0"]):
        code, out, err = run(capsys, *args)
        assert code == 2 and err.count("\n") == 1 and err.startswith("error:"), args


def test_cli_prints_the_method_of_every_row(capsys, tmp_path):
    code, out, err = run(capsys, "equilibrium", "guts321", "--cards", "3", "--players", "2-3",
                         "--seed", "3", "--samples", "65536", "--out", str(tmp_path))
    assert code == 0 and err == ""
    assert "sampled (Monte Carlo, not exact) for 3 players" in out and "--seed 3" in out
    assert "exact" in out.splitlines()[5] and "sampled, seed 3" in out.splitlines()[6]
    text = (tmp_path / "equilibrium-guts321-3card.csv").read_text()
    assert "# exact: False" in text and "# seed: 3" in text and "threshold_low" in text


@pytest.mark.parametrize("args", [
    ["--cards", "3", "--players", "17"],           # more players than the deck seats
    ["--cards", "3", "--players", "2-17"],         # refused before the first row
    ["--cards", "3", "--players", "3", "--exact"],
    ["--cards", "3", "--exact", "--seed", "1"],
    ["--cards", "2", "--seed", "1"],
    ["--cards", "3", "--sample", "--exact"],
    ["--cards", "3", "--samples", "0"],
    ["--cards", "3", "--max-seconds", "0"],
])
def test_cli_bad_input_is_one_line_exit_2(capsys, args):
    code, out, err = run(capsys, "equilibrium", "guts321", *args)
    assert code == 2 and err.count("\n") == 1 and err.startswith("error:"), err
    assert out == ""


def test_cli_sample_is_refused_for_the_exact_games(capsys):
    code, _, err = run(capsys, "equilibrium", "phoenix", "--players", "2", "--sample")
    assert code == 2 and "only the Guts 3-card round is sampled" in err


def test_cli_swap_fee_and_one_line_errors(capsys, tmp_path):
    code, out, _ = run(capsys, "equilibrium", "phoenix", "--players", "2", "--swap-fee", "4",
                       "--json", "--out", str(tmp_path))
    data = json.loads(out)
    assert code == 0 and data["rows"][0]["swaps_with"] == "none" and data["exact"]
    assert data["rows"][0]["threshold_after_keep"] == "A84"
    assert (tmp_path / "equilibrium-phoenix-swap.csv").exists()
    for args in (["equilibrium", "guts321", "--swap-fee", "1"],
                 ["equilibrium", "phoenix", "--swap-fee", "-1"],
                 ["equilibrium", "phoenix", "--swap-fee", "nan"],
                 ["equilibrium", "phoenix", "--swap-fee", "1", "--swap-timing", "later"],
                 ["equilibrium", "phoenix", "--swap-timing", "hidden"]):
        code, out, err = run(capsys, *args)
        assert code == 2 and err.count("\n") == 1 and err.startswith("error:"), args


def test_parse_players():
    assert parse_players("2-8") == list(range(2, 9))
    assert parse_players("3, 2,2") == [2, 3]
    with pytest.raises(ValueError, match="smaller number"):
        parse_players("8-2")
    with pytest.raises(ValueError, match="a number, a span or a list"):
        parse_players("two")


def _row(players: int, label: str, share: float, ev: float, converged: bool = True,
         note: str = "") -> Equilibrium:
    return Equilibrium(game="phoenix", order="value3", cards=3, players=players, ante=1.0,
                       pot=float(players), cap=None, tie="pot", player_tie="split",
                       threshold=0, label=label, converged=converged, iterations=3, path=(),
                       ev_at=ev, ev_below=None, share_in=share, note=note)


def test_the_table_text_keeps_its_columns_when_a_label_is_long():
    """The published Phoenix table's row for 7 players (a cycle, "882/883") used to push its
    figures right of their column."""
    rows = (_row(6, "772", 0.1066, 0.021465),
            _row(7, "882/883", 0.0936, -0.001029, False, "best responses cycle"),
            _row(8, "992", 0.0805, 0.215761))
    table = ThresholdTable(meta={"title": "Phoenix Burn", "cards": 3, "tie": "pot",
                                 "player_tie": "split", "method": "exact"}, rows=rows)
    head, *body = _table_text(table, 1.0, None, None)[2:3 + len(rows)]  # then the equilibria
    for heading in ("hands in", "EV at threshold"):     # right-aligned under their headings
        end = head.index(heading) + len(heading)
        assert all(line[end - 1] != " " and line[end] == " " for line in body), (head, body)
    starts = {line.index("or better") - len(r.label) - 1 for line, r in zip(body, rows)}
    assert starts == {head.index("go in with")}
