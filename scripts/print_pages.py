"""Print the published workbooks and HTML pages to PDF, count the pages a person would get and
check them: no table split without its heading, no text past the margin, no page half empty.

Run: python scripts/print_pages.py [FILE ...] [--out DIR] [--png]

FILE: .xlsx workbooks (converted by LibreOffice headless, ``soffice --headless --convert-to
pdf``) and .html pages (Debian Chromium headless, ``chromium --headless --print-to-pdf``);
default: the two published reports' workbooks and HTML pages (the chart's par sheet and
optimal play's) and strategy_tables/chart.xlsx. Prints one row per file: pages (``pdfinfo``),
paper, the smallest body type on any page, in points (the median word height ``pdftotext
-bbox`` gives over the font's ascent plus descent: 1.22 em for Carlito, the workbooks'
Calibri, 1.12 em for Liberation Sans, the page's Arial; an estimate, good to about a point)
and the pages of each sheet (a workbook's footer names its sheet); then every problem found,
one line each, and exits 1 if there is one:

- pages: a published file prints on another number of pages than :data:`EXPECTED` (the
  counts docs/report.md states; a test keeps the two equal);
- split table (workbooks): a page that goes on with a sheet starts inside a table - below its
  first row, so without its headings - where the sheet does not repeat the table's header;
- past the margin: a word outside the page's printable area (the paper less the margins the
  writers set), and in a workbook a word right of the sheet's last printed column (text that
  ran out of its cell, which Excel cuts at the print area's edge);
- half empty (HTML): a page before the last with text on less than half its height;
- scroll bar (HTML): a scroll bar drawn on the page (a box whose content is wider than it,
  found in the page rendered at 100 dpi: a bar of even mid grey, long and a few pixels tall).

``--out DIR`` keeps the PDFs there; ``--png`` also renders every page at 50 dpi (``pdftoppm -r
50 -png``) to look at: a page nobody looked at is not checked.

A check to run by hand after changing a writer's layout; ``tests/export/test_print_pages.py``
runs it on the published files under ``-m slow``, and skips without the tools. It needs
LibreOffice, Chromium and poppler (``apt-get install -y libreoffice-calc poppler-utils
chromium``; the Carlito font, ``fonts-crosextra-carlito``, gives Calibri's metrics). Without
``pdfinfo`` it skips itself in one line; a file whose converter is missing gets a one-line row.
It lives in ``scripts/`` beside ``screenshot_report.py`` (a check with outside tools on the
published files) rather than in ``benchmarks/`` (timings against a baseline in the same
process).
"""

from __future__ import annotations

import argparse
import html
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DEFAULT = ("reports/21burn-standard.xlsx", "reports/21burn-standard.html",
           "reports/21burn-standard-optimal.xlsx", "reports/21burn-standard-optimal.html",
           "strategy_tables/chart.xlsx")
#: the pages each published file prints on (docs/report.md states the reports'; the chart
#: prints a page a sheet, docs/charts.md)
EXPECTED = {"reports/21burn-standard.xlsx": 15, "reports/21burn-standard.html": 10,
            "reports/21burn-standard-optimal.xlsx": 15,
            "reports/21burn-standard-optimal.html": 9, "strategy_tables/chart.xlsx": 7}
INSTALL = "apt-get install -y libreoffice-calc poppler-utils chromium"
#: a word's box (ascent to descent) in em: Carlito (LibreOffice's Calibri) and Liberation Sans
#: (Chromium's Arial)
BOX_EM = {".xlsx": 1.22, ".html": 1.12}
#: the side margins in points: the workbooks' page setup (0.5 inch) and the HTML page's
#: ``@page`` (12 mm)
SIDE = {".xlsx": 36.0, ".html": 12 / 25.4 * 72}
#: the workbooks' bottom margin (0.6 inch): their footer lies in it
BOTTOM = 0.6 * 72
#: points a word may stand past a margin or a column (rounding, italic overhang)
SLACK = 2.0
_WORD = re.compile(r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">'
                   r"(.*?)</word>")
