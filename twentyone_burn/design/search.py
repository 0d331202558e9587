"""search: the design search - every rule set valued exactly, in parallel, cached, ranked.

:func:`design` values the rule sets of :func:`~twentyone_burn.design.space.rule_sets` under
optimal play (:func:`~twentyone_burn.engine.game.analyze`), keeps those within the tolerance
of the target house edge, ranks them (simplest first, then nearest the target) and derives
the printable chart (:func:`~twentyone_burn.charts.derive.derive_chart`) of the best few. A
rule set that pays no more than one above the tolerance, or no less than one below it, is
proved outside it and left unvalued (:mod:`.bounds`); the valuations run in rounds, each
chosen by what the last proved, and the table is the one of every rule set valued.

Where the work runs: in this process (one worker), in local worker processes (forked, each
dying with its parent, Ctrl-C the parent's alone: the patterns of
:mod:`twentyone_burn.sim.executors`), or on a Dask cluster. Rule sets whose dealer passes are
the same (one :func:`~twentyone_burn.engine.player_burn.pass_group`: they differ only in
doubling, the split choice or resplitting aces) or differ only in the rows of the totals whose
ties lose are valued together, each pass (or row of one) computed once for them
(:func:`valuations`). Each finished valuation (or batch, in a worker) is kept in the
result cache at once, so a search that is interrupted resumes where it stopped. The
cache's key mirrors :mod:`twentyone_burn.engine.cache`'s: the package version, the rules hash,
the source of every module the figures come from (``rules.py``, ``shoe.py``, ``tables.py``,
``engine/*.py``, and ``charts/*.py`` for charts), the Python, numpy and numba versions and the
machine type. A valuation is the same computation wherever it runs (the engine's results do
not depend on its thread count), and the rows are sorted by their values and words, so the
table does not depend on the number of workers, on Dask, or on what came from the cache.
"""

from __future__ import annotations

import asyncio
import concurrent.futures as cf
import functools
import hashlib
import itertools
import math
import multiprocessing
import os
import time
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

from toolkit_cli.interrupt import at, deferred, stop_pool

from ..charts.store import worker_init
from ..engine.cache import cache_folder, read_entry, source_key, write_entry
from ..rules import Rules, shorten
from .bounds import Bounds
from .results import DesignResult, DesignRow
from .space import DesignError, RuleSet, parse_knobs, rule_sets

__all__ = ["DEFAULT_CHARTS", "DEFAULT_TOLERANCE", "chart_figures", "design", "optimal_figures",
           "valuation", "valuations"]

#: the tolerance around the target house edge when none is given
DEFAULT_TOLERANCE = 0.005
#: how many of the best rule sets get their chart derived when not told
DEFAULT_CHARTS = 10
#: the kinds of valuation: optimal play, the derived chart
KINDS = ("optimal", "chart")
_FORMAT = 1
_MAX_BYTES = 1 << 20
_SOURCES = {"optimal": ("rules.py", "shoe.py", "tables.py", "engine/*.py"),
            "chart": ("rules.py", "shoe.py", "tables.py", "engine/*.py", "charts/*.py")}


# -- one valuation -----------------------------------------------------------------------------
def optimal_figures(rules: Rules) -> dict[str, Any]:
    """The figures the table needs from the exact analysis under optimal play.

    >>> f = optimal_figures(Rules(decks=None))
    >>> round(f["house_edge"], 6), round(f["hands_per_round"], 6)
    (-0.278343, 1.263118)
    """
    from ..engine.game import analyze
    a = analyze(rules)
    p = a.probabilities
    split = p.get("forced_split", p.get("split", 0.0))
    figures = {"expected_return": a.expected_return, "house_edge": a.house_edge,
               "element_of_risk": a.element_of_risk,
               "average_total_wager": a.average_total_wager, "forced_split": split,
               "kept_hard": p["kept_hard"], "kept_soft": p["kept_soft"],
               "kept_pair": p["kept_pair"],
               "hands_per_round": (1.0 - split) + p["split_hands_per_round"]}
    return {k: float(v) for k, v in figures.items()}  # plain floats: JSON and the cache


