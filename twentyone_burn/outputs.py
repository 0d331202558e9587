"""outputs: the names of the files the commands write - the chart's set, the report's stem, the
protection report's figures - in a module that imports only the rules, so that an existing
output (without ``--force``) is refused before the engine, numba or the writers are imported.

Leaf layer (beside :mod:`twentyone_burn.io`): the exporters and the report name their files
from here; the command line checks the same names before any work.

>>> [str(p) for p in chart_paths("tables") + chart_paths("x/my.xlsx")]
['tables/chart.xlsx', 'tables', 'x/my.xlsx', 'x']
>>> chart_files("tables")[0].name, len(chart_files("tables"))
('chart.xlsx', 9)
>>> report_stem(Rules(), "optimal")
'21burn-standard-optimal'
"""

from __future__ import annotations

from pathlib import Path

from .rules import Rules

__all__ = ["CHART_CSV_FILES", "CHART_EXTRA_FILES", "PROTECTION_FIGURES", "chart_files",
           "chart_paths", "report_stem"]

#: the chart's CSV files, one per table: their one home (``charts.files.CSV_FILES`` is this
#: tuple; the charts package imports the engine, so the command line reads it here before
#: any work)
CHART_CSV_FILES = ("burn.csv", "hard.csv", "soft.csv", "resplit.csv")
#: the files ``chart`` writes beside the CSVs: its rules and metadata, the short burn rule and
#: the strategy card
CHART_EXTRA_FILES = ("rules.toml", "chart.json", "burn-rule.txt", "card.pdf")
#: the figure files the protection report writes (when the results hold a table by true count)
PROTECTION_FIGURES = ("protection-ev-by-true-count.svg", "protection-true-count-frequency.svg")


def chart_paths(out: str | Path) -> tuple[Path, Path]:
    """(workbook, CSV folder) for an output path: a path ending in .xlsx names the workbook and
    the CSVs go beside it; any other path is a folder that gets chart.xlsx and the CSVs.

    >>> [str(p) for p in chart_paths("tables") + chart_paths("x/my.xlsx")]
    ['tables/chart.xlsx', 'tables', 'x/my.xlsx', 'x']
    """
    p = Path(out)
    if p.suffix.lower() == ".xlsx":
        return p, p.parent
    return p / "chart.xlsx", p


def chart_files(out: str | Path) -> list[Path]:
    """Every file ``chart --out OUT`` writes: the workbook, the CSVs, the rules, the metadata,
    the short burn rule and the strategy card.

    >>> [p.name for p in chart_files("x/my.xlsx")][:3]
    ['my.xlsx', 'burn.csv', 'hard.csv']
    """
    xlsx, folder = chart_paths(out)
    return [xlsx, *(folder / n for n in (*CHART_CSV_FILES, *CHART_EXTRA_FILES))]


def report_stem(rules: Rules, strategy: str = "chart", tables_hash: str | None = None) -> str:
    """File name stem of a report: ``21burn-standard`` for the rule sheet's game, else
    ``21burn-`` and the first 12 hex digits of the rules hash; then, for the report of
    optimal play ``-optimal``, for a given strategy ``-strategy-`` and the first 12 hex
    digits of its tables hash (the chart's report, the par sheet, has no suffix).

    >>> report_stem(Rules()), report_stem(Rules(decks=None))[:7]
    ('21burn-standard', '21burn-')
    >>> report_stem(Rules(), "optimal"), report_stem(Rules(), "given", "ab" * 32)
    ('21burn-standard-optimal', '21burn-standard-strategy-abababababab')
    """
    stem = "21burn-standard" if rules == Rules() else f"21burn-{rules.rules_hash[:12]}"
    if strategy == "optimal":
        return stem + "-optimal"
    if strategy == "given":
        if tables_hash is None:
            raise ValueError("a given strategy's report is named by its tables hash")
        return f"{stem}-strategy-{tables_hash[:12]}"
    return stem
