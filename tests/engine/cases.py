"""Small shoes and strategies shared by the brute-force tests of the engine's modules."""

from __future__ import annotations

import numpy as np

from twentyone_burn.rules import Rules
from twentyone_burn.tables import hand_table

SMALL = np.array([2, 2, 2, 2, 2, 2, 2, 2, 2, 6])  # 24 cards: every rank, tens weighted


def engine_strategy(sv):
    """(decide, resplit) for ``tests.reference.engine.split_ev``: the engine's own split-hand
    decisions and resplits, read from a SplitValue kept with its tables (``keep_tables``)."""
    table = hand_table()

    def decide(j, u, cards, two):
        st, hi, db = sv.tables[(j, u)]
        h = table.of(cards)
        opts = [(st[h], "stand"), (hi[h], "hit")]
        if two and np.isfinite(db[h]):
            opts.append((db[h], "double"))
        return max(opts, key=lambda o: o[0])[1]

    def resplit(h, i, j, u):
        return bool(sv.resplits.get((h, i, j, u), False))

    return decide, resplit


# shoes rich in the pair rank so that resplits to four hands are frequent
SPLIT_CASES = [
    # (pair, burned, up, shoe, rules)
    (7, 2, 5, np.array([1, 1, 2, 1, 2, 2, 1, 7, 1, 5]), Rules(decks=1)),
    (1, 9, 9, np.array([1, 6, 1, 1, 2, 1, 1, 1, 1, 6]), Rules(decks=1)),
    (9, 4, 3, np.array([1, 1, 1, 1, 2, 1, 1, 1, 1, 12]), Rules(decks=1, max_hands=3)),
    (0, 5, 9, np.array([5, 1, 1, 1, 1, 2, 1, 1, 1, 6]), Rules(decks=1, resplit_aces=True)),
    (5, 0, 8, np.array([2, 1, 2, 1, 1, 7, 2, 1, 1, 5]), Rules(decks=1, hit_soft_17=False,
                                                             double_after_split=False)),
]

#: the game-design knobs (which card the dealer burns, the dealer bust that pushes, ties that
#: lose from a total), each checked against brute force that deals every card for real
KNOBS = [
    {"dealer_burn": "lowest"},
    {"dealer_burn": "none"},
    {"dealer_bust_push": 23},
    {"dealer_bust_push": 22, "ties_lose_from": 19},
    {"ties_lose_from": 21, "win_pays": "9:10"},
]
