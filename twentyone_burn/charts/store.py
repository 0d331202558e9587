"""store: the derived chart of a rules object, kept on disk once derived.

Deriving a chart (:func:`~twentyone_burn.charts.derive.derive_chart`) takes several exact
valuations of a whole game (a few seconds at six decks); a par sheet for the chart values one
per rule variation, and ``chart`` derives the same chart again every time it runs. So
:func:`derived_chart` keeps each derived chart, with the exact headline figures of the chart
played under its rules and of optimal play (which the derivation starts from), in the result
cache of :mod:`twentyone_burn.engine.cache`
(``chart-<rules hash>.json``). The entry's key is the SHA-256 of the package version, the
rules hash, every module the chart comes from (``rules.py``, ``shoe.py``, ``tables.py``,
``engine/*.py``, ``charts/*.py``), Python, numpy, numba and the machine type: an entry made by
other code or for other rules is never used. The derivation is deterministic and JSON keeps
every float64 bit, so a hit gives the very chart and figures a miss computes; a damaged entry
is recomputed and rewritten without a word, and a cache that cannot be written is skipped.
``TWENTYONE_BURN_CACHE=off`` turns the cache off.

>>> import os
>>> from unittest import mock
>>> with mock.patch.dict(os.environ, {"TWENTYONE_BURN_CACHE": "/tmp/charts"}):
...     path, key = _entry(Rules())
>>> str(path)[:25], len(key)          # (tests/charts/test_store.py derives and reads some)
('/tmp/charts/chart-e4f96ba', 64)
"""

from __future__ import annotations

import concurrent.futures as cf
import functools
import hashlib
import multiprocessing
import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from toolkit_cli.interrupt import at, deferred, ignore_in_worker, stop_pool

from ..engine.cache import cache_folder, read_entry, source_key, write_entry
from ..engine.results import Analysis
from ..rules import Rules
from ..shoe import NRANKS
from ..sim.executors import die_with_parent
from .derive import DerivedChart, derive_and_analyze
from .model import HARD_TOTALS, SOFT_TOTALS

__all__ = ["ChartValuation", "chart_figures", "derived_chart", "derived_charts", "worker_init"]

_FORMAT = 2
_MAX_BYTES = 1 << 20
#: the modules a derived chart comes from, relative to the package
_SOURCES = ("rules.py", "shoe.py", "tables.py", "engine/*.py", "charts/*.py")
#: the headline figures kept with a chart
_FIGURES = ("expected_return", "house_edge", "element_of_risk", "average_total_wager")


@dataclass(frozen=True)
class ChartValuation:
    """A derived chart and the exact headline figures of the chart played under its rules.

    figures: expected_return, house_edge, element_of_risk, average_total_wager (per initial
    wager; from :func:`~twentyone_burn.engine.game.analyze` with the chart's tables);
    optimal: the same figures of optimal play under the rules (``analyze(rules)``, the
    derivation's start); from_cache: whether the chart was read from the store, not derived
    now.
    """

    chart: DerivedChart
    figures: dict[str, float]
    optimal: dict[str, float]
    from_cache: bool = False


def chart_figures(analysis: Analysis) -> dict[str, float]:
    """The headline figures kept with a chart, as plain floats.

    >>> from types import SimpleNamespace as NS
    >>> chart_figures(NS(expected_return=0.1, house_edge=-0.1, element_of_risk=-0.08,
    ...                  average_total_wager=1.25))["average_total_wager"]
    1.25
    """
    return {k: float(getattr(analysis, k)) for k in _FIGURES}


@functools.cache
def _code_key() -> str | None:
    return source_key(_SOURCES)


def _entry(rules: Rules) -> tuple[Path, str] | None:
    folder = cache_folder()
    code = _code_key() if folder is not None else None
    if folder is None or code is None:
        return None
    key = hashlib.sha256(f"{_FORMAT}\nchart\n{rules.rules_hash}\n{code}".encode()).hexdigest()
    return folder / f"chart-{rules.rules_hash}.json", key


def _encode(v: ChartValuation) -> dict[str, Any]:
    c = v.chart
    return {"hard": c.hard.tolist(), "soft": c.soft.tolist(), "resplit": c.resplit.tolist(),
            "burn_values": c.burn_values.tolist(), "expected_return": c.expected_return,
            "optimal_return": c.optimal_return, "best_iteration": c.best_iteration,
            "iterations": c.iterations, "figures": v.figures, "optimal": v.optimal}


def _decode(rules: Rules, body: Any) -> ChartValuation | None:
    """The stored valuation, or None if the body is not one (of the right shapes)."""
    try:
        hard = np.array(body["hard"], dtype=np.int64)
        soft = np.array(body["soft"], dtype=np.int64)
        resplit = np.array(body["resplit"], dtype=np.bool_)
        burn = np.array(body["burn_values"], dtype=np.float64)
        figures = {k: float(body["figures"][k]) for k in _FIGURES}
        optimal = {k: float(body["optimal"][k]) for k in _FIGURES}
        chart = DerivedChart(rules, hard, soft, resplit, burn, float(body["expected_return"]),
                             float(body["optimal_return"]), int(body["best_iteration"]),
                             int(body["iterations"]))
    except (KeyError, TypeError, ValueError):
        return None
    shapes = ((hard, (NRANKS, len(HARD_TOTALS))), (soft, (NRANKS, len(SOFT_TOTALS))),
              (resplit, (NRANKS, NRANKS)), (burn, (NRANKS, NRANKS, NRANKS)))
    if any(a.shape != s for a, s in shapes) or hard.min() < 0 or hard.max() > 3 \
            or soft.min() < 0 or soft.max() > 3:
        return None
    return ChartValuation(chart, figures, optimal, from_cache=True)


