"""Omaha Burn by sampling: seeded Monte Carlo equity with error bars, and the method choice.

Where complete enumeration (:mod:`~guts_family.omaha.exact`) cannot finish within the time limit
- several unknown opponents at the burn or on the flop, any unknown hand preflop - the rest of
the deal is sampled instead: each trial deals the missing board cards and every unknown
opponent's four cards at random from the unseen cards and shares the pot exactly as the
enumeration does (ties split, high-low halves). The figures are means of the per-trial values
(a player's share of the pot in that deal; 1 or 0 for scoop, win, tie, lose), each with its
standard error from the sample variance and a 99 % interval. The sampling itself is
:mod:`guts_family.sampling` (one random stream per chunk of deals, so the same seed gives the
same numbers whatever the number of workers); the deal-and-score kernel is ``_sample_deals`` in
:mod:`guts_family.omaha._kernels`.

:func:`omaha_odds` picks the method: exact when its time estimate fits ``max_seconds``, else
sampled (``method="exact"`` / ``"sample"`` force one). Sampled results say so: their
``as_dict()`` has ``"exact": False`` and ``"method": "sampled"``.

>>> r = omaha_sample(["AsAhKsKh"], "Qd7c2h3s", opponents=2, seed=1, samples=20_000)
>>> r.method, r.run.samples, r.run.seed, 0.3 < r.players[0].equity.value < 0.6
('sampled', 20000, 1, True)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from math import lcm

import numpy as np

from guts_family.cards import CardError, cards_str, parse_cards
from guts_family.omaha._kernels import (
    LOSE,
    N_STATS,
    SCOOP,
    SHARE,
    TIE_HIGH,
    TIE_LOW,
    WIN_HIGH,
    WIN_LOW,
    _sample_deals,
    _sample_ranged_deals,
)
from guts_family.omaha.evaluator import tables
from guts_family.omaha.exact import (
    MAX_SECONDS,
    OmahaEquity,
    check_deal,
    check_range,
    estimate_seconds,
    omaha_equity,
)
from guts_family.omaha.ranges import OmahaRange
from guts_family.sampling import Estimate, SampleRun, check_sampling, sample

__all__ = ["DEFAULT_TARGET_SE", "MAX_CHUNK", "METHODS", "SampledPlayerOdds",
           "SampledOmahaEquity", "OmahaDeals", "check_deal", "omaha_sample", "omaha_odds",
           "choose_method"]

#: the standard error sampling stops at when neither a target nor a sample count is given
DEFAULT_TARGET_SE = 0.001
#: the largest chunk (its int64 sums of squared pot shares, at most 55440^2 a deal, stay exact)
MAX_CHUNK = 1 << 22
#: the methods :func:`omaha_odds` takes
METHODS = ("auto", "exact", "sample")
#: a ranged chunk gives up (no disjoint holdings of the range: acceptance below about 1 in
#: 10^6) after this many draws in a row without an accepted one
MAX_TRIES_PER_TRIAL = 1_000_000

_FIELDS = ("equity", "scoop", "win_high", "tie_high", "win_low", "tie_low", "lose")
_COLUMNS = (SHARE, SCOOP, WIN_HIGH, TIE_HIGH, WIN_LOW, TIE_LOW, LOSE)


@dataclass(frozen=True)
class OmahaDeals:
    """The sampling task of one Omaha Burn question (see :class:`guts_family.sampling.Task`):
    ``n`` random completions of the deal, scored; columns are (player slot, statistic) with
    the unknown opponents summed in the last slot.

    With a range (``range_hands``: its holdings left beside the known cards), each trial draws
    every unknown opponent's holding uniformly from that list, independently, and throws the
    draw away whole unless the holdings are pairwise disjoint (rejection: the accepted draws
    are uniform over the sets of disjoint in-range holdings, as the exact count weighs them);
    the board's missing cards are then dealt from the cards left. One more column counts the
    draws (``tries``), so the acceptance is samples / tries.

    >>> task = OmahaDeals.build([parse_cards("AsAhKsKh")], parse_cards("Qd7c2h3s"), 1, False)
    >>> from guts_family.sampling import chunk_rng
    >>> sums, squares = task(chunk_rng(0, 0), 1000)
    >>> sums.shape, int(sums[0] + sums[N_STATS]) == 1000 * task.unit  # the pot is shared out
    ((14,), True)
    """

    known: np.ndarray  # (K, 4) int64
    board: np.ndarray  # int64
    unseen: np.ndarray  # int64, sorted
    opponents: int
    hilo: bool
    unit: int
    range_hands: np.ndarray | None = None  # (L, 4) int64
    range_masks: np.ndarray | None = None  # (L,) int64, a bit per card

    @classmethod
    def build(cls, known: Sequence[Sequence[int]], board: Sequence[int], opponents: int,
              hilo: bool, range_hands: np.ndarray | None = None) -> OmahaDeals:
        """The task from checked hands and board (see :func:`omaha_sample`); range_hands: the
        range's holdings left (:func:`~guts_family.omaha.exact.check_range`), or None."""
        dead = {c for h in known for c in h} | set(board)
        unseen = np.array([c for c in range(52) if c not in dead], dtype=np.int64)
        n_players = len(known) + opponents
        masks = None
        if range_hands is not None:
            range_hands = np.ascontiguousarray(range_hands, dtype=np.int64)
            masks = (np.int64(1) << range_hands).sum(axis=1)
        return cls(np.array(known, dtype=np.int64).reshape(len(known), 4),
                   np.array(board, dtype=np.int64), unseen, opponents, hilo,
                   2 * lcm(*range(1, n_players + 1)), range_hands, masks)

    @property
    def ranged(self) -> bool:
        """True when the unknown opponents' holdings come from a range."""
        return self.range_hands is not None

    @property
    def draws(self) -> int:
        """Cards dealt per trial: the missing board cards and four per unknown opponent."""
        return 5 - len(self.board) + 4 * self.opponents

    def warm_up(self) -> None:
        """Build the lookup tables and compile (or load) the kernel, dealing nothing."""
        slots = np.zeros((len(self.known) + 1, N_STATS), dtype=np.int64)
        if self.ranged:
            _sample_ranged_deals(tables(), self.known, self.board, self.unseen,
                                 np.zeros((0, self.opponents, 4), dtype=np.int64), self.hilo,
                                 self.unit, np.zeros((0, 5 - len(self.board))), slots,
                                 slots.copy())
            return
        _sample_deals(tables(), self.known, self.board, self.unseen.copy(), self.opponents,
                      self.hilo, self.unit, np.zeros((0, self.draws)), slots, slots.copy())

    def _ranged(self, rng: np.random.Generator, n: int) -> tuple[np.ndarray, np.ndarray]:
        """n accepted trials with the unknown holdings drawn from the range (see the class)."""
        assert self.range_hands is not None and self.range_masks is not None
        slots = len(self.known) + 1
        sums = np.zeros((slots, N_STATS), dtype=np.int64)
        squares = np.zeros((slots, N_STATS), dtype=np.int64)
        k, size, m = self.opponents, len(self.range_hands), 5 - len(self.board)
        got = drawn = last = tries_sum = tries_sq = 0
        rate = 1.0
        while got < n:
            b = int(min(max((n - got) / rate * 1.1, 256), 1 << 16))
            idx = rng.integers(0, size, size=(b, k))
            masks = self.range_masks[idx]
            ok = np.bitwise_or.reduce(masks, axis=1) == masks.sum(axis=1)
            pos = np.flatnonzero(ok)[:n - got]
            if len(pos):
                tries = np.diff(np.concatenate(([last], drawn + pos + 1)))
                last = drawn + int(pos[-1]) + 1
                tries_sum += int(tries.sum())
                tries_sq += int((tries * tries).sum())
                opp = self.range_hands[idx[pos]]
                u = rng.random((len(pos), m))
                _sample_ranged_deals(tables(), self.known, self.board, self.unseen, opp,
                                     self.hilo, self.unit, u, sums, squares)
                got += len(pos)
            drawn += b
            rate = max(got / drawn, 1e-9)
            if drawn - last > MAX_TRIES_PER_TRIAL and got < n:
                raise CardError(f"no draw in {drawn - last:,} tries gave the {k} unknown "
                                "opponents disjoint holdings of the range: widen the range")
        return (np.concatenate((sums.ravel(), [tries_sum])),
                np.concatenate((squares.ravel(), [tries_sq])))

    def __call__(self, rng: np.random.Generator, n: int) -> tuple[np.ndarray, np.ndarray]:
        if self.ranged:
            return self._ranged(rng, n)
        slots = len(self.known) + 1
        sums = np.zeros((slots, N_STATS), dtype=np.int64)
        squares = np.zeros((slots, N_STATS), dtype=np.int64)
        deck = self.unseen.copy()
        # in pieces, so the uniforms stay small in memory
        for start in range(0, n, 4096):
            u = rng.random((min(4096, n - start), self.draws))
            _sample_deals(tables(), self.known, self.board, deck, self.opponents, self.hilo,
                          self.unit, u, sums, squares)
        return sums.ravel(), squares.ravel()


