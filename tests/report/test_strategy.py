"""report/strategy: the par sheet of a strategy a person plays (``report --strategy
chart|PATH``).

A chart's report is checked against limits (the infinite deck's chart is optimal play; a chart
never beats it), its sums (the return table adds up to the expected return), the chart store
it reads and the optimal report beside it (one cheap wiring check each), and the simulator
playing the same tables (within 4 standard errors).
"""

from __future__ import annotations

import dataclasses
import math

import pytest

from tests.shared import once_per_run
from twentyone_burn.charts.model import Chart
from twentyone_burn.charts.store import derived_chart
from twentyone_burn.defaults import DERIVED_CHART_NAME
from twentyone_burn.export.json_data import to_json_dict
from twentyone_burn.report import CHART, OPTIMAL, ReportStrategy, build_report, report_stem
from twentyone_burn.rules import Rules, RulesError
from twentyone_burn.sim.strategy import tables_hash

from .conftest import BASE, SEED, VARIATIONS

ROUNDS = 400_000


# the reports are made once a run (tests/shared.py): the tests of this module may run in
# either xdist worker, and each worker would otherwise build them again
@pytest.fixture(scope="module")
def chart_report(tmp_path_factory):
    return once_per_run(tmp_path_factory, "report-strategy-chart", lambda: build_report(
        BASE, strategy=CHART, variations=VARIATIONS, sim_rounds=0, verify_rounds=ROUNDS,
        seed=SEED, workers=2))


@pytest.fixture(scope="module")
def simple_tables():
    return Chart.simple(BASE).to_tables()


@pytest.fixture(scope="module")
def given_report(simple_tables, tmp_path_factory):
    return once_per_run(tmp_path_factory, "report-strategy-given", lambda: build_report(
        BASE, strategy=ReportStrategy.given(simple_tables, "simple.xlsx"),
        variations=VARIATIONS[2:], sim_rounds=ROUNDS, seed=SEED, workers=2))


def test_a_chart_report_is_the_stored_charts(chart_report, inf_report):
    v = derived_chart(BASE)          # the store's entry, which the report read or wrote
    # named as the chart command names it (the published chart's name)
    tables = dataclasses.replace(v.chart.tables(), name=DERIVED_CHART_NAME)
    s = chart_report.summary
    assert s["expected_return"] == v.figures["expected_return"]
    assert s["element_of_risk"] == v.figures["element_of_risk"]
    assert s["average_total_wager"] == v.figures["average_total_wager"]
    assert DERIVED_CHART_NAME in chart_report.strategy and chart_report.strategy_kind == "chart"
    assert chart_report.strategy_hash == tables_hash(tables)
    ref, optimal = chart_report.reference, inf_report.summary
    assert ref["expected_return"] == optimal["expected_return"]
    assert ref["strategy"] == inf_report.strategy
    assert ref["cost"] == optimal["expected_return"] - s["expected_return"]
    # the infinite deck's chart is optimal play: the cost is nil to rounding
    assert abs(ref["cost"]) < 1e-14
    t = chart_report.return_table
    assert abs(t["contribution"].sum() - s["expected_return"]) < 1e-12


def test_each_variation_row_holds_its_own_derived_chart(chart_report, inf_report):
    v = chart_report.variations
    assert {"optimal_expected_return", "optimal_house_edge", "cost"} <= set(v.columns)
    base_er = chart_report.summary["expected_return"]
    optimal = inf_report.variations.set_index("variation")
    for spec, row in zip(VARIATIONS, v.itertuples(index=False)):
        chart = derived_chart(BASE.replace(**spec.changes))    # the store's: what the report used
        assert row.expected_return == chart.figures["expected_return"]
        assert row.element_of_risk == chart.figures["element_of_risk"]
        assert row.optimal_expected_return == optimal.loc[spec.label, "expected_return"]
        assert row.cost == row.optimal_expected_return - row.expected_return
        assert row.cost > -1e-14       # a chart never beats optimal play
        assert row.change == row.expected_return - base_er
    # one split hand fewer is a real change of the chart's value
    assert v.set_index("variation").loc["at most 2 hands (no resplits)", "change"] < 0


def test_a_chart_report_is_verified_by_simulating_the_chart(chart_report):
    v = chart_report.verification
    assert v["verdict"] == "PASS" and v["rounds"] == ROUNDS
    assert v["strategy_hash"] == chart_report.strategy_hash
    sim = chart_report.simulation
    assert sim.strategy_hash == chart_report.strategy_hash
    assert abs(sim.mean - chart_report.summary["expected_return"]) < 4 * sim.mean_se


def test_a_given_strategy_report_has_the_chart_and_optimal_play_beside_it(
        given_report, simple_tables, inf_report):
    s = given_report.summary
    # the simple chart's exact value (the package's front-page example)
    assert round(s["expected_return"], 4) == 0.1048
    ref = given_report.reference
    assert ref["cost"] == inf_report.summary["expected_return"] - s["expected_return"]
    assert ref["cost"] > 0.01       # the simple chart is far from optimal
    assert ref["chart_expected_return"] == derived_chart(BASE).figures["expected_return"]
    # the variation table gives each row's derived chart, the base row included
    row = given_report.variations.iloc[0]
    assert row.is_base and row.expected_return == ref["chart_expected_return"]
    sim = given_report.simulation
    assert sim.strategy_hash == tables_hash(simple_tables)
    assert abs(sim.mean - s["expected_return"]) < 4 * sim.mean_se
    assert given_report.stem == report_stem(BASE, "given", tables_hash(simple_tables))
    assert "-strategy-" in given_report.stem


def test_the_json_names_the_strategy_and_the_reference(given_report):
    d = to_json_dict(given_report)
    assert d["strategy_kind"] == "given" and d["strategy_source"] == "simple.xlsx"
    assert d["strategy_tables_hash"] == given_report.strategy_hash
    assert math.isclose(d["reference"]["cost"], given_report.reference["cost"])
    assert "cost" in d["variations"][0]


def test_the_pages_say_which_strategy_and_give_percent(given_report):
    from twentyone_burn.export.document import build
    doc = build(given_report)
    lead = doc.sections[0].blocks[0].text
    assert "the strategy of `simple.xlsx`" in lead and "costs the player" in lead
    strategy = " ".join(b.text for b in doc.sections[1].blocks)
    assert "Reference: optimal play." in strategy and "Reference: the chart." in strategy
    by_up = next(s for s in doc.sections if s.anchor == "by-up").blocks[1]
    assert all(row[2].endswith("%") for row in by_up.rows[:-1])


def test_an_optimal_report_has_no_reference_and_its_own_file_name():
    rep = build_report(BASE, strategy=OPTIMAL, variations=[], with_return_table=False,
                       sim_rounds=0)
    assert rep.reference is None and rep.strategy_hash is None
    assert rep.stem.endswith("-optimal") and "cost" not in rep.variations.columns


def test_tables_for_other_rules_are_refused(simple_tables):
    with pytest.raises(RulesError, match="other rules"):
        build_report(Rules(decks=2), strategy=ReportStrategy.given(simple_tables, "x"),
                     variations=[], sim_rounds=0)
    with pytest.raises(ValueError, match="optimal, chart"):
        ReportStrategy.parse("best")
