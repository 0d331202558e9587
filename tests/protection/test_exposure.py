"""protection/exposure.py and its command: the levels of exposure, each checked another way
(the engine's own ordinary analysis, a direct average over the seen cards, the value of
information), and the command's output and bad input."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from twentyone_burn.cli.app import app
from twentyone_burn.engine.exposed import exposed_return
from twentyone_burn.protection import exposure as mod
from twentyone_burn.protection.exposure import (
    ExposureReturns,
    HoleCardReturns,
    classic_hole_card,
    exposure_returns,
)
from twentyone_burn.rules import Rules, RulesError, load_rules
from twentyone_burn.shoe import INFINITE_PROBS, NRANKS

INF = Rules(decks=None)


def test_levels_for_one_up_card():
    e = exposure_returns(INF, ups=(5,), levels=("none", "one", "ten"))
    p = INFINITE_PROBS
    # (a) is the average over the seen card of the conditioned returns
    one = sum(p[c] * exposed_return(INF, 5, (c,)) for c in range(NRANKS))
    assert abs(e.one - one) < 1e-12
    assert abs(e.none - exposed_return(INF, 5, ())) < 1e-12
    # information never hurts; (c) tells less than (a)
    assert e.none < e.ten < e.one
    assert e.up_probability == {"6": 1.0} and e.both != e.both      # not asked: nan


@pytest.mark.slow
def test_every_level_for_one_up_card():
    e = exposure_returns(INF, ups=(5,))
    assert e.none < e.ten < e.one < e.both       # (b) tells more than (a)


def test_classic_hole_card_by_up_adds_to_the_analysis():
    r = load_rules("classic-blackjack").replace(decks=None)
    h = classic_hole_card(r)
    p = INFINITE_PROBS
    from twentyone_burn.shoe import RANKS
    none_sum = sum(p[u] * h.by_up[RANKS[u]][0] for u in range(NRANKS))
    hole_sum = sum(p[u] * h.by_up[RANKS[u]][1] for u in range(NRANKS))
    assert abs(none_sum - h.none) < 1e-12      # the per-up sums against analyze_classic
    assert abs(hole_sum - h.hole) < 1e-12
    # published: knowing the hole card is worth "about 10 %" (John May, Casino City Times,
    # 24 May 2000) to "up to 13 %" (Wikipedia, "Hole carding"); no rules are given with
    # either figure, so only the order of magnitude is checked
    assert 0.08 < h.gain < 0.14


def test_wrong_deal_is_refused():
    with pytest.raises(RulesError):
        exposure_returns(load_rules("classic-blackjack"))
    with pytest.raises(RulesError):
        classic_hole_card(Rules())


def test_command_prints_every_level(monkeypatch):
    fake = ExposureReturns(INF, 0.28, 0.30, 0.39, 0.285, {"6": 1.0},
                           {lv: {"6": 0.0} for lv in mod.EXPOSURE_LEVELS})
    monkeypatch.setattr(mod, "exposure_returns", lambda rules, progress=None: fake)
    r = CliRunner().invoke(app, ["protection", "exposure", "--decks", "inf"])
    assert r.exit_code == 0, r.output
    assert "rules hash:" in r.stdout and "version:" in r.stdout
    assert "(b) both concealed cards seen" in r.stdout and "+0.1100000000" in r.stdout
    r = CliRunner().invoke(app, ["protection", "exposure", "--decks", "inf", "--json"])
    d = json.loads(r.stdout)
    assert d["exact"] and d["rules_hash"] == INF.rules_hash
    assert abs(d["gain"]["ten"] - 0.005) < 1e-12


def test_command_classic(monkeypatch):
    fake = HoleCardReturns(INF, -0.006, 0.104, {})
    monkeypatch.setattr(mod, "classic_hole_card", lambda rules, progress=None: fake)
    r = CliRunner().invoke(app, ["protection", "exposure", "--classic", "--decks", "inf",
                                 "--json"])
    assert r.exit_code == 0, r.output
    d = json.loads(r.stdout)
    assert abs(d["gain"]["hole_card"] - 0.11) < 1e-12 and d["rules"]["naturals"] == "peek"
    r = CliRunner().invoke(app, ["protection", "exposure", "--classic", "--decks", "inf"])
    assert "gain of seeing the hole card" in r.stdout and "+0.1100000000" in r.stdout


def _main(argv, monkeypatch, capsys):
    """(exit code, stderr) of ``twentyone-burn ARGV`` through the real entry point."""
    import sys

    from twentyone_burn.cli.app import main
    monkeypatch.setattr(sys, "argv", ["twentyone-burn", *argv])
    code = 0
    try:
        main()
    except SystemExit as e:
        code = e.code if isinstance(e.code, int) else 1
    return code, capsys.readouterr().err


@pytest.mark.parametrize("argv", [["--classic", "--rules", "21-burn"], ["--decks", "9"]])
def test_command_bad_input(argv, monkeypatch, capsys):
    code, err = _main(["protection", "exposure", *argv], monkeypatch, capsys)
    assert code == 2 and len(err.strip().splitlines()) == 1


@pytest.mark.slow
@pytest.mark.parametrize("rules", [Rules(), Rules(win_pays="3:5")])
def test_six_decks(rules):
    """Six decks (about ten minutes each on a quiet core): no exposure is the analysis."""
    from twentyone_burn.engine.game import analyze
    e = exposure_returns(rules)
    assert abs(e.none - analyze(rules).expected_return) < 1e-12
    assert e.none < e.ten < e.one < e.both
