"""Every ``--help`` of both tools, read at 80 columns (toolkit_cli/help.py's layout and the
commands' help texts): no option name cut, no line past the 80th column, no line wrapped
before the width (a hard line break in a help text), and the ``guts-odds`` summary names every
game the tool covers.

Each help is rendered in this process by typer's runner with an 80-column terminal, for
every command and subcommand the apps list, so a new command is checked without a change
here.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
import typer
from typer.testing import CliRunner

from guts_family.cli.app import build_app
from guts_family.games.registry import GAME_NAMES, get_game
from twentyone_burn.cli.app import app as burn_app

COLUMNS = 80
#: click's help formatter writes to two columns fewer than the terminal
WIDTH = COLUMNS - 2
ENV = {"COLUMNS": str(COLUMNS), "NO_COLOR": "1", "TERM": "dumb"}
#: the games guts-odds answers for besides the registry's (the Omaha commands)
OTHER_GAMES = ("Omaha Burn",)


def _paths(command: Any, path: tuple[str, ...] = ()) -> Iterator[tuple[str, ...]]:
    """``path`` and the path of every command under ``command`` (a click group or command)."""
    yield path
    if hasattr(command, "list_commands"):
        ctx = command.context_class(command)
        for name in command.list_commands(ctx):
            yield from _paths(command.get_command(ctx, name), (*path, name))


def _cases() -> Iterator[Any]:
    for tool, app in (("twentyone-burn", burn_app), ("guts-odds", build_app())):
        for path in _paths(typer.main.get_command(app)):
            yield pytest.param(tool, app, path, id=" ".join((tool, *path)))


CASES = list(_cases())


def _help(app: typer.Typer, path: tuple[str, ...], tool: str) -> str:
    r = CliRunner().invoke(app, [*path, "--help"], env=ENV, prog_name=tool,
                           terminal_width=COLUMNS)
    assert r.exit_code == 0, r.output
    return r.output


def _option_names(app: typer.Typer, path: tuple[str, ...]) -> list[str]:
    """Every name of every option and argument shown in the help of ``path``."""
    command: Any = typer.main.get_command(app)
    ctx = command.context_class(command)
    for name in path:
        command = command.get_command(ctx, name)
        ctx = command.context_class(command, parent=ctx)
    return [n for p in command.get_params(ctx) if not getattr(p, "hidden", False)
            for n in (*p.opts, *p.secondary_opts) if n.startswith("-")]


def _blocks(text: str) -> Iterator[list[tuple[str, str]]]:
    """The blocks wrapped as one text - each paragraph, each row of a definition list (an
    option, an argument, a command) - as (printed line, its wrapped text) pairs; a row's
    first line's text is what follows the name's column ("" when the name fills the line)."""
    block: list[tuple[str, str]] = []
    listing = False
    for line in text.splitlines():
        indent = len(line) - len(line.lstrip())
        if line.startswith("Usage:") or not line.strip() or indent == 0:
            yield block
            block, listing = [], listing or (indent == 0 and bool(line.strip())
                                               and not line.startswith("Usage:"))
        elif listing and indent == 2:           # a new row of the list
            yield block
            _, gap, tail = line.strip().partition("  ")
            block = [(line, tail.strip() if gap else "")]
        else:
            block.append((line, line.strip()))
    yield block


def cut_names(shown: str, names: list[str]) -> list[str]:
    """What shows a name cut in the help ``shown``: an ellipsis past the usage line, or one
    of ``names`` not printed whole."""
    body = shown.split("\n", 1)[-1]            # the usage line may end in "[ARGS]..."
    words = set(shown.replace(",", " ").split())
    return ([m for m in ("...", "\u2026") if m in body]
            + [n for n in names if n not in words])


def long_lines(shown: str) -> list[str]:
    """The lines of ``shown`` past the 80th column."""
    return [line for line in shown.splitlines() if len(line) > COLUMNS]


def early_breaks(shown: str) -> list[str]:
    """The lines of ``shown`` that end before the width within a paragraph: the next line's
    first word would have fitted (one column of slack for typer's two spaces before
    "[default: ...]") - a hard line break in the help's source."""
    early = []
    for block in _blocks(shown):
        for (printed, text), (_, following) in zip(block, block[1:]):
            if text and len(printed.rstrip()) + 2 + len(following.split()[0]) <= WIDTH:
                early.append(printed)
    return early


@pytest.mark.parametrize("tool, app, path", CASES)
def test_no_option_name_is_cut(tool, app, path):
    shown = _help(app, path, tool)
    assert cut_names(shown, _option_names(app, path)) == [], shown


@pytest.mark.parametrize("tool, app, path", CASES)
def test_no_line_passes_the_80th_column(tool, app, path):
    assert long_lines(_help(app, path, tool)) == []


@pytest.mark.parametrize("tool, app, path", CASES)
def test_no_line_is_broken_before_the_width(tool, app, path):
    assert early_breaks(_help(app, path, tool)) == []


def test_guts_odds_names_every_game_it_covers():
    paragraphs = [" ".join(p.split()) for p in _help(build_app(), (), "guts-odds").split("\n\n")]
    summary = paragraphs[[p.startswith("Usage:") for p in paragraphs].index(True) + 1]
    games = [get_game(name).title for name in GAME_NAMES] + list(OTHER_GAMES)
    assert [g for g in games if g.lower() not in summary.lower()] == []


#: a help as typer's rich panels printed it at 80 columns (before click's layout)
RICH = """\
 Usage: twentyone-burn analyze [OPTIONS]

╭─ Options ────────────────────────────────────────────────────────────────────╮
│ --mandatory-spl…      --optional-split                     A kept pair must  │
│                                                            be split, or the  │
╰──────────────────────────────────────────────────────────────────────────────╯
"""

#: a help whose description has a line break from its source
HARD_BREAK = """\
Usage: twentyone-burn build-kernels [OPTIONS]

  Compile the engine's kernels ahead of time (about 30 s, once per version and
  machine),
  so that later runs start without numba.

Options:
  --json      Print one JSON object, with every figure of the answer and all
              its provenance,
              once.
  -h, --help  Show this message and exit.
"""


def test_the_checks_catch_a_cut_name_a_long_line_and_an_early_break():
    assert cut_names(RICH, ["--mandatory-split"]) == ["\u2026", "--mandatory-split"]
    assert len(long_lines(RICH + "x" * 81)) == 1
    assert early_breaks(HARD_BREAK) == ["  machine),", "              its provenance,"]
    fixed = HARD_BREAK.replace("and\n  machine),\n  so", "and\n  machine), so")
    assert early_breaks(fixed) == ["              its provenance,"]
