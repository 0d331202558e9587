"""The guts games' commands (guts_family/cli/games.py): vs-pot exact, with a range, sampled;
challenge with ranges; a sampled table; one-line errors."""

from __future__ import annotations

import json

import pytest

from guts_family.cli import main
from tests.guts.test_cli import run


def test_cli_eight_players_and_one_line_errors(capsys):
    code, out, _ = run(capsys, "vs-pot", "As Kd Qh", "--opponents", "7", "--json",
                        *[x for u in "Jc 9d 7h 5s 3c 2d 8c".split()
                          for x in ("--opponent-cards", u)])
    data = json.loads(out)
    assert code == 0 and len(data["seats"]) == 8
    assert sum(data["counts"].values()) == data["total"]
    code, out, _ = run(capsys, "challenge", "Qs Qd 2c", "--pot", "10", "--challengers", "3",
                        "--json")
    assert code == 0 and json.loads(out)["challengers"] == 3
    for args, message in [
        (["vs-pot", "As Kd Qh", "--opponents", "16"], "at most 15 other players"),
        (["vs-pot", "As Ks Qs", "--game", "guts321", "--opponents", "4", "--exact"], "at most 3"),
        (["vs-pot", "As Kd Qh", "--opponents", "15", "--dead", "2c 3c"], "not enough unseen"),
        (["vs-pot", "As Kd Qh", "--opponents", "3", "--opponent-cards", "Jc",
          "--opponent-cards", "Jc"], "in both player 2 and player 3"),
        (["challenge", "As Kd Qh", "--pot", "1", "--challengers", "0"], "1 to 16"),
    ]:
        code, out, err = run(capsys, *args)
        assert code == 2 and out == "" and err.count("\n") == 1, (args, err)
        assert message in err and "Traceback" not in err


def test_vs_pot_range_exact_and_errors(capsys):
    code, out, _ = run(capsys, "vs-pot", "Ks Kd 7h", "--opponents", "3", "--range", "pair+",
                       "--json")
    data = json.loads(out)
    assert code == 0 and data["exact"] and data["range"]["low"] == "322"
    wide = json.loads(run(capsys, "vs-pot", "Ks Kd 7h", "--opponents", "3", "--json")[1])
    assert data["win"] < wide["win"]
    for args in (["vs-pot", "Ks Kd 7h", "--opponents", "1", "--range", "AAA-KK2"],
                 ["vs-pot", "Ks Kd 7h", "--range", "pair+"]):
        code, _, err = run(capsys, *args)
        assert code == 2 and err.count("\n") == 1


def test_cli_four_plus_opponents_poker_order_is_sampled_with_se(capsys):
    code, out, _ = run(capsys, "vs-pot", "Ks Kd 7h", "--game", "guts321", "--opponents", "5",
                       "--seed", "3", "--pot", "10", "--target-se", "0.003", "--workers", "1")
    assert code == 0
    assert "sampled (Monte Carlo, not exact)" in out and "seed 3" in out and "s.e." in out
    assert "exact count refused" in out and "complete enumeration" not in out
    assert "--seed 3" in out.splitlines()[0]
    code, out, _ = run(capsys, "vs-pot", "Ks Kd 7h", "--game", "guts321", "--opponents", "5",
                       "--seed", "3", "--target-se", "0.003", "--workers", "1", "--json")
    d = json.loads(out)
    assert code == 0 and d["method"] == "sampled" and d["exact"] is False
    assert d["sampling"]["seed"] == 3 and 0 < d["win_se"] <= 0.003 and "why_sampled" in d


def test_cli_seed_is_recorded_when_not_given(capsys):
    code, out, _ = run(capsys, "vs-pot", "Ks Kd 7h", "--game", "guts321", "--opponents", "4",
                       "--samples", "2000", "--workers", "1", "--json")
    d = json.loads(out)
    assert code == 0 and d["options"]["seed"] == d["sampling"]["seed"]


def test_cli_exact_route_says_exact_and_sample_forces_sampling(capsys):
    code, out, _ = run(capsys, "vs-pot", "Ks Kd 7h", "--game", "guts321", "--opponents", "2",
                       "--json")
    assert code == 0 and json.loads(out)["method"] == "exact"
    code, out, _ = run(capsys, "vs-pot", "Ks Kd 7h", "--game", "guts321", "--opponents", "2",
                       "--sample", "--samples", "3000", "--seed", "1", "--json")
    d = json.loads(out)
    assert code == 0 and d["method"] == "sampled" and "why_sampled" not in d


@pytest.mark.parametrize("args, needle", [
    (["--opponents", "5", "--exact"], "--sample"),
    (["--opponents", "5", "--samples", "0"], "--samples"),
    (["--opponents", "5", "--target-se", "-1"], "--target-se"),
    (["--opponents", "5", "--workers", "0"], "--workers"),
    (["--opponents", "5", "--seed", "-4"], "--seed"),
    (["--opponents", "5", "--max-seconds", "0"], "--max-seconds"),
    (["--opponents", "5", "--exact", "--sample"], "exclude"),
    (["--opponents", "2", "--exact", "--seed", "1"], "only apply to sampling"),
])
def test_cli_bad_sampling_requests_one_line_exit_2(capsys, args, needle):
    code, out, err = run(capsys, "vs-pot", "Ks Kd 7h", "--game", "guts321", *args)
    assert code == 2 and out == "" and needle in err and len(err.strip().splitlines()) == 1


@pytest.mark.parametrize("args, needle", [
    (["--range", "pair+"], "--challengers 2"),
    (["--challengers", "2", "--dealer-min", "A", "--dealer-range", "pair+"], "give one"),
    (["--challengers", "6", "--range", "AAA"], "widen the range"),
    (["--challengers", "2", "--range", "flush+"], "unknown"),
])
def test_challenge_range_errors_one_line_exit_2(capsys, args, needle):
    code, out, err = run(capsys, "challenge", "Ks Kd 9c", "--pot", "10", *args)
    assert code == 2 and out == "" and needle in err and len(err.strip().splitlines()) == 1


def test_challenge_range_cli_is_exact(capsys):
    code, out, _ = run(capsys, "challenge", "Ks Kd 9c", "--pot", "10", "--challengers", "3",
                       "--range", "top 20%", "--json")
    d = json.loads(out)
    assert code == 0 and d["exact"] is True and d["range"]["text"] == "top 20%"


def test_cli_samples_the_table_the_exact_count_refuses(capsys, tmp_path):
    code = 0
    try:
        main(["table", "--game", "guts321", "--cards", "3", "--opponents", "4", "--seed", "3",
              "--samples", "200", "--out", str(tmp_path)])
    except SystemExit as exc:
        code = exc.code or 0
    out = capsys.readouterr().out
    assert code == 0
    assert "sampled (Monte Carlo, not exact)" in out and "seed 3" in out and "--seed 3" in out
    text = (tmp_path / "guts321-3card-4opp.csv").read_text()
    assert "# exact: False" in text and "# seed: 3" in text and "p_win_se" in text