def chart_figures(rules: Rules) -> dict[str, Any]:
    """The derived printable chart's exact expected return, optimal play's, and the
    derivation's iterations (:func:`~twentyone_burn.charts.derive.derive_chart`)."""
    from ..charts.derive import derive_chart
    d = derive_chart(rules)
    er, best = float(d.expected_return), float(d.optimal_return)
    return {"expected_return": er, "optimal_return": best, "house_edge": -er,
            "cost": best - er, "iterations": int(d.iterations),
            "best_iteration": int(d.best_iteration)}


def valuation(kind: str, rules: Rules) -> dict[str, Any]:
    """One valuation of a rule set: ``kind`` "optimal" (:func:`optimal_figures`) or "chart"
    (:func:`chart_figures`)."""
    return optimal_figures(rules) if kind == "optimal" else chart_figures(rules)


def valuations(kind: str, rules: Sequence[Rules]) -> list[dict[str, Any]]:
    """:func:`valuation` of each rule set, in order, in one block that computes each dealer
    pass once (``reuse_dealer_passes``): what a worker runs, for rule sets of one
    :func:`~twentyone_burn.engine.player_burn.pass_group` (e.g. a rule set and its variants
    that change only doubling), which then share every pass. The figures are those of one
    valuation at a time, to the bit (a pass is the same numbers whoever computes it).

    >>> [round(f["house_edge"], 6) for f in valuations("optimal", [Rules(decks=None)])]
    [-0.278343]
    """
    from ..engine.player_burn import reuse_dealer_passes
    with reuse_dealer_passes():
        return [valuation(kind, r) for r in rules]


def _batches(tasks: list[tuple[str, Rules]]) -> list[list[int]]:
    """The tasks' indices in batches a worker values together: optimal play's valuations by
    pass group of the rules with ties pushing (their dealer passes are shared, and ties that
    lose change only the payoff rows of the totals they hit, which the block shares too),
    each chart alone; largest batches first."""
    from ..engine.player_burn import pass_group
    groups: dict[tuple, list[int]] = {}
    for i, (kind, rules) in enumerate(tasks):
        key = (kind, pass_group(rules.replace(ties_lose_from=None))) if kind == "optimal" \
            else (kind, i)
        groups.setdefault(key, []).append(i)
    return sorted(groups.values(), key=len, reverse=True)


# -- the result cache --------------------------------------------------------------------------
@functools.cache
def _code_key(kind: str) -> str | None:
    return _read_code_key(kind)


def _read_code_key(kind: str) -> str | None:
    """SHA-256 of what, besides the rules, a valuation of ``kind`` depends on."""
    return source_key(_SOURCES[kind])


def _entry(kind: str, rules: Rules) -> tuple[Path, str] | None:
    folder = cache_folder()
    code = _code_key(kind) if folder is not None else None
    if folder is None or code is None:
        return None
    key = hashlib.sha256(f"{_FORMAT}\n{kind}\n{rules.rules_hash}\n{code}".encode()).hexdigest()
    return folder / f"design-{kind}-{rules.rules_hash}.json", key


def _load(kind: str, rules: Rules) -> dict[str, Any] | None:
    """A cached valuation if one is whole and carries the right key, else None."""
    entry = _entry(kind, rules)
    if entry is None:
        return None
    figures = read_entry(*entry, max_bytes=_MAX_BYTES)
    if not (isinstance(figures, dict) and all(
            isinstance(v, (int, float)) and not isinstance(v, bool) for v in figures.values())):
        return None
    return figures


def _store(kind: str, rules: Rules, figures: dict[str, Any]) -> None:
    """Keep a valuation (atomically; skipped if the cache cannot be written or the sources
    changed while it was computed)."""
    entry = _entry(kind, rules)
    if entry is None or _read_code_key(kind) != _code_key(kind):
        return
    write_entry(*entry, figures)


