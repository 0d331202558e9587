"""help: the command group both apps use - help without ``<bool>``, options coerced lazily.

typer's rich help prints every option's type, flags included (``--json <bool>``); a flag
takes no value, so its metavar is set to empty, for the group's options and for every
command's (the help option included, which click creates on first use). The same pass makes
each parameter build typer's value coercion only for a value that is given
(:mod:`~toolkit_cli.coercion`), so ``--help`` and bad input stay fast.

>>> import typer
>>> app = typer.Typer(cls=Group, context_settings={"help_option_names": HELP_NAMES})
>>> @app.command()
... def go(fast: bool = typer.Option(False, "--fast")) -> None:
...     pass
>>> @app.command()
... def stop() -> None:
...     pass
>>> from typer.testing import CliRunner
>>> "<bool>" in CliRunner().invoke(app, ["go", "-h"], env={"NO_COLOR": "1"}).stdout
False
"""

from __future__ import annotations

from typing import Any

from typer.core import TyperGroup

from .coercion import defer_coercion

__all__ = ["HELP_NAMES", "Group", "prepare"]

#: -h and --help on the app and every command (click passes them down to subcommands)
HELP_NAMES = ["-h", "--help"]


def prepare(params: list[Any]) -> list[Any]:
    """Give ``params``' flags an empty metavar and defer their coercion; ``params`` back."""
    for p in params:
        if getattr(p, "is_flag", False) and p.metavar is None:
            p.metavar = ""
        defer_coercion(p)
    return params


class Group(TyperGroup):
    """The apps' command group: every parameter of it and of its commands :func:`prepare`\\ d
    before it is parsed or shown."""

    def get_params(self, ctx: Any) -> list[Any]:
        return prepare(super().get_params(ctx))

    def get_command(self, ctx: Any, cmd_name: str) -> Any:
        cmd = super().get_command(ctx, cmd_name)
        if cmd is not None:
            prepare(cmd.get_params(ctx))
        return cmd
