"""Burn thresholds (guts_family/omaha/threshold.py): the myopic break-even against decision.py's
formula, the equilibrium solver against a closed form, the sampled equities against the exact
and the sampled equity of omaha_equity / omaha_sample, the field's EVs against a plain twin,
seeds."""

from __future__ import annotations

import math
from fractions import Fraction

import numpy as np
import pytest
from scipy.optimize import brentq

from guts_family.omaha.decision import burn_decision
from guts_family.omaha.evaluator import omaha_high
from guts_family.omaha.exact import omaha_equity
from guts_family.omaha.sample import omaha_sample
from guts_family.omaha.threshold import (
    CHUNK,
    TurnPopulation,
    break_even_equity,
    check_threshold_input,
    field_evs,
    solve_threshold,
    turn_population,
)


@pytest.mark.parametrize("pot, cap", [(10, 10), (30, 10), (100, 10), (60, None),
                                      (Fraction(5, 2), 1), (7, 100)])
def test_break_even_is_where_decisions_formula_is_zero(pot, cap):
    e = break_even_equity(pot, cap)
    match = min(Fraction(pot), Fraction(cap)) if cap is not None else Fraction(pot)
    # decision.py: EV = equity * pot - lose * match, lose = 1 - equity without splits
    assert e * pot - (1 - e) * match == 0
    r = omaha_equity(["As3sJhTd", "QcQh5c6d"], "KsQs7d2s")
    assert burn_decision(r, pot, cap).break_even_equity == e


def test_the_rule_sheets_hand_at_its_break_even_is_indifferent():
    # B (Qc Qh 5c 6d) has equity 1/4 and no split on any river: at pot 30, cap 10 the break-even
    # is 10 / 40 = 1/4, so decision.py's EV of burning is exactly 0
    r = omaha_equity(["As3sJhTd", "QcQh5c6d"], "KsQs7d2s")
    d = burn_decision(r, 30, 10, player=1)
    assert d.equity == break_even_equity(30, 10) == Fraction(1, 4) and d.ev_burn == 0


@pytest.mark.parametrize("args, message", [
    ((1, 30, 10), "--players must be 2 to 11"),
    ((12, 30, 10), "--players must be 2 to 11"),
    ((3, 0, 10), "--pot must be more than 0"),
    ((3, -5, 10), "--pot must be more than 0"),
    ((3, 30, Fraction(1, 2)), "is below the ante"),
])
def test_bad_input_one_line(args, message):
    with pytest.raises(ValueError, match=message) as e:
        check_threshold_input(*args)
    assert "\n" not in str(e.value)


def _toy_closed_form(lam: float, pot: float, match: float) -> float:
    """Heads-up toy game: strength s ~ U(0, 1); at the river a hand keeps s with probability
    1 - lam, else becomes a fresh U(0, 1); the higher final value wins. Equity against a random
    hand is (1 - lam) s + lam / 2. With the opponent burning at s >= tau, the hand at tau wins
    alone with probability tau and else beats the burner with probability w (worked out by
    hand), so the equilibrium solves tau pot + (1 - tau) (w pot - (1 - w) match) = 0."""
    def ev(tau: float) -> float:
        w = (1 - lam) * lam * tau + lam * (1 - lam) * (1 - tau) / 2 + lam * lam / 2
        return tau * pot + (1 - tau) * (w * pot - (1 - w) * match)

    return (1 - lam) * brentq(ev, 0, 1) + lam / 2


@pytest.mark.parametrize("pot, match, seed", [(10.0, 10.0, 1), (20.0, 10.0, 2), (15.0, 10.0, 3)])
def test_solver_finds_the_toy_games_equilibrium_within_4_se(pot, match, seed):
    lam, m = 0.4, 20_000
    rng = np.random.default_rng(seed)
    s, u = rng.random((m, 2)), rng.random((m, 2))
    final = np.where(rng.random((m, 2)) < lam, u, s)
    pop = TurnPopulation(2, (1 - lam) * s + lam / 2, (final * 30000).astype(np.int16), seed,
                         0, np.zeros((m, 13), dtype=np.uint8))
    r = solve_threshold(pop, pot, match)
    expected = _toy_closed_form(lam, pot, match)
    assert abs(expected - float(r.myopic)) > 0.02  # the equilibrium is not the myopic rule
    assert abs(r.equity - expected) <= 4 * r.equity_se, (r.equity, expected, r.equity_se)
    assert 0 < r.equity_se < 0.02 and abs(r.residual) < 0.03  # up to the window