@dataclass(frozen=True)
class SampledPlayerOdds:
    """One player's sampled odds (for an unknown opponent, per unknown seat); each figure an
    :class:`~guts_family.sampling.Estimate` (value, standard error, 99 % interval)."""

    hand: str
    equity: Estimate
    scoop: Estimate
    win_high: Estimate
    tie_high: Estimate
    win_low: Estimate
    tie_low: Estimate
    lose: Estimate

    def as_dict(self) -> dict[str, object]:
        """Floats for JSON: each figure, ``NAME_se``, and ``equity_99`` (the interval).

        >>> e = Estimate(0.5, 0.01, 0.47, 0.53)
        >>> d = SampledPlayerOdds("random", *[e] * 7).as_dict()
        >>> d["equity"], d["equity_se"], d["equity_99"], d["lose_se"]
        (0.5, 0.01, [0.47, 0.53], 0.01)
        """
        out: dict[str, object] = {"hand": self.hand}
        for name in _FIELDS:
            e: Estimate = getattr(self, name)
            out[name] = e.value
            out[f"{name}_se"] = e.se
        out["equity_99"] = [self.equity.low, self.equity.high]
        return out


@dataclass(frozen=True)
class SampledOmahaEquity:
    """Sampled odds of every player (the known hands, then one entry per unknown opponent, all
    equal) and the run that produced them (seed, samples, how it stopped)."""

    hands: tuple[tuple[int, ...], ...]
    board: tuple[int, ...]
    hilo: bool
    opponents: int
    players: tuple[SampledPlayerOdds, ...]
    run: SampleRun
    method: str = "sampled"
    opponent_range: OmahaRange | None = None
    acceptance: float = 1.0  # with a range: accepted draws / draws of the unknown holdings

    @property
    def stage(self) -> str:
        """'preflop', 'flop', 'burn' (turn dealt, river to come) or 'river'."""
        return {0: "preflop", 3: "flop", 4: "burn", 5: "river"}[len(self.board)]

    @property
    def worst_se(self) -> float:
        """The largest standard error of any player's equity (what a target SE bounds)."""
        return max(p.equity.se for p in self.players)

    def as_dict(self) -> dict[str, object]:
        """JSON-ready summary; ``exact`` is False and ``sampling`` says how it was drawn.

        >>> r = omaha_sample(["AsAhKsKh", "JdTc9d8c"], "Qd7c2h", seed=2, samples=1000)
        >>> d = r.as_dict(); d["exact"], d["method"], d["sampling"]["seed"], d["samples"]
        (False, 'sampled', 2, 1000)
        """
        return {
            "game": "omaha-hilo" if self.hilo else "omaha-high",
            "board": cards_str(self.board),
            "stage": self.stage,
            "opponents": self.opponents,
            "exact": False,
            "method": self.method,
            "samples": self.run.samples,
            "sampling": self.run.as_dict(),
            "players": [p.as_dict() for p in self.players],
            **({"range": self.opponent_range.as_dict(), "acceptance": self.acceptance}
               if self.opponent_range is not None else {}),
        }


