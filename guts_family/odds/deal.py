"""deal: the one check of a field-odds question - the hero's cards, the seats, the dead cards and
the deck in play - shared by both counting routes (:mod:`.field` and :mod:`.multiway`).
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from guts_family.cards import CardError, cards_str, check_disjoint
from guts_family.hands import HandOrder
from guts_family.odds.outcome import Seat

__all__ = ["validate"]


def validate(order: HandOrder, hero: Sequence[int], seats: Sequence[Seat],
             dead: Sequence[int], deck: Sequence[int] | None) -> tuple[list[int], np.ndarray]:
    """The hero's cards and the unseen cards (int64, sorted), after checking every input.

    A hand of the wrong size, a seat showing too many cards, a card given twice or in two
    places, or more cards needed than the deck has left raise a one-line CardError /
    ValueError.
    """
    n = order.n_cards
    hero = [int(c) for c in hero]
    if len(hero) != n:
        raise CardError(f"the hand {cards_str(hero)!r} has {len(hero)} cards: "
                        f"this round is played with {n}-card hands")
    for s in seats:
        if len(s.known) > n:
            raise CardError(f"{s.name} shows {len(s.known)} cards ({cards_str(s.known)}): "
                            f"a hand has only {n}")
    if not seats:
        raise ValueError("there must be at least one opposing hand (the pot's or a player's)")
    check_disjoint(hero, dead, *(s.known for s in seats),
                   names=["your hand", "the dead cards", *(s.name for s in seats)])
    universe = list(range(52)) if deck is None else sorted({int(c) for c in deck})
    used = set(hero) | {int(c) for c in dead} | {c for s in seats for c in s.known}
    missing = [c for c in hero if c not in universe]
    if missing:
        raise CardError(f"card {cards_str(missing[:1])} is not in the deck in play")
    unseen = np.array([c for c in universe if c not in used], dtype=np.int64)
    need = sum(n - len(s.known) for s in seats)
    if need > len(unseen):
        raise ValueError(f"not enough unseen cards: {len(unseen)} left, the seats need {need}: "
                         "seat fewer players or give fewer dead cards")
    return hero, unseen
