"""files: reading a chart from its files - a folder of CSVs or an xlsx workbook.

Files: a folder of CSVs (``burn.csv``, ``hard.csv``, ``soft.csv``, ``resplit.csv``, plus
``rules.toml`` and ``chart.json``) and an xlsx workbook (sheets Burn, Hard, Soft, Resplit,
Rules, and Summary when the chart's value is known), both written by
:mod:`twentyone_burn.export.chart_workbook`. Both read back to exactly the chart written; a bad
file raises :class:`~twentyone_burn.charts.model.ChartError` naming the file, sheet, cell and
the problem.
"""

from __future__ import annotations

import csv
import io
import json
import math
import zipfile
import zlib
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pandas as pd

from .._version import __version__
from ..io import read_settled
from ..notation import KEPT_HANDS, kept_kind
from ..outputs import CHART_CSV_FILES
from ..rules import Rules, RulesError
from .model import (
    ACTIONS,
    HARD_TOTALS,
    LEGEND,
    PAIRS,
    SOFT_TOTALS,
    SPLIT_MARKS,
    UP_COLUMNS,
    Chart,
    ChartError,
)

__all__ = ["CSV_FILES", "CSV_OF", "HEADER_ROW", "SHEETS", "SHEET_OF", "SPECS", "csv_texts",
           "load_chart", "read_csv_dir", "read_xlsx"]


CSV_FILES = CHART_CSV_FILES     # named where the command line can read them without the engine
SHEETS = ("Burn", "Hard", "Soft", "Resplit", "Rules", "Summary")
HEADER_ROW = 3  # xlsx: title, subtitle, then the header row


# -- reading tables (shared by CSV and xlsx) -------------------------------------------------------
@dataclass(frozen=True)
class _Spec:
    """One table of a chart file: what its header says and how its cells parse."""

    table: str          # the Chart attribute
    label_header: str   # first header cell
    labels: tuple
    extra: tuple[str, ...] = ()

    def label(self, raw: Any) -> Any:
        text = _text(raw)
        if self.table in ("hard", "soft"):
            try:
                value = int(float(text)) if text and float(text).is_integer() else None
            except ValueError:
                value = None
            return value if value in self.labels else None
        text = text.upper()
        if self.table == "burn_values" and len(text) == 2 and text not in self.labels:
            text = text[::-1]  # "TA" is A-T: accept either order of the two cards
        return text if text in self.labels else None

    def cell(self, raw: Any) -> Any:
        """The parsed cell, or raise ValueError with what is wrong."""
        if self.table == "burn_values":
            if isinstance(raw, bool):
                raise ValueError(f"{raw!r} is not a number")
            if isinstance(raw, (int, float)):
                x = float(raw)
            else:
                try:
                    x = float(_text(raw))
                except ValueError:
                    raise ValueError(f"{_text(raw)!r} is not a number") from None
            if not math.isfinite(x):
                raise ValueError(f"{_text(raw)!r} is not a finite number")
            return x
        allowed = SPLIT_MARKS if self.table == "resplit" else ACTIONS
        text = _text(raw)
        for a in allowed:
            if text.upper() == a.upper():
                return a
        what = "mark" if self.table == "resplit" else "action"
        raise ValueError(f"unknown {what} {text!r}; expected one of {', '.join(allowed)}")


SPECS = {
    "burn_values": _Spec("burn_values", "hand", KEPT_HANDS, ("kind",)),
    "hard": _Spec("hard", "hard", HARD_TOTALS),
    "soft": _Spec("soft", "soft", SOFT_TOTALS),
    "resplit": _Spec("resplit", "pair", PAIRS),
}
CSV_OF = dict(zip(SPECS, CSV_FILES))
SHEET_OF = dict(zip(SPECS, SHEETS))


def _text(raw: Any) -> str:
    return "" if raw is None else str(raw).strip()


def _col_letter(c: int) -> str:
    s = ""
    c += 1
    while c:
        c, rem = divmod(c - 1, 26)
        s = chr(65 + rem) + s
    return s


