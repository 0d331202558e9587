"""tune: the payout knob that gives the house a target edge - against a closed-form fake
game, and on the engine against the edge's shape (concave in the payout)."""

from __future__ import annotations

import json
from types import SimpleNamespace

import pytest
from typer.testing import CliRunner

from tests.shared import once_per_run, run_folder
from twentyone_burn.cli.app import InputError, app
from twentyone_burn.rules import Rules
from twentyone_burn.tune import KNOBS, TuneError, tune


def player_return(lines, w: float) -> float:
    """The fake game's player return at win amount ``w``: the max over strategies of linear
    functions of the win amount (as the real one is): convex, increasing, with kinks."""
    return max(a * w - b for a, b in lines)


def fake_engine(lines):
    """An 'analysis' of :func:`player_return`, recording the rules it is asked about."""
    calls = []

    def evaluate(r: Rules):
        er = player_return(lines, r.win_amount)
        calls.append(r)
        return SimpleNamespace(house_edge=-er, expected_return=er, element_of_risk=-er / 1.5)
    return evaluate, calls


LINES = [(0.9, 0.6), (0.7, 0.45), (1.1, 0.8), (0.4, 0.3)]


@pytest.mark.parametrize("knob,target", [("win_pays", 0.02), ("win_pays", -0.1),
                                         ("win_pays", 0.25), ("commission", 0.05),
                                         ("commission", 0.2)])
def test_tune_finds_the_root_of_a_kinked_edge(knob, target):
    evaluate, calls = fake_engine(LINES)
    t = tune(Rules(), knob, target, evaluate=evaluate)
    assert abs(t.house_edge - target) < 1e-12
    assert t.rules == Rules().replace(**{knob: t.value})
    # the edge reported is the game's at the tuned rules (the closed form, not the fake again)
    assert t.house_edge == -player_return(LINES, t.rules.win_amount)
    assert t.rules in calls and len(t.evaluations) <= 15


def test_tune_reports_an_unreachable_target_in_one_line():
    evaluate, _ = fake_engine(LINES)
    # the most the house can make here is 0.3 (nothing paid on a win)
    with pytest.raises(TuneError, match=r"no win_pays gives a house edge of 40%.*lowest") as e:
        tune(Rules(), "win_pays", 0.40, evaluate=evaluate)
    assert "\n" not in str(e.value)
    with pytest.raises(TuneError, match=r"commission = 0 \(its lowest value\)"):
        tune(Rules(), "commission", -0.9, evaluate=evaluate)
    with pytest.raises(TuneError, match="unknown knob"):
        tune(Rules(), "decks", 0.02, evaluate=evaluate)
    with pytest.raises(TuneError, match="between -1 and 1"):
        tune(Rules(), "win_pays", 2.0, evaluate=evaluate)


def test_knobs():
    assert set(KNOBS) == {"win_pays", "commission"}


@pytest.fixture(scope="module")
def tuned_2pc(tmp_path_factory):
    """``tune --knob win_pays --target-edge 2% --decks inf --json`` run once for the two tests
    that read it (one tuning is a few seconds of analyses): its rules file and its JSON."""
    def run():      # once a run (tests/shared.py): the two tests may run in either worker
        out = run_folder(tmp_path_factory) / "tune" / "tuned.toml"
        out.parent.mkdir(exist_ok=True)
        r = CliRunner().invoke(app, ["tune", "--knob", "win_pays", "--target-edge", "2%",
                                     "--decks", "inf", "--out", str(out), "--json"])
        assert r.exit_code == 0, r.output
        return out, json.loads(r.stdout)
    return once_per_run(tmp_path_factory, "report-tuned-2pc", run)


def test_tuned_rules_give_the_target_edge_exactly(tuned_2pc):
    out, d = tuned_2pc
    tuned = Rules.from_toml(out)
    assert tuned == Rules(decks=None, win_pays=d["value"])
    assert d["rules_hash"] == tuned.rules_hash
    assert abs(d["house_edge"] - 0.02) < 1e-9
    assert "tuned by twentyone-burn" in out.read_text()


def test_tune_offers_the_printable_odds_on_either_side(tuned_2pc):
    """The printable payouts bracket the tuned one, no smaller odds lie between, each is
    valued under rules holding those odds exactly, and the edges lie as the game's must: the
    house edge is concave in the payout (optimal play's return is a maximum of linear
    functions of it), so the tuned edge is at or above the chord between its neighbours."""
    from fractions import Fraction

    d = tuned_2pc[1]
    low, high = (Fraction(p["exact"]) for p in d["printable"])
    assert low < d["value"] < high and low.denominator <= 20 and high.denominator <= 20
    between = {Fraction(p, q) for q in range(1, 21) for p in range(1, 3 * q)
               if low < Fraction(p, q) < high}
    assert not between
    edges = [p["house_edge"] for p in d["printable"]]
    assert edges[0] > 0.02 > edges[1]      # paying less gives the house more
    for p in d["printable"]:
        rules = Rules(decks=None, win_pays=p["value"])
        assert rules.win_pays == Fraction(p["exact"]) and rules.rules_hash == p["rules_hash"]
    lam = (float(high) - d["value"]) / float(high - low)
    assert d["house_edge"] >= lam * edges[0] + (1 - lam) * edges[1] - 1e-12


def test_tuned_commission_gives_the_target_edge(tmp_path):
    t = tune(Rules(decks=None), "commission", 0.01)
    assert abs(t.house_edge - 0.01) < 1e-9 and t.rules == Rules(decks=None, commission=t.value)
    assert 0 < t.value < 1
    steps = [p.value * 200 for p in t.printable]
    assert all(s.denominator == 1 for s in steps) and len(steps) == 2
    assert t.printable[0].value < t.value < t.printable[1].value
    assert t.printable[0].house_edge < 0.01 < t.printable[1].house_edge
    # the edge is concave in the commission too (the win amount is linear in it)
    lo, hi = (float(p.value) for p in t.printable)
    lam = (hi - t.value) / (hi - lo)
    assert t.house_edge >= lam * t.printable[0].house_edge \
        + (1 - lam) * t.printable[1].house_edge - 1e-12


@pytest.mark.parametrize("args", [["--knob", "decks", "--target-edge", "0.02"],
                                  ["--knob", "win_pays", "--target-edge", "lots"],
                                  ["--knob", "win_pays", "--target-edge", "150%"]])
def test_tune_bad_input_is_one_line(args, tmp_path):
    r = CliRunner().invoke(app, ["tune", *args, "--decks", "inf", "--out",
                                 str(tmp_path / "t.toml")])
    assert isinstance(r.exception, InputError) and "\n" not in str(r.exception)
    assert not (tmp_path / "t.toml").exists()
