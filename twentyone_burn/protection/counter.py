"""counter: a card counter at the table - a bet ramp by true count, wonging, and the field's
figures (win rate, standard deviation, N0, SCORE, risk of ruin) read from a
:class:`~.tc_table.TrueCountTable`, however it was made.

The model (docs/protection.md, "A counter at the table"): a round dealt at true count ``t``
is played with ``ramp.bet(t)`` units when the wonging rule plays it, and not at all when it
does not; its return per unit has the table's mean and variance at ``t``. Rounds are taken
as independent draws from the table (the count's correlation between the rounds of one shoe
is left out, as in the field's usual figures).

>>> import numpy as np
>>> from twentyone_burn.protection.tc_table import TrueCountTable
>>> t = TrueCountTable(count="hi-lo", decks=6, penetration=0.75, seed=1,
...                    true_counts=(0, 2), rounds=np.array([75, 25]),
...                    mean=np.array([-0.01, 0.05]), variance=np.array([1.0, 1.0]))
>>> f = counter_figures(t, parse_ramp("1-2"))
>>> round(f.win, 6), round(f.average_bet, 2)
(0.0175, 1.25)
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from typing import Any

import numpy as np

from toolkit_cli.text import shorten

from .tc_table import TrueCountTable

__all__ = ["DEFAULT_ROUNDS_PER_HOUR", "SCORE_BANKROLL", "CounterFigures", "Ramp", "RampError",
           "Wong", "check_table", "counter_figures", "parse_ramp", "risk_of_ruin", "verdict"]

#: rounds dealt an hour at the table when not told: the convention of Schlesinger's
#: Blackjack Attack and of the CVData family's reports
DEFAULT_ROUNDS_PER_HOUR = 100.0
#: SCORE's bankroll in units: Schlesinger's $10,000 with a $1 unit
SCORE_BANKROLL = 10_000.0
#: the most steps an explicit ramp may have, and the largest true count it may name
_MAX_STEPS, _MAX_TC = 200, 1000
_NUMBER = r"[0-9]+(?:\.[0-9]+)?"
_LINEAR = re.compile(rf"({_NUMBER})\s*-\s*({_NUMBER})")
_STEP = re.compile(rf"(<=)?\s*([+-]?[0-9]+)\s*(\+)?\s*:\s*({_NUMBER})")


class RampError(ValueError):
    """A bet ramp or wonging rule that cannot be used (one line naming what to change)."""


@dataclass(frozen=True)
class Ramp:
    """A bet by true count, in units: ``bets[0]`` at every true count up to ``low``,
    ``bets[i]`` at ``low + i``, and ``bets[-1]`` at every true count from
    ``low + len(bets) - 1`` up. ``text``: how it was written.

    >>> r = parse_ramp("1-8")
    >>> [r.bet(t) for t in (-3, 1, 2, 5, 8, 12)]
    [1.0, 1.0, 2.0, 5.0, 8.0, 8.0]
    """

    low: int
    bets: tuple[float, ...]
    text: str

    def bet(self, true_count: int) -> float:
        """The bet, in units, at ``true_count``."""
        i = min(max(int(true_count) - self.low, 0), len(self.bets) - 1)
        return self.bets[i]

    @property
    def spread(self) -> float:
        """The largest bet over the smallest."""
        return self.bets[-1] / self.bets[0]

    def scaled(self, k: float) -> Ramp:
        """Every bet times ``k`` (> 0).

        >>> parse_ramp("1-4").scaled(5).bets
        (5.0, 10.0, 15.0, 20.0)
        """
        if not (math.isfinite(k) and k > 0):
            raise RampError(f"a ramp may only be scaled by a positive number, not {k!r}")
        return Ramp(self.low, tuple(k * b for b in self.bets), f"{self.text} x{k:g}")


def parse_ramp(text: str) -> Ramp:
    """A bet ramp from its text: ``"m-M"`` or an explicit map.

    ``"m-M"``, the field's linear ramp: ``m`` units at true count 1 and below, then one unit
    more per true count, up to ``M`` units (``"1-8"``: 1 unit at TC <= 1, 2 at TC 2, ...,
    8 at TC 8 and up). The explicit map, comma-separated ``TC:BET`` steps from the lowest
    true count up: ``"<=T:B"`` first (every count up to T), then one step for each
    following true count, and ``"T+:B"`` last (every count from T up): e.g.
    ``"<=1:1,2:2,3:4,4+:8"``. Bets are positive and never fall as the count rises.

    >>> parse_ramp("<=1:1,2:2,3:4,4+:8").bets
    (1.0, 2.0, 4.0, 8.0)
    >>> parse_ramp("<=1:1,3+:8")
    Traceback (most recent call last):
    ...
    twentyone_burn.protection.counter.RampError: bet ramp '<=1:1,3+:8': true count 2 has no \
