"""export/xlsx (and the HTML page's print stylesheet): the report printed - page setup of every
workbook sheet, column widths, figures whole on a page, the HTML page's print stylesheet (read
back with openpyxl and from the page's text; the page counts themselves come from
``scripts/print_pages.py`` with LibreOffice and Chromium)."""

from __future__ import annotations

import io
import pathlib
import re

import pytest
from openpyxl import load_workbook
from openpyxl.utils import get_column_letter

from tests.shared import once_per_run
from twentyone_burn.export import document, html_page, render_files, xlsx

REPORTS = pathlib.Path(__file__).resolve().parents[2] / "reports"


@pytest.fixture(scope="module")
def files(inf_report, tmp_path_factory):
    # rendered once a run (tests/shared.py): these tests may run in either xdist worker
    return once_per_run(tmp_path_factory, "export-rendered-files",
                        lambda: render_files(inf_report))


@pytest.fixture(scope="module")
def workbook(inf_report, files):
    return load_workbook(io.BytesIO(files[f"{inf_report.stem}.xlsx"]))


def _merged(ws) -> set[tuple[int, int]]:
    return {(r, c) for m in ws.merged_cells.ranges
            for r in range(m.min_row, m.max_row + 1) for c in range(m.min_col, m.max_col + 1)}


def _widths(ws) -> list[float]:
    return [ws.column_dimensions[get_column_letter(c)].width
            for c in range(1, ws.max_column + 1)]


def test_every_sheet_is_set_up_for_a4(workbook):
    for ws in workbook.worksheets:
        ps = ws.page_setup
        assert int(ps.paperSize) == xlsx.PAPER == 9, ws.title          # A4
        assert ws.sheet_properties.pageSetUpPr.fitToPage, ws.title
        # the rule-variation table (about two dozen rows) and the simulation's figures (a
        # strategy's long name wraps) are one page each; the rest as tall as needed
        tall = 1 if ws.title in ("Rule variations", "Simulation") else 0
        assert int(ps.fitToWidth) == 1 and int(ps.fitToHeight) == tall, ws.title
        assert ps.orientation in ("portrait", "landscape"), ws.title
        # the identity and the heading repeat on every page (with a lone table's header)
        assert ws.print_title_rows in ("$1:$2", "$1:$4"), ws.title
        assert ws.oddFooter.left.text == "&A" and "&P" in ws.oddFooter.right.text
        assert {"A1:" in str(m) for m in ws.merged_cells.ranges} >= {True}, ws.title


def test_orientation_follows_the_sheet_width(workbook):
    for ws in workbook.worksheets:
        if ws.title in ("Deals", "Figures"):    # long: portrait at a smaller scale
            assert ws.page_setup.orientation == "portrait"
            continue
        wide = sum(_widths(ws)) > xlsx.PORTRAIT_UNITS
        assert ws.page_setup.orientation == ("landscape" if wide else "portrait"), ws.title
        # and legible: fitted to the width, the type stays at 8 pt or more
        page = xlsx.LANDSCAPE_UNITS if wide else xlsx.PORTRAIT_UNITS
        assert 11 * min(1.0, page / sum(_widths(ws))) >= 8, ws.title


def test_columns_are_as_wide_as_their_content(workbook, inf_report):
    """No column wider than its widest cell needs; a cell that does not fit wraps, in a row
    tall enough for it, and every other cell fits its column (no ###, nothing cut off)."""
    for ws in workbook.worksheets:
        if ws.title == "Figures":
            continue
        merged = _merged(ws)
        widths = _widths(ws)
        need = [0.0] * len(widths)
        for row in ws.iter_rows(min_row=4):
            for cell in row:
                text = xlsx._shown(cell)
                if not text or (cell.row, cell.column) in merged:
                    continue
                bold = bool(cell.font and cell.font.b)
                w = xlsx.text_width(text, bold=bold)
                width = widths[cell.column - 1]
                need[cell.column - 1] = max(need[cell.column - 1], w)
                if cell.alignment.wrap_text:
                    lines = xlsx.wrapped_lines(text, width, bold=bold)
                    assert ws.row_dimensions[cell.row].height >= 15 * lines, (ws.title, cell)
                else:
                    assert w <= width - 1, (ws.title, cell.coordinate, text, width)
        for c, (width, n) in enumerate(zip(widths, need), 1):
            assert width <= max(n + 2, 5) + 0.05, (ws.title, get_column_letter(c), width, n)
    report = workbook["Report"]
    json_text = inf_report.rules.canonical_json()
    [row] = [r for r in range(1, report.max_row + 1) if report.cell(r, 2).value == json_text]
    assert report.column_dimensions["B"].width < xlsx.text_width(json_text) / 3
    assert report.cell(row, 2).alignment.wrap_text and report.cell(row, 1).alignment.vertical \
        == "top"                                   # the label beside the top of its text


