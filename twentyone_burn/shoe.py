"""shoe: ranks, shoe compositions as ten counts, card parsing, and the deal probabilities.

Ranks are indices 0..9 for A, 2, ..., 9, T (T stands for 10, J, Q, K). Suits never matter.

>>> int(full_shoe(6)[RANK_INDEX["T"]]), int(full_shoe(6).sum())
(96, 312)
>>> parse_ranks("t 6 5"), parse_ranks("10 J a")
([9, 5, 4], [9, 9, 0])

Card parsing and checking (:func:`parse_rank`, :func:`parse_ranks`, :func:`check_cards`) need
no numpy, so the command line's help and its input errors never load it: numpy is imported by
the functions that make arrays, and the three arrays ``VALUES``, ``BURN_VALUES`` and
``INFINITE_PROBS`` are made on first use (PEP 562), each once.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any, NamedTuple

from .rules import BURN_VALUE, Rules, RulesError, shorten

if TYPE_CHECKING:  # pragma: no cover
    import numpy as np

    #: blackjack value of each rank with aces counted as 1
    VALUES: np.ndarray
    #: value for the dealer's burn (``rules.BURN_VALUE``): the ace is the highest card (11)
    BURN_VALUES: np.ndarray
    #: infinite-deck probability of each rank
    INFINITE_PROBS: np.ndarray

__all__ = ["BURN_VALUES", "INFINITE_PROBS", "NRANKS", "RANK_INDEX", "RANKS", "UP_ORDER", "VALUES",
           "CardError", "check_cards", "checked_shoe",
           "Deal", "deal_probability", "deals", "draw_probability",
           "full_shoe", "parse_rank", "parse_ranks", "remove_cards", "three_card_multisets",
           "up_card_probabilities"]

NRANKS = 10
RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "T")
RANK_INDEX = {name: i for i, name in enumerate(RANKS)}
#: the one order of dealer up cards in every printed table (the charts': ace last)
UP_ORDER = ("2", "3", "4", "5", "6", "7", "8", "9", "T", "A")


def _arrays() -> dict[str, Any]:
    """The module's three arrays (see the module's notes), made once on first use."""
    import numpy as np
    return {
        "VALUES": np.arange(1, 11, dtype=np.int64),
        "BURN_VALUES": np.array(BURN_VALUE, dtype=np.int64),
        "INFINITE_PROBS": np.array([1, 1, 1, 1, 1, 1, 1, 1, 1, 4], dtype=np.float64) / 13.0,
    }


def _array(name: str) -> Any:
    """One of the three arrays; the same object every time."""
    if name not in globals():
        for key, value in _arrays().items():
            globals().setdefault(key, value)
    return globals()[name]


def __getattr__(name: str) -> Any:
    """``VALUES``, ``BURN_VALUES`` and ``INFINITE_PROBS``, made on first use (PEP 562)."""
    if name in ("VALUES", "BURN_VALUES", "INFINITE_PROBS"):
        return _array(name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

_ALIASES = {"10": "T", "J": "T", "Q": "T", "K": "T", "1": "A", "11": "A"}


class CardError(ValueError):
    """A card that is not a rank, or more cards of a rank than the shoe holds."""


def parse_rank(text: str) -> int:
    """Rank index of one card written A, 2-9, T, 10, J, Q or K (any case).

    >>> parse_rank("q"), parse_rank("A")
    (9, 0)
    """
    t = text.strip().upper()
    t = _ALIASES.get(t, t)
    if t not in RANK_INDEX:
        raise CardError(f"{shorten(text)} is not a card rank; write A, 2-9, T (or 10, J, Q, K)")
    return RANK_INDEX[t]


def parse_ranks(text: str | list[str]) -> list[int]:
    """Rank indices of cards separated by spaces or commas; "T65" style run-together too."""
    if isinstance(text, str):
        parts = text.replace(",", " ").split()
        if len(parts) == 1 and len(parts[0]) > 1 and parts[0] not in ("10", "11"):
            tok = parts[0]
            out = []
            i = 0
            while i < len(tok):
                if tok.startswith("10", i):
                    out.append("10")
                    i += 2
                else:
                    out.append(tok[i])
                    i += 1
            parts = out
    else:
        parts = list(text)
    return [parse_rank(p) for p in parts]


def full_shoe(decks: int | None) -> np.ndarray:
    """Counts of each rank in a shoe of ``decks`` decks (an infinite deck has no counts).

    >>> full_shoe(1).tolist()
    [4, 4, 4, 4, 4, 4, 4, 4, 4, 16]
    """
    import numpy as np
    if decks is None:
        raise ValueError("an infinite deck has no finite shoe of counts")
    counts = np.full(NRANKS, 4 * decks, dtype=np.int64)
    counts[9] = 16 * decks
    return counts


def remove_cards(shoe: np.ndarray, ranks: list[int] | tuple[int, ...]) -> np.ndarray:
    """The shoe less some cards; raises CardError if the shoe does not hold them."""
    import numpy as np
    out = shoe.copy()
    for r in ranks:
        out[r] -= 1
    if (out < 0).any():
        r = int(np.argmax(out < 0))
        raise CardError(_too_many(r, int(shoe[r])))
    return out


def _too_many(rank: int, held: int) -> str:
    return f"more {RANKS[rank]} cards than the shoe holds ({held}); remove fewer"


def check_cards(decks: int | None, ranks: list[int] | tuple[int, ...]) -> None:
    """Raise the CardError of ``remove_cards(full_shoe(decks), ranks)`` if a full shoe of
    ``decks`` decks does not hold these cards (an infinite deck holds any); no numpy.

    >>> check_cards(1, [0] * 4), check_cards(None, [0] * 9)
    (None, None)
    >>> check_cards(1, [9] * 3 + [0] * 5)
    Traceback (most recent call last):
    ...
    twentyone_burn.shoe.CardError: more A cards than the shoe holds (4); remove fewer
    """
    if decks is None:
        return
    held = [4 * decks] * (NRANKS - 1) + [16 * decks]
    left = list(held)
    for r in ranks:
        left[r] -= 1
    for r in range(NRANKS):
        if left[r] < 0:
            raise CardError(_too_many(r, held[r]))


def draw_probability(shoe: np.ndarray | None, ranks: tuple[int, ...]) -> float:
    """Probability of drawing these ranks in this order (``shoe=None``: infinite deck).

    >>> round(draw_probability(full_shoe(1), (0, 0)), 6)
    0.004525
    """
    import numpy as np
    if shoe is None:
        probs = _array("INFINITE_PROBS")
        return float(np.prod([probs[r] for r in ranks]))
    n = shoe.astype(np.int64).copy()
    total = int(n.sum())
    p = 1.0
    for r in ranks:
        if n[r] <= 0:
            return 0.0
        p *= int(n[r]) / total
        n[r] -= 1
        total -= 1
    return float(p)


def three_card_multisets() -> list[tuple[int, int, int]]:
    """The 220 rank multisets of three cards, each as sorted rank indices."""
    return list(itertools.combinations_with_replacement(range(NRANKS), 3))


class Deal(NamedTuple):
    """One deal of 21 Burn: the up card, the player's three ranks (sorted), its probability."""

    up: int
    cards: tuple[int, int, int]
    probability: float