def derived_chart(rules: Rules, *, optimal: Analysis | None = None,
                  progress: Callable[[int, float], None] | None = None,
                  use_cache: bool = True) -> ChartValuation:
    """The chart :func:`~twentyone_burn.charts.derive.derive_chart` derives for ``rules``, with
    its exact headline figures; read from the store when it holds it, else derived, valued
    and kept.

    optimal: optimal play's analysis of these rules, when already run (saves one analysis on
    a miss); progress(iteration, expected return): the derivation's progress (a miss only).
    """
    entry = _entry(rules) if use_cache else None
    if entry is not None:
        hit = _decode(rules, read_entry(*entry, max_bytes=_MAX_BYTES))
        if hit is not None:
            return hit
    # the chart's own analysis reuses what the derivation computed (its last valuation)
    v = derive_and_analyze(rules, progress, optimal=optimal)
    out = ChartValuation(v.chart, chart_figures(v.analysis), chart_figures(v.optimal))
    if entry is not None:
        _keep(entry, out)
    return out


def _keep(entry: tuple[Path, str], v: ChartValuation) -> None:
    # kept unless the sources changed while it was derived (the key would not be theirs)
    if source_key(_SOURCES) == _code_key():
        write_entry(*entry, _encode(v))


def worker_init(parent: int, threads: int) -> None:
    """Start a local worker process of an engine pool (the charts here, the design search's
    valuations): it dies with ``parent``, runs the engine on ``threads`` threads unless
    ``TWENTYONE_BURN_THREADS`` says otherwise, and leaves Ctrl-C to the parent.

    >>> callable(worker_init)     # (run in a pool's initializer; tests/charts/test_store.py)
    True
    """
    ignore_in_worker()
    die_with_parent(parent)
    # the engine's threads share the cores with the other workers
    os.environ.setdefault("TWENTYONE_BURN_THREADS", str(threads))


#: optimal play's analyses the parent had before it forked the workers (by rules hash)
_INHERITED: dict[str, Analysis] = {}


def _derive_in_worker(rules: Rules) -> ChartValuation:
    # the parent reads and writes the store
    return derived_chart(rules, optimal=_INHERITED.get(rules.rules_hash), use_cache=False)


def derived_charts(rules: Sequence[Rules], *, workers: int = 1, optimal: Analysis | None = None,
                   progress: Callable[[int, int], None] | None = None) -> list[ChartValuation]:
    """:func:`derived_chart` of each rules object, in order: the store's where it holds them,
    the others derived in ``workers`` local processes at once.

    A derivation is mostly Python between short kernels, so two processes with one engine
    thread each derive two charts about 1.6 times as fast as one process with two threads
    (benchmarks/engine.py). The workers are forked (they inherit the loaded engine, the
    dealer passes already computed in a ``reuse_dealer_passes`` block and ``optimal``,
    optimal play's analysis of one of the rules objects, when given), die with this process
    and ignore Ctrl-C, which stops the pool here; each chart is the same whichever process
    derives it. Where there is no fork (or ``workers`` is 1) the charts are derived here, one
    after another. progress(done, total) is called as the charts are ready.

    >>> derived_charts([], workers=2)     # (tests/charts/test_store.py derives some)
    []
    """
    out: dict[int, ChartValuation] = {}
    todo: list[int] = []
    for i, r in enumerate(rules):
        entry = _entry(r)
        hit = _decode(r, read_entry(*entry, max_bytes=_MAX_BYTES)) if entry else None
        if hit is not None:
            out[i] = hit
        else:
            todo.append(i)
    known = {} if optimal is None else {optimal.rules.rules_hash: optimal}

    def finished(i: int, v: ChartValuation) -> None:
        out[i] = v
        entry = _entry(rules[i])
        if entry is not None:
            _keep(entry, v)
        if progress is not None:
            progress(len(out), len(rules))

    if workers <= 1 or len(todo) <= 1 or "fork" not in multiprocessing.get_all_start_methods():
        for i in todo:
            finished(i, derived_chart(rules[i], optimal=known.get(rules[i].rules_hash),
                                      use_cache=False))
        return [out[i] for i in range(len(rules))]
    n = min(workers, len(todo))
    pool = cf.ProcessPoolExecutor(n, mp_context=multiprocessing.get_context("fork"),
                                  initializer=worker_init,
                                  initargs=(os.getpid(), max(1, (os.cpu_count() or 1) // n)))
    ok = False
    try:
        _INHERITED.update(known)    # the workers are forked as the tasks are submitted
        try:
            with deferred():        # a Ctrl-C while they are forked comes after
                futures = {pool.submit(_derive_in_worker, rules[i]): i for i in todo}
        finally:
            _INHERITED.clear()
        at("pool-started")
        for f in cf.as_completed(futures):
            finished(futures[f], f.result())
        ok = True
    finally:
        stop_pool(pool, ok)     # Ctrl-C or an error: the workers are not left deriving
    return [out[i] for i in range(len(rules))]
