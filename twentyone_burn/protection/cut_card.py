"""cut_card: the cut-card effect - the player's return dealing a shoe to a cut card at each
penetration, against a fresh shoe every round.

Dealing to a cut card changes the return although every shoe is shuffled fairly: the number
of rounds dealt from a shoe depends on its cards (rounds that take few cards - big cards -
leave room for more rounds before the cut card), so the rounds played are not an even sample
of the shoe's states. The effect is small (blackjack's, 6 decks, is about -0.02 % per the Wizard
of Odds), so both figures must
be resolved far better than that.

Variance: the fresh-shoe side is *exact* - a fresh shoe every round is one round dealt from
the full shoe, whose return for the fixed strategy the engine enumerates completely
(``engine.game.analyze(rules, tables=...)``), with no sampling error. The effect's standard
error is then the cut-card simulation's alone: half the variance of simulating both sides.
Common random numbers (one seed, the same shuffles) would not help: after the first round of
a shoe the two dealings have used different random numbers and deal different cards, so
their rounds are nearly uncorrelated. (``crn``: :func:`cut_card_effect` also simulates the
fresh shoe on the same seed, a check of the simulator against the exact value.)

>>> from twentyone_burn.tables import DecisionTables
>>> r = cut_card_effect(DecisionTables.always_stand(Rules(decks=2)), [0.5], rounds=20_000,
...                     seed=1, chunk_size=10_000)   # doctest: +SKIP
>>> r.rows[0].penetration                            # doctest: +SKIP
0.5
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from .._version import __version__
from ..defaults import DEFAULT_CHUNK
from ..rules import Rules
from ..sim import SimResult, simulate
from ..sim.errors import SimulationError
from ..tables import DecisionTables

__all__ = ["PENETRATIONS", "CutCardResult", "CutCardRow", "cut_card_effect"]

#: the penetrations the effect is shown at by default
PENETRATIONS = (0.5, 0.55, 0.6, 0.65, 0.7, 0.75, 0.8, 0.85)


@dataclass(frozen=True)
class CutCardRow:
    """One penetration: the simulated return to the cut card, its SE, and the effect
    (return minus the fresh shoe's exact return; the house edge changes by -effect)."""

    penetration: float
    rounds: int
    mean: float
    standard_error: float
    effect: float
    shuffles: int

    @property
    def rounds_per_shoe(self) -> float:
        """Average rounds dealt from one shuffle."""
        return self.rounds / max(self.shuffles, 1)


@dataclass(frozen=True)
class CutCardResult:
    """The cut-card effect at each penetration; ``fresh``: the exact return of a fresh shoe
    every round; ``crn``: the same seed's fresh-shoe simulation (mean, SE, z against the
    exact value), when asked for."""

    rules: Rules
    strategy: str
    seed: int
    fresh: float
    rows: tuple[CutCardRow, ...]
    crn: dict[str, float] | None = None
    meta: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON values, with provenance."""
        return {"rules": self.rules.to_dict(), "rules_hash": self.rules.rules_hash,
                "version": __version__, "strategy": self.strategy, "seed": str(self.seed),
                "fresh_shoe_exact_return": self.fresh,
                "fresh_shoe_house_edge": -self.fresh,
                "variance_reduction": "exact fresh-shoe value (complete enumeration): the "
                                      "effect's SE is the cut-card simulation's alone",
                "rows": [{"penetration": r.penetration, "rounds": r.rounds,
                          "mean_return": r.mean, "house_edge": -r.mean,
                          "standard_error": r.standard_error, "effect": r.effect,
                          "house_edge_change": -r.effect, "rounds_per_shoe": r.rounds_per_shoe}
                         for r in self.rows],
                "crn_check": self.crn, **self.meta}


def _row(p: float, res: SimResult, fresh: float) -> CutCardRow:
    return CutCardRow(p, res.rounds, res.mean, res.se, res.mean - fresh,
                      res.event("shuffles"))


def cut_card_effect(tables: DecisionTables, penetrations: list[float] | tuple[float, ...],
                    rounds: int, seed: int | None = None, chunk_size: int = DEFAULT_CHUNK,
                    workers: int = 1, scheduler: Any = None, crn: bool = False,
                    fresh: float | None = None,
                    progress: Callable[[int, int], None] | None = None) -> CutCardResult:
    """Simulate ``rounds`` rounds dealt to a cut card at each penetration (one seed for all);
    the effect against the exact fresh-shoe return (``fresh``; None: the engine computes it).

    ``crn``: also simulate a fresh shoe every round on the same seed (a check of the
    simulator against the engine, and the correlation common random numbers would give).
    """
    rules = tables.rules
    if rules.decks is None:
        raise SimulationError("the cut-card effect needs a finite shoe: give decks 1 to 8")
    for p in penetrations:
        if not 0 < p < 1:
            raise SimulationError(f"penetration must be a fraction above 0 and below 1, not {p}")
    if fresh is None:
        from ..engine.game import analyze
        fresh = float(analyze(rules, tables=tables).expected_return)
    entropy = int(np.random.SeedSequence(seed).entropy)  # type: ignore[arg-type]
    total = rounds * (len(penetrations) + (1 if crn else 0))
    done = 0

    def step(k: int, _n: int) -> None:
        if progress:
            progress(done + k, total)

    rows = []
    first = None
    for p in penetrations:
        res = simulate(tables, rounds, seed=entropy, chunk_size=chunk_size, workers=workers,
                       scheduler=scheduler, penetration=p, progress=step)
        first = first or res
        rows.append(_row(p, res, fresh))
        done += rounds
    check = None
    if crn and first is not None:
        res = simulate(tables, rounds, seed=entropy, chunk_size=chunk_size, workers=workers,
                       scheduler=scheduler, progress=step)
        check = {"fresh_simulated_mean": res.mean, "fresh_simulated_se": res.se,
                 "z_vs_exact": (res.mean - fresh) / res.se if res.se > 0 else math.nan}
    meta = {"rounds_per_penetration": rounds, "chunk_size": chunk_size,
            "reference": "blackjack's cut-card effect at 6 decks is about 0.02 % "
                         "(Wizard of Odds)"}
    return CutCardResult(rules, tables.name, entropy, fresh, tuple(rows), check, meta)
