"""Seeded Monte Carlo with error bars: independent random streams per chunk, any number of workers.

A sampling run draws its trials in chunks of a fixed size. Chunk ``k`` draws from its own
stream, numpy's PCG64 seeded by ``SeedSequence(seed, spawn_key=(k,))`` - the ``k``-th child of
``SeedSequence(seed).spawn(...)`` - so what a chunk draws depends only on the seed, its index and
its size, never on which worker ran it or when. Chunks are added up in index order, and the
stopping rule is tested after each chunk on the chunks before it only, so **the same seed gives
the same numbers whatever the number of workers** (integer sums are exact; float sums are added
in the same order).

A run stops at the first of: a target standard error (every watched column's), a sample count,
a time limit (``max_seconds``; at least one chunk is always run). Only the time limit depends on
the machine: a run it stopped is reproduced exactly by its seed and its sample count.

What is sampled is a *task*: a picklable callable ``task(rng, n)`` that plays ``n`` trials with
the generator ``rng`` and returns the sums and the sums of squares of its per-trial values (one
column per statistic), see :class:`Task`. The mean of a column is its estimate; its standard
error comes from the sample variance of the per-trial values, so a pot split three ways counts
as the value 1/3 in that trial, not as a win or a loss. Workers are local processes (fork where
the platform has it); ``workers=1`` runs in the calling process.

>>> run = sample(CoinFlips(), seed=7, samples=40_000)
>>> e = run.estimate(0, low=0.0, high=1.0)
>>> run.samples, abs(e.value - 0.5) < 4 * e.se, round(e.se, 4)
(40000, True, 0.0025)
>>> sample(CoinFlips(), seed=7, samples=40_000, workers=2).sums == run.sums
True
"""

from __future__ import annotations

import math
import multiprocessing
import os
import secrets
import time
from collections.abc import Sequence
from concurrent.futures import Future, ProcessPoolExecutor
from dataclasses import dataclass
from statistics import NormalDist
from typing import Protocol

import numpy as np

from toolkit_cli.interrupt import at, deferred, ignore_in_worker, stop_pool

__all__ = [
    "CHUNK_SIZE",
    "CONFIDENCE",
    "CONFIDENCE_Z",
    "MAX_SAMPLES",
    "PARALLEL_AFTER",
    "Task",
    "Estimate",
    "SampleRun",
    "CoinFlips",
    "chunk_rng",
    "new_seed",
    "check_sampling",
    "available_workers",
    "sample",
]

#: trials per chunk (part of what a seed reproduces: the same seed and chunk size, the same draw)
CHUNK_SIZE = 16_384
#: the level of the reported interval
CONFIDENCE = 0.99
#: seconds a run with several workers runs in the calling process before starting them
PARALLEL_AFTER = 0.25
#: the most trials one run may be asked for
MAX_SAMPLES = 10 ** 12
#: the interval's half-width in standard errors (2.5758...)
CONFIDENCE_Z = NormalDist().inv_cdf(0.5 + CONFIDENCE / 2)


class Task(Protocol):
    """What :func:`sample` runs: ``n`` trials drawn from ``rng``, returned as two arrays of the
    same length, the sums of the per-trial values and the sums of their squares (one entry per
    statistic). Integer arrays are summed exactly. It must be picklable (a module-level class
    or function) to run in worker processes, and use no randomness but ``rng``."""

    def __call__(self, rng: np.random.Generator, n: int) -> tuple[np.ndarray, np.ndarray]: ...


@dataclass(frozen=True)
class CoinFlips:
    """A fair coin as a task (the doctests' example): column 0 is 1 for heads, 0 for tails.

    >>> s, q = CoinFlips()(chunk_rng(1, 0), 1000); int(s[0]) == int(q[0]), 400 < int(s[0]) < 600
    (True, True)
    """

    def __call__(self, rng: np.random.Generator, n: int) -> tuple[np.ndarray, np.ndarray]:
        heads = int(rng.integers(0, 2, size=n).sum())
        return np.array([heads], dtype=np.int64), np.array([heads], dtype=np.int64)


