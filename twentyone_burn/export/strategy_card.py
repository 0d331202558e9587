"""strategy_card: the one-page strategy card - the short burn rule and the play tables.

One A4 landscape page (:data:`.xlsx.PAPER`, the paper of every output) a dealer can teach
from: the burn rule as printed (:meth:`~twentyone_burn.charts.burn_rule.BurnRule.text`, line
for line), the chart's hard, soft and pair tables with a letter in every cell, a legend, and
a footer with the rules in a few words (passed in: the chart workbook's ``rules_summary``,
which lives in the module that calls this one), the rules hash and the package version. The card is
written two ways from one :class:`CardContent`: a PDF (:func:`strategy_card_pdf`) and a
sheet of a workbook (:func:`add_card_sheet`), set to print on one page.

Why the PDF is drawn with matplotlib: it is already a dependency (the report's figures), so
the card needs nothing new; its PDF backend writes vector output (text stays text, sharp at
any size) with the fonts embedded (TrueType subsets of the DejaVu fonts matplotlib ships, so
the page looks the same on every machine and needs no installed font); and the file is
reproducible byte for byte: no creation date unless ``SOURCE_DATE_EPOCH`` is set, and then
that date (as :mod:`twentyone_burn.io` pins a workbook's times).

Colours are chosen to read in greyscale too: each action's fill has its own lightness (stand
lightest, then hit, double, double-else-stand; see :data:`CARD_FILLS`), the PDF hatches the
``Ds`` cells, and every cell carries its letter. No type is smaller than :data:`MIN_PT`.
The writers lay out what the chart and the rule say; they compute nothing (the values shown
are passed in).

>>> from twentyone_burn.charts.burn_rule import parse_burn_rule
>>> from twentyone_burn.charts.model import Chart
>>> from twentyone_burn.rules import Rules
>>> chart, rule = Chart.simple(Rules()), parse_burn_rule("keep AT, A9, 11")
>>> card_content(chart, rule, rules_line="6 decks, H17").rule_lines[-1]
'else burn the highest card (an ace counts 11)'
>>> strategy_card_pdf(chart, rule, rules_line="6 decks, H17")[:8]
b'%PDF-1.4'
"""

from __future__ import annotations

import io
import textwrap
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .._version import __version__
from ..charts.burn_rule import BurnRule, Move
from ..charts.model import ACTIONS, LEGEND, SPLIT_MARKS, UP_COLUMNS, Chart
from ..io import source_date

if TYPE_CHECKING:  # pragma: no cover
    from matplotlib.font_manager import FontProperties
    from openpyxl import Workbook
    from openpyxl.worksheet.worksheet import Worksheet

__all__ = ["CARD_FILLS", "CARD_SHEET", "MIN_PT", "CardContent", "CardTable", "add_card_sheet",
           "card_content", "grey_level", "strategy_card_pdf"]

#: the smallest type on the card, in points (printed size)
MIN_PT = 8.0
#: the name of the card's sheet in a workbook
CARD_SHEET = "Card"
#: each letter's fill (RGB hex). Printed in greyscale the actions still differ: lightness
#: (:func:`grey_level`) S 0.91, H 0.78, D 0.66, Ds 0.55 (and hatched in the PDF); P 0.60
#: against "-" white in the pair table.
CARD_FILLS = {"S": "FFE78A", "H": "F7B2B2", "D": "86C56F", "Ds": "5B9BD5", "P": "A08CD0",
              "-": "FFFFFF"}
#: hatching of a letter's cells in the PDF (matplotlib hatch patterns)
_HATCH = {"Ds": "////"}
_PAGE = (297 / 25.4, 210 / 25.4)      # A4 landscape, inches
_ROW_PT = 13.5                        # the sheet's rows: Calibri 10 with a little air
_MARGIN = 0.45


def grey_level(rgb: str) -> float:
    """The lightness (0 black ... 1 white) a greyscale print gives a fill (ITU-R BT.601 luma).

    >>> grey_level("FFFFFF"), round(grey_level(CARD_FILLS["D"]), 2)
    (1.0, 0.66)
    """
    r, g, b = (int(rgb[i:i + 2], 16) for i in (0, 2, 4))
    return (0.299 * r + 0.587 * g + 0.114 * b) / 255


