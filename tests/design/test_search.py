"""design/search against a second route: its rule sets built by hand, the figures against the
published base value and what each rule change must do; the same table on any number of
workers, on Dask, and from the result cache, with nothing recomputed when it resumes."""

from __future__ import annotations

import pytest

from tests.design.conftest import BASE, KNOBS, TARGET, TOLERANCE, records
from twentyone_burn.design import search
from twentyone_burn.design.space import DesignError, parse_knobs, rule_sets
from twentyone_burn.rules import Rules


def test_the_rule_sets_are_every_combination_of_the_knobs():
    got = {s.rules for s in rule_sets(BASE, parse_knobs(KNOBS), 2)}
    by_hand = {BASE, BASE.replace(dealer_bust_push=22)} | {
        BASE.replace(ties_lose_from=t) for t in (17, 20)} | {
        BASE.replace(dealer_bust_push=22, ties_lose_from=t) for t in (17, 20)}
    assert got == by_hand
    assert len(rule_sets(BASE, parse_knobs(KNOBS), 1)) == 4
    # the default space: the base, 29 single changes and 301 pairs
    assert len(rule_sets(Rules(), parse_knobs(None), 2)) == 331


def test_the_table_holds_each_rule_sets_figures(tiny):
    assert tiny.searched == 4 and len(tiny.rows) == 4
    by_rules = {row.rules: row for row in tiny.rows}
    base = by_rules[BASE]
    # the rule sheet on an infinite deck, optimal play (the package's front-page figures)
    assert round(base.house_edge, 6) == -0.278343 and round(base.hands_per_round, 6) == 1.263118
    for row in tiny.rows:
        assert row.element_of_risk == pytest.approx(row.house_edge / row.average_total_wager,
                                                    rel=1e-15)
        assert row.kept_hard + row.kept_soft + row.kept_pair == pytest.approx(1, abs=1e-12)
        assert 0 < row.forced_split <= row.kept_pair + 1e-15
        assert row.hands_per_round > 1
        assert abs(row.house_edge - TARGET) <= TOLERANCE
    # each change only takes from the player: a push on the dealer's 22, ties that lose (from
    # 17 more of them than from 20)
    ties17, ties20 = by_rules[BASE.replace(ties_lose_from=17)], by_rules[
        BASE.replace(ties_lose_from=20)]
    assert by_rules[BASE.replace(dealer_bust_push=22)].house_edge > base.house_edge
    assert ties17.house_edge > ties20.house_edge > base.house_edge
    # ranked: fewest changes, then nearest the target
    keys = [(r.changes, abs(r.house_edge - TARGET)) for r in tiny.rows]
    assert keys == sorted(keys) and [r.rank for r in tiny.rows] == [1, 2, 3, 4]
    assert tiny.rows[0].rule_changes == "the rule sheet"
    # the rule sheet is within tolerance too: no change of the others is needed
    assert [r.includes for r in tiny.rows] == [None, 1, 1, 1]


def test_tolerance_keeps_only_the_near_rule_sets(tiny, tiny_cache, monkeypatch):
    monkeypatch.setenv("TWENTYONE_BURN_CACHE", str(tiny_cache))
    near = search.design(BASE, -0.15, tolerance=0.01, knobs=KNOBS, max_changes=1, charts=0,
                         workers=1)
    assert near.computed == 0
    want = sorted((r.house_edge for r in tiny.rows if abs(r.house_edge + 0.15) <= 0.01),
                  key=lambda e: abs(e + 0.15))
    assert [r.house_edge for r in near.rows] == want and want


def test_the_same_table_on_any_number_of_workers(tiny, tmp_path, monkeypatch):
    monkeypatch.setenv("TWENTYONE_BURN_CACHE", "off")
    two = search.design(BASE, TARGET, tolerance=TOLERANCE, knobs=KNOBS, max_changes=1,
                        charts=0, workers=2)
    assert two.where == "2 local processes" and two.computed == 4
    assert records(two) == records(tiny)


def test_the_same_table_on_a_dask_local_cluster(tiny, monkeypatch):
    distributed = pytest.importorskip("dask.distributed")
    monkeypatch.setenv("TWENTYONE_BURN_CACHE", "off")
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=False,
                                  dashboard_address=None) as cluster, \
            distributed.Client(cluster) as client:
        on_dask = search.design(BASE, TARGET, tolerance=TOLERANCE, knobs=KNOBS, max_changes=1,
                                charts=0, scheduler=client)
    assert on_dask.where.startswith("Dask scheduler") and on_dask.computed == 4
    assert records(on_dask) == records(tiny)


