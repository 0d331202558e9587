"""The run (guts_family/games/whole_game/run.py): the same seed gives the same figures here, on
local worker processes and on Dask; the counts are one line of bad input."""

from __future__ import annotations

import numpy as np
import pytest

from guts_family.games.whole_game.run import simulate_games
from guts_family.games.whole_game.setting import game_setting


def _same(a, b):
    for name in ("deals_hist", "events_sum", "events_deals", "winners"):
        assert np.array_equal(getattr(a.tally, name), getattr(b.tally, name)), name
    assert a.tally.pots == b.tally.pots and a.tally.nets_sum.tolist() == b.tally.nets_sum.tolist()
    assert a.tally.nets_sq.tolist() == b.tally.nets_sq.tolist()


def test_the_same_seed_gives_the_same_figures_for_any_number_of_workers():
    s = game_setting("challenge", 4, cap=6, thresholds="KQ2")
    one = simulate_games(s, 5000, seed=21, chunk_size=1000)
    two = simulate_games(s, 5000, seed=21, chunk_size=1000, workers=2)
    _same(one, two)
    assert two.workers == 2 and one.workers == 1 and one.seed == 21
    assert simulate_games(s, 5000, seed=22, chunk_size=1000).tally.pots != one.tally.pots


def test_the_same_seed_gives_the_same_figures_on_dask():
    pytest.importorskip("dask.distributed")
    from dask.distributed import LocalCluster

    s = game_setting("phoenix", 3, cap=4, thresholds="AK2")
    here = simulate_games(s, 3000, seed=4, chunk_size=1000)
    with LocalCluster(n_workers=1, threads_per_worker=1, processes=False,
                      dashboard_address=None) as cluster:
        there = simulate_games(s, 3000, seed=4, chunk_size=1000,
                               scheduler=cluster.scheduler_address)
    _same(here, there)
    assert there.scheduler == cluster.scheduler_address


@pytest.mark.parametrize("kw, words", [
    ({"games": 0}, "--games must be a whole number"),
    ({"games": 10, "workers": 0}, "--workers must be a whole number"),
    ({"games": 10, "seed": -1}, "--seed must be a whole number"),
    ({"games": 10, "chunk_size": 0}, "chunk_size must be a positive"),
])
def test_bad_counts_are_one_line(kw, words):
    with pytest.raises(ValueError, match=words):
        simulate_games(game_setting("phoenix", 3), **kw)