@dataclass(frozen=True)
class CardTable:
    """One table of the card: its title, row header, row labels and a letter per cell
    (rows x :data:`~twentyone_burn.charts.model.UP_COLUMNS`), and a note under it."""

    title: str
    corner: str
    labels: tuple[str, ...]
    letters: tuple[tuple[str, ...], ...]
    note: str = ""


@dataclass(frozen=True)
class CardContent:
    """Everything the card says, for the PDF and the sheet alike.

    rule_lines: the burn rule exactly as :meth:`BurnRule.text` prints it (with its ``else``
    line), so the card is read from the same text the simulator plays.
    """

    title: str
    burn_heading: str
    burn_notes: tuple[str, ...]
    rule_lines: tuple[str, ...]
    value_lines: tuple[str, ...]
    play_heading: str
    play_notes: tuple[str, ...]
    tables: tuple[CardTable, ...]
    legend: tuple[tuple[str, str], ...]
    footer: tuple[str, ...]


def _pct(x: float) -> str:
    return f"{x * 100:+.4f} %"


def _ups_words(move: Move) -> str:
    text = move.text().split(":")[0][2:]          # "2-8", "T-A", "6", "2-6,8"
    words = text.replace("-", " to ").replace(",", ", ")
    return f"a dealer {words}"


def card_content(chart: Chart, rule: BurnRule, *, rules_line: str,
                 expected_return: float | None = None, chart_return: float | None = None,
                 optimal_return: float | None = None) -> CardContent:
    """What the card says for ``chart`` played with the burn ``rule``.

    rules_line: the rules in a few words, for the footer (the chart workbook's
    :func:`~twentyone_burn.export.chart_workbook.rules_summary`; passed in, since that module
    calls this one). The values (expected returns per initial wager, exact) are printed when
    given: the card's (``expected_return``: the rule with the chart's play), the full chart's,
    optimal play's.

    >>> from twentyone_burn.charts.burn_rule import parse_burn_rule
    >>> from twentyone_burn.rules import Rules
    >>> c = card_content(Chart.simple(Rules()), parse_burn_rule("keep AT\\nv 6: 11 before AT"),
    ...                  rules_line="6 decks, H17")
    >>> c.rule_lines[:2], [t.corner for t in c.tables]
    (('keep AT', 'v 6: 11 before AT'), ['hard', 'soft', 'pair'])
    """
    r = chart.rules
    notes = ["Keep the first hand on the list that two of your three cards make (read each "
             "line left to right, then the next line); burn the third card. "
             + ("A kept pair is split." if r.mandatory_split else
                "A kept pair is split where the pair table says P."),
             "11, 13-16: hard totals (no ace, not a pair). A7: an ace and a 7. 88: a pair. "
             "T: a ten or a face card."]
    moves = [line for line in rule.lines if isinstance(line, Move)]
    if moves:
        m = moves[0]
        notes.append(f"\"{m.text()}\": against {_ups_words(m)}, {m.hand.text} is ranked just "
                     f"{'before' if m.before else 'after'} {m.anchor.text}.")
    values = []
    if expected_return is not None:
        values.append(f"Playing this card: expected return {_pct(expected_return)} of the "
                      "initial wager (exact).")
        ref = []
        if chart_return is not None:
            ref.append(f"the full chart's burn table {_pct(chart_return)}")
        if optimal_return is not None:
            ref.append(f"optimal play {_pct(optimal_return)}")
        if ref:
            values.append("For comparison: " + ", ".join(ref) + ".")
    play = ["Find your total's row and the dealer's up card's column."
            " Split hands use these tables too"
            + ("; split aces take one card." if r.split_aces_one_card else ".")]
    pair_note = ("A split hand that draws another card of its pair is split again where it "
                 f"says P (up to {r.max_hands} hands). "
                 + ("Kept pairs: always split (mandatory)." if r.mandatory_split
                    else "A kept pair is split where it says P."))
    if not r.resplit_aces:
        pair_note += " Aces are not split again."

    def table(frame: Any, title: str, corner: str, note: str = "") -> CardTable:
        return CardTable(title, corner, tuple(str(x) for x in frame.index),
                         tuple(tuple(str(x) for x in row) for row in frame.to_numpy()), note)

    tables = (table(chart.hard, "Hard totals", "hard"),
              table(chart.soft, "Soft totals (an ace counted as 11)", "soft"),
              table(chart.resplit, "Pairs: split again (P)",
                    "pair", pair_note))
    chart_name = chart.name.split(" (")[0]          # the name without its explanation
    footer = (f"Rules: {rules_line}. Rules hash {r.rules_hash}.",
              f"twentyone-burn {__version__}. Chart: {chart_name}, burning by the rule above.")
    return CardContent(
        title="21 Burn strategy card",
        burn_heading="1  Burn: keep two cards by this list",
        burn_notes=tuple(notes),
        rule_lines=tuple(rule.text().splitlines()),
        value_lines=tuple(values),
        play_heading="2  Play each hand by the tables",
        play_notes=tuple(play),
        tables=tables,
        legend=tuple((a, LEGEND[a]) for a in (*ACTIONS, *SPLIT_MARKS)),
        footer=footer,
    )


