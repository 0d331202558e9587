"""rng: the random streams - each chunk's xoshiro256** seed, and the generator's outputs to check.

Reproducibility: a root ``numpy.random.SeedSequence`` gives chunk ``k`` of ``chunk_size`` rounds
the stream ``SeedSequence(entropy, spawn_key=(k,))`` (the k-th child of ``root.spawn``), which
seeds a xoshiro256** generator inside the kernel. Every figure is an integer count summed over
chunks, so a result depends only on (seed, rounds, chunk size), never on the number of workers,
the executor (local processes or Dask) or the order chunks finish in.

The generator itself is compiled with the round kernel in :mod:`._kernel` (numba's cache checks
one file); the functions here are its typed faces for tests and for the plain-Python twin.
"""

from __future__ import annotations

import numpy as np

from ._kernel import below_many, xoshiro_many

__all__ = ["below_outputs", "chunk_state", "xoshiro_outputs"]


def chunk_state(entropy: int, chunk: int) -> np.ndarray:
    """The xoshiro256** state of chunk ``chunk``: the chunk-th child of ``SeedSequence(entropy)``.

    The child is built directly from its spawn key, so any chunk can be run on its own (resume,
    other machines) and gets the same stream as ``SeedSequence(entropy).spawn(chunk + 1)[-1]``.

    >>> a = chunk_state(42, 3)
    >>> b = np.random.SeedSequence(42).spawn(4)[3].generate_state(4, np.uint64)
    >>> bool((a == b).all()), a.dtype
    (True, dtype('uint64'))
    """
    st = np.random.SeedSequence(entropy, spawn_key=(chunk,)).generate_state(4, np.uint64)
    if not st.any():  # the one state xoshiro cannot leave; astronomically unlikely
        st[0] = 1
    return st


def xoshiro_outputs(state: np.ndarray, count: int) -> np.ndarray:
    """The first ``count`` outputs (uint64) of xoshiro256** from the uint64 ``state``.

    >>> [int(x) for x in xoshiro_outputs(np.array([1, 2, 3, 4], dtype=np.uint64), 3)]
    [11520, 0, 1509978240]
    """
    out: np.ndarray = xoshiro_many(state, count)
    return out


def below_outputs(state: np.ndarray, bounds: np.ndarray) -> np.ndarray:
    """Successive uniform draws in ``[0, bounds[k])`` (int64) from the uint64 ``state``, as the
    kernel makes them (Lemire's multiply-shift with rejection).

    >>> state = np.array([1, 2, 3, 4], dtype=np.uint64)
    >>> [int(x) for x in below_outputs(state, np.array([13, 312]))]
    [0, 20]
    """
    out: np.ndarray = below_many(state, bounds)
    return out
