"""Cards: parsing and formatting of card text, and the disjointness check.

A card is an integer ``4 * rank + suit``: rank 0..12 for 2, 3, ..., 9, T, J, Q, K, A and
suit 0..3 for clubs, diamonds, hearts, spades. So 2c is 0 and As is 51.

>>> parse_cards("As Kd, 10h")
[51, 45, 34]
>>> cards_str(parse_cards("AsKdQh"))
'As Kd Qh'
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

__all__ = [
    "CardError",
    "RANK_CHARS",
    "SUIT_CHARS",
    "SUIT_SYMBOLS",
    "parse_card",
    "parse_cards",
    "card_str",
    "cards_str",
    "check_disjoint",
    "quoted",
]

RANK_CHARS = "23456789TJQKA"
SUIT_CHARS = "cdhs"
SUIT_SYMBOLS = "\u2663\u2666\u2665\u2660"  # ♣ ♦ ♥ ♠, same order as SUIT_CHARS

_HOW = ("a card is a rank (2-9, T or 10, J, Q, K, A) followed by a suit "
        "(c, d, h, s or \u2663\u2666\u2665\u2660), e.g. 'As', 'Td', '10h' or 'A\u2660'")

_CARD_RE = re.compile(r"(10|[2-9tjqka])([cdhs\u2663\u2666\u2665\u2660])", re.IGNORECASE)
_SPLIT_RE = re.compile(r"[\s,]+")


def quoted(text: str, width: int = 80, repr_: bool = True) -> str:
    """An input echoed in a message: cut to ``width`` characters, quoted (``repr``) by default.

    >>> quoted("As Kd"), quoted("Zz" * 50)[-6:], len(quoted("x" * 500, repr_=False))
    ("'As Kd'", "Zz...'", 83)
    """
    text = str(text)
    cut = text if len(text) <= width else text[:width] + "..."
    return repr(cut) if repr_ else cut


class CardError(ValueError):
    """Bad card input; the message is one line naming the input and how to fix it.

    >>> parse_card("Ax")  # doctest: +NORMALIZE_WHITESPACE
    Traceback (most recent call last):
    ...
    guts_family.cards.CardError: unknown card 'Ax': a card is a rank (2-9, T or 10, J, Q, K, A)
    followed by a suit (c, d, h, s or ♣♦♥♠), e.g. 'As', 'Td', '10h' or 'A♠'
    """





def _from_match(rank_text: str, suit_text: str) -> int:
    rank_text = rank_text.upper()
    rank = RANK_CHARS.index("T" if rank_text == "10" else rank_text)
    suit_text = suit_text.lower()
    suit = SUIT_CHARS.index(suit_text) if suit_text in SUIT_CHARS else SUIT_SYMBOLS.index(suit_text)
    return 4 * rank + suit


def parse_card(text: str) -> int:
    """Parse one card such as "As", "td", "10h" or "A♠" into its index.

    >>> parse_card("As"), parse_card("10h"), parse_card("tH"), parse_card("A\u2660")
    (51, 34, 34, 51)
    """
    if not isinstance(text, str):
        raise CardError(f"unknown card {quoted(repr(text), repr_=False)}: {_HOW}")
    m = _CARD_RE.fullmatch(text.strip())
    if m is None:
        raise CardError(f"unknown card {quoted(text.strip())}: {_HOW}")
    return _from_match(m.group(1), m.group(2))


def _parse_token(token: str) -> list[int]:
    """Parse one whitespace-free token, possibly several cards run together."""
    out: list[int] = []
    pos = 0
    while pos < len(token):
        m = _CARD_RE.match(token, pos)
        if m is None:
            bad = token if pos == 0 else token[pos:pos + 3]
            where = "" if pos == 0 else f" in {quoted(token)}"
            raise CardError(f"unknown card {quoted(bad)}{where}: {_HOW}")
        out.append(_from_match(m.group(1), m.group(2)))
        pos = m.end()
    return out


def parse_cards(text: str | Sequence[str]) -> list[int]:
    """Parse cards separated by spaces or commas, or run together ("AsKdQh").

    A list of strings is accepted too, each item being one or more cards. An empty text gives
    an empty list. A card given twice is an error.

    >>> parse_cards("AsKdQh") == parse_cards(["As", "Kd", "Qh"]) == parse_cards("as, kd, qh")
    True
    >>> parse_cards("")
    []
    >>> parse_cards("As Kd As")  # doctest: +NORMALIZE_WHITESPACE
    Traceback (most recent call last):
    ...
    guts_family.cards.CardError: card As is given twice in 'As Kd As': each card can be used only
    once
    """
    if isinstance(text, str):
        items = [text]
        shown = text.strip()
    else:
        items = list(text)
        shown = " ".join(str(t) for t in items)
    cards: list[int] = []
    for item in items:
        if not isinstance(item, str):
            raise CardError(f"unknown card {quoted(repr(item), repr_=False)}: {_HOW}")
        for token in _SPLIT_RE.split(item.strip()):
            if token:
                cards.extend(_parse_token(token))
    seen: set[int] = set()
    for c in cards:
        if c in seen:
            raise CardError(f"card {card_str(c)} is given twice in {quoted(shown)}: "
                            "each card can be used only once")
        seen.add(c)
    return cards


def card_str(index: int) -> str:
    """Text of one card index, e.g. "As".

    >>> card_str(51), card_str(0)
    ('As', '2c')
    """
    i = int(index)
    if not 0 <= i < 52:
        raise CardError(f"card index {index!r} is out of range: a card index is 0..51")
    return RANK_CHARS[i >> 2] + SUIT_CHARS[i & 3]


def cards_str(cards: Iterable[int]) -> str:
    """Text of several cards, space separated.

    >>> cards_str([51, 45])
    'As Kd'
    """
    return " ".join(card_str(c) for c in cards)


def check_disjoint(*groups: Iterable[int], names: Sequence[str] | None = None) -> None:
    """Raise CardError if a card is in two groups (or twice in one).

    ``names`` labels the groups in the message; by default "group 1", "group 2", ...

    >>> check_disjoint([51, 45], [0, 1], names=["hand 1", "the board"])
    >>> check_disjoint(parse_cards("As Ah"), parse_cards("Ah Kd"),
    ...                names=["hand 1", "the board"])  # doctest: +NORMALIZE_WHITESPACE
    Traceback (most recent call last):
    ...
    guts_family.cards.CardError: card Ah is in both hand 1 and the board: each card can be used
    only once
    """
    labels = list(names) if names is not None else []
    labels += [f"group {i + 1}" for i in range(len(labels), len(groups))]
    owner: dict[int, int] = {}
    for g, group in enumerate(groups):
        for c in group:
            c = int(c)
            card_str(c)  # range check
            if c in owner:
                first = owner[c]
                if first == g:
                    raise CardError(f"card {card_str(c)} is given twice in {labels[g]}: "
                                    "each card can be used only once")
                raise CardError(f"card {card_str(c)} is in both {labels[first]} and {labels[g]}: "
                                "each card can be used only once")
            owner[c] = g
