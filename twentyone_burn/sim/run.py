"""run: the driver - simulate() plays a strategy for many rounds in seeded chunks (and warm_up).

The simulator is the toolkit's independent second opinion: it deals real cards, one at a time,
from a shoe of ``decks x 52`` cards (or an infinite deck), and plays every round as the rule
sheet says - the player's burn, the mandatory split and resplits, hit / stand / double, the
dealer's three cards, the burn of the dealer's highest card (ace = 11) and H17 / S17 drawing.
It shares the rules and the strategy tables (:class:`~twentyone_burn.tables.DecisionTables`)
with the exact engine and nothing else: no probability code of the engine is called here.

:func:`simulate` splits the rounds into chunks (:func:`~.spec.chunk_plan`), each played from
its own random stream (:mod:`.rng`), runs the chunks not already in the checkpoint
(:mod:`.checkpoint`) on an executor (:mod:`.executors`) and adds up their counts into a
:class:`~.results.SimResult`.

>>> from twentyone_burn.tables import DecisionTables
>>> r = simulate(DecisionTables.always_stand(Rules(decks=None)), rounds=20_000, seed=7,
...              chunk_size=10_000)
>>> r.rounds, int(r.counts.hist.sum()), -1 < r.mean < 0
(20000, 20000, True)
"""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

from toolkit_cli.interrupt import at

from ..defaults import DEFAULT_CHUNK
from ..rules import Rules
from ..tables import DecisionTables
from .checkpoint import Checkpoint, run_identity
from .counting import Count, TrueCountRule
from .counts import Counts
from .errors import SimulationError
from .executors import SchedulerLost, run_dask, run_local
from .results import SimResult
from .spec import chunk_plan, kernel_spec, run_chunk
from .strategy import tables_hash

__all__ = ["DEFAULT_CHUNK", "simulate", "warm_up"]


def simulate(tables: DecisionTables, rounds: int, seed: int | None = None,
             chunk_size: int = DEFAULT_CHUNK, workers: int = 1, scheduler: Any = None,
             checkpoint: str | Path | None = None, penetration: float | None = None,
             progress: Callable[[int, int], None] | None = None, count: Count | None = None,
             tc_rule: TrueCountRule | None = None) -> SimResult:
    """Simulate ``rounds`` rounds of the game played by ``tables``.

    seed: any integer (None = fresh entropy, recorded in the result). workers: local worker
    processes. scheduler: a Dask scheduler address or ``Client`` (runs the same chunks on a
    cluster). checkpoint: a file that finished chunks are appended to; if it exists with the
    same run identity its chunks are reused. progress(rounds done, rounds total) is called once
    the workers run and as chunks finish; an exception it raises (or Ctrl-C) stops the run,
    and the checkpoint keeps every chunk that finished. count: also tally the rounds by the
    true count before each (``counts.tc``; :mod:`.counting`, ``tc_rule`` its conversion).

    >>> from twentyone_burn.tables import DecisionTables
    >>> t = DecisionTables.always_stand(Rules(decks=1))
    >>> a = simulate(t, 3000, seed=1, chunk_size=1000)
    >>> b = simulate(t, 3000, seed=1, chunk_size=1000)
    >>> a.counts == b.counts, a.rounds
    (True, 3000)
    """
    if workers < 1:
        raise SimulationError(f"workers must be at least 1, not {workers}")
    try:
        ss = np.random.SeedSequence(seed)
    except (TypeError, ValueError):
        raise SimulationError(f"seed must be a whole number 0 or above, not {seed!r}") from None
    if not isinstance(ss.entropy, int | np.integer):    # a sequence of ints seeds it too
        raise SimulationError(f"seed must be a whole number 0 or above, not {seed!r}")
    entropy = int(ss.entropy)
    plan = chunk_plan(int(rounds), int(chunk_size))
    spec = kernel_spec(tables, entropy, penetration, count=count, tc_rule=tc_rule)
    th = tables_hash(tables)
    counting = None
    if spec.count is not None and spec.tc_rule is not None:
        counting = {"count": spec.count.to_dict(), "true_count": spec.tc_rule.to_dict()}
    identity = run_identity(tables.rules, th, entropy, int(rounds), int(chunk_size), penetration,
                            counting)
    cp = Checkpoint(checkpoint, identity) if checkpoint is not None else None
    done: dict[int, Counts] = dict(cp.done) if cp else {}
    todo = [(k, n) for k, n in plan if k not in done]
    finished = sum(n for k, n in plan if k in done)
    run_now = 0
    t0 = time.perf_counter()
    if todo:
        source = (run_dask(spec, todo, scheduler) if scheduler is not None
                  else run_local(spec, todo, workers))
        try:
            for item in source:
                if item is None:
                    if progress:
                        progress(finished, rounds)
                    continue
                k, n, c, secs = item
                done[k] = c
                if cp:
                    cp.add(k, n, c, secs)
                run_now += n
                finished += n
                if progress:
                    progress(finished, rounds)
                at("chunk-done")
        except SchedulerLost as e:
            resume = (f"the checkpoint {cp.path} keeps the {len(done)} finished chunks: run the "
                      f"same command again to resume" if cp else
                      "run again with a checkpoint file (--checkpoint) to make it resumable")
            raise SimulationError(f"{e}; {resume}") from None
        finally:
            source.close()      # stops the workers' remaining chunks
    seconds = time.perf_counter() - t0
    total = Counts.zeros_counted() if counting else Counts.zeros()
    for k, _ in plan:
        total = total + done[k]
    return SimResult(tables.rules, tables.name, th, entropy, int(chunk_size), int(rounds),
                     penetration, total, seconds, run_now,
                     workers if scheduler is None else 0,
                     "local" if scheduler is None else "dask", counting=counting)


def warm_up() -> None:
    """Compile (or load from cache) the kernel with a tiny run, so timings exclude the JIT.

    >>> warm_up()
    """
    run_chunk(kernel_spec(DecisionTables.always_stand(Rules(decks=1)), 0), 0, 10)
    run_chunk(kernel_spec(DecisionTables.always_stand(Rules(decks=None)), 0), 0, 10)
