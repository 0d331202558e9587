"""The ``guts-odds`` command: exact odds of the match-the-pot guts games from the command line.

Commands: ``vs-pot``, ``table``, ``threshold``, ``swap``, ``last-card-up``, ``lone``,
``challenge``, ``qualify`` (:mod:`~guts_family.cli.games`) and ``omaha``
(:mod:`~guts_family.cli.omaha`); :mod:`~guts_family.cli.app` builds the app. Every failure
prints one line on stderr (:func:`toolkit_cli.errors.run`): bad input (an unknown card, a
card given twice, an unknown game, a pot or limit that is not a positive amount) exits with code
2, the environment (disk, permissions) with 1, Ctrl-C with 130; ``--debug`` shows the traceback.

>>> main(["vs-pot", "Qh", "--game", "guts321", "--json"])  # doctest: +ELLIPSIS
{"game": "guts321", "hand": "Qh", ..."counts": {"win": 40, "tie": 3, "lose": 8}, "total": 51, ...}
"""

from guts_family.cli.app import build_app, main
from guts_family.cli.games import DEFAULT_TABLE_DIR
from guts_family.cli.options import parse_amount

__all__ = ["build_app", "main", "parse_amount", "DEFAULT_TABLE_DIR"]
