"""common: ``guts-odds``'s binding of the shared command-line layer - its tool, and the calls
that name it: an output with its provenance, an option's old name.

The conventions themselves are :mod:`toolkit_cli`'s, the same as ``twentyone-burn``'s: the
one error boundary (:func:`toolkit_cli.errors.run`; every failure ends in ONE line on stderr,
never a traceback unless ``--debug`` is given):

- bad input (an unknown or repeated card, an unknown game, an amount that is not a positive
  finite number, an impossible request, a usage error) -> ``error: ...``, exit 2;
- the environment (a disk full, a permission, a path inside a file, another run writing the same
  folder, memory) -> one line, exit 1;
- anything else -> ``error: internal error (TypeName: message); rerun with --debug for the
  traceback``, exit 1;
- Ctrl-C -> the line ``interrupted``, exit 130.

Every output carries its provenance (:func:`emit`): text starts with a line ``# guts-odds
VERSION COMMAND OPTIONS...`` (the command line that reproduces it), JSON has ``version``,
``command`` and ``options``.

>>> TOOL.name, TOOL.is_bad_input(ValueError("--pot must be positive"))
('guts-odds', True)
"""

from __future__ import annotations

from typing import Any

import typer

from guts_family._version import __version__
from guts_family.cards import CardError
from toolkit_cli import options as _options
from toolkit_cli.tool import Tool

__all__ = ["TOOL", "deprecated", "emit", "renamed"]

#: the tool, as the shared layer knows it: a card error, any ValueError (the games' checks
#: raise them with a one-line message) and an overflow are bad input (exit 2)
TOOL = Tool("guts-odds", __version__, bad_input=(CardError, ValueError, OverflowError),
            version_line=f"guts-odds (guts_family) {__version__}",
            no_command="no command given: choose one of the commands above",
            out_of_memory="out of memory: ask for a smaller computation (fewer opponents, a "
                          "later street)",
            usage_hint="")


def emit(data: dict, as_json: bool, text: str, ctx: typer.Context | None = None) -> None:
    """Print ``data`` as one JSON object, or ``text``, with the provenance of ``ctx``'s command
    line (:func:`toolkit_cli.provenance.emit`)."""
    from toolkit_cli.provenance import emit as emit_with_provenance  # once there is output

    emit_with_provenance(TOOL, data, as_json, text, ctx)


def deprecated(old: str, instead: str) -> None:
    """A one-line note that option ``old`` is deprecated, on stderr when it is a terminal
    (:func:`toolkit_cli.options.deprecated`)."""
    _options.deprecated(TOOL, old, instead)


def renamed(ctx: typer.Context, new: str, old: str, value: Any, old_value: Any) -> Any:
    """The value of option ``new``, or of its hidden old name ``old`` (kept for one release;
    :func:`toolkit_cli.options.renamed`)."""
    return _options.renamed(TOOL, ctx, new, old, value, old_value)
