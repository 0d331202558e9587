"""Theory against simulation: the tests pass on a correct run and fail on a wrong theory."""

from __future__ import annotations

import dataclasses
import json
import subprocess
import sys

import numpy as np
import pytest
from scipy import stats
from typer.testing import CliRunner

from tests.shared import once_per_run
from twentyone_burn.cli.app import app
from twentyone_burn.engine.game import analyze
from twentyone_burn.export.verification import write_verification
from twentyone_burn.rules import Rules
from twentyone_burn.verify import Theory, chi_square, compare, verify, z_test

INF = Rules(decks=None)


@pytest.fixture(scope="module")
def analysis():
    return analyze(INF)


@pytest.fixture(scope="module")
def good(analysis, tmp_path_factory):
    # a million rounds, made once a run (tests/shared.py): the tests reading it may run in
    # either xdist worker
    return once_per_run(tmp_path_factory, "verify-good", lambda: verify(
        INF, 1_000_000, seed=4, chunk_size=250_000, analysis=analysis))


def test_helpers_match_scipy():
    z, p = z_test(0.3, 0.1, 0.1)
    assert z == pytest.approx(2.0) and p == pytest.approx(2 * stats.norm.sf(2.0))
    obs, pr = [30, 50, 20], [0.25, 0.5, 0.25]
    stat, dof, p = chi_square(obs, pr)
    want = stats.chisquare(obs, np.array(pr) * 100)
    assert (stat, dof, p) == (pytest.approx(want.statistic), 2, pytest.approx(want.pvalue))
    # a cell expected under 5 times is pooled; an impossible cell that occurs fails outright
    assert chi_square([98, 1, 1], [0.98, 0.01, 0.01])[1] == 1
    assert chi_square([9, 1], [1.0, 0.0])[2] == 0.0


def test_correct_run_passes(good):
    assert good.passed, [(c.name, c.p_value) for c in good.checks]
    names = [c.name for c in good.checks]
    assert names == ["expected return", "average total wager", "split hands per round",
                     "dealer final totals by up card", "forced split frequency",
                     "burned ranks", "kept hand doubled", "up cards"]
    assert all(c.threshold == pytest.approx(0.01 / 8) for c in good.checks)
    dealer = next(c for c in good.checks if c.name.startswith("dealer"))
    assert dealer.dof == 50


def _theory(good, **changes) -> Theory:
    return dataclasses.replace(good.theory, **changes)


def test_wrong_theories_fail(good):
    sim = good.sim
    cases = {
        "expected return": _theory(good, expected_return=sim.mean + 6 * sim.se),
        "average total wager": _theory(good, average_total_wager=sim.average_total_wager
                                       + 6 * sim.wager_se),
    }
    probs = dict(good.theory.probabilities)
    probs["burn_2"], probs["burn_3"] = probs["burn_2"] + 0.002, probs["burn_3"] - 0.002
    cases["burned ranks"] = _theory(good, probabilities=probs)
    probs = dict(good.theory.probabilities)
    probs["forced_split"] += 0.003
    cases["forced split frequency"] = _theory(good, probabilities=probs)
    dealer = json.loads(json.dumps(good.theory.dealer))
    dealer["6"]["17"] -= 0.015
    dealer["6"]["bust"] += 0.015
    cases["dealer final totals by up card"] = _theory(good, dealer=dealer)
    for name, theory in cases.items():
        checks = {c.name: c for c in compare(theory, sim)}
        assert not checks[name].passed, name
        assert sum(not c.passed for c in checks.values()) == 1, name


def test_record_is_written_with_every_figure(good, tmp_path):
    j, m = write_verification(good, tmp_path)
    d = json.loads(j.read_text())
    assert d["verdict"] == "PASS" and d["rules_hash"] == INF.rules_hash
    assert d["seed_entropy"] == 4 and d["chunk_size"] == 250_000 and d["rounds"] == 1_000_000
    assert {c["name"] for c in d["checks"]} == {c.name for c in good.checks}
    assert d["simulation"]["counts"]["hist"] == good.sim.counts.hist.tolist()
    text = m.read_text()
    assert text.startswith("# 21 Burn verification: PASS") and INF.rules_hash in text
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted([j.name, m.name])


def test_cli_verify_exit_codes(analysis, monkeypatch, tmp_path):
    import twentyone_burn.cli.simulate as cli
    monkeypatch.setattr(cli, "analyze_with_progress", lambda rules, *a, **k: analysis)
    args = ["verify", "--decks", "inf", "--rounds", "400000", "--seed", "8", "--chunk-size",
            "200000", "--workers", "1", "--out", str(tmp_path / "ok")]
    r = CliRunner().invoke(app, args)
    assert r.exit_code == 0, r.output
    assert "PASS" in r.stdout and len(list((tmp_path / "ok").iterdir())) == 2
    wrong = dataclasses.replace(analysis, expected_return=analysis.expected_return + 0.01)
    monkeypatch.setattr(cli, "analyze_with_progress", lambda rules, *a, **k: wrong)
    r = CliRunner().invoke(app, args[:-1] + [str(tmp_path / "bad"), "--json"])
    assert r.exit_code == 1
    d = json.loads(r.stdout)
    assert d["verdict"] == "FAIL" and len(d["record"]) == 2


def _run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-c", "from twentyone_burn.cli import main; main()",
                           *args], capture_output=True, text=True)


