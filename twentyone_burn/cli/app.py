"""app: the ``twentyone-burn`` typer application - every command, registered statically,
behind one error boundary.

>>> from typer.testing import CliRunner
>>> CliRunner().invoke(app, ["--help"]).exit_code
0
"""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import typer

from ..rules import RulesError
from ..shoe import CardError
from . import analyze, charts, report, simulate
from .common import InputError as InputError
from .common import VersionOpt, flag, run_main

__all__ = ["InputError", "RulesError", "CardError", "app", "command", "main"]

#: -h and --help on the app and every command (click passes them down to subcommands)
HELP_NAMES = ["-h", "--help"]

app = typer.Typer(add_completion=True, no_args_is_help=True,
                  context_settings={"help_option_names": HELP_NAMES},
                  help="Exact combinatorial analyser for the casino game 21 Burn.")


@app.callback()
def _root(show_version: bool = VersionOpt,
          debug: bool = flag(False, "--debug", show_default=False,
                             help="Show the traceback of an error instead of one line.")
          ) -> None:
    """Exact combinatorial analyser for the casino game 21 Burn."""


for _module in (analyze, simulate, charts, report):
    _module.register(app)

_COMMAND: Any = None


def command() -> Any:
    """The click command of the app, built once; its help flags show no ``<bool>`` type."""
    global _COMMAND
    if _COMMAND is None:
        group = typer.main.get_command(app)
        names = SimpleNamespace(help_option_names=HELP_NAMES)
        for c in [group, *getattr(group, "commands", {}).values()]:
            help_opt = c.get_help_option(names)
            for opt in [*c.params, *([help_opt] if help_opt is not None else [])]:
                if getattr(opt, "is_flag", False) and opt.metavar is None:
                    opt.metavar = ""
        _COMMAND = group
    return _COMMAND


def main() -> None:
    """Entry point: run the app behind the error boundary (see
    :func:`~twentyone_burn.cli.common.run_main`): bad input gives one line on stderr and exit
    code 2, the environment 1, Ctrl-C 130; ``--debug`` shows the traceback instead."""
    run_main(command())
