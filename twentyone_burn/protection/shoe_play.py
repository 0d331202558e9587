"""shoe_play: a shoe dealt to a cut card with a count - the player's return by true count
(simulated, :func:`shoe_play`) and the exact return of the shoes actually met
(:func:`exact_by_true_count`, the exact engine on shoe states the simulation sampled).

What is seen when, the true-count conversion and its defaults: :mod:`twentyone_burn.sim.counting`.
Every simulated figure carries its seed, rounds and standard error; the exact values are
complete enumerations of one round from each sampled shoe, averaged over the samples (their
standard error is that of an average of sampled shoes, not of the enumeration).

>>> from twentyone_burn.sim.counting import parse_count
>>> from twentyone_burn.tables import DecisionTables
>>> t = shoe_play(DecisionTables.always_stand(Rules(decks=2)), parse_count("hi-lo"), 0.75,
...               rounds=20_000, seed=3, chunk_size=10_000)
>>> t.total_rounds, t.count, t.meta["true_count"]["rounding"]
(20000, 'hi-lo', 'floor')
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np

from .._version import __version__
from ..defaults import DEFAULT_CHUNK
from ..rules import Rules
from ..sim import SimResult, chunk_plan, kernel_spec, run_chunk, simulate
from ..sim.counting import TC_MAX, Count, TrueCountRule
from ..sim.counts import MAXU
from ..sim.errors import SimulationError
from ..tables import DecisionTables
from .tc_table import TrueCountTable

__all__ = ["ExactByTrueCount", "exact_by_true_count", "sample_states", "shoe_play",
           "table_from_result"]


def table_from_result(result: SimResult, count: Count) -> TrueCountTable:
    """The :class:`TrueCountTable` of a counted simulation: per true count seen, the rounds
    and the exact (integer-tally) mean and sample variance of a round's net return per
    initial unit.

    >>> from twentyone_burn.sim.counting import parse_count
    >>> from twentyone_burn.tables import DecisionTables
    >>> r = simulate(DecisionTables.always_stand(Rules(decks=1)), 5000, seed=1,
    ...              penetration=0.5, count=parse_count("ko"))
    >>> int(table_from_result(r, parse_count("ko")).rounds.sum())
    5000
    """
    if result.counting is None or result.counts.tc.size == 0:
        raise SimulationError("the simulation was run without a count")
    a = result.rules.win_amount
    w, lo, _ = np.indices((MAXU + 1,) * 3)
    net = (a * w - lo).ravel()
    tcs, rounds, mean, var = [], [], [], []
    for i, row in enumerate(result.counts.tc):
        c = row.ravel().astype(np.int64)
        n = int(c.sum())
        if n == 0:
            continue
        # integer sums of W and L moments first: the mean and variance are then exact
        # functions of the tallies, the same for any chunking or worker count
        m = float(np.dot(c, net)) / n
        v = float(np.dot(c, (net - m) ** 2)) / (n - 1) if n > 1 else 0.0
        tcs.append(i - TC_MAX)
        rounds.append(n)
        mean.append(m)
        var.append(v)
    rules = result.rules
    meta: dict[str, Any] = {
        "rules": rules.to_dict(), "rules_hash": rules.rules_hash, "version": __version__,
        "strategy": result.strategy, "strategy_hash": result.strategy_hash,
        "seed_entropy": str(result.seed_entropy), "chunk_size": result.chunk_size,
        "rounds": result.rounds, "count_tags": result.counting["count"],
        "true_count": result.counting["true_count"],
        "overall_mean": result.mean, "overall_standard_error": result.se,
    }
    return TrueCountTable(count=count.name, decks=int(rules.decks or 0),
                          penetration=float(result.penetration or 0.0),
                          seed=int(result.seed_entropy), true_counts=tuple(tcs),
                          rounds=np.array(rounds, np.int64), mean=np.array(mean),
                          variance=np.array(var), meta=meta)


def shoe_play(tables: DecisionTables, count: Count, penetration: float, rounds: int,
              seed: int | None = None, tc_rule: TrueCountRule | None = None,
              chunk_size: int = DEFAULT_CHUNK, workers: int = 1, scheduler: Any = None,
              progress: Callable[[int, int], None] | None = None) -> TrueCountTable:
    """Simulate ``rounds`` rounds dealt to a cut card at ``penetration`` with ``count``; the
    rounds by the true count before each (a :class:`TrueCountTable`). The same seed gives
    the same table for any worker count or executor."""
    if penetration is None or not 0 < penetration < 1:
        raise SimulationError(f"penetration must be a fraction above 0 and below 1, not "
                              f"{penetration}")
    res = simulate(tables, rounds, seed=seed, chunk_size=chunk_size, workers=workers,
                   scheduler=scheduler, penetration=penetration, progress=progress,
                   count=count, tc_rule=tc_rule)
    return table_from_result(res, count)


def sample_states(tables: DecisionTables, count: Count, penetration: float, rounds: int,
                  seed: int, every: int, tc_rule: TrueCountRule | None = None,
                  chunk_size: int = DEFAULT_CHUNK) -> np.ndarray:
    """Shoe states met in play: the simulation of ``rounds`` rounds (seed ``seed``, dealt as
    :func:`shoe_play` deals) records before every ``every``-th round of each chunk the ten
    rank counts left, the true count and the running count (rows of 12, int64).

    >>> from twentyone_burn.sim.counting import parse_count
    >>> s = sample_states(DecisionTables.always_stand(Rules(decks=2)), parse_count("hi-lo"),
    ...                   0.6, rounds=1000, seed=2, every=100)
    >>> s.shape, int(s[0, :10].sum())          # the first round of a chunk: a full shoe
    ((10, 12), 104)
    """
    if every < 1:
        raise SimulationError(f"the sampling step must be at least 1, not {every}")
    entropy = int(np.random.SeedSequence(seed).entropy)  # type: ignore[arg-type]
    spec = kernel_spec(tables, entropy, penetration, count=count, tc_rule=tc_rule,
                       sample_every=every)
    out = []
    for k, n in chunk_plan(int(rounds), int(chunk_size)):
        rows = np.zeros((-(-n // every), 12), dtype=np.int64)
        run_chunk(spec, k, n, rows)
        out.append(rows)
    return np.concatenate(out)


@dataclass(frozen=True)
class ExactByTrueCount:
    """The exact return of sampled shoe states, averaged by true count.

    true_counts: the true counts met; states[i]: shoes valued at ``true_counts[i]``;
    mean[i]: their average exact expected return per initial unit; sd[i]: the spread of the
    exact values between shoes; standard_error[i] = sd / sqrt(states) (0 for one shoe);
    skipped: states with fewer cards than the engine values (``MIN_SHOE_CARDS``).
    """

    true_counts: tuple[int, ...]
    states: np.ndarray
    mean: np.ndarray
    sd: np.ndarray
    standard_error: np.ndarray
    skipped: int

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON values."""
        return {"true_counts": list(self.true_counts), "states": self.states.tolist(),
                "mean": self.mean.tolist(), "sd": self.sd.tolist(),
                "standard_error": self.standard_error.tolist(), "skipped": self.skipped}


