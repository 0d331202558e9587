"""The published reports in reports/ are what the code computes today.

Two reports: the chart's par sheet (``21burn-standard.*``, what a lab certifies: every figure
for the published chart of ``strategy_tables/``, optimal play as the reference) and optimal
play's (``21burn-standard-optimal.*``). CI regenerates, for each, the main analysis, the dealer
and burn tables and two rule variations (the infinite deck and one deck) and compares them with
the committed JSON; the slow test regenerates both whole reports (the exact analyses, the
charts of the variations and the verification runs) and compares every number. Numbers must
agree to 1e-12 relative (1e-15 absolute near zero): the same code gives the same bits on one
machine, and only the order of floating-point sums may differ on another.
"""

from __future__ import annotations

import json
import math
import pathlib
from typing import Any

import pytest

from tests.shared import once_per_run
from twentyone_burn import __version__
from twentyone_burn.charts.files import load_chart
from twentyone_burn.charts.store import derived_chart
from twentyone_burn.engine.game import analyze
from twentyone_burn.export.document import frame_records
from twentyone_burn.export.json_data import clean, to_json_dict
from twentyone_burn.report import (
    CHART,
    OPTIMAL,
    build_report,
    burn_statistics,
    dealer_comparison,
    dealer_overall,
    report_stem,
)
from twentyone_burn.rules import Rules
from twentyone_burn.sim.strategy import tables_hash

ROOT = pathlib.Path(__file__).resolve().parents[2]
REPORTS = ROOT / "reports"
STEM = report_stem(Rules())                        # the chart's par sheet
OPTIMAL_STEM = report_stem(Rules(), "optimal")
REGENERATE = ("run from the repository root: twentyone-burn report --strategy chart|optimal "
              "--verify-rounds 100000000 --seed 21 --force (about a minute each once the "
              "chart store holds the variations' charts)")


def published(stem: str = STEM) -> dict[str, Any]:
    path = REPORTS / f"{stem}.json"
    assert path.is_file(), f"{path} missing; {REGENERATE}"
    return json.loads(path.read_text())


def same(committed: Any, fresh: Any, path: str = "") -> list[str]:
    """Every difference between two JSON trees: numbers to 1e-12, everything else exactly."""
    if isinstance(committed, dict) and isinstance(fresh, dict):
        out = [f"{path}/{k}: only in one" for k in set(committed) ^ set(fresh)]
        for k in set(committed) & set(fresh):
            out += same(committed[k], fresh[k], f"{path}/{k}")
        return out
    if isinstance(committed, list) and isinstance(fresh, list):
        if len(committed) != len(fresh):
            return [f"{path}: {len(committed)} items, now {len(fresh)}"]
        return [d for i, (a, b) in enumerate(zip(committed, fresh))
                for d in same(a, b, f"{path}[{i}]")]
    numbers = (int, float)
    if isinstance(committed, numbers) and isinstance(fresh, numbers) \
            and not isinstance(committed, bool) and not isinstance(fresh, bool):
        if math.isclose(committed, fresh, rel_tol=1e-12, abs_tol=1e-15):
            return []
        return [f"{path}: {committed!r}, now {fresh!r}"]
    return [] if committed == fresh else [f"{path}: {committed!r}, now {fresh!r}"]


def check(committed: Any, fresh: Any, what: str) -> None:
    diffs = same(committed, fresh, what)
    assert not diffs, f"published report is stale ({REGENERATE}):\n" + "\n".join(diffs[:20])


# the six-deck analyses are made once a run (tests/shared.py): the tests reading them may run
# in either xdist worker
@pytest.fixture(scope="module")
def standard(tmp_path_factory):
    return once_per_run(tmp_path_factory, "published-standard", lambda: analyze(Rules()))


@pytest.fixture(scope="module")
def chart_tables():
    return load_chart(ROOT / "strategy_tables").to_tables()


@pytest.fixture(scope="module")
def chart_analysis(chart_tables, tmp_path_factory):
    return once_per_run(tmp_path_factory, "published-chart",
                        lambda: analyze(Rules(), tables=chart_tables))


