"""app: the ``twentyone-burn`` typer application - every command, registered statically,
behind one error boundary.

>>> from typer.testing import CliRunner
>>> CliRunner().invoke(app, ["--help"]).exit_code
0
"""

from __future__ import annotations

import sys

import typer

from ..rules import RulesError
from ..shoe import CardError
from . import analyze, charts, report, simulate
from .common import InputError

__all__ = ["app", "main"]

app = typer.Typer(add_completion=False, no_args_is_help=True,
                  help="Exact combinatorial analyser for the casino game 21 Burn.")

for _module in (analyze, simulate, charts, report):
    _module.register(app)


def main() -> None:
    """Entry point: run the app; bad input gives one line on stderr and exit code 2."""
    try:
        app(standalone_mode=False)
    except (RulesError, CardError, InputError) as e:
        typer.echo(f"error: {e}", err=True)
        sys.exit(2)
    except Exception as e:
        # typer ships its own copy of click: recognise its usage errors by their interface
        if type(e).__name__ == "Abort":
            typer.echo("error: aborted", err=True)
            sys.exit(130)
        if hasattr(e, "format_message") and hasattr(e, "exit_code"):
            msg = " ".join(e.format_message().split())
            if msg:
                typer.echo(f"error: {msg} (see --help)", err=True)
            sys.exit(2)
        raise
