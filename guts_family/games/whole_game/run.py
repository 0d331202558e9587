"""The run: ``games`` complete games of one setting in seeded chunks, here, in local worker
processes or on a Dask cluster, merged in chunk order.

Chunk ``k`` plays games ``k * chunk_size ..`` from its own stream
(:func:`~guts_family.games.whole_game.play.game_seeds`: ``SeedSequence(seed,
spawn_key=(k,))``), and the tallies are merged in chunk order whatever finished first, so
**the same seed gives the same figures for any number of workers, here or on Dask**. The
thresholds by pot (:class:`~guts_family.games.whole_game.thresholds.PotThresholds`) depend
on the setting only; the first chunk runs in this process, so the pots it meets are computed
once and the workers (forked, or sent the table) start from them.

>>> from guts_family.games.whole_game.setting import game_setting
>>> r = simulate_games(game_setting("guts321", 2, cap=3, rounds=(1,)), 2000, seed=5)
>>> r.games, r.seed, r.tally.imbalance
(2000, 5, 0.0)
>>> r2 = simulate_games(game_setting("guts321", 2, cap=3, rounds=(1,)), 2000, seed=5,
...                     workers=2, chunk_size=500)
>>> r2.deals.mean.value == simulate_games(r.setting, 2000, seed=5, chunk_size=500).deals.mean.value
True
"""

from __future__ import annotations

import multiprocessing
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor

from guts_family.games.whole_game.play import play_chunk
from guts_family.games.whole_game.results import GameTally, WholeGameResult
from guts_family.games.whole_game.setting import GameSetting
from guts_family.games.whole_game.thresholds import PotThresholds
from guts_family.sampling import available_workers, check_sampling, new_seed
from toolkit_cli.interrupt import at, deferred, ignore_in_worker, stop_pool

__all__ = ["GAME_CHUNK", "MAX_GAMES", "simulate_games"]

#: games per chunk (part of what a seed reproduces)
GAME_CHUNK = 4096
#: the most games one run may be asked for
MAX_GAMES = 10 ** 10

_WORKER: tuple[GameSetting, PotThresholds] | None = None


def _init_worker(setting: GameSetting, rules: PotThresholds) -> None:
    global _WORKER
    ignore_in_worker()      # Ctrl-C is the parent's: it stops the pool
    _WORKER = (setting, rules)


def _worker_chunk(seed: int, chunk: int, games: int) -> GameTally:
    assert _WORKER is not None
    return play_chunk(_WORKER[0], _WORKER[1], seed, chunk, games)


def _remote_chunk(job: tuple[GameSetting, PotThresholds], seed: int, chunk: int,
                  games: int) -> GameTally:
    """A chunk on a Dask worker (the setting and its thresholds travel with the job)."""
    return play_chunk(job[0], job[1], seed, chunk, games)


def simulate_games(setting: GameSetting, games: int, *, seed: int | None = None,
                   workers: int | None = 1, scheduler: str | None = None,
                   chunk_size: int = GAME_CHUNK, thresholds: PotThresholds | None = None,
                   progress: Callable[[int, int], None] | None = None) -> WholeGameResult:
    """Play ``games`` complete games of ``setting`` and gather their figures.

    ``seed`` (None: a fresh one, in the result); ``workers``: local processes (None: every
    CPU; 1: this process); ``scheduler``: a Dask scheduler address (then the chunks run on
    its workers); ``thresholds``: a table to start from (it is filled as pots are met);
    ``progress(done, games)`` after each chunk.
    """
    if isinstance(games, bool) or not isinstance(games, int) or not 1 <= games <= MAX_GAMES:
        raise ValueError(f"--games must be a whole number from 1 to 10^10, got {games}")
    check_sampling(seed, workers=workers)
    if isinstance(chunk_size, bool) or not isinstance(chunk_size, int) or chunk_size < 1:
        raise ValueError(f"chunk_size must be a positive whole number, got {chunk_size}")
    seed = new_seed() if seed is None else int(seed)
    rules = PotThresholds(setting) if thresholds is None else thresholds
    todo = [(k, min(chunk_size, games - k * chunk_size))
            for k in range(-(-games // chunk_size))]
    n_workers = available_workers() if workers is None else int(workers)
    start = time.perf_counter()
    tally = GameTally.empty(setting.players, setting.max_deals)
    done = 0

    def took(part: GameTally) -> None:
        nonlocal done
        tally.merge(part)
        done += part.games
        if progress is not None:
            progress(done, games)
        at("chunk-done")

    took(play_chunk(setting, rules, seed, *todo[0]))  # here: the common pots, computed once
    rest = todo[1:]
    used = 1
    if rest and scheduler is not None:
        used = 0
        for part in _on_dask(scheduler, setting, rules, seed, rest):
            took(part)
    elif rest and n_workers > 1:
        used = min(n_workers, len(rest))
        ctx = multiprocessing.get_context(
            "fork" if "fork" in multiprocessing.get_all_start_methods() else "spawn")
        pool = ProcessPoolExecutor(used, mp_context=ctx, initializer=_init_worker,
                                   initargs=(setting, rules))
        finished = False
        try:
            with deferred():    # the workers are forked here; a Ctrl-C meanwhile comes after
                parts = pool.map(_worker_chunk, [seed] * len(rest), [k for k, _ in rest],
                                 [n for _, n in rest])
            at("pool-started")
            for part in parts:
                took(part)
            finished = True
        finally:
            stop_pool(pool, finished)   # Ctrl-C or an error: the workers are killed
    else:
        for k, n in rest:
            took(play_chunk(setting, rules, seed, k, n))
    return WholeGameResult(setting, tally, tuple(rules.table()), seed, chunk_size, used,
                           scheduler, time.perf_counter() - start, rules.seconds)


def _on_dask(address: str, setting: GameSetting, rules: PotThresholds, seed: int,
             todo: list[tuple[int, int]]):  # noqa: ANN202 - a generator of GameTally
    """The chunks on a Dask cluster, yielded in chunk order."""
    try:
        from dask.distributed import Client
    except ImportError:
        raise OSError("--scheduler needs dask.distributed: pip install 'dask[distributed]'"
                      ) from None
    client = Client(address)
    try:
        [job] = client.scatter([(setting, rules)], broadcast=True)
        futures = [client.submit(_remote_chunk, job, seed, k, n, pure=False) for k, n in todo]
        for f in futures:
            yield f.result()
    finally:
        with deferred():    # a second Ctrl-C does not cut the close short
            client.close()
