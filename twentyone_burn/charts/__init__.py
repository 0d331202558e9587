"""charts: the printable strategy chart - its model, its derivation from exact values, its files.

>>> from twentyone_burn.rules import Rules
>>> Chart.simple(Rules()).hard.loc[11, "6"]
'D'
"""

from .derive import DerivedChart, derive_chart
from .files import load_chart
from .model import Chart, ChartError

__all__ = ["Chart", "ChartError", "DerivedChart", "derive_chart", "load_chart"]
