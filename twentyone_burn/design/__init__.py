"""design: the design search - rule sets near a target house edge, valued exactly and ranked.

:mod:`~twentyone_burn.design.space` holds the knobs and the rule sets a search values (light:
the command line checks its input with it); :mod:`~twentyone_burn.design.search` runs the
search (the exact engine, the chart derivation, local processes or Dask, the result cache);
:mod:`~twentyone_burn.design.results` its result types, which the exporter
:mod:`twentyone_burn.export.design_table` writes. The layer of :mod:`twentyone_burn.tune`: it
uses the rules, the engine and the charts, never the command line or the exporters.

Each name is imported on first use, so importing the knobs loads no engine.

>>> from twentyone_burn.design import KNOBS
>>> "win_pays" in KNOBS
True
"""

from __future__ import annotations

import importlib
from typing import Any

__all__ = ["DEFAULT_KNOBS", "KNOBS", "DesignError", "DesignResult", "DesignRow", "design",
           "parse_knobs", "rule_sets"]

_EXPORTS = {"DEFAULT_KNOBS": "space", "KNOBS": "space", "DesignError": "space",
            "parse_knobs": "space", "rule_sets": "space", "DesignResult": "results",
            "DesignRow": "results", "design": "search"}


def __getattr__(name: str) -> Any:
    if name in _EXPORTS:
        return getattr(importlib.import_module(f"{__name__}.{_EXPORTS[name]}"), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
