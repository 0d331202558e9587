"""The engine's figures do not depend on how many threads run its kernels."""

from __future__ import annotations

import numpy as np

from twentyone_burn.engine.burn import kept_values
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
