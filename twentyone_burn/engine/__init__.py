"""engine: the exact combinatorial analyser - dealer, stand, player, split, burn, whole game.

Layer above the leaf modules (rules, shoe, tables, io); below charts, verification and the
report. The numba kernels live in the modules beside the typed functions that call them.

Each public name is imported on first use (PEP 562), so importing one module of the engine
(``twentyone_burn.engine.dealer`` for the ``dealer`` command, say) loads that module and what
it needs, not the whole engine and pandas.

>>> from twentyone_burn.engine import analyze
>>> from twentyone_burn.rules import Rules
>>> a = analyze(Rules(decks=None))
>>> round(a.expected_return, 6)
0.278343
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

__all__ = ["Analysis", "ClassicAnalysis", "HeadlineFigures", "analyze", "analyze_classic",
           "dealer_distribution", "optimal_tables", "return_table"]

#: public name -> the module of the engine that defines it
_EXPORTS = {
    "Analysis": "results",
    "ClassicAnalysis": "results",
    "HeadlineFigures": "results",
    "analyze": "game",
    "analyze_classic": "classic",
    "dealer_distribution": "dealer",
    "optimal_tables": "game",
    "return_table": "game",
}

if TYPE_CHECKING:  # pragma: no cover
    from .classic import analyze_classic
    from .dealer import dealer_distribution
    from .game import analyze, optimal_tables, return_table
    from .results import Analysis, ClassicAnalysis, HeadlineFigures


def __getattr__(name: str) -> Any:
    """Import a public name on first use (PEP 562)."""
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'twentyone_burn.engine' has no attribute {name!r}")
    value = getattr(importlib.import_module(f"{__name__}.{module}"), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))