bet (after '<=1:1' the next step is for 2); steps go <=T:B, T+1:B, ..., T+k+:B
    """
    raw = str(text)
    t = raw.strip()
    name = f"bet ramp {shorten(raw)}"
    m = _LINEAR.fullmatch(t)
    if m:
        lo, hi = float(m.group(1)), float(m.group(2))
        if lo <= 0:
            raise RampError(f"{name}: the smallest bet must be above 0 units (e.g. 1-8)")
        if hi < lo:
            raise RampError(f"{name}: the largest bet must be at least the smallest (e.g. 1-8)")
        if hi - lo > _MAX_STEPS:
            raise RampError(f"{name}: a linear ramp climbs one unit a true count; at most "
                            f"{_MAX_STEPS} steps (write an explicit map instead)")
        steps = int(math.floor(hi - lo))
        bets = [lo + i for i in range(steps + 1)]
        if bets[-1] < hi:
            bets.append(hi)
        return Ramp(1, tuple(bets), t)
    parts = [p.strip() for p in t.split(",")]
    if len(parts) < 2 or len(parts) > _MAX_STEPS:
        raise RampError(f"{name}: write m-M (e.g. 1-8) or 2 to {_MAX_STEPS} steps "
                        f"<=T:B,...,T+:B (e.g. <=1:1,2:2,3:4,4+:8)")
    bets = []
    low = expected = 0
    for i, part in enumerate(parts):
        s = _STEP.fullmatch(part)
        if not s:
            raise RampError(f"{name}: cannot read the step {shorten(part)}; write TC:BET, "
                            f"<=TC:BET first and TC+:BET last (e.g. <=1:1,2:2,3:4,4+:8)")
        le, tc, plus, bet = bool(s.group(1)), int(s.group(2)), bool(s.group(3)), float(s.group(4))
        first, last = i == 0, i == len(parts) - 1
        if abs(tc) > _MAX_TC:
            raise RampError(f"{name}: true count {tc} is out of range (-{_MAX_TC} to {_MAX_TC})")
        if first and (not le or plus):
            raise RampError(f"{name}: the first step must be <=T:B (every true count up to T)")
        if last and (le or not plus):
            raise RampError(f"{name}: the last step must be T+:B (every true count from T up)")
        if not first and le or not last and plus:
            raise RampError(f"{name}: only the first step may be <=T and only the last T+")
        if first:
            low = expected = tc
        elif tc != expected:
            what = "has no bet" if tc > expected else "comes twice or out of order"
            raise RampError(f"{name}: true count {min(tc, expected)} {what} (after "
                            f"{shorten(parts[i - 1])} the next step is for {expected}); "
                            f"steps go <=T:B, T+1:B, ..., T+k+:B")
        if not bet > 0:
            raise RampError(f"{name}: bets must be above 0 units, not {bet:g} at {part}")
        if bets and bet < bets[-1]:
            raise RampError(f"{name}: bets must not fall as the count rises ({bets[-1]:g} "
                            f"then {bet:g} at {part})")
        bets.append(bet)
        expected += 1
    return Ramp(low, tuple(bets), t)


@dataclass(frozen=True)
class Wong:
    """Wonging: start playing when the true count reaches ``enter``; stop when it falls
    below ``leave`` (``leave <= enter``). Rounds not played bet nothing.

    A table by true count holds no sequence of counts, so it cannot say whether a round at a
    count from ``leave`` to ``enter - 1`` follows an entry: :func:`counter_figures` takes
    them as all played (``between=True``) or none played (``False``), the two extremes.

    >>> w = Wong(2, 0)
    >>> [w.plays(t, between=False) for t in (-1, 0, 2)], w.plays(0, between=True)
    ([False, False, True], True)
    """

    enter: int
    leave: int

    def __post_init__(self) -> None:
        if self.leave > self.enter:
            raise RampError(f"wonging: the count to leave below ({self.leave}) must not be "
                            f"above the count to enter at ({self.enter})")

    def plays(self, true_count: int, between: bool) -> bool:
        """Whether a round at ``true_count`` is played."""
        return true_count >= (self.leave if between else self.enter)


@dataclass(frozen=True)
class CounterFigures:
    """A counter's figures from a table, a ramp and a wonging rule (units: the ramp's).

    Per round played: ``win`` (mean), ``win_se`` (its standard error from the table's
    rounds), ``sd`` (the standard deviation of one round's result), ``average_bet``;
    ``rounds_played`` of the table's rounds and ``share_played`` of them; ``rounds_per_hour``
    dealt at the table and ``played_per_hour`` of them (the counter plays only those the
    wonging rule plays). N0 and SCORE are None when ``win <= 0`` (or there is no variance).
    """

    win: float
    win_se: float
    sd: float
    average_bet: float
    rounds_played: int
    share_played: float
    rounds_per_hour: float
    bankroll: float | None

    @property
    def _edge(self) -> bool:
        # N0, SCORE and their errors need a positive win with some risk (a table of one
        # riskless true count has none: Kelly would bet everything)
        return self.win > 0 and self.variance > 0

    @property
    def variance(self) -> float:
        """The variance of one played round's result."""
        return self.sd ** 2

    @property
    def played_per_hour(self) -> float:
        """Rounds played an hour."""
        return self.rounds_per_hour * self.share_played

    @property
    def win_per_100(self) -> float:
        """Win per 100 rounds played."""
        return 100 * self.win

    @property
    def sd_per_100(self) -> float:
        """Standard deviation per 100 rounds played."""
        return 10 * self.sd

    @property
    def win_per_hour(self) -> float:
        """Win an hour."""
        return self.played_per_hour * self.win

    @property
    def sd_per_hour(self) -> float:
        """Standard deviation an hour."""
        return math.sqrt(self.played_per_hour) * self.sd

    @property
    def initial_unit_return(self) -> float:
        """The return per unit bet: win over the average bet."""
        return self.win / self.average_bet

    @property
    def n0(self) -> float | None:
        """N0: the rounds after which the expected win equals one standard deviation."""
        return self.variance / self.win ** 2 if self._edge else None

    @property
    def score(self) -> float | None:
        """SCORE: the win per 100 rounds with a 10,000-unit bankroll and Kelly-optimal bets
        (the ramp scaled by ``10000 * win / variance``): ``1e6 * win^2 / variance``."""
        return 100 * SCORE_BANKROLL * self.win ** 2 / self.variance if self._edge else None

    @property
    def ror(self) -> float | None:
        """The risk of ruin of ``bankroll`` units (None without a bankroll)."""
        if self.bankroll is None:
            return None
        return risk_of_ruin(self.win, self.variance, self.bankroll)

    def standard_errors(self) -> dict[str, float | None]:
        """Each figure's standard error from ``win_se`` (delta method; the variance taken
        as known: its own sampling error is second order)."""
        se, w, v = self.win_se, self.win, self.variance
        ror = self.ror
        return {"win": se, "win_per_100": 100 * se, "win_per_hour": self.played_per_hour * se,
                "initial_unit_return": se / self.average_bet,
                "n0": 2 * v * se / w ** 3 if self._edge else None,
                "score": 2 * 100 * SCORE_BANKROLL * w * se / v if self._edge else None,
                "ror": None if ror is None or self.bankroll is None or not self._edge
                else ror * 2 * self.bankroll * se / v}

    def record(self) -> dict[str, Any]:
        """The figures and their standard errors as a JSON-ready dict."""
        return {"win": self.win, "win_per_100": self.win_per_100,
                "win_per_hour": self.win_per_hour, "sd": self.sd,
                "sd_per_100": self.sd_per_100, "sd_per_hour": self.sd_per_hour,
                "average_bet": self.average_bet,
                "initial_unit_return": self.initial_unit_return, "n0": self.n0,
                "score": self.score, "bankroll": self.bankroll, "ror": self.ror,
                "rounds_played": self.rounds_played, "share_played": self.share_played,
                "rounds_per_hour": self.rounds_per_hour,
                "played_per_hour": self.played_per_hour,
                "standard_errors": self.standard_errors()}


def risk_of_ruin(win: float, variance: float, bankroll: float) -> float:
    """The chance of ever losing ``bankroll`` units, never resizing the bets: the diffusion
    (Brownian motion) model, ``exp(-2 * win * bankroll / variance)`` for ``win > 0``, and 1
    for ``win <= 0``.

    >>> round(risk_of_ruin(0.02, 1.0, 50), 6)
    0.135335
    """
    if not (math.isfinite(bankroll) and bankroll > 0):
        raise RampError(f"the bankroll must be above 0 units, not {bankroll!r}")
    if win <= 0:
        return 1.0
    if variance <= 0:
        return 0.0
    return math.exp(-2 * win * bankroll / variance)


def check_table(table: TrueCountTable) -> None:
    """Refuse a table whose columns cannot be read as rounds by true count: one line naming
    what is wrong (lengths, order, negative or non-finite values, no rounds).

    >>> t = TrueCountTable(count="hi-lo", decks=6, penetration=0.75, seed=1,
    ...                    true_counts=(1, 0), rounds=np.array([1, 1]),
    ...                    mean=np.array([0.0, 0.0]), variance=np.array([1.0, 1.0]))
    >>> check_table(t)
    Traceback (most recent call last):
    ...
    twentyone_burn.protection.counter.RampError: the true counts must rise one by one (1, 0)
    """
    tcs = table.true_counts
    n = len(tcs)
    if not all(isinstance(x, (int, np.integer)) and not isinstance(x, bool) for x in tcs):
        raise RampError("the true counts must be whole numbers")
    if n == 0 or any(b <= a for a, b in zip(tcs, tcs[1:])):
        raise RampError(f"the true counts must rise one by one {shorten(tuple(tcs))}")
    cols = {"rounds": table.rounds, "mean": table.mean, "variance": table.variance}
    for name, col in cols.items():
        arr = np.asarray(col)
        if arr.shape != (n,):
            raise RampError(f"{name} has {arr.size} entries for {n} true counts")
        if not np.all(np.isfinite(arr.astype(float))):
            raise RampError(f"{name} must be finite numbers")
    if np.any(np.asarray(table.rounds) < 0) or np.any(np.asarray(table.variance) < 0):
        raise RampError("rounds and variances must not be negative")
    if table.total_rounds <= 0:
        raise RampError("the table holds no rounds")
    if not 0 < table.penetration <= 1:
        raise RampError(f"penetration must be above 0 and at most 1, not {table.penetration!r}")


def counter_figures(table: TrueCountTable, ramp: Ramp, wong: Wong | None = None, *,
                    between: bool = False,
                    rounds_per_hour: float = DEFAULT_ROUNDS_PER_HOUR,
                    bankroll: float | None = None) -> CounterFigures:
    """The counter's figures: ``ramp``'s bets at the table's true counts, the rounds
    ``wong`` plays (all without it; ``between``: see :class:`Wong`).

    With ``q[i]`` the share of played rounds at true count ``i``, ``b[i]`` the bet and
    ``m[i]``, ``v[i]`` the table's mean and variance per unit: win ``W = sum q b m``,
    variance ``V = sum q b^2 (v + m^2) - W^2`` (a mixture's), standard error ``sqrt(V / N)``
    over the ``N`` played rounds of the table (so the sampled frequencies count too).

    >>> import numpy as np
    >>> t = TrueCountTable(count="hi-lo", decks=6, penetration=0.75, seed=1,
    ...                    true_counts=(0, 2), rounds=np.array([75, 25]),
    ...                    mean=np.array([-0.01, 0.05]), variance=np.array([1.0, 1.0]))
    >>> f = counter_figures(t, parse_ramp("1-8"), Wong(1, 1))
    >>> round(f.win, 6), f.share_played
    (0.1, 0.25)
    """
    if not (math.isfinite(rounds_per_hour) and rounds_per_hour > 0):
        raise RampError(f"rounds per hour must be above 0, not {rounds_per_hour!r}")
    if bankroll is not None and not (math.isfinite(bankroll) and bankroll > 0):
        raise RampError(f"the bankroll must be above 0 units, not {bankroll!r}")
    tcs = np.asarray(table.true_counts, np.int64)
    rounds = np.asarray(table.rounds, float)
    played = np.array([wong is None or wong.plays(int(t), between) for t in tcs], bool)
    n = float(np.sum(rounds[played]))
    total = float(np.sum(rounds))
    if n <= 0:
        raise RampError("no round of the table is played: the wonging rule enters above "
                        "every true count with rounds; enter at a lower count")
    q = np.where(played, rounds, 0.0) / n
    b = np.array([ramp.bet(int(t)) for t in tcs], float)
    m = np.asarray(table.mean, float)
    v = np.asarray(table.variance, float)
    win = float(np.sum(q * b * m))
    variance = max(float(np.sum(q * b * b * (v + m * m))) - win * win, 0.0)
    return CounterFigures(win=win, win_se=math.sqrt(variance / n), sd=math.sqrt(variance),
                          average_bet=float(np.sum(q * b)), rounds_played=int(round(n)),
                          share_played=n / total, rounds_per_hour=float(rounds_per_hour),
                          bankroll=None if bankroll is None else float(bankroll))


def verdict(figures: CounterFigures, table: TrueCountTable, ramp: Ramp,
            wong: Wong | None = None) -> str:
    """One plain line: beatable (win more than 2 standard errors above 0), not beatable
    (more than 2 below 0) or not shown beatable (within 2 standard errors of 0).

    >>> f = CounterFigures(0.05, 0.01, 3.0, 2.0, 10_000, 1.0, 100.0, None)
    >>> import numpy as np
    >>> t = TrueCountTable(count="hi-lo", decks=6, penetration=0.75, seed=1, true_counts=(0,),
    ...                    rounds=np.array([1]), mean=np.array([0.0]), variance=np.array([1.0]))
    >>> verdict(f, t, parse_ramp("1-8"))
    'beatable by counting (hi-lo, 75 % penetration, 1-8 ramp): +2.50 % per initial unit, \
5.00 units per hour (win 0.0500 +/- 0.0100 units a round)'
    """
    how = f"{table.count}, {100 * table.penetration:g} % penetration, {ramp.text} ramp"
    if wong is not None:
        how += f", wonging in at {wong.enter:+d}, out below {wong.leave:+d}"
    w, se = figures.win, figures.win_se
    tail = f"(win {w:.4f} +/- {se:.4f} units a round)"
    if w - 2 * se > 0:
        return (f"beatable by counting ({how}): {100 * figures.initial_unit_return:+.2f} % per "
                f"initial unit, {figures.win_per_hour:.2f} units per hour {tail}")
    if w + 2 * se < 0:
        return f"not beatable by counting ({how}): the win is below 0 by over 2 SE {tail}"
    return f"not shown beatable by counting ({how}): the win is within 2 SE of 0 {tail}"