def exact_by_true_count(rules: Rules, tables: DecisionTables, states: np.ndarray,
                        progress: Callable[[int, int], None] | None = None,
                        per_true_count: int | None = None,
                        true_counts: tuple[int, ...] | None = None) -> ExactByTrueCount:
    """The exact expected return of ``tables`` played one round from each sampled shoe
    (``engine.game.analyze(rules, tables=tables, shoe=counts)``: complete enumeration),
    averaged by the sampled true count. Shoes below ``MIN_SHOE_CARDS`` are skipped.
    ``per_true_count``: value at most that many shoes at each true count (the first ones
    sampled: the sampling order is the play's, so each true count's average stays an
    unbiased estimate); ``true_counts``: only these. Takes about two seconds a shoe.
    """
    from ..engine.game import MIN_SHOE_CARDS, analyze
    by: dict[int, list[float]] = {}
    skipped = 0
    cache: dict[bytes, float] = {}
    for i, row in enumerate(states):
        counts = np.asarray(row[:10], dtype=np.int64)
        tc = int(row[10])
        if (true_counts is not None and tc not in true_counts) or (
                per_true_count is not None and len(by.get(tc, ())) >= per_true_count):
            continue
        if int(counts.sum()) < MIN_SHOE_CARDS:
            skipped += 1
            continue
        key = counts.tobytes()
        if key not in cache:      # the full shoe comes back after every shuffle
            cache[key] = analyze(rules, tables=tables, shoe=counts).expected_return
        by.setdefault(tc, []).append(cache[key])
        if progress:
            progress(i + 1, len(states))
    tcs = tuple(sorted(by))
    n = np.array([len(by[t]) for t in tcs], np.int64)
    mean = np.array([float(np.mean(by[t])) for t in tcs])
    sd = np.array([float(np.std(by[t], ddof=1)) if len(by[t]) > 1 else 0.0 for t in tcs])
    se = np.array([s / math.sqrt(k) for s, k in zip(sd, n, strict=True)])
    return ExactByTrueCount(tcs, n, mean, sd, se, skipped)
