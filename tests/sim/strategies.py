"""Strategy tables for the simulator's tests, built by hand (no engine decisions in them)."""

from __future__ import annotations

import numpy as np

from twentyone_burn.rules import Rules
from twentyone_burn.tables import DOUBLE, HIT, STAND, DecisionTables, hand_table


def legal_doubles(rules: Rules, split: bool) -> np.ndarray:
    """may_double for every hand of the hand table (two cards and allowed by the rules)."""
    ht = hand_table()
    return np.array([ht.ncards[h] == 2 and rules.may_double(int(ht.hard[h]), bool(ht.soft[h]),
                                                           split)
                     for h in range(len(ht.ncards))])


def random_tables(rules: Rules, seed: int, weights=(0.45, 0.4, 0.15)) -> DecisionTables:
    """Legal but random decisions everywhere: every path of a round gets exercised."""
    rng = np.random.default_rng(seed)
    t = DecisionTables.empty(rules, f"random decisions (seed {seed})")
    for c1 in range(10):
        for c2 in range(c1, 10):
            for c3 in range(c2, 10):
                t.burn[:, c1, c2, c3] = rng.choice([c1, c2, c3], size=10)
    for name, split in (("play", False), ("split_play", True)):
        a = getattr(t, name)
        u = rng.random(a.shape, dtype=np.float32)
        a[...] = (u >= weights[0]).astype(np.int8) + (u >= weights[0] + weights[1])
        illegal = (a == DOUBLE) & ~legal_doubles(rules, split)
        a[illegal] = HIT
    t.resplit[...] = rng.random(t.resplit.shape, dtype=np.float32) < 0.6
    if not rules.mandatory_split:
        t.split_kept[...] = rng.random(t.split_kept.shape) < 0.5
    return t


def hit_to(rules: Rules, stand_on: int = 17) -> DecisionTables:
    """Burn the highest rank index, hit every hand below ``stand_on``, never double or resplit."""
    ht = hand_table()
    t = DecisionTables.empty(rules, f"burn the highest rank, hit below {stand_on}")
    act = np.where(ht.total < stand_on, HIT, STAND).astype(np.int8)
    t.play[...] = act
    t.split_play[...] = act
    return t


#: rule sets (and cut cards) the kernel and the compacted strategy are checked under: every
#: option's path through a round
VARIANTS = [
    (Rules(), None),
    (Rules(), 0.8),
    (Rules(decks=1, hit_soft_17=False, max_hands=3), 1.0),
    (Rules(decks=None, resplit_aces=True, split_aces_one_card=False), None),
    (Rules(decks=2, double_after_split=False, double_on="10-11", mandatory_split=False), None),
    (Rules(decks=8, dealer_bust_push=22, ties_lose_from=17, win_pays=1.5, commission=0.05,
           max_hands=2, double_on="9-11"), 0.5),
    (Rules(decks=1, dealer_burn="lowest", dealer_bust_push=23, ties_lose_from=19), 0.6),
    (Rules(decks=2, dealer_burn="none", ties_lose_from=21, win_pays="4:5"), None),
    (Rules(decks=None, dealer_burn="none", dealer_bust_push=23), None),
]


#: the rules of the reproducibility runs
RUN_RULES = Rules(decks=6)
