"""threads: the engine's kernels on every core, from Python threads.

The kernels release the GIL (``nogil=True``) and each takes a range of independent work items
(blocks of hands, burned ranks); :func:`over_range` hands out the ranges to a pool of threads.
This replaces numba's ``prange``: a parallel kernel takes about twice as long to compile (the
first run of a fresh install pays it), and OpenMP's worker threads keep spinning between the
engine's few hundred short parallel regions, costing more CPU than the work on two cores.
Every item is computed by the same code whichever thread runs it, so results do not depend on
the number of threads.

>>> out = []
>>> over_range(lambda lo, hi: out.extend(range(lo, hi)), 10)
>>> sorted(out) == list(range(10))
True
"""

from __future__ import annotations

import os
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor

__all__ = ["over_range", "thread_count"]

_POOL: ThreadPoolExecutor | None = None
_POOL_SIZE = 0


def _forget_pool() -> None:
    # a forked child has the pool object but none of its threads: it must make its own
    global _POOL, _POOL_SIZE
    _POOL, _POOL_SIZE = None, 0


os.register_at_fork(after_in_child=_forget_pool)


def thread_count() -> int:
    """Threads the engine uses: ``TWENTYONE_BURN_THREADS`` if set, else every core.

    >>> thread_count() >= 1
    True
    """
    given = os.environ.get("TWENTYONE_BURN_THREADS", "").strip()
    if given.isdigit() and int(given) >= 1:
        return int(given)
    return os.cpu_count() or 1


def over_range(run: Callable[[int, int], object], n: int) -> None:
    """Call ``run(lo, hi)`` over consecutive pieces of ``range(n)``, in parallel threads
    (about four pieces a thread, so uneven items even out); returns when all are done."""
    global _POOL, _POOL_SIZE
    threads = min(thread_count(), n)
    if threads <= 1:
        if n > 0:
            run(0, n)
        return
    if _POOL is None or _POOL_SIZE != threads:
        _POOL = ThreadPoolExecutor(threads, thread_name_prefix="engine")
        _POOL_SIZE = threads
    pieces = min(n, 4 * threads)
    bounds = [n * k // pieces for k in range(pieces + 1)]
    for f in [_POOL.submit(run, bounds[k], bounds[k + 1]) for k in range(pieces)]:
        f.result()