@dataclass(frozen=True)
class Estimate:
    """A sampled figure: the estimate, its standard error and the 99 % interval around it.

    The interval is ``value +- 2.576 se`` (normal approximation), clipped to the range the
    figure can take when one is known.

    >>> e = Estimate.of(300, 300, 1000, low=0.0, high=1.0)
    >>> e.value, round(e.se, 5), round(e.low, 4), round(e.high, 4)
    (0.3, 0.0145, 0.2627, 0.3373)
    """

    value: float
    se: float
    low: float
    high: float

    @classmethod
    def of(cls, total: float, squares: float, n: int, scale: float = 1.0,
           low: float | None = None, high: float | None = None) -> Estimate:
        """The estimate of a mean from n per-trial values given their sum and sum of squares;
        every value is divided by ``scale``. The variance is the sample variance (n - 1)."""
        if n < 1:
            raise ValueError("no samples")
        value = total / n / scale
        if n < 2:
            se = math.inf
        elif isinstance(total, int) and isinstance(squares, int):
            se = math.sqrt(max(n * squares - total * total, 0) / (n * n * (n - 1))) / scale
        else:
            var = max(squares - total * total / n, 0.0) / (n - 1)
            se = math.sqrt(var / n) / scale
        lo, hi = value - CONFIDENCE_Z * se, value + CONFIDENCE_Z * se
        if low is not None:
            lo = max(lo, low)
        if high is not None:
            hi = min(hi, high)
        return cls(value, se, lo, hi)

    def as_dict(self) -> dict[str, float]:
        """Plain floats for JSON.

        >>> Estimate(0.5, 0.01, 0.47, 0.53).as_dict()
        {'value': 0.5, 'se': 0.01, 'low99': 0.47, 'high99': 0.53}
        """
        return {"value": self.value, "se": self.se, "low99": self.low, "high99": self.high}


@dataclass(frozen=True)
class SampleRun:
    """What a sampling run drew: the column sums and sums of squares over ``samples`` trials,
    how it stopped, and what reproduces it (the seed and chunk size).

    stopped_by is ``"target-se"``, ``"samples"`` or ``"max-seconds"``; seconds is wall time.
    """

    seed: int
    samples: int
    chunk_size: int
    workers: int
    seconds: float
    stopped_by: str
    target_se: float | None
    sums: tuple[int | float, ...]
    squares: tuple[int | float, ...]
    scale: tuple[float, ...]

    def estimate(self, column: int, low: float | None = None,
                 high: float | None = None) -> Estimate:
        """The estimate of one column's mean (its values divided by the column's scale).

        >>> sample(CoinFlips(), seed=1, samples=100).estimate(0).value
        0.53
        """
        return Estimate.of(self.sums[column], self.squares[column], self.samples,
                           self.scale[column], low, high)

    def as_dict(self) -> dict[str, object]:
        """How the run went, for JSON (not the sums).

        >>> d = sample(CoinFlips(), seed=1, samples=100).as_dict()
        >>> d["seed"], d["samples"], d["stopped_by"], d["confidence"]
        (1, 100, 'samples', 0.99)
        """
        return {"seed": self.seed, "samples": self.samples, "chunk_size": self.chunk_size,
                "workers": self.workers, "seconds": self.seconds, "stopped_by": self.stopped_by,
                "target_se": self.target_se, "confidence": CONFIDENCE,
                "generator": "PCG64, chunk k seeded by SeedSequence(seed, spawn_key=(k,))"}


def chunk_rng(seed: int, chunk: int) -> np.random.Generator:
    """The generator of chunk ``chunk``: PCG64 from the chunk's child of ``SeedSequence(seed)``.

    >>> child = np.random.SeedSequence(5).spawn(4)[3]
    >>> chunk_rng(5, 3).random() == np.random.default_rng(child).random()
    True
    """
    return np.random.Generator(np.random.PCG64(np.random.SeedSequence(seed, spawn_key=(chunk,))))


def new_seed() -> int:
    """A fresh seed (0 .. 10^9 - 1) for a run given none; it is reported, so it reproduces.

    >>> 0 <= new_seed() < 10 ** 9
    True
    """
    return secrets.randbelow(10 ** 9)


def available_workers() -> int:
    """The CPUs this process may run on (the default number of workers).

    >>> available_workers() >= 1
    True
    """
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # pragma: no cover - no sched_getaffinity (macOS, Windows)
        return max(1, os.cpu_count() or 1)


def _is_int(x: object) -> bool:
    return isinstance(x, (int, np.integer)) and not isinstance(x, bool)


