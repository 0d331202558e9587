"""guts-odds omaha (guts_family/cli/omaha.py): JSON and text at each stage, sampled when exact
cannot finish, ranges, one-line errors, the console script."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from fractions import Fraction

import pytest
import typer
from typer.testing import CliRunner

from guts_family.cards import CardError
from guts_family.cli.omaha import register
from tests.guts.test_cli import run

runner = CliRunner()


@pytest.fixture(scope="module")
def app() -> typer.Typer:
    a = typer.Typer()
    register(a)

    @a.callback()
    def _root() -> None:  # keep `omaha` a subcommand, as in guts-odds
        pass

    return a


def invoke(app, *args):
    return runner.invoke(app, ["omaha", *args])


def test_json_at_the_burn(app):
    r = invoke(app, "--hands", "As3sJhTd QcQh5c6d", "--board", "KsQs7d2s", "--json")
    assert r.exit_code == 0, r.output
    out = json.loads(r.output)
    assert out["boards"] == 40 and out["stage"] == "burn" and out["exact"] is True
    assert [p["hand"] for p in out["players"]] == ["As 3s Jh Td", "Qc Qh 5c 6d"]
    assert [p["equity"] for p in out["players"]] == [0.75, 0.25]
    assert {"hand", "equity", "scoop", "win_high", "win_low"} <= set(out["players"][0])
    assert len(out["rivers"]) == 40


def test_json_hilo_unknown_opponent_and_burn_decision(app):
    r = invoke(app, "--hands", "AsAhKsKh", "--board", "Qd7c2h3s", "--hilo", "--opponents", "1",
            "--pot", "60", "--cap", "10", "--json")
    assert r.exit_code == 0, r.output
    out = json.loads(r.output)
    hero, opp = out["players"]
    assert out["deals"] == 5430040 and opp["hand"] == "random"
    assert Fraction(hero["equity_exact"]) + Fraction(opp["equity_exact"]) == 1
    burn = out["burn"][0]
    assert burn["match"] == 10 and burn["burn"] is True
    assert abs(burn["ev_burn"] - (60 * hero["equity"] - 10 * hero["lose"])) < 1e-9


def test_text_output_and_preflop(app):
    r = invoke(app, "--hands", "AsKsQdJd, AhKhQcJc", "--hilo")
    assert r.exit_code == 0, r.output
    assert "preflop" in r.output and "1,086,008 board run-outs" in r.output
    assert r.output.count(" 50.0000%") == 2
    r = invoke(app, "--hands", "As3sJhTd QcQh5c6d", "--board", "KsQs7d2s", "--pot", "60")
    assert "As 3s Jh Td: BURN" in r.output and "Qc Qh 5c 6d: FOLD" in r.output


@pytest.mark.parametrize("args,message", [
    (["--hands", "AsAhKsKh AsTc9d8c", "--board", "Qd7c2h3s"], "As is in both hand 1 and hand 2"),
    (["--hands", "AsAhKsKh JdTc9d8c", "--board", "Qd7c2hJd"], "Jd is in both hand 2 and the board"),
    (["--hands", "AsAhKs JdTc9d8c", "--board", "Qd7c2h3s"], "hand 1 'As Ah Ks' has 3 cards"),
    (["--hands", "AsAhKsKh JdTc9d8c", "--board", "Qd7c2h3s4s5s"], "has 6 cards"),
    (["--hands", "AsAhKsKh", "--board", "Qd7c2h3s", "--opponents", "2", "--exact"],
     "would take about"),
    (["AsAhKsKh", "--board", "Qd7c2h3s", "--opponents", "2", "--target-se", "0"],
     "--target-se must be a positive number, got 0"),
    (["AsAhKsKh", "--board", "Qd7c2h3s", "--opponents", "2", "--target-se", "-0.5"],
     "--target-se must be a positive number"),
    (["AsAhKsKh", "--opponents", "1", "--samples", "0"], "--samples must be a whole number"),
    (["AsAhKsKh", "--opponents", "1", "--workers", "0"], "--workers must be a whole number"),
    (["AsAhKsKh", "--opponents", "1", "--seed", "-3"], "--seed must be a whole number"),
    (["AsAhKsKh", "--opponents", "1", "--exact", "--sample"], "--exact and --sample exclude"),
    (["AsAhKsKh", "--board", "Qd7c2h3s", "--opponents", "1", "--exact", "--seed", "1"],
     "--seed only apply to sampling"),
    (["AsAhKsKh", "--opponents", "11"], "Omaha Burn is played by up to 11"),
    (["AsAhKsKh", "--board", "Qd7c2h3s", "--opponents", "2", "--sample", "--board", "AhKd2c"],
     "Ah is in both hand 1 and the board"),
    (["--hands", "AsAhKsKh JdTc9d8c", "--cap", "10"], "--cap needs --pot"),
    (["--hands", "AsAhKsKh JdTc9d8c", "--pot", "lots"], "--pot 'lots' is not a number"),
])
def test_bad_input_raises_one_line(app, args, message):
    r = invoke(app, *args)
    assert isinstance(r.exception, ValueError)  # CardError is a ValueError
    text = str(r.exception)
    assert message in text and "\n" not in text


def test_sampled_when_exact_cannot_finish_json(app):
    r = invoke(app, "AsAhKsKh", "--board", "Qd7c2h3s", "--opponents", "9", "--seed", "3",
            "--samples", "20000", "--workers", "1", "--pot", "60", "--limit", "10", "--json")
    assert r.exit_code == 0, r.output
    out = json.loads(r.output)
    assert out["exact"] is False and out["method"] == "sampled"
    assert out["sampling"]["seed"] == 3 and out["samples"] == 20000
    assert "sampled instead" in out["why_sampled"] and len(out["players"]) == 10
    hero = out["players"][0]
    assert hero["equity_99"][0] <= hero["equity"] <= hero["equity_99"][1]
    assert hero["equity_se"] > 0 and {"ev_burn_se", "clear"} <= set(out["burn"][0])
    # the same seed on two workers: the same figures
    r2 = invoke(app, "AsAhKsKh", "--board", "Qd7c2h3s", "--opponents", "9", "--seed", "3",
             "--samples", "20000", "--workers", "2", "--pot", "60", "--limit", "10", "--json")
    out2 = json.loads(r2.output)
    assert out2["players"] == out["players"] and out2["burn"] == out["burn"]


def test_sampled_text_says_so_and_reports_the_seed(app):
    r = invoke(app, "AsAhKsKh JdTc9d8c", "--board", "Qd7c2h", "--hilo", "--sample", "--samples",
            "5000", "--workers", "1")
    assert r.exit_code == 0, r.output
    first, *rest = r.output.splitlines()
    assert "--seed" in first  # the provenance line carries the fresh seed
    body = "\n".join(rest)
    assert "sampled (Monte Carlo, not exact): 5,000 random deals, seed " in body
    assert "every figure above is a sampled estimate" in body and "exact:" not in body
    assert "sampled instead" not in body  # forced by --sample, not chosen
    # the default picks exact where it fits, and says so
    r = invoke(app, "AsAhKsKh JdTc9d8c", "--board", "Qd7c2h", "--hilo")
    assert "exact: 820 board run-outs" in r.output and "sampled" not in r.output
    assert json.loads(invoke(app, "AsAhKsKh JdTc9d8c", "--board", "Qd7c2h",
                          "--json").output)["method"] == "exact"


def test_card_errors_are_card_errors(app):
    r = invoke(app, "--hands", "AsAhKsKh JdTc9d8c", "--board", "Qd7c2h3s4s5s")
    assert isinstance(r.exception, CardError)


def _script_has_omaha() -> bool:
    if shutil.which("guts-odds") is None:
        return False
    try:
        from guts_family import cli
    except ImportError:
        return False
    r = subprocess.run(["guts-odds", "omaha", "--help"], capture_output=True, text=True)
    return r.returncode == 0 and cli is not None


@pytest.mark.skipif(not _script_has_omaha(),
                    reason="guts-odds with the omaha command not installed")
class TestConsoleScript:
    def test_json(self):
        r = subprocess.run(["guts-odds", "omaha", "--hands", "AsAhKsKh JdTc9d8c", "--board",
                            "Qd7c2h3s", "--hilo", "--json"], capture_output=True, text=True)
        assert r.returncode == 0, r.stderr
        out = json.loads(r.stdout)
        assert out["boards"] == 40 and len(out["players"]) == 2

    def test_bad_input_exit_code_2_one_line(self):
        """The console script's exit code on bad input (a card in two hands); the messages
        of every bad input are checked in process (test_bad_input_raises_one_line)."""
        r = subprocess.run(["guts-odds", "omaha", "--hands", "AsAhKsKh AsTc9d8c", "--board",
                            "Qd7c2h3s"], capture_output=True, text=True)
        assert r.returncode == 2
        assert len(r.stderr.strip().splitlines()) == 1 and "Traceback" not in r.stderr
        assert r.stdout == ""


def test_module_imports_without_cli():
    # the command module must not need guts_family.cli (the other side of the contract)
    code = "import guts_family.cli.omaha as m; print(callable(m.register))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert out.stdout.strip() == "True", out.stderr


@pytest.mark.parametrize("argv", [
    ["omaha", "AsAhKsKh", "--board", "Qd7c2h3s", "--opponents", "9", "--target-se", "0"],
    ["omaha", "AsAhKsKh", "--opponents", "1", "--target-se", "-1"],
    ["omaha", "AsAhKsKh AsKd2c3c", "--opponents", "2"],
    ["omaha", "AsAhKsKh", "--board", "Qd7c2hQd", "--opponents", "3"],
    ["omaha", "AsAhKsKh", "--opponents", "11", "--sample"],
    ["omaha", "AsAhKsKh", "--opponents", "1", "--samples", "0"],
])
def test_sampling_errors_exit_2_one_line(capsys, argv):
    from guts_family.cli.app import main

    with pytest.raises(SystemExit) as info:
        main(argv)
    err = capsys.readouterr().err
    assert info.value.code == 2 and "Traceback" not in err
    assert len(err.strip().splitlines()) == 1 and err.startswith("error: ")


def test_cli_names_the_range_and_the_method(capsys):
    code, out, _ = run(capsys, "omaha", "JdTc9d8c", "--board", "Qd7c2h", "--opponents", "1",
                       "--range", "KK**,QQ**")
    assert code == 0
    assert "exact:" in out and "range KK**,QQ**" in out and "range" in out.splitlines()[-1]
    code, out, _ = run(capsys, "omaha", "JdTc9d8c", "--opponents", "2", "--range", "top 10%",
                       "--seed", "4", "--samples", "3000")
    assert code == 0
    assert "sampled (Monte Carlo, not exact)" in out and "top 10%" in out
    assert "by rejection" in out and "--seed 4" in out


@pytest.mark.parametrize("args", [
    ("--range", "AAAAA", "--opponents", "1"),
    ("--range", "AA**"),                                       # no unknown opponents
    ("--range", "JdTc**", "--opponents", "1"),                 # the known hand holds them
    ("--range", "JJ**", "--opponents", "2", "--board", "Js2c3c", "--exact"),
])
def test_cli_refuses_impossible_ranges_in_one_line(capsys, args):
    code, out, err = run(capsys, "omaha", "JdTc9d8c", *args)
    assert code == 2 and out == ""
    assert "error: " in err and err.count("\n") == 1
