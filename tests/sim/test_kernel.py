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
from twentyone_burn.tables import DOUBLE, DecisionTables

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
    (Rules(decks=8, dealer_22_pushes=True, ties_lose=True, win_pays=1.5, commission=0.05,
           max_hands=2, double_on="9-11"), 0.5),
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
