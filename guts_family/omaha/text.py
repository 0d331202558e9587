"""text: Omaha Burn's hands read from text, and the table size checked - with the cards alone
(no numpy, no numba), so the command line refuses a bad hand before the evaluator is loaded.

:mod:`~guts_family.omaha.exact` and :mod:`~guts_family.omaha.threshold` use these (and
re-export :func:`parse_hands` and ``MAX_PLAYERS``).

>>> [cards_str(h) for h in parse_hands("AsAhKsKh JdTc9d8c")], MAX_PLAYERS
(['As Ah Ks Kh', 'Jd Tc 9d 8c'], 11)
"""

from __future__ import annotations

import re

from guts_family.cards import CardError, cards_str, parse_cards

__all__ = ["MAX_PLAYERS", "parse_hands", "check_burn_players"]

MAX_PLAYERS = 11  # the rule sheet: up to eleven players

_HAND_SEPARATORS = re.compile(r"[,;/|]")


def parse_hands(text: str) -> list[list[int]]:
    """Hands from text: each hand's cards run together and hands apart ("AsAhKsKh JdTc9d8c"),
    or hands separated by commas, semicolons or slashes ("As Ah Ks Kh, Jd Tc 9d 8c").

    >>> [cards_str(h) for h in parse_hands("AsAhKsKh JdTc9d8c")]
    ['As Ah Ks Kh', 'Jd Tc 9d 8c']
    >>> [cards_str(h) for h in parse_hands("As Ah Ks Kh, Jd Tc 9d 8c")]
    ['As Ah Ks Kh', 'Jd Tc 9d 8c']
    >>> parse_hands("As Ah Ks Kh")  # doctest: +NORMALIZE_WHITESPACE
    Traceback (most recent call last):
    ...
    guts_family.cards.CardError: hand 1 'As' has 1 card; an Omaha hand has 4 (write each hand's
    cards together and hands apart, "AsAhKsKh JdTc9d8c", or separate hands with commas)
    """
    groups = _HAND_SEPARATORS.split(text) if _HAND_SEPARATORS.search(text) else text.split()
    hands = [parse_cards(g) for g in groups if g.strip()]
    if not hands:
        raise CardError("no hands given: write each hand's four cards together and hands "
                        "apart, e.g. \"AsAhKsKh JdTc9d8c\"")
    for i, h in enumerate(hands):
        if len(h) != 4:
            raise CardError(f"hand {i + 1} {cards_str(h)!r} has {len(h)} card"
                            f"{'' if len(h) == 1 else 's'}; an Omaha hand has 4 (write each "
                            "hand's cards together and hands apart, \"AsAhKsKh JdTc9d8c\", or "
                            "separate hands with commas)")
    return hands


def check_burn_players(players: int) -> None:
    """Refuse a table size a burn threshold cannot have: 2 to 11 players (one line).

    >>> check_burn_players(1)
    Traceback (most recent call last):
    ...
    ValueError: --players must be 2 to 11 (a burn needs at least two players), got 1
    """
    if not 2 <= players <= MAX_PLAYERS:
        raise ValueError(f"--players must be 2 to {MAX_PLAYERS} (a burn needs at least two "
                         f"players), got {players}")
