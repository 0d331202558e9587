"""protection: the ``twentyone-burn protection`` group - game protection's commands.

Each concern registers its own commands into the group from its own module, imported when
one of its commands is used (the group lists them from :data:`COMMANDS`):
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

from toolkit_cli.help import HELP_NAMES
from toolkit_cli.lazy import Lazy, LazyGroup

__all__ = ["COMMANDS", "Commands", "group", "register"]

_CLI = "twentyone_burn.cli."

#: the group's commands, in the order its help lists them: each one's module (whose
#: ``register`` adds it to the group) and its line in the list
COMMANDS: dict[str, Lazy] = {
    "eor": Lazy(_CLI + "protection_removal",
                "Exact effects of removal: the player's ER change when one card of each rank "
                "leaves the full shoe, under optimal play or a chart held fixed."),
    "counts": Lazy(_CLI + "protection_removal",
                   "Betting correlation of Hi-Lo, KO, Hi-Opt I/II, Omega II, Zen and Wong "
                   "Halves with the game's exact effects of removal, and the best whole tags "
                   "of level 1, 2, 3."),
    "shoe": Lazy(_CLI + "protection_shoe",
                 "Shoe play with a count: frequency of each true count and ER by true count."),
    "cut-card": Lazy(_CLI + "protection_shoe",
                     "Cut-card effect: house edge dealt to a cut card vs a fresh shoe every "
                     "round."),
    "counter": Lazy(_CLI + "protection_counter",
                    "A counter's win rate, SD, N0, SCORE and risk of ruin from a table by "
                    "count."),
    "exposure": Lazy(_CLI + "protection_exposure",
                     "Exact expected return when the dealer's concealed cards are seen, and "
                     "the gain."),
    "report": Lazy(_CLI + "protection_report",
                   "The protection report: EoRs, counts, shoe play, cut card, counter, "
                   "exposure."),
}


class Commands(LazyGroup):
    """The group: :class:`toolkit_cli.help.Group` with the commands of :data:`COMMANDS`, each
    one's module imported when it is used."""

    table = COMMANDS


group = typer.Typer(cls=Commands, no_args_is_help=True,
                    context_settings={"help_option_names": HELP_NAMES},
                    help="Game protection: effects of removal, counts, shoe play to a cut card, "
                         "a counter's win rate, hole-card exposure; the report of them all.")


def register(app: typer.Typer) -> None:
    """Add the ``protection`` group to the main app."""
    app.add_typer(group, name="protection")
