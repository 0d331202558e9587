"""The match-the-pot guts games: the :class:`Game` base class, one module per game, the registry.

>>> get_game("guts321").order(2)
<two-card order: 2 cards, 91 classes>
"""

from guts_family.games.base import Game, HandTable
from guts_family.games.registry import GAME_NAMES, get_game

__all__ = ["Game", "HandTable", "GAME_NAMES", "get_game"]
