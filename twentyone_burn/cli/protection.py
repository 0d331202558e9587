"""protection: the ``twentyone-burn protection`` group - game protection's commands.

Each concern registers its own commands into the group from its own module:
:mod:`.protection_removal` (effects of removal, counts), :mod:`.protection_shoe` (shoe play
with a count, the cut-card effect, a counter's win rate) and :mod:`.protection_exposure`
(hole-card exposure) and :mod:`.protection_report` (the protection report: every figure as
Markdown, HTML, JSON and xlsx).

>>> from typer.testing import CliRunner
>>> from twentyone_burn.cli.app import app
>>> CliRunner().invoke(app, ["protection", "--help"]).exit_code
0
"""

from __future__ import annotations

import typer

from toolkit_cli.help import HELP_NAMES, Group

from . import (
    protection_counter,
    protection_exposure,
    protection_removal,
    protection_report,
    protection_shoe,
)

__all__ = ["group", "register"]

group = typer.Typer(cls=Group, no_args_is_help=True,
                    context_settings={"help_option_names": HELP_NAMES},
                    help="Game protection: effects of removal, counts, shoe play to a cut card, "
                         "a counter's win rate, hole-card exposure; the report of them all.")

for _module in (protection_removal, protection_shoe, protection_counter, protection_exposure,
                protection_report):
    _module.register(group)


def register(app: typer.Typer) -> None:
    """Add the ``protection`` group to the main app."""
    app.add_typer(group, name="protection")
