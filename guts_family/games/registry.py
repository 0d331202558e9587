"""The game registry: the games by name (``GAME_NAMES``) and :func:`get_game`.

>>> [get_game(name).title for name in GAME_NAMES]
['Phoenix Burn', 'Guts (3-2-1)', 'Challenge guts']
"""

from __future__ import annotations

from guts_family.defaults import GAME_NAMES, game_key
from guts_family.games.base import Game
from guts_family.games.challenge_guts import GAME as CHALLENGE
from guts_family.games.guts_321 import GAME as GUTS321
from guts_family.games.phoenix_burn import GAME as PHOENIX

__all__ = ["GAME_NAMES", "get_game"]

# the names and their spellings live in guts_family.defaults (the help needs them, not the games)
_GAMES: dict[str, Game] = {"phoenix": PHOENIX, "guts321": GUTS321, "challenge": CHALLENGE}


def get_game(name: str) -> Game:
    """The game called ``name``: phoenix, guts321 or challenge.

    >>> get_game("phoenix").title
    'Phoenix Burn'
    """
    key = game_key(name)
    if key is None:
        raise ValueError(f"unknown game {name!r}: choose one of {', '.join(GAME_NAMES)}")
    return _GAMES[key]
