"""The whole match-the-pot game, simulated: complete games of Phoenix Burn, Guts (3-2-1) and
challenge guts, deal after deal until one player takes the pot alone.

Each deal is played by the equilibrium thresholds of its pot (or thresholds the user gives);
the pot carries over with the losers' matches (capped) and the antes; each game's own rules
decide what happens when nobody stays in, the dealer's challenge, the swap, the round sizes.
One concern a module, lowest first:

- :mod:`~guts_family.games.whole_game.setting`: every option of a game, checked
  (``game_setting``, ``GameSetting``);
- :mod:`~guts_family.games.whole_game._kernel`: the numba kernel, one deal of many games
  (private; its plain twin is ``tests/reference/guts.py:play_game_naive``);
- :mod:`~guts_family.games.whole_game.thresholds`: each deal's rule by round size and pot
  (``PotThresholds``, ``DealRule``);
- :mod:`~guts_family.games.whole_game.results`: the tallies and their statistics
  (``GameTally``, ``WholeGameResult``, ``Distribution``);
- :mod:`~guts_family.games.whole_game.play`: a chunk of games through the kernel
  (``play_games``, ``play_chunk``, ``game_seeds``);
- :mod:`~guts_family.games.whole_game.run`: the seeded run, here, on local workers or on
  Dask (``simulate_games``); :mod:`~guts_family.games.whole_game.figure`: its figure.

The readings of the sheets and the defaults where they are silent: ``docs/guts.md``, section
"The whole game".

>>> r = simulate_games(game_setting("guts321", 2, cap=3, rounds=(1,)), 1000, seed=1)
>>> r.games, r.tally.imbalance, r.per_deal("nobody_in").value < 1
(1000, 0.0, True)
"""

from guts_family.games.whole_game.play import (
           Games,
           game_seeds,
           kernel_arrays,
           play_chunk,
           play_games,
)
from guts_family.games.whole_game.results import (
           EVENTS,
           QUANTILES,
           Distribution,
           GameTally,
           WholeGameResult,
)
from guts_family.games.whole_game.run import GAME_CHUNK, MAX_GAMES, simulate_games
from guts_family.games.whole_game.setting import (
           BURN_TIES,
           CYCLE_RULES,
           DEFAULT_MAX_DEALS,
           EQ_DEALS,
           EQ_SEED,
           MAX_DEALS,
           REANTE_RULES,
           GameSetting,
           game_setting,
           parse_thresholds,
)
from guts_family.games.whole_game.thresholds import CHALLENGE_LOSS, DealRule, PotThresholds

__all__ = ["Games", "game_seeds", "kernel_arrays", "play_chunk", "play_games", "EVENTS",
           "QUANTILES", "Distribution", "GameTally", "WholeGameResult", "GAME_CHUNK",
           "MAX_GAMES", "simulate_games", "BURN_TIES", "CYCLE_RULES", "DEFAULT_MAX_DEALS",
           "EQ_DEALS", "EQ_SEED", "MAX_DEALS", "REANTE_RULES", "GameSetting", "game_setting",
           "parse_thresholds", "CHALLENGE_LOSS", "DealRule", "PotThresholds"]
