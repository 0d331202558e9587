"""chart_workbook: writing a chart - the styled xlsx workbook and the CSV folder beside it.

The workbook has one sheet per table (Burn, Hard, Soft, Resplit), the Rules sheet, and a
Summary sheet when the chart's exact value is known; every set of files is written all or
nothing through :mod:`twentyone_burn.io`. The writers lay out what the chart and the analyses
hold; they compute nothing.

Print: every sheet is one A4 page (the paper of every workbook, :data:`.xlsx.PAPER`; set up by
:func:`.xlsx.page_setup`): the Burn sheet portrait, its notes in a narrow wrapped block beside
the grid so that the grid prints at about 9 pt, the others landscape at full size. A one-page
sheet added later (a strategy card) takes the same call with ``fit_height=1``.
"""

from __future__ import annotations

import dataclasses
import io
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from .._version import __version__
from ..charts.files import HEADER_ROW, SHEET_OF, SPECS, csv_texts
from ..charts.model import ACTIONS, LEGEND, SPLIT_MARKS, UP_COLUMNS, Chart
from ..io import reproducible_zip, write_files
from ..notation import kept_kind
from ..outputs import chart_paths  # the names the command line checks before any work
from ..rules import Rules, format_odds

if TYPE_CHECKING:  # pragma: no cover
    from ..charts.burn_rule import BurnRule
    from ..engine.results import Analysis

__all__ = ["BOOLEAN_FORMAT", "RULES_MEANING_WIDTH", "CardSheet", "chart_paths", "rules_summary",
           "save_chart", "save_csv", "save_xlsx", "xlsx_bytes"]


# -- xlsx -----------------------------------------------------------------------------------------
FILLS = {"H": "F4CCCC", "S": "FFF2CC", "D": "B6D7A8", "Ds": "A2C4C9", "P": "B4A7D6",
         "-": "F3F3F3"}
#: the Rules sheet's meaning column (Excel units): its text wraps within it
RULES_MEANING_WIDTH = 80
#: how the Rules sheet shows a boolean option (a number format: see the sheet)
BOOLEAN_FORMAT = '"TRUE";"TRUE";"FALSE"'
_TITLES = {
    "burn_values": "Burn: keep the two cards with the highest value against the up card; "
                   "burn the third",
    "hard": "Hard totals: action by dealer up card",
    "soft": "Soft totals: action by dealer up card",
    "resplit": "Pairs: split again when a split hand draws another pair card",
}


def _rule_meanings() -> dict[str, str]:
    """Each option's meaning, from the Rules docstring (one source of truth): its entry's
    first line and the more-indented lines that continue it."""
    names = {f.name for f in dataclasses.fields(Rules)}
    out: dict[str, str] = {}
    key = None
    for line in (Rules.__doc__ or "").splitlines():
        name, sep, text = line.strip().partition(": ")
        if sep and name in names and line.startswith("    ") and not line.startswith("     "):
            key = name
            out[key] = text.replace("``", "")
        elif key is not None and line.startswith("        ") and line.strip():
            out[key] += " " + line.strip().replace("``", "")
        else:
            key = None
    # the rules file's words where the docstring has Python's (None)
    out["decks"] = ("number of 52-card decks in the shoe, 1 to 8, or inf for an infinite deck "
                   "(rule sheet: 6).")
    out = {k: v.replace("None (", "none (") for k, v in out.items()}
    # the spellings a rules file keeps for the thresholds' commonest values (Rules.to_dict)
    out["dealer_22_pushes"] = ("a dealer total of 22 pushes every standing player hand "
                               "(dealer_bust_push = 22; rule sheet: false)")
    out["ties_lose"] = "every tie loses (ties_lose_from = 17; rule sheet: false, ties push)"
    return out


@dataclasses.dataclass(frozen=True)
class CardSheet:
    """What the workbook's one-page Card sheet adds to the chart: the short burn rule as
    printed, and its exact expected return (None: not shown)."""

    rule: BurnRule
    expected_return: float | None = None


