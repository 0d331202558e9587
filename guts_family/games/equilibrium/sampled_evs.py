"""Sampled EVs of going in against players who use a threshold, for the Guts 3-card round.

The EV of going in with hero class ``c`` when each of the ``m`` other players goes in with
class ``t`` or better (the model of :mod:`guts_family.games.equilibrium.model`: a lone player in
plays the dummy, two or more show down, a loser pays ``min(pot, cap)``) is estimated from
random deals of the dummy and the ``m`` other hands from the cards the hero's hand leaves
(:class:`~guts_family.odds.sample.ThresholdDeals`; the hero's hand uniform over its class).

**Every threshold at once.** In one deal the hero's payoff depends on ``t`` only through the
best other hand ``b``: if ``b < t`` nobody else is in and the hero plays the dummy (win the
pot, lose ``min(pot, cap)``, a tie by ``--tie``); if ``b >= t`` the hero shows down against
every hand ``>= t``, and only the best of them matters: below ``b`` lose, above it win, equal
to it a tie with the ``k`` other hands of the hero's class (all of them in, by
``--player-tie``). So the deals of class ``c``, counted by (``b``, result against the dummy)
and by ``k``, give the estimate of EV(c, t) for every ``t`` by a prefix and a suffix sum, with
its standard error from the per-deal variance. The same deals serve every ``t`` and every
class reads the same uniforms (common random numbers).

**Streams.** Class ``c``'s deals are chunks ``0, 1, 2, ...`` of the seed's streams
(:func:`guts_family.sampling.chunk_rng`), whatever the classes sampled beside it and the
number of workers; adding deals continues with the next chunks, so a class's counts after
``n`` deals are one fixed function of (seed, class, n).

>>> from guts_family.hands import POKER3
>>> evs = ThresholdEVs(POKER3, players=3, pot=3.0, seed=1)
>>> evs.sample([POKER3.class_from_label("AK9")], 65_536)  # how the run stopped
'samples'
>>> value, se = evs.ev(POKER3.class_from_label("AK9"), POKER3.n_classes)  # others never in
>>> from guts_family.cards import parse_cards
>>> from guts_family.odds import field_odds
>>> alone = field_odds(POKER3, parse_cards("Ac Kd 9h"), [Seat("dummy", is_pot=True)])
>>> exact = alone.ev(3, None, "replay")
>>> abs(value - exact) < 4 * se, se < 0.02   # the dummy alone, exact by the card engine
(True, True)
"""

from __future__ import annotations

import math
import time
from collections.abc import Sequence
from dataclasses import dataclass, field

import numpy as np

from guts_family.hands import HandOrder
from guts_family.odds import FieldOdds, Seat
from guts_family.odds.sample import ThresholdDeals
from guts_family.sampling import CHUNK_SIZE, sample

__all__ = ["RESOLVE_Z", "ThresholdEVs", "unit_payoffs"]

#: a sign is resolved when the estimate is this many standard errors away from 0
RESOLVE_Z = 4.0


def unit_payoffs(others: int, pot: float, cap: float | None, tie: str, player_tie: str
                 ) -> tuple[np.ndarray, np.ndarray]:
    """The hero's payoff in each outcome, read from :meth:`~guts_family.odds.FieldOdds.ev_exact`
    (the exact code's pot and tie rules): ``alone`` = (beat, tie, lose) against the dummy;
    ``shown`` = (win, lose, then a tie with k = 1..others other hands) in a showdown.

    >>> alone, shown = unit_payoffs(2, 3.0, None, "replay", "split")
    >>> alone.tolist(), shown.tolist()
    ([3.0, 0.0, -3.0], [3.0, -3.0, 1.5, 1.0])
    """
    def one(seats: tuple[Seat, ...], lost: int, ties: dict[tuple[int, ...], int]) -> float:
        return float(FieldOdds("", (), (), seats, 1, lost, ties).ev_exact(pot, cap, tie,
                                                                          player_tie))

    dummy = (Seat("dummy", is_pot=True),)
    alone = [one(dummy, 0, {(): 1}), one(dummy, 0, {(0,): 1}), one(dummy, 1, {})]
    seats = tuple(Seat(f"in {i + 1}") for i in range(others))
    shown = [one(seats, 0, {(): 1}), one(seats, 1, {})]
    shown += [one(seats, 0, {tuple(range(k)): 1}) for k in range(1, others + 1)]
    return np.array(alone), np.array(shown)


