"""How the preflop ordering's stored table is built: the sampled preflop equity of every Omaha
suit class against one random holding (the ordering of ``top P%`` in
:mod:`~guts_family.omaha.ranges`), and the bytes of its data file.

Class ``c`` (numbered as in :func:`~guts_family.omaha.ranges.suit_classes`) is its smallest
holding dealt :data:`~guts_family.omaha.ranges.PREFLOP_SAMPLES` random completions (board and
opponent) by the sampling task of :mod:`~guts_family.omaha.sample`, from the stream
``chunk_rng(PREFLOP_SEED, c)``; the same seed gives the same table. The stored files,
``guts_family/omaha/data/preflop-equity-{high,hilo}.npy``, are rebuilt by
``scripts/build_preflop_table.py`` (about 80 s a game on one core), which writes
:func:`preflop_file_bytes` of :func:`build_preflop_table`.

>>> e = build_preflop_table(False, 2000, classes=[0]); e.shape, 0.0 < float(e[0]) < 0.5
((1,), True)
"""

from __future__ import annotations

import io

import numpy as np

from guts_family.omaha.ranges import (
    N_CLASSES,
    PREFLOP_SAMPLES,
    PREFLOP_SCALE,
    PREFLOP_SEED,
    all_holdings,
    suit_classes,
)
from guts_family.omaha.sample import OmahaDeals
from guts_family.sampling import chunk_rng

__all__ = ["build_preflop_table", "quantise", "preflop_file_bytes"]


def build_preflop_table(hilo: bool, samples: int = PREFLOP_SAMPLES, seed: int = PREFLOP_SEED,
                        classes: list[int] | None = None) -> np.ndarray:
    """Sampled preflop equity against one random holding of each suit class (or of the given
    classes): ``samples`` deals from ``chunk_rng(seed, class)``. Builds the stored table
    (about 80 s a game on one core, :data:`PREFLOP_SAMPLES` a class).

    >>> e = build_preflop_table(False, 2000, classes=[0]); e.shape, 0.0 < float(e[0]) < 0.5
    ((1,), True)
    """
    _, reps = suit_classes()
    which = list(range(N_CLASSES)) if classes is None else list(classes)
    h = all_holdings()
    out = np.empty(len(which))
    for i, c in enumerate(which):
        task = OmahaDeals.build([h[reps[c]].tolist()], [], 1, hilo)
        sums, _ = task(chunk_rng(seed, c), samples)
        out[i] = int(sums[0]) / (samples * task.unit)
    return out


def quantise(equity: np.ndarray) -> np.ndarray:
    """Equities as the stored table holds them: ``round(equity * PREFLOP_SCALE)``, uint16.

    >>> quantise(np.array([0.0, 0.5, 1.0])).tolist()
    [0, 32768, 65535]
    """
    return np.round(np.asarray(equity) * PREFLOP_SCALE).astype("<u2")


def preflop_file_bytes(equity: np.ndarray) -> bytes:
    """The data file of a whole table: :func:`quantise`'s array in numpy's ``.npy`` format.

    >>> preflop_file_bytes(np.full(N_CLASSES, 0.5))[:6]
    b'\\x93NUMPY'
    """
    q = quantise(equity)
    if q.shape != (N_CLASSES,):
        raise ValueError(f"a preflop table has {N_CLASSES} classes, got shape {q.shape}")
    buf = io.BytesIO()
    np.save(buf, q, allow_pickle=False)
    return buf.getvalue()
