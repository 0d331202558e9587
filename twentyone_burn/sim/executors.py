"""executors: where chunks run - in this process, in local worker processes, or on Dask.

Each executor takes a :class:`~twentyone_burn.sim.spec.KernelSpec` and the chunks still to
play, and yields finished chunks as ``(chunk, rounds, counts, seconds)`` in whatever order
they finish, after a first ``None`` once the work is running. The order does not matter: the
counts are integers and add up the same in any order.

Local workers die with the run: each sets ``PR_SET_PDEATHSIG`` (Linux) so the kernel kills it
when its parent dies, even by ``kill -9``, and exits at once if the parent is already gone; on
any exit of the run but a normal end (Ctrl-C, an exception, the caller closing the generator)
the pool is shut down and its workers are killed rather than left to finish their chunks. A
Dask run that loses its scheduler raises :class:`SchedulerLost`, one line naming the scheduler.
"""

from __future__ import annotations

import asyncio
import concurrent.futures as cf
import ctypes
import logging
import multiprocessing
import os
import signal
import sys
import time
from collections.abc import Generator
from typing import Any

from toolkit_cli.interrupt import at, deferred, ignore_in_worker, stop_pool

from .counts import Counts
from .errors import SimulationError
from .spec import KernelSpec, run_chunk

__all__ = ["Finished", "SchedulerLost", "die_with_parent", "run_dask", "run_local"]

#: a finished chunk: (chunk index, rounds, its counts, seconds it took)
Finished = tuple[int, int, Counts, float]

_WORKER_SPEC: KernelSpec | None = None
_PR_SET_PDEATHSIG = 1


class SchedulerLost(SimulationError):
    """A Dask run whose scheduler went away (its finished chunks are in the checkpoint)."""


def die_with_parent(parent: int) -> None:
    """Ask the kernel to kill this process when its parent dies (Linux ``PR_SET_PDEATHSIG``;
    elsewhere nothing), and exit now if the parent ``parent`` is already gone."""
    if sys.platform.startswith("linux"):
        try:
            # the process's own symbols (libc's among them): find_library would run ldconfig
            # in a subprocess, which a worker killed meanwhile leaves behind as an orphan
            libc = ctypes.CDLL(None, use_errno=True)
            libc.prctl(_PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
        except (OSError, AttributeError):   # pragma: no cover - no libc to ask
            pass
    if os.getppid() != parent:              # the parent died before the request was made
        os._exit(1)


def _worker_init(spec: KernelSpec, parent: int | None = None) -> None:
    global _WORKER_SPEC
    # Ctrl-C is the parent's to handle: it stops handing out chunks and keeps what finished
    ignore_in_worker()
    if parent is not None:
        die_with_parent(parent)
    _WORKER_SPEC = spec


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
    pool = cf.ProcessPoolExecutor(max_workers=min(workers, len(todo)), mp_context=ctx,
                                  initializer=_worker_init, initargs=(spec, os.getpid()))
    finished = False
    try:
        with deferred():    # the workers are forked here; a Ctrl-C meanwhile comes after
            futs = [pool.submit(_worker_chunk, k, n) for k, n in todo]
        at("pool-started")
        yield None      # the workers are running
        for f in cf.as_completed(futs):
            yield f.result()
        finished = True
    finally:
        stop_pool(pool, finished)


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
    where = getattr(client.scheduler, "address", None) or str(address)
    try:
        [remote] = client.scatter([spec], broadcast=True)
        futs = [client.submit(_timed_chunk, remote, k, n, pure=False) for k, n in todo]
        yield None
        for f in as_completed(futs):
            try:
                yield f.result()
            except (cf.CancelledError, asyncio.CancelledError, OSError) as e:
                # a lost scheduler cancels every future ("scheduler-connection-lost")
                why = str(e).splitlines()[0] if str(e) else type(e).__name__
                if client.status != "running" or "connection" in why.lower():
                    raise SchedulerLost(f"lost the Dask scheduler at {where}") from None
                raise SchedulerLost(f"the Dask scheduler at {where} dropped the run's "
                                    f"work ({why})") from None
    finally:
        if client is not address:
            with deferred():    # a second Ctrl-C does not cut the close short
                _quiet_close(client)


def _quiet_close(client: Any) -> None:
    """Close a client; a client that lost its scheduler logs its reconnect's traceback when
    closed, which is noise after the one-line error."""
    lost = client.status != "running"
    loggers = [logging.getLogger(n) for n in ("distributed.client", "distributed.utils",
                                              "distributed.core")]
    levels = [lg.level for lg in loggers]
    if lost:
        for lg in loggers:
            lg.setLevel(logging.CRITICAL + 1)
    try:
        client.close(timeout=5 if lost else None)
    except Exception:   # pragma: no cover - the scheduler is gone; nothing left to close
        if not lost:
            raise
    finally:
        for lg, level in zip(loggers, levels, strict=True):
            lg.setLevel(level)
