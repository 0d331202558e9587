"""sim/warmup.py compiles the simulator's kernel with the argument types every simulation
passes, whatever its strategy and rules (else numba's cache would not serve the report's
verification workers)."""

from __future__ import annotations

import pytest

from twentyone_burn.engine.game import optimal_tables
from twentyone_burn.rules import Rules
from twentyone_burn.sim import spec
from twentyone_burn.sim.warmup import compile_sim_kernel


def _types(monkeypatch, run):
    numba = pytest.importorskip("numba")
    seen = []
    monkeypatch.setattr(spec, "simulate_kernel",
                        lambda *a: seen.append(tuple(numba.typeof(x) for x in a)))
    run()
    monkeypatch.undo()
    return seen[0]


def test_the_warmup_compiles_the_kernel_every_simulation_calls(monkeypatch):
    warm = _types(monkeypatch, compile_sim_kernel)
    for rules in (Rules(decks=None), Rules(decks=2, hit_soft_17=False)):
        t = optimal_tables(rules)
        real = _types(monkeypatch, lambda: spec.run_chunk(spec.kernel_spec(t, 21), 3, 500))
        assert real == warm
