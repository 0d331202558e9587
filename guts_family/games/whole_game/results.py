"""What simulated games add up to: the tallies of a chunk of games (:class:`GameTally`, merged in
chunk order, so any number of workers gives the same sums) and their statistics with standard
errors (:class:`WholeGameResult`).

Per game the tally keeps the number of deals (a histogram), the final pot (the pot the last
deal was played for: what the winner took; a histogram of the values), each seat's net
result (what it took minus what it paid: antes, matches, fees) and the deals of each event
(nobody came in, a void deal, a swap, the dealer's call, a challenge, nobody played, a pot
carried over). A game cut at ``max_deals`` is counted apart, with the pot it left.

**Standard errors.** Games are independent; deals within a game are not. A per-game mean
(deals, final pot, a seat's net) has the standard error of the sample mean over games. A
per-deal share (the probability that nobody comes in, a deal) is a ratio of two per-game sums,
``sum x_g / sum d_g``; its standard error is the ratio estimator's (delta method):
``sqrt(sum (x_g - p d_g)^2 / (G (G - 1))) / mean(d)``.

>>> t = GameTally.empty(2, 3)
>>> t.add(np.array([1, 2]), np.array([5.0, 7.0]), np.array([1, 1]), np.array([0, 1]),
...       np.array([[5.0, -5.0], [-2.5, 2.5]]), np.zeros((2, 7), np.int64), np.array([0.0, 0.0]))
>>> t.games, t.deals_hist.tolist(), t.pots
(2, [0, 1, 1, 0], {5.0: 1, 7.0: 1})
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field

import numpy as np

from guts_family._version import __version__
from guts_family.games.whole_game._kernel import CUT, ENDED, N_EVENTS
from guts_family.games.whole_game.setting import GameSetting
from guts_family.sampling import CONFIDENCE_Z, Estimate

__all__ = ["EVENTS", "QUANTILES", "GameTally", "Distribution", "WholeGameResult"]

#: the events counted per deal, in the kernel's order
EVENTS = ("nobody_in", "void", "swap", "dealer_calls", "challenged", "nobody_played",
          "carried")
#: the quantiles reported of the deals per game and of the final pot
QUANTILES = (0.5, 0.9, 0.99)


@dataclass
class GameTally:
    """The sums of a set of games; :meth:`merge` adds another set (exact for the integer
    sums; the float sums are added in the order the chunks are merged)."""

    players: int
    games: int
    deals_hist: np.ndarray
    pots: dict[float, int]
    cut: int
    pot_left: float
    nets_sum: np.ndarray
    nets_sq: np.ndarray
    events_sum: np.ndarray
    events_sq: np.ndarray
    events_deals: np.ndarray
    winners: np.ndarray
    shared: int
    imbalance: float

    @classmethod
    def empty(cls, players: int, max_deals: int) -> GameTally:
        """No games yet."""
        return cls(players, 0, np.zeros(max_deals + 1, np.int64), {}, 0, 0.0,
                   np.zeros(players), np.zeros(players), np.zeros(N_EVENTS, np.int64),
                   np.zeros(N_EVENTS, np.int64), np.zeros(N_EVENTS, np.int64),
                   np.zeros(players, np.int64), 0, 0.0)

    def add(self, deals: np.ndarray, last_pot: np.ndarray, status: np.ndarray,
            winner: np.ndarray, nets: np.ndarray, events: np.ndarray, pot: np.ndarray) -> None:
        """Add the games of one chunk: per game its deals, last pot, status, winner (-1: the
        pot was shared), nets (games x seats), events (games x events) and the pot left."""
        self.games += len(deals)
        self.deals_hist += np.bincount(deals, minlength=len(self.deals_hist))
        ended = status == ENDED
        values, counts = np.unique(last_pot[ended], return_counts=True)
        for v, c in zip(values.tolist(), counts.tolist()):
            self.pots[v] = self.pots.get(v, 0) + c
        cut = status == CUT
        self.cut += int(cut.sum())
        self.pot_left += float(pot[cut].sum())
        self.nets_sum += nets.sum(axis=0)
        self.nets_sq += (nets * nets).sum(axis=0)
        self.events_sum += events.sum(axis=0)
        self.events_sq += (events * events).sum(axis=0)
        self.events_deals += (events * deals[:, None]).sum(axis=0)
        w = winner[ended]
        self.winners += np.bincount(w[w >= 0], minlength=self.players)
        self.shared += int((w < 0).sum())
        if len(deals):
            self.imbalance = max(self.imbalance, float(np.abs(nets.sum(axis=1) + pot).max()))

    def merge(self, other: GameTally) -> None:
        """Add another tally (the next chunk's)."""
        self.games += other.games
        self.deals_hist += other.deals_hist
        for v, c in other.pots.items():
            self.pots[v] = self.pots.get(v, 0) + c
        self.cut += other.cut
        self.pot_left += other.pot_left
        self.nets_sum += other.nets_sum
        self.nets_sq += other.nets_sq
        self.events_sum += other.events_sum
        self.events_sq += other.events_sq
        self.events_deals += other.events_deals
        self.winners += other.winners
        self.shared += other.shared
        self.imbalance = max(self.imbalance, other.imbalance)

    @property
    def deals(self) -> int:
        """Deals over every game."""
        return int(np.arange(len(self.deals_hist)) @ self.deals_hist)


@dataclass(frozen=True)
class Distribution:
    """A per-game quantity's distribution: its mean with standard error, the quantiles of
    :data:`QUANTILES`, the smallest and largest value, over ``n`` games."""

    mean: Estimate
    quantiles: tuple[float, ...]
    low: float
    high: float
    n: int

    @classmethod
    def of(cls, values: Sequence[float], counts: Sequence[int]) -> Distribution:
        """From the values (ascending) and how many games had each.

        >>> d = Distribution.of([1.0, 2.0, 10.0], [5, 4, 1])
        >>> d.mean.value, d.quantiles, d.high
        (2.3, (1.0, 2.0, 10.0), 10.0)
        """
        v = np.asarray(values, dtype=np.float64)
        c = np.asarray(counts, dtype=np.int64)
        n = int(c.sum())
        if n == 0:
            nan = float("nan")
            return cls(Estimate(nan, nan, nan, nan), tuple(nan for _ in QUANTILES), nan, nan, 0)
        total = math.fsum((v * c).tolist())
        squares = math.fsum((v * v * c).tolist())
        cum = np.cumsum(c)
        qs = tuple(float(v[int(np.searchsorted(cum, q * n))]) for q in QUANTILES)
        return cls(Estimate.of(total, squares, n), qs, float(v[0]), float(v[-1]), n)

    def as_dict(self) -> dict:
        """Plain dict for JSON."""
        return {"mean": self.mean.value, "se": self.mean.se, "games": self.n,
                "quantiles": {f"{q:g}": x for q, x in zip(QUANTILES, self.quantiles)},
                "min": self.low, "max": self.high}


def _ratio(x: int, x2: int, xd: int, d: int, d2: float, n: int) -> Estimate:
    """sum x / sum d over n games with its delta-method standard error."""
    if d == 0 or n < 2:
        nan = float("nan")
        return Estimate(nan, nan, nan, nan)
    p = x / d
    var = max(x2 - 2 * p * xd + p * p * d2, 0.0) / (n * (n - 1))
    se = math.sqrt(var) / (d / n)
    return Estimate(p, se, max(0.0, p - CONFIDENCE_Z * se), min(1.0, p + CONFIDENCE_Z * se))


@dataclass(frozen=True)
class WholeGameResult:
    """One setting's simulated games: the tally, the thresholds it played by (``rules``: the
    :class:`~guts_family.games.whole_game.thresholds.DealRule` of every pot met) and what
    reproduces it (``seed``, ``games``, ``chunk_size``)."""

    setting: GameSetting
    tally: GameTally
    rules: tuple = ()
    seed: int = 0
    chunk_size: int = 0
    workers: int = 1
    scheduler: str | None = None
    seconds: float = 0.0
    threshold_seconds: float = 0.0
    extra: dict = field(default_factory=dict)

    @property
    def games(self) -> int:
        """Games played."""
        return self.tally.games

    @property
    def deals(self) -> Distribution:
        """Deals per game (every game; a cut game counts its ``max_deals``)."""
        h = self.tally.deals_hist
        idx = np.flatnonzero(h)
        return Distribution.of(idx.astype(float).tolist(), h[idx].tolist())

    @property
    def final_pot(self) -> Distribution:
        """The pot the last deal of a game that ended was played for (what was taken)."""
        values = sorted(self.tally.pots)
        return Distribution.of(values, [self.tally.pots[v] for v in values])

    def per_deal(self, event: str) -> Estimate:
        """The share of deals with ``event`` (one of :data:`EVENTS`), with its standard error.

        ``nobody_in``: no deciding player went in (Guts 3-2-1: nobody; Phoenix Burn: the
        burned player played the pot alone; challenge guts: nobody called up to the dealer).
        """
        k = EVENTS.index(event)
        t = self.tally
        h = t.deals_hist.astype(np.float64)
        d = np.arange(len(h), dtype=np.float64)
        return _ratio(int(t.events_sum[k]), int(t.events_sq[k]), int(t.events_deals[k]),
                      t.deals, float(d * d @ h), t.games)

    def seat_net(self, seat: int) -> Estimate:
        """Seat ``seat``'s mean net result per game (seat 0 the dealer, 1 on its left, ...)."""
        t = self.tally
        return Estimate.of(float(t.nets_sum[seat]), float(t.nets_sq[seat]), t.games)

    def seat_sd(self, seat: int) -> float:
        """The standard deviation of seat ``seat``'s net result per game."""
        t = self.tally
        n = t.games
        mean = t.nets_sum[seat] / n
        return math.sqrt(max(t.nets_sq[seat] / n - mean * mean, 0.0) * n / max(n - 1, 1))

    @property
    def cut_share(self) -> Estimate:
        """The share of games cut at ``max_deals`` (not ended)."""
        t = self.tally
        return Estimate.of(t.cut, t.cut, t.games, low=0.0, high=1.0)

    def as_dict(self) -> dict:
        """Every figure, for JSON: each sampled one with its standard error."""
        s = self.setting
        return {
            "setting": s.as_dict(), "exact": False,
            "method": "sampled (Monte Carlo, not exact): complete games played deal by deal",
            "sampling": {"seed": self.seed, "games": self.games, "chunk_size": self.chunk_size,
                         "workers": self.workers, "scheduler": self.scheduler,
                         "streams": "chunk k: per-game SplitMix64 seeds drawn from "
                                    "SeedSequence(seed, spawn_key=(k,))",
                         "seconds": self.seconds, "threshold_seconds": self.threshold_seconds},
            "deals_per_game": self.deals.as_dict(), "deals": self.tally.deals,
            "final_pot": self.final_pot.as_dict(),
            "per_deal": {e: self.per_deal(e).as_dict() for e in EVENTS},
            "seats": [{"seat": i, "role": "dealer" if i == 0 else f"dealer + {i}",
                       "net_per_game": self.seat_net(i).as_dict(), "sd": self.seat_sd(i),
                       "won_alone": int(self.tally.winners[i])}
                      for i in range(s.players)],
            "ended_shared": self.tally.shared,
            "cut": {"games": self.tally.cut, "share": self.cut_share.as_dict(),
                    "pot_left": self.tally.pot_left},
            "money_imbalance": self.tally.imbalance,
            "thresholds": [r.as_dict() for r in self.rules], "version": __version__}