def _workbook(chart: Chart, optimal: Analysis | None = None,
              valued: Analysis | None = None, card: CardSheet | None = None):
    """The chart as an openpyxl workbook (Summary only when both analyses are given; the
    strategy card's sheet when ``card`` is given)."""
    from openpyxl import Workbook
    from openpyxl.formatting.rule import ColorScaleRule
    from openpyxl.styles import Alignment, Border, Font, PatternFill, Side
    from openpyxl.utils import get_column_letter

    r = chart.rules
    wb = Workbook()
    wb.remove(wb.active)
    bold = Font(name="Calibri", bold=True)   # named: LibreOffice's default font is a serif
    title_font = Font(name="Calibri", bold=True, size=13)
    thin = Side(style="thin", color="999999")
    box = Border(left=thin, right=thin, top=thin, bottom=thin)
    centre = Alignment(horizontal="center", vertical="center")
    header_fill = PatternFill("solid", fgColor="D9D9D9")
    fills = {k: PatternFill("solid", fgColor=v) for k, v in FILLS.items()}
    subtitle = (f"{rules_summary(r)} | rules hash {r.rules_hash[:16]} | "
                f"twentyone-burn {__version__}")

    from .xlsx import page_setup, wrapped_lines

    def page(ws, landscape: bool = False) -> None:
        page_setup(ws, landscape=landscape, fit_height=1, title_rows=ws.print_title_rows)
        ws.print_options.horizontalCentered = True

    def legend(ws, col: int, letters: Sequence[str]) -> None:
        ws.cell(HEADER_ROW, col, "Legend").font = bold
        for i, a in enumerate(letters, 1):
            c = ws.cell(HEADER_ROW + i, col, a)
            c.fill, c.alignment, c.border, c.font = fills[a], centre, box, bold
            ws.cell(HEADER_ROW + i, col + 1, LEGEND[a])
        ws.column_dimensions[get_column_letter(col)].width = 5
        ws.column_dimensions[get_column_letter(col + 1)].width = 48

    for attr, spec in SPECS.items():
        frame = getattr(chart, attr)
        ws = wb.create_sheet(SHEET_OF[attr])
        ws.cell(1, 1, _TITLES[attr]).font = title_font
        ws.cell(2, 1, subtitle).font = Font(name="Calibri", italic=True, size=9)
        header = [spec.label_header, *spec.extra, *UP_COLUMNS]
        first = len(spec.extra) + 1
        for c, h in enumerate(header, 1):
            cell = ws.cell(HEADER_ROW, c, h)
            cell.font, cell.alignment, cell.fill, cell.border = bold, centre, header_fill, box
        for i, (label, row) in enumerate(frame.iterrows(), HEADER_ROW + 1):
            cell = ws.cell(i, 1, label)
            cell.font, cell.alignment, cell.fill, cell.border = bold, centre, header_fill, box
            if spec.extra:
                cell = ws.cell(i, 2, kept_kind(label))
                cell.alignment, cell.border = centre, box
                if kept_kind(label) == "pair":
                    cell.font = bold
            for k, x in enumerate(row):
                cell = ws.cell(i, first + 1 + k, float(x) if attr == "burn_values" else x)
                cell.alignment, cell.border = centre, box
                if attr == "burn_values":
                    cell.number_format = "+0.0000;-0.0000;0.0000"
                else:
                    cell.fill = fills[x]
        last_row = HEADER_ROW + len(frame)
        last_col = first + len(UP_COLUMNS)
        ws.freeze_panes = ws.cell(HEADER_ROW + 1, first + 1)
        ws.column_dimensions["A"].width = 6 if attr == "burn_values" else 8
        for c in range(2, last_col + 1):
            # burn values print as +0.0000: 7.5 units; letters: 5
            ws.column_dimensions[get_column_letter(c)].width = \
                (6 if c == 2 else 7.5) if attr == "burn_values" else 5
        if attr == "burn_values":
            # one scale per up card: the player compares values within a column
            for k in range(len(UP_COLUMNS)):
                colr = get_column_letter(first + 1 + k)
                ws.conditional_formatting.add(
                    f"{colr}{HEADER_ROW + 1}:{colr}{last_row}",
                    ColorScaleRule(start_type="min", start_color="F8696B",
                                   mid_type="percentile", mid_value=50, mid_color="FFEB84",
                                   end_type="max", end_color="63BE7B"))
            notes = ["Keep the two cards whose row has the highest value in the up card's "
                     "column; burn the third.",
                     "Value = expected return of keeping that hand, per initial wager.",
                     "pair: the kept pair is split" + (" (mandatory)." if r.mandatory_split
                                                       else " when Resplit says P."),
                     "Colours: red = low, green = high, within each column."]
            # one narrow wrapped block beside the grid (not below it: the reader takes every
            # row under the header as a kept hand), so the portrait page keeps the grid large
            ws.cell(HEADER_ROW, last_col + 2, "How to read").font = bold
            ws.merge_cells(start_row=HEADER_ROW + 1, start_column=last_col + 2,
                           end_row=HEADER_ROW + 24, end_column=last_col + 2)
            cell = ws.cell(HEADER_ROW + 1, last_col + 2, "\n\n".join(notes))
            cell.alignment = Alignment(wrap_text=True, vertical="top")
            ws.column_dimensions[get_column_letter(last_col + 1)].width = 2
            ws.column_dimensions[get_column_letter(last_col + 2)].width = 24
        else:
            legend(ws, last_col + 2, SPLIT_MARKS if attr == "resplit" else ACTIONS)
            if attr == "resplit":
                ws.cell(HEADER_ROW + 4, last_col + 2,
                        "Kept pairs: " + ("always split (mandatory)." if r.mandatory_split
                                          else "split when P."))
                if not r.resplit_aces:
                    ws.cell(HEADER_ROW + 5, last_col + 2,
                            "Aces: the rules forbid resplitting aces; AA row is not used.")
            else:
                ws.cell(HEADER_ROW + 6, last_col + 2,
                        "Split hands use these tables too" +
                        ("; split aces take one card." if r.split_aces_one_card else "."))
        # the subtitle wraps within the printed width instead of running off the page
        span = sum(ws.column_dimensions[get_column_letter(c)].width or 8.43
                   for c in range(1, ws.max_column + 1))
        ws.merge_cells(start_row=2, start_column=1, end_row=2, end_column=ws.max_column)
        ws.cell(2, 1).alignment = Alignment(wrap_text=True, vertical="top")
        ws.row_dimensions[2].height = 12 * wrapped_lines(subtitle, span, 9)
        ws.print_title_rows = f"{HEADER_ROW}:{HEADER_ROW}"
        page(ws, landscape=attr != "burn_values")

    ws = wb.create_sheet("Rules")
    ws.cell(1, 1, "Rules of the game this chart is for").font = title_font
    meanings = _rule_meanings()
    for c, h in enumerate(("option", "value", "meaning"), 1):
        cell = ws.cell(HEADER_ROW, c, h)
        cell.font, cell.fill, cell.border = bold, header_fill, box
    top = Alignment(vertical="top", horizontal="left")
    row = HEADER_ROW
    for key, value in r.to_dict().items():
        row += 1
        meaning = meanings.get(key, "")
        for c, v in enumerate((key, value, meaning), 1):
            cell = ws.cell(row, c, v)
            cell.border, cell.alignment = box, top
        # a boolean prints as TRUE / FALSE everywhere (LibreOffice shows the bare 1 / 0;
        # Excel ignores the format), and stays a boolean for the loader
        if isinstance(value, bool):
            ws.cell(row, 2).number_format = BOOLEAN_FORMAT
        # the meaning wraps in its column, the row as tall as its lines
        ws.cell(row, 3).alignment = Alignment(vertical="top", wrap_text=True)
        ws.row_dimensions[row].height = 15 * wrapped_lines(meaning, RULES_MEANING_WIDTH)
    row += 2
    for key, value in (("rules hash", r.rules_hash), ("version", __version__),
                       ("chart", chart.name)):
        ws.cell(row, 1, key).font = bold
        ws.cell(row, 1).alignment = top          # beside the first line of its text
        ws.cell(row, 2, value)
        # across value and meaning, wrapped there: a long chart name stays inside the table's
        # width (Excel prints the sheet's used columns only, and would cut it)
        ws.merge_cells(start_row=row, start_column=2, end_row=row, end_column=3)
        ws.cell(row, 2).alignment = Alignment(vertical="top", wrap_text=True)
        ws.row_dimensions[row].height = 15 * wrapped_lines(str(value), 18 + RULES_MEANING_WIDTH)
        row += 1
    ws.column_dimensions["A"].width = 22
    ws.column_dimensions["B"].width = 18
    ws.column_dimensions["C"].width = RULES_MEANING_WIDTH
    ws.freeze_panes = ws.cell(HEADER_ROW + 1, 1)
    page(ws, landscape=True)

    if optimal is not None and valued is not None:
        _summary_sheet(wb.create_sheet("Summary"), chart, optimal, valued, fills, bold,
                       title_font, header_fill, box)
        page(wb["Summary"], landscape=True)
    if card is not None:
        from .strategy_card import add_card_sheet
        add_card_sheet(wb, chart, card.rule, rules_line=rules_summary(chart.rules),
                       expected_return=card.expected_return,
                       chart_return=None if valued is None else valued.expected_return,
                       optimal_return=None if optimal is None else optimal.expected_return)
    return wb


