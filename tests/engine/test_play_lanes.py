"""The split hands' lane kernel (every hidden combination at once) against the one-combination
kernel it vectorises, ``player._play_hands``: the same values to the last bit."""

from __future__ import annotations

import numpy as np
import pytest

from twentyone_burn.engine.player import MONEY, _play_hands, _play_hands_lanes
from twentyone_burn.engine.split import split_hands
from twentyone_burn.shoe import INFINITE_PROBS, full_shoe
from twentyone_burn.tables import hand_table, hidden_combos


@pytest.mark.parametrize("pair, decks, hole, forced_kind, infinite", [
    (7, 6, -1, "best", False),
    (0, 1, -1, "best", False),
    (9, 2, 9, "best", False),      # a peeking dealer with a ten up: unnormalised values
    (3, 1, 0, "fixed", False),
    (5, 6, -1, "fixed", True),
])
def test_lane_kernel_matches_one_combination_kernel(pair, decks, hole, forced_kind, infinite):
    t = hand_table()
    nh = len(t.index)
    rng = np.random.default_rng(pair + decks)
    cj, cu = hidden_combos(4)
    nc = len(cj)
    order = split_hands(pair, False)
    base = full_shoe(decks)
    base[pair] -= 1
    base[4] -= 1
    stand = rng.uniform(-1, 1, (nh, nc))
    forced = (np.full((nh, nc), -1, dtype=np.int8) if forced_kind == "best"
              else rng.integers(0, 3, (nh, nc)).astype(np.int8))
    can_double = rng.random(nh) < 0.7
    lanes = [np.zeros((nh, nc)) for _ in range(4)] + [np.zeros((nh, nc), dtype=np.bool_)]
    _play_hands_lanes(base, t.counts, t.total, t.ncards, t.child, order, stand, pair, cj, cu,
                      infinite, INFINITE_PROBS, can_double, forced, MONEY, hole, *lanes,
                      np.empty((10, nc)))
    assert lanes[4][order].sum() > 0.2 * lanes[4][order].size
    for c in range(nc):
        one = [np.zeros(nh) for _ in range(4)] + [np.zeros(nh, dtype=np.bool_)]
        _play_hands(base, t.counts, t.total, t.ncards, t.child, order,
                    np.ascontiguousarray(stand[:, c]), pair, cj[c], cu[c], infinite,
                    INFINITE_PROBS, can_double, np.ascontiguousarray(forced[:, c]), MONEY, hole,
                    *one)
        for want, got in zip(one, lanes):
            assert np.array_equal(want[order], got[order, c])
