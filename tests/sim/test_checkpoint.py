"""Checkpoints (sim/checkpoint.py): an interrupted run, or a killed command, resumes to the
uninterrupted result; a checkpoint of another run is refused."""

from __future__ import annotations

import json
import signal
import subprocess
import sys
import time

import pytest

from twentyone_burn.sim import Checkpoint, SimulationError, simulate
from twentyone_burn.tables import DecisionTables

from .strategies import RUN_RULES as RULES


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
