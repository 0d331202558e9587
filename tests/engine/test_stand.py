"""The stand EVs (engine/stand.py): the blocked kernel against its scalar twin
(tests/reference/stand_scalar.py), the same numbers to the last bit whatever the block layout,
and against brute force that deals the dealer's cards for real."""

from __future__ import annotations

import numpy as np
import pytest

from tests.reference import engine as ref
from tests.reference.stand_scalar import stand_evs_scalar
from twentyone_burn.engine.player import payoff_table
from twentyone_burn.engine.player_burn import unsplit_hands, unsplit_stand_evs
from twentyone_burn.engine.split import split_hands
from twentyone_burn.engine.stand import ALL_BURNS, LANES, stand_blocks, stand_evs
from twentyone_burn.rules import Rules
from twentyone_burn.shoe import full_shoe
from twentyone_burn.tables import NOTHING_HIDDEN, hand_table, hidden_combos


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


@pytest.mark.parametrize("up", [0, 4, 9])
def test_stand_batch_kernel_matches_plain_twin(up):
    """The batched stand-EV kernel (one pass serves all ten burned ranks) against the plain
    reference, on a one-deck shoe, for many hands and every burned rank."""
    rules = Rules(decks=1, ties_lose_from=17, dealer_bust_push=22)
    table = hand_table()
    base_up = full_shoe(1)
    base_up[up] -= 1
    stand = unsplit_stand_evs(rules, up, base_up, payoff_table(rules))
    hands = unsplit_hands()
    rng = np.random.default_rng(7)
    checked = 0
    for k in rng.choice(len(hands), 25, replace=False):
        h = hands[k]
        for b in range(10):
            unseen = base_up - table.counts[h]
            unseen[b] -= 1
            if unseen.min() < 0:
                continue
            cards = tuple(r for r in range(10) for _ in range(table.counts[h, r]))
            want = ref.stand_ev(tuple(int(x) for x in unseen), cards, up, rules)
            assert stand[k, b] == pytest.approx(want, abs=1e-12)
            checked += 1
    assert checked > 100