def _cards(x: Sequence[int] | str) -> list[int]:
    return parse_cards(x) if isinstance(x, str) else [int(c) for c in x]


def omaha_sample(hands: Sequence[Sequence[int] | str] | str, board: Sequence[int] | str = (),
                 *, hilo: bool = False, opponents: int = 0, seed: int | None = None,
                 target_se: float | None = None, samples: int | None = None,
                 max_seconds: float | None = MAX_SECONDS, workers: int | None = 1,
                 chunk_size: int | None = None, parallel_after: float | None = None,
                 opponent_range: OmahaRange | None = None) -> SampledOmahaEquity:
    """Sampled equity of known Omaha hands (and unknown opponents), with error bars.

    Stops when every player's equity has a standard error of at most ``target_se``, after
    ``samples`` deals, or at ``max_seconds``, whichever comes first (with neither a target nor
    a count: ``target_se=0.001``). seed: None draws a fresh one (reported in ``run.seed``);
    workers: processes (None: every CPU); the same seed gives the same figures for any number.
    chunk_size and parallel_after are passed to :func:`guts_family.sampling.sample`.
    opponent_range: every unknown opponent holds one of its holdings (drawn by rejection, see
    :class:`OmahaDeals`; the acceptance is reported).

    >>> a = omaha_sample("AsAhKsKh JdTc9d8c", "Qd7c2h3s", seed=5, samples=2000)
    >>> b = omaha_sample("AsAhKsKh JdTc9d8c", "Qd7c2h3s", seed=5, samples=2000, workers=2,
    ...                  chunk_size=500, parallel_after=0)
    >>> a.players == b.players, round(a.players[0].equity.value + a.players[1].equity.value, 9)
    (True, 1.0)
    >>> omaha_sample(["AsAhKsKh"], "Qd7c2h3s", opponents=1, target_se=0)
    Traceback (most recent call last):
    ...
    ValueError: --target-se must be a positive number, got 0: give e.g. --target-se 0.001
    >>> from guts_family.omaha.ranges import parse_omaha_range
    >>> r = omaha_sample(["KsKhQsQh"], "", opponents=3, seed=1, samples=4000,
    ...                  opponent_range=parse_omaha_range("AA**, JJ**"))
    >>> r.run.samples, 0.03 < r.acceptance < 0.1, r.players[1].hand
    (4000, True, 'range')
    """
    known, b = check_deal(hands, board, opponents)
    listed = check_range(opponent_range, known, b, opponents)
    check_sampling(seed, target_se, samples, workers, max_seconds)
    if chunk_size is not None and not 1 <= chunk_size <= MAX_CHUNK:
        # the kernel's int64 sums of squares stay exact up to this many deals a chunk
        raise ValueError(f"chunk_size must be 1 to {MAX_CHUNK:,}, got {chunk_size}")
    if target_se is None and samples is None:
        target_se = DEFAULT_TARGET_SE
    task = OmahaDeals.build(known, b, opponents, hilo, listed)
    task.warm_up()  # tables and kernel ready before the clock starts (forked workers inherit)
    n_known = len(known)
    slots = n_known + 1
    scale = []
    for slot in range(slots):
        seats = 1 if slot < n_known else max(opponents, 1)
        for stat in range(N_STATS):
            scale.append(seats * (task.unit if stat == SHARE else 1))
    if task.ranged:
        scale.append(1)  # the draws (tries) column
    watch = [slot * N_STATS + SHARE for slot in range(n_known + (opponents > 0))]
    run = sample(task, seed=seed, target_se=target_se, samples=samples,
                 max_seconds=max_seconds, workers=workers, watch=watch, scale=scale,
                 parallel_after=parallel_after,
                 **({} if chunk_size is None else {"chunk_size": chunk_size}))

    def odds(label: str, slot: int) -> SampledPlayerOdds:
        return SampledPlayerOdds(label, *(run.estimate(slot * N_STATS + c, 0.0, 1.0)
                                          for c in _COLUMNS))

    players = [odds(cards_str(h), i) for i, h in enumerate(known)]
    if opponents:
        players += [odds("random" if listed is None else "range", n_known)] * opponents
    acceptance = run.samples / run.sums[slots * N_STATS] if task.ranged else 1.0
    return SampledOmahaEquity(tuple(tuple(h) for h in known), tuple(b), hilo, opponents,
                              tuple(players), run, opponent_range=opponent_range,
                              acceptance=float(acceptance))


