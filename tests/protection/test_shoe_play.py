"""Shoe play with a count (protection/shoe_play.py): the simulated table by true count against
the simulation's own totals (sum rules), against itself for any worker count, and against the
exact engine's values of the shoes the simulation met (a second, independent way: complete
enumeration of one round from each sampled shoe, averaged by true count)."""

from __future__ import annotations

import math

import numpy as np
import pytest

from tests.sim.strategies import hit_to
from twentyone_burn.protection.shoe_play import exact_by_true_count, sample_states, shoe_play
from twentyone_burn.rules import Rules
from twentyone_burn.sim import SimulationError
from twentyone_burn.sim.counting import TrueCountRule, parse_count


def test_table_adds_up_to_the_simulation_and_ignores_workers():
    rules = Rules(decks=2)
    t = hit_to(rules, 17)
    a = shoe_play(t, parse_count("hi-lo"), 0.7, rounds=60_000, seed=5, chunk_size=20_000)
    b = shoe_play(t, parse_count("hi-lo"), 0.7, rounds=60_000, seed=5, chunk_size=20_000,
                  workers=2)
    assert a == b
    assert a.total_rounds == 60_000 and len(a.true_counts) >= 9
    # the rounds-weighted mean of the rows is the whole simulation's mean
    overall = float(np.dot(a.rounds, a.mean)) / a.total_rounds
    assert abs(overall - a.meta["overall_mean"]) < 1e-12
    assert abs(float(a.frequency.sum()) - 1) < 1e-12
    assert a.meta["true_count"] == TrueCountRule().to_dict()
    assert a.meta["rules_hash"] == rules.rules_hash


def test_penetration_must_be_inside_the_shoe():
    t = hit_to(Rules(decks=2), 17)
    for pen in (0.0, 1.0, 1.2):
        with pytest.raises(SimulationError, match="penetration"):
            shoe_play(t, parse_count("hi-lo"), pen, rounds=10, seed=1)


def _compare(rules, pen, count, rounds, every, state_rounds, seed, per_tc=None, tcs=None):
    """(true count, simulated mean, exact mean, combined SE) at each true count that has
    both exact shoes and simulated rounds."""
    t = hit_to(rules, 17)
    c = parse_count(count)
    table = shoe_play(t, c, pen, rounds=rounds, seed=seed)
    states = sample_states(t, c, pen, rounds=state_rounds, seed=seed + 1, every=every,
                           chunk_size=state_rounds)
    exact = exact_by_true_count(rules, t, states, per_true_count=per_tc, true_counts=tcs)
    assert exact.skipped == 0
    # the spread between shoes, pooled over the true counts (a true count met by a single
    # shoe has no spread of its own)
    dev = sum(float(s) ** 2 * (int(n) - 1) for s, n in zip(exact.sd, exact.states))
    dof = int(exact.states.sum()) - len(exact.true_counts)
    pooled = math.sqrt(dev / dof) if dof > 0 else 0.0
    out = []
    for tc, n, m in zip(exact.true_counts, exact.states, exact.mean):
        i = table.true_counts.index(tc)
        se = math.hypot(float(table.standard_error[i]), pooled / math.sqrt(int(n)))
        out.append((tc, float(table.mean[i]), float(m), se))
    return out


def test_exact_value_of_the_shoes_met_agrees_with_the_simulation():
    """One deck dealt to 20 %: every shoe met holds at least 42 cards (the engine values
    40 and more); two shoes at each of two true counts, each a complete enumeration."""
    rows = _compare(Rules(decks=1), 0.2, "hi-lo", rounds=400_000, every=7,
                    state_rounds=700, seed=21, per_tc=2, tcs=(-2, 2))
    assert len(rows) == 2
    for tc, sim, ex, se in rows:
        assert abs(sim - ex) < 4 * se, (tc, sim, ex, se)


@pytest.mark.slow
def test_exact_value_of_the_shoes_met_agrees_six_decks():
    rows = _compare(Rules(), 0.75, "hi-lo", rounds=20_000_000, every=500,
                    state_rounds=20_000, seed=31, per_tc=8)
    assert len(rows) >= 5
    for tc, sim, ex, se in rows:
        assert abs(sim - ex) < 4 * se, (tc, sim, ex, se)
