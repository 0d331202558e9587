"""Sampled Omaha Burn equity (guts_family/omaha/sample.py): the kernel against its plain twin,
against the exact equity within 4 standard errors, workers, the target, the method choice,
bad requests."""

from __future__ import annotations

import numpy as np
import pytest

from guts_family.cards import CardError
from guts_family.omaha._kernels import N_STATS, _sample_deals
from guts_family.omaha.evaluator import (
    tables,
)
from guts_family.omaha.exact import OmahaEquity, omaha_equity
from guts_family.omaha.sample import (
    OmahaDeals,
    SampledOmahaEquity,
    omaha_odds,
    omaha_sample,
)
from tests.reference.omaha import (
    sample_deals_twin,
)

FIELDS = ("equity", "scoop", "win_high", "tie_high", "win_low", "tie_low", "lose")


def deal(seed: int, n_hands: int, board_cards: int) -> tuple[list[list[int]], list[int]]:
    deck = np.random.default_rng(seed).permutation(52).tolist()
    return [deck[4 * i: 4 * i + 4] for i in range(n_hands)], \
        deck[4 * n_hands: 4 * n_hands + board_cards]


@pytest.mark.parametrize("n_known,board_cards,n_unknown,hilo", [
    (1, 4, 2, True), (2, 3, 1, True), (1, 0, 1, False), (3, 5, 2, True), (2, 0, 0, True),
])
def test_kernel_matches_plain_twin(n_known, board_cards, n_unknown, hilo):
    known, board = deal(100 + n_known + board_cards, n_known, board_cards)
    task = OmahaDeals.build(known, board, n_unknown, hilo)
    u = np.random.default_rng(7).random((150, task.draws))
    sums = np.zeros((n_known + 1, N_STATS), dtype=np.int64)
    squares = np.zeros_like(sums)
    deck = task.unseen.copy()
    _sample_deals(tables(), task.known, task.board, deck, n_unknown, hilo, task.unit, u, sums,
                  squares)
    rows = sample_deals_twin(known, board, task.unseen.tolist(), n_unknown, hilo, u)
    unit = np.ones(N_STATS)
    unit[0] = task.unit
    np.testing.assert_allclose(sums, rows.sum(axis=0) * unit, rtol=0, atol=1e-6)
    np.testing.assert_allclose(squares, (rows ** 2).sum(axis=0) * unit ** 2, rtol=0, atol=1e-3)
    assert sorted(deck.tolist()) == task.unseen.tolist()  # the deck stays a permutation


def within_4se(sampled: SampledOmahaEquity, exact: OmahaEquity) -> None:
    assert len(sampled.players) == len(exact.players)
    for s, e in zip(sampled.players, exact.players):
        assert s.hand == e.hand
        for name in FIELDS:
            est, true = getattr(s, name), float(getattr(e, name))
            if est.se == 0:
                assert est.value == true, (s.hand, name)  # never seen: never happens here
            else:
                assert abs(est.value - true) <= 4 * est.se, (s.hand, name, est, true)
                assert est.low <= true + 4 * est.se and est.high >= true - 4 * est.se


CASES = [
    ("burn vs 1 unknown, high", ["AsAhKsKh"], "Qd7c2h3s", 1, False),
    ("burn vs 1 unknown, hi-lo", ["As2sKdQd"], "3s7s8dJc", 1, True),
    ("burn, 3 known, hi-lo", ["AsAhKsKh", "JdTc9d8c", "2c3c4d5d"], "Qd7c2h3s", 0, True),
    ("flop, 2 known, hi-lo", ["AsAhKsKh", "JdTc9d8c"], "Qd7c2h", 0, True),
    ("preflop, 2 known, high", ["AsKsQdJd", "7h7c2d3d"], "", 0, False),
    ("river vs 2 unknown, 9 known, hi-lo", None, None, 2, True),
]


@pytest.mark.parametrize("case", CASES, ids=[c[0] for c in CASES])
def test_sampled_agrees_with_exact_within_4_se(case):
    _, hands, board, opp, hilo = case
    if hands is None:
        hands, board = deal(7, 9, 5)
    exact = omaha_equity(hands, board, opponents=opp, hilo=hilo)
    sampled = omaha_sample(hands, board, opponents=opp, hilo=hilo, seed=2024, samples=60_000)
    assert sampled.run.samples == 60_000 and sampled.method == "sampled"
    within_4se(sampled, exact)