# -- PDF --------------------------------------------------------------------------------------
@cache
def _font(bold: bool = False, size: float = 10.0) -> FontProperties:
    """DejaVu Sans from matplotlib's own files (the same font on every machine)."""
    import matplotlib
    from matplotlib.font_manager import FontProperties
    name = "DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf"
    return FontProperties(fname=Path(matplotlib.get_data_path()) / "fonts" / "ttf" / name,
                          size=size)


def _width(text: str, size: float, bold: bool = False) -> float:
    """Width of ``text`` in inches at ``size`` points."""
    from matplotlib.textpath import TextToPath
    w, _, _ = TextToPath().get_text_width_height_descent(text, _font(bold, size), ismath=False)
    return w / 72


def _wrap(text: str, width: float, size: float, bold: bool = False) -> list[str]:
    """``text`` broken at spaces into lines at most ``width`` inches wide."""
    words, lines, cur = text.split(), [], ""
    for w in words:
        cand = f"{cur} {w}" if cur else w
        if cur and _width(cand, size, bold) > width:
            lines.append(cur)
            cur = w
        else:
            cur = cand
    return [*lines, cur] if cur else lines


class _Page:
    """A figure the size of the page, drawn in inches from its bottom-left corner; every
    text size is checked against :data:`MIN_PT`."""

    def __init__(self) -> None:
        from matplotlib.figure import Figure
        self.fig = Figure(figsize=_PAGE)
        self.tr = self.fig.dpi_scale_trans

    def text(self, x: float, y: float, s: str, size: float, bold: bool = False,
             **kw: Any) -> None:
        if size < MIN_PT:
            raise ValueError(f"card text {s[:30]!r} at {size:.1f} pt: below {MIN_PT:g} pt")
        t = self.fig.text(x, y, s, fontproperties=_font(bold, size), transform=self.tr, **kw)
        if hasattr(t, "set_fontfeatures"):     # matplotlib 3.11+ shapes text: no ligatures,
            t.set_fontfeatures(["-liga"])      # so the PDF's text is the card's, letter by letter

    def box(self, x: float, y: float, w: float, h: float, fill: str, hatch: str | None = None,
            edge: str = "#7f7f7f") -> None:
        from matplotlib.patches import Rectangle
        self.fig.patches.append(Rectangle((x, y), w, h, transform=self.tr, facecolor=fill,
                                          edgecolor=edge, linewidth=0.5, hatch=hatch))


def _fill(letter: str) -> str:
    return "#" + CARD_FILLS[letter]


def _draw_table(p: _Page, t: CardTable, x: float, top: float, label_w: float, cell_w: float,
                row_h: float) -> float:
    """Draw a table with its title's baseline at ``top``; returns the y of its bottom."""
    titles = _wrap(t.title, label_w + 10 * cell_w, 10.5, bold=True)
    for k, line in enumerate(titles):
        p.text(x, top - 0.17 * k, line, 10.5, bold=True)
    y = top - 0.17 * (len(titles) - 1) - 0.1 - row_h
    p.box(x, y, label_w, row_h, "#d9d9d9")
    p.text(x + label_w / 2, y + row_h / 2, t.corner, 8.5, ha="center", va="center")
    for k, up in enumerate(UP_COLUMNS):
        cx = x + label_w + k * cell_w
        p.box(cx, y, cell_w, row_h, "#d9d9d9")
        p.text(cx + cell_w / 2, y + row_h / 2, up, 10, bold=True, ha="center", va="center")
    for label, row in zip(t.labels, t.letters):
        y -= row_h
        p.box(x, y, label_w, row_h, "#eeeeee")
        p.text(x + label_w / 2, y + row_h / 2, label, 10, bold=True, ha="center", va="center")
        for k, a in enumerate(row):
            cx = x + label_w + k * cell_w
            p.box(cx, y, cell_w, row_h, _fill(a), hatch=_HATCH.get(a))
            p.text(cx + cell_w / 2, y + row_h / 2, a, 10, bold=a != "-", ha="center",
                   va="center", color="#555555" if a == "-" else "black",
                   bbox=(dict(boxstyle="square,pad=0.08", facecolor=_fill(a), linewidth=0)
                         if a in _HATCH else None))
    if t.note:
        for line in _wrap(t.note, label_w + 10 * cell_w, 9):
            y -= 0.17
            p.text(x, y, line, 9)
    return y


