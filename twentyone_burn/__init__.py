"""Exact combinatorial analyser for 21 Burn: the few entry points a Python user needs.

Each name is imported on first use (so ``import twentyone_burn`` and the command line's
``--help`` stay fast); :mod:`twentyone_burn.rules` and friends can be imported directly too.

>>> import twentyone_burn as tb
>>> rules = tb.Rules(decks=None)                      # the rule sheet, infinite deck
>>> a = tb.analyze(rules)                             # exact, optimal play
>>> round(a.expected_return, 6), round(a.house_edge, 6)
(0.278343, -0.278343)
>>> tb.load_rules("21-burn") == tb.Rules()
True
>>> t = tb.optimal_tables(rules, a.kept)              # the same strategy as lookup tables
>>> s = tb.simulate(t, 20_000, seed=1, workers=1)     # seeded Monte Carlo of it
>>> abs(s.mean - a.expected_return) < 4 * s.se
True
>>> chart = tb.Chart.simple(rules)                     # a simple chart, valued exactly
>>> round(tb.analyze(rules, tables=chart.to_tables()).expected_return, 4)
0.1048
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from ._version import __version__

#: public name -> the module that defines it
_EXPORTS = {
    "Rules": "twentyone_burn.rules",
    "RulesError": "twentyone_burn.rules",
    "load_rules": "twentyone_burn.rules",
    "DecisionTables": "twentyone_burn.tables",
    "Analysis": "twentyone_burn.engine.results",
    "ClassicAnalysis": "twentyone_burn.engine.results",
    "analyze": "twentyone_burn.engine.game",
    "optimal_tables": "twentyone_burn.engine.game",
    "return_table": "twentyone_burn.engine.game",
    "analyze_classic": "twentyone_burn.engine.classic",
    "dealer_distribution": "twentyone_burn.engine.dealer",
    "Chart": "twentyone_burn.charts.model",
    "load_chart": "twentyone_burn.charts.files",
    "derive_chart": "twentyone_burn.charts.derive",
    "simulate": "twentyone_burn.sim",
    "verify": "twentyone_burn.verify",
    "build_report": "twentyone_burn.report",
    "write_report": "twentyone_burn.export",
    "save_chart": "twentyone_burn.export.chart_workbook",
}

__all__ = ["Analysis", "Chart", "ClassicAnalysis", "DecisionTables", "Rules", "RulesError",
           "__version__", "analyze", "analyze_classic", "build_report", "dealer_distribution",
           "derive_chart", "load_chart", "load_rules", "optimal_tables", "return_table",
           "save_chart", "simulate", "verify", "write_report"]

if TYPE_CHECKING:  # pragma: no cover
    from .charts.derive import derive_chart
    from .charts.files import load_chart
    from .charts.model import Chart
    from .engine.classic import analyze_classic
    from .engine.dealer import dealer_distribution
    from .engine.game import analyze, optimal_tables, return_table
    from .engine.results import Analysis, ClassicAnalysis
    from .export import write_report
    from .export.chart_workbook import save_chart
    from .report import build_report
    from .rules import Rules, RulesError, load_rules
    from .sim import simulate
    from .tables import DecisionTables
    from .verify import verify


def __getattr__(name: str) -> Any:
    """Import a public name on first use (PEP 562)."""
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'twentyone_burn' has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(__all__)