def check_sampling(seed: int | None = None, target_se: float | None = None,
                   samples: int | None = None, workers: int | None = None,
                   max_seconds: float | None = None) -> None:
    """Refuse impossible sampling requests with a one-line ValueError naming the option.

    >>> check_sampling(seed=1, target_se=0.001, samples=10_000, workers=2)
    >>> check_sampling(target_se=0)
    Traceback (most recent call last):
    ...
    ValueError: --target-se must be a positive number, got 0: give e.g. --target-se 0.001
    """
    if target_se is not None and not (math.isfinite(target_se) and target_se > 0):
        raise ValueError(f"--target-se must be a positive number, got {target_se:g}: give e.g. "
                         "--target-se 0.001")
    if samples is not None and (not _is_int(samples) or not 1 <= samples <= MAX_SAMPLES):
        raise ValueError(f"--samples must be a whole number from 1 to 10^12, got {samples}")
    if workers is not None and (not _is_int(workers) or not 1 <= workers <= 256):
        raise ValueError(f"--workers must be a whole number from 1 to 256, got {workers}")
    if seed is not None and (not _is_int(seed) or not 0 <= seed < 2 ** 128):
        raise ValueError(f"--seed must be a whole number from 0 to 2^128 - 1, got {seed}")
    if max_seconds is not None and not (math.isfinite(max_seconds) and max_seconds > 0):
        raise ValueError(f"--max-seconds must be a positive number of seconds, got "
                         f"{max_seconds}: give e.g. --max-seconds 60")


def _run_chunk(task: Task, seed: int, chunk: int, n: int) -> tuple[np.ndarray, np.ndarray]:
    """One chunk: its own stream, n trials."""
    sums, squares = task(chunk_rng(seed, chunk), n)
    return np.asarray(sums), np.asarray(squares)


_WORKER_TASK: Task | None = None


def _init_worker(task: Task) -> None:
    global _WORKER_TASK
    ignore_in_worker()      # Ctrl-C is the parent's: it stops the pool
    _WORKER_TASK = task


def _run_worker_chunk(seed: int, chunk: int, n: int) -> tuple[np.ndarray, np.ndarray]:
    assert _WORKER_TASK is not None
    return _run_chunk(_WORKER_TASK, seed, chunk, n)


class _Tally:
    """Running column totals (Python ints for integer columns: exact at any size)."""

    def __init__(self) -> None:
        self.n = 0
        self.sums: list[int | float] = []
        self.squares: list[int | float] = []

    def add(self, n: int, sums: np.ndarray, squares: np.ndarray) -> None:
        new_s = sums.tolist()
        new_q = squares.tolist()
        if not self.sums:
            self.sums, self.squares = new_s, new_q
        else:
            self.sums = [a + b for a, b in zip(self.sums, new_s)]
            self.squares = [a + b for a, b in zip(self.squares, new_q)]
        self.n += n

    def worst_se(self, watch: Sequence[int], scale: Sequence[float]) -> float:
        return max(Estimate.of(self.sums[c], self.squares[c], self.n, scale[c]).se
                   for c in watch)


