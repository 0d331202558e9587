"""design_table: a design search's ranked table as CSV, JSON and an xlsx workbook, and the
rules file of every rule set in it.

The writer lays out what :class:`~twentyone_burn.design.results.DesignResult` holds and never
computes a figure. Every file names its provenance: the package version, the base rules (as
canonical JSON) and their hash; each rules file also its own hash (a ``# rules hash:`` line,
which :meth:`~twentyone_burn.rules.Rules.from_toml` checks). :func:`write_design` writes the
whole set all or none (:func:`twentyone_burn.io.write_files`).

>>> FILES
('design.csv', 'design.json', 'design.xlsx')
"""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..io import reproducible_zip, source_date, write_files

if TYPE_CHECKING:  # pragma: no cover
    from ..design.results import DesignResult, DesignRow

__all__ = ["FILES", "output_names", "render_csv", "render_files", "render_json", "render_rules",
           "render_xlsx", "write_design"]

#: the table's files in the output folder (the rules files go in ``rules/``)
FILES = ("design.csv", "design.json", "design.xlsx")

_HEADINGS = {
    "rank": "rank", "changes": "changes", "rule_changes": "rule changes",
    "toml_keys": "rules-file keys", "includes": "includes rank", "house_edge": "house edge",
    "element_of_risk": "element of risk", "chart_house_edge": "chart house edge",
    "chart_cost": "chart cost", "forced_split": "forced split",
    "kept_hard": "kept hard", "kept_soft": "kept soft", "kept_pair": "kept pair",
    "hands_per_round": "hands per round", "average_total_wager": "average total wager",
    "expected_return": "expected return", "rules_hash": "rules hash",
    "rules_file": "rules file",
}
_PERCENT = {"house_edge", "element_of_risk", "chart_house_edge", "chart_cost"}
_FRACTION = {"forced_split", "kept_hard", "kept_soft", "kept_pair"}


def output_names(result: DesignResult) -> list[str]:
    """Every file the search's output folder gets, relative to it.

    >>> from twentyone_burn.design.results import DesignResult
    >>> from twentyone_burn.rules import Rules
    >>> output_names(DesignResult(Rules(), 0.02, 0.005, {}, 2, 0, (), 1, 1, 0, 0.0, "here"))
    ['design.csv', 'design.json', 'design.xlsx']
    """
    return [*FILES, *(row.rules_file for row in result.rows)]


def _provenance(result: DesignResult) -> list[str]:
    s = result
    return [f"21 Burn design search (twentyone-burn {s.version})",
            f"base rules: {s.base.canonical_json()}",
            f"base rules hash: {s.base.rules_hash}",
            f"target house edge {s.target_edge!r}, tolerance {s.tolerance!r}, at most "
            f"{s.max_changes} changes of: {', '.join(s.knobs)}; {s.searched} rule sets "
            f"searched, {len(s.rows)} within tolerance, charts derived for the first "
            f"{min(s.charts, len(s.rows))}",
            "figures: exact, per initial wager, under optimal play (chart columns: the "
            "derived printable chart)"]


def _cell(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, float):
        return repr(value)
    return str(value)


def render_csv(result: DesignResult) -> str:
    """The table as CSV: ``#`` provenance lines, a header of :data:`COLUMNS`, one row a rule
    set (numbers exact: the shortest text that reads back as the same float)."""
    from ..design.results import COLUMNS
    buf = io.StringIO()
    for line in _provenance(result):
        buf.write(f"# {line}\n")
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(COLUMNS)
    for row in result.rows:
        w.writerow([_cell(getattr(row, c)) for c in COLUMNS])
    return buf.getvalue()


def render_json(result: DesignResult) -> str:
    """The table as one JSON object: provenance, the search, the columns and the rows."""
    from ..design.results import COLUMNS
    data = {"provenance": {"tool": f"twentyone-burn {result.version}",
                           "version": result.version, "base_rules": result.base.to_dict(),
                           "base_rules_hash": result.base.rules_hash},
            "search": result.search_record(), "columns": list(COLUMNS),
            "rows": [row.record() for row in result.rows]}
    return json.dumps(data, indent=2) + "\n"


