"""tool: ``twentyone-burn`` as the shared command-line layer knows it - its name, version,
bad-input errors and ``--version`` option.

Kept apart from :mod:`.common` (which re-exports both names) so that the app and its
``--help`` import neither the rules nor the writer: the bad-input errors are named by their
class names (matched against an exception's class and its bases, see
:class:`toolkit_cli.tool.Tool`), so naming them imports nothing.

>>> TOOL.version_text.startswith("twentyone-burn ")
True
>>> from twentyone_burn.rules import RulesError
>>> TOOL.is_bad_input(RulesError("decks must be from 1 to 8")), TOOL.is_bad_input(KeyError())
(True, False)
"""

from __future__ import annotations

from toolkit_cli.options import version_option
from toolkit_cli.tool import Tool

from .._version import __version__

__all__ = ["TOOL", "VersionOpt"]

#: the tool: the errors below are bad input (exit 2), each named by its class (the rules',
#: the cards', the charts', the simulator's, the tuner's - modules a command imports); an
#: input file that is not UTF-8, nested too deeply or not TOML is the user's to fix
TOOL = Tool("twentyone-burn", __version__,
            bad_input=("RulesError", "CardError", "ChartError", "SimulationError", "TuneError",
                       UnicodeDecodeError, RecursionError, "TOMLDecodeError"))

#: ``--version`` on the app and every command
VersionOpt = version_option(TOOL)
