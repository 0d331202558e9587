"""app: the ``twentyone-burn`` typer application - every command, registered statically,
behind the one error boundary.

>>> from typer.testing import CliRunner
>>> CliRunner().invoke(app, ["--help"]).exit_code
0
"""

from __future__ import annotations

from typing import Any

import typer

from toolkit_cli.errors import InputError as InputError
from toolkit_cli.errors import run
from toolkit_cli.help import HELP_NAMES, Group
from toolkit_cli.interrupt import at
from toolkit_cli.options import flag

from ..rules import RulesError
from ..shoe import CardError
from . import analyze, charts, design, kernels, protection, report, simulate
from .common import TOOL, VersionOpt

at("imports")   # the test seam: Ctrl-C while the app is being imported (toolkit_cli.entry)

__all__ = ["InputError", "RulesError", "CardError", "app", "command", "main"]

app = typer.Typer(cls=Group, add_completion=True, no_args_is_help=True,
                  context_settings={"help_option_names": HELP_NAMES},
                  help="Exact combinatorial analyser for the casino game 21 Burn.")


@app.callback()
def _root(show_version: bool = VersionOpt,
          debug: bool = flag(False, "--debug", show_default=False,
                             help="Show the traceback of an error instead of one line.")
          ) -> None:
    """Exact combinatorial analyser for the casino game 21 Burn."""


for _module in (analyze, simulate, charts, report, design, kernels, protection):
    _module.register(app)

_COMMAND: Any = None


def command() -> Any:
    """The click command of the app, built once (its group, :class:`toolkit_cli.help.Group`,
    shows flags without a ``<bool>`` type and builds a value's coercion only when needed)."""
    global _COMMAND
    if _COMMAND is None:
        _COMMAND = typer.main.get_command(app)
    return _COMMAND


def main() -> None:
    """Entry point: run the app behind the error boundary (:func:`toolkit_cli.errors.run`):
    bad input gives one line on stderr and exit code 2, the environment 1, Ctrl-C 130;
    ``--debug`` shows the traceback instead."""
    import atexit
    atexit.register(kernels.build_later)   # the kernels' module, built once in the background
    run(TOOL, command)