def test_deals_sheet_is_marked_not_for_printing(workbook):
    ws = workbook["Deals"]
    assert ws.print_area == "'Deals'!$A$1:$M$3"
    assert ws["A3"].value.startswith("Not for printing")
    assert ws.max_row > 2000 and ws.print_title_rows == "$1:$4"   # printable if cleared


def test_figures_are_page_wide_and_whole_on_a_page(workbook):
    ws = workbook["Figures"]
    assert len(ws._images) == 3
    breaks = sorted(b.id for b in ws.row_breaks.brk)
    pages: dict[int, int] = {}
    for img in ws._images:
        top = img.anchor._from.row + 1                     # 1-based first row
        width, height = img.anchor.ext.width / 9525, img.anchor.ext.height / 9525   # px
        assert width == xlsx._FIGURE_PX <= xlsx.PORTRAIT_UNITS * 7
        bottom = top + int(height // 20)
        page = sum(b < top for b in breaks)
        assert page == sum(b < bottom for b in breaks), "a figure crosses a page break"
        pages[page] = pages.get(page, 0) + int(height)
    assert max(pages.values()) <= xlsx._PAGE_PX
    last = int(re.search(r"\$(\d+)$", ws.print_area).group(1))
    assert all(img.anchor._from.row < last for img in ws._images)


def test_html_print_stylesheet(files, inf_report):
    page = files[f"{inf_report.stem}.html"].decode()
    css = html_page.CSS
    assert css in page and "@media print" in css and "@page { size: A4" in css
    printed = css[css.index("@media print"):]
    for rule in (r"h1, h2, caption \{ break-after: avoid",             # no orphaned heading
                 r"tr, td, th, li \{ break-inside: avoid",              # no row split
                 r"thead \{ display: table-header-group",               # header repeated
                 r"table\.short, figure, pre, \.meta \{ break-inside: avoid",
                 r"figure img \{ max-height: \d+mm"):                   # a figure fits a page
        assert re.search(rule, printed), rule
    doc = document.build(inf_report)
    tables = [b for s in doc.sections for b in s.blocks if isinstance(b, document.Table)]
    short = sum(len(t.rows) <= html_page.SHORT_TABLE for t in tables)
    assert page.count('<table class="short">') == short and 0 < short < len(tables) + 1


def test_published_report_is_set_up_for_print():
    """The committed workbook and page carry the print setup (regenerate them otherwise)."""
    wb = load_workbook(REPORTS / "21burn-standard.xlsx", read_only=False)
    assert {ws.page_setup.paperSize for ws in wb.worksheets} in ({xlsx.PAPER}, {str(xlsx.PAPER)})
    assert wb["Deals"]["A3"].value.startswith("Not for printing")
    assert "@media print" in (REPORTS / "21burn-standard.html").read_text()


def _tables(cells) -> list[tuple[int, int]]:
    """(first, last) row index (0-based, into ``cells``) of each table of a sheet: the runs
    of rows below the heading with something in them."""
    filled = {r for r in range(2, len(cells)) if any(c.value is not None for c in cells[r])}
    return [(r, next(e for e in range(r, len(cells)) if e + 1 not in filled))
            for r in sorted(filled) if r - 1 not in filled]


def test_numeric_headings_stand_over_their_numbers(workbook):
    """A heading over a column of numbers is right-aligned, as the numbers are (the burned
    ranks' headings sat at the left of wide columns, over the gap before their numbers)."""
    checked = 0
    for ws in workbook.worksheets:
        cells = [tuple(row) for row in ws.iter_rows()]   # once: ws.cell() per cell is slow
        for first, last in _tables(cells):
            head = cells[first]
            if head[0].fill.fgColor.rgb != xlsx._HEAD_FILL.fgColor.rgb:
                continue
            for c, heading in enumerate(head):
                values = [cells[r][c].value for r in range(first + 1, last + 1)
                          if c < len(cells[r])]
                values = [v for v in values if v is not None]
                if heading.value is None or not values:
                    continue
                numbers = all(isinstance(v, (int, float)) and not isinstance(v, bool)
                              for v in values)
                align = heading.alignment.horizontal
                assert (align == "right") == numbers, (ws.title, heading.value)
                checked += numbers
    ranks = next(r for r in range(1, 80) if workbook["Burn"].cell(r, 1).value == "up \\ burned")
    assert all(workbook["Burn"].cell(ranks, c).alignment.horizontal == "right"
               for c in range(2, 12)) and checked > 40


def test_no_table_is_split_across_printed_pages(workbook):
    """Each table that fits on a page prints whole: a page break before one that would cross
    the end of a page (the Burn sheet printed its last rows on the next page, without their
    headings). The pages are laid out here from the sheet's rows and breaks, with the page's
    height at the sheet's fit-to-width scale."""
    later = 0
    for ws in workbook.worksheets:
        if ws.print_title_rows != "$1:$2" or int(ws.page_setup.fitToHeight) == 1 \
                or ws.title == "Figures":
            continue                    # a lone table (its header repeats) or one page
        # the page from the sheet's own setup: A4, its margins, fitted to its columns' width
        # (pixels: 7 a unit and 5 of padding) at a whole percent
        m = ws.page_margins
        paper_w, paper_h = (841.9, 595.3) if ws.page_setup.orientation == "landscape" \
            else (595.3, 841.9)
        columns = sum(int(7 * w + 5) * 0.75 for w in _widths(ws))
        scale = min(100, int(100 * (paper_w - 72 * (m.left + m.right)) / columns)) / 100
        body = (paper_h - 72 * (m.top + m.bottom)) / scale - sum(
            ws.row_dimensions[r].height or 15 for r in (1, 2))
        breaks = {b.id for b in ws.row_breaks.brk}
        page, used = 0, 0.0
        where: dict[int, int] = {}
        for r in range(3, ws.max_row + 1):
            h = ws.row_dimensions[r].height or 15
            if r - 1 in breaks or used + h > body:
                page, used = page + 1, 0.0
            used += h
            where[r] = page
        for first0, last0 in _tables([tuple(row) for row in ws.iter_rows()]):
            first, last = first0 + 1, last0 + 1                   # sheet rows are 1-based
            tall = sum(ws.row_dimensions[r].height or 15 for r in range(first, last + 1))
            if tall <= body:
                assert where[first] == where[last], (ws.title, first, last)
                later += where[first] > 0
    assert later >= 1     # some table starts a later page (the Burn sheet's)


def test_html_print_wraps_commands_and_keeps_only_small_blocks_whole():
    """Printed, a command wraps at its spaces inside its box (a box it overflowed printed a
    scroll bar), and what is kept whole on a page is small: a kept table of SHORT_TABLE rows
    (at 8.5 pt, about 16 points a row) and its heading take at most a third of an A4 page's
    text height (kept tables of up to 25 rows pushed whole sections to the next page and left
    pages half empty)."""
    printed = html_page.CSS[html_page.CSS.index("@media print"):]
    assert re.search(r"pre \{ white-space: pre-wrap; overflow: visible; \}", printed)
    text_height = 297 - 14 - 16                                   # mm: @page's margins
    assert (html_page.SHORT_TABLE + 1) * 16 / 72 * 25.4 + 15 <= text_height / 3
