"""Reproducibility of whole runs (sim/run.py): workers, chunking, fresh entropy, cut cards,
bad options; the record written whole. Checkpoints: test_checkpoint.py; Dask and the
processes' faults: test_executors.py."""

from __future__ import annotations

import os

import pytest

from twentyone_burn.sim import SimulationError, simulate


def test_same_seed_same_counts_any_worker_count(tables):
    one = simulate(tables, 600_000, seed=77, chunk_size=100_000, workers=1)
    two = simulate(tables, 600_000, seed=77, chunk_size=100_000, workers=2)
    assert one.counts == two.counts
    assert one.to_json_dict()["mean_return"] == two.to_json_dict()["mean_return"]
    other_seed = simulate(tables, 600_000, seed=78, chunk_size=100_000)
    other_chunks = simulate(tables, 600_000, seed=77, chunk_size=150_000)
    assert one.counts != other_seed.counts
    assert one.counts != other_chunks.counts


def test_fresh_entropy_is_recorded_and_replays(tables):
    a = simulate(tables, 20_000, seed=None, chunk_size=10_000)
    b = simulate(tables, 20_000, seed=a.seed_entropy, chunk_size=10_000)
    assert a.seed_entropy > 2 ** 64 and a.counts == b.counts


def test_cut_card_runs_are_reproducible_and_close_to_reshuffling(tables):
    a = simulate(tables, 400_000, seed=3, chunk_size=100_000, penetration=0.75, workers=2)
    b = simulate(tables, 400_000, seed=3, chunk_size=100_000, penetration=0.75)
    c = simulate(tables, 400_000, seed=3, chunk_size=100_000)
    assert a.counts == b.counts and a.counts != c.counts
    assert abs(a.mean - c.mean) < 5 * (a.se + c.se)
    shuffles = a.event("shuffles")
    assert 400_000 / 40 < shuffles < 400_000 / 15      # ~234 cards a shoe, ~8 a round
    with pytest.raises(SimulationError, match="penetration"):
        simulate(tables, 10, penetration=1.5)


def test_bad_options_raise(tables):
    for kw, msg in (({"rounds": 0}, "rounds"), ({"rounds": 5, "chunk_size": 0}, "chunk size"),
                    ({"rounds": 5, "workers": 0}, "workers"), ({"rounds": 5, "seed": -1}, "seed")):
        with pytest.raises(SimulationError, match=msg):
            simulate(tables, **kw)


def test_atomic_write_leaves_only_the_record(tmp_path):
    from twentyone_burn.io import write_file as write_atomic
    write_atomic(tmp_path / "a.json", "{}")
    write_atomic(tmp_path / "a.json", "[]")
    assert os.listdir(tmp_path) == ["a.json"] and (tmp_path / "a.json").read_text() == "[]"
