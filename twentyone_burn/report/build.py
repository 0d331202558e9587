"""build: :func:`build_report` - run the engine and the simulator and assemble a :class:`Report`.

:func:`build_report` runs the exact engine (and the simulator for the figures the engine does
not give exactly) and gathers every number of the report as plain values and DataFrames in a
:class:`~twentyone_burn.report.results.Report`; the writers in :mod:`twentyone_burn.export` turn
it into Markdown, HTML, JSON and a workbook without computing anything.
"""

from __future__ import annotations

import dataclasses
import os
import time
from collections.abc import Callable, Sequence
from datetime import UTC, datetime
from typing import Any

from ..charts.store import ChartValuation, derived_charts
from ..defaults import DEFAULT_SEED, DEFAULT_SIM_ROUNDS, DERIVED_CHART_NAME
from ..engine.game import analyze, optimal_tables, return_table
from ..engine.player_burn import reuse_dealer_passes
from ..engine.results import Analysis
from ..io import source_date
from ..rules import Rules, RulesError
from ..shoe import NRANKS
from ..sim import SimResult, simulate
from ..sim.strategy import tables_hash
from ..tables import DecisionTables
from ..verify import verify
from .results import Report, SimulatedFigures
from .statistics import (
    burn_statistics,
    dealer_comparison,
    dealer_overall,
    headline_figures,
    simulated_figures,
)
from .strategy import OPTIMAL, ReportStrategy
from .variations import Optimal, VariationSpec, variation_specs, variation_table

__all__ = ["DEFAULT_SEED", "DEFAULT_SIM_ROUNDS", "Progress", "build_report"]


#: verification record fields that describe the run, not the game (they differ run to run)
_RUN_ONLY = {"seconds", "rounds_per_second", "engine_seconds", "workers", "executor", "created"}


def _strip_run_fields(x: Any) -> Any:
    if isinstance(x, dict):
        return {k: _strip_run_fields(v) for k, v in x.items() if k not in _RUN_ONLY}
    if isinstance(x, list):
        return [_strip_run_fields(v) for v in x]
    return x


def _created() -> str:
    # SOURCE_DATE_EPOCH (reproducible builds) pins the date of a regenerated report
    when = source_date() or datetime.now(UTC)
    return when.isoformat(timespec="seconds")


Progress = Callable[[str, float, float], None]


