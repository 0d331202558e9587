"""The random streams (sim/rng.py and the generator in sim/_kernel.py): xoshiro256** against the
published sequence and the plain twin, unbiased bounded draws, one SeedSequence child per
chunk."""

from __future__ import annotations

import numpy as np

from tests.reference.sim_twin import Xoshiro256
from twentyone_burn.sim import below_outputs, chunk_plan, chunk_state, xoshiro_outputs


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
