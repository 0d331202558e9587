"""The documentation reads in a clone of the repository alone: every Markdown link resolves to
a file inside it (and a ``#fragment`` to a heading of that file), no path written in the
documentation, the presets or a module's docstring leads out of it, and docs/rules.md has a
section for every game the tools cover.

A web address is not a link here: a clone must read without the network, so the docs name an
outside source in words.
"""

from __future__ import annotations

import ast
import re
import subprocess
from functools import cache
from pathlib import Path

import pytest

from guts_family.games.registry import GAME_NAMES, get_game

ROOT = Path(__file__).resolve().parent.parent

#: fenced code blocks and inline code spans: what they hold is not a link
_CODE = re.compile(r"^(```|~~~).*?^\1[^\n]*$|`[^`\n]*`", re.S | re.M)
#: an inline link or image, its text possibly over several lines: [text](target "title")
_INLINE = re.compile(r"!?\[(?:[^\[\]]|\[[^\]]*\])*\]\(\s*<?([^)\s>]*)>?(?:\s+\"[^\"]*\")?\s*\)")
#: a reference definition: [label]: target
_REFERENCE = re.compile(r"^ {0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)", re.M)
#: a relative path that climbs out of its folder, as a path is written in prose (not a
#: doctest's elided ".../path")
_CLIMB = re.compile(r"(?<![.\w])(?:\.\./)+[\w.\-/]*")


def _tracked(*patterns: str) -> list[Path]:
    """The repository's tracked files matching ``patterns`` (every Markdown file by default)."""
    out = subprocess.run(["git", "ls-files", "-z", "--", *patterns], cwd=ROOT,
                         capture_output=True, text=True, check=True).stdout
    return sorted(ROOT / p for p in out.split("\0") if p)


def links(text: str) -> list[str]:
    """Every link target of the Markdown ``text``, outside code.

    >>> links("[a](b.md#c) `[x](y)` ![i](\\n p.svg)\\n\\n[r]: ../README.md")
    ['b.md#c', 'p.svg', '../README.md']
    """
    prose = _CODE.sub("", text)
    return [m.group(1) for m in _INLINE.finditer(prose)] + _REFERENCE.findall(prose)


def slug(heading: str) -> str:
    """The fragment a Markdown renderer (GitHub's) gives a heading.

    >>> slug("Rule -> code: 21 Burn"), slug("Guts (3-2-1)"), slug("Omaha ranges (`--range`)")
    ('rule---code-21-burn', 'guts-3-2-1', 'omaha-ranges---range')
    """
    kept = re.sub(r"[^\w\- ]", "", heading.strip().lower())
    return kept.replace(" ", "-")


@cache
def anchors(path: Path) -> frozenset[str]:
    """The fragments of every heading of the Markdown file ``path`` (repeats numbered)."""
    seen: dict[str, int] = {}
    out = set()
    for line in _CODE.sub(lambda m: "\n" * m.group(0).count("\n")
                          if m.group(0).startswith(("```", "~~~")) else m.group(0),
                          path.read_text()).splitlines():
        m = re.match(r" {0,3}#{1,6}\s+(.*?)\s*#*\s*$", line)
        if m:
            base = slug(m.group(1))
            n = seen.get(base, 0)
            seen[base] = n + 1
            out.add(base if n == 0 else f"{base}-{n}")
    return frozenset(out)


def broken(source: Path, target: str) -> str | None:
    """Why the link ``target`` in the file ``source`` does not resolve inside the repository,
    or None when it does."""
    if re.match(r"[a-z][a-z0-9+.-]*:", target, re.I):
        return "a web address (name an outside source in words)"
    path, _, fragment = target.partition("#")
    file = (source.parent / path).resolve() if path else source
    if not file.is_relative_to(ROOT):
        return "leaves the repository"
    if not file.exists():
        return "points at nothing"
    if fragment and file.suffix == ".md" and fragment not in anchors(file):
        return f"no heading #{fragment} in {file.relative_to(ROOT)}"
    return None


MARKDOWN = _tracked("*.md")


@pytest.mark.parametrize("source", MARKDOWN, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_markdown_link_resolves_inside_the_repository(source):
    bad = [(t, why) for t in links(source.read_text()) if (why := broken(source, t))]
    assert bad == []


def _docstrings(path: Path) -> str:
    tree = ast.parse(path.read_text())
    nodes = [tree, *(n for n in ast.walk(tree)
                     if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef))]
    return "\n".join(d for n in nodes if (d := ast.get_docstring(n)))


def outside_paths(source: Path, text: str) -> list[str]:
    """The paths in ``text`` (of the file ``source``) that climb with ``../`` to something that
    is not in the repository, read from the file's folder or from the repository's root."""
    return [p for p in _CLIMB.findall(text)
            if not any((base / p).resolve().is_relative_to(ROOT) and (base / p).exists()
                       for base in (source.parent, ROOT))]


#: the folders beside the repository the rule sheets and design notes were kept in, which a
#: clone does not have (written even without a leading ``../``)
BESIDE = tuple(f"shared/{name}" for name in ("rules", "design"))


@pytest.mark.parametrize("pattern", ["*.md", "*.toml", "*.py"])
def test_no_written_path_leads_out_of_the_repository(pattern):
    bad = []
    for source in _tracked(pattern):
        text = _docstrings(source) if source.suffix == ".py" else source.read_text()
        bad += [(str(source.relative_to(ROOT)), p) for p in outside_paths(source, text)]
        bad += [(str(source.relative_to(ROOT)), b) for b in BESIDE if b in text]
    assert bad == []


def test_the_checks_catch_a_link_out_a_missing_file_and_a_missing_heading():
    docs = ROOT / "docs" / "index.md"
    assert broken(docs, "../../shared/rules/21-burn.txt") == "leaves the repository"
    assert broken(docs, "missing.md") == "points at nothing"
    assert broken(docs, "rules.md#no-such-heading") == (
        "no heading #no-such-heading in docs/rules.md")
    assert broken(docs, "https://example.org/") is not None
    assert broken(docs, "rules.md#21-burn") is None and broken(docs, "../README.md") is None
    assert outside_paths(ROOT / "README.md", "see `../shared/rules/21-burn.txt`") == [
        "../shared/rules/21-burn.txt"]
    assert outside_paths(ROOT / "docs" / "guts.md", "[x](../README.md)") == []


def test_the_rules_page_has_a_section_for_every_game():
    sections = anchors(ROOT / "docs" / "rules.md")
    games = ["21 Burn", *(get_game(name).title for name in GAME_NAMES), "Omaha Burn"]
    assert [g for g in games if slug(g) not in sections] == []