_PAGE = re.compile(r'<page width="([\d.]+)" height="([\d.]+)">')


def tool(*names: str) -> str | None:
    """The first of ``names`` on PATH."""
    return next((p for p in map(shutil.which, names) if p), None)


def to_pdf(src: Path, out: Path, soffice: str | None, chromium: str | None) -> Path | str:
    """The PDF of ``src`` in ``out``, or why there is none."""
    with tempfile.TemporaryDirectory(prefix="print-pages-") as profile:
        if src.suffix.lower() == ".xlsx":
            if soffice is None:
                return "skipped: no soffice"
            cmd = [soffice, "--headless", "--norestore", f"-env:UserInstallation="
                   f"{Path(profile).as_uri()}", "--convert-to", "pdf", "--outdir", str(out),
                   str(src)]
            pdf = out / f"{src.stem}.pdf"
        elif src.suffix.lower() in (".html", ".htm"):
            if chromium is None:
                return "skipped: no chromium"
            pdf = out / f"{src.stem}.html.pdf"
            cmd = [chromium, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
                   f"--user-data-dir={profile}", "--no-pdf-header-footer",
                   f"--print-to-pdf={pdf}", src.resolve().as_uri()]
        else:
            return "skipped: neither .xlsx nor .html"
        pdf.unlink(missing_ok=True)
        proc = subprocess.run(cmd, capture_output=True, text=True, timeout=300)
    if not pdf.is_file():
        return f"failed: {Path(cmd[0]).name} exited {proc.returncode}"
    return pdf


def pdf_facts(pdf: Path, sheets: list[str], box_em: float
              ) -> tuple[int, str, dict[str, int], float]:
    """(pages, paper, pages per sheet, smallest body type in points) of a PDF."""
    info = subprocess.run(["pdfinfo", str(pdf)], capture_output=True, text=True).stdout
    pages = int(re.search(r"^Pages:\s+(\d+)", info, re.M).group(1))   # type: ignore[union-attr]
    every = subprocess.run(["pdfinfo", "-f", "1", "-l", str(pages), str(pdf)],
                           capture_output=True, text=True).stdout
    kinds: dict[str, int] = {}
    for w, h, name in re.findall(r"^Page +\d+ size:\s+([\d.]+) x ([\d.]+) pts(?: \((\w+)\))?",
                                 every, re.M):
        kind = f"{name or f'{float(w):.0f}x{float(h):.0f}pt'} " \
               f"{'landscape' if float(w) > float(h) else 'portrait'}"
        kinds[kind] = kinds.get(kind, 0) + 1
    paper = ", ".join(f"{k} {n}" for k, n in kinds.items()) or "?"
    per_sheet: dict[str, int] = {}
    smallest = float("inf")
    for page in range(1, pages + 1):
        name = sheet_of(page_text(pdf, page), sheets)
        if sheets:
            per_sheet[name or "?"] = per_sheet.get(name or "?", 0) + 1
        _, height, words = page_words(pdf, page)
        if sheets:     # a sheet's footer (8 pt) is not its body
            words = [w for w in words if w.y1 <= height - BOTTOM + SLACK]
        found = lines(words)
        if sheets:     # nor are its repeated identity (9 pt) and heading
            found = found[2:]
        heights = [w.y1 - w.y0 for line in found for w in line]
        if len(heights) >= 5:
            smallest = min(smallest, statistics.median(heights) / box_em)
    return pages, paper, per_sheet, smallest


def sheet_names(src: Path) -> list[str]:
    """A workbook's sheet names (longest first, so that no name matches inside another)."""
    if src.suffix.lower() != ".xlsx":
        return []
    from openpyxl import load_workbook
    wb = load_workbook(src, read_only=True)
    names = sorted(wb.sheetnames, key=len, reverse=True)
    wb.close()
    return names


