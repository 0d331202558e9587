"""engine: the exact combinatorial analyser - dealer, player, split, burn, the whole game.

Layer above the leaf modules (rules, shoe, tables, io); below charts, verification and the
report. The numba kernels live in the modules beside the typed functions that call them.

>>> from twentyone_burn.rules import Rules
>>> a = analyze(Rules(decks=None))
>>> round(a.expected_return, 6)
0.278343
"""

from .classic import analyze_classic
from .dealer import dealer_distribution
from .game import analyze, optimal_tables, return_table
from .results import Analysis, ClassicAnalysis, HeadlineFigures

__all__ = ["Analysis", "ClassicAnalysis", "HeadlineFigures", "analyze", "analyze_classic",
           "dealer_distribution", "optimal_tables", "return_table"]
