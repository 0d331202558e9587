"""``twentyone-burn protection report``: the files (all or none, each with provenance), the
refusal to overwrite, bad input as one line with exit 2 - on a hand-made results object (fast)
- and, slow, the command end to end on one deck with its numbers checked against the library's
own, independent outputs (the engine's analysis, a sum rule, a weighted correlation written out
here, the counter's win recomputed from the table, simulation against exact within 4 SE)."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from openpyxl import load_workbook
from typer.testing import CliRunner

from tests.export.test_protection_pages import RULES, _full
from twentyone_burn.cli import main
from twentyone_burn.cli.app import app
from twentyone_burn.cli.protection_report import report_files
from twentyone_burn.export.protection_pages import FIGURES
from twentyone_burn.protection.results import ProtectionResults


class _Chart:
    def to_tables(self) -> None:
        return None


@pytest.fixture
def fake(monkeypatch: pytest.MonkeyPatch) -> list[dict[str, Any]]:
    """The command with the chart and the results made up (what it writes is under test)."""
    calls: list[dict[str, Any]] = []

    def results(rules: Any, chart: Any, **kw: Any) -> ProtectionResults:
        calls.append({"rules": rules, **kw})
        return _full() if kw["simulation"] else ProtectionResults(RULES, None, None)
    monkeypatch.setattr("twentyone_burn.cli.charts.derive", lambda rules: (_Chart(), {}))
    monkeypatch.setattr("twentyone_burn.protection.results.protection_results", results)
    return calls


def _run(*args: str) -> Any:
    return CliRunner().invoke(app, ["protection", "report", "--decks", "1", *args])


def _main(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
          *args: str) -> tuple[int, str]:
    """Through the tools' entry point (its error boundary): exit code and stderr."""
    monkeypatch.setattr(sys, "argv", ["twentyone-burn", "protection", "report", "--decks", "1",
                                      *args])
    with pytest.raises(SystemExit) as e:
        main()
    return int(e.value.code or 0), capsys.readouterr().err


def _check_provenance(out: Path, seeded: bool = True) -> None:
    for p in out.iterdir():
        if p.suffix == ".xlsx":
            wb = load_workbook(p)
            text = " ".join(str(c.value) for row in wb["provenance"].iter_rows() for c in row)
        else:
            text = p.read_text()
        assert RULES.rules_hash in text, p
        assert "version" in text or "twentyone-burn" in text, p
        if seeded:
            assert "1234" in text, p


def test_writes_every_file_with_provenance(tmp_path: Path, fake: list) -> None:
    out = tmp_path / "rep"
    r = _run("--out", str(out), "--seed", "5", "--rounds", "1e4", "--count", "zen",
             "--ramp", "1-4", "--no-exposure", "--workers", "1")
    assert r.exit_code == 0, r.output
    assert sorted(p.name for p in out.iterdir()) == sorted(
        p.name for p in report_files(out, True))
    assert set(FIGURES) <= {p.name for p in out.iterdir()}
    _check_provenance(out)
    kw = fake[0]
    assert (kw["seed"], kw["rounds"], kw["count"], kw["ramp"], kw["exposure"]) == \
        (5, 10_000, "zen", "1-4", False)
    assert kw["rules"].decks == 1
    d = json.loads((out / "protection.json").read_text())
    assert d["rules_hash"] == RULES.rules_hash and d["seed"] == "1234"
    assert "rules hash" in r.stdout and "protection.json" in r.stdout