def _summary_sheet(ws, chart: Chart, optimal: Analysis, valued: Analysis, fills, bold,
                   title_font, header_fill, box) -> None:
    from openpyxl.styles import Alignment

    from .xlsx import wrapped_lines
    r = chart.rules
    ws.cell(1, 1, "21 Burn: the value of this chart").font = title_font
    ws.cell(2, 1, f"chart: {chart.name}")
    ws.cell(3, 1, f"rules: {rules_summary(r)} | rules hash {r.rules_hash} | "
                  f"twentyone-burn {__version__}")
    top = 5
    for c, h in enumerate(("", "optimal play", "this chart"), 1):
        cell = ws.cell(top, c, h)
        cell.font, cell.fill, cell.border = bold, header_fill, box
    rows = [
        ("expected return (per initial wager)", optimal.expected_return, valued.expected_return),
        ("house edge", optimal.house_edge, valued.house_edge),
        ("element of risk", optimal.element_of_risk, valued.element_of_risk),
        ("average total wager", optimal.average_total_wager, valued.average_total_wager),
    ]
    row = top
    for label, a, b in rows:
        row += 1
        ws.cell(row, 1, label).border = box
        for c, x in ((2, a), (3, b)):
            cell = ws.cell(row, c, float(x))
            cell.number_format, cell.border = "+0.000000;-0.000000", box
    row += 1
    ws.cell(row, 1, "cost of the chart (optimal - chart expected return)").font = bold
    cell = ws.cell(row, 3, float(optimal.expected_return - valued.expected_return))
    cell.number_format = "0.000000"
    row += 2
    ws.cell(row, 1, "Letters").font = bold
    for letter in (*ACTIONS, *SPLIT_MARKS):
        row += 1
        cell = ws.cell(row, 1, letter)
        cell.fill, cell.font = fills[letter], bold
        ws.cell(row, 2, LEGEND[letter])
    row += 2
    # a label sits at the top of its row beside the text it names; the text spans B:F and its
    # row is as tall as the text wraps to there (the label's bottom edge used to line up with
    # the next row's text)
    wrap = Alignment(wrap_text=True, vertical="top")
    widths = {"A": 50.0, **{column: 16.0 for column in "BCDEF"}}
    span = sum(widths[c] for c in "BCDEF")
    for label, text in (("strategy (optimal play)", optimal.strategy),
                        ("strategy (this chart)", valued.strategy)):
        cell = ws.cell(row, 1, label)
        cell.font, cell.alignment = bold, wrap
        ws.merge_cells(start_row=row, start_column=2, end_row=row, end_column=6)
        cell = ws.cell(row, 2, text)
        cell.alignment = wrap
        ws.row_dimensions[row].height = 15 * wrapped_lines(text, span)
        row += 1
    for r_ in (2, 3):   # the chart's name and the rules: wrap across A:F
        ws.merge_cells(start_row=r_, start_column=1, end_row=r_, end_column=6)
        ws.cell(r_, 1).alignment = wrap
        ws.row_dimensions[r_].height = 15 * wrapped_lines(str(ws.cell(r_, 1).value),
                                                          sum(widths.values()))
    for column, width in widths.items():
        ws.column_dimensions[column].width = width
    ws.freeze_panes = ws.cell(top + 1, 1)


