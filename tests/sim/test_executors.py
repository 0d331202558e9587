"""Where chunks run (sim/executors.py): Dask gives the local run's counts to the bit, and the
processes' faults - a killed parent takes its workers with it; a Dask run that loses its
scheduler stops with one line and a resumable checkpoint."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time

import psutil
import pytest

from twentyone_burn.rules import Rules
from twentyone_burn.sim import SimulationError, simulate
from twentyone_burn.sim.executors import die_with_parent
from twentyone_burn.tables import DecisionTables

API_RUN = ("from twentyone_burn.rules import Rules; from twentyone_burn.tables import "
           "DecisionTables; from twentyone_burn.sim import simulate; "
           "simulate(DecisionTables.always_stand(Rules(decks=None)), 10**10, seed=1, "
           "chunk_size=10**6, workers=2)")
CLI_RUN = ("import sys; from twentyone_burn.cli import main; sys.argv[0] = 'twentyone-burn'; "
           "main()")


def _alive(p: psutil.Process) -> bool:
    try:   # a killed worker whose parent is gone is a zombie until init reaps it
        return p.status() != psutil.STATUS_ZOMBIE
    except psutil.NoSuchProcess:
        return False


def _kill_parent_and_check_workers(argv: list[str], start_timeout: float) -> None:
    parent = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        me = psutil.Process(parent.pid)
        deadline = time.monotonic() + start_timeout
        workers: list[psutil.Process] = []
        while time.monotonic() < deadline:
            workers = [c for c in me.children(recursive=True) if _alive(c)]
            if len(workers) >= 2:
                break
            assert parent.poll() is None, "the run ended before its workers started"
            time.sleep(0.05)
        assert len(workers) >= 2, "the workers never started"
        time.sleep(0.3)    # the workers are playing their first chunks
        parent.send_signal(signal.SIGKILL)
        parent.wait(timeout=10)
        deadline = time.monotonic() + 5
        while time.monotonic() < deadline and any(_alive(w) for w in workers):
            time.sleep(0.05)
        left = [w.pid for w in workers if _alive(w)]
        for pid in left:        # do not leave them behind for the next test
            os.kill(pid, signal.SIGKILL)
        assert not left, f"workers {left} outlived their killed parent"
    finally:
        if parent.poll() is None:
            parent.kill()
            parent.wait()


def test_workers_die_with_a_killed_parent():
    _kill_parent_and_check_workers([sys.executable, "-c", API_RUN], start_timeout=60)


@pytest.mark.slow
def test_workers_die_with_a_killed_command():
    _kill_parent_and_check_workers(
        [sys.executable, "-c", CLI_RUN, "simulate", "--rounds", "100000000", "--workers", "2",
         "--decks", "inf", "--strategy", "always-stand", "--seed", "1"], start_timeout=120)


def test_a_worker_whose_parent_is_gone_exits():
    code = ("import os, sys; from twentyone_burn.sim.executors import die_with_parent; "
            "die_with_parent(os.getppid() + 999999); sys.exit(0)")
    assert subprocess.run([sys.executable, "-c", code]).returncode == 1
    die_with_parent(os.getppid())       # our parent lives: nothing happens


def test_an_interrupted_local_run_kills_its_workers():
    tables = DecisionTables.always_stand(Rules(decks=None))
    seen: list[psutil.Process] = []

    def stop(done, total):
        seen.extend(psutil.Process().children())
        raise KeyboardInterrupt
    with pytest.raises(KeyboardInterrupt):
        simulate(tables, 10**9, seed=3, chunk_size=10**7, workers=2, progress=stop)
    assert seen and not [p for p in seen if _alive(p)]


def _dask_processes(port: int):
    sched = subprocess.Popen(["dask", "scheduler", "--port", str(port), "--no-dashboard"],
                             stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    worker = subprocess.Popen(["dask", "worker", f"tcp://127.0.0.1:{port}", "--nworkers", "1",
                               "--nthreads", "1", "--no-dashboard"],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return sched, worker


def test_a_lost_dask_scheduler_stops_the_run_with_one_line(tmp_path):
    pytest.importorskip("distributed")
    from distributed import Client
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    sched, worker = _dask_processes(port)
    cp = tmp_path / "run.ckpt"
    try:
        with Client(f"tcp://127.0.0.1:{port}", timeout=60) as c:
            c.wait_for_workers(1, timeout=60)
        tables = DecisionTables.always_stand(Rules(decks=None))
        calls = []

        def kill_scheduler(done, total):
            calls.append(done)
            if len(calls) == 3:
                sched.send_signal(signal.SIGKILL)
        t0 = time.monotonic()
        with pytest.raises(SimulationError) as e:
            simulate(tables, 10**9, seed=4, chunk_size=200_000, checkpoint=cp,
                     scheduler=f"tcp://127.0.0.1:{port}", progress=kill_scheduler)
        assert time.monotonic() - t0 < 60
        msg = str(e.value)
        assert "\n" not in msg and f"lost the Dask scheduler at tcp://127.0.0.1:{port}" in msg
        assert str(cp) in msg and "run the same command again to resume" in msg
        # the checkpoint is whole and resumable: its chunks are reused by a local run
        lines = cp.read_text().splitlines()
        assert len(lines) >= 3
    finally:
        for p in (worker, sched):
            p.kill()
            p.wait()


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
