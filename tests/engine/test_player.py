"""The hands' values (engine/player.py): the split hands' lane kernel (every hidden
combination at once) against the one-combination kernel it vectorises, ``_play_hands``, to the
last bit; the reach kernel against a plain walk over real cards; ``no_natural`` against the
draw probabilities it stands for; the payoff table against the reference's settlement."""

from __future__ import annotations

import numpy as np
import pytest

from tests.engine.cases import SMALL
from tests.reference import engine as ref
from twentyone_burn.engine.player import MONEY, _play_hands, _play_hands_lanes, payoff_table
from twentyone_burn.engine.split import split_hands
from twentyone_burn.rules import Rules
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


def test_reach_kernel_matches_plain_forward_walk():
    """The chart derivation's reach weights against a plain walk over real cards."""
    from twentyone_burn.engine.player import NCELLS, cell_of_hands, reach_cell_sums
    from twentyone_burn.tables import HIT, STAND, double_allowed

    table = hand_table()
    nh = len(table.index)
    forced = np.where(table.total < 15, HIT, STAND).astype(np.int8)
    up, b, kept = 5, 9, (2, 4)
    base = SMALL.copy()
    base[up] -= 1
    base[b] -= 1
    start = np.zeros(nh)
    start[table.of(kept)] = 0.25
    ones = np.ones(nh)
    out = np.zeros((NCELLS, 4))
    reach_cell_sums(base, (ones, np.zeros(nh), np.zeros(nh), np.ones(nh, dtype=np.bool_)),
                    infinite=False, can_double=double_allowed(Rules(), False), forced=forced,
                    start=start, out=out)
    want = np.zeros(NCELLS)

    def walk(shoe, cards, w):
        h = table.of(cards)
        want[cell_of_hands()[h]] += w
        if forced[h] != HIT:
            return
        n = sum(shoe)
        for r in range(10):
            if shoe[r] and ref.best_total(cards + (r,)) <= 21:
                walk(ref.take(shoe, r), tuple(sorted(cards + (r,))), w * shoe[r] / n)

    unseen = tuple(int(x) for x in base - table.counts[table.of(kept)])
    walk(unseen, kept, 0.25)
    np.testing.assert_allclose(out[:, 1], want, rtol=0, atol=1e-15)


def test_no_natural_is_the_hole_rank_probability_of_draw_probs():
    # the hot loop's one-rank formula against the general draw probabilities it stands for
    import numpy as np

    from twentyone_burn.engine.player import draw_probs, no_natural
    from twentyone_burn.shoe import INFINITE_PROBS
    rng = np.random.default_rng(8)
    probs = np.empty(10)
    checked = 0
    for _ in range(3000):
        n = rng.integers(0, 9, size=10).astype(np.int64)
        drawn, hole, p = (int(x) for x in rng.integers(-1, 10, size=3))
        hole = max(hole, 0)
        p = max(p, 0)
        j, u = (int(x) for x in rng.integers(0, 4, size=2))
        m = n.copy()
        if drawn >= 0:
            if m[drawn] == 0:
                continue
            m[drawn] -= 1
        if not draw_probs(m, p, j, u, False, INFINITE_PROBS, probs):
            continue
        assert no_natural(n, drawn, hole, p, j, u, False, INFINITE_PROBS) == pytest.approx(
            1.0 - probs[hole], abs=1e-15)
        checked += 1
    assert checked > 1000


@pytest.mark.parametrize("knobs", [{}, {"dealer_bust_push": 22}, {"dealer_bust_push": 23},
                                   {"ties_lose_from": 17}, {"ties_lose_from": 20},
                                   {"win_pays": "4:5", "commission": 0.05}])
def test_payoff_table_is_the_reference_settlement(knobs):
    """``Rules.payoff``, tabled, against the reference's result of a standing total."""
    rules = Rules(**knobs)
    pay = payoff_table(rules)
    for total in range(4, 22):
        for o in range(ref.NOUT):
            assert pay[total, o] == ref.result(total, o, rules), (total, o)
    assert rules.payoff(22, 17 + 5) == ref.result(22, 5, rules) == -1.0   # both bust: lost