# -- what a printed page holds -------------------------------------------------------------
@dataclass(frozen=True)
class Word:
    """A word on a printed page and its box, in points from the top left corner."""

    x0: float
    y0: float
    x1: float
    y1: float
    text: str


def page_text(pdf: Path, page: int) -> str:
    """The text of one page (``pdftotext``)."""
    return subprocess.run(["pdftotext", "-f", str(page), "-l", str(page), str(pdf), "-"],
                          capture_output=True, text=True).stdout


def page_words(pdf: Path, page: int) -> tuple[float, float, list[Word]]:
    """(width, height, words) of one page (``pdftotext -bbox``)."""
    boxes = subprocess.run(["pdftotext", "-bbox", "-f", str(page), "-l", str(page), str(pdf),
                            "-"], capture_output=True, text=True).stdout
    size = _PAGE.search(boxes)
    width, height = (float(size.group(1)), float(size.group(2))) if size else (0.0, 0.0)
    words = [Word(float(a), float(b), float(c), float(d), html.unescape(t))
             for a, b, c, d, t in _WORD.findall(boxes)]
    return width, height, words


def lines(words: list[Word]) -> list[list[Word]]:
    """The words in lines, top to bottom (one line: the words whose tops are within 2 points),
    each left to right."""
    out: list[list[Word]] = []
    for w in sorted(words, key=lambda w: (w.y0, w.x0)):
        if out and abs(out[-1][0].y0 - w.y0) <= 2:
            out[-1].append(w)
        else:
            out.append([w])
    return [sorted(line, key=lambda w: w.x0) for line in out]


def sheet_of(text: str, sheets: list[str]) -> str | None:
    """The sheet a workbook page is of: the name its footer ends with (``sheets`` longest
    first)."""
    found = [line.strip() for line in text.splitlines()]
    return next((s for line in reversed(found) for s in sheets if line == s), None)


# -- the checks -----------------------------------------------------------------------------
def past_margin(width: float, words: list[Word], side: float) -> list[str]:
    """The words outside the printable width of a page ``width`` points wide with margins
    ``side`` points on both sides."""
    return [w.text for w in words if w.x0 < side - SLACK or w.x1 > width - side + SLACK]


def half_empty(height: float, words: list[Word], top: float, bottom: float) -> bool:
    """A page whose text ends above the middle of its printable height."""
    return bool(words) and max(w.y1 for w in words) < top + (height - top - bottom) / 2


@dataclass(frozen=True)
class SheetLayout:
    """What a sheet's printed pages must look like, read from the workbook: where its last
    printed column ends on paper, the first rows of its tables, the rows its pages repeat."""

    right: float                     # points from the page's left edge, with the slack
    firsts: tuple[tuple[str, ...], ...]   # each table's first row, as words (its labels)
    titles: frozenset[str]           # the words of the rows repeated on every page
    repeats_header: bool             # the rows repeated include a table's header


def _words_of(values: list) -> tuple[str, ...]:
    """The leading words of a row: its text cells up to the first number or blank."""
    out: list[str] = []
    for v in values:
        if not isinstance(v, str):
            break
        out += v.split()
    return tuple(out)


