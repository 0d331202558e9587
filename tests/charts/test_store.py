"""charts/store: a stored chart is the very chart and figures a new derivation gives, and an
entry that is damaged, made by other code or for other rules is never used."""

from __future__ import annotations

import json

import numpy as np
import pytest

from twentyone_burn.charts.store import derived_chart, derived_charts
from twentyone_burn.rules import Rules

INF = Rules(decks=None)


@pytest.fixture
def store(tmp_path, monkeypatch):
    monkeypatch.setenv("TWENTYONE_BURN_CACHE", str(tmp_path))
    return tmp_path


@pytest.fixture(scope="module")
def valued(infinite_chart):
    """``derive_and_analyze(INF)``, derived once a run (tests/conftest.py)."""
    return infinite_chart


@pytest.fixture(scope="module")
def derived(valued):
    return valued.chart


@pytest.fixture
def counted(monkeypatch, valued):
    """The derivation replaced by a counter returning the chart already derived (a miss is
    seen without deriving again)."""
    import twentyone_burn.charts.store as store_module
    calls = []

    def fake(rules, progress=None, optimal=None):
        calls.append(rules)
        return valued
    monkeypatch.setattr(store_module, "derive_and_analyze", fake)
    return calls


def _same(a, b) -> bool:
    return all(np.array_equal(getattr(a, k), getattr(b, k))
               for k in ("hard", "soft", "resplit", "burn_values")) and \
        (a.expected_return, a.optimal_return, a.best_iteration, a.iterations) == \
        (b.expected_return, b.optimal_return, b.best_iteration, b.iterations)


def test_a_stored_chart_reads_back_to_the_bit(store, derived, counted):
    # (that a derivation gives the same chart every time, in this process or another, is
    # test_charts_derived_in_parallel_are_the_serial_ones)
    first = derived_chart(INF)
    assert not first.from_cache and len(counted) == 1
    [entry] = store.glob("chart-*.json")
    assert entry.name == f"chart-{INF.rules_hash}.json"
    again = derived_chart(INF)
    assert again.from_cache
    assert _same(again.chart, first.chart) and again.figures == first.figures
    assert _same(derived, again.chart) and len(counted) == 1
    # the figures kept are the chart's: on an infinite deck the chart is optimal play, valued
    # here by optimal play's own analysis (a second route)
    f = again.figures
    assert f["expected_return"] == pytest.approx(derived.optimal_return, abs=1e-14)
    assert f["house_edge"] == -f["expected_return"]
    assert f["element_of_risk"] == pytest.approx(f["house_edge"] / f["average_total_wager"],
                                                 rel=1e-15)


def test_a_damaged_or_foreign_entry_is_derived_again(store, counted):
    first = derived_chart(INF)
    [entry] = store.glob("chart-*.json")
    good = entry.read_bytes()
    entry.write_bytes(good[: len(good) // 2])                  # cut short
    assert not derived_chart(INF).from_cache
    head, body = entry.read_bytes().split(b"\n", 1)
    header = json.loads(head)
    header["key"] = "0" * 64                                   # made by other code
    entry.write_bytes(json.dumps(header).encode() + b"\n" + body)
    again = derived_chart(INF)
    assert not again.from_cache and _same(again.chart, first.chart)
    assert derived_chart(INF).from_cache
    assert len(counted) == 3


def test_the_store_can_be_off(tmp_path, monkeypatch, counted):
    monkeypatch.setenv("TWENTYONE_BURN_CACHE", "off")
    assert not derived_chart(INF).from_cache
    assert not derived_chart(INF).from_cache
    assert not list(tmp_path.glob("chart-*")) and len(counted) == 2


def test_charts_derived_in_parallel_are_the_serial_ones(store, derived):
    s17 = INF.replace(hit_soft_17=False)
    a, b = derived_charts([INF, s17], workers=2)        # two processes
    assert not a.from_cache and _same(a.chart, derived)
    assert b.chart.rules == s17 and not _same(b.chart, derived)
    # both were kept: a second call reads them, in order
    again = derived_charts([s17, INF], workers=2)
    assert all(v.from_cache for v in again)
    assert _same(again[0].chart, b.chart) and again[1].figures == a.figures