def _field_evs_twin(index, value, t, pot, match):
    """Plain-Python twin of field_evs: one player, one situation at a time."""
    m, n = index.shape
    ev, share, alone = np.zeros((m, n)), np.zeros((m, n)), np.zeros((m, n), dtype=bool)
    for a in range(m):
        for i in range(n):
            burners = [int(value[a, j]) for j in range(n) if j != i and index[a, j] >= t]
            mine = int(value[a, i])
            if not burners:
                share[a, i], alone[a, i] = 1.0, True
            elif mine > max(burners):
                share[a, i] = 1.0
            elif mine == max(burners):
                share[a, i] = 1.0 / (1 + burners.count(mine))
            lost = bool(burners) and mine < max(burners)
            ev[a, i] = share[a, i] * pot - (match if lost else 0.0)
    return ev, share, alone


def test_field_evs_equal_the_plain_twin():
    rng = np.random.default_rng(7)
    for n in (2, 3, 5):
        index = rng.integers(0, 5, size=(300, n)) / 4.0
        value = rng.integers(1, 4, size=(300, n)).astype(np.int16)  # many ties
        for t in (0.0, 0.5, 1.0, 1.5):
            got = field_evs(index, value, t, 30.0, 10.0)
            want = _field_evs_twin(index, value, t, 30.0, 10.0)
            for g, w in zip(got, want, strict=True):
                assert np.array_equal(g, w)


def test_sampled_equity_agrees_with_exact_heads_up_within_4_se():
    pop = turn_population(2, situations=2, index_deals=3000, seed=11)
    for m in range(2):
        board = pop.deal[m, :4].tolist()
        for i in range(2):
            hand = pop.deal[m, 5 + 4 * i:9 + 4 * i].tolist()
            e = float(omaha_equity([hand], board, opponents=1).players[0].equity)
            se = math.sqrt(max(e * (1 - e), 1e-4) / pop.index_deals)
            assert abs(pop.index[m, i] - e) <= 4 * se, (m, i, pop.index[m, i], e)
            # the value is the hand's high once the river is out (the per-call evaluator)
            assert pop.value[m, i] == omaha_high(hand, pop.deal[m, :5].tolist())


def test_sampled_equity_agrees_with_omaha_sample_at_four_players():
    pop = turn_population(4, situations=1, index_deals=3000, seed=4)
    board = pop.deal[0, :4].tolist()
    for i in range(4):
        hand = pop.deal[0, 5 + 4 * i:9 + 4 * i].tolist()
        s = omaha_sample([hand], board, opponents=3, seed=9, samples=20_000).players[0].equity
        e = pop.index[0, i]
        se = math.sqrt(max(e * (1 - e), 1e-4) / pop.index_deals + s.se ** 2)
        assert abs(e - s.value) <= 4 * se, (i, e, s.value)


def test_same_seed_same_population_and_prefix_whatever_the_size():
    a = turn_population(3, situations=2 * CHUNK, index_deals=30, seed=5)
    b = turn_population(3, situations=2 * CHUNK, index_deals=30, seed=5)
    c = turn_population(3, situations=CHUNK + 10, index_deals=30, seed=5)
    assert np.array_equal(a.index, b.index) and np.array_equal(a.deal, b.deal)
    assert np.array_equal(c.index, a.index[:CHUNK + 10]) and np.array_equal(
        c.value, a.value[:CHUNK + 10])
    d = turn_population(3, situations=2 * CHUNK, index_deals=30, seed=6)
    assert not np.array_equal(a.deal, d.deal)
    assert solve_threshold(a, 30, 10, window=0.1) == solve_threshold(b, 30, 10, window=0.1)
    # every deal is 5 + 12 distinct cards
    assert all(len(set(row.tolist())) == 17 for row in a.deal)


def test_the_fast_local_fit_equals_the_direct_one():
    from guts_family.omaha.threshold import _LocalFit, local_value

    rng = np.random.default_rng(3)
    x = rng.random(5000)
    y = 3 * x - 1 + rng.normal(0, 0.5, 5000)
    fit = _LocalFit(x, y)
    for at in np.linspace(0.01, 0.99, 37):
        for w in (0.01, 0.03, 0.2):
            assert fit(at, w) == pytest.approx(local_value(x, y, at, w), abs=1e-9)
    assert math.isnan(fit(2.0, 0.01)) and math.isnan(local_value(x, y, 2.0, 0.01))