def _parse_table(rows: list[list[Any]], spec: _Spec,
                 where: Callable[[int, int], str]) -> pd.DataFrame:
    """Cells of one table from its rows (header first); ``where(r, c)`` names a cell."""
    header = [spec.label_header, *spec.extra, *UP_COLUMNS]
    first = len(spec.extra) + 1
    got = list(rows[0]) if rows else []
    for c, want in enumerate(header):
        have = _text(got[c]) if c < len(got) else ""
        if have.upper() != want.upper():
            what = "missing header" if not have else f"header {have!r}"
            raise ChartError(f"{where(0, c)}: {what}, expected {want!r} "
                             f"(the header row is {', '.join(header)})")
    cells: dict[Any, list[Any]] = {}
    seen: dict[Any, int] = {}
    for r in range(1, len(rows)):
        row = list(rows[r])
        if not any(_text(x) for x in row):
            continue
        label = spec.label(row[0] if row else None)
        if label is None:
            raise ChartError(f"{where(r, 0)}: unknown row {_text(row[0])!r}; rows are "
                             f"{spec.labels[0]} to {spec.labels[-1]}")
        if label in seen:
            raise ChartError(f"{where(r, 0)}: row {label!r} appears twice "
                             f"(first at {where(seen[label], 0)})")
        seen[label] = r
        if spec.extra:  # the kind column of the burn table, a reading aid checked for sense
            kind = _text(row[1]) if len(row) > 1 else ""
            if kind.lower() != kept_kind(label):
                raise ChartError(f"{where(r, 1)}: kind {kind!r} for {label}, expected "
                                 f"{kept_kind(label)!r}")
        values = []
        for k, col in enumerate(UP_COLUMNS):
            c = first + k
            raw = row[c] if c < len(row) else None
            if not _text(raw):
                raise ChartError(f"{where(r, c)}: missing cell (row {label}, up card {col})")
            try:
                values.append(spec.cell(raw))
            except ValueError as e:
                raise ChartError(f"{where(r, c)}: {e} (row {label}, up card {col})") from None
        extra = [x for x in row[first + len(UP_COLUMNS):] if _text(x)]
        if extra:
            raise ChartError(f"{where(r, first + len(UP_COLUMNS))}: unexpected cell "
                             f"{_text(extra[0])!r} right of the table (row {label})")
        cells[label] = values
    missing = [lab for lab in spec.labels if lab not in cells]
    if missing:
        raise ChartError(f"{where(len(rows), 0)}: missing row {missing[0]!r} "
                         f"({len(missing)} of {len(spec.labels)} rows missing)")
    return pd.DataFrame([cells[lab] for lab in spec.labels], index=list(spec.labels),
                        columns=list(UP_COLUMNS))


# -- CSV ------------------------------------------------------------------------------------------
def _fmt_value(x: float) -> str:
    # repr is the shortest text that reads back to the same float: exact and stable
    return repr(float(x))


def csv_texts(chart: Chart) -> dict[str, str]:
    """The files of the CSV form of a chart, by name: the four tables as plain CSV and their
    provenance beside them - ``chart.json`` (the sidecar: name, rules, rules hash, version,
    the files it describes) and ``rules.toml`` (the rules, with the hash and version as
    comment lines).

    >>> t = csv_texts(Chart.simple(Rules()))
    >>> sorted(json.loads(t["chart.json"])) == ['files', 'legend', 'name', 'rules',
    ...                                         'rules_hash', 'version']
    True
    >>> t["rules.toml"].splitlines()[-1].startswith("# version: twentyone-burn ")
    True
    """
    out = {}
    for attr, spec in SPECS.items():
        frame = getattr(chart, attr)
        buf = io.StringIO()
        w = csv.writer(buf, lineterminator="\n")
        w.writerow([spec.label_header, *spec.extra, *UP_COLUMNS])
        for label, row in frame.iterrows():
            cells = [_fmt_value(x) for x in row] if attr == "burn_values" else list(row)
            w.writerow([label, *([kept_kind(label)] if spec.extra else []), *cells])
        out[CSV_OF[attr]] = buf.getvalue()
    r = chart.rules
    # the CSVs stay plain tables (diffable, loadable as they are); their provenance is the
    # sidecar chart.json and rules.toml of the same set, written with them all or none
    out["rules.toml"] = (r.to_toml() + f"# rules hash: {r.rules_hash}\n"
                         f"# version: twentyone-burn {__version__}\n")
    out["chart.json"] = json.dumps({
        "name": chart.name, "rules": r.to_dict(), "rules_hash": r.rules_hash,
        "version": __version__, "files": list(CSV_FILES), "legend": LEGEND,
    }, indent=2) + "\n"
    return out


