"""options: the option conventions both tools follow - flags, ``--version``, ``--json``,
``--force``, and an option's old name kept for a release.

>>> from toolkit_cli.tool import Tool
>>> version_option(Tool("demo", "1.0")).is_eager
True
"""

from __future__ import annotations

import sys
from typing import Any

import typer

from .errors import InputError
from .tool import Tool

__all__ = ["ForceOpt", "JsonOpt", "deprecated", "flag", "renamed", "version_option"]


def flag(default: Any, *decls: str, help: str, show_default: bool | str = True,
         hidden: bool = False) -> Any:
    """A typer flag option whose help shows no ``<bool>`` type (typer's rich help prints a
    flag's type unless it has a metavar, so flags get an empty one)."""
    return typer.Option(default, *decls, help=help, metavar="", show_default=show_default,
                        hidden=hidden)


#: ``--json`` of a command that can print its answer as one JSON object
JsonOpt = flag(False, "--json", help="Print one JSON object.", show_default=False)
#: ``--force`` of a command that refuses to overwrite what a previous run wrote
ForceOpt = flag(False, "--force", help="Overwrite output files a previous run wrote.",
                show_default=False)


def version_option(tool: Tool) -> Any:
    """``--version`` for the app and its commands: prints :attr:`Tool.version_text`, exits."""
    def show(value: bool) -> None:
        if value:
            typer.echo(tool.version_text)
            raise typer.Exit()

    return typer.Option(False, "--version", callback=show, is_eager=True, metavar="",
                        help="Print the version and exit.")


def deprecated(tool: Tool, old: str, instead: str) -> None:
    """A one-line note that option ``old`` is deprecated, on stderr when it is a terminal.

    Scripts and pipes (stderr not a terminal) get no note, so their output stays as it was.
    """
    from . import progress  # imported when a note is due: --help needs no display

    if progress.stderr_is_terminal():
        sys.stderr.write(f"{tool.name}: note: {old} is deprecated and goes in the next "
                         f"release: {instead}\n")


def renamed(tool: Tool, ctx: typer.Context, new: str, old: str, value: Any,
            old_value: Any) -> Any:
    """The value of option ``new``, or of its hidden old name ``old`` (kept for one release).

    The old name prints a one-line deprecation note (:func:`deprecated`); giving both is bad
    input. The value is recorded under the new name for the output's provenance.
    """
    if old_value is None:
        return value
    new_name, old_name = (n if n.startswith("--") else f"--{n}" for n in (new, old))
    key = new_name[2:].replace("-", "_")
    source = ctx.get_parameter_source(key) if key in ctx.params else None
    if value is not None and getattr(source, "name", "COMMANDLINE") != "DEFAULT":
        raise InputError(f"{old_name} is the old name of {new_name}: give {new_name} only")
    deprecated(tool, old_name, f"use {new_name}")
    if key in ctx.params:
        ctx.params[key] = old_value
    return old_value
