"""export/chart_workbook: the chart workbook printed - one A4 page a sheet, the burn grid at a
legible size, the Summary's labels beside their own text (read back with openpyxl; the page
counts themselves come from ``scripts/print_pages.py`` with LibreOffice)."""

from __future__ import annotations

import pathlib
from types import SimpleNamespace

import pytest
from openpyxl import load_workbook
from openpyxl.utils import get_column_letter

from twentyone_burn.charts.files import HEADER_ROW, load_chart
from twentyone_burn.export import xlsx
from twentyone_burn.export.chart_workbook import save_xlsx

PUBLISHED = pathlib.Path(__file__).resolve().parents[2] / "strategy_tables" / "chart.xlsx"
#: A4 in points less page_setup's margins (0.5 inch each side, 0.6 inch top and bottom)
PRINTABLE = {"portrait": (595.3 - 72, 841.9 - 86.4), "landscape": (841.9 - 72, 595.3 - 86.4)}


def _analysis(er: float, strategy: str) -> SimpleNamespace:
    """What the Summary sheet reads of an analysis."""
    return SimpleNamespace(expected_return=er, house_edge=-er, element_of_risk=-0.18,
                           average_total_wager=1.5, strategy=strategy)


@pytest.fixture
def workbook(tmp_path, simple):
    optimal = _analysis(0.281, "optimal composition-dependent play: " + "every card seen " * 30)
    valued = _analysis(0.2809, "the chart (" + "a long description " * 10 + ")")
    path = save_xlsx(simple, tmp_path / "c.xlsx", optimal, valued)
    return path, load_workbook(path)


def _points(ws) -> tuple[float, float]:
    """(width, height) in points of a sheet's used range at 100 %."""
    width = sum(int(7 * (ws.column_dimensions[get_column_letter(c)].width or 8.43) + 5) * 0.75
                for c in range(1, ws.max_column + 1))
    height = sum(ws.row_dimensions[r].height or (18 if r == 1 else 15)
                 for r in range(1, ws.max_row + 1))
    return width, height


def test_every_sheet_is_one_a4_page(workbook):
    _, wb = workbook
    sheets = ["Burn", "Hard", "Soft", "Resplit", "Rules", "Summary"]
    assert [n for n in wb.sheetnames if n in sheets] == sheets   # room for more (a card)
    for ws in map(wb.__getitem__, sheets):
        ps = ws.page_setup
        assert int(ps.paperSize) == xlsx.PAPER, ws.title
        assert ws.sheet_properties.pageSetUpPr.fitToPage
        assert int(ps.fitToWidth) == 1 and int(ps.fitToHeight) == 1, ws.title
        assert ps.orientation == ("portrait" if ws.title == "Burn" else "landscape"), ws.title
        assert ws.oddFooter.left.text == "&A"


def test_sheets_print_at_a_legible_size(workbook):
    """Fitted to one page, every sheet's 11 pt type prints at 8 pt or more (the burn grid at
    about 9 pt; it was about 5 pt with its notes in a 60-wide column)."""
    _, wb = workbook
    for ws in map(wb.__getitem__, ["Burn", "Hard", "Soft", "Resplit", "Rules", "Summary"]):
        width, height = _points(ws)
        page_w, page_h = PRINTABLE[ws.page_setup.orientation]
        scale = min(1.0, page_w / width, page_h / height)
        assert 11 * scale >= (8.5 if ws.title == "Burn" else 10), (ws.title, scale)


def test_burn_notes_sit_beside_the_grid_and_the_chart_still_reads(workbook, simple):
    path, wb = workbook
    ws = wb["Burn"]
    last_col = 2 + 10
    notes = [m for m in ws.merged_cells.ranges if m.min_col == last_col + 2]
    assert len(notes) == 1 and notes[0].min_row == HEADER_ROW + 1
    assert ws.cell(HEADER_ROW + 1, last_col + 2).alignment.wrap_text
    assert ws.max_row == HEADER_ROW + len(simple.burn_values)     # nothing below the grid
    assert load_chart(path).equals(simple)


def test_summary_labels_sit_beside_their_own_text(workbook):
    """Each strategy label is at the top of its row, the text merged across B:F beside it, the
    row as tall as the text wraps to (the old rows were taller than their text and the labels
    bottom-aligned, so on paper a label sat beside the next row's text)."""
    _, wb = workbook
    ws = wb["Summary"]
    span = sum(ws.column_dimensions[c].width for c in "BCDEF")
    rows = [r for r in range(1, ws.max_row + 1)
            if str(ws.cell(r, 1).value).startswith("strategy (")]
    assert len(rows) == 2
    for r in rows:
        assert f"B{r}:F{r}" in {str(m) for m in ws.merged_cells.ranges}
        assert ws.cell(r, 1).alignment.vertical == ws.cell(r, 2).alignment.vertical == "top"
        lines = xlsx.wrapped_lines(ws.cell(r, 2).value, span)
        assert ws.row_dimensions[r].height == 15 * lines
        assert xlsx.text_width(ws.cell(r, 2).value) / span < lines   # not taller than needed
    for r in (2, 3):   # the chart's name and the rules wrap across the sheet
        assert f"A{r}:F{r}" in {str(m) for m in ws.merged_cells.ranges}


def test_published_chart_is_set_up_for_print():
    """The committed workbook carries the print setup (regenerate it otherwise)."""
    wb = load_workbook(PUBLISHED)
    assert {ws.page_setup.paperSize for ws in wb.worksheets} in ({xlsx.PAPER},
                                                                 {str(xlsx.PAPER)})
    assert wb["Burn"].page_setup.orientation == "portrait"


def test_rules_sheet_prints_within_its_columns_in_the_rules_files_words(workbook, simple):
    """The meanings wrap in their column (they ran past the table, off a printed page), the
    booleans print TRUE / FALSE (LibreOffice printed 1 / 0) and the infinite deck is written
    as the rules file writes it (the meaning said None); the chart still loads."""
    path, wb = workbook
    ws = wb["Rules"]
    width = ws.column_dimensions["C"].width
    rows = range(HEADER_ROW + 1, HEADER_ROW + 1 + len(simple.rules.to_dict()))
    for r in rows:
        meaning = ws.cell(r, 3).value
        assert ws.cell(r, 3).alignment.wrap_text, meaning
        assert ws.row_dimensions[r].height >= 15 * xlsx.wrapped_lines(meaning, width), meaning
        assert "None" not in meaning and "``" not in meaning
        value = ws.cell(r, 2).value
        if isinstance(value, bool):
            assert ws.cell(r, 2).number_format == '"TRUE";"TRUE";"FALSE"'
    assert sum(isinstance(ws.cell(r, 2).value, bool) for r in rows) >= 5
    assert "inf for an infinite deck" in ws.cell(HEADER_ROW + 1, 3).value
    [name] = [r for r in range(1, ws.max_row + 1) if ws.cell(r, 1).value == "chart"]
    assert f"B{name}:C{name}" in {str(m) for m in ws.merged_cells.ranges}   # within the table
    assert ws.cell(name, 2).alignment.wrap_text
    assert load_chart(path).equals(simple)
