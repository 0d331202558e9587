"""html_page: the report as one self-contained HTML page (inline CSS, figures embedded as
base64 SVG; no scripts, no external resources).

Printed (the ``@media print`` part of :data:`CSS`), the page is A4, the paper of the
workbooks: headings stay with what follows them (and an introducing paragraph with its table
or figure), no row is split across pages, a long table repeats its header row on each page, a
table of at most :data:`SHORT_TABLE` rows, a figure and the rules file are kept whole, and a
command too long for the page wraps at its spaces (on screen it scrolls; a printed scroll bar
hides nothing but says something is hidden).

>>> from twentyone_burn.export.document import Document, Para, Section
>>> page = render(Document("T", [], [Section("S", "s", [Para("a `b` & **c**")])]), {})
>>> "<p>a <code>b</code> &amp; <strong>c</strong></p>" in page
True
"""

from __future__ import annotations

import base64
import html
import re

from .document import Bullets, Code, Document, Figure, Para, Table

__all__ = ["CSS", "SHORT_TABLE", "render"]

CSS = """
body { font-family: -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif;
       color: #1d2430; max-width: 1100px; margin: 2em auto; padding: 0 1.5em; line-height: 1.45; }
h1 { font-size: 1.7em; border-bottom: 3px solid #c0392b; padding-bottom: .3em; }
h2 { font-size: 1.3em; margin-top: 2em; border-bottom: 1px solid #d5d9e0; padding-bottom: .2em; }
table { border-collapse: collapse; margin: .8em 0 1.2em; font-size: .88em; }
th, td { border: 1px solid #d5d9e0; padding: .25em .6em; }
th { background: #f1f3f6; text-align: left; }
td.r { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
tr:nth-child(even) td { background: #fafbfc; }
code { background: #f1f3f6; padding: 0 .25em; border-radius: 3px; font-size: .92em;
       word-break: break-all; }
pre { background: #f6f8fa; border: 1px solid #d5d9e0; padding: .8em; overflow-x: auto; }
pre code { background: none; padding: 0; word-break: normal; }
figure { margin: 1em 0 2em; }
figure img { max-width: 100%; height: auto; border: 1px solid #eceff3; }
figcaption { font-size: .88em; color: #555f6d; margin-top: .3em; }
nav ol { columns: 2; font-size: .92em; }
.meta td:first-child { font-weight: 600; }
""" + """
@page { size: A4; margin: 14mm 12mm 16mm; }
@media print {
  body { max-width: none; margin: 0; padding: 0; font-size: 10pt; line-height: 1.35; }
  h1 { font-size: 17pt; margin-top: 0; }
  h2 { font-size: 13pt; margin-top: 1.2em; }
  h1, h2, caption { break-after: avoid; page-break-after: avoid; }
  p:has(+ table), p:has(+ figure) { break-after: avoid; page-break-after: avoid; }
  h2 + p, p:has(+ table), p:has(+ figure) { break-inside: avoid; page-break-inside: avoid; }
  p, li { orphans: 3; widows: 3; }
  table { font-size: 8.5pt; }
  thead { display: table-header-group; }
  tr, td, th, li { break-inside: avoid; page-break-inside: avoid; }
  table.short, figure, pre, .meta { break-inside: avoid; page-break-inside: avoid; }
  figure img { max-height: 235mm; }
  code { word-break: break-all; }
  pre { white-space: pre-wrap; overflow: visible; }
  a { color: inherit; text-decoration: none; }
  tr:nth-child(even) td, th { print-color-adjust: exact; -webkit-print-color-adjust: exact; }
}
"""
#: a table of at most this many rows is kept whole on one printed page; a longer one may start
#: at the foot of a page and go on, its header repeated, on the next (kept whole, the tables of
#: 13 to 25 rows pushed their sections to the next page and left pages half empty)
SHORT_TABLE = 12


def _inline(text: str) -> str:
    t = html.escape(text)
    t = re.sub(r"`([^`]+)`", r"<code>\1</code>", t)
    return re.sub(r"\*\*([^*]+)\*\*", r"<strong>\1</strong>", t)


def _table(t: Table) -> list[str]:
    align = t.alignment()
    out = ['<table class="short">' if len(t.rows) <= SHORT_TABLE else "<table>"]
    if t.caption:
        out.append(f"<caption>{_inline(t.caption)}</caption>")
    out.append("<thead><tr>" + "".join(f"<th>{_inline(c)}</th>" for c in t.columns)
               + "</tr></thead><tbody>")
    for row in t.rows:
        out.append("<tr>" + "".join(
            f'<td class="{a}">{_inline(c)}</td>' for a, c in zip(align, row)) + "</tr>")
    out.append("</tbody></table>")
    return out


def render(doc: Document, figures_svg: dict[str, bytes]) -> str:
    """The page; ``figures_svg`` maps a figure key to its SVG bytes (embedded as data URIs)."""
    out = ["<!DOCTYPE html>", '<html lang="en">', "<head>", '<meta charset="utf-8">',
           '<meta name="viewport" content="width=device-width, initial-scale=1">',
           f"<title>{html.escape(doc.title)}</title>", f"<style>{CSS}</style>", "</head>",
           "<body>", f"<h1>{html.escape(doc.title)}</h1>", '<table class="meta"><tbody>']
    out += [f"<tr><td>{html.escape(k)}</td><td>{_inline(v)}</td></tr>" for k, v in doc.meta]
    out += ["</tbody></table>", "<nav><ol>"]
    out += [f'<li><a href="#{s.anchor}">{html.escape(s.title)}</a></li>' for s in doc.sections]
    out.append("</ol></nav>")
    for s in doc.sections:
        out.append(f'<section id="{s.anchor}"><h2>{html.escape(s.title)}</h2>')
        for b in s.blocks:
            if isinstance(b, Para):
                out.append(f"<p>{_inline(b.text)}</p>")
            elif isinstance(b, Bullets):
                out.append("<ul>" + "".join(f"<li>{_inline(i)}</li>" for i in b.items)
                           + "</ul>")
            elif isinstance(b, Code):
                out.append(f"<pre><code>{html.escape(b.text)}</code></pre>")
            elif isinstance(b, Table):
                out += _table(b)
            elif isinstance(b, Figure):
                if b.key in figures_svg:
                    data = base64.b64encode(figures_svg[b.key]).decode("ascii")
                    out.append(f'<figure><img alt="{html.escape(b.caption)}" '
                               f'src="data:image/svg+xml;base64,{data}">'
                               f"<figcaption>{_inline(b.caption)}</figcaption></figure>")
            else:  # pragma: no cover
                raise TypeError(f"unknown block {b!r}")
        out.append("</section>")
    out += ["</body>", "</html>", ""]
    return "\n".join(out)
