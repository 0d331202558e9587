"""markdown_page: the report as Markdown (GitHub flavour), figures linked as files beside it.

>>> from twentyone_burn.export.document import Document, Section, Table
>>> doc = Document("T", [("a", "b")], [Section("S", "s", [Table(["x", "y"], [["1", "2"]])])])
>>> print(render(doc, {}))
# T
<BLANKLINE>
| item | value |
| --- | --- |
| a | b |
<BLANKLINE>
## S
<BLANKLINE>
| x | y |
| :-- | --: |
| 1 | 2 |
<BLANKLINE>
"""

from __future__ import annotations

from .document import Bullets, Code, Document, Figure, Para, Table

__all__ = ["render"]


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def _table(t: Table) -> list[str]:
    align = {"l": ":--", "r": "--:"}
    out = ["| " + " | ".join(_cell(c) for c in t.columns) + " |",
           "| " + " | ".join(align[a] for a in t.alignment()) + " |"]
    out += ["| " + " | ".join(_cell(c) for c in row) + " |" for row in t.rows]
    return out


def render(doc: Document, figure_files: dict[str, str]) -> str:
    """Markdown text; ``figure_files`` maps a figure key to the file name it is linked as."""
    out = [f"# {doc.title}", "", "| item | value |", "| --- | --- |"]
    out += [f"| {k} | {_cell(v)} |" for k, v in doc.meta]
    out.append("")
    for s in doc.sections:
        out += [f"## {s.title}", ""]
        for b in s.blocks:
            if isinstance(b, Para):
                out += [b.text, ""]
            elif isinstance(b, Bullets):
                out += [f"- {item}" for item in b.items] + [""]
            elif isinstance(b, Code):
                out += [f"```{b.language}", b.text.rstrip("\n"), "```", ""]
            elif isinstance(b, Table):
                if b.caption:
                    out += [b.caption, ""]
                out += _table(b) + [""]
            elif isinstance(b, Figure):
                if b.key in figure_files:
                    out += [f"![{b.caption}]({figure_files[b.key]})", "", f"*{b.caption}*", ""]
            else:  # pragma: no cover - every block type is rendered above
                raise TypeError(f"unknown block {b!r}")
    return "\n".join(out)