def read_csv_dir(directory: str | Path, rules: Rules | None = None) -> Chart:
    """Read a chart folder written by :func:`save_csv` (``rules`` replaces rules.toml).

    >>> import tempfile
    >>> from twentyone_burn.export.chart_workbook import save_csv
    >>> c = Chart.simple(Rules(decks=2))
    >>> with tempfile.TemporaryDirectory() as d:
    ...     _ = save_csv(c, d)
    ...     read_csv_dir(d).equals(c)
    True
    """
    d = Path(directory)
    if not d.is_dir():
        raise ChartError(f"{d}: no such chart folder")
    frames = {}
    for attr, spec in SPECS.items():
        path = d / CSV_OF[attr]
        try:
            with open(path, newline="", encoding="utf-8-sig") as f:
                rows = list(csv.reader(f))
        except OSError as e:
            raise ChartError(f"{path}: cannot read ({e.strerror or e})") from None
        except (UnicodeDecodeError, csv.Error) as e:
            raise ChartError(f"{path}: not a CSV text file ({e})") from None

        def where(r: int, c: int, path: Path = path, rows: list = rows) -> str:
            return f"{path}, cell {_col_letter(c)}{r + 1}"

        frames[attr] = _parse_table(rows, spec, where)
    if rules is None:
        toml = d / "rules.toml"
        if not toml.exists():
            raise ChartError(f"{toml}: missing (the chart's rules); write one or give --rules")
        try:
            rules = Rules.from_toml(toml)
        except RulesError as e:
            raise ChartError(str(e)) from None
        stored_rules = True
    else:
        stored_rules = False
    name = f"chart from {d}"
    meta = d / "chart.json"
    if meta.exists():
        try:
            described = json.loads(meta.read_text())
            name = str(described["name"])
        except (ValueError, KeyError, TypeError, OSError) as e:
            raise ChartError(f"{meta}: not a chart description with a 'name' ({e})") from None
        if stored_rules and isinstance(described, dict):
            _check_hash(described.get("rules_hash"), rules, f"{meta}, rules_hash",
                        f"{d / 'rules.toml'}")
    return Chart.from_frames(rules, name=name, **frames)



def read_xlsx(path: str | Path, rules: Rules | None = None) -> Chart:
    """Read a chart workbook written by :func:`save_xlsx` (``rules`` replaces its Rules sheet).

    >>> import tempfile
    >>> from twentyone_burn.export.chart_workbook import save_xlsx
    >>> c = Chart.simple(Rules(decks=None))
    >>> with tempfile.TemporaryDirectory() as d:
    ...     _ = save_xlsx(c, Path(d) / "c.xlsx")
    ...     read_xlsx(Path(d) / "c.xlsx").equals(c)
    True
    """
    from openpyxl import load_workbook
    from openpyxl.utils.exceptions import InvalidFileException

    p = Path(path)
    try:
        wb = load_workbook(p, read_only=True, data_only=True)
    except FileNotFoundError:
        raise ChartError(f"{p}: no such chart workbook") from None
    except (InvalidFileException, zipfile.BadZipFile, KeyError, OSError) as e:
        raise ChartError(f"{p}: not an xlsx workbook ({e})") from None
    except (zlib.error, EOFError, SyntaxError) as e:   # a zip whose parts are damaged
        raise ChartError(f"{p}: the workbook is damaged or cut short ({type(e).__name__}: "
                         f"{e}); write it again with `twentyone-burn chart`") from None
    try:
        return _read_workbook(wb, p, rules)
    except (zipfile.BadZipFile, zlib.error, EOFError, OSError, SyntaxError) as e:
        # a workbook cut short or damaged inside (its parts are read as the sheets are)
        raise ChartError(f"{p}: the workbook is damaged or cut short ({type(e).__name__}: "
                         f"{e}); write it again with `twentyone-burn chart`") from None
    finally:
        wb.close()