def sheet_layouts(src: Path, page_width: dict[str, float]) -> dict[str, SheetLayout]:
    """Every sheet's :class:`SheetLayout` (``page_width``: each sheet's paper width in points,
    from its PDF pages)."""
    from openpyxl import load_workbook
    from openpyxl.utils import column_index_from_string, get_column_letter
    wb = load_workbook(src)
    out = {}
    for ws in wb.worksheets:
        last = ws.max_column
        rows_max = ws.max_row
        if ws.print_area:
            m = re.search(r"\$?([A-Z]+)\$?(\d+)$", str(ws.print_area))
            if m:
                last, rows_max = column_index_from_string(m.group(1)), int(m.group(2))
        points = sum(int(7 * (ws.column_dimensions[get_column_letter(c)].width or 8.43) + 5)
                     * 0.75 for c in range(1, last + 1))
        paper = page_width.get(ws.title, 0.0)
        margin = (ws.page_margins.left or 0.5) * 72
        printable = paper - 2 * margin
        scale = min(1.0, printable / points) if points else 1.0
        if int(ws.page_setup.fitToHeight or 0) == 1:
            tall = sum(ws.row_dimensions[r].height or 15 for r in range(1, rows_max + 1))
            paper_h = 595.3 if ws.page_setup.orientation == "landscape" else 841.9
            scale = min(scale, (paper_h - 2 * 0.6 * 72) / tall)
        left = ((paper - scale * points) / 2 if ws.print_options.horizontalCentered
                else margin)
        filled = [r for r in range(1, rows_max + 1)
                  if any(c.value is not None for c in ws[r][:last])]
        firsts = tuple(w for r in filled if r - 1 not in filled
                       if (w := _words_of([c.value for c in ws[r][:last]])))
        title_rows = re.findall(r"\d+", str(ws.print_title_rows or ""))
        top = int(title_rows[-1]) if title_rows else 0
        titles = frozenset(x for r in range(1, top + 1) for c in ws[r][:last]
                           if isinstance(c.value, str) for x in c.value.split())
        # LibreOffice's columns come out up to 4 % wider than Excel's pixel rule says
        out[ws.title] = SheetLayout(left + 1.05 * scale * points + SLACK, firsts, titles,
                                    top > 2)
    wb.close()
    return out


def starts_a_table(page: list[list[Word]], layout: SheetLayout) -> bool:
    """Whether a page's first line below the repeated rows is the first row of a table."""
    for line in page:
        words = tuple(w.text for w in line)
        if all(w in layout.titles for w in words):
            continue
        return any(words[:len(f)] == f or f[:len(words)] == words for f in layout.firsts)
    return True


def workbook_problems(src: Path, pdf: Path, pages: int) -> list[str]:
    """Split tables and text right of the last printed column, page by page."""
    sheets = sheet_names(src)
    found: list[tuple[str | None, float, float, list[Word]]] = []
    for page in range(1, pages + 1):
        width, height, words = page_words(pdf, page)
        found.append((sheet_of(page_text(pdf, page), sheets), width, height, words))
    layouts = sheet_layouts(src, {s: w for s, w, _, _ in found if s})
    problems, seen = [], set()
    for page, (sheet, _, height, words) in enumerate(found, 1):
        if sheet is None:
            continue
        layout = layouts[sheet]
        body = [w for w in words if w.y1 <= height - BOTTOM + SLACK]      # not the footer
        beyond = [w.text for w in body if w.x1 > layout.right]
        if beyond:
            problems.append(f"page {page} ({sheet}): past the last column: "
                            f"{' '.join(beyond)[:60]}")
        if sheet in seen and not layout.repeats_header and not starts_a_table(lines(body),
                                                                             layout):
            problems.append(f"page {page} ({sheet}): split table: the page starts inside a "
                            "table, without its headings")
        seen.add(sheet)
    return problems


def scroll_bars(png: Path) -> int:
    """The scroll bars drawn on a page rendered at 100 dpi: runs of 4 to 14 pixel rows, each
    with a stretch of at least 150 pixels of one even mid grey (text, rules and figures have
    none: they are thin, coloured or short)."""
    import numpy as np
    from PIL import Image
    rgb = np.asarray(Image.open(png).convert("RGB")).astype(int)
    grey = (rgb.max(axis=2) - rgb.min(axis=2) <= 6) & (rgb[..., 0] >= 100) & (rgb[..., 0] <= 200)
    long_rows = []
    for row in grey:
        edges = np.flatnonzero(np.diff(np.concatenate(([0], row.astype(int), [0]))))
        long_rows.append(bool(len(edges)) and int((edges[1::2] - edges[::2]).max()) >= 150)
    bars, run = 0, 0
    for flag in [*long_rows, False]:
        if flag:
            run += 1
        else:
            bars += 4 <= run <= 14
            run = 0
    return bars