_VALUATION = search.valuation


class _Counting:
    """A stand-in for the valuation that counts its calls (and may stop the search)."""

    def __init__(self, stop_after: int | None = None) -> None:
        self.calls, self.stop_after = 0, stop_after

    def __call__(self, kind, rules):
        if self.stop_after is not None and self.calls >= self.stop_after:
            raise KeyboardInterrupt
        self.calls += 1
        return _VALUATION(kind, rules)


def test_a_search_resumes_from_the_cache(tiny, tiny_cache, tmp_path, monkeypatch):
    # the tiny search is cached: run again, nothing is computed
    monkeypatch.setenv("TWENTYONE_BURN_CACHE", str(tiny_cache))
    count = _Counting()
    monkeypatch.setattr(search, "valuation", count)
    again = search.design(BASE, TARGET, tolerance=TOLERANCE, knobs=KNOBS, max_changes=1,
                          charts=0, workers=1)
    assert count.calls == 0 and (again.computed, again.cached) == (0, 4)
    assert records(again) == records(tiny)
    # interrupted after two valuations: the rerun computes the other two only
    monkeypatch.setenv("TWENTYONE_BURN_CACHE", str(tmp_path / "cache"))
    stop = _Counting(stop_after=2)
    monkeypatch.setattr(search, "valuation", stop)
    with pytest.raises(KeyboardInterrupt):
        search.design(BASE, TARGET, tolerance=TOLERANCE, knobs=KNOBS, max_changes=1, charts=0,
                      workers=1)
    resumed = _Counting()
    monkeypatch.setattr(search, "valuation", resumed)
    r = search.design(BASE, TARGET, tolerance=TOLERANCE, knobs=KNOBS, max_changes=1, charts=0,
                      workers=1)
    assert resumed.calls == 2 and (r.computed, r.cached) == (2, 2)
    assert records(r) == records(tiny)


def test_a_cache_entry_for_other_code_or_altered_is_not_used(tiny, tiny_cache, tmp_path,
                                                             monkeypatch):
    import shutil
    folder = tmp_path / "cache"
    shutil.copytree(tiny_cache, folder)
    monkeypatch.setenv("TWENTYONE_BURN_CACHE", str(folder))
    entry = folder / f"design-optimal-{BASE.rules_hash}.json"
    data = entry.read_bytes()
    entry.write_bytes(data.replace(b"0.2", b"0.3", 1))          # altered: checksum fails
    assert search._load("optimal", BASE) is None
    entry.write_bytes(data)
    assert search._load("optimal", BASE) is not None
    monkeypatch.setattr(search, "_code_key", lambda kind: "other code")
    assert search._load("optimal", BASE) is None


@pytest.mark.parametrize("kwargs, message", [
    ({"max_changes": 0}, "--max-changes"),
    ({"tolerance": 0.0}, "tolerance"),
    ({"tolerance": -0.01}, "tolerance"),
    ({"knobs": "insurance"}, "unknown knob"),
    ({"knobs": "win_pays=0:1"}, "win_pays"),
    ({"knobs": "ties_lose_from=16"}, "cannot value"),
    ({"knobs": "dealer_bust_push=24"}, "cannot value"),
])
def test_bad_searches_are_refused_before_any_valuation(kwargs, message, monkeypatch):
    count = _Counting()
    monkeypatch.setattr(search, "valuation", count)
    args = {"tolerance": 0.01, "knobs": "win_pays", "max_changes": 1, **kwargs}
    with pytest.raises(DesignError, match=message):
        search.design(BASE, 0.02, workers=1, **args)
    assert count.calls == 0


@pytest.mark.slow
def test_the_chart_columns_are_the_chart_valued_directly(monkeypatch):
    from twentyone_burn.charts.derive import derive_chart
    from twentyone_burn.engine.game import analyze
    monkeypatch.setenv("TWENTYONE_BURN_CACHE", "off")
    r = search.design(BASE, -0.2, tolerance=0.1, knobs="dealer_bust_push=22", max_changes=1,
                      charts=1, workers=1)
    row = r.rows[0]
    d = derive_chart(row.rules)
    valued = analyze(row.rules, tables=d.tables())
    assert row.chart_house_edge == pytest.approx(valued.house_edge, abs=1e-12)
    assert row.chart_cost == pytest.approx(d.optimal_return - valued.expected_return, abs=1e-12)
    assert r.rows[1].chart_house_edge is None