def deals(rules: Rules, up: int | None = None, shoe: np.ndarray | None = None
          ) -> Iterator[Deal]:
    """Every deal the shoe can make (non-zero probability), up card by up card: the one loop
    over the 2,200 (three-card multiset, up card) pairs. ``up``: only deals with this up card;
    ``shoe``: the ten counts dealt from (default: the rules' full shoe).

    >>> r = Rules()
    >>> sum(1 for _ in deals(r)), abs(sum(d.probability for d in deals(r)) - 1) < 1e-12
    (2200, True)
    >>> next(deals(r, up=9))
    Deal(up=9, cards=(0, 0, 0), probability=0.00012542896403592478)
    """
    multisets = three_card_multisets()
    for u in range(NRANKS) if up is None else (up,):
        for cards in multisets:
            p = deal_probability(rules, cards, u, shoe)
            if p != 0.0:
                yield Deal(u, cards, p)


def deal_probability(rules: Rules, player: tuple[int, int, int], up: int,
                     shoe: np.ndarray | None = None) -> float:
    """Probability of a player rank multiset of three and a dealer up card.

    The four cards are draws without replacement (multivariate hypergeometric); the
    multiset's orderings count once each. ``shoe``: the ten counts dealt from (default: the
    rules' full shoe; a depleted shoe for game protection's questions).

    >>> r = Rules()
    >>> total = sum(deal_probability(r, p, u) for p in three_card_multisets() for u in range(10))
    >>> abs(total - 1) < 1e-12
    True
    """
    import numpy as np
    orderings = math.factorial(3)
    for c in np.bincount(np.asarray(player), minlength=NRANKS):
        orderings //= math.factorial(int(c))
    if shoe is None and not rules.infinite:
        shoe = full_shoe(rules.decks)
    return float(orderings * draw_probability(shoe, tuple(player) + (up,)))


def up_card_probabilities(rules: Rules) -> dict[str, float]:
    """Probability of each up card: the shoe's share of each rank (any deck count).

    >>> round(up_card_probabilities(Rules())["T"], 6)
    0.307692
    """
    if rules.decks is None:   # the infinite deck
        p = _array("INFINITE_PROBS")
    else:
        s = full_shoe(rules.decks)
        p = s / s.sum()
    return {RANKS[r]: float(p[r]) for r in range(NRANKS)}


def checked_shoe(rules: Rules, shoe: Any, min_cards: int) -> Any:
    """``shoe`` (ten counts of A, 2, ..., 9, T the round is dealt from) as int64 counts, or
    a RulesError saying what is wrong with it: not ten whole counts, a negative count, fewer
    than ``min_cards`` cards (each engine states the smallest shoe it vouches for), or a shoe
    given with an infinite deck. None stays None (the rules' full shoe).

    >>> checked_shoe(Rules(decks=1), [4] * 9 + [16], 40).sum()
    np.int64(52)
    >>> checked_shoe(Rules(decks=1), [4] * 9 + [-1], 40)   # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    twentyone_burn.rules.RulesError: a shoe cannot hold a negative count of a rank: [4, ...]
    """
    import numpy as np

    if shoe is None:
        return None
    if rules.infinite:
        raise RulesError("an infinite deck has no shoe of counts: give decks = 1 to 8 with a "
                         "shoe, or no shoe")
    counts = np.asarray(shoe)
    if counts.shape != (NRANKS,) or not np.issubdtype(counts.dtype, np.integer):
        raise RulesError(f"a shoe is ten whole counts (A, 2, ..., 9, T), not {counts.tolist()}")
    if counts.min() < 0:
        raise RulesError(f"a shoe cannot hold a negative count of a rank: {counts.tolist()}")
    if int(counts.sum()) < min_cards:
        raise RulesError(f"a shoe of {int(counts.sum())} cards can run dry in a round; give at "
                         f"least {min_cards} cards")
    return counts.astype(np.int64)