def test_simulate_cli_json_piped():
    r = _run("simulate", "--decks", "inf", "--rounds", "50000", "--seed", "2", "--strategy",
             "always-stand", "--chunk-size", "25000", "--json")
    assert r.returncode == 0 and r.stderr == ""       # piped: no progress bar
    d = json.loads(r.stdout)
    for key in ("mean_return", "standard_error", "interval99", "sd_per_round",
                "average_total_wager", "win", "push", "loss", "net_distribution",
                "rounds_per_second", "rules_hash", "seed_entropy", "chunk_size"):
        assert key in d
    assert sum(d["net_distribution"].values()) == pytest.approx(1.0)
    assert d["win"] + d["push"] + d["loss"] == pytest.approx(1.0)


@pytest.mark.parametrize("args,needle", [
    (["--rounds", "0"], "--rounds"), (["--seed", "-3"], "--seed"),
    (["--strategy", "psychic"], "unknown strategy"),
    (["--penetration", "2", "--decks", "6", "--strategy", "always-stand"], "penetration"),
    (["--decks", "0"], "decks"), (["--workers", "0"], "--workers"),
])
def test_simulate_bad_input_one_line_exit_2(args, needle, monkeypatch, capsys):
    from twentyone_burn.cli.app import main
    monkeypatch.setattr(sys, "argv", ["twentyone-burn", "simulate", *args])
    with pytest.raises(SystemExit) as e:
        main()
    err = capsys.readouterr().err
    assert e.value.code == 2 and err.count("\n") == 1 and needle in err, err


def test_progress_bar_on_a_terminal_only():
    import os
    import pty
    code = ("from twentyone_burn.cli import main; main()")
    args = ["simulate", "--decks", "inf", "--rounds", "4000000", "--seed", "1", "--strategy",
            "always-stand", "--chunk-size", "200000", "--workers", "1"]
    master, slave = pty.openpty()
    proc = subprocess.Popen([sys.executable, "-c", code, *args], stdout=subprocess.DEVNULL,
                            stderr=slave, env={**os.environ, "COLUMNS": "160", "TERM": "xterm"})
    os.close(slave)
    chunks = []
    while True:
        try:
            data = os.read(master, 65536)
        except OSError:
            break
        if not data:
            break
        chunks.append(data)
    proc.wait()
    os.close(master)
    screen = b"".join(chunks).decode(errors="replace")
    assert proc.returncode == 0
    assert "rounds/s" in screen and "ETA" in screen and "simulating" in screen


@pytest.mark.slow
def test_standard_rules_verification_ten_million_rounds(tmp_path):
    v = verify(Rules(), 10_000_000, seed=2026, workers=2)
    write_verification(v, tmp_path)
    assert v.passed, [(c.name, c.p_value) for c in v.checks]


def _frequencies_from_tables(rules: Rules, tables) -> dict[str, float]:
    """The burned ranks, split and kept-hand-double frequencies a strategy's tables give,
    summed over the 2,200 deals straight from the tables (a second route to the engine's)."""
    from twentyone_burn.shoe import RANKS, deals
    from twentyone_burn.tables import DOUBLE
    burn = np.zeros(10)
    split = double = 0.0
    for up, cards, p in deals(rules):
        b = int(tables.burn[up, cards[0], cards[1], cards[2]])
        kept = list(cards)
        kept.remove(b)
        a, c = kept
        burn[b] += p
        if a == c and tables.split_kept[up, b, a]:
            split += p
        elif tables.play[up, b, tables.two_card[a, c]] == DOUBLE:
            double += p
    out = {("forced_split" if rules.mandatory_split else "split"): split, "double": double}
    out.update({f"burn_{RANKS[r]}": float(burn[r]) for r in range(10)})
    return out


def test_the_engines_frequencies_are_the_tables_summed_over_the_deals(analysis):
    from twentyone_burn.engine.game import optimal_tables
    freq = _frequencies_from_tables(INF, optimal_tables(INF, analysis.kept))
    assert freq["burn_A"] > 0 and freq["double"] > 0
    for key, value in freq.items():
        assert value == pytest.approx(analysis.probabilities[key], abs=1e-12), key


def test_simulate_and_verify_a_chart_file(tmp_path, monkeypatch):
    from twentyone_burn.charts.model import Chart
    from twentyone_burn.export.chart_workbook import save_csv
    save_csv(Chart.simple(INF), tmp_path / "chart")
    r = CliRunner().invoke(app, ["simulate", "--strategy", str(tmp_path / "chart"), "--rounds",
                                 "20000", "--seed", "1", "--chunk-size", "10000", "--json"])
    assert r.exit_code == 0, r.output
    d = json.loads(r.stdout)
    assert d["rules_hash"] == INF.rules_hash and d["strategy"] == "simple illustrative chart"


@pytest.mark.slow
def test_derived_chart_verification_infinite_deck():
    from twentyone_burn.charts.derive import derive_chart
    tables = derive_chart(INF).tables()
    v = verify(INF, 5_000_000, seed=6, tables=tables, label="chart")
    assert v.passed, [(c.name, c.p_value) for c in v.checks]
    assert len(v.checks) == 8


@pytest.mark.slow
def test_published_chart_verification(tmp_path):
    from pathlib import Path

    from twentyone_burn.charts.files import load_chart
    chart = load_chart(Path(__file__).resolve().parents[2] / "strategy_tables")
    v = verify(chart.rules, 10_000_000, seed=7, tables=chart.to_tables(), label="chart",
               workers=2)
    write_verification(v, tmp_path)
    assert v.passed, [(c.name, c.p_value) for c in v.checks]
