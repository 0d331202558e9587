"""engine/warmup.py: the second process of a first run compiles the split kernels with the
argument types the analysis itself passes (else numba's cache would not serve them), and it
starts only when it can help."""

from __future__ import annotations

import os

import numpy as np
import pytest

from twentyone_burn.engine import split, warmup
from twentyone_burn.engine.warmup_split import compile_split_kernels
from twentyone_burn.engine.player_burn import kept_values_for_shoe
from twentyone_burn.rules import Rules
from twentyone_burn.shoe import full_shoe


def _types_of_first_call(monkeypatch, run):
    numba = pytest.importorskip("numba")
    seen = []

    def record(*args):
        if not seen:
            seen.append(tuple(numba.typeof(a) for a in args))

    monkeypatch.setattr(split, "_split_hand_values", record)
    run()
    monkeypatch.undo()
    return seen[0]


def test_the_warmup_compiles_the_split_kernel_for_the_analysis_own_argument_types(monkeypatch):
    warm = _types_of_first_call(monkeypatch, compile_split_kernels)
    for decks in (1, 6):
        real = _types_of_first_call(
            monkeypatch, lambda: kept_values_for_shoe(Rules(decks=decks), 9, full_shoe(decks)))
        assert warm == real
    # the probe sees a difference: a float shoe is another signature
    other = _types_of_first_call(monkeypatch, lambda: split.split_values(
        Rules(decks=1), 7, [3], full_shoe(1).astype(np.float64),
        np.zeros((len(split.split_hands(7, False)), 10, 18)), None,
        split.split_hands(7, False), np.zeros((3, 32)), np.ones(3082, np.bool_)))
    assert other != warm


def test_it_starts_only_when_it_can_help(monkeypatch):
    monkeypatch.setenv(warmup.WARMUP_ENV, "off")
    assert not warmup.wanted() and not warmup.start()
    monkeypatch.setenv(warmup.WARMUP_ENV, "on")
    monkeypatch.setattr(os, "cpu_count", lambda: 1)
    assert not warmup.wanted()
    monkeypatch.setattr(os, "cpu_count", lambda: 2)
    monkeypatch.setattr(os, "getloadavg", lambda: (1.5, 1.0, 1.0))   # no core free
    assert not warmup.wanted()


def test_join_waits_for_the_child_once(monkeypatch):
    class Child:
        waited = 0

        def wait(self):
            Child.waited += 1

    monkeypatch.setattr(warmup, "_child", Child())
    warmup.join()
    warmup.join()
    assert Child.waited == 1 and warmup._child is None
