"""strategy: the strategy a report certifies - optimal play, the chart, or a given strategy.

A par sheet states the house edge of one strategy. Optimal composition-dependent play is the
game's limit but no person can play it; a test lab certifies a strategy a person follows, with
optimal play as the reference line beside it. :class:`ReportStrategy` names which one a
report is for:

- ``optimal``: the engine's optimal composition-dependent play;
- ``chart``: the printed total-dependent chart derived for the rules (the chart
  ``twentyone-burn chart`` writes: ``strategy_tables/chart.xlsx`` for the standard rules);
- ``given``: a strategy read from files (a chart folder or workbook, or a short burn rule
  beside a chart), as ``--strategy PATH`` names it.

>>> ReportStrategy.parse("chart").kind, OPTIMAL.is_optimal
('chart', True)
"""

from __future__ import annotations

from dataclasses import dataclass

from ..tables import DecisionTables

__all__ = ["CHART", "KINDS", "OPTIMAL", "ReportStrategy"]

#: the strategies a report can be for
KINDS = ("optimal", "chart", "given")


@dataclass(frozen=True)
class ReportStrategy:
    """The strategy of a report: ``kind`` (one of :data:`KINDS`); for ``given``, its decision
    tables and ``source`` (what the user named, e.g. a path).

    >>> ReportStrategy.parse("best")
    Traceback (most recent call last):
    ...
    ValueError: a report's strategy is optimal, chart or a strategy's files, not 'best'
    """

    kind: str
    tables: DecisionTables | None = None
    source: str = ""

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(f"unknown report strategy kind {self.kind!r}")
        if (self.kind == "given") != (self.tables is not None):
            raise ValueError("a given strategy, and only it, comes with its tables")

    @classmethod
    def parse(cls, name: str) -> ReportStrategy:
        """``optimal`` or ``chart`` (a given strategy is :meth:`given` its tables)."""
        if name in ("optimal", "chart"):
            return cls(name, source=name)
        raise ValueError(f"a report's strategy is optimal, chart or a strategy's files, not "
                         f"{name!r}")

    @classmethod
    def given(cls, tables: DecisionTables, source: str) -> ReportStrategy:
        """A strategy read from files (``source``: where from, as the user wrote it)."""
        return cls("given", tables, source)

    @property
    def is_optimal(self) -> bool:
        """Whether the report is for optimal play (no reference line then)."""
        return self.kind == "optimal"


OPTIMAL = ReportStrategy("optimal", source="optimal")
CHART = ReportStrategy("chart", source="chart")
