"""Hand orders of the guts games: three-card value-only, three-card poker, two-card, one-card.

Each order is a total preorder on hands of ``n_cards`` cards, given as dense hand classes
``0 .. n_classes - 1`` (0 the weakest; equal classes tie). The readable specification of each
order is its ``key`` method (a comparable tuple); the dense classes and the lookup table used by
the numba kernels are derived from it.

=================  =====  =========  ======================================================
order              cards  classes    ranking (aces high, suits never break ties)
=================  =====  =========  ======================================================
``value3``         3      455        trips > pair > high card (no straights or flushes)
``poker3``         3      741        straight flush > trips > straight > flush > pair >
                                     high card; A-2-3 is the lowest straight
``two``            2      91         pair > high card
``one``            1      13         the higher card
=================  =====  =========  ======================================================

>>> from guts_family.cards import parse_cards
>>> VALUE3.label(VALUE3.class_of(parse_cards("Kd Ks 7h")))
'KK7'
>>> POKER3.compare(parse_cards("As 2d 3c"), parse_cards("Ks Kd 4c"))
1
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from functools import cached_property

import numpy as np

from guts_family.cards import RANK_CHARS, CardError, cards_str, check_disjoint

__all__ = ["HandOrder", "ValueOrder3", "PokerOrder3", "TwoCardOrder", "OneCardOrder",
           "VALUE3", "POKER3", "TWO", "ONE", "ORDERS", "get_order"]


class HandOrder:
    """Base class: an order on ``n_cards``-card hands given by the ``key`` of each hand.

    Subclasses set the class attributes and implement ``key``; everything else is derived.
    """

    name: str = ""
    n_cards: int = 0
    title: str = ""
    categories: tuple[str, ...] = ()
    suit_blind: bool = True  # True when suits never change a hand's class

    def key(self, cards: Sequence[int]) -> tuple[int, ...]:
        """Comparable key of a hand: the first item is the category index, higher is better."""
        raise NotImplementedError

    # ----- derived tables -------------------------------------------------------------
    @cached_property
    def _keys(self) -> list[tuple[int, ...]]:
        return sorted({self.key(h) for h in itertools.combinations(range(52), self.n_cards)})

    @cached_property
    def _class_of_key(self) -> dict[tuple[int, ...], int]:
        return {k: i for i, k in enumerate(self._keys)}

    @property
    def n_classes(self) -> int:
        """Number of distinct hand classes (ties are the same class)."""
        return len(self._keys)

    @cached_property
    def lookup(self) -> np.ndarray:
        """Class of every ordered card tuple: index ``c0 + 52*c1 + 52**2*c2``; -1 if a card repeats.

        As Ks Qs is the best high card:

        >>> VALUE3.lookup.shape, int(VALUE3.lookup[51 + 52 * 47 + 2704 * 43])
        ((140608,), 285)
        """
        n = self.n_cards
        table = np.full(52 ** n, -1, dtype=np.int32)
        weights = [52 ** i for i in range(n)]
        cls_of = self._class_of_key
        for hand in itertools.combinations(range(52), n):
            c = cls_of[self.key(hand)]
            for perm in itertools.permutations(hand):
                table[sum(p * w for p, w in zip(perm, weights))] = c
        table.flags.writeable = False
        return table

    @cached_property
    def all_hands(self) -> tuple[np.ndarray, np.ndarray]:
        """Every hand of the full deck (sorted card tuples) and its class, as int arrays.

        >>> hands, classes = VALUE3.all_hands
        >>> hands.shape, classes.shape
        ((22100, 3), (22100,))
        """
        hands = np.array(list(itertools.combinations(range(52), self.n_cards)), dtype=np.int64)
        idx = np.zeros(len(hands), dtype=np.int64)
        for i in range(self.n_cards):
            idx += hands[:, i] * 52 ** i
        return hands, self.lookup[idx].astype(np.int64)

    @cached_property
    def class_sizes(self) -> np.ndarray:
        """Number of hands (combinations) in each class, over the full deck.

        >>> int(VALUE3.class_sizes.sum()), int(VALUE3.class_sizes[-1])  # AAA: 4 hands
        (22100, 4)
        """
        return np.bincount(self.all_hands[1], minlength=self.n_classes)

    # ----- queries ----------------------------------------------------------------------
    def _check(self, cards: Sequence[int]) -> list[int]:
        cards = [int(c) for c in cards]
        if len(cards) != self.n_cards:
            raise CardError(f"the hand {cards_str(cards)!r} has {len(cards)} cards: "
                            f"the {self.title} order needs exactly {self.n_cards}")
        check_disjoint(cards, names=["the hand"])
        return cards

    def class_of(self, cards: Sequence[int]) -> int:
        """Dense class (0 = weakest) of a hand.

        >>> from guts_family.cards import parse_cards
        >>> VALUE3.class_of(parse_cards("4c 3d 2h")), VALUE3.class_of(parse_cards("As Ad Ah"))
        (0, 454)
        """
        return self._class_of_key[self.key(self._check(cards))]

    def compare(self, a: Sequence[int], b: Sequence[int]) -> int:
        """1 if hand ``a`` beats ``b``, -1 if it loses, 0 on a tie.

        >>> from guts_family.cards import parse_cards
        >>> TWO.compare(parse_cards("2c 2d"), parse_cards("As Kd"))
        1
        """
        ca, cb = self.class_of(a), self.class_of(b)
        return (ca > cb) - (ca < cb)

    def category_index(self, hand_class: int) -> int:
        """Category index (position in ``categories``) of a class."""
        return self._keys[hand_class][0]

    def category(self, hand_class: int) -> str:
        """Category name of a class.

        >>> POKER3.category(POKER3.n_classes - 1)
        'straight flush'
        """
        return self.categories[self.category_index(hand_class)]

    def label(self, hand_class: int) -> str:
        """Short label of a class, ranks high to low ("KK7", "AKQ"; "AKQs" for a flush).

        >>> [POKER3.label(c) for c in (0, POKER3.n_classes - 1)]
        ['532', 'AKQs']
        """
        return self._label(self._keys[hand_class])

    def _label(self, key: tuple[int, ...]) -> str:
        raise NotImplementedError

    def representative(self, hand_class: int) -> list[int]:
        """One hand (lowest card indices) of a class.

        >>> cards_str(VALUE3.representative(VALUE3.n_classes - 1))
        'Ac Ad Ah'
        """
        hands, classes = self.all_hands
        return [int(c) for c in hands[int(np.argmax(classes == hand_class))]]

    def class_from_label(self, text: str) -> int:
        """Class of a label such as "KK7", "A32" or "AKQs" (case-insensitive).

        >>> VALUE3.class_from_label("a32") == VALUE3.class_of([48, 4, 0])
        True
        """
        want = text.strip().upper().replace("10", "T")
        for i, k in enumerate(self._keys):
            if self._label(k).upper() == want:
                return i
        raise CardError(f"unknown {self.title} hand class {text!r}: "
                        f"write the ranks high to low, e.g. {self.label(self.n_classes - 1)!r}")

    def __repr__(self) -> str:
        return f"<{self.title} order: {self.n_cards} cards, {self.n_classes} classes>"


def _ranks_desc(cards: Sequence[int]) -> list[int]:
    return sorted((c >> 2 for c in cards), reverse=True)


def _rank_label(ranks: Sequence[int]) -> str:
    return "".join(RANK_CHARS[r] for r in ranks)


class ValueOrder3(HandOrder):
    """Three cards for value only: trips > pair > high card; no straights or flushes (455).

    >>> from guts_family.cards import parse_cards
    >>> VALUE3.key(parse_cards("7h Kd Ks"))
    (1, 11, 5)
    """

    name = "value3"
    n_cards = 3
    title = "three-card value-only"
    categories = ("high card", "pair", "three of a kind")

    def key(self, cards: Sequence[int]) -> tuple[int, ...]:
        a, b, c = _ranks_desc(cards)
        if a == c:
            return (2, a)
        if a == b:
            return (1, a, c)
        if b == c:
            return (1, b, a)
        return (0, a, b, c)

    def _label(self, key: tuple[int, ...]) -> str:
        if key[0] == 2:
            return _rank_label([key[1]] * 3)
        if key[0] == 1:
            return _rank_label(sorted([key[1], key[1], key[2]], reverse=True))
        return _rank_label(key[1:])


class PokerOrder3(HandOrder):
    """Three-card poker order: straight flush > trips > straight > flush > pair > high (741).

    A-2-3 is the lowest straight, A-K-Q the highest.

    >>> from guts_family.cards import parse_cards
    >>> POKER3.key(parse_cards("As 2s 3s")), POKER3.key(parse_cards("Qd Kd Ad"))
    ((5, 1), (5, 12))
    """

    name = "poker3"
    n_cards = 3
    title = "three-card poker"
    categories = ("high card", "pair", "flush", "straight", "three of a kind", "straight flush")
    suit_blind = False

    def key(self, cards: Sequence[int]) -> tuple[int, ...]:
        a, b, c = _ranks_desc(cards)
        if a == c:
            return (4, a)
        if a == b:
            return (1, a, c)
        if b == c:
            return (1, b, a)
        flush = len({x & 3 for x in cards}) == 1
        top = a if a - c == 2 else (1 if (a, b, c) == (12, 1, 0) else -1)
        if top >= 0:
            return (5, top) if flush else (3, top)
        return (2, a, b, c) if flush else (0, a, b, c)

    def _label(self, key: tuple[int, ...]) -> str:
        cat = key[0]
        if cat == 4:
            return _rank_label([key[1]] * 3)
        if cat == 1:
            return _rank_label(sorted([key[1], key[1], key[2]], reverse=True))
        if cat in (3, 5):
            top = key[1]
            ranks = [12, 1, 0] if top == 1 else [top, top - 1, top - 2]
            return _rank_label(ranks) + ("s" if cat == 5 else "")
        return _rank_label(key[1:]) + ("s" if cat == 2 else "")


class TwoCardOrder(HandOrder):
    """Two cards: pair > high card; no straights or flushes (91 classes).

    >>> from guts_family.cards import parse_cards
    >>> TWO.label(TWO.class_of(parse_cards("Ah 9c")))
    'A9'
    """

    name = "two"
    n_cards = 2
    title = "two-card"
    categories = ("high card", "pair")

    def key(self, cards: Sequence[int]) -> tuple[int, ...]:
        a, b = _ranks_desc(cards)
        return (1, a) if a == b else (0, a, b)

    def _label(self, key: tuple[int, ...]) -> str:
        return _rank_label([key[1]] * 2) if key[0] == 1 else _rank_label(key[1:])


class OneCardOrder(HandOrder):
    """One card: the higher rank wins; equal ranks tie (13 classes).

    >>> ONE.n_classes, ONE.label(12)
    (13, 'A')
    """

    name = "one"
    n_cards = 1
    title = "one-card"
    categories = ("high card",)

    def key(self, cards: Sequence[int]) -> tuple[int, ...]:
        return (0, cards[0] >> 2)

    def _label(self, key: tuple[int, ...]) -> str:
        return RANK_CHARS[key[1]]


VALUE3 = ValueOrder3()
POKER3 = PokerOrder3()
TWO = TwoCardOrder()
ONE = OneCardOrder()
ORDERS: dict[str, HandOrder] = {o.name: o for o in (VALUE3, POKER3, TWO, ONE)}


def get_order(name: str) -> HandOrder:
    """The hand order called ``name`` (value3, poker3, two, one).

    >>> get_order("poker3").n_classes
    741
    """
    try:
        return ORDERS[name]
    except KeyError:
        raise ValueError(f"unknown hand order {name!r}: "
                         f"choose one of {', '.join(ORDERS)}") from None