def rules_summary(r: Rules) -> str:
    """The rules in a few words, for a chart's subtitle.

    >>> rules_summary(Rules())
    '6 decks, H17, double any 2 cards, DAS, split to 4 hands, no RSA, split aces 1 card'
    """
    parts = ["infinite deck" if r.decks is None else f"{r.decks} deck{'s' * (r.decks != 1)}",
             "H17" if r.hit_soft_17 else "S17",
             "double any 2 cards" if r.double_on == "any" else f"double {r.double_on}",
             "DAS" if r.double_after_split else "no DAS",
             f"split to {r.max_hands} hands", "RSA" if r.resplit_aces else "no RSA"]
    if r.split_aces_one_card:
        parts.append("split aces 1 card")
    if not r.mandatory_split:
        parts.append("optional split")
    if r.win_pays != 1 or r.commission:
        parts.append(f"wins pay {format_odds(r.win_pays)}"
                     + (f" less {r.commission:g}" if r.commission else ""))
    if r.dealer_burn != "highest":
        parts.append({"lowest": "dealer burns lowest", "none": "dealer burns none"}
                     [r.dealer_burn])
    if r.dealer_bust_push:
        parts.append("dealer 22 pushes" if r.dealer_bust_push == 22 else "dealer 22-23 push")
    if r.ties_lose_from:
        parts.append("ties lose" if r.ties_lose_from == 17 else
                     f"ties lose from {r.ties_lose_from}")
    return ", ".join(parts)


