"""The report's figures: the exact ones against the engine, the simulated ones labelled."""

from __future__ import annotations

import math

import numpy as np
import pytest

from twentyone_burn.engine.game import analyze
from twentyone_burn.report import (
    ROUNDING,
    VariationSpec,
    build_report,
    describe_rules,
    report_stem,
    variation_specs,
)
from twentyone_burn.rules import Rules, RulesError
from twentyone_burn.shoe import INFINITE_PROBS, RANKS, UP_ORDER
from twentyone_burn.tune import KNOBS

from .conftest import BASE, SEED, SIM_ROUNDS, VARIATIONS


def test_headline_figures_are_the_engines(inf_report, base_analysis):
    s = inf_report.summary
    a = base_analysis
    assert s["expected_return"] == a.expected_return
    assert s["house_edge"] == a.house_edge == -a.expected_return
    assert s["element_of_risk"] == a.element_of_risk
    assert s["average_total_wager"] == a.average_total_wager
    assert inf_report.probabilities == a.probabilities
    assert inf_report.strategy == a.strategy
    assert inf_report.rules == BASE and inf_report.version == a.version


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


def test_each_variation_row_is_a_direct_analysis(inf_report, base_analysis):
    v = inf_report.variations
    assert list(v["variation"]) == [s.label for s in VARIATIONS]
    for spec, row in zip(VARIATIONS, v.itertuples(index=False)):
        rules = BASE.replace(**spec.changes)
        direct = base_analysis if rules == BASE else analyze(rules)
        assert row.is_base == (rules == BASE)
        assert row.rules_hash == rules.rules_hash
        assert row.expected_return == direct.expected_return
        assert row.house_edge == direct.house_edge
        assert row.element_of_risk == direct.element_of_risk
        assert row.average_total_wager == direct.average_total_wager
        assert row.change == direct.expected_return - base_analysis.expected_return


def test_variation_list_covers_every_rule_the_issue_names():
    specs = variation_specs(Rules())
    changes = [s.changes for s in specs]
    for d in (1, 2, 4, 6, 8, None):
        assert {"decks": d} in changes
    for c in ({"hit_soft_17": False}, {"max_hands": 2}, {"max_hands": 3},
              {"resplit_aces": True}, {"double_after_split": False}, {"double_on": "9-11"},
              {"double_on": "10-11"}, {"mandatory_split": False}):
        assert c in changes
    # against other base rules the yes/no rows flip to the other side
    other = [s.changes for s in variation_specs(Rules(hit_soft_17=False, mandatory_split=False))]
    assert {"hit_soft_17": True} in other and {"mandatory_split": True} in other
    # every variation is valid rules
    for s in specs:
        s.apply(Rules())


def test_bad_variation_fails_before_any_work():
    with pytest.raises(RulesError, match="max_hands"):
        build_report(BASE, variations=[VariationSpec("x", "five hands", {"max_hands": 5})])


def test_dealer_comparison(inf_report, base_analysis):
    d = inf_report.dealer
    cols = ["17", "18", "19", "20", "21", "bust"]
    for up in RANKS:
        burn = d[(d.up == up) & (d.dealer == "21 Burn")].iloc[0]
        assert {k: burn[k] for k in cols} == base_analysis.dealer[up]
        assert burn["bust"] == pytest.approx(burn["22"] + burn["23+"], abs=1e-15)
    assert np.allclose(d[["17", "18", "19", "20", "21", "bust"]].sum(axis=1), 1.0, atol=1e-12)
    ordinary = d[d.dealer == "ordinary"].set_index("up")
    for up in RANKS:
        ref = _plain_dealer(RANKS.index(up))
        got = [ordinary.loc[up, k] for k in ("17", "18", "19", "20", "21", "22", "23+")]
        assert got == pytest.approx(ref, abs=1e-12)
    o = inf_report.dealer_overall.set_index("dealer")
    w = INFINITE_PROBS
    assert o.loc["ordinary", "bust"] == pytest.approx(
        sum(w[i] * ordinary.loc[u, "bust"] for i, u in enumerate(RANKS)), abs=1e-14)


def _plain_dealer(up: int) -> list[float]:
    """An ordinary H17 dealer on an infinite deck, by plain recursion (17..21, 22, 23+)."""
    out = [0.0] * 7

    def draw(total: int, aces: int, p: float) -> None:
        soft = aces > 0 and total + 10 <= 21
        best = total + 10 if soft else total
        if best > 21:
            out[5 if best == 22 else 6] += p
            return
        if best > 17 or (best == 17 and not soft):
            out[best - 17] += p
            return
        for r in range(10):
            draw(total + r + 1, aces + (r == 0), p * INFINITE_PROBS[r])

    draw(up + 1, int(up == 0), 1.0)
    return out


def test_burn_statistics_agree_with_the_analysis(inf_report, base_analysis):
    b = inf_report.burn
    p = base_analysis.probabilities
    burned = dict(zip(b["burned"]["rank"], b["burned"]["probability"]))
    for r in RANKS:
        assert burned[r] == pytest.approx(p[f"burn_{r}"], abs=1e-15)
    assert np.allclose(b["burned_by_up"].sum(axis=1), 1.0, atol=1e-12)
    kept = b["kept"].set_index(["kept", "action"])
    for kind in ("hard", "soft", "pair"):
        assert kept.loc[(kind, "all"), "probability"] == pytest.approx(p[f"kept_{kind}"],
                                                                      abs=1e-15)
    assert kept.loc[("hard", "double"), "probability"] + kept.loc[("soft", "double"),
                                                                  "probability"] \
        == pytest.approx(p["double"], abs=1e-14)
    pairs = b["pairs"]
    assert pairs["split"].sum() == pytest.approx(p["forced_split"], abs=1e-14)
    assert pairs["contribution"].sum() == pytest.approx(
        kept.loc[("pair", "all"), "contribution"], abs=1e-14)
    assert (pairs["unavoidable"] <= pairs["split"]).all()
    by_up = b["by_up"]
    assert by_up["contribution"].sum() == pytest.approx(base_analysis.expected_return,
                                                       abs=1e-14)
    # rows in the printed up-card order (ace last)
    assert list(by_up["up"]) == list(UP_ORDER)
    assert by_up.set_index("up")["probability"][list(RANKS)].to_numpy() == \
        pytest.approx(INFINITE_PROBS, abs=1e-14)
    v = b["burn_value"]
    assert v["best_burn"] == base_analysis.expected_return
    assert v["best_burn"] > v["random_burn"] > v["worst_burn"]
    assert 0 < v["chance_of_a_choice"] < 1 and v["gain_over_second_best"] > 0


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


def test_rules_in_words_and_names():
    words = " ".join(describe_rules(Rules(decks=2, hit_soft_17=False, max_hands=2,
                                          double_on="10-11", double_after_split=False,
                                          mandatory_split=False, commission=0.05,
                                          dealer_bust_push=22, ties_lose_from=17)))
    for needle in ("Two 52-card decks", "stands on all 17s", "No resplits", "10 or 11 only",
                   "no doubling after a split", "may be split", "commission of 5%",
                   "22 pushes", "ties lose"):
        assert needle in words
    assert report_stem(Rules()) == "21burn-standard"
    assert report_stem(BASE) == "21burn-" + BASE.rules_hash[:12]
    assert "float64" in ROUNDING and set(KNOBS) == {"win_pays", "commission"}
