"""export/strategy_card: the one-page strategy card - one A4 landscape page, legible, read from
the printed rule.

The PDF is read back here without a PDF library (pypdf is used when it is installed): its
content streams are inflated and the text and font sizes taken from the text operators. The
page counts after conversion by LibreOffice and poppler come from ``scripts/card_pages.py``.
"""

from __future__ import annotations

import itertools
import pathlib
import re
import zlib

import pytest
from openpyxl import Workbook, load_workbook
from openpyxl.utils import get_column_letter

from twentyone_burn.charts.burn_rule import parse_burn_rule, read_burn_rule
from twentyone_burn.charts.files import load_chart
from twentyone_burn.charts.model import ACTIONS, PAIRS, SPLIT_MARKS, Chart
from twentyone_burn.export import xlsx
from twentyone_burn.export.chart_workbook import rules_summary
from twentyone_burn.export.strategy_card import (
    CARD_FILLS,
    CARD_SHEET,
    MIN_PT,
    add_card_sheet,
    card_content,
    grey_level,
    strategy_card_pdf,
)
from twentyone_burn.rules import Rules

LINE = "6 decks, H17"
ROOT = pathlib.Path(__file__).resolve().parents[2] / "strategy_tables"
#: A4 landscape, points
A4 = (841.89, 595.28)
#: A4 landscape less page_setup's margins (0.5 inch each side, 0.6 inch top and bottom)
PRINTABLE = (841.9 - 72, 595.3 - 86.4)
VALUES = {"rules_line": rules_summary(Rules()), "expected_return": 0.280949492483,
          "chart_return": 0.281033376985, "optimal_return": 0.281080435757}


@pytest.fixture(scope="module")
def published():
    return load_chart(ROOT), read_burn_rule(ROOT / "burn-rule.txt")


@pytest.fixture(scope="module")
def pdf(published):
    chart, rule = published
    return strategy_card_pdf(chart, rule, **VALUES)


# -- reading a PDF back -----------------------------------------------------------------------
def _streams(data: bytes) -> list[bytes]:
    out = []
    for m in re.finditer(rb"stream\r?\n(.*?)\r?\nendstream", data, re.S):
        try:
            out.append(zlib.decompress(m.group(1)))
        except zlib.error:
            out.append(m.group(1))
    return out


_LITERAL = re.compile(rb"\((?:[^\\()]|\\.)*\)", re.S)
_ESCAPE = {b"n": b"\n", b"r": b"\r", b"t": b"\t", b"b": b"\b", b"f": b"\f"}


def _unescape(s: bytes) -> bytes:
    def one(m: re.Match) -> bytes:
        e = m.group(1)
        if e[:1].isdigit():
            return bytes([int(e, 8)])
        return _ESCAPE.get(e, e)
    return re.sub(rb"\\([0-7]{1,3}|.)", one, s, flags=re.S)


def pdf_lines(data: bytes) -> list[str]:
    """The text of every text object (matplotlib writes one a line), in drawing order."""
    lines = []
    for stream in _streams(data):
        for block in re.findall(rb"BT(.*?)ET", stream, re.S):
            raw = b"".join(_unescape(s[1:-1]) for s in _LITERAL.findall(block))
            lines.append(raw.decode("utf-16-be"))     # Type 42 text: two bytes a character
    return lines


def pdf_font_sizes(data: bytes) -> list[float]:
    return [float(x) for s in _streams(data) for x in re.findall(rb"/F\d+ ([\d.]+) Tf", s)]


def pdf_pages(data: bytes) -> int:
    try:
        import pypdf
    except ImportError:
        return len(re.findall(rb"/Type\s*/Page(?![a-zA-Z])", data))
    import io
    return len(pypdf.PdfReader(io.BytesIO(data)).pages)


# -- the PDF ----------------------------------------------------------------------------------
def test_pdf_is_one_a4_landscape_page(pdf):
    assert pdf.startswith(b"%PDF-") and pdf_pages(pdf) == 1
    box = re.search(rb"/MediaBox \[\s*0 0 ([\d.]+) ([\d.]+)\s*\]", pdf)
    assert box is not None
    assert (float(box.group(1)), float(box.group(2))) == pytest.approx(A4, abs=0.5)
    assert b"/FontFile2" in pdf                     # TrueType fonts embedded


def test_pdf_text_is_legible_and_carries_the_rules_hash(pdf, published):
    chart, rule = published
    sizes = pdf_font_sizes(pdf)
    assert sizes and min(sizes) >= MIN_PT
    text = "\n".join(pdf_lines(pdf))
    assert chart.rules.rules_hash in text
    assert "twentyone-burn 0." in text and "6 decks, H17" in text
    assert "+28.0949 %" in text


def test_card_is_drawn_from_the_printed_rule(pdf, published):
    """The burn lines on the card are the rule's printed text, line for line; they parse back
    to the same rule; another rule gives another card (no table kept beside the text)."""
    chart, rule = published
    printed = rule.text().splitlines()
    content = card_content(chart, rule, rules_line=LINE)
    assert list(content.rule_lines) == printed
    assert parse_burn_rule("\n".join(content.rule_lines)).lines == rule.lines
    lines = pdf_lines(pdf)
    assert all(line in lines for line in printed)
    other = parse_burn_rule("keep 11, AT\nv 6: 12 before 11")
    other_lines = pdf_lines(strategy_card_pdf(chart, other, rules_line=LINE))
    assert "keep 11, AT" in other_lines and "v 6: 12 before 11" in other_lines
    assert printed[0] not in other_lines


