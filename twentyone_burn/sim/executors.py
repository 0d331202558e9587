"""executors: where chunks run - in this process, in local worker processes, or on Dask.

Each executor takes a :class:`~twentyone_burn.sim.spec.KernelSpec` and the chunks still to
play, and yields finished chunks as ``(chunk, rounds, counts, seconds)`` in whatever order
they finish, after a first ``None`` once the work is running. The order does not matter: the
counts are integers and add up the same in any order.
"""

from __future__ import annotations

import concurrent.futures as cf
import multiprocessing
import signal
import time
from collections.abc import Generator
from typing import Any

from .counts import Counts
from .errors import SimulationError
from .spec import KernelSpec, run_chunk

__all__ = ["Finished", "run_dask", "run_local"]

#: a finished chunk: (chunk index, rounds, its counts, seconds it took)
Finished = tuple[int, int, Counts, float]

_WORKER_SPEC: KernelSpec | None = None


def _worker_init(spec: KernelSpec) -> None:
    global _WORKER_SPEC
    _WORKER_SPEC = spec
    # Ctrl-C is the parent's to handle: it stops handing out chunks and keeps what finished
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _worker_chunk(chunk: int, rounds: int) -> Finished:
    if _WORKER_SPEC is None:
        raise RuntimeError("simulator worker used before _worker_init gave it a kernel spec")
    t0 = time.perf_counter()
    c = run_chunk(_WORKER_SPEC, chunk, rounds)
    return chunk, rounds, c, time.perf_counter() - t0


def _timed_chunk(spec: KernelSpec, chunk: int, rounds: int) -> Finished:
    t0 = time.perf_counter()
    c = run_chunk(spec, chunk, rounds)
    return chunk, rounds, c, time.perf_counter() - t0


def run_local(spec: KernelSpec, todo: list[tuple[int, int]], workers: int
              ) -> Generator[Finished | None, None, None]:
    """Play ``todo`` (chunk, rounds) here (one worker) or in ``workers`` local processes;
    finished chunks as they come, a first None once the workers are running."""
    if workers <= 1 or len(todo) <= 1:
        yield None
        for k, n in todo:
            yield _timed_chunk(spec, k, n)
        return
    # fork where the platform has it: the workers inherit the compiled kernel and the tables
    # (spawning costs each worker ~1.5 s of imports and 57 MB of pickled tables). simulate()
    # starts the pool before it first reports progress, so no progress-bar thread is forked.
    methods = multiprocessing.get_all_start_methods()
    ctx = multiprocessing.get_context("fork" if "fork" in methods else "spawn")
    with cf.ProcessPoolExecutor(max_workers=min(workers, len(todo)), mp_context=ctx,
                                initializer=_worker_init, initargs=(spec,)) as pool:
        futs = [pool.submit(_worker_chunk, k, n) for k, n in todo]
        yield None      # the workers are running
        try:
            for f in cf.as_completed(futs):
                yield f.result()
        finally:
            for f in futs:
                f.cancel()


def run_dask(spec: KernelSpec, todo: list[tuple[int, int]], address: Any
             ) -> Generator[Finished | None, None, None]:
    """Play ``todo`` on a Dask cluster (``address``: a scheduler address or a ``Client``);
    finished chunks as they come, a first None once submitted."""
    try:
        from dask.distributed import Client, as_completed
    except ImportError:
        raise SimulationError("--scheduler needs dask.distributed: pip install "
                              "'twentyone-burn[dist]'") from None
    client = address if isinstance(address, Client) else Client(address)
    try:
        [remote] = client.scatter([spec], broadcast=True)
        futs = [client.submit(_timed_chunk, remote, k, n, pure=False) for k, n in todo]
        yield None
        for f in as_completed(futs):
            yield f.result()
    finally:
        if client is not address:
            client.close()
