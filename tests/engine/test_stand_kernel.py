"""The blocked stand-EV kernel against its scalar twin (tests/reference/stand_scalar.py): the
same numbers to the last bit, whatever the block layout."""

from __future__ import annotations

import numpy as np
import pytest

from tests.reference.stand_scalar import stand_evs_scalar
from twentyone_burn.engine.player import payoff_table
from twentyone_burn.engine.split import split_hands
from twentyone_burn.engine.stand import ALL_BURNS, LANES, stand_blocks, stand_evs
from twentyone_burn.rules import Rules
from twentyone_burn.shoe import full_shoe
from twentyone_burn.tables import NOTHING_HIDDEN, hidden_combos


@pytest.mark.parametrize("up, pair, decks, combos, burns", [
    (0, 0, 6, hidden_combos(4), ALL_BURNS),
    (5, 7, 1, hidden_combos(4), ALL_BURNS),
    (9, 9, 2, hidden_combos(3), ALL_BURNS),
    (3, 0, 6, NOTHING_HIDDEN, ALL_BURNS),
    (8, 2, 1, hidden_combos(4), np.array([-1])),
])
def test_blocked_kernel_matches_scalar_twin_bit_for_bit(up, pair, decks, combos, burns):
    rules = Rules(decks=decks, ties_lose_from=17)
    base = full_shoe(decks)
    base[up] -= 1
    base[pair] -= 1
    hands = split_hands(pair, False)
    args = {"payoff": payoff_table(rules), "pair": pair, "combos": combos, "burns": burns}
    fast = stand_evs(rules, up, base, hands, **args)
    plain = stand_evs_scalar(rules, up, base, hands, **args)
    # hands the one-deck shoe cannot supply stay zero in both
    assert np.count_nonzero(plain) > 0.25 * plain.size
    assert np.array_equal(fast, plain)


def test_blocks_hold_every_key_once_with_one_total_each():
    totals = np.array([20, 12, 20, 5] + [17] * (2 * LANES + 1))
    blocks, block_total = stand_blocks(totals)
    keys = blocks[blocks >= 0]
    assert sorted(keys.tolist()) == list(range(len(totals)))
    for row, t in zip(blocks, block_total):
        assert all(totals[k] == t for k in row if k >= 0)
