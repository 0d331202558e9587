"""results: every protection figure for one rules object in one object - what the protection
report's exporters (:mod:`twentyone_burn.export.protection_pages`) write.

:class:`ProtectionResults` holds the exact effects of removal (optimal play and the chart held
fixed), the field counts' betting correlations and the best whole tags, and - each optional -
the simulated table by true count, the cut-card effect, a counter's figures with the verdict,
and the exact hole-card exposure values. :func:`protection_results` computes it; the slow parts
(exposure: minutes at six decks; the simulations) can be skipped.

>>> from twentyone_burn.rules import Rules
>>> r = ProtectionResults(Rules(decks=1), None, None)
>>> r.to_dict()["parts"]
[]
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from .._version import __version__
from ..rules import Rules
from ..tables import DecisionTables
from .counter import CounterFigures, Ramp, counter_figures, parse_ramp, verdict
from .counts import BestCount, best_count, count_table
from .cut_card import CutCardResult
from .exposure import ExposureReturns
from .removal import EoRTable
from .tc_table import TrueCountTable

__all__ = ["PARTS", "ProtectionResults", "protection_results"]

#: the report's parts, in the order the pages print them
PARTS = ("eor", "counts", "shoe", "cut_card", "counter", "exposure")


@dataclass(frozen=True)
class ProtectionResults:
    """The protection figures of one rules object; every part may be absent (None).

    ``eor_optimal`` / ``eor_chart``: exact EoR tables (optimal play; the derived chart held
    fixed). ``counts[strategy]``: each field count's BC against that strategy's EoRs;
    ``best[strategy]``: the best whole tags of each level searched. ``shoe``: the simulated
    table by true count; ``cut_card``: the cut-card effect at the report's penetration;
    ``counter`` / ``verdict`` / ``ramp``: a counter's figures from ``shoe`` with ``ramp``;
    ``exposure``: the exact hole-card exposure returns. ``seed`` / ``rounds``: the
    simulations' (None when nothing was simulated). ``meta``: anything else (count, timings).
    """

    rules: Rules
    eor_optimal: EoRTable | None
    eor_chart: EoRTable | None
    counts: dict[str, dict[str, float]] = field(default_factory=dict)
    best: dict[str, tuple[BestCount, ...]] = field(default_factory=dict)
    shoe: TrueCountTable | None = None
    cut_card: CutCardResult | None = None
    counter: CounterFigures | None = None
    verdict: str | None = None
    ramp: Ramp | None = None
    exposure: ExposureReturns | None = None
    seed: int | None = None
    rounds: int | None = None
    meta: dict[str, Any] = field(default_factory=dict)

    @property
    def parts(self) -> list[str]:
        """The parts present, in :data:`PARTS` order."""
        have = {"eor": self.eor_optimal is not None or self.eor_chart is not None,
                "counts": bool(self.counts), "shoe": self.shoe is not None,
                "cut_card": self.cut_card is not None, "counter": self.counter is not None,
                "exposure": self.exposure is not None}
        return [p for p in PARTS if have[p]]

    def provenance(self) -> dict[str, Any]:
        """Rules, rules hash, version, seed and rounds: what every output file carries."""
        return {"rules": self.rules.to_dict(), "rules_hash": self.rules.rules_hash,
                "version": __version__,
                "seed": None if self.seed is None else str(self.seed),
                "rounds": self.rounds}

    def to_dict(self) -> dict[str, Any]:
        """Every number as plain JSON values (the report's JSON), with provenance."""
        d: dict[str, Any] = {**self.provenance(), "parts": self.parts, "meta": dict(self.meta)}
        d["effects_of_removal"] = {
            name: t.to_json_dict() for name, t in (("optimal", self.eor_optimal),
                                                   ("chart", self.eor_chart)) if t is not None}
        d["betting_correlations"] = {k: dict(v) for k, v in self.counts.items()}
        d["best_counts"] = {k: [b.to_json_dict() for b in v] for k, v in self.best.items()}
        if self.shoe is not None:
            t = self.shoe
            d["shoe_play"] = {
                "count": t.count, "decks": t.decks, "penetration": t.penetration,
                "seed": str(t.seed), "rounds": t.total_rounds,
                "by_true_count": [{"true_count": tc, "rounds": int(t.rounds[i]),
                                   "frequency": float(t.frequency[i]),
                                   "mean": float(t.mean[i]),
                                   "standard_error": float(t.standard_error[i]),
                                   "variance": float(t.variance[i])}
                                  for i, tc in enumerate(t.true_counts)],
                "meta": t.meta}
        if self.cut_card is not None:
            d["cut_card"] = self.cut_card.to_dict()
        if self.counter is not None:
            d["counter"] = {"ramp": None if self.ramp is None else self.ramp.text,
                            "figures": self.counter.record(), "verdict": self.verdict}
        if self.exposure is not None:
            d["exposure"] = self.exposure.to_dict()
        return d


def protection_results(rules: Rules, chart: DecisionTables | None, *, count: str = "hi-lo",
                       ramp: str = "1-8", penetration: float = 0.75, rounds: int = 10_000_000,
                       seed: int | None = None, levels: tuple[int, ...] = (1, 2, 3),
                       exposure: bool = True, simulation: bool = True, workers: int = 1,
                       scheduler: Any = None,
                       progress: Callable[[str, int, int], None] | None = None
                       ) -> ProtectionResults:
    """Compute the protection figures of ``rules`` (21 Burn, 1-8 decks).

    ``chart``: the fixed strategy (the rules' derived chart) whose EoRs are the counter's and
    which the simulations play (None: optimal-play EoRs only, nothing simulated).
    ``count``, ``ramp``, ``penetration``, ``rounds``, ``seed``: the shoe play, the cut-card
    effect (the same seed) and the counter. ``levels``: the best tags' levels searched.
    ``exposure`` / ``simulation``: False skips that slow part. ``progress(step, done,
    total)``: called as each step advances.

    >>> r = protection_results(Rules(decks=1), None, exposure=False,   # doctest: +SKIP
    ...                        simulation=False)
    >>> r.parts                                                      # doctest: +SKIP
    ['eor', 'counts']
    """
    from .removal import effects_of_removal

    def step(name: str, total: int) -> Callable[[int], None] | None:
        if progress is None:
            return None
        return lambda k: progress(name, k, total)

    eor_opt = effects_of_removal(rules, None, progress=step("EoR, optimal play", 11))
    eor_chart = None if chart is None else effects_of_removal(
        rules, chart, progress=step("EoR, chart", 11))
    counts: dict[str, dict[str, float]] = {}
    best: dict[str, tuple[BestCount, ...]] = {}
    for name, t in (("optimal", eor_opt), ("chart", eor_chart)):
        if t is not None:
            counts[name] = count_table(t.eor)
            best[name] = tuple(best_count(t.eor, lv) for lv in levels)
    shoe = cut = figs = said = None
    bets = parse_ramp(ramp)
    entropy = None
    if simulation and chart is not None:
        import numpy as np

        from ..sim.counting import parse_count
        from .cut_card import cut_card_effect
        from .shoe_play import shoe_play
        entropy = int(np.random.SeedSequence(seed).entropy)  # type: ignore[arg-type]
        on_sim = None if progress is None else (lambda k, n: progress("shoe play", k, n))
        shoe = shoe_play(chart, parse_count(count), penetration, rounds, seed=entropy,
                         workers=workers, scheduler=scheduler, progress=on_sim)
        on_cut = None if progress is None else (lambda k, n: progress("cut card", k, n))
        cut = cut_card_effect(chart, [penetration], rounds, seed=entropy, workers=workers,
                              scheduler=scheduler, fresh=eor_chart.base if eor_chart else None,
                              progress=on_cut)
        figs = counter_figures(shoe, bets)
        said = verdict(figs, shoe, bets)
    exp = None
    if exposure:
        from .exposure import exposure_returns
        exp = exposure_returns(rules, progress=step("exposure", 10))
    return ProtectionResults(rules, eor_opt, eor_chart, counts, best, shoe, cut, figs, said,
                             bets if figs is not None else None, exp, entropy,
                             rounds if shoe is not None else None,
                             meta={"count": count, "penetration": penetration,
                                   "levels": list(levels)})
