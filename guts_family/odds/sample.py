"""Sampled field odds with error bars: the questions exact counting refuses (seeded Monte Carlo).

The three-card poker order (straights and flushes) needs the suits, so its exact count
(:func:`~guts_family.odds.field_odds`) stops at three opposing hands with unseen cards and one
calling range. Beyond that the deal is sampled: each trial deals the unseen cards of every seat
uniformly from the cards left (the deck less the hero's cards, the dead cards and every seat's
face-up cards) by a partial Fisher-Yates shuffle, and scores it as the exact count does.

**Ranges, by rejection.** A deal in which a seat's hand is outside its calling range
(``min_class`` / ``max_class``) is thrown away whole and redrawn, so the accepted deals are
uniform over exactly the deals the exact count weighs (every seat in its range). The cost grows
as one over the acceptance rate, which is reported (``acceptance``); a range no deal meets
in :data:`MAX_TRIES_PER_TRIAL` tries in a row is refused.

**Figures.** Every trial falls in one outcome: an outright win, a loss, or a tie with a set of
seats (with the pot's hand or not, and how many players). Win / tie / lose and the pot share
(1 / the number of tied hands, 0 on a loss) are means of per-trial values, each with its
standard error from the sample variance and a 99 % interval; the EV of going in, with any tie
rule, is a per-trial value too (:meth:`SampledFieldOdds.ev`). The random streams are those of
:mod:`guts_family.sampling`: the same seed gives the same figures for any number of workers.

>>> from guts_family.cards import parse_cards
>>> from guts_family.hands import POKER3
>>> seats = [Seat(f"player {i}") for i in range(2, 7)]
>>> r = field_sample(POKER3, parse_cards("Ks Kd 7h"), seats, seed=1, samples=20_000)
>>> r.method, r.run.samples, 0.55 < r.win.value < 0.62, r.win.se < 0.004
('sampled', 20000, True, True)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from guts_family.cards import CardError, cards_str
from guts_family.hands import HandOrder
from guts_family.odds._kernels import threshold_deals
from guts_family.odds.deal import validate
from guts_family.odds.outcome import FieldOdds, Seat
from guts_family.sampling import Estimate, SampleRun, check_sampling, sample

__all__ = ["DEFAULT_TARGET_SE", "MAX_TRIES_PER_TRIAL", "FieldDeals", "SampledFieldOdds",
           "ThresholdDeals", "field_sample"]

#: the standard error sampling stops at when neither a target nor a sample count is given
DEFAULT_TARGET_SE = 0.001
#: a chunk gives up (a range too narrow to sample: acceptance below about 1 in 10^5) after
#: this many rejected deals in a row
MAX_TRIES_PER_TRIAL = 1_000_000

# columns: win, tie, lose (0/1 a trial), tries (deals drawn for the trial), then one per
# tie outcome: (pot's hand tied or not) x (players tied, 0..P)
WIN, TIE, LOSE, TRIES = 0, 1, 2, 3
_FIRST_TIE = 4
_BATCH = 4096


@dataclass(frozen=True)
class FieldDeals:
    """The sampling task of one field-odds question (a :class:`guts_family.sampling.Task`):
    ``n`` accepted random deals of the seats' unseen cards, counted by outcome.

    >>> from guts_family.cards import parse_cards
    >>> from guts_family.hands import POKER3
    >>> from guts_family.sampling import chunk_rng
    >>> task = FieldDeals.build(POKER3, parse_cards("As Ad Kh"), [Seat("pot", is_pot=True)])
    >>> sums, squares = task(chunk_rng(0, 0), 1000)
    >>> int(sums[WIN] + sums[TIE] + sums[LOSE]), int(sums[TRIES])  # no range: 1 deal a trial
    (1000, 1000)
    """

    lookup: np.ndarray     # the order's class of every ordered card tuple
    n_cards: int
    hero_class: int
    unseen: np.ndarray     # int64
    known: np.ndarray      # (S, n_cards) int64, -1 where a card is dealt
    low: np.ndarray        # (S,) lowest class of each seat's range
    high: np.ndarray       # (S,) highest class
    plays: np.ndarray      # (S,) bool: the seat competes
    is_pot: np.ndarray     # (S,) bool: the pot's hand
    ranged: bool           # some dealt seat is restricted (deals may be rejected)

    @classmethod
    def build(cls, order: HandOrder, hero: Sequence[int], seats: Sequence[Seat],
              dead: Sequence[int] = (), deck: Sequence[int] | None = None) -> FieldDeals:
        """The task of a question, checked as the exact count checks it; a fully shown seat
        outside its range is refused (no deal could be accepted)."""
        hero, unseen = validate(order, hero, seats, dead, deck)
        n = order.n_cards
        top = order.n_classes - 1
        known = np.full((len(seats), n), -1, dtype=np.int64)
        for i, s in enumerate(seats):
            known[i, :len(s.known)] = s.known
            high = top if s.max_class is None else s.max_class
            if len(s.known) == n and not s.min_class <= order.class_of(list(s.known)) <= high:
                raise ValueError(f"{s.name}'s hand {cards_str(s.known)} is outside its range")
        ranged = any(s.min_class > 0 or (s.max_class is not None and s.max_class < top)
                     for s in seats if len(s.known) < n)
        return cls(np.asarray(order.lookup), n, order.class_of(hero), unseen, known,
                   np.array([s.min_class for s in seats], dtype=np.int64),
                   np.array([top if s.max_class is None else s.max_class for s in seats],
                            dtype=np.int64),
                   np.array([s.plays for s in seats], dtype=bool),
                   np.array([s.is_pot for s in seats], dtype=bool), ranged)

    @property
    def players(self) -> int:
        """Seats that are not the pot's hand (the most players a tie can hold)."""
        return int((~self.is_pot).sum())

    @property
    def columns(self) -> int:
        """Number of statistics a trial returns."""
        return _FIRST_TIE + 2 * (self.players + 1)

    def _deal(self, rng: np.random.Generator, b: int) -> np.ndarray:
        """Classes (b, S) of b uniform deals: a partial Fisher-Yates shuffle of the unseen."""
        holes = self.known < 0
        d = int(holes.sum())
        u_count = len(self.unseen)
        deck = np.broadcast_to(self.unseen, (b, u_count)).copy()
        u = rng.random((b, d))
        rows = np.arange(b)
        for j in range(d):
            k = j + (u[:, j] * (u_count - j)).astype(np.int64)
            a, c = deck[:, j].copy(), deck[rows, k]
            deck[:, j] = c
            deck[rows, k] = a
        cards = np.broadcast_to(self.known, (b, *self.known.shape)).copy()
        cards[:, holes] = deck[:, :d]
        idx = np.zeros(cards.shape[:2], dtype=np.int64)
        for j in range(self.n_cards - 1, -1, -1):
            idx = idx * 52 + cards[:, :, j]
        return self.lookup[idx].astype(np.int64)

    def __call__(self, rng: np.random.Generator, n: int) -> tuple[np.ndarray, np.ndarray]:
        p = self.players
        sums = np.zeros(self.columns, dtype=np.int64)
        squares = np.zeros(self.columns, dtype=np.int64)
        got = 0
        drawn = 0        # deals drawn in this chunk
        last = 0         # the deal count at the last accepted deal
        rate = 1.0
        while got < n:
            b = int(min(max((n - got) / rate * 1.1, 256), 16 * _BATCH)) if self.ranged \
                else min(n - got, _BATCH)
            cls = self._deal(rng, b)
            ok = ((cls >= self.low) & (cls <= self.high)).all(axis=1) if self.ranged \
                else np.ones(b, dtype=bool)
            pos = np.flatnonzero(ok)[:n - got]
            if len(pos):
                tries = np.diff(np.concatenate(([last], drawn + pos + 1)))
                last = drawn + int(pos[-1]) + 1
                sums[TRIES] += int(tries.sum())
                squares[TRIES] += int((tries * tries).sum())
                c = cls[pos][:, self.plays]
                pot = self.is_pot[self.plays]
                beaten = (c > self.hero_class).any(axis=1)
                tied = c == self.hero_class
                pot_tied = (tied & pot).any(axis=1)
                k = (tied & ~pot).sum(axis=1)
                any_tie = ~beaten & tied.any(axis=1)
                win = ~beaten & ~any_tie
                col = _FIRST_TIE + pot_tied.astype(np.int64) * (p + 1) + k
                counts = np.bincount(col[any_tie], minlength=self.columns)
                counts[WIN], counts[TIE], counts[LOSE] = win.sum(), any_tie.sum(), beaten.sum()
                counts[TRIES] = 0
                sums += counts
                squares += counts  # indicators: value == its square
                got += len(pos)
            drawn += b
            rate = max(got / drawn, 1e-9)
            if drawn - last > MAX_TRIES_PER_TRIAL and got < n:
                raise CardError(f"no deal in {drawn - last:,} tries gave every seat a hand of "
                                "its range: widen the range")
        return sums, squares


