"""Reproducibility of whole runs: workers, chunking, checkpoints (also killed), Dask."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time

import pytest

from twentyone_burn.rules import Rules
from twentyone_burn.sim import Checkpoint, SimulationError, simulate
from twentyone_burn.tables import DecisionTables

from .strategies import hit_to

RULES = Rules(decks=6)


@pytest.fixture(scope="module")
def tables():
    return hit_to(RULES, 17)


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


def test_interrupted_run_resumes_to_the_uninterrupted_result(tables, tmp_path):
    whole = simulate(tables, 500_000, seed=5, chunk_size=100_000)
    cp = tmp_path / "run.ckpt"
    seen = []

    def interrupt(done, total):
        seen.append(done)
        if done >= 200_000:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        simulate(tables, 500_000, seed=5, chunk_size=100_000, checkpoint=cp, progress=interrupt)
    lines = cp.read_text().splitlines()
    assert len(lines) == 1 + 2                  # header and two finished chunks
    with open(cp, "a") as f:                     # a write torn by a kill
        f.write('{"chunk": 4, "rounds": 100000, "counts": {"hist": [[')
    resumed = simulate(tables, 500_000, seed=5, chunk_size=100_000, checkpoint=cp)
    assert resumed.counts == whole.counts
    assert resumed.rounds_run == 300_000
    again = simulate(tables, 500_000, seed=5, chunk_size=100_000, checkpoint=cp)
    assert again.counts == whole.counts and again.rounds_run == 0
    assert len(cp.read_text().splitlines()) == 1 + 5


def test_checkpoint_of_another_run_is_refused(tables, tmp_path):
    cp = tmp_path / "run.ckpt"
    simulate(tables, 20_000, seed=1, chunk_size=10_000, checkpoint=cp)
    with pytest.raises(SimulationError, match="another run.*seed_entropy"):
        simulate(tables, 20_000, seed=2, chunk_size=10_000, checkpoint=cp)
    with pytest.raises(SimulationError, match="another run.*strategy_hash"):
        simulate(DecisionTables.always_stand(RULES), 20_000, seed=1, chunk_size=10_000,
                 checkpoint=cp)
    bad = tmp_path / "bad.ckpt"
    bad.write_text("not json\n")
    with pytest.raises(SimulationError, match="no header"):
        Checkpoint(bad, {})


def _cli(*args: str) -> list[str]:
    return [sys.executable, "-c", "from twentyone_burn.cli import main; main()", *args]


def test_killed_cli_run_resumes_exactly(tmp_path):
    args = ["simulate", "--rounds", "3000000", "--seed", "9", "--chunk-size", "100000",
            "--decks", "6", "--strategy", "always-stand", "--workers", "1", "--json"]
    cp = tmp_path / "killed.ckpt"
    proc = subprocess.Popen(_cli(*args, "--checkpoint", str(cp)), stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL)
    deadline = time.time() + 60
    while time.time() < deadline:
        if cp.exists() and len(cp.read_text().splitlines()) >= 3:
            break
        time.sleep(0.02)
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    kept = len(cp.read_text().splitlines()) - 1
    assert 2 <= kept < 30, "the run was not killed part-way"
    resumed = json.loads(subprocess.run(_cli(*args, "--checkpoint", str(cp)), check=True,
                                        capture_output=True, text=True).stdout)
    whole = simulate(DecisionTables.always_stand(RULES), 3_000_000, seed=9, chunk_size=100_000)
    assert resumed["counts"] == whole.counts.to_json()
    assert resumed["rounds_run"] <= 3_000_000 - 100_000 * kept


def test_dask_local_cluster_is_bit_identical(tables):
    distributed = pytest.importorskip("dask.distributed")
    local = simulate(tables, 400_000, seed=21, chunk_size=50_000, workers=1)
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=False,
                                  dashboard_address=None) as cluster, \
            distributed.Client(cluster) as client:
        remote = simulate(tables, 400_000, seed=21, chunk_size=50_000, scheduler=client)
        by_address = simulate(tables, 400_000, seed=21, chunk_size=50_000,
                              scheduler=cluster.scheduler_address)
    assert remote.counts == local.counts == by_address.counts
    assert remote.executor == "dask"


@pytest.mark.slow
def test_dask_worker_processes_are_bit_identical(tables):
    distributed = pytest.importorskip("dask.distributed")
    local = simulate(tables, 2_000_000, seed=22, chunk_size=250_000, workers=2)
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=None) as cluster:
        remote = simulate(tables, 2_000_000, seed=22, chunk_size=250_000,
                          scheduler=cluster.scheduler_address)
    assert remote.counts == local.counts


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
