"""export: writers that turn a :class:`~twentyone_burn.report.results.Report` into files.

Markdown (figures as SVG files beside it), one self-contained HTML page, JSON with every
number, and an .xlsx workbook. The writers only format and lay out what the report holds; they
never compute a probability.

:func:`write_report` renders every file in memory first and writes them all or none with
:func:`twentyone_burn.io.write_files`: a failure leaves no partial report.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from ..io import write_files
from . import document, figures, html_page, json_data, markdown_page, xlsx

if TYPE_CHECKING:  # pragma: no cover
    from ..report.results import Report

__all__ = ["FORMATS", "figure_provenance", "render_files", "write_report"]

FORMATS = ("md", "html", "json", "xlsx")


def figure_provenance(report: Report) -> str:
    """What every figure of the report carries in its metadata: rules, hash, version, seed."""
    return (f"21 Burn house-edge report; rules {report.rules.canonical_json()}; rules hash "
            f"{report.rules_hash}; twentyone-burn {report.version}; simulation seed "
            f"{report.seed}")


def render_files(report: Report) -> dict[str, bytes]:
    """File name -> content of every file of the report (names start with the report stem)."""
    doc = document.build(report)
    keys = document.figure_keys(report)
    stem = report.stem

    provenance = figure_provenance(report)

    def draw(key: str, fmt: str) -> bytes:
        if key == "dealer-bust":
            return figures.dealer_bust(report.dealer, fmt, provenance, report.rules.dealer_burn)
        if key == "net-result":
            sim = report.simulation
            assert sim is not None   # figure_keys lists the net result only with a simulation
            return figures.net_result(sim.net, sim.label, fmt, provenance)
        return figures.variations(report.variations, fmt, provenance)

    svg = {k: draw(k, "svg") for k in keys}
    png = {k: draw(k, "png") for k in keys}
    fig_files = {k: f"{stem}-{k}.svg" for k in keys}
    files = {f"{stem}.md": markdown_page.render(doc, fig_files).encode(),
             f"{stem}.html": html_page.render(doc, svg).encode(),
             f"{stem}.json": json_data.render(report).encode(),
             f"{stem}.xlsx": xlsx.render(report, png)}
    files.update({fig_files[k]: svg[k] for k in keys})
    return files


def write_report(report: Report, out_dir: str | Path = "reports") -> list[Path]:
    """Render the report and write its files into ``out_dir`` (created if needed)."""
    files = render_files(report)
    d = Path(out_dir)
    return write_files({d / name: data for name, data in files.items()})