@dataclass(frozen=True)
class ThresholdDeals:
    """The sampling task of the threshold equilibrium of a Guts 3-card round (a
    :class:`guts_family.sampling.Task`): ``n`` deals of the dummy and ``others`` hands against
    a hero of each class in ``hero_classes``, counted by the best other hand's class and the
    hero's result against the dummy (:func:`~guts_family.odds._kernels.threshold_deals`).

    Every deal deals the unseen cards as :class:`FieldDeals` does (a partial Fisher-Yates
    shuffle, the dummy first); the hero's hand is drawn uniformly from its class's hands.
    Common random numbers: every hero class reads the same uniforms, so a class's counts after
    chunks 0..k-1 do not depend on which other classes were sampled with it. Statistics per
    class (:attr:`width` columns): ``best`` (n_classes x 3, row-major), then ``ties``
    (others + 1).

    >>> from guts_family.hands import POKER3
    >>> from guts_family.sampling import chunk_rng
    >>> task = ThresholdDeals.build(POKER3, [256], others=2)
    >>> sums, _ = task(chunk_rng(0, 0), 1000)
    >>> int(sums[:task.width - 3].sum()), len(sums) == task.width  # every deal counted once
    (1000, True)
    """

    lookup: np.ndarray                 # the order's class of every ordered card tuple
    n_classes: int
    others: int
    hero_classes: tuple[int, ...]
    hands: tuple[np.ndarray, ...]      # per hero class: (H, 3) int64, the class's hands
    unseen: tuple[np.ndarray, ...]     # per hero class: (H, U) int64, each hand's unseen cards

    @classmethod
    def build(cls, order: HandOrder, hero_classes: Sequence[int], others: int,
              deck: Sequence[int] | None = None) -> ThresholdDeals:
        """The task for these hero classes (each with its hands in the deck in play)."""
        all_hands, all_classes = order.all_hands
        cards = list(range(52)) if deck is None else sorted({int(c) for c in deck})
        in_deck = np.zeros(52, dtype=bool)
        in_deck[cards] = True
        keep = in_deck[all_hands].all(axis=1)
        need = order.n_cards * (others + 1)
        if need > len(cards) - order.n_cards:
            raise ValueError(f"not enough cards: {len(cards) - order.n_cards} unseen, the "
                             f"dummy and {others} other hands need {need}")
        hands_l, unseen_l = [], []
        for c in hero_classes:
            hands = all_hands[keep & (all_classes == c)]
            if not len(hands):
                raise ValueError(f"no hand of class {order.label(int(c))} in the deck in play")
            unseen = np.array([[x for x in cards if x not in set(h.tolist())] for h in hands],
                              dtype=np.int64)
            hands_l.append(hands.astype(np.int64))
            unseen_l.append(unseen)
        return cls(np.asarray(order.lookup), order.n_classes, int(others),
                   tuple(int(c) for c in hero_classes), tuple(hands_l), tuple(unseen_l))

    @property
    def width(self) -> int:
        """Statistics per hero class."""
        return 3 * self.n_classes + self.others + 1

    def __call__(self, rng: np.random.Generator, n: int) -> tuple[np.ndarray, np.ndarray]:
        u = rng.random((n, 1 + 3 * (self.others + 1)))
        w = self.width
        out = np.empty(w * len(self.hero_classes), dtype=np.int64)
        for i, c in enumerate(self.hero_classes):
            best, ties = threshold_deals(u, self.hands[i], self.unseen[i], self.lookup, c,
                                         self.others, self.n_classes)
            out[i * w:i * w + 3 * self.n_classes] = best.ravel()
            out[i * w + 3 * self.n_classes:(i + 1) * w] = ties
        return out, out  # indicators: every value equals its square


