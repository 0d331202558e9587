"""interrupt: Ctrl-C in worker pools, for both tools, and the test seam that drives it.

A pool's workers leave Ctrl-C to the parent. A terminal sends SIGINT to every process of the
foreground group, so a worker that is still starting would otherwise die of it with a
traceback and break the pool (``BrokenProcessPool``). The parent therefore forks its workers
inside :func:`deferred` (an interrupt is held back until the workers are started, and the
forked workers inherit the holding handler, not Python's default), each worker's initializer
calls :func:`ignore_in_worker`, and on any end but a normal one the parent stops the pool with
:func:`stop_pool`: futures cancelled, workers killed and reaped, the pool's manager thread
joined (else it races the interpreter's exit and prints ``Exception ignored ... Bad file
descriptor``).

The test seam: :func:`at` is called at named points (:data:`POINTS`); when the environment
variable :data:`ENV` names that point, the process sends itself SIGINT there, so a test can
interrupt a real run at a chosen stage without sleeping or timing. It costs one environment
lookup per call and imports nothing.

It imports nothing of either tool, nor of the rest of this package (the libraries use it).

>>> at("chunk-done")            # not the point TOOLKIT_TEST_INTERRUPT_AT names: nothing happens
>>> try:
...     with deferred():
...         signal.raise_signal(signal.SIGINT)
...         print("held back while the block runs")
... except KeyboardInterrupt:
...     print("delivered on leaving it")
held back while the block runs
delivered on leaving it
"""

from __future__ import annotations

import os
import signal
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from types import FrameType
from typing import Any

__all__ = ["ENV", "POINTS", "at", "deferred", "ignore_in_worker", "stop_pool"]

#: the test seam's environment variable: the name of the point to interrupt at
ENV = "TOOLKIT_TEST_INTERRUPT_AT"
#: the named points: during start-up's imports, when a command's counted work begins
#: (:func:`toolkit_cli.progress.progress`), once a progress bar is drawn, once a pool's
#: workers run, after a finished chunk is kept (and checkpointed), just before the atomic
#: writer's commit, between two renames of a set's switch, and during the interpreter's exit
POINTS = ("imports", "work-started", "bar-drawn", "pool-started", "chunk-done",
          "before-commit", "mid-commit", "exit")


def at(point: str) -> None:
    """The test seam: send this process SIGINT (as Ctrl-C does) if :data:`ENV` names
    ``point``; with ``:group`` after the name (``pool-started:group``), send it to the whole
    process group as a terminal does, workers included - only when this process leads its
    group (a test starts it in a session of its own), else to this process alone.

    >>> at("before-commit")     # (tests/test_interrupt.py sets the variable in a subprocess)
    """
    wanted = os.environ.get(ENV)
    if wanted is None or not wanted.startswith(point):
        return
    if wanted == point:
        signal.raise_signal(signal.SIGINT)
    elif wanted == point + ":group":
        if os.getpgrp() == os.getpid():
            os.killpg(0, signal.SIGINT)
        else:
            signal.raise_signal(signal.SIGINT)


def ignore_in_worker() -> None:
    """In a pool's worker (call it first in the initializer): ignore Ctrl-C, the parent's to
    handle (it stops the pool).

    >>> callable(ignore_in_worker)   # (run in the pools' initializers; tests/test_interrupt.py)
    True
    """
    signal.signal(signal.SIGINT, signal.SIG_IGN)


@contextmanager
def deferred() -> Iterator[None]:
    """Hold Ctrl-C back while the block runs (forking workers, stopping a pool): on leaving,
    a held interrupt is delivered (KeyboardInterrupt) unless an exception is already on its
    way out (that ends the run anyway; it is usually the interrupt itself). Processes forked
    inside inherit the holding handler, so a Ctrl-C that reaches them before their
    initializer ignores it is harmless. Outside the main thread it holds nothing back (only
    the main thread handles signals).

    >>> with deferred():
    ...     pass
    """
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    held: list[int] = []

    def hold(signum: int, frame: FrameType | None) -> None:
        held.append(signum)

    previous = signal.signal(signal.SIGINT, hold)
    unwinding = True
    try:
        yield
        unwinding = False
    finally:
        signal.signal(signal.SIGINT, previous)
        if held and not unwinding:
            signal.raise_signal(signal.SIGINT)   # as if it came now


def stop_pool(pool: Any, finished: bool = False) -> None:
    """Shut a ``concurrent.futures.ProcessPoolExecutor`` down: wait for it if the work
    ``finished``, else cancel what has not started, kill the workers, reap them and join the
    pool's manager thread, all with Ctrl-C held back (a second Ctrl-C cannot leave workers
    behind).

    >>> import concurrent.futures as cf
    >>> stop_pool(cf.ProcessPoolExecutor(1))     # never started: nothing to kill
    """
    with deferred():
        if finished:    # (chunks submitted ahead of a stop that was not needed: dropped)
            pool.shutdown(wait=True, cancel_futures=True)
            return
        manager = getattr(pool, "_executor_manager_thread", None)
        procs = list((getattr(pool, "_processes", None) or {}).values())
        pool.shutdown(wait=False, cancel_futures=True)
        for p in procs:
            if p.is_alive():
                p.kill()
        for p in procs:
            p.join(timeout=5)
        # shutdown(wait=False) forgot the manager thread; it closes the pool's wake-up pipe on
        # its way out, which must happen before the interpreter's exit writes to that pipe
        if manager is not None:
            manager.join(timeout=5)
        pool.shutdown(wait=True)
