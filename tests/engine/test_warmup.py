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
    monkeypatch.setattr(warmup, "_others_running", lambda: 1)   # no core free
    assert not warmup.wanted()
    monkeypatch.undo()
    assert warmup._others_running() >= 0


def test_join_waits_for_the_split_line_once_and_finish_for_the_end(monkeypatch):
    import io

    class Child:
        waited = 0
        stdout = io.StringIO("compiling\n" + warmup.SPLIT_DONE + "\nmore\n")

        def wait(self):
            Child.waited += 1

    monkeypatch.setattr(warmup, "_child", Child())
    monkeypatch.setattr(warmup, "_split_waited", False)
    warmup.join()
    assert Child.stdout.readline() == "more\n"     # it stopped reading at the split line
    warmup.join()                                    # once only
    assert Child.waited == 0
    warmup.finish()
    assert Child.waited == 1 and warmup._child is None
    warmup.finish()
    warmup.join()                                    # nothing left: both return at once


def test_the_report_process_prints_the_split_line_before_the_simulator(monkeypatch, capsys):
    """join() lets the analysis go on as soon as the split kernels are cached, while the
    report's second process still compiles the simulator."""
    from twentyone_burn.report import warmup as report_warmup

    order = []
    monkeypatch.setattr("twentyone_burn.engine.warmup_split.compile_split_kernels",
                        lambda: order.append("split kernels"))
    monkeypatch.setattr("twentyone_burn.sim.warmup.compile_sim_kernel",
                        lambda: order.append("sim kernel: " + capsys.readouterr().out))
    report_warmup.main()
    assert order == ["split kernels", "sim kernel: " + warmup.SPLIT_DONE + "\n"]