def build_report(rules: Rules, *, strategy: ReportStrategy = OPTIMAL,
                 variations: Sequence[VariationSpec] | None = None,
                 with_return_table: bool = True, sim_rounds: int = DEFAULT_SIM_ROUNDS,
                 verify_rounds: int | None = None, seed: int | None = DEFAULT_SEED,
                 workers: int | None = None, progress: Progress | None = None) -> Report:
    """Analyse ``rules`` and gather every figure of the report, for ``strategy``.

    strategy: the strategy every figure holds for (:class:`~.strategy.ReportStrategy`:
    optimal play, the chart derived for the rules, or a given one); for any but optimal play
    the report also gives optimal play's figures as the reference and the strategy's cost.
    variations: the rule-variation rows (None =
    :func:`~twentyone_burn.report.variations.variation_specs`; [] = none); each is a direct
    :func:`~twentyone_burn.engine.game.analyze` run (a variation equal to the base rules
    reuses the base analysis), and for any strategy but optimal play also the chart derived
    for the variation's rules (:func:`~twentyone_burn.charts.store.derived_chart`, read from
    the chart store when it holds it). sim_rounds: rounds simulated for the per-round figures
    (0 = none); verify_rounds: when given, run the verification (theory vs simulation) with
    that many rounds instead, and take the per-round figures from its simulation. seed: the
    simulation's root seed. progress(step, done, total) is called as the work advances.

    >>> rep = build_report(Rules(decks=None), variations=[], with_return_table=False,
    ...                    sim_rounds=20_000, workers=1)
    >>> rep.summary["house_edge"] == -rep.summary["expected_return"], rep.simulation.rounds
    (True, 20000)
    """
    specs = list(variation_specs(rules) if variations is None else variations)
    if verify_rounds is not None and verify_rounds < 1:
        raise RulesError(f"verify rounds must be at least 1, not {verify_rounds}")
    if sim_rounds < 0:
        raise RulesError(f"simulation rounds must be 0 or more, not {sim_rounds}")
    if strategy.tables is not None and strategy.tables.rules != rules:
        raise RulesError("the report's strategy tables were built for other rules")
    var_rules = [s.apply(rules) for s in specs]   # bad variations fail before any work
    distinct = {r.rules_hash: r for r in var_rules if r != rules}
    workers = workers or os.cpu_count() or 1
    created = _created()
    optimal_only = strategy.is_optimal
    # a chart's report derives the charts of the base and of every variation (each
    # derivation runs optimal play's analysis of its rules, which the variation row reuses)
    need = [] if optimal_only else [rules, *distinct.values()]
    total = (1.0 + (1.0 if strategy.tables is not None or strategy.kind == "chart" else 0.0)
             + len(need) + (3.0 if with_return_table else 0.0)
             + (len(distinct) if optimal_only else 0.0)
             + (1.0 if verify_rounds or sim_rounds else 0.0))
    done = 0.0
    timings: dict[str, float] = {}

    def step(label: str, frac: float = 0.0) -> None:
        if progress is not None:
            progress(label, done + frac, total)

    def run(label: str, r: Rules, tables: DecisionTables | None = None) -> Analysis:
        nonlocal done
        step(label)
        t0 = time.perf_counter()
        a = analyze(r, progress=lambda k: step(label, k / NRANKS), tables=tables)
        timings[label] = time.perf_counter() - t0
        done += 1
        return a

    charts: dict[str, ChartValuation] = {}

    def variation_optimal(spec: VariationSpec, r: Rules) -> Optimal:
        # a chart's report: optimal play's figures from the variation's derivation
        return run(f"rule variation: {spec.label}", r) if optimal_only else \
            charts[r.rules_hash].optimal

    def variation_chart(spec: VariationSpec | None, r: Rules, optimal: Optimal
                        ) -> dict[str, float]:
        return charts[r.rules_hash].figures

    # the dealer passes of the base rules serve the return table and every variation that
    # changes only doubling or splitting (each pass is the same numbers either way)
    with reuse_dealer_passes(rules):
        opt = run("exact analysis" if optimal_only else "optimal play (reference)", rules)
        if need:
            # every chart the report needs, those not in the store derived in parallel
            # processes (forked here: they inherit the base rules' dealer passes and
            # optimal play's analysis of the base rules)
            label = f"deriving the charts ({len(need)})"
            step(label)
            t0 = time.perf_counter()
            for cv in derived_charts(need, workers=workers, optimal=opt, progress=lambda k, n:
                                     step(label, len(need) * k / n)):
                charts[cv.chart.rules.rules_hash] = cv
            timings[label] = time.perf_counter() - t0
            done += len(need)
        base_chart = charts.get(rules.rules_hash)
        tables: DecisionTables | None = None
        if strategy.kind == "chart":
            assert base_chart is not None
            # named as ``chart`` names it (strategy_tables/ holds that name)
            tables = dataclasses.replace(base_chart.chart.tables(), name=DERIVED_CHART_NAME)
        elif strategy.kind == "given":
            tables = strategy.tables
        a = opt if tables is None else run("exact analysis of the strategy", rules, tables)
        rt = None
        if with_return_table:
            step("return table")
            t0 = time.perf_counter()
            rt = return_table(rules, opt, tables=tables)
            timings["return table"] = time.perf_counter() - t0
            done += 3
        t0 = time.perf_counter()
        dealer = dealer_comparison(rules)
        burn = burn_statistics(a)
        timings["dealer and burn statistics"] = time.perf_counter() - t0

        variations_df = variation_table(rules, opt, specs, variation_optimal,
                                        chart=None if optimal_only else variation_chart)

    sim: SimulatedFigures | None = None
    verification: dict[str, Any] | None = None
    if verify_rounds or sim_rounds:
        label = "verification" if verify_rounds else "simulation"
        step(label)
        t0 = time.perf_counter()
        from ..engine.warmup import finish
        finish()   # a first run's second process compiling the simulator: its cache entry

        def sim_progress(k: int, n: int) -> None:
            step(label, k / n if n else 0.0)

        res: SimResult
        if verify_rounds:
            v = verify(rules, verify_rounds, seed=seed, workers=workers, analysis=a,
                       tables=tables, progress=sim_progress)
            verification = _strip_run_fields(v.to_json_dict())
            res = v.sim
        else:
            res = simulate(optimal_tables(rules, a.kept) if tables is None else tables,
                           sim_rounds, seed=seed, workers=workers, progress=sim_progress)
        sim = simulated_figures(res, seed)
        timings[label] = time.perf_counter() - t0
        done += 1
    step("done")
    summary = {**headline_figures(a), "deal_probability_total": a.deal_probability_total}
    reference = None
    if not optimal_only:
        reference = {"strategy": opt.strategy, **headline_figures(opt),
                     "cost": opt.expected_return - a.expected_return}
        if strategy.kind == "given" and base_chart is not None:
            reference["chart_expected_return"] = base_chart.figures["expected_return"]
    return Report(rules, created, a.strategy, summary, dict(a.probabilities), rt, dealer, burn,
                  dealer_overall(rules, dealer), variations_df, a.deals, sim, verification, seed,
                  a.version, timings, strategy_kind=strategy.kind,
                  strategy_source=strategy.source,
                  strategy_hash=None if tables is None else tables_hash(tables),
                  reference=reference)
