"""Exact pot-vs-player odds for the match-the-pot guts games.

The entry points below are loaded on first use (``import guts_family`` stays cheap). The
layers, lowest first, each importing only from those below it: :mod:`~guts_family.cards`,
:mod:`~guts_family.hands`, :mod:`~guts_family.odds`, :mod:`~guts_family.export` (table files),
:mod:`~guts_family.games` and, beside it, :mod:`~guts_family.omaha` (which needs only the cards),
:mod:`~guts_family.cli`.

>>> import guts_family as gf
>>> hand = gf.parse_cards("Kd Ks 7h")
>>> odds = gf.field_odds(gf.get_order("value3"), hand, [gf.Seat("pot", is_pot=True)])
>>> odds.total, round(odds.win, 4), gf.cards_str(odds.hero)
(18424, 0.9814, 'Kd Ks 7h')
>>> g = gf.get_game("phoenix")
>>> g.title, g.odds(hand).win_count == odds.win_count, gf.GAME_NAMES
('Phoenix Burn', True, ('phoenix', 'guts321', 'challenge'))
>>> str(gf.omaha_equity("As3sJhTd QcQh5c6d", "KsQs7d2s").players[0].equity)
'3/4'
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING

from guts_family._version import __version__

if TYPE_CHECKING:
    from guts_family.cards import CardError, cards_str, parse_cards
    from guts_family.games import GAME_NAMES, Game, get_game
    from guts_family.hands import get_order
    from guts_family.odds import FieldOdds, Seat, field_odds
    from guts_family.omaha import burn_decision, omaha_equity

_LAZY = {
    "CardError": "guts_family.cards",
    "parse_cards": "guts_family.cards",
    "cards_str": "guts_family.cards",
    "get_order": "guts_family.hands",
    "Seat": "guts_family.odds",
    "FieldOdds": "guts_family.odds",
    "field_odds": "guts_family.odds",
    "Game": "guts_family.games",
    "GAME_NAMES": "guts_family.games",
    "get_game": "guts_family.games",
    "omaha_equity": "guts_family.omaha",
    "burn_decision": "guts_family.omaha",
}

__all__ = ["__version__", "CardError", "parse_cards", "cards_str", "get_order", "Seat",
           "FieldOdds", "field_odds", "Game", "GAME_NAMES", "get_game", "omaha_equity",
           "burn_decision"]


def __getattr__(name: str) -> object:
    """Load a public entry point on first use (PEP 562)."""
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'guts_family' has no attribute {name!r}")
    value = getattr(import_module(module), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_LAZY))
