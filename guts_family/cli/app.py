"""The ``guts-odds`` app: the typer app with every command registered, and its entry point.

>>> [c.name for c in build_app().registered_commands][-3:]
['qualify', 'omaha', 'equilibrium']
"""

from __future__ import annotations

import typer

from guts_family._version import __version__
from guts_family.cli.common import Group, run
from guts_family.cli.equilibrium import register as register_equilibrium
from guts_family.cli.games import register as register_games
from guts_family.cli.omaha import register as register_omaha

__all__ = ["build_app", "main"]


def build_app() -> typer.Typer:
    """The typer app with every command: the guts games' and Omaha's.

    >>> sorted(c.name for c in build_app().registered_commands)[:4]
    ['challenge', 'equilibrium', 'last-card-up', 'lone']
    """
    app = typer.Typer(cls=Group, add_completion=True, no_args_is_help=True,
                      context_settings={"help_option_names": ["-h", "--help"]},
                      help="Exact odds and equilibrium thresholds for Phoenix Burn, Guts "
                           "(3-2-1) and challenge guts.")

    def _version(value: bool) -> None:
        if value:
            typer.echo(f"guts-odds (guts_family) {__version__}")
            raise typer.Exit()

    @app.callback()
    def _root(version: bool = typer.Option(False, "--version", callback=_version, is_eager=True,
                                           help="Print the version and exit."),
              debug: bool = typer.Option(False, "--debug",
                                         help="Show the traceback of an error (any position)."),
              ) -> None:
        """Exact odds for Phoenix Burn, Guts (3-2-1) and challenge guts."""

    register_games(app)
    register_omaha(app)
    register_equilibrium(app)
    return app


def main(argv: list[str] | None = None) -> None:
    """Entry point of ``guts-odds``: one line on stderr for any error (see :func:`run`)."""
    run(build_app(), argv)