def strategy_card_pdf(chart: Chart, rule: BurnRule, *, rules_line: str,
                      expected_return: float | None = None, chart_return: float | None = None,
                      optimal_return: float | None = None) -> bytes:
    """The strategy card as a one-page A4 landscape PDF (see the module's notes).

    ``rules_line`` and the values: as for :func:`card_content`. A rule line too long to print
    at :data:`MIN_PT` raises ValueError naming the line.

    >>> from twentyone_burn.charts.burn_rule import parse_burn_rule
    >>> from twentyone_burn.rules import Rules
    >>> import re
    >>> pdf = strategy_card_pdf(Chart.simple(Rules()), parse_burn_rule("keep AT, 11"),
    ...                         rules_line="6 decks, H17")
    >>> len(re.findall(rb"/Type /Page[^s]", pdf))
    1
    """
    from matplotlib import rc_context

    c = card_content(chart, rule, rules_line=rules_line, expected_return=expected_return,
                     chart_return=chart_return, optimal_return=optimal_return)
    with rc_context({"pdf.fonttype": 42, "hatch.linewidth": 0.6, "hatch.color": "#2f4f6f"}):
        p = _Page()
        W, H = _PAGE
        m = _MARGIN
        left_w = 4.45
        top = H - m - 0.2
        p.text(m, top, c.title, 17, bold=True)
        p.text(W - m, top, "dealer up card: across the top of each table", 9, ha="right",
               color="#333333")
        y = top - 0.45
        # 1. the burn rule
        p.text(m, y, c.burn_heading, 12, bold=True)
        for note in c.burn_notes:
            for line in _wrap(note, left_w, 9.5):
                y -= 0.175
                p.text(m, y, line, 9.5)
        y -= 0.12
        gutter = 0.24
        longest = max(_width(line, 1.0, bold=True) for line in c.rule_lines)
        size = min(10.5, (left_w - gutter) / longest)
        if size < MIN_PT:
            worst = max(c.rule_lines, key=lambda s: _width(s, 1.0, bold=True))
            raise ValueError(f"burn rule line {worst!r} is too long for the card "
                             f"({len(worst)} characters; about {int(len(worst) * size / MIN_PT)}"
                             " fit)")
        step = size * 1.65 / 72
        band_h = step * len(c.rule_lines) + 0.08
        p.box(m - 0.05, y - band_h + 0.02, left_w + 0.1, band_h, "#f5f5f5", edge="#999999")
        for k, line in enumerate(c.rule_lines, 1):
            y -= step
            last = k == len(c.rule_lines)
            p.text(m + gutter - 0.06, y, "" if last else str(k), 8, ha="right",
                   color="#555555")
            p.text(m + gutter, y, line, size, bold=not line.startswith("v "))
        y -= 0.16
        for v in c.value_lines:
            for line in _wrap(v, left_w, 9.5):
                y -= 0.175
                p.text(m, y, line, 9.5)
        # 2. play
        y -= 0.3
        p.text(m, y, c.play_heading, 12, bold=True)
        for note in c.play_notes:
            for line in _wrap(note, left_w, 9.5):
                y -= 0.175
                p.text(m, y, line, 9.5)
        left_bottom = y
        # the tables: hard on the left, soft above pairs on the right; the legend under hard
        label_w, cell_w, row_h = 0.44, 0.245, 0.235
        tx = m + left_w + 0.27
        tw = label_w + 10 * cell_w
        hard, soft, pair = c.tables
        table_top = top - 0.45
        y = _draw_table(p, hard, tx, table_top, label_w, cell_w, row_h) - 0.08
        for letter, meaning in c.legend:
            lines = _wrap(meaning, tw - 0.45, 9)
            y -= 0.235 + 0.14 * (len(lines) - 1)
            p.box(tx, y - 0.03, 0.34, 0.21, _fill(letter), hatch=_HATCH.get(letter))
            p.text(tx + 0.17, y + 0.075, letter, 10, bold=letter != "-", ha="center",
                   va="center", bbox=(dict(boxstyle="square,pad=0.08",
                                           facecolor=_fill(letter), linewidth=0)
                                      if letter in _HATCH else None))
            for k, line in enumerate(lines):
                p.text(tx + 0.44, y + 0.04 + 0.14 * (len(lines) - 1 - k), line, 9)
        legend_bottom = y
        bottom = _draw_table(p, soft, tx + tw + 0.27, table_top, label_w, cell_w, row_h)
        pair_bottom = _draw_table(p, pair, tx + tw + 0.27, bottom - 0.33, label_w, cell_w,
                                  row_h)
        # footer, bottom up
        fy = m
        for part in reversed([x for line in c.footer for x in _wrap(line, W - 2 * m, 8)]):
            p.text(m, fy, part, 8, color="#333333")
            fy += 0.15
        footer_top = fy - 0.15 + 8 / 72           # the top footer line's baseline + ascent
        if min(left_bottom, legend_bottom, pair_bottom) - 0.04 < footer_top + 0.02:
            raise ValueError("the card's content runs into its footer")
        when = source_date()
        meta = {"Title": c.title, "Author": "twentyone-burn",
                "Subject": f"{chart.name}; {rule.name}",
                "Keywords": f"rules hash {chart.rules.rules_hash}",
                "Creator": f"twentyone-burn {__version__} (matplotlib)",
                "CreationDate": when}
        buf = io.BytesIO()
        p.fig.savefig(buf, format="pdf", metadata=meta)
    return buf.getvalue()