def test_card_tables_are_the_chart(published):
    chart, rule = published
    hard, soft, pair = card_content(chart, rule, rules_line=LINE).tables
    for table, frame in ((hard, chart.hard), (soft, chart.soft), (pair, chart.resplit)):
        assert table.labels == tuple(str(x) for x in frame.index)
        assert [list(r) for r in table.letters] == frame.to_numpy().tolist()
    assert pair.labels == PAIRS


def test_legend_reads_in_greyscale():
    """Each action's fill has its own lightness; P stands out from '-'."""
    for a, b in itertools.combinations(ACTIONS, 2):
        assert abs(grey_level(CARD_FILLS[a]) - grey_level(CARD_FILLS[b])) >= 0.08, (a, b)
    p, no = (grey_level(CARD_FILLS[x]) for x in SPLIT_MARKS)
    assert no - p >= 0.3
    assert set(CARD_FILLS) == {*ACTIONS, *SPLIT_MARKS}


def test_pdf_is_reproducible(monkeypatch, published):
    chart, rule = published
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1796045224")
    a = strategy_card_pdf(chart, rule, rules_line=LINE)
    assert a == strategy_card_pdf(chart, rule, rules_line=LINE)
    assert b"/CreationDate (D:20261130132704" in a
    monkeypatch.delenv("SOURCE_DATE_EPOCH")
    b = strategy_card_pdf(chart, rule, rules_line=LINE)
    assert b"/CreationDate" not in b and b == strategy_card_pdf(chart, rule, rules_line=LINE)


def test_a_rule_line_too_long_for_the_card_says_so():
    chart = Chart.simple(Rules())
    long = "keep " + ", ".join([f"A{c}" for c in "T98765432"] + [f"{c}{c}" for c in "AT98765432"]
                               + [str(t) for t in range(19, 4, -1)])
    with pytest.raises(ValueError, match="too long for the card"):
        strategy_card_pdf(chart, parse_burn_rule(long), rules_line=LINE)


# -- the workbook sheet -----------------------------------------------------------------------
def _points(ws) -> tuple[float, float]:
    """(width, height) in points of a sheet's print area at 100 %."""
    width = sum(int(7 * (ws.column_dimensions[get_column_letter(c)].width or 8.43) + 5) * 0.75
                for c in range(1, ws.max_column + 1))
    height = sum(ws.row_dimensions[r].height or 15 for r in range(1, ws.max_row + 1))
    return width, height


@pytest.fixture(scope="module")
def sheet(published, tmp_path_factory):
    chart, rule = published
    wb = Workbook()
    add_card_sheet(wb, chart, rule, **VALUES)
    path = tmp_path_factory.mktemp("card") / "card.xlsx"
    wb.save(path)
    return load_workbook(path)[CARD_SHEET]


def test_card_sheet_prints_on_one_landscape_page(sheet):
    ps = sheet.page_setup
    assert ps.orientation == "landscape" and int(ps.paperSize) == xlsx.PAPER
    assert sheet.sheet_properties.pageSetUpPr.fitToPage
    assert int(ps.fitToWidth) == 1 and int(ps.fitToHeight) == 1
    assert str(sheet.print_area).endswith(f"!$A$1:$Z${sheet.max_row}")


def test_card_sheet_type_is_legible_at_the_fitted_scale(sheet):
    width, height = _points(sheet)
    scale = min(1.0, PRINTABLE[0] / width, PRINTABLE[1] / height)
    sizes = [c.font.sz for row in sheet.iter_rows() for c in row if c.value is not None]
    assert sizes and min(sizes) * scale >= MIN_PT, (min(sizes), scale)


def test_card_sheet_says_what_the_pdf_says(sheet, published):
    chart, rule = published
    cells = {str(c.value): c for row in sheet.iter_rows() for c in row if c.value is not None}
    rule_cells = [v for v in cells if v in set(rule.text().splitlines())]
    assert parse_burn_rule("\n".join(rule_cells)).lines == rule.lines
    assert any(chart.rules.rules_hash in v for v in cells)
    letters = [c for row in sheet.iter_rows() for c in row
               if c.value in CARD_FILLS and c.fill.fgColor.rgb.endswith(CARD_FILLS[c.value])]
    n_cells = 10 * (len(chart.hard) + len(chart.soft) + len(chart.resplit))
    assert len(letters) == n_cells + len(CARD_FILLS)           # every cell and the legend


# -- the published card -----------------------------------------------------------------------
def test_published_card_is_current(published):
    """strategy_tables/card.pdf says what the published chart and rule say (regenerate with
    ``twentyone-burn chart --out strategy_tables --force``)."""
    path = ROOT / "card.pdf"
    assert path.is_file(), "strategy_tables/card.pdf missing"
    data = path.read_bytes()
    assert pdf_pages(data) == 1
    chart, rule = published
    want = pdf_lines(strategy_card_pdf(chart, rule, **VALUES))
    assert pdf_lines(data) == want