# -- where the valuations run ------------------------------------------------------------------
class _Workers:
    """This process, a pool of local processes or a Dask client, kept for the whole search;
    :meth:`run` yields (task index, figures) as the valuations finish."""

    def __init__(self, workers: int, scheduler: Any) -> None:
        self.workers, self.scheduler = workers, scheduler
        self._pool: cf.ProcessPoolExecutor | None = None
        self._client: Any = None
        self._own_client = False

    @property
    def where(self) -> str:
        if self.scheduler is not None:
            return f"Dask scheduler {self._address()}"
        return "this process" if self.workers <= 1 else f"{self.workers} local processes"

    def _address(self) -> str:
        s = self.scheduler
        if isinstance(s, str):
            return s
        return str(getattr(getattr(s, "scheduler", None), "address", None) or s)

    def run(self, tasks: list[tuple[str, Rules]]) -> Iterator[tuple[int, dict[str, Any]]]:
        batches = _batches(tasks)
        if self.scheduler is not None:
            yield from self._dask(tasks, batches)
        elif self.workers <= 1 or len(batches) <= 1:
            from ..engine.player_burn import reuse_dealer_passes
            for batch in batches:
                with reuse_dealer_passes():     # as valuations(), each kept as it is done
                    for i in batch:
                        yield i, valuation(*tasks[i])
        else:
            yield from self._local(tasks, batches)

    def _local(self, tasks: list[tuple[str, Rules]], batches: list[list[int]]
               ) -> Iterator[tuple[int, dict[str, Any]]]:
        if self._pool is None:
            # fork where the platform has it: the workers inherit the loaded engine
            methods = multiprocessing.get_all_start_methods()
            ctx = multiprocessing.get_context("fork" if "fork" in methods else "spawn")
            threads = max(1, (os.cpu_count() or 1) // self.workers)
            self._pool = cf.ProcessPoolExecutor(max_workers=self.workers, mp_context=ctx,
                                                initializer=worker_init,
                                                initargs=(os.getpid(), threads))
        pool = self._pool
        with deferred():    # the first submit forks the workers; a Ctrl-C meanwhile comes after
            futs = {pool.submit(valuations, tasks[batch[0]][0],
                                [tasks[i][1] for i in batch]): batch for batch in batches}
        at("pool-started")
        for f in cf.as_completed(futs):
            yield from zip(futs[f], f.result())

    def _dask(self, tasks: list[tuple[str, Rules]], batches: list[list[int]]
              ) -> Iterator[tuple[int, dict[str, Any]]]:
        try:
            from dask.distributed import Client, as_completed
        except ImportError:
            raise DesignError("--scheduler needs dask.distributed: pip install "
                              "'twentyone-burn[dist]'") from None
        if self._client is None:
            if isinstance(self.scheduler, Client):
                self._client = self.scheduler
            else:
                try:
                    self._client = Client(self.scheduler, timeout=30)
                except (OSError, TimeoutError) as e:
                    raise DesignError(f"cannot reach the Dask scheduler at "
                                      f"{shorten(self._address())} ({type(e).__name__})") \
                        from None
                self._own_client = True
        client = self._client
        futs = {client.submit(valuations, tasks[batch[0]][0], [tasks[i][1] for i in batch],
                              pure=False): batch for batch in batches}
        try:
            for f in as_completed(futs):
                try:
                    yield from zip(futs[f], f.result())
                except (cf.CancelledError, asyncio.CancelledError, OSError):
                    raise DesignError(f"lost the Dask scheduler at {self._address()}; run the "
                                      "same command again to resume from the cache") from None
        finally:
            if not all(f.done() for f in futs):
                client.cancel(list(futs))

    def close(self, finished: bool) -> None:
        """Shut the pool down (killing its workers unless the search ``finished``) and close
        a Dask client this search opened."""
        pool, self._pool = self._pool, None
        if pool is not None:
            stop_pool(pool, finished)   # not finished: the workers are killed and reaped
        if self._client is not None and self._own_client:
            try:
                with deferred():    # a second Ctrl-C does not cut the close short
                    self._client.close(timeout=5)
            except Exception:   # pragma: no cover - the scheduler is gone
                pass
        self._client = None


# -- the search --------------------------------------------------------------------------------
def _check(target_edge: float, tolerance: float, charts: int, workers: int) -> None:
    if isinstance(target_edge, bool) or not isinstance(target_edge, (int, float)) or \
            not (math.isfinite(target_edge) and -1 < target_edge < 1):
        raise DesignError(f"the target edge must be a fraction above -1 and below 1 (e.g. "
                          f"0.02 for 2%), not {shorten(target_edge)}")
    if isinstance(tolerance, bool) or not isinstance(tolerance, (int, float)) or \
            not (math.isfinite(tolerance) and 0 < tolerance < 2):
        raise DesignError(f"the tolerance must be a fraction above 0 (e.g. 0.005 for 0.5%), "
                          f"not {shorten(tolerance)}")
    if isinstance(charts, bool) or not isinstance(charts, int) or charts < 0:
        raise DesignError(f"charts must be a whole number from 0 up, not {shorten(charts)}")
    if isinstance(workers, bool) or not isinstance(workers, int) or workers < 1:
        raise DesignError(f"workers must be a whole number from 1 up, not {shorten(workers)}")


def _rank_key(target: float, s: RuleSet, f: dict[str, Any]) -> tuple[Any, ...]:
    return (len(s.changes), abs(f["house_edge"] - target), s.words, s.rules.rules_hash)


def design(base: Rules, target_edge: float, *, tolerance: float = DEFAULT_TOLERANCE,
           knobs: str | dict[str, tuple[Any, ...]] | None = None, max_changes: int = 2,
           charts: int = DEFAULT_CHARTS, workers: int | None = None, scheduler: Any = None,
           progress: Callable[[int, int, str], None] | None = None,
           use_cache: bool = True) -> DesignResult:
    """Search the rule sets that change at most ``max_changes`` of ``knobs`` from ``base``
    for those whose exact house edge under optimal play is within ``tolerance`` of
    ``target_edge``; rank them (fewest changes, then nearest the target) and derive the chart
    of the first ``charts``.

    ``knobs``: ``--knobs`` text, a dict knob -> values (:func:`~.space.parse_knobs`), or None
    for the default knobs. ``workers``: local processes (None: every core; 1: this process);
    ``scheduler``: a Dask scheduler address or ``Client`` instead. ``progress(done, total,
    step)`` after each valuation; ``use_cache``: read and write the result cache.

    >>> r = design(Rules(decks=None), -0.2, tolerance=0.1, knobs="dealer_bust_push=22",
    ...            max_changes=1, charts=0, workers=1, use_cache=False)
    >>> [(row.rank, row.rule_changes, round(row.house_edge, 4)) for row in r.rows]
    [(1, 'the rule sheet', -0.2783), (2, 'a dealer 22 pushes', -0.1582)]
    """
    n_workers = (os.cpu_count() or 1) if workers is None else workers
    _check(target_edge, tolerance, charts, n_workers)
    space = parse_knobs(knobs) if knobs is None or isinstance(knobs, str) else dict(knobs)
    sets = rule_sets(base, space, max_changes)
    t0 = time.perf_counter()
    computed = cached = 0
    done, total = 0, len(sets) + min(charts, len(sets))
    pool = _Workers(n_workers, scheduler)

    def value(kind: str, wanted: list[Rules], step: str) -> dict[str, dict[str, Any]]:
        """Figures by rules hash for every rule set of ``wanted``: cached or computed now."""
        nonlocal computed, cached, done
        out: dict[str, dict[str, Any]] = {}
        todo: dict[str, Rules] = {}
        for r in wanted:
            if r.rules_hash in out or r.rules_hash in todo:
                continue
            hit = _load(kind, r) if use_cache else None
            if hit is not None:
                out[r.rules_hash] = hit
                cached += 1
                done += 1
            else:
                todo[r.rules_hash] = r
        if progress is not None:
            progress(done, total, step)
        tasks = [(kind, r) for r in todo.values()]
        for i, figures in pool.run(tasks):
            r = tasks[i][1]
            out[r.rules_hash] = figures
            if use_cache:
                _store(kind, r, figures)
            computed += 1
            done += 1
            if progress is not None:
                progress(done, total, step)
            at("chunk-done")
        return out

    def optimal() -> tuple[dict[str, dict[str, Any]], dict[str, tuple[str, Rules]]]:
        """Every rule set valued or proved outside the tolerance (:mod:`.bounds`): the
        cached valuations first, then rounds of the valuations :meth:`~.bounds.Bounds.probes`
        chooses, each round's proofs settling what it can."""
        nonlocal cached, done
        every = list(dict.fromkeys(s.rules for s in sets))
        found: dict[str, dict[str, Any]] = {}
        for r in every if use_cache else ():
            hit = _load("optimal", r)
            if hit is not None:
                found[r.rules_hash] = hit
                cached += 1
                done += 1
        bounds = Bounds(every, target_edge - tolerance, target_edge + tolerance)
        proved: dict[str, tuple[str, Rules]] = {}
        while True:
            pending = []
            for r in every:
                if r.rules_hash in found or r.rules_hash in proved:
                    continue
                why = bounds.outside(r, found)
                if why is None:
                    pending.append(r)
                else:
                    proved[r.rules_hash] = why
                    done += 1
            if not pending:
                return found, proved
            found.update(value("optimal", bounds.probes(pending, found), "optimal play"))

    finished = False
    timings: dict[str, float] = {}
    try:
        opt, proved = optimal()
        timings["optimal play"] = time.perf_counter() - t0
        within = [s for s in sets if s.rules.rules_hash in opt and
                  abs(opt[s.rules.rules_hash]["house_edge"] - target_edge) <= tolerance]
        within.sort(key=lambda s: _rank_key(target_edge, s, opt[s.rules.rules_hash]))
        total = done + min(charts, len(within))
        t1 = time.perf_counter()
        chart = value("chart", [s.rules for s in within[:charts]], "charts") if charts else {}
        if charts:
            timings["charts"] = time.perf_counter() - t1
        finished = True
    finally:
        pool.close(finished)
    words = {s.rules.rules_hash: s.words for s in sets}
    outside = tuple((s.rules.rules_hash, s.words, proved[s.rules.rules_hash][0],
                     proved[s.rules.rules_hash][1].rules_hash,
                     words[proved[s.rules.rules_hash][1].rules_hash])
                    for s in sets if s.rules.rules_hash in proved)
    rank_of = {frozenset(s.changes): rank for rank, s in enumerate(within, 1)}
    rows = []
    for rank, s in enumerate(within, 1):
        parts = [rank_of[frozenset(c)] for n in range(len(s.changes))
                 for c in itertools.combinations(s.changes, n) if frozenset(c) in rank_of]
        f = opt[s.rules.rules_hash]
        c = chart.get(s.rules.rules_hash) if rank <= charts else None
        rows.append(DesignRow(
            rank=rank, changes=len(s.changes), rule_changes=s.words, toml_keys=s.toml,
            rules=s.rules, house_edge=f["house_edge"], element_of_risk=f["element_of_risk"],
            expected_return=f["expected_return"], average_total_wager=f["average_total_wager"],
            forced_split=f["forced_split"], kept_hard=f["kept_hard"], kept_soft=f["kept_soft"],
            kept_pair=f["kept_pair"], hands_per_round=f["hands_per_round"],
            chart_house_edge=None if c is None else c["house_edge"],
            chart_cost=None if c is None else c["cost"], includes=min(parts, default=None)))
    return DesignResult(base=base, target_edge=float(target_edge), tolerance=float(tolerance),
                        knobs=space, max_changes=max_changes, charts=charts, rows=tuple(rows),
                        searched=len(sets), computed=computed, cached=cached,
                        proved_outside=outside,
                        seconds=time.perf_counter() - t0, where=pool.where, timings=timings)
