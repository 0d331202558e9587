"""The protection report's exporters (twentyone_burn/export/protection_pages.py) on a small
hand-made results object: every format carries provenance and lays out the numbers given."""

from __future__ import annotations

import io
import json
import re

import numpy as np
import pytest
from openpyxl import load_workbook

from twentyone_burn.export import protection_pages as pages
from twentyone_burn.protection.counter import CounterFigures, parse_ramp
from twentyone_burn.protection.counts import BestCount
from twentyone_burn.protection.cut_card import CutCardResult, CutCardRow
from twentyone_burn.protection.exposure import ExposureReturns
from twentyone_burn.protection.removal import EoRTable
from twentyone_burn.protection.results import ProtectionResults
from twentyone_burn.protection.tc_table import TrueCountTable
from twentyone_burn.rules import Rules

RULES = Rules(decks=1)
#: made-up figures, easy to find in the pages (A, 2, ..., 9, T)
REMOVED = tuple(0.28 + 0.001 * k for k in range(10))


def _full() -> ProtectionResults:
    opt = EoRTable(RULES, "optimal", 0.28, REMOVED)
    chart = EoRTable(RULES, "chart", 0.2799, REMOVED)
    counts = {"optimal": {"hi-lo": 0.9461, "ko": 0.9493}, "chart": {"hi-lo": 0.947, "ko": 0.95}}
    best = {"optimal": (BestCount(1, (-1, 1, 1, 1, 1, 1, 0, 0, -1, -1), 0.973),)}
    shoe = TrueCountTable(count="hi-lo", decks=1, penetration=0.75, seed=1234,
                          true_counts=(-1, 0, 1), rounds=np.array([20, 60, 20]),
                          mean=np.array([0.25, 0.28, 0.31]), variance=np.array([1.2, 1.2, 1.2]))
    cut = CutCardResult(RULES, "chart", 1234, 0.2799,
                        (CutCardRow(0.75, 100, 0.2791, 0.0011, -0.0008, 9),))
    figs = CounterFigures(0.05, 0.01, 3.0, 2.0, 100, 1.0, 100.0, None)
    exp = ExposureReturns(RULES, 0.28, 0.30, 0.40, 0.29)
    return ProtectionResults(RULES, opt, chart, counts, best, shoe, cut, figs,
                             "beatable by counting (made up)", parse_ramp("1-8"), exp,
                             seed=1234, rounds=100)


@pytest.fixture(scope="module")
def full() -> ProtectionResults:
    return _full()


def _provenance_in(text: str) -> None:
    assert RULES.rules_hash in text
    assert "version" in text
    assert "1234" in text


def test_markdown_every_section_and_provenance(full: ProtectionResults) -> None:
    md = pages.markdown(full)
    _provenance_in(md)
    for title in ("Effects of removal", "Betting correlations", "Best whole tags",
                  "Shoe play by true count", "Cut-card effect", "A counter at the table",
                  "Hole-card exposure"):
        assert f"## {title}" in md
    assert "| 5 | +0.4000 | +0.4100 |" in md          # EoR of a 5: 0.004 and 0.0041 per wager
    assert "| +1 | 20 | 0.20000 | +31.0000 |" in md
    assert "0.9461"[:5] in md and "left out" not in md
    assert all(f"]({n})" in md for n in pages.FIGURES)


def test_empty_results_say_what_is_left_out() -> None:
    r = ProtectionResults(RULES, None, None)
    md = pages.markdown(r)
    assert md.count("left out:") == 2 and "seed: none (nothing simulated)" in md
    assert pages.figures(r) == {}
    assert "left out" in pages.html_page(r)


def test_html_is_one_self_contained_page(full: ProtectionResults) -> None:
    page = pages.html_page(full, pages.figures(full))
    _provenance_in(page)
    assert page.count("<svg") == 2 and "<?xml" not in page
    # nothing fetched: no src, and every link points inside the page (the SVGs' own ids)
    assert "src=" not in page and not re.findall(r'href="[^#]', page)
    assert page.count("<table>") == len(pages.sections(full))


def test_json_has_every_number(full: ProtectionResults) -> None:
    d = json.loads(pages.json_text(full))
    assert d["rules_hash"] == RULES.rules_hash and d["seed"] == "1234" and d["rounds"] == 100
    eor = d["effects_of_removal"]["optimal"]["effects_of_removal"]
    assert eor["5"] == pytest.approx(0.004, abs=1e-15)
    rows = d["shoe_play"]["by_true_count"]
    assert [x["rounds"] for x in rows] == [20, 60, 20]
    assert rows[2]["standard_error"] == pytest.approx(np.sqrt(1.2 / 20))
    assert d["cut_card"]["rows"][0]["effect"] == -0.0008
    assert d["counter"]["figures"]["win"] == 0.05 and d["counter"]["ramp"] == "1-8"
    assert d["exposure"]["gain"]["both"] == pytest.approx(0.12)
    assert d["best_counts"]["optimal"][0]["bc"] == 0.973
    assert d["parts"] == ["eor", "counts", "shoe", "cut_card", "counter", "exposure"]


def test_workbook_sheets_and_provenance(full: ProtectionResults) -> None:
    wb = load_workbook(io.BytesIO(pages.workbook(full)))
    assert wb.sheetnames[0] == "provenance"
    assert len(wb.sheetnames) == 1 + len(pages.sections(full))
    _provenance_in(" ".join(str(c.value) for row in wb["provenance"].iter_rows() for c in row))
    eor = wb[wb.sheetnames[1]]
    assert RULES.rules_hash in str(eor["A3"].value)
    five = next(r for r in eor.iter_rows(min_row=5, values_only=True) if r[0] == "5")
    assert five[1] == pytest.approx(0.4)                   # a number, not text


def test_figures_are_svg_with_provenance(full: ProtectionResults) -> None:
    figs = pages.figures(full)
    assert list(figs) == list(pages.FIGURES)
    for svg in figs.values():
        assert svg.startswith(b"<?xml") and RULES.rules_hash.encode() in svg
    assert pages.figures(full) == figs                     # reproducible byte for byte
