"""The round (sim/_kernel.py) against its plain-Python twin (tests/reference/sim_twin.py): the
same random numbers, the same tallies, under every rule variant; and the kernel's own copy of
the rules (its dealer burn, drawing and settlement, kept apart from the engine's on purpose)
against the ``Rules`` predicates the exact engine asks."""

from __future__ import annotations

import itertools

import numpy as np
import pytest

from tests.reference.sim_twin import simulate_twin
from twentyone_burn.rules import BURN_VALUE, DEALER_BURN_CHOICES, Rules
from twentyone_burn.sim import Counts, chunk_state, kernel_spec, run_chunk
from twentyone_burn.sim._kernel import burn_value, dealer_outcome, settle
from twentyone_burn.sim.spec import DEALER_BURN_CODES

from .strategies import VARIANTS, hit_to, random_tables


@pytest.mark.parametrize("k", range(len(VARIANTS)))
def test_kernel_equals_twin_under_random_decisions(k):
    rules, pen = VARIANTS[k]
    tables = random_tables(rules, seed=k)
    spec = kernel_spec(tables, 100 + k, pen)
    got = run_chunk(spec, 2, 2500)
    want = simulate_twin(tables, chunk_state(100 + k, 2), 2500, pen)
    for f in Counts.FIELDS:
        np.testing.assert_array_equal(getattr(got, f), getattr(want, f), err_msg=f)
    ev = dict(zip(("split", "double", "hands", "split_doubles", "resplits"), got.events[:5]))
    assert ev["split"] > 100 and ev["double"] > 20      # the paths the test is about ran
    if rules.max_hands > 2:
        assert ev["resplits"] > 0 and ev["hands"] > 2 * ev["split"]


def test_kernel_equals_twin_hitting_to_17():
    t = hit_to(Rules(decks=6), 17)
    assert run_chunk(kernel_spec(t, 5), 0, 4000) == simulate_twin(t, chunk_state(5, 0), 4000)


@pytest.mark.parametrize("h17", [True, False])
def test_the_kernels_dealer_is_the_rules_dealer(h17):
    """The kernel's copy of the dealer (its burn values, which card it keeps, when it draws)
    agrees with ``Rules.dealer_keeps`` and ``Rules.dealer_draws``."""
    assert [burn_value(r) for r in range(10)] == list(BURN_VALUE)
    rules = Rules(hit_soft_17=h17)
    for hard in range(2, 27):
        for ace in (False, True):
            soft = ace and hard + 10 <= 21
            total = hard + 10 if soft else hard
            o = dealer_outcome(hard, ace, h17)
            if total <= 21:
                assert (o < 0) == rules.dealer_draws(total, soft), (hard, ace)
            if o >= 0:
                assert o == min(total, 24) - 17
    for burn in DEALER_BURN_CHOICES:   # the burn the kernel's start table is built from
        assert DEALER_BURN_CODES[burn] in (0, 1, 2)


@pytest.mark.parametrize("rules", [Rules(), Rules(dealer_bust_push=22, ties_lose_from=19),
                                   Rules(dealer_bust_push=23, ties_lose_from=17)])
def test_the_kernels_settlement_is_the_rules_payoff(rules):
    """The kernel's settlement (+1 win, 0 push, -1 loss) has the sign of ``Rules.payoff``."""
    push_to, ties_from = rules.dealer_bust_push or 0, rules.ties_lose_from or 99
    for pt, o in itertools.product(range(4, 23), range(8)):
        want = rules.payoff(pt, 17 + o)
        assert settle(pt, o, push_to, ties_from) == int(np.sign(want)), (pt, o)