def render_rules(result: DesignResult, row: DesignRow) -> str:
    """The rules file of one row: provenance comments, the options, its rules hash."""
    r = row.rules
    head = [f"# rank {row.rank} of a 21 Burn design search (twentyone-burn {result.version}): "
            f"{row.rule_changes}",
            f"# house edge {row.house_edge!r} under optimal play"
            + ("" if row.chart_house_edge is None else
               f"; {row.chart_house_edge!r} with the derived chart"),
            f"# base rules hash {result.base.rules_hash}; changes: {row.toml_keys or 'none'}"]
    return "\n".join(head) + "\n" + r.to_toml() + f"# rules hash: {r.rules_hash}\n"


def render_xlsx(result: DesignResult) -> bytes:
    """The table as a workbook: sheet Design (the identity lines, then the table, percentages
    shown as percentages), sheet Search (the search's question and run)."""
    from openpyxl import Workbook
    from openpyxl.styles import Alignment, Font
    from openpyxl.utils import get_column_letter

    from ..design.results import COLUMNS
    from .xlsx import number_format, page_setup, text_width

    wb = Workbook()
    when = source_date()
    if when is not None:  # SOURCE_DATE_EPOCH: byte-identical workbooks
        wb.properties.created = wb.properties.modified = when.replace(tzinfo=None)
    wb.properties.title = "21 Burn design search"
    wb.properties.creator = f"twentyone-burn {result.version}"
    wb.properties.description = f"base rules hash {result.base.rules_hash}"
    ws = wb.active
    ws.title = "Design"
    lines = _provenance(result)
    for i, line in enumerate(lines, 1):
        ws.cell(i, 1, line).font = Font(name="Calibri", size=11, bold=i == 1)
    head = len(lines) + 2
    widths = [0.0] * len(COLUMNS)
    for j, c in enumerate(COLUMNS, 1):
        cell = ws.cell(head, j, _HEADINGS[c])
        cell.font = Font(name="Calibri", size=11, bold=True)
        cell.alignment = Alignment(wrap_text=True, vertical="top")
        widths[j - 1] = max(8.0, min(text_width(_HEADINGS[c], bold=True) + 2, 16.0))
    for i, row in enumerate(result.rows, head + 1):
        for j, c in enumerate(COLUMNS, 1):
            value = getattr(row, c)
            cell = ws.cell(i, j, value)
            cell.font = Font(name="Calibri", size=11)
            if c in _PERCENT and value is not None:
                cell.number_format = number_format("percent")
            elif c in _FRACTION or c in ("hands_per_round", "average_total_wager"):
                cell.number_format = number_format("short")
            elif c == "expected_return":
                cell.number_format = number_format("signed")
            if c in ("rule_changes", "toml_keys"):
                cell.alignment = Alignment(wrap_text=True, vertical="top")
            shown = len(str(value)) if c not in _PERCENT | _FRACTION else 11
            widths[j - 1] = max(widths[j - 1], min(shown + 2.0, 48.0))
    for j, w in enumerate(widths, 1):
        ws.column_dimensions[get_column_letter(j)].width = w
    ws.freeze_panes = ws.cell(head + 1, 4)
    page_setup(ws, landscape=True, title_rows=f"{head}:{head}", footer="design search")

    meta = wb.create_sheet("Search")
    meta.cell(1, 1, lines[0]).font = Font(name="Calibri", size=11, bold=True)
    for i, (k, v) in enumerate(result.search_record().items(), 3):
        meta.cell(i, 1, k).font = Font(name="Calibri", size=11, bold=True)
        text = v if isinstance(v, (int, float, str)) else json.dumps(v, sort_keys=False)
        meta.cell(i, 2, text).alignment = Alignment(wrap_text=True, vertical="top")
    meta.column_dimensions["A"].width = 22
    meta.column_dimensions["B"].width = 100
    page_setup(meta, landscape=False, footer="design search")
    buf = io.BytesIO()
    wb.save(buf)
    return reproducible_zip(buf.getvalue())


def render_files(result: DesignResult) -> dict[str, bytes]:
    """Name (relative to the output folder) -> content of every file of the search."""
    files = {"design.csv": render_csv(result).encode(),
             "design.json": render_json(result).encode(),
             "design.xlsx": render_xlsx(result)}
    for row in result.rows:
        files[row.rules_file] = render_rules(result, row).encode()
    return files


def write_design(result: DesignResult, out_dir: str | Path) -> list[Path]:
    """Render every file of the search and write them into ``out_dir`` all or none."""
    d = Path(out_dir)
    return write_files({d / name: data for name, data in render_files(result).items()})