def sample(task: Task, *, seed: int | None = None, target_se: float | None = None,
           samples: int | None = None, max_seconds: float | None = None,
           workers: int | None = 1, watch: Sequence[int] | None = None,
           scale: float | Sequence[float] = 1.0, chunk_size: int = CHUNK_SIZE,
           min_samples: int = 10_000, parallel_after: float | None = None,
           first_chunk: int = 0) -> SampleRun:
    """Run ``task`` chunk by chunk until the target standard error, the sample count or the
    time limit, whichever comes first; the same seed gives the same sums for any ``workers``.

    watch: the columns whose standard errors must all reach ``target_se`` (default: all);
    scale: each column's values are divided by it (one number, or one per column);
    min_samples: the target is not tested before this many trials; workers: processes
    (None: every available CPU; 1: this process). Give ``target_se`` or ``samples`` or both.
    With several workers, chunks run in this process until ``parallel_after`` seconds have
    passed (default :data:`PARALLEL_AFTER`: a short run never pays for starting processes),
    then in the worker processes; ``SampleRun.workers`` says how many ran. ``first_chunk``
    continues a run: chunks ``first_chunk, first_chunk + 1, ...`` are drawn, so a run of
    ``first_chunk * chunk_size`` trials extended by this one equals one run of both sizes.

    >>> run = sample(CoinFlips(), seed=3, target_se=0.005, chunk_size=1000)
    >>> run.stopped_by, run.samples, run.estimate(0).se <= 0.005
    ('target-se', 10000, True)
    >>> sample(CoinFlips(), seed=3)
    Traceback (most recent call last):
    ...
    ValueError: give a target standard error (--target-se) or a sample count (--samples)
    """
    check_sampling(seed, target_se, samples, workers, max_seconds)
    if target_se is None and samples is None:
        raise ValueError("give a target standard error (--target-se) or a sample count "
                         "(--samples)")
    if not _is_int(chunk_size) or chunk_size < 1:
        raise ValueError(f"chunk_size must be a positive whole number, got {chunk_size}")
    if parallel_after is not None and not (math.isfinite(parallel_after) and parallel_after >= 0):
        raise ValueError(f"parallel_after must be 0 or more seconds, got {parallel_after}")
    if not _is_int(first_chunk) or first_chunk < 0:
        raise ValueError(f"first_chunk must be 0 or a positive whole number, got {first_chunk}")
    seed = new_seed() if seed is None else int(seed)
    n_workers = available_workers() if workers is None else int(workers)
    total = samples if samples is not None else MAX_SAMPLES
    n_chunks = -(-total // chunk_size)
    if n_workers > 1:
        n_workers = min(n_workers, n_chunks)

    def size(chunk: int) -> int:
        return min(chunk_size, total - chunk * chunk_size)

    tally = _Tally()
    start = time.perf_counter()
    stopped_by = ""
    scales: tuple[float, ...] = ()

    def done() -> str:
        nonlocal scales
        if not scales:
            k = len(tally.sums)
            scales = tuple(float(x) for x in (scale if isinstance(scale, Sequence)
                                              else [scale] * k))
            if len(scales) != k:
                raise ValueError(f"{len(scales)} scales for {k} columns")
            for c in watch or ():
                if not 0 <= c < k:
                    raise ValueError(f"watched column {c} is not one of the {k} columns")
        if tally.n >= total:
            return "samples"
        if target_se is not None and tally.n >= min_samples and \
                tally.worst_se(watch if watch is not None else range(len(scales)),
                               scales) <= target_se:
            return "target-se"
        if max_seconds is not None and time.perf_counter() - start >= max_seconds:
            return "max-seconds"
        return ""

    after = PARALLEL_AFTER if parallel_after is None else parallel_after
    chunk = 0
    used = 1
    while not stopped_by and (n_workers == 1 or time.perf_counter() - start < after):
        tally.add(size(chunk), *_run_chunk(task, seed, first_chunk + chunk, size(chunk)))
        chunk += 1
        stopped_by = done()
    if not stopped_by:
        used = n_workers
        ctx = multiprocessing.get_context(
            "fork" if "fork" in multiprocessing.get_all_start_methods() else "spawn")
        pool = ProcessPoolExecutor(n_workers, mp_context=ctx, initializer=_init_worker,
                                   initargs=(task,))
        ended = False
        try:
            pending: dict[int, Future] = {}
            next_chunk = chunk
            while not stopped_by:
                started = bool(pending)
                with deferred():    # the first submit forks the workers
                    while len(pending) < 2 * n_workers and next_chunk < n_chunks:
                        pending[next_chunk] = pool.submit(_run_worker_chunk, seed,
                                                          first_chunk + next_chunk,
                                                          size(next_chunk))
                        next_chunk += 1
                if not started:
                    at("pool-started")
                fut = pending[chunk]
                if max_seconds is not None and tally.n:
                    left = max_seconds - (time.perf_counter() - start)
                    try:
                        result = fut.result(timeout=max(left, 0.0))
                    except TimeoutError:
                        stopped_by = "max-seconds"
                        break
                else:
                    result = fut.result()
                del pending[chunk]
                tally.add(size(chunk), *result)
                chunk += 1
                at("chunk-done")
                stopped_by = done()
            ended = True
        finally:
            stop_pool(pool, ended)  # Ctrl-C or an error: the workers are killed
    return SampleRun(seed, tally.n, chunk_size, used, time.perf_counter() - start,
                     stopped_by, target_se, tuple(tally.sums), tuple(tally.squares), scales)