def test_refuses_to_overwrite_without_force(tmp_path: Path, fake: list,
                                            monkeypatch: pytest.MonkeyPatch,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "rep"
    assert _run("--out", str(out), "--no-simulation").exit_code == 0
    names = sorted(p.name for p in out.iterdir())
    assert names == sorted(p.name for p in report_files(out, False))     # no figures
    _check_provenance(out, seeded=False)
    before = (out / "protection.md").read_text()
    code, err = _main(monkeypatch, capsys, "--out", str(out), "--no-simulation")
    assert code == 2 and "--force" in err and len(err.strip().splitlines()) == 1, err
    assert len(fake) == 1                                   # refused before computing
    assert _run("--out", str(out), "--no-simulation", "--force").exit_code == 0
    assert (out / "protection.md").read_text() == before


@pytest.mark.parametrize("args", [["--count", "psychic"], ["--ramp", "8-1"],
                                  ["--penetration", "1.5"], ["--decks", "inf"],
                                  ["--seed", "-1"], ["--rounds", "lots"],
                                  ["--rules", "classic-blackjack"]])
def test_bad_input_is_one_line(tmp_path: Path, fake: list, args: list[str],
                               monkeypatch: pytest.MonkeyPatch,
                               capsys: pytest.CaptureFixture[str]) -> None:
    code, err = _main(monkeypatch, capsys, "--out", str(tmp_path / "rep"), *args)
    assert code == 2, err
    assert len(err.strip().splitlines()) == 1 and err.startswith("error:"), err
    assert not (tmp_path / "rep").exists() and not fake


@pytest.mark.slow
def test_end_to_end_one_deck_against_the_library(tmp_path: Path) -> None:
    """Two to three minutes: one deck, no exposure, 20,000 rounds a simulation."""
    from twentyone_burn.engine.game import analyze
    from twentyone_burn.rules import Rules
    from twentyone_burn.sim.counting import parse_count

    out = tmp_path / "rep"
    r = _run("--out", str(out), "--no-exposure", "--rounds", "20000", "--seed", "7",
             "--workers", "1")
    assert r.exit_code == 0, r.output
    d = json.loads((out / "protection.json").read_text())
    rules = Rules(decks=1)
    assert d["rules_hash"] == rules.rules_hash and d["seed"] is not None
    assert d["parts"] == ["eor", "counts", "shoe", "cut_card", "counter"]
    # the full-shoe ER: the engine's own analysis of the whole game
    opt = d["effects_of_removal"]["optimal"]
    assert opt["expected_return_full_shoe"] == pytest.approx(
        float(analyze(rules).expected_return), abs=1e-12)
    # the sum rule: 0 for the chart held fixed, >= 0 for optimal play (written out here)
    f = np.array([4] * 9 + [16]) / 52.0
    ranks = "A 2 3 4 5 6 7 8 9 T".split()
    for name, low in (("chart", -1e-12), ("optimal", -1e-12)):
        e = np.array([d["effects_of_removal"][name]["effects_of_removal"][k] for k in ranks])
        s = float(f @ e)
        assert s >= low and (name == "optimal" or abs(s) < 1e-12)
        # Hi-Lo's betting correlation: the weighted correlation over a deck's faces
        t = np.array(parse_count("hi-lo").tags, float)
        tc, ec = t - f @ t, e - f @ e
        bc = (f @ (tc * ec)) / np.sqrt((f @ tc**2) * (f @ ec**2))
        assert d["betting_correlations"][name]["hi-lo"] == pytest.approx(bc, abs=1e-12)
    # shoe play: frequencies sum to 1, the mean over the table is the simulation's
    rows = d["shoe_play"]["by_true_count"]
    n = np.array([x["rounds"] for x in rows], float)
    m = np.array([x["mean"] for x in rows])
    assert n.sum() == 20000 and sum(x["frequency"] for x in rows) == pytest.approx(1, abs=1e-12)
    chart_er = d["effects_of_removal"]["chart"]["expected_return_full_shoe"]
    se = d["shoe_play"]["meta"]["overall_standard_error"]
    assert abs(float(n @ m) / n.sum() - chart_er) < 4 * se + 0.01   # + the cut-card effect
    cut = d["cut_card"]["rows"][0]
    assert abs(cut["effect"]) < 4 * cut["standard_error"] + 0.01
    # the counter's win: the 1-8 ramp's bets times the table's means, weighted by rounds
    tcs = np.array([x["true_count"] for x in rows])
    bets = np.clip(tcs, 1, 8)
    assert d["counter"]["figures"]["win"] == pytest.approx(float(n @ (bets * m)) / n.sum(),
                                                           abs=1e-12)
    _check_provenance(out, seeded=False)
    assert d["seed"] in (out / "protection.md").read_text()


def test_results_wire_the_parts_together(monkeypatch: pytest.MonkeyPatch) -> None:
    """protection_results on one deck with always-stand and 20,000 rounds (the EoR tables
    made up: they are the slow part, tested in test_removal.py): the cut-card effect is
    measured against the chart's exact full-shoe ER, the counter's win is the ramp's bets
    times the table (recomputed here), and the same seed gives the same table."""
    from twentyone_burn.protection import removal
    from twentyone_burn.protection.results import protection_results
    from twentyone_burn.rules import Rules
    from twentyone_burn.tables import DecisionTables

    rules = Rules(decks=1)
    made = {None: removal.EoRTable(rules, "optimal", 0.3, tuple(0.3 + 0.01 * k
                                                                for k in range(10)))}
    chart = DecisionTables.always_stand(rules)
    made[chart] = removal.EoRTable(rules, "always-stand", -0.05,
                                   tuple(-0.05 - 0.001 * k for k in range(10)))
    monkeypatch.setattr(removal, "effects_of_removal",
                        lambda rules, tables, progress=None: made[tables])
    seen: list[str] = []
    res = protection_results(rules, chart, rounds=20_000, seed=11, levels=(1,), exposure=False,
                             ramp="1-4", progress=lambda what, k, n: seen.append(what))
    assert res.parts == ["eor", "counts", "shoe", "cut_card", "counter"]
    assert res.seed == 11 and res.rounds == 20_000 and res.shoe is not None
    assert {"shoe play", "cut card"} <= set(seen)
    assert res.cut_card is not None and res.cut_card.fresh == -0.05
    row = res.cut_card.rows[0]
    assert row.penetration == 0.75 and row.effect == pytest.approx(row.mean + 0.05, abs=1e-15)
    t = res.shoe
    n = np.asarray(t.rounds, float)
    bets = np.clip(np.asarray(t.true_counts), 1, 4)
    assert res.counter is not None
    assert res.counter.win == pytest.approx(float(n @ (bets * t.mean)) / n.sum(), abs=1e-12)
    assert res.verdict is not None and "hi-lo" in res.verdict
    # the simulated table's mean is the cut-card run's (the same seed and penetration)
    assert float(n @ t.mean) / n.sum() == pytest.approx(row.mean, abs=1e-12)
    again = protection_results(rules, chart, rounds=20_000, seed=11, levels=(1,),
                               exposure=False, ramp="1-4")
    assert again.shoe == t
    assert len(res.best["chart"]) == 1 and res.best["optimal"][0].level == 1
