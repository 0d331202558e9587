"""app: the ``twentyone-burn`` typer application - every command, listed statically and
imported when it is used, behind the one error boundary.

The app's group (:class:`toolkit_cli.lazy.LazyGroup`) lists the commands from
:data:`COMMANDS` - each one's module and one-line help - so ``--help`` imports no command's
module; a command's module is imported (and its ``register`` called) when the command runs,
shows its help or is completed. tests/cli/test_app.py checks the table against the modules.

>>> from typer.testing import CliRunner
>>> CliRunner().invoke(app, ["--help"]).exit_code
0
"""

from __future__ import annotations

import sys
from typing import Any

import typer

from toolkit_cli.errors import InputError as InputError
from toolkit_cli.errors import run
from toolkit_cli.help import HELP_NAMES
from toolkit_cli.interrupt import at
from toolkit_cli.lazy import Lazy, LazyGroup
from toolkit_cli.options import flag

from .tool import TOOL, VersionOpt

at("imports")   # the test seam: Ctrl-C while the app is being imported (toolkit_cli.entry)

# RulesError and CardError come from the module's __getattr__ (imported when asked for)
__all__ = ["InputError", "RulesError", "CardError",  # noqa: F822
           "COMMANDS", "Commands", "app", "command", "main"]

_CLI = "twentyone_burn.cli."

#: every command, in the order the help lists them: its module (whose ``register`` adds it to
#: the app) and its line in the list (its help's first sentence)
COMMANDS: dict[str, Lazy] = {
    "analyze": Lazy(_CLI + "analyze",
                    "The exact expected return, house edge and element of risk of the game, "
                    "from the full shoe or a depleted one (optimal play re-optimised for it, "
                    "a chart played as printed)."),
    "hand": Lazy(_CLI + "analyze",
                 "Every burn of a three-card deal: the kept hand and the EV of each play "
                 "(classic deal: the EV of each play of a two-card hand)."),
    "dealer": Lazy(_CLI + "analyze",
                   "The dealer's final-total distribution for an up card and removed cards."),
    "simulate": Lazy(_CLI + "simulate",
                     "Monte Carlo of the game: mean return, SE, 99% interval, SD, "
                     "frequencies."),
    "verify": Lazy(_CLI + "simulate",
                   "Theory vs simulation (exact engine vs Monte Carlo); exit 0 on PASS, 1 on "
                   "FAIL."),
    "chart": Lazy(_CLI + "charts",
                  "Derive the printable strategy chart, value it exactly and write the "
                  "workbook; derive and value its short burn rule and write it with the "
                  "strategy card (card.pdf)."),
    "value": Lazy(_CLI + "charts",
                  "The exact expected return of a chart and its cost against optimal play."),
    "report": Lazy(_CLI + "report",
                   "The house-edge report (par sheet): Markdown, HTML, JSON and xlsx in --out."),
    "tune": Lazy(_CLI + "report",
                 "Find the knob value that gives the house a target edge under a strategy "
                 "(optimal play by default)."),
    "design": Lazy(_CLI + "design",
                   "Search rule sets for a target house edge: exact, ranked, with charts."),
    "build-kernels": Lazy(_CLI + "kernels",
                          "Compile the engine's kernels ahead of time (about 30 s, once per "
                          "version and machine), so that later runs start without numba: the "
                          "classic deal in under a second."),
    "protection": Lazy(_CLI + "protection",
                       "Game protection: effects of removal, counts, shoe play to a cut card, "
                       "a counter's win rate, hole-card exposure; the report of them all."),
}


class Commands(LazyGroup):
    """The app's group: :class:`toolkit_cli.help.Group` with the commands of
    :data:`COMMANDS`, each one's module imported when it is used."""

    table = COMMANDS


app = typer.Typer(cls=Commands, add_completion=True, no_args_is_help=True,
                  context_settings={"help_option_names": HELP_NAMES},
                  help="Exact combinatorial analyser for the casino game 21 Burn.")


@app.callback()
def _root(show_version: bool = VersionOpt,
          debug: bool = flag(False, "--debug", show_default=False,
                             help="Show the traceback of an error instead of one line.")
          ) -> None:
    """Exact combinatorial analyser for the casino game 21 Burn."""


_COMMAND: Any = None


def command() -> Any:
    """The click command of the app, built once (its group, :class:`Commands`, shows flags
    without a ``<bool>`` type, builds a value's coercion only when needed and imports a
    command's module only when the command is used)."""
    global _COMMAND
    if _COMMAND is None:
        _COMMAND = typer.main.get_command(app)
    return _COMMAND


def __getattr__(name: str) -> Any:
    """``RulesError`` and ``CardError``, the rules' and the cards' bad input, imported when
    first asked for (the app itself names them only by their class names: :mod:`.tool`)."""
    if name == "RulesError":
        from ..rules import RulesError
        return RulesError
    if name == "CardError":
        from ..shoe import CardError
        return CardError
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def main() -> None:
    """Entry point: run the app behind the error boundary (:func:`toolkit_cli.errors.run`):
    bad input gives one line on stderr and exit code 2, the environment 1, Ctrl-C 130;
    ``--debug`` shows the traceback instead."""
    import atexit
    atexit.register(_build_later)   # the kernels' module, built once in the background
    run(TOOL, command)


def _build_later() -> None:
    """At exit: :func:`.kernels.build_later` - only once the engine's kernels were loaded
    (otherwise none ran, and ``--help`` need not import the command's module to learn it)."""
    if "twentyone_burn.engine.compiled" in sys.modules:
        from .kernels import build_later
        build_later()
