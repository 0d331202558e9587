"""The published report in reports/ is what the code computes today.

CI regenerates the main analysis, the dealer and burn tables and two rule variations (the
infinite deck and one deck) and compares them with the committed JSON; the slow test
regenerates the whole report (about 15 exact analyses and the verification run) and compares
every number. Numbers must agree to 1e-12 relative (1e-15 absolute near zero): the same code
gives the same bits on one machine, and only the order of floating-point sums may differ on
another.
"""

from __future__ import annotations

import json
import math
import pathlib
from typing import Any

import pytest

from twentyone_burn import __version__
from twentyone_burn.engine.game import analyze
from twentyone_burn.export.document import frame_records
from twentyone_burn.export.json_data import clean, to_json_dict
from twentyone_burn.report import (
    build_report,
    burn_statistics,
    dealer_comparison,
    dealer_overall,
    report_stem,
)
from twentyone_burn.rules import Rules

REPORTS = pathlib.Path(__file__).resolve().parents[2] / "reports"
STEM = report_stem(Rules())
REGENERATE = ("run: twentyone-burn report --verify-rounds 100000000 --seed 21 --force "
              "(from the repository root; about 10 minutes)")


def published() -> dict[str, Any]:
    path = REPORTS / f"{STEM}.json"
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


@pytest.fixture(scope="module")
def standard():
    return analyze(Rules())


def test_published_files_exist_and_name_the_rules():
    d = published()
    assert d["rules"] == Rules().to_dict() and d["rules_hash"] == Rules().rules_hash
    assert d["version"] == __version__, f"report made by {d['version']}; {REGENERATE}"
    for suffix in (".md", ".html", ".xlsx", "-dealer-bust.svg", "-net-result.svg",
                   "-variations.svg"):
        assert (REPORTS / f"{STEM}{suffix}").is_file(), f"{STEM}{suffix} missing; {REGENERATE}"
    for suffix in (".md", ".html"):
        text = (REPORTS / f"{STEM}{suffix}").read_text()
        assert d["rules_hash"] in text and d["created"] in text and __version__ in text


def test_published_return_table_adds_up():
    d = published()
    rows = d["return_table"]["rows"]
    for r in rows:
        assert r["contribution"] == r["pays"] * r["probability"]
    assert abs(math.fsum(r["contribution"] for r in rows) - d["summary"]["expected_return"]) \
        < 1e-12


def test_published_main_analysis_is_current(standard):
    d = published()
    a = standard
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


@pytest.mark.parametrize("label,decks", [("infinite deck", None), ("1 deck", 1)])
def test_published_variation_is_current(standard, label, decks):
    d = published()
    [row] = [r for r in d["variations"] if r["variation"] == label]
    a = analyze(Rules(decks=decks))
    check(row, {**row, "expected_return": a.expected_return, "house_edge": a.house_edge,
                "element_of_risk": a.element_of_risk,
                "average_total_wager": a.average_total_wager,
                "rules_hash": Rules(decks=decks).rules_hash,
                "change": a.expected_return - standard.expected_return}, f"variations/{label}")


@pytest.mark.slow
def test_published_report_regenerates_exactly():
    d = published()
    v = d["verification"]
    rep = build_report(Rules(), seed=d["seed"],
                       verify_rounds=v["rounds"] if v else None,
                       sim_rounds=d["simulation"]["rounds"] if d["simulation"] else 0)
    fresh = to_json_dict(rep)
    fresh["created"] = d["created"]
    check(d, fresh, "")