# -- the workbook sheet -----------------------------------------------------------------------
def _sheet_wrap(text: str, width: float, size: float) -> list[str]:
    """``text`` in lines that fit ``width`` Excel units at ``size`` points (an estimate)."""
    from .xlsx import text_width
    chars = max(20, int(len(text) * width / max(text_width(text, size), 1e-9)))
    return textwrap.wrap(text, chars) or [""]


def add_card_sheet(workbook: Workbook, chart: Chart, rule: BurnRule, *, rules_line: str,
                   expected_return: float | None = None, chart_return: float | None = None,
                   optimal_return: float | None = None, title: str = CARD_SHEET) -> Worksheet:
    """Add the strategy card as a sheet of ``workbook`` (the same content and fills as the
    PDF): A4 landscape, fitted to one page, print area set, no type under :data:`MIN_PT`
    at the fitted scale. Returns the sheet.

    >>> from openpyxl import Workbook
    >>> from twentyone_burn.charts.burn_rule import parse_burn_rule
    >>> from twentyone_burn.rules import Rules
    >>> ws = add_card_sheet(Workbook(), Chart.simple(Rules()), parse_burn_rule("keep AT, 11"),
    ...                     rules_line="6 decks, H17")
    >>> ws.title, ws.page_setup.orientation, ws.page_setup.fitToHeight
    ('Card', 'landscape', 1)
    """
    from openpyxl.styles import Alignment, Border, Font, PatternFill, Side
    from openpyxl.utils import get_column_letter

    from .xlsx import page_setup, text_width

    c = card_content(chart, rule, rules_line=rules_line, expected_return=expected_return,
                     chart_return=chart_return, optimal_return=optimal_return)
    ws = workbook.create_sheet(title)
    font = "Calibri"     # named: LibreOffice's default font is a serif

    def f(size: float = 10, bold: bool = False, **kw: Any) -> Font:
        assert size >= 9, "a sheet font under 9 pt prints under 8 pt at the fitted scale"
        return Font(name=font, size=size, bold=bold, **kw)

    thin = Side(style="thin", color="999999")
    box = Border(left=thin, right=thin, top=thin, bottom=thin)
    centre = Alignment(horizontal="center", vertical="center")
    head = PatternFill("solid", fgColor="D9D9D9")
    fills = {k: PatternFill("solid", fgColor=v) for k, v in CARD_FILLS.items()}
    # columns: A line numbers / legend letters, B the rule, C gap, D:N hard, O gap, P:Z soft
    rule_w = max(40.0, max(text_width(line, 10, bold=True) for line in c.rule_lines) + 1)
    widths = {1: 4.0, 2: rule_w, 3: 2.0, 15: 2.0}
    for base in (4, 16):
        widths[base] = 5.0
        for k in range(1, 11):
            widths[base + k] = 3.4
    for col, w in widths.items():
        ws.column_dimensions[get_column_letter(col)].width = w

    ws.cell(1, 1, c.title).font = f(15, bold=True)
    ws.cell(1, 16, "dealer up card: across the top of each table").font = f(9, italic=True)
    row = 3
    ws.cell(row, 1, c.burn_heading).font = f(12, bold=True)
    for note in c.burn_notes:
        for line in _sheet_wrap(note, widths[1] + rule_w, 9.5):
            row += 1
            ws.cell(row, 1, line).font = f(9.5)
    row += 1
    grey = PatternFill("solid", fgColor="F5F5F5")
    for k, line in enumerate(c.rule_lines, 1):
        row += 1
        last = k == len(c.rule_lines)
        num = ws.cell(row, 1, None if last else k)
        num.font, num.alignment, num.fill = f(9, color="555555"), centre, grey
        cell = ws.cell(row, 2, line)
        cell.font, cell.fill = f(10, bold=not line.startswith("v ")), grey
    row += 1
    for v in c.value_lines:
        for line in _sheet_wrap(v, widths[1] + rule_w, 9.5):
            row += 1
            ws.cell(row, 1, line).font = f(9.5)
    row += 2
    ws.cell(row, 1, c.play_heading).font = f(12, bold=True)
    for note in c.play_notes:
        for line in _sheet_wrap(note, widths[1] + rule_w, 9.5):
            row += 1
            ws.cell(row, 1, line).font = f(9.5)
    row += 1
    for letter, meaning in c.legend:
        row += 1
        cell = ws.cell(row, 1, letter)
        cell.fill, cell.font, cell.alignment, cell.border = fills[letter], \
            f(10, bold=letter != "-"), centre, box
        ws.cell(row, 2, meaning).font = f(9.5)
    last_row = row

    def table(t: CardTable, col: int, top: int) -> int:
        ws.cell(top, col, t.title).font = f(11, bold=True)
        r0 = top + 1
        for k, label in enumerate((t.corner, *UP_COLUMNS)):
            cell = ws.cell(r0, col + k, label)
            cell.font, cell.alignment, cell.fill, cell.border = \
                f(9 if k == 0 else 10, bold=k > 0), centre, head, box
        for i, (label, letters) in enumerate(zip(t.labels, t.letters), r0 + 1):
            cell = ws.cell(i, col, label)
            cell.font, cell.alignment, cell.fill, cell.border = f(10, bold=True), centre, \
                PatternFill("solid", fgColor="EEEEEE"), box
            for k, a in enumerate(letters, 1):
                cell = ws.cell(i, col + k, a)
                cell.font = f(10, bold=a != "-", color="555555" if a == "-" else "000000")
                cell.alignment, cell.fill, cell.border = centre, fills[a], box
        end = r0 + len(t.labels)
        if t.note:
            for line in _sheet_wrap(t.note, sum(widths[col + k] for k in range(11)), 9):
                end += 1
                ws.cell(end, col, line).font = f(9)
        return end

    hard, soft, pair = c.tables
    table(hard, 4, 3)
    end = table(soft, 16, 3)
    end = table(pair, 16, end + 2)
    last_row = max(last_row, end, 3 + 1 + len(hard.labels))
    row = last_row + 2
    for line in c.footer:
        for part in _sheet_wrap(line, sum(widths.values()), 9):
            ws.cell(row, 1, part).font = f(9, color="333333")
            row += 1
    for r in range(1, row):
        ws.row_dimensions[r].height = _ROW_PT if r > 1 else 20
    ws.print_area = f"A1:{get_column_letter(max(widths))}{row - 1}"
    page_setup(ws, landscape=True, fit_height=1)
    # one page, its own footer rows: the page footer keeps only the sheet's name, at a size
    # that stays over MIN_PT at the fitted scale
    ws.oddFooter.left.size = 9
    ws.oddFooter.right.text = ws.oddFooter.right.size = None
    ws.print_options.horizontalCentered = True
    ws.sheet_view.showGridLines = False
    return ws