@pytest.mark.parametrize("seed", range(8))
def test_sampled_agrees_with_exact_random_deals(seed):
    hands, board = deal(300 + seed, 1 + seed % 3, 4)
    exact = omaha_equity(hands, board, opponents=1, hilo=seed % 2 == 0)
    within_4se(omaha_sample(hands, board, opponents=1, hilo=seed % 2 == 0, seed=seed,
                            target_se=0.002), exact)


def test_same_seed_same_figures_for_any_number_of_workers():
    kw = dict(opponents=3, hilo=True, seed=77, chunk_size=2000, parallel_after=0)
    one = omaha_sample(["AsAhKsKh"], "Qd7c2h", samples=9000, workers=1, **kw)
    two = omaha_sample(["AsAhKsKh"], "Qd7c2h", samples=9000, workers=2, **kw)
    assert one.players == two.players and one.run.sums == two.run.sums
    assert (one.run.workers, two.run.workers) == (1, 2)
    a = omaha_sample(["AsAhKsKh"], "Qd7c2h", target_se=0.004, workers=1, **kw)
    b = omaha_sample(["AsAhKsKh"], "Qd7c2h", target_se=0.004, workers=2, **kw)
    assert a.run.stopped_by == b.run.stopped_by == "target-se"
    assert a.run.samples == b.run.samples and a.players == b.players
    assert a.worst_se <= 0.004


def test_target_se_bounds_every_equity():
    r = omaha_sample(["AsAhKsKh", "JdTc9d8c"], "Qd7c2h3s", opponents=2, seed=1,
                     target_se=0.003)
    assert r.run.stopped_by == "target-se"
    assert max(p.equity.se for p in r.players) <= 0.003
    assert sum(p.equity.value for p in r.players) == pytest.approx(1.0)


def test_method_choice():
    assert isinstance(omaha_odds(["AsAhKsKh"], "Qd7c2h3s", opponents=1), OmahaEquity)
    r = omaha_odds(["AsAhKsKh"], "Qd7c2h3s", opponents=1, method="sample", seed=1,
                   samples=2000)
    assert isinstance(r, SampledOmahaEquity) and r.as_dict()["exact"] is False
    assert isinstance(omaha_odds(["AsAhKsKh"], opponents=1, seed=1, samples=2000),
                      SampledOmahaEquity)  # preflop against an unknown hand: 42 minutes exact
    with pytest.raises(ValueError, match="would take about"):
        omaha_odds(["AsAhKsKh"], "Qd7c2h3s", opponents=2, method="exact")
    with pytest.raises(ValueError, match="method must be one of"):
        omaha_odds(["AsAhKsKh"], "Qd7c2h3s", method="guess")


@pytest.mark.parametrize("kwargs,error,message", [
    ({"hands": ["AsAhKsKh", "AsTc9d8c"]}, CardError, "As is in both hand 1 and hand 2"),
    ({"hands": ["AsAhKsKh"], "board": "Qd7c2hAh"}, CardError, "Ah is in both hand 1 and the"),
    ({"hands": ["AsAhKsAs"]}, CardError, "given twice"),
    ({"hands": ["AsAhKsKh"], "opponents": 11}, ValueError, "12 players: Omaha Burn is played by "
                                                           "up to 11"),
    ({"hands": ["AsAhKsKh"], "target_se": 0}, ValueError, "--target-se must be a positive"),
    ({"hands": ["AsAhKsKh"], "target_se": -1.0}, ValueError, "--target-se must be a positive"),
    ({"hands": ["AsAhKsKh"], "samples": 0}, ValueError, "--samples must be"),
    ({"hands": ["AsAhKsKh"], "samples": 10, "workers": 0}, ValueError, "--workers must be"),
    ({"hands": ["AsAhKsKh"], "board": "Qd7c"}, CardError, "has 2 cards"),
    ({"hands": ["AsAhKsKh"], "samples": 10, "chunk_size": 0}, ValueError, "chunk_size must be"),
    ({"hands": ["AsAhKsKh"], "samples": 10, "chunk_size": 1 << 23}, ValueError, "chunk_size"),
])
def test_bad_requests(kwargs, error, message):
    kwargs = {"board": "Qd7c2h3s", "opponents": 1, **kwargs}
    with pytest.raises(error, match=message) as info:
        omaha_sample(kwargs.pop("hands"), **kwargs)
    assert "\n" not in str(info.value)
