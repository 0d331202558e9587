"""Counting in the simulator (sim/counting.py, the kernel's counting path) against the
plain-Python twin's counting (tests/reference/sim_twin.py: the cards remembered one by one,
the true count in exact fractions), and the definitions against hand-worked values."""

from __future__ import annotations

import numpy as np
import pytest

from tests.reference.sim_twin import simulate_twin_counted
from twentyone_burn.rules import Rules
from twentyone_burn.sim import Counts, SimulationError, chunk_state, kernel_spec, run_chunk
from twentyone_burn.sim.counting import (
    COUNTS,
    TC_MAX,
    TrueCountRule,
    parse_count,
    tc_arrays,
    true_count,
)

from .strategies import random_tables

CASES = [  # rules, penetration, count, decks remaining, rounding
    (Rules(decks=1, hit_soft_17=False, max_hands=3), 0.75, "hi-lo", "exact", "floor"),
    (Rules(decks=2, dealer_burn="lowest"), 0.8, "wong-halves", "half", "nearest"),
    (Rules(), 0.85, "zen", "whole", "trunc"),
    (Rules(decks=1), 0.6, "A=-1,2=0.5,T=-1,9=2", "exact", "nearest"),
]


@pytest.mark.parametrize("k", range(len(CASES)))
def test_counting_kernel_equals_twin(k):
    rules, pen, name, decks, rounding = CASES[k]
    count = parse_count(name)
    tables = random_tables(rules, seed=40 + k)
    spec = kernel_spec(tables, 7 + k, pen, count=count,
                       tc_rule=TrueCountRule(decks, rounding), sample_every=7)
    samples = np.full((400, 12), -999, dtype=np.int64)
    got = run_chunk(spec, 1, 2000, samples)
    want, want_samples = simulate_twin_counted(tables, chunk_state(7 + k, 1), 2000, pen,
                                               count.values, decks, rounding, sample_every=7)
    for f in Counts.FIELDS:
        np.testing.assert_array_equal(getattr(got, f), getattr(want, f), err_msg=f)
    np.testing.assert_array_equal(samples[:len(want_samples)], np.array(want_samples))
    assert (samples[len(want_samples):] == -999).all()
    # the test has teeth: several true counts were seen, a shuffle happened
    assert (got.tc.sum(axis=(1, 2, 3)) > 0).sum() >= 3
    assert got.events[11] > 1


def test_counting_leaves_the_play_unchanged():
    """A count only watches: the same stream gives the same tallies with or without it, and
    the rounds by true count add up to the rounds."""
    tables = random_tables(Rules(), seed=3)
    plain = run_chunk(kernel_spec(tables, 5, 0.75), 0, 20_000)
    counted = run_chunk(kernel_spec(tables, 5, 0.75, count=parse_count("omega-2")), 0, 20_000)
    for f in ("hist", "dealer", "burn", "split", "events"):
        np.testing.assert_array_equal(getattr(plain, f), getattr(counted, f), err_msg=f)
    np.testing.assert_array_equal(counted.tc.sum(axis=0), counted.hist)
    assert plain.tc.size == 0 and "tc" not in plain.to_json()
    assert Counts.from_json(counted.to_json()) == counted
    assert (plain + counted).tc.shape == counted.tc.shape


def test_named_counts_as_published():
    """Tags as the counts' authors give them (Hi-Lo: Dubner / Thorp; KO: Vancura & Fuchs,
    unbalanced by +4 a deck; Omega II: Carlson; Zen: Snyder; Wong Halves: Wong)."""
    assert parse_count("hi-lo").balanced and not parse_count("ko").balanced
    assert sum(t * (16 if r == 9 else 4) for r, t in enumerate(parse_count("ko").tags)) == 4
    for name in COUNTS:
        c = parse_count(name)
        assert c.balanced == (name != "ko"), name
        assert c.values == tuple(float(v) for v in COUNTS[name])
    wh = parse_count("wong-halves")
    assert wh.scale == 2 and wh.tags == (-2, 1, 2, 2, 3, 2, 1, 0, -1, -2)


@pytest.mark.parametrize("text", ["psychic", "X=1", "A=1,A=2", "A=0.3", "A=0", "2=abc"])
def test_bad_counts_are_one_line_errors(text):
    with pytest.raises(SimulationError) as e:
        parse_count(text)
    assert "\n" not in str(e.value)


def test_true_count_by_hand():
    hl = TrueCountRule()
    assert true_count(-7, 156, hl) == -3                          # -2.33 floored
    assert true_count(-7, 156, TrueCountRule("exact", "trunc")) == -2
    assert true_count(-7, 156, TrueCountRule("exact", "nearest")) == -2
    assert true_count(6, 104, TrueCountRule("exact", "nearest")) == 3     # 6 / 2
    assert true_count(5, 104, TrueCountRule("exact", "nearest")) == 3     # 2.5 -> 3
    assert true_count(-5, 104, TrueCountRule("exact", "nearest")) == -3
    assert true_count(7, 90, TrueCountRule("half", "floor")) == 4         # 1.5 decks: 4.67
    assert true_count(7, 100, TrueCountRule("whole", "floor")) == 3       # 1.9 decks -> 2
    assert true_count(9, 10, TrueCountRule("whole", "floor")) == 9        # at least 1 deck
    assert true_count(99, 52, hl) == TC_MAX and true_count(-99, 52, hl) == -TC_MAX
    assert true_count(3, 52, hl, scale=2) == 1                            # halves: 1.5
    m, d = tc_arrays(52, parse_count("wong-halves"), TrueCountRule())
    assert int(m[26]) == 52 and int(d[26]) == 52


def test_a_count_needs_a_finite_shoe():
    from twentyone_burn.tables import DecisionTables
    with pytest.raises(SimulationError, match="finite shoe"):
        kernel_spec(DecisionTables.always_stand(Rules(decks=None)), 1,
                    count=parse_count("hi-lo"))
