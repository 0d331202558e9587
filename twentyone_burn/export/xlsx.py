"""xlsx: the report as a workbook (openpyxl): numbers as numbers (16 significant digits, the
most openpyxl writes), shown with fixed digits; one sheet per part of the report, figures as
PNG images.

Every sheet starts with the line that identifies the report (game, version, rules hash, seed).

Every sheet is set up for print (:func:`page_setup`): A4 (:data:`PAPER`), fit to the page's
width, portrait or landscape by the sheet's width, the identity and heading rows (and a lone
table's header) repeated on every page, the sheet name and page number in the footer. Columns
are as wide as their content (:func:`text_width`, a Calibri 11 estimate), long text wraps at a
cap. The Deals sheet (2,200 rows, 35 pages) is not for printing: its print area is its
heading and a note saying so. Each figure sits whole on a page.

>>> number_format("probability")
'0.0000000000'
>>> round(text_width("0.0000000000"), 1), text_width("ab") < text_width("AB")
(11.6, True)
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from datetime import datetime
from typing import TYPE_CHECKING, Any

import pandas as pd
from openpyxl import Workbook
from openpyxl.drawing.image import Image
from openpyxl.styles import Alignment, Font, PatternFill
from openpyxl.utils import get_column_letter
from openpyxl.worksheet.pagebreak import Break

from ..io import reproducible_zip

if TYPE_CHECKING:  # pragma: no cover
    from ..report.results import Report

__all__ = ["PAPER", "PORTRAIT_UNITS", "LANDSCAPE_UNITS", "number_format", "page_body",
           "page_setup", "render", "table_breaks", "text_width", "wrapped_lines"]

#: The one paper size of every workbook the toolkit writes (openpyxl's ``paperSize`` code 9,
#: A4, 210 x 297 mm). A4 is the ISO 216 size, the paper of nearly every country outside North
#: America and the size the issue's page counts were measured on; a layout fitted to A4's
#: width also fits US Letter (6 mm wider), and the sheets set to fit one page are rescaled by
#: Excel and LibreOffice for whatever paper the printer has.
PAPER = 9
#: Printable width in Excel column-width units (about 5.25 pt each at Calibri 11) on A4 with
#: :func:`page_setup`'s 0.5-inch side margins, portrait and landscape, at 100 %.
PORTRAIT_UNITS = 98
LANDSCAPE_UNITS = 145

_FORMATS = {
    "probability": "0.0000000000",
    "signed": "+0.0000000000;-0.0000000000;0.0000000000",
    "percent": "+0.0000%;-0.0000%;0.0000%",
    "percent6": "+0.000000%;-0.000000%;0.000000%",
    "count": "#,##0",
    "short": "0.0000",
}
#: every font is named: a font without a name is the application's default (a serif font in
#: LibreOffice), wider than the Calibri the column widths are measured for
_FONT = "Calibri"
#: the report's strategy, as the Report sheet names it
_STRATEGY_WORDS = {"optimal": "optimal composition-dependent play",
                   "chart": "the printed strategy chart derived for these rules",
                   "given": "a given strategy"}
_BOLD = Font(name=_FONT, bold=True)
_TITLE = Font(name=_FONT, bold=True, size=14)
_HEAD_FILL = PatternFill("solid", fgColor="F1F3F6")
_TOP = Alignment(wrap_text=True, vertical="top")
_RIGHT = Alignment(horizontal="right")
_NARROW = frozenset(" .,:;'|!()[]{}ijlrtf-")
_WIDE = frozenset("mwMW%@")
#: the widest a column gets (Excel units) unless its sheet says otherwise; longer text wraps
_CAP = 60
_LINE = 15.0   # points per line of Calibri 11
#: A4's sides in points
_A4_SHORT, _A4_LONG = 595.3, 841.9
#: rows of the Deals sheet an A4 portrait page holds at its fit-to-width scale (measured with
#: LibreOffice: 2,204 rows print as 35 pages)
_DEAL_ROWS = 63


def number_format(kind: str) -> str:
    """The Excel number format of a kind of figure (probability, signed, percent, ...)."""
    return _FORMATS[kind]


def text_width(text: str, size: float = 11, bold: bool = False) -> float:
    """About how many Excel column-width units (the width of a digit) ``text`` needs."""
    units = sum(0.55 if ch in _NARROW else 1.4 if ch in _WIDE else
                1.15 if ch.isupper() else 1.0 for ch in text)
    return units * size / 11 * (1.08 if bold else 1.0)


def page_setup(ws, *, landscape: bool, fit_height: int = 0, title_rows: str | None = None,
               footer: str = "") -> None:
    """Print setup of a sheet: A4, fit to one page wide (and ``fit_height`` pages tall; 0 = as
    many as needed), rows repeated on every page, the sheet name and page in the footer.

    >>> ws = Workbook().active
    >>> page_setup(ws, landscape=True, fit_height=1, title_rows="1:2")
    >>> ws.page_setup.paperSize, ws.page_setup.orientation, ws.print_title_rows
    (9, 'landscape', '$1:$2')
    """
    ws.page_setup.paperSize = PAPER
    ws.page_setup.orientation = "landscape" if landscape else "portrait"
    ws.page_setup.fitToWidth = 1
    ws.page_setup.fitToHeight = fit_height
    ws.sheet_properties.pageSetUpPr.fitToPage = True
    ws.page_margins.left = ws.page_margins.right = 0.5
    ws.page_margins.top = ws.page_margins.bottom = 0.6
    ws.page_margins.header = ws.page_margins.footer = 0.3
    if title_rows:
        ws.print_title_rows = title_rows
    for part, text in ((ws.oddFooter.left, "&A"), (ws.oddFooter.center, footer),
                       (ws.oddFooter.right, "page &P of &N")):
        if text:
            part.text, part.size = text, 8


def _identity(report: Report) -> str:
    sim = report.simulation
    seed = ("" if sim is None else
            f" | simulation seed {sim.seed if sim.seed is not None else 'entropy'} "
            f"(entropy {sim.seed_entropy})")
    return (f"21 Burn house-edge report | twentyone-burn {report.version} | created "
            f"{report.created} | rules hash {report.rules_hash}{seed}")


def _sheet(wb: Workbook, title: str, report: Report, heading: str):
    ws = wb.create_sheet(title)
    ws["A1"] = _identity(report)
    ws["A1"].font = Font(name=_FONT, italic=True, size=9, color="555F6D")
    ws["A2"] = heading
    ws["A2"].font = _TITLE
    return ws


def _number(v: Any) -> bool:
    return isinstance(v, (int, float)) and not isinstance(v, bool)


def _table(ws, row: int, columns: Sequence[str], rows: Sequence[Sequence[Any]],
           formats: Sequence[str | None] = ()) -> int:
    """Write a header and rows from ``row``; returns the next free row (one blank after).

    A column of numbers has its heading right-aligned, over the numbers' right edge (a
    left-aligned heading over a wide column sits over the gap before its numbers, nearer
    the column on its left).
    """
    for c, name in enumerate(columns, 1):
        cell = ws.cell(row, c, name)
        cell.font = _BOLD
        cell.fill = _HEAD_FILL
        column = [r[c - 1] for r in rows if c - 1 < len(r) and r[c - 1] is not None]
        if column and all(_number(v) for v in column):
            cell.alignment = _RIGHT
    for i, values in enumerate(rows, row + 1):
        for c, v in enumerate(values, 1):
            cell = ws.cell(i, c, v)
            fmt = formats[c - 1] if c - 1 < len(formats) else None
            if fmt == "short" and isinstance(v, int) and not isinstance(v, bool):
                fmt = "count"   # a whole number (rounds, a seed) without decimals
            if fmt and isinstance(v, (int, float)) and not isinstance(v, bool):
                cell.number_format = _FORMATS[fmt]
    return row + len(rows) + 2


def _frame(ws, row: int, df: pd.DataFrame, formats: dict[str, str] | None = None) -> int:
    formats = formats or {}
    rows = [[_value(v) for v in rec] for rec in df.itertuples(index=False)]
    return _table(ws, row, list(df.columns), rows, [formats.get(c) for c in df.columns])


def _value(v: Any) -> Any:
    if isinstance(v, dict):
        return ", ".join(f"{k} = {x}" for k, x in v.items())
    if hasattr(v, "item"):
        v = v.item()
    if isinstance(v, float) and v != v:
        return None
    return v


def _shown(cell) -> str:
    """The text a cell shows (its number formatted as the sheet formats it)."""
    v = cell.value
    if v is None:
        return ""
    if isinstance(v, bool) or not isinstance(v, (int, float)):
        return str(v)
    fmt = cell.number_format
    if fmt == _FORMATS["count"]:
        return f"{v:,.0f}"
    if fmt in _FORMATS.values():   # fixed digits: as many as the format's first section has
        head = fmt.split(";")[0]
        digits = len(head.split(".")[1].rstrip("%")) if "." in head else 0
        sign = "+" if head.startswith("+") else ""
        text = f"{100 * v if head.endswith('%') else v:{sign}.{digits}f}"
        return text + ("%" if head.endswith("%") else "")
    return f"{v:.10g}"


def wrapped_lines(text: str, width: float, size: float = 11, bold: bool = False) -> int:
    """Lines ``text`` wraps to in a cell ``width`` units wide (with a tenth to spare).

    >>> wrapped_lines("x" * 50, 40), wrapped_lines("a\\nb", 40)
    (2, 2)
    """
    return sum(max(1, -int(-1.1 * text_width(part, size, bold) // max(width - 1, 1)))
               for part in text.split("\n"))


def _finish(ws, report: Report, caps: Sequence[float] = (), *, header_row: int | None = None,
            wide: Sequence[tuple[int, int, int]] = (), portrait: bool = False,
            fit_height: int = 0) -> None:
    """Lay a finished sheet out for screen and paper.

    Columns as wide as their widest cell (up to ``caps[i]``, else :data:`_CAP`); a longer cell
    wraps and its row grows. ``wide``: (row, first column, last column) of a cell merged across
    columns (long text). The identity and heading rows are merged across the table's width and
    wrap. ``header_row``: the one table's header, repeated on every page with rows 1-2.
    Landscape when wider than a portrait page, unless ``portrait`` (a long table: more rows a
    page at a slightly smaller scale). ``fit_height``: pages tall (0: as many as needed).
    """
    ncols = max(ws.max_column, 1)
    merged = {(r, c) for r, c, _ in wide} | {(1, 1), (2, 1)}
    need = [0.0] * (ncols + 1)
    for row in ws.iter_rows(min_row=3):
        for cell in row:
            if (cell.row, cell.column) in merged or cell.value is None:
                continue
            bold = bool(cell.font and cell.font.b)
            need[cell.column] = max(need[cell.column], text_width(_shown(cell), bold=bold))
    widths = [0.0] + [min(caps[c - 1] if c - 1 < len(caps) else _CAP, max(need[c] + 2, 5))
                      for c in range(1, ncols + 1)]
    for c in range(1, ncols + 1):
        ws.column_dimensions[get_column_letter(c)].width = round(widths[c], 1)
    heights: dict[int, float] = {}
    for row in ws.iter_rows(min_row=3):
        for cell in row:
            text = _shown(cell)
            if (cell.row, cell.column) in merged or not text:
                continue
            if text_width(text) > widths[cell.column] - 1:
                cell.alignment = _TOP
                n = wrapped_lines(text, widths[cell.column], bold=bool(cell.font and cell.font.b))
                heights[cell.row] = max(heights.get(cell.row, _LINE), n * _LINE)
    for r, first, last in wide:
        ws.merge_cells(start_row=r, start_column=first, end_row=r, end_column=last)
        ws.cell(r, first).alignment = _TOP
        ws.cell(r, 1).alignment = _TOP
        n = wrapped_lines(_shown(ws.cell(r, first)), sum(widths[first:last + 1]))
        heights[r] = max(heights.get(r, _LINE), n * _LINE)
    total = sum(widths)
    for r, size, line in ((1, 9, 12.0), (2, 14, 19.0)):
        ws.merge_cells(start_row=r, start_column=1, end_row=r, end_column=ncols)
        ws.cell(r, 1).alignment = Alignment(wrap_text=True, vertical="top")
        heights[r] = wrapped_lines(_shown(ws.cell(r, 1)), total, size, bold=r == 2) * line
    for r, h in heights.items():
        ws.row_dimensions[r].height = h
        if h > _LINE:   # a tall row: every cell at its top, each label beside its text
            for cell in ws[r]:
                if cell.value is not None and not (cell.alignment and cell.alignment.wrap_text):
                    cell.alignment = Alignment(horizontal=cell.alignment.horizontal,
                                               vertical="top")
    rows = "1:2" if header_row is None else f"1:{header_row}"
    landscape = total > PORTRAIT_UNITS and not portrait
    page_setup(ws, landscape=landscape, title_rows=rows, fit_height=fit_height,
               footer=f"21 Burn report | twentyone-burn {report.version} | rules hash "
                      f"{report.rules_hash[:12]}")
    if header_row is None and fit_height == 0:
        for r in table_breaks(ws, widths[1:], heights, landscape):
            ws.row_breaks.append(Break(id=r))


def _points(units: float) -> float:
    """A column ``units`` wide (Excel units), in points: Calibri 11's 7-pixel digit and 5
    pixels of padding, at 96 pixels an inch."""
    return int(units * 7 + 5) * 0.75


def page_body(landscape: bool, widths: Sequence[float]) -> float:
    """The points of sheet rows one printed page holds under :func:`page_setup` (A4, 0.6-inch
    top and bottom margins), fitted to the width of columns ``widths`` (Excel units) at a
    whole percent, as the applications scale (LibreOffice prints a row or two more: its
    columns come out a little wider, so its scale a little smaller)."""
    width, height = (_A4_LONG, _A4_SHORT) if landscape else (_A4_SHORT, _A4_LONG)
    scale = min(100, int(100 * (width - 72) / sum(_points(w) for w in widths))) / 100
    return (height - 2 * 0.6 * 72) / scale


def table_breaks(ws, widths: Sequence[float], heights: dict[int, float], landscape: bool
                 ) -> list[int]:
    """The rows after which a page break keeps each table of a sheet whole: a table (a run of
    rows below the heading with something in them) that would cross the end of a page and fits
    on one starts the next page. ``heights``: the rows not :data:`_LINE` tall.

    >>> ws = Workbook().active
    >>> for r in (*range(4, 24), *range(25, 45)):   # two tables of 20 rows, a blank between
    ...     _ = ws.cell(r, 1, r)
    >>> table_breaks(ws, [10.0], {}, landscape=True)    # 30 rows a page: the second moves
    [24]
    """
    def height(r: int) -> float:
        return heights.get(r, _LINE)

    body = page_body(landscape, widths) - height(1) - height(2)
    filled = [r for r in range(3, ws.max_row + 1)
              if any(c.value is not None for c in ws[r])]
    starts = [r for r in filled if r - 1 not in filled]
    breaks, used = [], 0.0
    for r in range(3, ws.max_row + 1):
        if r in starts and used:
            end = next(e for e in range(r, ws.max_row + 1) if e + 1 not in filled)
            tall = sum(height(x) for x in range(r, end + 1))
            if used + tall > body >= tall:
                breaks.append(r - 1)
                used = 0.0
        used += height(r)
        if used > body:      # a page ends inside a table too long for one page
            used = height(r)
    return breaks


#: the Figures sheet: ten columns of this width make the page's width at 100 % (A4 portrait)
_FIGURE_COLUMNS = 10
_FIGURE_COLUMN = 9.0
_FIGURE_PX = _FIGURE_COLUMNS * int(7 * _FIGURE_COLUMN + 5)   # column width -> pixels
#: pixels of figure a portrait A4 page holds below the repeated title rows (96 px an inch)
_PAGE_PX = 880


def _figures(ws, report: Report, figures_png: dict[str, bytes]) -> None:
    """Each figure the page's width, whole on one page: a page break before one that would
    not fit below the last."""
    for c in range(1, _FIGURE_COLUMNS + 1):
        ws.column_dimensions[get_column_letter(c)].width = _FIGURE_COLUMN
    row, used = 4, 0
    for png in figures_png.values():
        img = Image(io.BytesIO(png))
        scale = _FIGURE_PX / img.width
        img.width, img.height = int(img.width * scale), int(img.height * scale)
        if used and used + img.height > _PAGE_PX:
            ws.row_breaks.append(Break(id=row - 1))
            used = 0
        ws.add_image(img, f"A{row}")
        rows = -(-img.height // 20) + 2          # default rows are 20 px tall
        row += rows
        used += rows * 20
    last = get_column_letter(_FIGURE_COLUMNS)
    for r, size, line in ((1, 9, 12.0), (2, 14, 19.0)):
        ws.merge_cells(f"A{r}:{last}{r}")
        ws.cell(r, 1).alignment = Alignment(wrap_text=True, vertical="top")
        ws.row_dimensions[r].height = wrapped_lines(_shown(ws.cell(r, 1)),
                                             _FIGURE_COLUMNS * _FIGURE_COLUMN, size) * line
    ws.print_area = f"A1:{last}{row}"
    page_setup(ws, landscape=False, title_rows="1:2",
               footer=f"21 Burn report | twentyone-burn {report.version} | rules hash "
                      f"{report.rules_hash[:12]}")


def render(report: Report, figures_png: dict[str, bytes]) -> bytes:
    """The workbook's bytes; ``figures_png`` maps a figure key to PNG bytes."""
    r = report
    wb = Workbook()
    wb.remove(wb.active)
    when = datetime.fromisoformat(r.created).replace(tzinfo=None)
    wb.properties.created = when
    wb.properties.modified = when
    wb.properties.title = "21 Burn house-edge report"
    wb.properties.creator = f"twentyone-burn {r.version}"

    s, p = r.summary, r.probabilities
    ws = _sheet(wb, "Report", r, "21 Burn: house-edge report (par sheet)")
    row = _table(ws, 4, ["item", "value"], [
        ["created (UTC)", r.created], ["twentyone-burn version", r.version],
        ["rules hash (SHA-256)", r.rules_hash],
        ["rules (canonical JSON)", r.rules.canonical_json()],
        ["simulation seed", None if r.simulation is None else
         (r.simulation.seed if r.simulation.seed is not None else "none given")],
        ["simulation seed entropy", None if r.simulation is None
         else str(r.simulation.seed_entropy)],
    ])
    ref = r.reference
    rows: list[list[Any]] = [["strategy of every figure", _STRATEGY_WORDS[r.strategy_kind]
             + ("" if r.strategy_kind != "given" else f": {r.strategy_source}"), "exact"],
            ["expected return per initial wager (player)", s["expected_return"], "exact"],
            ["house edge per initial wager", s["house_edge"], "exact"],
            ["average total wager per round", s["average_total_wager"], "exact"],
            ["element of risk", s["element_of_risk"], "exact"]]
    if ref is not None:
        rows += [["expected return under optimal play (reference)", ref["expected_return"],
                  "exact"],
                 ["cost of the strategy (optimal less the strategy)", ref["cost"], "exact"]]
    percent_rows = {i for i, x in enumerate(rows) if x[0].startswith(
        ("expected return", "house edge", "element of risk", "cost"))}
    rows += [["sum of the deal probabilities (check)", s["deal_probability_total"], "exact"]]
    rows += [[f"probability: {k}", v, "exact"] for k, v in p.items()]
    sim = r.simulation
    if sim is not None:
        f = sim.frequencies.set_index("result")
        rows += [["SD of the net result per round", sim.sd, sim.label],
                 ["SE of that SD", sim.sd_se, sim.label]]
        for k in ("win", "push", "loss"):
            rows += [[f"rounds: {k}", float(f.loc[k, "probability"]), sim.label],
                     [f"rounds: {k} (SE)", float(f.loc[k, "se"]), sim.label]]
        rows += [["expected return, simulated", sim.mean, sim.label],
                 ["expected return, simulated (SE)", sim.mean_se, sim.label]]
        percent_rows |= {len(rows) - 2, len(rows) - 1}
    # the exact figures, then the simulated ones: two tables, each whole on a page
    for part in ([i for i, x in enumerate(rows) if x[2] == "exact"],
                 [i for i, x in enumerate(rows) if x[2] != "exact"]):
        if not part:
            continue
        top = row + 1
        row = _table(ws, row, ["figure", "value", "source"], [rows[i] for i in part],
                     [None, "signed", None])
        for n, i in enumerate(part):      # returns in percent; the cell keeps the fraction
            if i in percent_rows:
                ws.cell(top + n, 2).number_format = _FORMATS["percent6"]
    prose = []
    prose_rows = [("Strategy", r.strategy)]
    if ref is None:
        prose_rows.append(("Post-split strategy", r.post_split_strategy))
    else:
        prose_rows += [("Strategy tables hash", r.strategy_hash or ""),
                       ("Reference strategy", ref["strategy"])]
    for label, text in (*prose_rows, ("Rounding", r.rounding)):
        ws.cell(row, 1, label).font = _BOLD
        ws.cell(row, 2, text)
        prose.append((row, 2, 3))
        row += 1
    # B holds the rules hash unwrapped; the canonical JSON and the prose wrap
    _finish(ws, r, [46, text_width(r.rules_hash) + 2, 62], wide=prose)

    ws = _sheet(wb, "Rules", r, "The rules")
    row = _table(ws, 4, ["option", "value"],
                 [[k, str(v).lower() if isinstance(v, bool) else v]   # as the rules file
                  for k, v in r.rules.to_dict().items()])
    row = _table(ws, row, ["the rules in words"], [[w] for w in r.rules_words])
    row = _table(ws, row, ["rules file (TOML)"], [[line] for line in r.rules_toml.splitlines()])
    _finish(ws, r, [90, 12])

    if r.return_table is not None:
        ws = _sheet(wb, "Return table", r, "Return table (exact; split rows: expected hands "
                                           "per round)")
        t = r.return_table
        row = _frame(ws, 4, t, {"pays": "short", "probability": "probability",
                                "contribution": "percent6"})
        ws.cell(row - 1, 1, "total").font = _BOLD
        c = ws.cell(row - 1, 5, float(t["contribution"].sum()))
        c.number_format = _FORMATS["percent6"]
        c.font = _BOLD
        _finish(ws, r, header_row=4)

    ws = _sheet(wb, "By up card", r, "Expected return by up card (exact)")
    _frame(ws, 4, r.burn["by_up"], {"probability": "probability", "ev": "percent6",
                                    "contribution": "percent6",
                                    "average_total_wager": "probability"})
    _finish(ws, r, header_row=4)

    ws = _sheet(wb, "Dealer", r, "Dealer final totals by up card (exact; full shoe less the "
                                 "up card)")
    cols = ["17", "18", "19", "20", "21", "22", "23+", "bust"]
    row = _frame(ws, 4, r.dealer, {c: "probability" for c in cols})
    _frame(ws, row, r.dealer_overall, {c: "probability" for c in cols})
    _finish(ws, r)

    b = r.burn
    ws = _sheet(wb, "Burn", r, "The player's burn (exact)")
    row = _table(ws, 4, ["burn", "expected return / figure"],
                 [[k.replace("_", " "), v] for k, v in b["burn_value"].items()],
                 [None, "percent6"])
    row = _frame(ws, row, b["burned"], {"probability": "probability"})
    m = b["burned_by_up"]
    row = _table(ws, row, ["up \\ burned"] + list(m.columns),
                 [[u] + [float(x) for x in vals] for u, vals in zip(m.index, m.to_numpy())],
                 [None] + ["probability"] * len(m.columns))
    row = _frame(ws, row, b["kept"], {"probability": "probability", "ev": "percent6",
                                      "contribution": "percent6"})
    _frame(ws, row, b["pairs"], {"probability": "probability", "split": "probability",
                                 "unavoidable": "probability", "ev": "percent6",
                                 "contribution": "percent6", "split_hands": "short",
                                 "split_hands_doubled": "short", "split_gain": "percent6"})
    _finish(ws, r)

    if len(r.variations):
        ws = _sheet(wb, "Rule variations", r, "Effect of each rule (exact" + (
            "; each row's own derived chart, optimal play beside it)"
            if "cost" in r.variations.columns else ")"))
        # the base row says "(these rules)" in its label: its is_base flag stays in the JSON,
        # and the table fits one landscape page at 8 pt or more
        # (a chart's table: optimal play's house edge is minus its expected return, beside it)
        # the rules hash shortened to 16 hex digits, so that no row wraps (the JSON holds
        # every variation's whole hash)
        v = r.variations.drop(columns=["is_base", "optimal_house_edge"], errors="ignore") \
            .rename(columns={"optimal_expected_return": "optimal_return",
                             "rules_hash": "rules hash (16 hex)"})
        v["rules hash (16 hex)"] = v["rules hash (16 hex)"].str[:16]
        _frame(ws, 4, v, {"expected_return": "percent", "house_edge": "percent",
                          "element_of_risk": "percent", "average_total_wager": "probability",
                          "change": "percent", "optimal_return": "percent",
                          "cost": "percent"})
        _finish(ws, r, header_row=4, fit_height=1 if len(v) <= 30 else 0)

    if sim is not None:
        ws = _sheet(wb, "Simulation", r, f"Per-round figures ({sim.label})")
        row = _table(ws, 4, ["item", "value"], [
            ["rounds", sim.rounds], ["seed", sim.seed], ["seed entropy", str(sim.seed_entropy)],
            ["chunk size", sim.chunk_size], ["dealing", sim.dealing],
            ["strategy", sim.strategy], ["strategy tables hash", sim.strategy_hash],
            ["SD per round", sim.sd], ["SE of the SD", sim.sd_se],
            ["expected return", sim.mean], ["SE", sim.mean_se],
            ["average total wager", sim.average_total_wager],
            ["SE", sim.average_total_wager_se], ["hands per round", sim.hands_per_round]],
            [None, "short"])
        row = _frame(ws, row, sim.frequencies, {"probability": "probability",
                                                "se": "probability"})
        _frame(ws, row, sim.net, {"probability": "probability", "se": "probability"})
        _finish(ws, r, [24, 70], fit_height=1)   # one page, whatever the strategy's name

    if r.verification is not None:
        v = r.verification
        ws = _sheet(wb, "Verification", r, f"Verification: {v['verdict']}")
        row = _table(ws, 4, ["item", "value"], [
            ["verdict", v["verdict"]], ["method", v["method"]], ["rounds", v["rounds"]],
            ["seed entropy", str(v["seed_entropy"])], ["chunk size", v["chunk_size"]],
            ["strategy tables hash", v["strategy_hash"]]])
        _table(ws, row, ["test", "kind", "statistic", "dof", "p-value", "threshold", "result"],
               [[c["name"], c["kind"], c["statistic"], c["dof"], c["p_value"],
                 c["threshold"], c["result"]] for c in v["checks"]],
               [None, None, "short", None, None, None, None])
        _finish(ws, r, [34, 70])

    ws = _sheet(wb, "Deals", r, "Every deal (exact): probability, the strategy's burn, play and EV")
    _frame(ws, 4, r.deals, {"probability": "probability", "ev": "percent6",
                            "ev_second": "percent6", "wager": "short", "split_hands": "short",
                            "split_doubles": "short"})
    _finish(ws, r, header_row=4, portrait=True)
    # not for printing: 2,200 rows would take 35 A4 pages; the print area is the heading and
    # this note (clear it to print every row: the setup above repeats the header on each page)
    ws["A3"] = (f"Not for printing: the {len(r.deals):,} deals are for looking up and "
                "filtering on screen; the printed page is this note. To print them all (about "
                f"{-(-len(r.deals) // _DEAL_ROWS)} A4 pages, the header row on each), clear "
                "the print area.")
    ws["A3"].font = Font(name=_FONT, italic=True)
    last = get_column_letter(ws.max_column)
    ws.merge_cells(f"A3:{last}3")
    ws["A3"].alignment = _TOP
    ws.row_dimensions[3].height = _LINE * wrapped_lines(
        ws["A3"].value, sum(ws.column_dimensions[get_column_letter(c)].width
                            for c in range(1, ws.max_column + 1)))
    ws.print_area = f"A1:{last}3"

    if figures_png:
        _figures(_sheet(wb, "Figures", r, "Figures"), r, figures_png)
    out = io.BytesIO()
    wb.save(out)
    return reproducible_zip(out.getvalue())   # SOURCE_DATE_EPOCH pins its times