def xlsx_bytes(chart: Chart, optimal: Analysis | None = None,
                valued: Analysis | None = None, card: CardSheet | None = None) -> bytes:
    buf = io.BytesIO()
    _workbook(chart, optimal, valued, card).save(buf)
    return reproducible_zip(buf.getvalue())   # SOURCE_DATE_EPOCH pins its times


def save_csv(chart: Chart, directory: str | Path) -> list[Path]:
    """Write the CSV form of the chart into a folder (created); returns the files written."""
    d = Path(directory)
    return write_files({d / name: text.encode() for name, text in csv_texts(chart).items()})


def save_xlsx(chart: Chart, path: str | Path, optimal: Analysis | None = None,
              valued: Analysis | None = None) -> Path:
    """Write the chart workbook; with ``optimal`` and ``valued`` (the analyses of optimal play
    and of the chart's tables) it gets a Summary sheet."""
    p = Path(path)
    write_files({p: xlsx_bytes(chart, optimal, valued)})
    return p


def save_chart(chart: Chart, out: str | Path, optimal: Analysis | None = None,
               valued: Analysis | None = None, card: CardSheet | None = None,
               extra: dict[str, bytes | str] | None = None) -> list[Path]:
    """Write the workbook and the CSVs beside it (see :func:`chart_paths`), and ``extra``
    (file name -> content, e.g. the burn rule and the card's PDF) in the same folder: one
    set, all or nothing."""
    xlsx, folder = chart_paths(out)
    files: dict[str | Path, bytes | str] = {folder / name: text.encode()
                                            for name, text in csv_texts(chart).items()}
    files[xlsx] = xlsx_bytes(chart, optimal, valued, card)
    for name, content in (extra or {}).items():
        files[folder / name] = content
    return write_files(files)

