"""Playing games: a chunk of complete games, deal by deal, through the kernel (its one typed
wrapper), with each deal's rule read from its pot.

Each game has its own random stream: a SplitMix64 state drawn, for game ``i`` of chunk ``k``,
from the chunk's generator (:func:`guts_family.sampling.chunk_rng`: ``SeedSequence(seed,
spawn_key=(k,))``), so a game's deals depend only on the seed, its chunk and its index - not
on the games beside it, the worker that ran it or when. Every game starts with each player's
ante in the pot; before each deal the rules of the running games are looked up by their round
size and pot (:class:`~guts_family.games.whole_game.thresholds.PotThresholds`), then the
kernel plays one deal of each; a game leaves the batch when it ends or is cut.

>>> from guts_family.games.whole_game.setting import game_setting
>>> from guts_family.games.whole_game.thresholds import PotThresholds
>>> s = game_setting("guts321", 2, cap=3, rounds=(1,), max_deals=50)
>>> g = play_games(s, PotThresholds(s), game_seeds(7, 0, 4))
>>> g.deals.tolist(), g.nets.sum(axis=1).tolist()
([2, 4, 1, 1], [0.0, 0.0, 0.0, 0.0])
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from guts_family.games.whole_game import _kernel as K
from guts_family.games.whole_game.results import GameTally
from guts_family.games.whole_game.setting import GameSetting
from guts_family.games.whole_game.thresholds import PotThresholds
from guts_family.odds import PLAYER_TIE_RULES, TIE_RULES
from guts_family.sampling import chunk_rng

__all__ = ["Games", "game_seeds", "kernel_arrays", "play_games", "play_chunk"]

_NO_LOOKUP = np.zeros(1, dtype=np.int32)


@dataclass(frozen=True)
class Games:
    """The games of a chunk, one row each: ``deals``, ``last_pot`` (the pot the last deal was
    played for), ``status`` (1 ended, 2 cut at ``max_deals``), ``winner`` (the seat that took
    the pot alone at the end, -1 if shared or cut), ``nets`` (games x seats: each seat's net
    result), ``events`` (games x :data:`~guts_family.games.whole_game.results.EVENTS`),
    ``pot`` (what a cut game left on the table; 0 when ended)."""

    deals: np.ndarray
    last_pot: np.ndarray
    status: np.ndarray
    winner: np.ndarray
    nets: np.ndarray
    events: np.ndarray
    pot: np.ndarray


def game_seeds(seed: int, chunk: int, games: int) -> np.ndarray:
    """The SplitMix64 states of the ``games`` games of chunk ``chunk``.

    >>> game_seeds(1, 0, 3).dtype, len(set(game_seeds(1, 0, 100).tolist()))
    (dtype('uint64'), 100)
    """
    return chunk_rng(seed, chunk).integers(0, 2 ** 64, size=games, dtype=np.uint64)


def kernel_arrays(s: GameSetting) -> tuple[np.ndarray, np.ndarray, np.ndarray,
                                           tuple[np.ndarray, np.ndarray, np.ndarray]]:
    """The kernel's options (``ispec``, ``fspec``), the round sizes and the class lookup
    tables (3-, 2-, 1-card) of a setting."""
    g = s.rules
    ispec = np.zeros(14, dtype=np.int64)
    ispec[K.N] = s.players
    ispec[K.HAS_POT] = g.pot_name is not None
    ispec[K.POT_WITH_OTHERS] = g.pot_with_others
    ispec[K.BURNED] = bool(g.must_play)
    ispec[K.REDEAL] = s.burn_tie == "redeal"
    ispec[K.SWAP] = s.swap_fee is not None
    ispec[K.DEALER_CHALLENGE] = g.dealer_challenge
    ispec[K.FREE_RIDE] = g.free_ride
    ispec[K.REANTE] = ("every", "unwon", "never").index(s.reante)
    ispec[K.TIE] = TIE_RULES.index(s.tie)
    ispec[K.PTIE] = PLAYER_TIE_RULES.index(s.player_tie)
    ispec[K.MAX_DEALS] = s.max_deals
    ispec[K.DEALER_MIN] = s.dealer_min
    ispec[K.N_CYCLE] = len(s.cycle)
    fspec = np.array([s.ante, np.inf if s.cap is None else s.cap, s.chicken_fee,
                      s.swap_fee or 0.0], dtype=np.float64)
    luts = tuple(np.asarray(g.order(c).lookup) if c in g.rounds else _NO_LOOKUP
                 for c in (3, 2, 1))
    return ispec, fspec, np.array(s.cycle, dtype=np.int64), luts  # type: ignore[return-value]


def play_games(s: GameSetting, rules: PotThresholds, seeds: np.ndarray) -> Games:
    """Play one complete game from each SplitMix64 state in ``seeds``."""
    ispec, fspec, cycle, (lut3, lut2, lut1) = kernel_arrays(s)
    n_games, n = len(seeds), s.players
    rng = np.array(seeds, dtype=np.uint64)
    pot = np.full(n_games, s.first_pot)
    deals = np.zeros(n_games, dtype=np.int64)
    nets = np.full((n_games, n), -s.ante)
    status = np.zeros(n_games, dtype=np.int8)
    last_pot = np.zeros(n_games)
    winner = np.full(n_games, -1, dtype=np.int64)
    events = np.zeros((n_games, K.N_EVENTS), dtype=np.int64)
    swap_below = s.swap_below if s.swap_below is not None else 0
    active = np.arange(n_games, dtype=np.int64)
    while len(active):
        sizes = cycle[deals[active] % len(cycle)]
        thr = np.empty(len(active), dtype=np.int64)
        mix = np.empty(len(active))
        chal = np.empty(len(active), dtype=np.int64)
        for c in np.unique(sizes).tolist():
            at = sizes == c
            thr[at], mix[at], chal[at] = rules.arrays(c, pot[active[at]])
        K._play_deal(active, ispec, fspec, cycle, lut3, lut2, lut1, thr, mix,
                     np.full(len(active), swap_below, dtype=np.int64), chal, rng, pot, deals,
                     nets, status, last_pot, winner, events)
        active = active[status[active] == K.PLAYING]
    return Games(deals, last_pot, status, winner, nets, events, pot)


def play_chunk(s: GameSetting, rules: PotThresholds, seed: int, chunk: int, games: int
               ) -> GameTally:
    """The tally of chunk ``chunk``'s ``games`` games."""
    g = play_games(s, rules, game_seeds(seed, chunk, games))
    tally = GameTally.empty(s.players, s.max_deals)
    tally.add(g.deals, g.last_pot, g.status, g.winner, g.nets, g.events, g.pot)
    return tally
