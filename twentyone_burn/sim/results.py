"""results: a finished simulation (SimResult) and every statistic derived from its tallies.

Means, variances and the net-result distribution follow exactly from the integer counts for any
payout; only the 99% interval uses an approximation (the normal one).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

import numpy as np

from .._version import __version__
from ..rules import Rules
from ..shoe import NRANKS, RANKS
from .checkpoint import run_identity
from .counts import EVENT_NAMES, Counts

__all__ = ["Z99", "SimResult"]

Z99 = 2.5758293035489004      # two-sided 99% normal quantile


@dataclass
class SimResult:
    """A finished simulation: its identity, the exact tallies and the figures derived from them.

    ``seconds`` and ``rounds_run`` cover the chunks this invocation played (not those resumed
    from a checkpoint); they give ``rounds_per_second`` and are not part of the result.
    """

    rules: Rules
    strategy: str
    strategy_hash: str
    seed_entropy: int
    chunk_size: int
    rounds: int
    penetration: float | None
    counts: Counts
    seconds: float = 0.0
    rounds_run: int = 0
    workers: int = 1
    executor: str = "local"
    version: str = __version__
    counting: dict[str, Any] | None = None      # the count and its true-count conversion

    # exact integer moments of the net result W*win - L and the total wager W + L + P
    def _moments(self) -> tuple[int, int, int, int, int, int, int, int]:
        h = self.counts.hist
        w, lo, p = np.indices(h.shape)
        c = [int(x) for x in h.ravel()]
        W, L, P = w.ravel().tolist(), lo.ravel().tolist(), p.ravel().tolist()
        sw = sum(ci * a for ci, a in zip(c, W))
        sl = sum(ci * a for ci, a in zip(c, L))
        sp = sum(ci * a for ci, a in zip(c, P))
        sww = sum(ci * a * a for ci, a in zip(c, W))
        sll = sum(ci * a * a for ci, a in zip(c, L))
        swl = sum(ci * a * b for ci, a, b in zip(c, W, L))
        t = [a + b + d for a, b, d in zip(W, L, P)]
        stt = sum(ci * x * x for ci, x in zip(c, t))
        return sw, sl, sp, sww, sll, swl, sw + sl + sp, stt

    @property
    def mean(self) -> float:
        """Mean net result per round, in initial wagers (the player's expected return)."""
        sw, sl, *_ = self._moments()
        return (self.rules.win_amount * sw - sl) / self.rounds

    @property
    def sd(self) -> float:
        """Standard deviation of the net result of one round."""
        n = self.rounds
        if n < 2:
            return float("nan")
        sw, sl, _, sww, sll, swl, _, _ = self._moments()
        a = self.rules.win_amount
        s1 = a * sw - sl
        s2 = a * a * sww - 2 * a * swl + sll
        return math.sqrt(max(0.0, (s2 - s1 * s1 / n) / (n - 1)))

    @property
    def se(self) -> float:
        """Standard error of :attr:`mean`."""
        return self.sd / math.sqrt(self.rounds)

    @property
    def interval99(self) -> tuple[float, float]:
        """99% confidence interval of the expected return (normal approximation)."""
        return self.mean - Z99 * self.se, self.mean + Z99 * self.se

    @property
    def average_total_wager(self) -> float:
        """Mean amount wagered per round (initial + split + double wagers)."""
        return self._moments()[6] / self.rounds

    @property
    def wager_se(self) -> float:
        """Standard error of :attr:`average_total_wager`."""
        n = self.rounds
        *_, st, stt = self._moments()
        var = max(0.0, (stt - st * st / n) / (n - 1)) if n > 1 else float("nan")
        return math.sqrt(var / n)

    def net_distribution(self) -> dict[float, float]:
        """Probability of each net result per round (units of the initial wager)."""
        a = self.rules.win_amount
        out: dict[float, float] = {}
        for (w, lost, _), c in np.ndenumerate(self.counts.hist):
            if c:
                x = round(a * w - lost, 9)
                out[x] = out.get(x, 0.0) + int(c)
        return {k: v / self.rounds for k, v in sorted(out.items())}

    @property
    def frequencies(self) -> dict[str, float]:
        """Fraction of rounds the player won, pushed and lost (by the sign of the net result)."""
        d = self.net_distribution()
        return {"win": sum(v for k, v in d.items() if k > 0),
                "push": d.get(0.0, 0.0),
                "loss": sum(v for k, v in d.items() if k < 0)}

    @property
    def rounds_per_second(self) -> float:
        """Rounds played per second of wall time by this invocation."""
        return self.rounds_run / self.seconds if self.seconds > 0 else float("nan")

    def dealer_table(self) -> dict[str, dict[str, float]]:
        """Observed dealer final totals by up card (17..21 and bust), as fractions."""
        out = {}
        for up in range(NRANKS):
            row = self.counts.dealer[up]
            n = int(row.sum())
            d = {str(17 + i): (int(row[i]) / n if n else float("nan")) for i in range(5)}
            d["bust"] = int(row[5:].sum()) / n if n else float("nan")
            out[RANKS[up]] = d
        return out

    def event(self, name: str) -> int:
        """One event tally by name (see ``EVENT_NAMES``)."""
        return int(self.counts.events[EVENT_NAMES.index(name)])

    def identity(self) -> dict[str, Any]:
        """What the tallies depend on; two runs with equal identities have equal tallies."""
        return run_identity(self.rules, self.strategy_hash, self.seed_entropy, self.rounds,
                            self.chunk_size, self.penetration, self.counting)

    def to_json_dict(self) -> dict[str, Any]:
        """Every figure and the run's identity as plain JSON values."""
        lo, hi = self.interval99
        freq = self.frequencies
        n = self.rounds
        return {
            "rules": self.rules.to_dict(),
            "rules_hash": self.rules.rules_hash,
            "version": self.version,
            "strategy": self.strategy,
            "strategy_hash": self.strategy_hash,
            "seed_entropy": self.seed_entropy,
            "chunk_size": self.chunk_size,
            "rounds": n,
            "dealing": ("full reshuffle every round" if self.penetration is None
                        else f"cut card at penetration {self.penetration}"),
            "penetration": self.penetration,
            "mean_return": self.mean,
            "standard_error": self.se,
            "interval99": [lo, hi],
            "sd_per_round": self.sd,
            "average_total_wager": self.average_total_wager,
            "average_total_wager_se": self.wager_se,
            "win": freq["win"], "push": freq["push"], "loss": freq["loss"],
            "net_distribution": {_fmt_units(k): v for k, v in self.net_distribution().items()},
            "hands_per_round": (self.event("split_hands") + int(self.counts.split[0])) / n,
            "hand_results": {k: self.event("hands_" + k) / n
                             for k in ("won", "pushed", "lost")},
            "split_rounds": self.event("split_rounds") / n,
            "kept_doubled": self.event("kept_doubled") / n,
            "burned": {RANKS[r]: int(self.counts.burn[r]) / n for r in range(NRANKS)},
            "dealer": self.dealer_table(),
            "counts": self.counts.to_json(),
            "rounds_per_second": self.rounds_per_second,
            "seconds": self.seconds,
            "rounds_run": self.rounds_run,
            "workers": self.workers,
            "executor": self.executor,
        }


def _fmt_units(x: float) -> str:
    return f"{x:+g}" if x else "0"
