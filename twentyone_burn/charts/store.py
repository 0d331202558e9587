"""store: the derived chart of a rules object, kept on disk once derived.

Deriving a chart (:func:`~twentyone_burn.charts.derive.derive_chart`) takes five or six exact
valuations of a whole game (about 25 s at six decks); a par sheet for the chart values one per
rule variation, and ``chart`` derives the same chart again every time it runs. So
:func:`derived_chart` keeps each derived chart, with the exact headline figures of the chart
played under its rules, in the result cache of :mod:`twentyone_burn.engine.cache`
(``chart-<rules hash>.json``). The entry's key is the SHA-256 of the package version, the
rules hash, every module the chart comes from (``rules.py``, ``shoe.py``, ``tables.py``,
``engine/*.py``, ``charts/*.py``), Python, numpy, numba and the machine type: an entry made by
other code or for other rules is never used. The derivation is deterministic and JSON keeps
every float64 bit, so a hit gives the very chart and figures a miss computes; a damaged entry
is recomputed and rewritten without a word, and a cache that cannot be written is skipped.
``TWENTYONE_BURN_CACHE=off`` turns the cache off.

>>> import os
>>> from unittest import mock
>>> with mock.patch.dict(os.environ, {"TWENTYONE_BURN_CACHE": "off"}):
...     v = derived_chart(Rules(decks=None))
>>> bool(abs(v.figures["expected_return"] - v.chart.expected_return) < 1e-14)  # two sums
True
"""

from __future__ import annotations

import functools
import hashlib
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from ..engine.cache import cache_folder, read_entry, source_key, write_entry
from ..engine.results import Analysis
from ..rules import Rules
from ..shoe import NRANKS
from .derive import DerivedChart, derive_chart
from .model import HARD_TOTALS, SOFT_TOTALS

__all__ = ["ChartValuation", "chart_figures", "derived_chart"]

_FORMAT = 1
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
    from_cache: whether the chart was read from the store, not derived now.
    """

    chart: DerivedChart
    figures: dict[str, float]
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
            "iterations": c.iterations, "figures": v.figures}


def _decode(rules: Rules, body: Any) -> ChartValuation | None:
    """The stored valuation, or None if the body is not one (of the right shapes)."""
    try:
        hard = np.array(body["hard"], dtype=np.int64)
        soft = np.array(body["soft"], dtype=np.int64)
        resplit = np.array(body["resplit"], dtype=np.bool_)
        burn = np.array(body["burn_values"], dtype=np.float64)
        figures = {k: float(body["figures"][k]) for k in _FIGURES}
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
    return ChartValuation(chart, figures, from_cache=True)


def derived_chart(rules: Rules, *, optimal: Analysis | None = None,
                  progress: Callable[[int, float], None] | None = None,
                  use_cache: bool = True) -> ChartValuation:
    """The chart :func:`~twentyone_burn.charts.derive.derive_chart` derives for ``rules``, with
    its exact headline figures; read from the store when it holds it, else derived, valued
    and kept.

    optimal: optimal play's analysis of these rules, when already run (saves one analysis on
    a miss); progress(iteration, expected return): the derivation's progress (a miss only).
    """
    from ..engine.game import analyze
    entry = _entry(rules) if use_cache else None
    if entry is not None:
        hit = _decode(rules, read_entry(*entry, max_bytes=_MAX_BYTES))
        if hit is not None:
            return hit
    d = derive_chart(rules, progress=progress, optimal=optimal)
    v = ChartValuation(d, chart_figures(analyze(rules, tables=d.tables())))
    # keep it unless the sources changed while it was derived (the key would not be theirs)
    if entry is not None and source_key(_SOURCES) == _code_key():
        write_entry(*entry, _encode(v))
    return v