def _ev_values(seats: tuple[Seat, ...], players: int, pot: float | Fraction,
               limit: float | Fraction | None, tie: str, player_tie: str
               ) -> tuple[float, float, list[float]]:
    """The EV of going in for one deal of each outcome: win, lose, then each tie column."""
    pot_i = next((i for i, s in enumerate(seats) if s.is_pot), None)
    player_i = [i for i, s in enumerate(seats) if not s.is_pot]

    def one(lost: int, ties: dict[tuple[int, ...], int]) -> float:
        return float(FieldOdds("", (), (), seats, 1, lost, ties)
                     .ev_exact(pot, limit, tie, player_tie))

    ties = []
    for pot_tied in (0, 1):
        for k in range(players + 1):
            mask = tuple(sorted(player_i[:k] + ([pot_i] if pot_tied and pot_i is not None
                                                 else [])))
            ties.append(one(0, {mask: 1}) if mask else 0.0)
    return one(0, {(): 1}), one(1, {}), ties


@dataclass(frozen=True)
class SampledFieldOdds:
    """Sampled odds of a hand against a field: each figure an
    :class:`~guts_family.sampling.Estimate` (value, standard error, 99 % interval), the
    outcome counts behind them and the run that drew them (seed, samples, how it stopped)."""

    order: str
    hero: tuple[int, ...]
    dead: tuple[int, ...]
    seats: tuple[Seat, ...]
    run: SampleRun
    players: int
    method: str = "sampled"

    def _linear(self, values: Sequence[float]) -> Estimate:
        """The estimate of a per-trial value that is ``values[c]`` in outcome column ``c``."""
        total = sum(float(v) * float(self.run.sums[c]) for c, v in enumerate(values) if v)
        squares = sum(float(v) ** 2 * float(self.run.sums[c]) for c, v in enumerate(values) if v)
        return Estimate.of(total, squares, self.run.samples)

    @property
    def win(self) -> Estimate:
        """Probability of an outright win."""
        return self.run.estimate(WIN, 0.0, 1.0)

    @property
    def tie(self) -> Estimate:
        """Probability of a tie for best."""
        return self.run.estimate(TIE, 0.0, 1.0)

    @property
    def lose(self) -> Estimate:
        """Probability that some seat's hand is strictly better."""
        return self.run.estimate(LOSE, 0.0, 1.0)

    @property
    def share(self) -> Estimate:
        """The hero's expected share of the pot, ties split equally among the tied hands (the
        pot's hand included)."""
        values = [0.0] * (_FIRST_TIE + 2 * (self.players + 1))
        values[WIN] = 1.0
        for pot_tied in (0, 1):
            for k in range(self.players + 1):
                if pot_tied + k:
                    values[_FIRST_TIE + pot_tied * (self.players + 1) + k] = 1 / (1 + pot_tied + k)
        e = self._linear(values)
        return Estimate(e.value, e.se, max(e.low, 0.0), min(e.high, 1.0))

    @property
    def acceptance(self) -> float:
        """The share of drawn deals that met every seat's range (1 without ranges)."""
        return self.run.samples / float(self.run.sums[TRIES])

    @property
    def worst_se(self) -> float:
        """The largest standard error of win, tie and lose (what a target SE bounds)."""
        return max(self.win.se, self.tie.se, self.lose.se)

    def ev(self, pot: float | Fraction, limit: float | Fraction | None = None,
           tie: str = "pot", player_tie: str = "split") -> Estimate:
        """The EV of going in (versus 0 staying out), with its standard error, under the tie
        rules of :meth:`~guts_family.odds.FieldOdds.ev_exact`.

        >>> from guts_family.cards import parse_cards
        >>> from guts_family.hands import POKER3
        >>> r = field_sample(POKER3, parse_cards("Qs Qd 7h"), [Seat(f"p{i}") for i in range(4)],
        ...                  seed=2, samples=10_000)
        >>> e = r.ev(10); abs(e.value - (10 * r.win.value - 10 * r.lose.value)) < 10 * r.tie.value
        True
        """
        win, lose, ties = _ev_values(self.seats, self.players, pot, limit, tie, player_tie)
        return self._linear([win, 0.0, lose, 0.0, *ties])

    def as_dict(self) -> dict[str, object]:
        """JSON-ready: ``exact`` False, ``method`` 'sampled', each figure with ``_se`` and
        ``_99``, the acceptance rate and the run (seed, samples, how it stopped).

        >>> from guts_family.cards import parse_cards
        >>> from guts_family.hands import POKER3
        >>> r = field_sample(POKER3, parse_cards("As Ad Kh"), [Seat("pot", is_pot=True)],
        ...                  seed=3, samples=1000)
        >>> d = r.as_dict(); d["exact"], d["method"], d["sampling"]["seed"], d["samples"]
        (False, 'sampled', 3, 1000)
        """
        out: dict[str, object] = {
            "hand": cards_str(self.hero), "dead": cards_str(self.dead), "order": self.order,
            "seats": [{"name": s.name, "known": cards_str(s.known), "is_pot": s.is_pot}
                      for s in self.seats],
            "exact": False, "method": self.method}
        for name in ("win", "tie", "lose", "share"):
            e: Estimate = getattr(self, name)
            out[name] = e.value
            out[f"{name}_se"] = e.se
            out[f"{name}_99"] = [e.low, e.high]
        out.update({"samples": self.run.samples, "acceptance": self.acceptance,
                    "sampling": self.run.as_dict()})
        return out


