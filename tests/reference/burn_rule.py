"""A plain reading of a short burn rule's text, written from the grammar's words.

It shares no code with :mod:`twentyone_burn.charts.burn_rule` (cards are characters here,
not rank indices), so a test that compares the two checks the parser, the ranking and the
expansion a second way.
"""

from __future__ import annotations

import itertools
import re

import numpy as np

CHARS = "A23456789T"
HIGH_FIRST = "AT98765432"
UP_ORDER = "23456789TA"
#: a rule with every kind of term and line (not a good rule; a test of the grammar)
VARIED = """
# a comment line, then a blank one

keep AT-A8, TT, 11, 19-17, 88   # a trailing comment
KEEP a2-a4, 22-55, T2, 10, 12-16, 5
v 2-6,8: 16-13 before AT
v T, A: 55 after T2
vs 7: A2-A4 after 5
else burn the highest card (an ace counts 11)
"""


def name(x: str, y: str) -> str:
    """A kept hand's name: high card first, the ace highest."""
    return "".join(sorted(x + y, key=HIGH_FIRST.index))


def _value(ch: str) -> int:
    return 1 if ch == "A" else 10 if ch == "T" else int(ch)


def groups(term: str) -> list[set[str]]:
    """A term's hands, best first, straight from the grammar's words."""
    t = term.replace(" ", "").upper()
    if "-" in t:
        a, b = t.split("-")
        if len(a) == 2 and all(ch in CHARS for ch in a):      # A2-A5 or 22-77
            i, j = CHARS.index(a[1]), CHARS.index(b[1])
            step = 1 if j > i else -1
            return [{name(a[0] if a[0] == "A" else CHARS[k], CHARS[k])}
                    for k in range(i, j + step, step)]
        i, j = int(a), int(b)
        step = 1 if j > i else -1
        return [g for n in range(i, j + step, step) for g in groups(str(n))]
    if len(t) == 2 and all(ch in CHARS for ch in t):
        return [{name(t[0], t[1])}]
    n = int(t)
    return [{name(x, y) for x in CHARS for y in CHARS
             if x != y and "A" not in x + y and _value(x) + _value(y) == n}]


def ranking(text: str, up: str) -> list[set[str]]:
    """The ranked groups of hands the text gives against up card ``up`` (a character)."""
    out: list[set[str]] = []
    for raw in text.splitlines():
        line = raw.split("#")[0].strip()
        if line.lower().startswith("keep"):
            for term in line[4:].split(","):
                for g in groups(term):
                    new = g - set().union(*out)
                    if new:
                        out.append(new)
    for raw in text.splitlines():
        line = raw.split("#")[0].strip()
        m = re.match(r"(?i)(v|vs|against) (.*?): (.*) (before|after) (.*)", line)
        if not m:
            continue
        ups = set()
        for part in m[2].replace(" ", "").upper().split(","):
            lo, _, hi = part.partition("-")
            ups.update(UP_ORDER[UP_ORDER.index(lo):UP_ORDER.index(hi or lo) + 1])
        if up not in ups:
            continue
        moved = groups(m[3])
        hands = set().union(*moved)
        out = [g - hands for g in out if g - hands]
        anchor = set().union(*groups(m[5]))
        at = [i for i, g in enumerate(out) if g & anchor]
        k = at[0] if m[4].lower() == "before" else at[-1] + 1
        out[k:k] = moved
    return out


def burn_by_ranking(rank_of: list[set[str]], cards: str) -> str:
    """The card to burn: keep the best-ranked hand, else (and on a tie) the highest card."""
    def key(i: int) -> tuple[int, int]:
        kept = name(*(cards[k] for k in range(3) if k != i))
        place = next((n for n, g in enumerate(rank_of) if kept in g), len(rank_of))
        return place, -(11 if cards[i] == "A" else _value(cards[i]))

    return cards[min(range(3), key=key)]


def burn(text: str, up: str, cards: str) -> str:
    """The card the text says to burn from ``cards`` (three characters) against ``up``."""
    return burn_by_ranking(ranking(text, up), cards)


def burn_table(text: str) -> np.ndarray:
    """burn[up, c1, c2, c3] (rank indices) for every ordering of three ranks, by the text."""
    out = np.zeros((10, 10, 10, 10), dtype=np.int8)
    for up in range(10):
        rank_of = ranking(text, CHARS[up])
        for cards in itertools.product(range(10), repeat=3):
            out[(up, *cards)] = CHARS.index(
                burn_by_ranking(rank_of, "".join(CHARS[c] for c in cards)))
    return out