@dataclass
class ThresholdEVs:
    """Sampled EV(c, t) of going in with class ``c`` against ``players - 1`` others who go in
    with ``t`` or better (``t = n_classes``: never), for every ``t`` at once (see the module).

    :meth:`sample` draws deals for some classes; :meth:`ev` and :meth:`evs` read the estimates
    of a class already sampled. ``deals[c]`` is the number of deals of class ``c``.
    """

    order: HandOrder
    players: int
    pot: float
    cap: float | None = None
    tie: str = "replay"
    player_tie: str = "split"
    deck: Sequence[int] | None = None
    seed: int = 0
    workers: int | None = 1
    parallel_after: float | None = None
    chunk_size: int = CHUNK_SIZE
    deals: dict[int, int] = field(default_factory=dict)
    seconds: float = 0.0
    _best: dict[int, np.ndarray] = field(default_factory=dict, repr=False)
    _ties: dict[int, np.ndarray] = field(default_factory=dict, repr=False)
    _cache: dict[int, tuple[np.ndarray, np.ndarray]] = field(default_factory=dict, repr=False)
    _values: tuple[np.ndarray, np.ndarray] | None = field(default=None, repr=False)

    @property
    def others(self) -> int:
        """The other players, each deciding by the threshold."""
        return self.players - 1

    @property
    def total_deals(self) -> int:
        """Deals drawn over every class."""
        return sum(self.deals.values())

    def sample(self, classes: Sequence[int], deals: int, max_seconds: float | None = None
               ) -> str:
        """Bring each class to ``deals`` deals (rounded up to whole chunks); classes already
        there are left alone. Classes with as many deals so far share one run (one pass over
        the uniforms). Returns how the last run stopped (``"samples"`` or ``"max-seconds"``).
        """
        target = -(-int(deals) // self.chunk_size) * self.chunk_size
        start = time.perf_counter()
        groups: dict[int, list[int]] = {}
        for c in dict.fromkeys(int(c) for c in classes):
            have = self.deals.get(c, 0)
            if have < target:
                groups.setdefault(have, []).append(c)
        stopped = "samples"
        for have, group in sorted(groups.items()):
            left = None
            if max_seconds is not None:
                left = max_seconds - (time.perf_counter() - start)
                if left <= 0:
                    stopped = "max-seconds"
                    break
            task = ThresholdDeals.build(self.order, group, self.others, self.deck)
            run = sample(task, seed=self.seed, samples=target - have, max_seconds=left,
                         workers=self.workers, chunk_size=self.chunk_size,
                         parallel_after=self.parallel_after,
                         first_chunk=have // self.chunk_size)
            if run.stopped_by == "max-seconds":
                stopped = "max-seconds"
            sums = np.array(run.sums, dtype=np.int64)
            w = task.width
            nb = 3 * self.order.n_classes
            for i, c in enumerate(group):
                best = sums[i * w:i * w + nb].reshape(self.order.n_classes, 3)
                ties = sums[i * w + nb:(i + 1) * w]
                if c in self._best:
                    self._best[c] = self._best[c] + best
                    self._ties[c] = self._ties[c] + ties
                else:
                    self._best[c], self._ties[c] = best, ties
                self.deals[c] = have + run.samples
                self._cache.pop(c, None)
        self.seconds += time.perf_counter() - start
        return stopped

    def evs(self, c: int) -> tuple[np.ndarray, np.ndarray]:
        """(estimates, standard errors) of EV(c, t) for t = 0 .. n_classes."""
        if c not in self._cache:
            if c not in self._best:
                raise KeyError(f"class {self.order.label(c)} has not been sampled")
            if self._values is None:
                self._values = unit_payoffs(self.others, self.pot, self.cap, self.tie,
                                            self.player_tie)
            alone, shown = self._values
            best = self._best[c].astype(np.float64)
            ties = self._ties[c].astype(np.float64)
            n = self.deals[c]
            rows = best.sum(axis=1)
            a1, a2 = best @ alone, best @ (alone * alone)
            b = np.where(np.arange(self.order.n_classes) < c, shown[0], shown[1])
            b1, b2 = rows * b, rows * b * b
            tie_values = np.concatenate(([0.0], shown[2:]))
            b1[c], b2[c] = ties @ tie_values, ties @ (tie_values * tie_values)
            # t: others with t or better go in; best < t: the dummy alone, best >= t: showdown
            s1 = np.concatenate(([0.0], np.cumsum(a1))) + np.concatenate(
                (np.cumsum(b1[::-1])[::-1], [0.0]))
            s2 = np.concatenate(([0.0], np.cumsum(a2))) + np.concatenate(
                (np.cumsum(b2[::-1])[::-1], [0.0]))
            mean = s1 / n
            var = np.maximum(s2 / n - mean * mean, 0.0) * (n / (n - 1) if n > 1 else math.inf)
            self._cache[c] = (mean, np.sqrt(var / n))
        return self._cache[c]

    def ev(self, c: int, t: int) -> tuple[float, float]:
        """(estimate, standard error) of EV(c, t)."""
        mean, se = self.evs(c)
        return float(mean[t]), float(se[t])

    def sign(self, c: int, t: int, z: float = RESOLVE_Z) -> int:
        """+1 (going in pays), -1 (it does not), 0 (unresolved at ``z`` standard errors). All
        deals alike (standard error 0): the sign of their value, 0 counted as not paying."""
        value, se = self.ev(c, t)
        if se == 0:
            return 1 if value > 0 else -1
        return 1 if value > z * se else (-1 if value < -z * se else 0)