def choose_method(n_known: int, board_cards: int, opponents: int,
                  max_seconds: float = MAX_SECONDS, method: str = "auto",
                  in_range: int | None = None) -> str:
    """'exact' or 'sample': the forced method, else exact when its time estimate fits
    (in_range: with a range, its holdings left beside the known cards).

    >>> choose_method(1, 4, 1), choose_method(1, 4, 2), choose_method(1, 0, 1, method="exact")
    ('exact', 'sample', 'exact')
    >>> choose_method(1, 4, 2, in_range=1035)  # two opponents holding AA** beside AsAhKsKh
    'exact'
    """
    if method not in METHODS:
        raise ValueError(f"method must be one of {', '.join(METHODS)}, got {method!r}")
    if method != "auto":
        return method
    secs = estimate_seconds(n_known, board_cards, opponents, in_range)
    return "exact" if secs <= max_seconds else "sample"


def omaha_odds(hands: Sequence[Sequence[int] | str] | str, board: Sequence[int] | str = (), *,
               hilo: bool = False, opponents: int = 0, method: str = "auto",
               max_seconds: float = MAX_SECONDS, seed: int | None = None,
               target_se: float | None = None, samples: int | None = None,
               workers: int | None = 1,
               opponent_range: OmahaRange | None = None) -> OmahaEquity | SampledOmahaEquity:
    """Exact odds when enumeration fits ``max_seconds`` (or ``method="exact"``), else sampled
    (opponent_range: the unknown opponents' range, for either method).

    >>> type(omaha_odds(["AsAhKsKh"], "Qd7c2h3s", opponents=1)).__name__
    'OmahaEquity'
    >>> r = omaha_odds(["AsAhKsKh"], "Qd7c2h3s", opponents=3, seed=1, samples=5000)
    >>> r.method, len(r.players)
    ('sampled', 4)
    """
    known, b = check_deal(hands, board, opponents)
    listed = check_range(opponent_range, known, b, opponents)
    if choose_method(len(known), len(b), opponents, max_seconds, method,
                     None if listed is None else len(listed)) == "exact":
        return omaha_equity(known, b, hilo=hilo, opponents=opponents, max_seconds=max_seconds,
                            opponent_range=opponent_range)
    return omaha_sample(known, b, hilo=hilo, opponents=opponents, seed=seed,
                        target_se=target_se, samples=samples, max_seconds=max_seconds,
                        workers=workers, opponent_range=opponent_range)
