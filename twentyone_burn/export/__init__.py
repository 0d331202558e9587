"""export: writers that turn a :class:`~twentyone_burn.report.Report` into files.

Markdown (figures as SVG files beside it), one self-contained HTML page, JSON with every
number, and an .xlsx workbook. The writers only format and lay out what the report holds; they
never compute a probability.

:func:`write_report` renders every file in memory first, writes each to a temporary name in the
target folder and renames them only when all are written: a failure leaves no partial report.

>>> import tempfile, pathlib
>>> d = pathlib.Path(tempfile.mkdtemp())
>>> [p.name for p in write_files({d / "a.txt": b"x"})]
['a.txt']
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # pragma: no cover
    from ..report import Report

__all__ = ["render_files", "write_files", "write_report"]

FORMATS = ("md", "html", "json", "xlsx")


def render_files(report: "Report") -> dict[str, bytes]:
    """File name -> content of every file of the report (names start with the report stem)."""
    from . import document, figures, html_page, json_data, markdown_page, xlsx

    doc = document.build(report)
    keys = document.figure_keys(report)
    stem = report.stem

    def draw(key: str, fmt: str) -> bytes:
        if key == "dealer-bust":
            return figures.dealer_bust(report.dealer, fmt)
        if key == "net-result":
            return figures.net_result(report.simulation.net, report.simulation.label, fmt)
        return figures.variations(report.variations, fmt)

    svg = {k: draw(k, "svg") for k in keys}
    png = {k: draw(k, "png") for k in keys}
    fig_files = {k: f"{stem}-{k}.svg" for k in keys}
    files = {f"{stem}.md": markdown_page.render(doc, fig_files).encode(),
             f"{stem}.html": html_page.render(doc, svg).encode(),
             f"{stem}.json": json_data.render(report).encode(),
             f"{stem}.xlsx": xlsx.render(report, png)}
    files.update({fig_files[k]: svg[k] for k in keys})
    return files


def write_files(files: dict[Path, bytes]) -> list[Path]:
    """Write all files or none: each goes to a temporary name beside its target (synced), and
    the renames happen only after every file is written."""
    temps: list[tuple[str, Path]] = []
    try:
        for path, data in files.items():
            path = Path(path)
            path.parent.mkdir(parents=True, exist_ok=True)
            fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
            temps.append((tmp, path))
            with os.fdopen(fd, "wb") as f:
                f.write(data)
                f.flush()
                os.fsync(f.fileno())
            # mkstemp makes 0600 files; a report is for reading, like any file the user makes
            umask = os.umask(0)
            os.umask(umask)
            os.chmod(tmp, 0o666 & ~umask)
        for tmp, path in temps:
            os.replace(tmp, path)
    except BaseException:
        for tmp, _ in temps:
            if os.path.exists(tmp):
                os.unlink(tmp)
        raise
    return [path for _, path in temps]


def write_report(report: "Report", out_dir: str | Path = "reports") -> list[Path]:
    """Render the report and write its files into ``out_dir`` (created if needed)."""
    files = render_files(report)
    d = Path(out_dir)
    return write_files({d / name: data for name, data in files.items()})