def html_problems(pdf: Path, pages: int, out: Path) -> list[str]:
    """Half-empty pages (but the last) and scroll bars."""
    problems = []
    top = bottom = 14 / 25.4 * 72
    for page in range(1, pages + 1):
        width, height, words = page_words(pdf, page)
        if page < pages and half_empty(height, words, top, bottom):
            problems.append(f"page {page}: half empty")
        stem = out / f"{pdf.stem}-check-{page}"
        subprocess.run(["pdftoppm", "-r", "100", "-png", "-singlefile", "-f", str(page), "-l",
                        str(page), str(pdf), str(stem)], check=False)
        if Path(f"{stem}.png").is_file() and scroll_bars(Path(f"{stem}.png")):
            problems.append(f"page {page}: a scroll bar")
    return problems


def check(src: Path, pdf: Path, pages: int, shown: str, out: Path) -> list[str]:
    """Every problem of one printed file, each starting with the file's name."""
    suffix = src.suffix.lower() if src.suffix.lower() == ".xlsx" else ".html"
    problems = []
    if shown in EXPECTED and pages != EXPECTED[shown]:
        problems.append(f"{pages} pages, not the {EXPECTED[shown]} docs/report.md states")
    for page in range(1, pages + 1):
        width, height, words = page_words(pdf, page)
        if outside := past_margin(width, words, SIDE[suffix]):
            problems.append(f"page {page}: past the margin: {' '.join(outside)[:60]}")
    problems += (workbook_problems(src, pdf, pages) if suffix == ".xlsx"
                 else html_problems(pdf, pages, out))
    return [f"{shown}: {p}" for p in problems]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    ap.add_argument("files", nargs="*", default=[str(ROOT / f) for f in DEFAULT])
    ap.add_argument("--out", help="folder for the PDFs (and PNGs); default a temporary one")
    ap.add_argument("--png", action="store_true", help="render every page at 50 dpi")
    args = ap.parse_args(argv)
    if tool("pdfinfo") is None or tool("pdftotext") is None:
        print(f"print_pages: skipped (no pdfinfo / pdftotext; {INSTALL})")
        return 0
    soffice, chromium = tool("soffice", "libreoffice"), tool("chromium", "chromium-browser")
    out = Path(args.out) if args.out else Path(tempfile.mkdtemp(prefix="print-pages-"))
    out.mkdir(parents=True, exist_ok=True)
    rows, problems = [], []
    for name in args.files:
        src = Path(name)
        shown = str(src.resolve().relative_to(ROOT)) if src.resolve().is_relative_to(ROOT) \
            else str(src)
        if not src.is_file():
            rows.append((shown, "missing", "", "", ""))
            problems.append(f"{shown}: missing")
            continue
        pdf = to_pdf(src, out, soffice, chromium)
        if isinstance(pdf, str):
            rows.append((shown, pdf, "", "", ""))
            continue
        pages, paper, per_sheet, smallest = pdf_facts(pdf, sheet_names(src),
                                                      BOX_EM.get(src.suffix.lower(), 1.2))
        if args.png:
            subprocess.run(["pdftoppm", "-r", "50", "-png", str(pdf), str(out / pdf.stem)],
                           check=False)
        rows.append((shown, str(pages), paper,
                     "" if smallest == float("inf") else f"{smallest:.1f}",
                     ", ".join(f"{k} {v}" for k, v in per_sheet.items())))
        problems += check(src, pdf, pages, shown, out)
    head = ("file", "pages", "paper", "type pt", "pages per sheet")
    widths = [max(len(r[i]) for r in (head, *rows)) for i in range(4)]
    for r in (head, *rows):
        print("  ".join(c.ljust(w) if i != 1 else c.rjust(w)
                        for i, (c, w) in enumerate(zip(r[:4], widths))) + "  " + r[4])
    print(f"PDFs in {out}")
    for p in problems:
        print(f"problem: {p}")
    print(f"{len(problems)} problem{'s' if len(problems) != 1 else ''}")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