def _read_workbook(wb: Any, p: Path, rules: Rules | None) -> Chart:
    """The chart in an open workbook (the part of :func:`read_xlsx` that reads it)."""
    frames = {}
    for attr, spec in SPECS.items():
        sheet = SHEET_OF[attr]
        if sheet not in wb.sheetnames:
            raise ChartError(f"{p}: sheet {sheet!r} missing "
                             f"(sheets: {', '.join(wb.sheetnames)})")
        ws = wb[sheet]
        ws.reset_dimensions()  # some writers store a wrong used range; read every row
        width = len(spec.extra) + 1 + len(UP_COLUMNS)
        # only the table's columns: notes and the legend sit to its right
        rows = [list(v) for v in ws.iter_rows(min_row=HEADER_ROW, max_col=width,
                                              values_only=True)]

        def where(r: int, c: int, sheet: str = sheet) -> str:
            return f"{p}, sheet {sheet}, cell {_col_letter(c)}{HEADER_ROW + r}"

        frames[attr] = _parse_table(rows, spec, where)
    name = f"chart from {p}"
    if "Rules" not in wb.sheetnames:
        if rules is None:
            raise ChartError(f"{p}: sheet 'Rules' missing; add it or give --rules")
    else:
        options, meta = _read_rules_sheet(wb["Rules"], p)
        name = str(meta.get("chart", name))
        if rules is None:
            try:
                rules = Rules.from_dict(options)
            except (RulesError, TypeError) as e:
                raise ChartError(f"{p}, sheet Rules: {e}") from None
            _check_hash(meta.get("rules hash"), rules, f"{p}, sheet Rules, rules hash",
                        "the options above it")
    return Chart.from_frames(rules, name=name, **frames)


def _check_hash(stored: Any, rules: Rules, where: str, source: str) -> None:
    """A chart's stored rules hash must be the hash of the rules it is read with."""
    if stored is None or _text(stored) == "":
        return
    if _text(stored) != rules.rules_hash:
        raise ChartError(f"{where}: the stored rules hash {_text(stored)[:16]}... is not the hash "
                         f"of {source} ({rules.rules_hash[:16]}...): the file was edited; "
                         "regenerate the chart or give --rules")


def _read_rules_sheet(ws, p: Path) -> tuple[dict[str, Any], dict[str, Any]]:
    """(options, meta) from the Rules sheet: option rows until the first empty one, then the
    rules hash, version and chart name."""
    options: dict[str, Any] = {}
    meta: dict[str, Any] = {}
    ws.reset_dimensions()
    rows = [(list(r) + [None, None])[:2]
            for r in ws.iter_rows(min_row=HEADER_ROW, max_col=2, values_only=True)]
    if not rows or [_text(x).lower() for x in rows[0]] != ["option", "value"]:
        raise ChartError(f"{p}, sheet Rules, cell A{HEADER_ROW}: header must be option, value")
    i = 1
    while i < len(rows) and _text(rows[i][0]):
        key, value = rows[i]
        options[_text(key)] = value
        i += 1
    for key, value in rows[i:]:
        if _text(key) in ("rules hash", "version", "chart"):
            meta[_text(key)] = value
    return options, meta


def load_chart(path: str | Path, rules: Rules | None = None) -> Chart:
    """Read a chart from a CSV folder, a folder holding chart.xlsx, or an .xlsx file.

    ``rules`` replaces the rules stored with the chart. A folder with both reads the CSVs
    (the diffable, authoritative form). A folder that a killed write left half switched is
    rolled back first (:func:`twentyone_burn.io.read_settled`); while another run writes it
    this raises ``OutputBusy`` (an ``OSError``, one line).

    >>> load_chart("/no/such/chart")
    Traceback (most recent call last):
    ...
    twentyone_burn.charts.model.ChartError: /no/such/chart: no such file or folder
    """
    # a folder left half switched by a killed write is rolled back first, and a chart
    # rewritten while it is read is read again: never a mix of two charts (io's notes)
    return read_settled(path, lambda: _load_chart(Path(path), rules))


def _load_chart(p: Path, rules: Rules | None) -> Chart:
    if p.is_dir():
        if (p / CSV_FILES[0]).exists():
            return read_csv_dir(p, rules)
        if (p / "chart.xlsx").exists():
            return read_xlsx(p / "chart.xlsx", rules)
        raise ChartError(f"{p}: neither chart CSVs ({', '.join(CSV_FILES)}) nor chart.xlsx here")
    if not p.exists():
        raise ChartError(f"{p}: no such file or folder")
    if p.suffix.lower() in (".xlsx", ".xlsm"):
        return read_xlsx(p, rules)
    raise ChartError(f"{p}: give a chart folder (CSV files) or an .xlsx workbook")
