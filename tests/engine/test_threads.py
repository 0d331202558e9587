"""The engine's figures do not depend on how many threads run its kernels."""

from __future__ import annotations

import numpy as np

from twentyone_burn.engine.player_burn import kept_values
from twentyone_burn.rules import Rules


def test_one_thread_and_three_threads_give_the_same_bits(monkeypatch):
    rules = Rules(decks=1)
    runs = []
    for threads in ("1", "3"):
        monkeypatch.setenv("TWENTYONE_BURN_THREADS", threads)
        kv = kept_values(rules, 6)
        runs.append((kv.best, kv.split, kv.stand, kv.hit))
    for a, b in zip(*runs):
        assert np.array_equal(a, b, equal_nan=True)
    assert np.isfinite(runs[0][0]).sum() > 100


def test_a_forked_child_runs_the_kernels_too():
    """A child forked after the pool started has none of its threads; it makes its own pool
    instead of waiting forever."""
    import multiprocessing as mp

    from twentyone_burn.engine.threads import over_range

    over_range(lambda lo, hi: None, 8)          # the parent's pool exists
    ctx = mp.get_context("fork")
    with ctx.Pool(1) as pool:
        got = pool.apply_async(_child_sum).get(timeout=30)
    assert got == sum(range(100))


def _child_sum() -> int:
    from twentyone_burn.engine.threads import over_range

    out: list[int] = []
    over_range(lambda lo, hi: out.extend(range(lo, hi)), 100)
    return sum(out)
