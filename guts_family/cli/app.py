"""The ``guts-odds`` app: the typer app with every command registered, and its entry point.

>>> [c.name for c in build_app().registered_commands][-4:]
['omaha', 'omaha-threshold', 'equilibrium', 'game']
"""

from __future__ import annotations

import typer

from guts_family.cli.common import TOOL
from guts_family.cli.equilibrium import register as register_equilibrium
from guts_family.cli.game import register as register_game
from guts_family.cli.games import register as register_games
from guts_family.cli.omaha import register as register_omaha
from guts_family.cli.omaha import register_threshold as register_omaha_threshold
from toolkit_cli.errors import run
from toolkit_cli.help import HELP_NAMES, Group
from toolkit_cli.interrupt import at
from toolkit_cli.options import version_option

at("imports")   # the test seam: Ctrl-C while the app is being imported (toolkit_cli.entry)

__all__ = ["build_app", "main"]


def build_app() -> typer.Typer:
    """The typer app with every command: the guts games' and Omaha's.

    >>> sorted(c.name for c in build_app().registered_commands)[:4]
    ['challenge', 'equilibrium', 'game', 'last-card-up']
    """
    app = typer.Typer(cls=Group, add_completion=True, no_args_is_help=True,
                      context_settings={"help_option_names": HELP_NAMES},
                      help="Exact odds and equilibrium thresholds for Phoenix Burn, Guts "
                           "(3-2-1) and challenge guts, and pot equity and the burn decision "
                           "for Omaha Burn.")

    @app.callback()
    def _root(version: bool = version_option(TOOL),
              debug: bool = typer.Option(False, "--debug",
                                         help="Show the traceback of an error (any position)."),
              ) -> None:
        """Exact odds for Phoenix Burn, Guts (3-2-1), challenge guts and Omaha Burn."""

    register_games(app)
    register_omaha(app)
    register_omaha_threshold(app)
    register_equilibrium(app)
    register_game(app)
    return app


def main(argv: list[str] | None = None) -> None:
    """Entry point of ``guts-odds``: one line on stderr for any error
    (:func:`toolkit_cli.errors.run`)."""
    run(TOOL, lambda: typer.main.get_command(build_app()), argv)
