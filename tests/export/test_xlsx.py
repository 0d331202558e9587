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

from twentyone_burn.export import document, html_page, render_files, xlsx

REPORTS = pathlib.Path(__file__).resolve().parents[2] / "reports"


@pytest.fixture(scope="module")
def files(inf_report):
    return render_files(inf_report)


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
