"""defaults: the names and default values ``guts-odds`` shows in its help - the games, the tie
rules, the range syntax, the sampling defaults - in a module that imports nothing, so ``--help``
and a usage error answer without loading numpy, numba or a game.

Leaf layer (beside :mod:`guts_family._version`): every layer may read it, and it is each
value's one home: the games' registry, the odds, the ranges, the equilibrium and Omaha Burn
import their names and defaults from here (as :mod:`twentyone_burn.defaults` does for
``twentyone-burn``).

>>> GAME_NAMES, TIE_RULES, PLAYER_TIE_RULES
(('phoenix', 'guts321', 'challenge'), ('pot', 'split', 'replay'), ('split', 'replay'))
>>> game_key("Phoenix-Burn"), game_key("guts"), game_key("holdem") is None
('phoenix', 'guts321', True)
"""

from __future__ import annotations

__all__ = ["GAME_NAMES", "GAME_ALIASES", "game_key", "TIE_RULES", "PLAYER_TIE_RULES",
           "check_tie_rules", "TABLE_SAMPLES", "RANGE_HELP", "EQUILIBRIUM_GAMES", "EQ_SAMPLES",
           "FIXED_POINT_WINDOW", "OMAHA_RANGE_HELP", "OMAHA_MAX_SECONDS", "DEFAULT_SITUATIONS",
           "DEFAULT_INDEX_DEALS", "DEFAULT_WINDOW"]

# --- the three-card games -------------------------------------------------------------------

#: the games by name, in the order the help and the tables list them
GAME_NAMES = ("phoenix", "guts321", "challenge")
#: every spelling a game name may take (after lower case, without '-' and '_') -> its name
GAME_ALIASES = {"phoenix": "phoenix", "phoenixburn": "phoenix", "guts321": "guts321",
                "guts": "guts321", "challenge": "challenge", "challengeguts": "challenge"}


def game_key(name: str) -> str | None:
    """The game a name (or alias) means, None for no game: the registry's lookup, without
    importing a game.

    >>> game_key(" Challenge_Guts "), game_key("poker")
    ('challenge', None)
    """
    return GAME_ALIASES.get(name.strip().lower().replace("-", "").replace("_", ""))


TIE_RULES = ("pot", "split", "replay")
"""How a tie with the pot's (dummy, dealer) hand is settled: the pot's hand wins it; the pot is
shared among the tied hands (the pot's hand's share stays in the pot) and no one pays; no result
(the tied hands neither win nor pay, the pot carries over)."""

PLAYER_TIE_RULES = ("split", "replay")
"""How a tie for best between players only (the pot's hand below them) is settled."""


def check_tie_rules(tie: str | None, player_tie: str | None) -> None:
    """Refuse an unknown tie rule (one line, ValueError); None is the game's default.

    >>> check_tie_rules("pot", None)
    >>> check_tie_rules(None, "pot")
    Traceback (most recent call last):
    ...
    ValueError: unknown player tie rule 'pot': choose one of split, replay
    """
    if tie is not None and tie not in TIE_RULES:
        raise ValueError(f"unknown tie rule {tie!r}: choose one of {', '.join(TIE_RULES)}")
    if player_tie is not None and player_tie not in PLAYER_TIE_RULES:
        raise ValueError(f"unknown player tie rule {player_tie!r}: "
                         f"choose one of {', '.join(PLAYER_TIE_RULES)}")

#: random deals per suit pattern of a sampled table (``Game.sampled_table``) by default
TABLE_SAMPLES = 8192

RANGE_HELP = ("Range of the players who go in: any, pair+, trips+, K-high+, KQ9+, 77-AAA, "
              "top 20% (by the game's hand order; see docs/guts.md).")

#: the games the equilibrium model answers: every game of the registry
EQUILIBRIUM_GAMES = GAME_NAMES
#: the most deals a hand class gets by default in a sampled equilibrium (``samples``)
EQ_SAMPLES = 2 ** 24
#: classes either side of the iteration's answer in which every fixed point is looked for
FIXED_POINT_WINDOW = 8

# --- Omaha Burn -----------------------------------------------------------------------------

OMAHA_RANGE_HELP = ("Range of the unknown opponents: hands (AsAhKdKc), rank patterns (AA**, "
                    "AK**, AAKK, AAKKds), top 20% (by preflop equity), comma-separated.")
#: exact enumeration when estimated to finish within this many seconds, else sampling
OMAHA_MAX_SECONDS = 60.0
#: the burn threshold: sampled turn situations by default
DEFAULT_SITUATIONS = 20_000
#: the burn threshold: random completions per player that estimate each sampled player's equity
DEFAULT_INDEX_DEALS = 400
#: the burn threshold: half-width of the equity window the local fit at a threshold uses
DEFAULT_WINDOW = 0.03
