"""Print the published workbooks and HTML page to PDF and count the pages a person would get.

Run: python scripts/print_pages.py [FILE ...] [--out DIR] [--png]

FILE: .xlsx workbooks (converted by LibreOffice headless, ``soffice --headless --convert-to
pdf``) and .html pages (Debian Chromium headless, ``chromium --headless --print-to-pdf``);
default: the two published reports' workbooks and HTML pages (the chart's par sheet and
optimal play's) and strategy_tables/chart.xlsx. Prints one row per file: pages (``pdfinfo``), paper, the pages of
each sheet (a workbook's footer names its sheet) and the smallest body type on any page, in
points (the median word height ``pdftotext -bbox`` gives over the font's ascent plus descent:
1.22 em for Carlito, the workbooks' Calibri, 1.12 em for Liberation Sans, the page's Arial; an
estimate, good to about a point). ``--out DIR`` keeps the PDFs there; ``--png`` also renders
every page at 50 dpi (``pdftoppm -r 50 -png``) to look at.

A check to run by hand after changing a writer's layout, not part of CI: it needs LibreOffice,
Chromium and poppler (``apt-get install -y libreoffice-calc poppler-utils chromium``; the
Carlito font, ``fonts-crosextra-carlito``, gives Calibri's metrics). Without ``pdfinfo`` it
skips itself in one line; a file whose converter is missing gets a one-line row. It lives in
``scripts/`` beside ``screenshot_report.py`` (a check with outside tools on the published
files) rather than in ``benchmarks/`` (timings against a baseline in the same process).
"""

from __future__ import annotations

import argparse
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DEFAULT = ("reports/21burn-standard.xlsx", "reports/21burn-standard.html",
           "reports/21burn-standard-optimal.xlsx", "reports/21burn-standard-optimal.html",
           "strategy_tables/chart.xlsx")
INSTALL = "apt-get install -y libreoffice-calc poppler-utils chromium"
#: a word's box (ascent to descent) in em: Carlito (LibreOffice's Calibri) and Liberation Sans
#: (Chromium's Arial)
BOX_EM = {".xlsx": 1.22, ".html": 1.12}
_WORD = re.compile(r'<word xMin="[\d.]+" yMin="([\d.]+)" xMax="[\d.]+" yMax="([\d.]+)">')


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
        text = subprocess.run(["pdftotext", "-f", str(page), "-l", str(page), str(pdf), "-"],
                              capture_output=True, text=True).stdout
        lines = [line.strip() for line in text.splitlines()]
        name = next((s for line in reversed(lines) for s in sheets if line == s), None)
        if sheets:
            per_sheet[name or "?"] = per_sheet.get(name or "?", 0) + 1
        boxes = subprocess.run(["pdftotext", "-bbox", "-f", str(page), "-l", str(page),
                                str(pdf), "-"], capture_output=True, text=True).stdout
        heights = [float(b) - float(a) for a, b in _WORD.findall(boxes)]
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


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("files", nargs="*", default=[str(ROOT / f) for f in DEFAULT])
    ap.add_argument("--out", help="folder for the PDFs (and PNGs); default a temporary one")
    ap.add_argument("--png", action="store_true", help="render every page at 50 dpi")
    args = ap.parse_args()
    if tool("pdfinfo") is None or tool("pdftotext") is None:
        print(f"print_pages: skipped (no pdfinfo / pdftotext; {INSTALL})")
        return 0
    soffice, chromium = tool("soffice", "libreoffice"), tool("chromium", "chromium-browser")
    out = Path(args.out) if args.out else Path(tempfile.mkdtemp(prefix="print-pages-"))
    out.mkdir(parents=True, exist_ok=True)
    rows = []
    for name in args.files:
        src = Path(name)
        shown = str(src.resolve().relative_to(ROOT)) if src.resolve().is_relative_to(ROOT) \
            else str(src)
        if not src.is_file():
            rows.append((shown, "missing", "", "", ""))
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
    head = ("file", "pages", "paper", "type pt", "pages per sheet")
    widths = [max(len(r[i]) for r in (head, *rows)) for i in range(4)]
    for r in (head, *rows):
        print("  ".join(c.ljust(w) if i != 1 else c.rjust(w)
                        for i, (c, w) in enumerate(zip(r[:4], widths))) + "  " + r[4])
    print(f"PDFs in {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
