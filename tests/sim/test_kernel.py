"""The numba kernel against its plain-Python twin: same random numbers, same tallies."""

from __future__ import annotations

import numpy as np
import pytest

from tests.reference.sim_twin import Xoshiro256, simulate_twin
from twentyone_burn.rules import Rules
from twentyone_burn.shoe import full_shoe
from twentyone_burn.sim import (
    Counts,
    SimulationError,
    below_outputs,
    check_tables,
    chunk_plan,
    chunk_state,
    kernel_spec,
    round_card_bound,
    run_chunk,
    xoshiro_outputs,
)
from twentyone_burn.sim._kernel import (
    DEAL_BURN_SHIFT,
    DEAL_HAND_MASK,
    DEAL_PAIR_SHIFT,
    DEAL_SPLIT_SHIFT,
)
from twentyone_burn.sim.spec import compact_strategy, hand_order
from twentyone_burn.tables import DOUBLE, DecisionTables, hand_table

from .strategies import hit_to, random_tables


def test_xoshiro_reference_vector_and_twin():
    # the published xoshiro256** sequence from state (1, 2, 3, 4) starts 11520, 0, 1509978240
    state = np.array([1, 2, 3, 4], dtype=np.uint64)
    got = xoshiro_outputs(state, 2000)
    assert [int(x) for x in got[:4]] == [11520, 0, 1509978240, 1215971899390074240]
    tw = Xoshiro256(state)
    assert [int(x) for x in got] == [tw.next() for _ in range(2000)]


def test_below_is_the_twins_and_uniform():
    rng = np.random.default_rng(0)
    # bounds near 2**32 make Lemire's rejection step run often
    bounds = np.concatenate([rng.integers(1, 400, 3000), [13] * 500,
                             rng.integers(3_000_000_000, 4_294_967_295, 500)])
    state = chunk_state(9, 0)
    got = below_outputs(state, bounds)
    tw = Xoshiro256(state)
    assert [int(x) for x in got] == [tw.below(int(n)) for n in bounds]
    assert (got >= 0).all() and (got < bounds).all()
    draws = below_outputs(chunk_state(9, 1), np.full(130_000, 13))
    counts = np.bincount(draws, minlength=13)
    from scipy import stats
    assert stats.chisquare(counts).pvalue > 1e-4


def test_chunk_streams_are_seedsequence_children():
    root = np.random.SeedSequence(2024)
    kids = root.spawn(5)
    for k in (0, 4):
        assert (chunk_state(2024, k) == kids[k].generate_state(4, np.uint64)).all()
    assert not (chunk_state(2024, 0) == chunk_state(2024, 1)).all()
    assert chunk_plan(10, 3) == [(0, 3), (1, 3), (2, 3), (3, 1)]


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


@pytest.mark.parametrize("k", range(len(VARIANTS)))
def test_kernel_equals_twin_under_random_decisions(k):
    rules, pen = VARIANTS[k]
    tables = random_tables(rules, seed=k)
    spec = kernel_spec(tables, 100 + k, pen)
    got = run_chunk(spec, 2, 2500)
    want = simulate_twin(tables, chunk_state(100 + k, 2), 2500, pen)
    for f in Counts.FIELDS:
        np.testing.assert_array_equal(getattr(got, f), getattr(want, f), err_msg=f)
    ev = dict(zip(("split", "double", "hands", "split_doubles", "resplits"), got.events[:5]))
    assert ev["split"] > 100 and ev["double"] > 20      # the paths the test is about ran
    if rules.max_hands > 2:
        assert ev["resplits"] > 0 and ev["hands"] > 2 * ev["split"]


def test_kernel_equals_twin_hitting_to_17():
    t = hit_to(Rules(decks=6), 17)
    assert run_chunk(kernel_spec(t, 5), 0, 4000) == simulate_twin(t, chunk_state(5, 0), 4000)


def test_round_card_bound_is_safe():
    shoe = np.repeat(np.arange(10), full_shoe(1))
    assert round_card_bound(shoe) == 34 <= len(shoe)
    assert round_card_bound(np.repeat(np.arange(10), full_shoe(6))) < 6 * 52


def test_check_tables_rejects_bad_strategies():
    t = DecisionTables.always_stand(Rules(double_after_split=False))
    check_tables(t)
    h = t.two_card[1, 7]                    # 2-8: a double is fine unsplit, not after a split
    t.play[3, 0, h] = DOUBLE
    check_tables(t)
    t.split_play[3, 0, 1, 0, h] = DOUBLE
    with pytest.raises(SimulationError, match="doubles a hand"):
        check_tables(t)
    t = DecisionTables.always_stand(Rules())
    t.burn[0, 2, 3, 4] = 7
    with pytest.raises(SimulationError, match="burns a card"):
        check_tables(t)
    t = DecisionTables.always_stand(Rules())
    t.play[0, 0, t.two_card[9, 8]] = 5
    with pytest.raises(SimulationError, match="action code"):
        check_tables(t)


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
