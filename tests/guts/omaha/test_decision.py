"""The burn decision (guts_family/omaha/decision.py): the arithmetic, split pots counted as not
losing, the sampled decision's standard error."""

from __future__ import annotations

import math
from fractions import Fraction

import numpy as np
import pytest

from guts_family.cards import parse_cards
from guts_family.omaha._kernels import N_STATS, _sample_deals
from guts_family.omaha.decision import burn_decision, sampled_burn_decision
from guts_family.omaha.evaluator import (
    tables,
)
from guts_family.omaha.exact import omaha_equity
from guts_family.omaha.sample import (
    OmahaDeals,
    omaha_sample,
)
from guts_family.sampling import chunk_rng


def test_burn_decision_arithmetic():
    r = omaha_equity(["As3sJhTd", "QcQh5c6d"], "KsQs7d2s")
    a = burn_decision(r, pot=60, cap=10)
    assert (a.equity, a.lose, a.match) == (Fraction(3, 4), Fraction(1, 4), 10)
    assert a.ev_burn == Fraction(3, 4) * 60 - Fraction(1, 4) * 10 and a.burn
    b = burn_decision(r, pot=60, player=1)
    assert b.match == 60 and b.ev_burn == 15 - 45 and not b.burn
    assert b.break_even_equity == Fraction(1, 2)
    c = burn_decision(r, pot=Fraction(5), cap=10, player=1)
    assert c.match == 5 and c.ev_burn == Fraction(5, 4) - Fraction(15, 4)
    with pytest.raises(ValueError, match="player"):
        burn_decision(r, pot=60, player=2)
    with pytest.raises(ValueError, match="pot"):
        burn_decision(r, pot=0)


def test_burn_decision_counts_split_pots_as_not_losing():
    r = omaha_equity(["As4dKdKh", "Ac4sQdJd"], "2c3d7hKc9s", hilo=True)
    d = burn_decision(r, pot=40, cap=100, player=1)
    assert d.lose == 0 and d.ev_burn == 10  # a quarter of 40, never pays the match


def test_burn_decision_se_is_the_per_deal_ev_spread():
    """The EV's standard error from the identity share * lose = 0 equals the one from the
    per-deal EV values themselves (the same deals, replayed one at a time)."""
    n, seed = 3000, 4
    r = omaha_sample(["AsAhKsKh"], "Qd7c2h3s", opponents=2, seed=seed, samples=n,
                     chunk_size=n)
    d = sampled_burn_decision(r, pot=60, cap=10)
    task = OmahaDeals.build([parse_cards("AsAhKsKh")], parse_cards("Qd7c2h3s"), 2, False)
    u = chunk_rng(seed, 0).random((n, task.draws))  # the one chunk's uniforms (n <= 4096)
    deck = task.unseen.copy()
    ev = []
    for i in range(n):
        sums = np.zeros((2, N_STATS), dtype=np.int64)
        _sample_deals(tables(), task.known, task.board, deck, 2, False, task.unit, u[i: i + 1],
                      sums, np.zeros_like(sums))
        ev.append(60 * sums[0, 0] / task.unit - 10 * sums[0, 6])
    ev = np.array(ev)
    assert d.ev_burn.value == pytest.approx(ev.mean())
    assert d.ev_burn.se == pytest.approx(ev.std(ddof=1) / math.sqrt(n), rel=1e-9)
    assert d.burn == (ev.mean() > 0)
    with pytest.raises(ValueError, match="a known hand"):
        sampled_burn_decision(r, pot=60, player=1)
