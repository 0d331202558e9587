"""verify: theory against simulation - z-tests, chi-square tests and a pass / fail record.

A test lab certifies a game by deriving its mathematics a second way. :func:`verify` runs the
exact engine (:func:`twentyone_burn.engine.game.analyze`) and the simulator under the same rules
and the same strategy (the engine's optimal decisions, exported as lookup tables), and tests
every figure the engine gives exactly against the simulated rounds:

* the expected return per initial wager and the average total wager (two-sided z-tests of the
  simulated means, with the standard errors of the simulation),
* the expected number of split hands per round (z-test),
* the dealer's final totals by up card, the burned ranks, the forced-split and kept-hand-double
  frequencies and the up cards (chi-square goodness-of-fit tests, p-values from scipy).

The verdict is at 99% for the whole family: each of the k tests passes when its p-value is at
least 0.01 / k (Bonferroni), so a correct engine and simulator fail a run with probability at
most 1%. The record (JSON and Markdown, written by :mod:`twentyone_burn.export.verification`)
carries the rules, their hash, the version, the seed entropy, the chunk size and every figure.

>>> chi_square([50, 50], [0.5, 0.5])[:2]
(0.0, 1)
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from types import ModuleType
from typing import Any

import numpy as np

from ._version import __version__
from .engine.game import analyze, optimal_tables
from .engine.results import DEALER_KEYS
from .rules import Rules
from .shoe import NRANKS, RANKS, up_card_probabilities
from .sim import DEFAULT_CHUNK, SimResult, simulate

__all__ = ["Check", "Theory", "Verification", "chi_square", "compare", "verify", "z_test"]

FAMILY_ALPHA = 0.01


def _stats() -> ModuleType:
    """scipy.stats, imported on first use: it takes about half a second to import, and every
    command of the command line imports this module (through the report)."""
    from scipy import stats
    return stats


@dataclass(frozen=True)
class Theory:
    """The exact figures a simulation is tested against (from the engine, or built by hand).

    probabilities: at least ``forced_split`` (or ``split``), ``double``, ``burn_A``..``burn_T``
    and ``split_hands_per_round``; dealer: up card -> {"17".."21", "bust"} for the full shoe
    less the up card; up_cards: the probability of each up card.
    """

    expected_return: float
    average_total_wager: float | None
    probabilities: dict[str, float]
    dealer: dict[str, dict[str, float]]
    up_cards: dict[str, float]
    source: str

    @classmethod
    def from_analysis(cls, analysis: Any) -> Theory:
        """The figures of an :class:`~twentyone_burn.engine.results.Analysis`."""
        return cls(analysis.expected_return, analysis.average_total_wager,
                   dict(analysis.probabilities), analysis.dealer,
                   up_card_probabilities(analysis.rules),
                   f"exact engine (twentyone-burn {analysis.version}): {analysis.strategy}")


@dataclass(frozen=True)
class Check:
    """One statistical test of theory against simulation."""

    name: str
    kind: str                    # "z" or "chi-square"
    statistic: float
    dof: int | None
    p_value: float
    threshold: float
    theory: Any = None
    simulated: Any = None
    note: str = ""

    @property
    def passed(self) -> bool:
        """p-value at or above the per-test threshold."""
        return self.p_value >= self.threshold

    def to_json_dict(self) -> dict[str, Any]:
        """Plain JSON values."""
        return {"name": self.name, "kind": self.kind, "statistic": self.statistic,
                "dof": self.dof, "p_value": self.p_value, "threshold": self.threshold,
                "result": "PASS" if self.passed else "FAIL", "theory": self.theory,
                "simulated": self.simulated, "note": self.note}


def z_test(observed: float, expected: float, se: float) -> tuple[float, float]:
    """(z, two-sided p-value) of an observed mean with standard error ``se``.

    >>> z, p = z_test(1.0, 0.0, 0.5); round(z, 3), round(p, 4)
    (2.0, 0.0455)
    """
    if not se > 0:
        z = 0.0 if observed == expected else math.inf
    else:
        z = (observed - expected) / se
    return z, float(2 * _stats().norm.sf(abs(z)))


def chi_square(observed: list[int] | np.ndarray, probs: list[float] | np.ndarray,
               min_expected: float = 5.0) -> tuple[float, int, float]:
    """(statistic, degrees of freedom, p-value) of counts against cell probabilities.

    Cells expected fewer than ``min_expected`` times are pooled into one (the chi-square
    approximation needs it); a count in a cell of probability 0 gives p = 0.

    >>> stat, dof, p = chi_square([90, 10], [0.5, 0.5]); dof, p < 1e-10
    (1, True)
    """
    obs = np.asarray(observed, dtype=np.float64)
    pr = np.asarray(probs, dtype=np.float64)
    pr = pr / pr.sum()
    n = obs.sum()
    if n == 0:
        return 0.0, 0, 1.0
    if ((pr == 0) & (obs > 0)).any():
        return math.inf, int(len(obs) - 1), 0.0
    keep = pr > 0
    obs, exp = obs[keep], n * pr[keep]
    small = exp < min_expected
    if small.any() and not small.all():
        obs = np.append(obs[~small], obs[small].sum())
        exp = np.append(exp[~small], exp[small].sum())
    if len(obs) < 2:
        return 0.0, 0, 1.0
    stat = float(((obs - exp) ** 2 / exp).sum())
    dof = len(obs) - 1
    return stat, dof, float(_stats().chi2.sf(stat, dof))


def _rows_chi_square(rows: list[tuple[np.ndarray, np.ndarray]]) -> tuple[float, int, float]:
    """Sum of independent per-row chi-squares (each row's total is fixed)."""
    stat = 0.0
    dof = 0
    for obs, pr in rows:
        s, d, _ = chi_square(obs, pr)
        stat += s
        dof += d
    return stat, dof, float(_stats().chi2.sf(stat, dof)) if dof else 1.0


def compare(theory: Theory, sim: SimResult, alpha: float = FAMILY_ALPHA) -> list[Check]:
    """Every test of ``sim`` against ``theory``; each at level alpha / (number of tests).

    >>> from twentyone_burn.sim import SimResult, Counts
    >>> c = Counts.zeros(); c.hist[1, 0, 0] = 60; c.hist[0, 1, 0] = 40
    >>> t = Theory(0.2, 1.0, {}, {}, {}, "by hand")
    >>> s = SimResult(Rules(), "x", "h", 1, 100, 100, None, c)
    >>> [(k.name, round(k.statistic, 3)) for k in compare(t, s)]
    [('expected return', 0.0), ('average total wager', 0.0)]
    """
    counts = sim.counts
    n = sim.rounds
    specs: list[tuple[str, str, float, int | None, float, Any, Any, str]] = []

    z, p = z_test(sim.mean, theory.expected_return, sim.se)
    specs.append(("expected return", "z", z, None, p, theory.expected_return, sim.mean,
                  f"simulated SE {sim.se:.3g}"))
    if theory.average_total_wager is not None:
        z, p = z_test(sim.average_total_wager, theory.average_total_wager, sim.wager_se)
        specs.append(("average total wager", "z", z, None, p, theory.average_total_wager,
                      sim.average_total_wager, f"simulated SE {sim.wager_se:.3g}"))
    probs = theory.probabilities
    if "split_hands_per_round" in probs:
        k = np.arange(5, dtype=np.float64)
        c = counts.split.astype(np.float64)
        k[0] = 0.0
        mean = float((k * c).sum() / n)
        var = float(((k - mean) ** 2 * c).sum() / (n - 1)) if n > 1 else 0.0
        z, p = z_test(mean, probs["split_hands_per_round"], math.sqrt(var / n))
        specs.append(("split hands per round", "z", z, None, p, probs["split_hands_per_round"],
                      mean, ""))
    if theory.dealer:
        rows = []
        for up in range(NRANKS):
            row = counts.dealer[up]
            obs = np.append(row[:5], row[5:].sum())
            rows.append((obs, np.array([theory.dealer[RANKS[up]][k] for k in DEALER_KEYS])))
        stat, dof, p = _rows_chi_square(rows)
        specs.append(("dealer final totals by up card", "chi-square", stat, dof, p,
                      theory.dealer, sim.dealer_table(),
                      "17, 18, 19, 20, 21, bust for each of the 10 up cards"))
    split_key = "forced_split" if "forced_split" in probs else "split" if "split" in probs \
        else None
    if split_key:
        splits = [sim.event("split_rounds"), n - sim.event("split_rounds")]
        stat, dof, p = chi_square(splits, [probs[split_key], 1 - probs[split_key]])
        specs.append((split_key.replace("_", " ") + " frequency", "chi-square", stat, dof, p,
                      probs[split_key], splits[0] / n, ""))
    if all(f"burn_{r}" in probs for r in RANKS):
        pr = [probs[f"burn_{r}"] for r in RANKS]
        stat, dof, p = chi_square(counts.burn, pr)
        specs.append(("burned ranks", "chi-square", stat, dof, p, dict(zip(RANKS, pr)),
                      {r: int(counts.burn[i]) / n for i, r in enumerate(RANKS)}, ""))
    if "double" in probs:
        d = sim.event("kept_doubled")
        stat, dof, p = chi_square([d, n - d], [probs["double"], 1 - probs["double"]])
        specs.append(("kept hand doubled", "chi-square", stat, dof, p, probs["double"], d / n,
                      "rounds whose kept (unsplit) hand doubles"))
    if theory.up_cards:
        pr = [theory.up_cards[r] for r in RANKS]
        ups = counts.dealer.sum(axis=1)
        stat, dof, p = chi_square(ups, pr)
        specs.append(("up cards", "chi-square", stat, dof, p, theory.up_cards,
                      {r: int(ups[i]) / n for i, r in enumerate(RANKS)},
                      "the shoe's share of each rank"))
    threshold = alpha / len(specs)
    return [Check(name, kind, float(stat), dof, float(p), threshold, th, si, note)
            for name, kind, stat, dof, p, th, si, note in specs]


@dataclass
class Verification:
    """Theory against simulation for one rules object and strategy, with the verdict."""

    rules: Rules
    theory: Theory
    sim: SimResult
    checks: list[Check]
    alpha: float = FAMILY_ALPHA
    engine_seconds: float = 0.0
    label: str = "optimal"
    created: str = field(default_factory=lambda: datetime.now(UTC).isoformat(
        timespec="seconds"))
    version: str = __version__

    @property
    def passed(self) -> bool:
        """True when every test passes (the family-wise 99% verdict)."""
        return all(c.passed for c in self.checks)

    @property
    def verdict(self) -> str:
        """"PASS" or "FAIL"."""
        return "PASS" if self.passed else "FAIL"

    def to_json_dict(self) -> dict[str, Any]:
        """The whole record as plain JSON values."""
        s = self.sim
        lo, hi = s.interval99
        return {
            "verdict": self.verdict,
            "confidence": 1 - self.alpha,
            "method": (f"{len(self.checks)} tests, each passing at p >= "
                       f"{self.alpha}/{len(self.checks)} (Bonferroni: family-wise "
                       f"{100 * (1 - self.alpha):g}%)"),
            "created": self.created,
            "version": self.version,
            "rules": self.rules.to_dict(),
            "rules_hash": self.rules.rules_hash,
            "strategy": s.strategy,
            "strategy_hash": s.strategy_hash,
            "theory_source": self.theory.source,
            "seed_entropy": s.seed_entropy,
            "chunk_size": s.chunk_size,
            "rounds": s.rounds,
            "dealing": "full reshuffle every round",
            "theory": {"expected_return": self.theory.expected_return,
                       "average_total_wager": self.theory.average_total_wager,
                       "probabilities": self.theory.probabilities,
                       "dealer": self.theory.dealer, "up_cards": self.theory.up_cards},
            "simulation": {
                "mean_return": s.mean, "standard_error": s.se, "interval99": [lo, hi],
                "sd_per_round": s.sd, "average_total_wager": s.average_total_wager,
                "average_total_wager_se": s.wager_se, **s.frequencies,
                "net_distribution": s.to_json_dict()["net_distribution"],
                "dealer": s.dealer_table(), "counts": s.counts.to_json(),
                "rounds_per_second": s.rounds_per_second, "seconds": s.seconds,
                "workers": s.workers, "executor": s.executor,
            },
            "engine_seconds": self.engine_seconds,
            "checks": [c.to_json_dict() for c in self.checks],
        }


def verify(rules: Rules, rounds: int, seed: int | None = None, chunk_size: int = DEFAULT_CHUNK,
           workers: int = 1, scheduler: Any = None, checkpoint: str | Path | None = None,
           progress: Callable[[int, int], None] | None = None, tables: Any = None,
           analysis: Any = None, alpha: float = FAMILY_ALPHA,
           label: str | None = None) -> Verification:
    """Run the exact engine and the simulator for ``rules`` and test one against the other.

    tables: the strategy (:class:`~twentyone_burn.tables.DecisionTables`, e.g. a printed
    chart's); None = the engine's optimal decisions (``strategy.optimal_tables``). The theory
    is the engine's exact analysis of that same strategy (``analysis.analyze``, with
    ``tables=`` for a fixed strategy); ``analysis`` reuses one already run. ``label`` names
    the strategy in the record's file name.

    >>> v = verify(Rules(decks=None), 200_000, seed=1, chunk_size=100_000)
    >>> v.sim.rounds, len(v.checks), v.label
    (200000, 8, 'optimal')
    """
    t0 = time.perf_counter()
    if tables is None:
        if analysis is None:
            analysis = analyze(rules)
        tables = optimal_tables(rules, analysis.kept)
        label = label or "optimal"
    else:
        if tables.rules != rules:
            raise ValueError("the strategy tables were built for other rules")
        if analysis is None:
            analysis = analyze(rules, tables=tables)
        label = label or "tables"
    engine_seconds = time.perf_counter() - t0
    sim = simulate(tables, rounds, seed=seed, chunk_size=chunk_size, workers=workers,
                   scheduler=scheduler, checkpoint=checkpoint, progress=progress)
    theory = Theory.from_analysis(analysis)
    return Verification(rules, theory, sim, compare(theory, sim, alpha), alpha, engine_seconds,
                        label)
