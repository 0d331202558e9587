"""report/build: the report's figures - exact ones against published values and invariants,
the simulated ones labelled and within a few standard errors of the exact ones."""

from __future__ import annotations

import math

import pytest

from twentyone_burn.report import VariationSpec, build_report
from twentyone_burn.rules import RulesError
from twentyone_burn.shoe import RANKS

from .conftest import BASE, SEED, SIM_ROUNDS, VARIATIONS


def test_headline_figures(inf_report):
    s = inf_report.summary
    # the infinite deck's exact value under optimal play (the package's front-page example)
    assert round(s["expected_return"], 6) == 0.278343
    assert s["house_edge"] == -s["expected_return"]
    assert s["element_of_risk"] == pytest.approx(s["house_edge"] / s["average_total_wager"],
                                                 rel=1e-15)
    assert s["deal_probability_total"] == pytest.approx(1.0, abs=1e-12)
    assert inf_report.rules == BASE and inf_report.strategy.startswith("Optimal ")
    p = inf_report.probabilities
    assert sum(p[f"burn_{r}"] for r in RANKS) == pytest.approx(1.0, abs=1e-12)
    assert p["kept_hard"] + p["kept_soft"] + p["kept_pair"] == pytest.approx(1.0, abs=1e-12)


def test_return_table_adds_up_to_the_expected_return(inf_report):
    t = inf_report.return_table
    assert abs(t["contribution"].sum() - inf_report.summary["expected_return"]) < 1e-12
    assert list(t.columns) == ["hands", "event", "pays", "probability", "contribution"]
    unsplit = t[t["hands"].str.startswith("kept")]
    # every unsplit round ends in exactly one of the six events
    split_p = inf_report.probabilities["forced_split"]
    assert unsplit["probability"].sum() == pytest.approx(1 - split_p, abs=1e-12)
    split = t[t["hands"].str.startswith("split")]
    assert split["probability"].sum() == pytest.approx(
        inf_report.probabilities["split_hands_per_round"], abs=1e-12)


def test_variation_rows(inf_report):
    """Each row against what the rules change must do (the wiring of one analysis per row is
    checked with a fake in test_variations.py)."""
    v = inf_report.variations.set_index("variation")
    assert list(v.index) == [s.label for s in VARIATIONS]
    for spec in VARIATIONS:
        rules = BASE.replace(**spec.changes)
        assert v.loc[spec.label, "rules_hash"] == rules.rules_hash
        assert v.loc[spec.label, "is_base"] == (rules == BASE)
    base = v.loc["infinite deck"]
    assert base["expected_return"] == inf_report.summary["expected_return"]
    assert base["change"] == 0.0
    for label, row in v.iterrows():
        assert row["change"] == row["expected_return"] - base["expected_return"], label
        assert row["house_edge"] == -row["expected_return"], label
    # a dealer standing on soft 17 helps the player; fewer hands only take options away
    assert v.loc["dealer stands on soft 17", "change"] > 0
    assert v.loc["at most 2 hands (no resplits)", "change"] < 0


def test_bad_variation_fails_before_any_work():
    with pytest.raises(RulesError, match="max_hands"):
        build_report(BASE, variations=[VariationSpec("x", "five hands", {"max_hands": 5})])


def test_simulated_figures_are_labelled_and_consistent(inf_report):
    s = inf_report.simulation
    assert s.rounds == SIM_ROUNDS and s.seed == SEED
    assert s.label == f"simulated, {SIM_ROUNDS:,} rounds, seed {SEED}, with standard errors"
    assert s.net["probability"].sum() == pytest.approx(1.0, abs=1e-12)
    assert s.frequencies["probability"].sum() == pytest.approx(1.0, abs=1e-12)
    mean = float(s.net["net"] @ s.net["probability"])
    assert mean == pytest.approx(s.mean, abs=1e-12)
    var = float(((s.net["net"] - mean) ** 2) @ s.net["probability"])
    assert s.sd == pytest.approx(math.sqrt(var * SIM_ROUNDS / (SIM_ROUNDS - 1)), rel=1e-9)
    assert 0 < s.sd_se < 0.01 and 0 < s.mean_se < 0.01
    # the simulation agrees with the exact engine (a 5-SE band: a wrong engine or simulator
    # misses it, chance alone almost never)
    assert abs(s.mean - inf_report.summary["expected_return"]) < 5 * s.mean_se
    assert abs(s.average_total_wager - inf_report.summary["average_total_wager"]) \
        < 5 * s.average_total_wager_se


def test_same_seed_same_simulation():
    kw = dict(variations=[], with_return_table=False, sim_rounds=50_000, seed=11, workers=1)
    a = build_report(BASE, **kw)
    b = build_report(BASE, **{**kw, "workers": 2})
    assert a.simulation.net.equals(b.simulation.net) and a.simulation.sd == b.simulation.sd


def test_verification_section_when_asked():
    rep = build_report(BASE, variations=[], with_return_table=False, verify_rounds=200_000,
                       seed=3, workers=2)
    v = rep.verification
    assert v["rounds"] == 200_000 and v["verdict"] in ("PASS", "FAIL")
    assert v["rules_hash"] == BASE.rules_hash
    for gone in ("seconds", "rounds_per_second", "engine_seconds", "workers", "created"):
        assert gone not in v and gone not in v["simulation"]
    assert rep.simulation.rounds == 200_000      # the per-round figures come from it
