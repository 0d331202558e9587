"""The kernel's spec (sim/spec.py): the round's card bound is safe, and the compacted strategy
keeps every decision of the tables it was made from."""

from __future__ import annotations

import numpy as np
import pytest

from twentyone_burn.shoe import full_shoe
from twentyone_burn.sim import round_card_bound
from twentyone_burn.sim._kernel import (
    DEAL_BURN_SHIFT,
    DEAL_HAND_MASK,
    DEAL_PAIR_SHIFT,
    DEAL_SPLIT_SHIFT,
)
from twentyone_burn.sim.spec import compact_strategy, hand_order
from twentyone_burn.tables import hand_table

from .strategies import VARIANTS, random_tables


def test_round_card_bound_is_safe():
    shoe = np.repeat(np.arange(10), full_shoe(1))
    assert round_card_bound(shoe) == 34 <= len(shoe)
    assert round_card_bound(np.repeat(np.arange(10), full_shoe(6))) < 6 * 52


@pytest.mark.parametrize("k", [0, 3, 4])
def test_compacted_strategy_keeps_every_decision(k):
    rules, _ = VARIANTS[k]
    t = random_tables(rules, seed=k)
    c = compact_strategy(t)
    ht = hand_table()
    old, new = hand_order()
    acts, nh = c["acts"], len(ht.total)
    for up in range(10):
        for b in range(10):
            np.testing.assert_array_equal(acts[c["play_row"][up * 10 + b] + new], t.play[up, b])
    ncombo = t.split_play.shape[3]
    for p in range(1 if rules.split_aces_one_card else 0, 10):
        holds = ht.counts[:, p] > 0
        for up, b, cmb in ((0, 0, 0), (9, 3, ncombo - 1), (5, 9, ncombo // 2)):
            off = c["split_row"][((up * 10 + b) * 10 + p) * ncombo + cmb]
            np.testing.assert_array_equal(acts[off + new][holds],
                                          t.split_play[up, b, p, cmb][holds])
    assert acts.size % nh == 0
    for h in range(nh):
        for r in range(10):
            ch = ht.child[h, r]
            assert c["child"][new[h] * 10 + r] == (new[ch] if ch >= 0 else -1)
    for up, cards in ((0, (9, 0, 4)), (6, (7, 7, 2)), (9, (0, 0, 0))):
        info = int(c["deal"][up * 1000 + cards[0] * 100 + cards[1] * 10 + cards[2]])
        b = int(t.burn[up, *sorted(cards)])
        kept = sorted(cards)
        kept.remove(b)
        assert (info >> DEAL_BURN_SHIFT) & 15 == b and (info >> DEAL_PAIR_SHIFT) & 15 == kept[0]
        assert old[info & DEAL_HAND_MASK] == ht.of(kept)
        assert (info >> DEAL_SPLIT_SHIFT) & 1 == (kept[0] == kept[1]
                                                  and bool(t.split_kept[up, b, kept[0]]))
