"""strategy: complete strategies as lookup tables, shared by the exact engine and the simulator.

A :class:`DecisionTables` says what the player does in every situation the game can reach,
with no probabilities in it: which card to burn, how to play the kept hand and each split hand,
and when to resplit. The exact engine exports its optimal composition-dependent decisions in
this form; a printed chart is expanded into it; the simulator plays it card by card.

Hands are indices into :func:`twentyone_burn.player.hand_table` (every rank multiset with hard
total <= 21): ``hand_child[h, r]`` is the hand after drawing rank r (-1 = bust) and
``two_card[a, c]`` the index of a two-card hand, so a player follows its hand incrementally.

>>> t = DecisionTables.always_stand(Rules())
>>> t.play.shape, int(t.burn[9, 0, 4, 9])
((10, 10, 3082), 9)
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from .player import DOUBLE, HIT, STAND, hand_table
from .rules import Rules
from .shoe import NRANKS
from .split import hidden_combos

__all__ = ["DecisionTables", "STAND", "HIT", "DOUBLE", "combo_index_table"]


def combo_index_table(max_hands: int) -> np.ndarray:
    """combo[j, u] -> index of the hidden combination (j, u) in split tables (-1 if unused).

    ``j``: pair cards dealt as second cards before a split hand took its own second card;
    ``u``: earlier split hands that took a non-pair second card.

    >>> int(combo_index_table(4)[0, 0]), int(combo_index_table(4)[5, 0])
    (0, 5)
    """
    cj, cu = hidden_combos(max_hands)
    out = np.full((2 * max_hands, max_hands + 1), -1, dtype=np.int64)
    for i, (j, u) in enumerate(zip(cj, cu)):
        out[j, u] = i
    return out


@dataclass(frozen=True, eq=False)
class DecisionTables:
    """Every decision of one strategy (codes: STAND=0, HIT=1, DOUBLE=2).

    burn[up, c1, c2, c3]: the rank burned from player cards c1 <= c2 <= c3 (rank indices,
        0 = ace ... 9 = ten), given the up card.
    play[up, burned, h]: action for an unsplit hand h (DOUBLE only on two-card hands the rules
        let double). A kept pair reaches ``play`` only when the split is optional and
        ``split_kept[up, burned, pair]`` is False.
    split_kept[up, burned, pair]: split a kept pair (always True when the split is mandatory).
    split_play[up, burned, pair, combo, h]: action for a split hand h (which holds the pair
        card) whose hidden combination is ``combo`` (see :func:`combo_index_table`).
    resplit[up, burned, pair, hands_in_play, hand_number, j, u]: split again when hand
        ``hand_number`` (1-based) of ``hands_in_play`` draws another pair card, j pair cards
        and u non-pair cards having been dealt as second cards before.
    name: what the strategy is (printed in every output that uses it).
    """

    rules: Rules
    burn: np.ndarray
    play: np.ndarray
    split_kept: np.ndarray
    split_play: np.ndarray
    resplit: np.ndarray
    name: str

    @property
    def hand_child(self) -> np.ndarray:
        """hand_child[h, r]: the hand after drawing rank r (-1 = bust)."""
        return hand_table().child

    @property
    def two_card(self) -> np.ndarray:
        """two_card[a, c]: index of the two-card hand of ranks a and c."""
        t = hand_table()
        out = np.zeros((NRANKS, NRANKS), dtype=np.int64)
        for a in range(NRANKS):
            for c in range(NRANKS):
                out[a, c] = t.of((a, c))
        return out

    @property
    def hand_total(self) -> np.ndarray:
        """Best total of each hand (soft if an ace can count 11)."""
        return hand_table().total

    @classmethod
    def empty(cls, rules: Rules, name: str) -> "DecisionTables":
        """Tables of the right shapes, every action STAND, no resplits, burn the highest card."""
        nh = len(hand_table().index)
        m = rules.max_hands
        nc = len(hidden_combos(m)[0])
        burn = np.zeros((NRANKS,) * 4, dtype=np.int8)
        for c1 in range(NRANKS):
            for c2 in range(NRANKS):
                for c3 in range(NRANKS):
                    burn[:, c1, c2, c3] = max(c1, c2, c3)
        return cls(rules, burn,
                   np.zeros((NRANKS, NRANKS, nh), dtype=np.int8),
                   np.ones((NRANKS, NRANKS, NRANKS), dtype=np.bool_),
                   np.zeros((NRANKS, NRANKS, NRANKS, nc, nh), dtype=np.int8),
                   np.zeros((NRANKS, NRANKS, NRANKS, m + 1, m + 1, 2 * m, m + 1), dtype=np.bool_),
                   name)

    @classmethod
    def always_stand(cls, rules: Rules) -> "DecisionTables":
        """A simple fixed strategy for checks: burn the highest rank index, always stand."""
        return cls.empty(rules, "burn the highest rank, always stand")


def optimal_tables(rules: Rules, kept: dict | None = None) -> DecisionTables:
    """The engine's optimal composition-dependent decisions as lookup tables.

    ``kept``: the per-up-card :class:`~twentyone_burn.burn.KeptValues` of an analysis already
    run for these rules (``Analysis.kept``); computed when not given. Burn ties (within
    ``burn.TIE``) burn the lowest card, as the analysis does.

    >>> t = optimal_tables(Rules(decks=None))
    >>> int(t.burn[5, 4, 9, 9])        # T T 5 against a 6: the 5 is burned (tens split)
    4
    """
    import itertools

    from .burn import burn_choices, kept_values
    from .player import SPLIT

    t = DecisionTables.empty(rules, "optimal composition-dependent play (the exact engine's)")
    for up in range(NRANKS):
        kv = kept[up] if kept is not None else kept_values(rules, up)
        for cards in itertools.combinations_with_replacement(range(NRANKS), 3):
            if not any(kv.possible[cards[i], *sorted(cards[k] for k in range(3) if k != i)]
                       for i in range(3)):
                continue
            b = burn_choices(kv, cards)[0].burn
            for perm in set(itertools.permutations(cards)):
                t.burn[up][perm] = b
        t.play[up] = kv.play_actions
        for b in range(NRANKS):
            for p in range(NRANKS):
                sv = kv.splits.get((b, p))
                if sv is None:
                    continue
                t.split_kept[up, b, p] = kv.action[b, p, p] == SPLIT
                t.split_play[up, b, p] = sv.actions
                for (h, i, j, u), yes in sv.resplits.items():
                    t.resplit[up, b, p, h, i, j, u] = yes
    return t
