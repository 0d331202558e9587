"""Table files: a hand table rendered as CSV text and an xlsx workbook, written all-or-nothing.

Both formats are rendered in memory and written through :func:`twentyone_burn.io.write_files`
in one call, so a failure leaves neither a partial file nor a CSV without its workbook. The
CSV starts with the table's options as ``# key: value`` lines; the workbook has a sheet
``odds`` (the table) and a sheet ``about`` (the options).

>>> import pandas as pd
>>> from types import SimpleNamespace
>>> t = SimpleNamespace(meta={"game": "demo", "pot": 1.0}, frame=pd.DataFrame({"hand": ["A"]}))
>>> print(csv_text(t), end="")
# game: demo
# pot: 1.0
hand
A
>>> xlsx_bytes(t)[:2]
b'PK'
"""

from __future__ import annotations

import io
from collections.abc import Mapping
from pathlib import Path
from typing import Any, Protocol

from twentyone_burn.io import reproducible_zip, write_files

__all__ = ["Table", "csv_text", "xlsx_bytes", "write_table"]


class Table(Protocol):
    """What is written: the options that produced the table and the table (a pandas DataFrame)."""

    @property
    def meta(self) -> Mapping[str, object]:
        """The options that produced the table, in the order they are written."""
        ...

    @property
    def frame(self) -> Any:
        """The table itself (a pandas DataFrame)."""
        ...


def csv_text(table: Table) -> str:
    """The table as CSV text, the options first as '# key: value' lines."""
    out = io.StringIO(newline="")
    for key, value in table.meta.items():
        out.write(f"# {key}: {value}\n")
    table.frame.to_csv(out, index=False)
    return out.getvalue()


def xlsx_bytes(table: Table) -> bytes:
    """The table as an xlsx workbook: sheet 'odds' (the table) and sheet 'about' (the options)."""
    import pandas as pd

    out = io.BytesIO()
    with pd.ExcelWriter(out, engine="openpyxl") as xl:
        table.frame.to_excel(xl, sheet_name="odds", index=False)
        pd.DataFrame({"option": list(table.meta), "value": [str(v) for v in table.meta.values()]}
                     ).to_excel(xl, sheet_name="about", index=False)
    # with SOURCE_DATE_EPOCH set, the workbook's time stamps are pinned (byte-identical runs)
    return reproducible_zip(out.getvalue())


def write_table(table: Table, csv: str | Path | None = None,
                xlsx: str | Path | None = None) -> list[Path]:
    """Write the table as CSV (to ``csv``) and/or xlsx (to ``xlsx``), all or nothing.

    Both files are rendered first, then written in one :func:`~twentyone_burn.io.write_files`
    call. Returns the paths written (CSV first).
    """
    files: dict[str | Path, bytes | str] = {}
    if csv is not None:
        files[csv] = csv_text(table)
    if xlsx is not None:
        files[xlsx] = xlsx_bytes(table)
    return write_files(files)