def field_sample(order: HandOrder, hero: Sequence[int], seats: Sequence[Seat],
                 dead: Sequence[int] = (), deck: Sequence[int] | None = None, *,
                 seed: int | None = None, target_se: float | None = None,
                 samples: int | None = None, max_seconds: float | None = None,
                 workers: int | None = 1, chunk_size: int | None = None,
                 parallel_after: float | None = None) -> SampledFieldOdds:
    """Sampled win / tie / lose of ``hero`` against ``seats`` (as
    :func:`~guts_family.odds.field_odds` takes them), with error bars.

    Stops when win, tie and lose all have a standard error of at most ``target_se``, after
    ``samples`` accepted deals, or at ``max_seconds``, whichever comes first (with neither a
    target nor a count: ``target_se=0.001``). seed: None draws a fresh one (``run.seed``);
    workers: processes (None: every CPU); the same seed gives the same figures for any number.

    >>> from guts_family.cards import parse_cards
    >>> from guts_family.hands import POKER3
    >>> seats = [Seat(f"player {i}") for i in range(2, 6)]
    >>> a = field_sample(POKER3, parse_cards("Ah Kh Qh"), seats, seed=4, samples=3000)
    >>> b = field_sample(POKER3, parse_cards("Ah Kh Qh"), seats, seed=4, samples=3000,
    ...                  workers=2, chunk_size=1000, parallel_after=0)
    >>> a.run.sums == b.run.sums, a.win.value > 0.99
    (True, True)
    """
    check_sampling(seed, target_se, samples, workers, max_seconds)
    task = FieldDeals.build(order, hero, seats, dead, deck)
    if target_se is None and samples is None:
        target_se = DEFAULT_TARGET_SE
    run = sample(task, seed=seed, target_se=target_se, samples=samples,
                 max_seconds=max_seconds, workers=workers, watch=[WIN, TIE, LOSE],
                 parallel_after=parallel_after,
                 **({} if chunk_size is None else {"chunk_size": chunk_size}))
    return SampledFieldOdds(order.name, tuple(int(c) for c in hero),
                            tuple(int(c) for c in dead), tuple(seats), run, task.players)
