"""scripts/print_pages.py, the printout check: its page counts are the ones docs/report.md
states, each of its checks catches the defect it is for (on a made-up page), and - under
``-m slow``, with LibreOffice, Chromium and poppler - the published files print without a
problem."""

from __future__ import annotations

import importlib.util
import re
import shutil
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
_SPEC = importlib.util.spec_from_file_location("print_pages", ROOT / "scripts" / "print_pages.py")
assert _SPEC is not None and _SPEC.loader is not None
pp = importlib.util.module_from_spec(_SPEC)
sys.modules["print_pages"] = pp        # its dataclasses look their module up
_SPEC.loader.exec_module(pp)


def _word(x0: float, y0: float, x1: float, text: str = "w") -> object:
    return pp.Word(x0, y0, x1, y0 + 10, text)


def test_the_counts_are_the_ones_the_docs_state():
    text = " ".join((ROOT / "docs" / "report.md").read_text().split())
    m = re.search(r"The chart's par sheet prints as (\d+) workbook pages \(smallest type [\d.]+ "
                  r"pt\) and (\d+) HTML pages; optimal play's report as (\d+) workbook pages "
                  r"\([\d.]+ pt\) and (\d+) HTML pages", text)
    assert m, "docs/report.md no longer states the page counts"
    stated = [int(x) for x in m.groups()]
    e = pp.EXPECTED
    assert stated == [e["reports/21burn-standard.xlsx"], e["reports/21burn-standard.html"],
                      e["reports/21burn-standard-optimal.xlsx"],
                      e["reports/21burn-standard-optimal.html"]]
    assert set(e) == set(pp.DEFAULT)


def test_text_past_the_margin_is_found():
    words = [_word(40, 50, 300, "inside"), _word(500, 60, 590, "cut")]
    assert pp.past_margin(595.3, words, 36) == ["cut"]
    assert pp.past_margin(595.3, words[:1], 36) == []


def test_a_half_empty_page_is_found():
    top = bottom = 40.0
    assert pp.half_empty(842, [_word(40, 50, 100), _word(40, 300, 100)], top, bottom)
    assert not pp.half_empty(842, [_word(40, 50, 100), _word(40, 600, 100)], top, bottom)


def test_a_page_that_starts_inside_a_table_is_found():
    """The Burn sheet's pair table went on to the next page with 88, 99 and TT and no
    headings: the first line below the repeated rows is a table's row, not its first."""
    layout = pp.SheetLayout(right=800, titles=frozenset({"The", "player's", "burn"}),
                            firsts=(("pair", "probability", "split"), ("kept", "action")),
                            repeats_header=False)

    def page(*rows: str) -> list[list[object]]:
        return [[_word(40 + 30 * i, 20 * n, 60 + 30 * i, t) for i, t in enumerate(r.split())]
                for n, r in enumerate(rows)]
    assert not pp.starts_a_table(page("The player's burn", "88 0.0074 0.0074"), layout)
    assert pp.starts_a_table(page("The player's burn", "pair probability split"), layout)
    assert pp.starts_a_table(page("The player's burn", "kept action probability"), layout)


def test_a_scroll_bar_is_found(tmp_path):
    """A printed box that scrolled: a long bar of even mid grey a few pixels tall; a page of
    text, thin rules and short grey marks has none."""
    from PIL import Image, ImageDraw
    page = Image.new("RGB", (800, 300), "white")
    draw = ImageDraw.Draw(page)
    draw.text((20, 20), "twentyone-burn report --rules RULES.toml --seed 21", fill="black")
    draw.line((20, 60, 780, 60), fill=(213, 217, 224))                 # a light rule
    draw.rectangle((20, 100, 60, 140), fill=(128, 128, 128))           # a short grey block
    plain = tmp_path / "plain.png"
    page.save(plain)
    assert pp.scroll_bars(plain) == 0
    draw.rectangle((30, 200, 700, 207), fill=(128, 128, 128))          # the thumb
    bar = tmp_path / "bar.png"
    page.save(bar)
    assert pp.scroll_bars(bar) == 1


_TOOLS = all(shutil.which(t) for t in ("pdfinfo", "pdftotext", "pdftoppm")) and bool(
    shutil.which("soffice") or shutil.which("libreoffice")) and bool(
    shutil.which("chromium") or shutil.which("chromium-browser"))


@pytest.mark.slow
@pytest.mark.skipif(not _TOOLS, reason="needs LibreOffice, Chromium and poppler "
                                       f"({pp.INSTALL})")
def test_the_published_files_print_without_a_problem(tmp_path, capsys):
    code = pp.main(["--out", str(tmp_path)])
    out = capsys.readouterr().out
    assert code == 0, out
    assert "0 problems" in out
