"""Print the strategy card both ways and count its pages: one page each, as a person gets it.

Run: python scripts/card_pages.py [--out DIR] [--png]

- ``strategy_tables/chart.xlsx``, its Card sheet alone (the other sheets removed in a copy),
  converted to PDF by LibreOffice headless (``soffice --headless --convert-to pdf``). A
  workbook without a Card sheet (written before the card was wired into ``save_chart``) gets
  one added to the copy from the published chart and rule, and the row says so.
- ``strategy_tables/card.pdf`` as published.

Each row: pages and paper (``pdfinfo``) and the smallest body type in points (the estimate of
:func:`print_pages.pdf_facts`, from ``pdftotext -bbox``); the exit status is 1 when either is
not one A4 landscape page. ``--png`` renders both at 80 dpi (``pdftoppm -r 80 -png``) into
``--out`` (default a temporary folder) to look at. A check to run by hand after changing the
card's layout; it needs LibreOffice and poppler (``apt-get install -y libreoffice-calc
poppler-utils``) and skips itself in one line without them. It reuses ``print_pages.py``'s
converter and PDF facts.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import print_pages  # noqa: E402  (a sibling script, not a package)

ROOT = print_pages.ROOT
TABLES = ROOT / "strategy_tables"
INSTALL = "apt-get install -y libreoffice-calc poppler-utils"
#: Carlito (the sheet's Calibri) and DejaVu Sans (the PDF's font): a word's box in em
BOX_EM = {"sheet": 1.22, "pdf": 1.16}


def card_workbook(src: Path, out: Path) -> tuple[Path, str]:
    """A copy of ``src`` holding only its Card sheet (one added if it has none)."""
    from openpyxl import Workbook, load_workbook

    from twentyone_burn.charts.burn_rule import read_burn_rule
    from twentyone_burn.charts.files import load_chart
    from twentyone_burn.export.chart_workbook import rules_summary
    from twentyone_burn.export.strategy_card import CARD_SHEET, add_card_sheet
    note = ""
    wb = load_workbook(src) if src.is_file() else Workbook()
    if CARD_SHEET not in wb.sheetnames:
        wb = Workbook()
        wb.remove(wb.active)
        chart = load_chart(TABLES)
        add_card_sheet(wb, chart, read_burn_rule(TABLES / "burn-rule.txt"),
                       rules_line=rules_summary(chart.rules))
        note = f"no Card sheet in {src.name}: added one to the copy"
    for ws in list(wb.worksheets):
        if ws.title != CARD_SHEET:
            wb.remove(ws)
    path = out / "card-sheet.xlsx"
    wb.save(path)
    return path, note


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", help="folder for the PDFs and PNGs; default a temporary one")
    ap.add_argument("--png", action="store_true", help="render both at 80 dpi")
    args = ap.parse_args()
    soffice = print_pages.tool("soffice", "libreoffice")
    missing = [n for n in ("pdfinfo", "pdftotext", "pdftoppm") if print_pages.tool(n) is None]
    if missing or soffice is None:
        print(f"card_pages: skipped (no {', '.join(missing or ['soffice'])}; {INSTALL})")
        return 0
    out = Path(args.out) if args.out else Path(tempfile.mkdtemp(prefix="card-pages-"))
    out.mkdir(parents=True, exist_ok=True)
    rows, ok = [], True
    sheet, note = card_workbook(TABLES / "chart.xlsx", out)
    pdfs = [("chart.xlsx Card sheet", print_pages.to_pdf(sheet, out, soffice, None), "sheet",
             note),
            ("card.pdf", TABLES / "card.pdf", "pdf", "")]
    for name, pdf, kind, note in pdfs:
        if isinstance(pdf, str) or not pdf.is_file():
            rows.append((name, "-", "", "", str(pdf) if isinstance(pdf, str) else "missing"))
            ok = False
            continue
        pages, paper, _, smallest = print_pages.pdf_facts(pdf, [], BOX_EM[kind])
        ok = ok and pages == 1 and paper == "A4 landscape 1"
        if args.png:
            subprocess.run(["pdftoppm", "-r", "80", "-png", str(pdf), str(out / pdf.stem)],
                           check=False)
        rows.append((name, str(pages), paper,
                     "" if smallest == float("inf") else f"{smallest:.1f}", note))
    head = ("output", "pages", "paper", "type pt", "")
    widths = [max(len(r[i]) for r in (head, *rows)) for i in range(4)]
    for r in (head, *rows):
        print("  ".join(c.ljust(w) if i != 1 else c.rjust(w)
                        for i, (c, w) in enumerate(zip(r[:4], widths))) + "  " + r[4])
    print(f"PDFs{' and PNGs' if args.png else ''} in {out}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