@pytest.mark.parametrize("stem", [STEM, OPTIMAL_STEM])
def test_published_files_exist_and_name_the_rules(stem):
    d = published(stem)
    assert d["rules"] == Rules().to_dict() and d["rules_hash"] == Rules().rules_hash
    assert d["version"] == __version__, f"report made by {d['version']}; {REGENERATE}"
    for suffix in (".md", ".html", ".xlsx", "-dealer-bust.svg", "-net-result.svg",
                   "-variations.svg"):
        assert (REPORTS / f"{stem}{suffix}").is_file(), f"{stem}{suffix} missing; {REGENERATE}"
    for suffix in (".md", ".html"):
        text = (REPORTS / f"{stem}{suffix}").read_text()
        assert d["rules_hash"] in text and d["created"] in text and __version__ in text


@pytest.mark.parametrize("stem", [STEM, OPTIMAL_STEM])
def test_published_return_table_adds_up(stem):
    d = published(stem)
    rows = d["return_table"]["rows"]
    for r in rows:
        assert r["contribution"] == r["pays"] * r["probability"]
    assert abs(math.fsum(r["contribution"] for r in rows) - d["summary"]["expected_return"]) \
        < 1e-12


def test_the_par_sheet_is_the_published_charts(chart_tables):
    """The chart the report derived is the chart published in strategy_tables/."""
    d = published()
    assert d["strategy_kind"] == "chart"
    assert d["strategy_tables_hash"] == tables_hash(chart_tables), (
        "the report's chart is not strategy_tables/'s: regenerate both "
        "(twentyone-burn chart --out strategy_tables --force, then the report)")


def _check_analysis(d: dict[str, Any], a: Any) -> None:
    rules = Rules()
    check(d["summary"], clean({"expected_return": a.expected_return, "house_edge": a.house_edge,
                               "element_of_risk": a.element_of_risk,
                               "average_total_wager": a.average_total_wager,
                               "deal_probability_total": a.deal_probability_total}), "summary")
    check(d["probabilities"], clean(a.probabilities), "probabilities")
    dealer = dealer_comparison(rules)
    check(d["dealer"], frame_records(dealer), "dealer")
    check(d["dealer_overall"], frame_records(dealer_overall(rules, dealer)), "dealer_overall")
    b = burn_statistics(a)
    check(d["by_up_card"], frame_records(b["by_up"]), "by_up_card")
    check(d["burn"]["value"], clean(b["burn_value"]), "burn/value")
    for key in ("burned", "kept", "pairs"):
        check(d["burn"][key], frame_records(b[key]), f"burn/{key}")
    assert d["strategy"] == a.strategy


def test_published_main_analysis_is_current(standard, chart_analysis):
    _check_analysis(published(OPTIMAL_STEM), standard)
    d = published()
    _check_analysis(d, chart_analysis)
    ref = d["reference"]
    check(ref, {**ref, "expected_return": standard.expected_return,
                "house_edge": standard.house_edge, "strategy": standard.strategy,
                "cost": standard.expected_return - chart_analysis.expected_return}, "reference")


@pytest.mark.parametrize("label,decks", [("infinite deck", None), ("1 deck", 1)])
def test_published_variation_is_current(standard, chart_analysis, label, decks):
    rules = Rules(decks=decks)
    a = analyze(rules)
    [row] = [r for r in published(OPTIMAL_STEM)["variations"] if r["variation"] == label]
    check(row, {**row, "expected_return": a.expected_return, "house_edge": a.house_edge,
                "element_of_risk": a.element_of_risk,
                "average_total_wager": a.average_total_wager,
                "rules_hash": rules.rules_hash,
                "change": a.expected_return - standard.expected_return}, f"variations/{label}")
    [row] = [r for r in published()["variations"] if r["variation"] == label]
    fresh = {**row, "optimal_expected_return": a.expected_return,
             "optimal_house_edge": a.house_edge, "rules_hash": rules.rules_hash}
    if decks is None:   # the infinite deck's chart derives in seconds; one deck's in the slow test
        c = derived_chart(rules).figures
        fresh.update(c, cost=a.expected_return - c["expected_return"],
                     change=c["expected_return"] - chart_analysis.expected_return)
    check(row, fresh, f"variations/{label}")


@pytest.mark.slow
@pytest.mark.parametrize("stem,strategy", [(STEM, CHART), (OPTIMAL_STEM, OPTIMAL)])
def test_published_report_regenerates_exactly(stem, strategy):
    d = published(stem)
    v = d["verification"]
    rep = build_report(Rules(), strategy=strategy, seed=d["seed"],
                       verify_rounds=v["rounds"] if v else None,
                       sim_rounds=d["simulation"]["rounds"] if d["simulation"] else 0)
    fresh = to_json_dict(rep)
    fresh["created"] = d["created"]
    check(d, fresh, "")
