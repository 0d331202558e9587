"""The tallies and their statistics (guts_family/games/whole_game/results.py): merged chunks
equal one tally, quantiles and means come from the histograms, and the per-deal share's
standard error is the ratio estimator's, recomputed here from the games one by one."""

from __future__ import annotations

import math

import numpy as np

from guts_family.games.whole_game.play import game_seeds, play_games
from guts_family.games.whole_game.results import Distribution, GameTally, WholeGameResult
from guts_family.games.whole_game.setting import game_setting
from guts_family.games.whole_game.thresholds import PotThresholds


def _games(n=3000):
    s = game_setting("guts321", 3, cap=4, rounds=(2, 1), max_deals=30, thresholds="2=A2,1=Q")
    return s, play_games(s, PotThresholds(s), game_seeds(8, 0, n))


def _tally(s, g, rows):
    t = GameTally.empty(s.players, s.max_deals)
    t.add(g.deals[rows], g.last_pot[rows], g.status[rows], g.winner[rows], g.nets[rows],
          g.events[rows], g.pot[rows])
    return t


def test_merged_chunks_are_one_tally():
    s, g = _games()
    whole = _tally(s, g, slice(None))
    merged = _tally(s, g, slice(0, 1000))
    merged.merge(_tally(s, g, slice(1000, None)))
    for name in ("deals_hist", "events_sum", "events_sq", "events_deals", "winners"):
        assert np.array_equal(getattr(whole, name), getattr(merged, name)), name
    assert (whole.games, whole.pots, whole.cut, whole.shared) == \
        (merged.games, merged.pots, merged.cut, merged.shared)
    assert np.allclose(whole.nets_sum, merged.nets_sum, rtol=0, atol=1e-9)


def test_the_statistics_are_those_of_the_games_one_by_one():
    s, g = _games()
    r = WholeGameResult(s, _tally(s, g, slice(None)))
    assert r.deals.mean.value == g.deals.mean()
    assert math.isclose(r.deals.mean.se, g.deals.std(ddof=1) / math.sqrt(len(g.deals)))
    assert r.deals.quantiles[0] == np.quantile(g.deals, 0.5, method="inverted_cdf")
    ended = g.status == 1
    assert math.isclose(r.final_pot.mean.value, g.last_pot[ended].mean())
    assert r.final_pot.high == g.last_pot[ended].max() and r.final_pot.n == ended.sum()
    x, d = g.events[:, 0].astype(float), g.deals.astype(float)
    p = x.sum() / d.sum()
    e = r.per_deal("nobody_in")
    assert math.isclose(e.value, p)
    se = math.sqrt(((x - p * d) ** 2).sum() / (len(d) * (len(d) - 1))) / d.mean()
    assert math.isclose(e.se, se)
    net = r.seat_net(1)
    assert math.isclose(net.value, g.nets[:, 1].mean(), abs_tol=1e-12)
    assert math.isclose(net.se, g.nets[:, 1].std(ddof=1) / math.sqrt(len(d)))
    assert math.isclose(r.seat_sd(1), g.nets[:, 1].std(ddof=1))
    assert r.as_dict()["exact"] is False and r.as_dict()["deals"] == g.deals.sum()


def test_a_distribution_of_no_games_is_empty():
    d = Distribution.of([], [])
    assert d.n == 0 and math.isnan(d.mean.value)
