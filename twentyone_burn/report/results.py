"""results: the report's result types - :class:`Report` and :class:`SimulatedFigures`.

These are what the writers in :mod:`twentyone_burn.export` read: every number already
computed, as plain values and DataFrames, and the report's file name stem.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pandas as pd

from .._version import __version__
from ..engine.results import post_split_strategy
from ..outputs import report_stem  # the command line checks the names before any work
from ..rules import Rules
from .words import ROUNDING, describe_rules

__all__ = ["Report", "SimulatedFigures", "report_stem"]


@dataclass(frozen=True)
class SimulatedFigures:
    """Per-round figures from a simulation, each with its standard error.

    ``net``: DataFrame [net, probability, se] of the round's net result in initial wagers;
    ``frequencies``: DataFrame [result, probability, se] of rounds won / pushed / lost (by
    the sign of the net result). The SE of the SD is the delta-method one,
    sqrt((m4 - m2^2) / n) / (2 SD), from the simulated moments.
    """

    rounds: int
    seed: int | None
    seed_entropy: int
    chunk_size: int
    strategy: str
    strategy_hash: str
    dealing: str
    mean: float
    mean_se: float
    sd: float
    sd_se: float
    average_total_wager: float
    average_total_wager_se: float
    frequencies: pd.DataFrame
    net: pd.DataFrame
    hands_per_round: float

    @property
    def label(self) -> str:
        """How every simulated figure is labelled."""
        seed = self.seed if self.seed is not None else f"entropy {self.seed_entropy}"
        return f"simulated, {self.rounds:,} rounds, seed {seed}, with standard errors"


@dataclass
class Report:
    """Every number of the report of one game (see :func:`.build.build_report`).

    ``timings`` (seconds per step) describe the run, not the game, and are not written to the
    report files. ``strategy_kind`` is the strategy every figure holds for (``optimal``,
    ``chart`` or ``given``; see :mod:`.strategy`), ``strategy_source`` what named it and
    ``strategy_hash`` the SHA-256 of its decision tables (None for optimal play);
    ``reference``: for any strategy but optimal play, optimal play's headline figures and
    strategy text, and ``cost`` = optimal play's expected return less the strategy's.
    """

    rules: Rules
    created: str
    strategy: str
    summary: dict[str, float]
    probabilities: dict[str, float]
    return_table: pd.DataFrame | None
    dealer: pd.DataFrame
    burn: dict[str, Any]
    dealer_overall: pd.DataFrame
    variations: pd.DataFrame
    deals: pd.DataFrame
    simulation: SimulatedFigures | None = None
    verification: dict[str, Any] | None = None
    seed: int | None = None
    version: str = __version__
    timings: dict[str, float] = field(default_factory=dict)
    strategy_kind: str = "optimal"
    strategy_source: str = "optimal"
    strategy_hash: str | None = None
    reference: dict[str, Any] | None = None

    @property
    def rules_hash(self) -> str:
        """SHA-256 of the rules' canonical JSON."""
        return self.rules.rules_hash

    @property
    def rules_words(self) -> list[str]:
        """The rules in words."""
        return describe_rules(self.rules)

    @property
    def rules_toml(self) -> str:
        """The rules as a rules file."""
        return self.rules.to_toml()

    @property
    def post_split_strategy(self) -> str:
        """The named post-split strategy the split EVs hold for."""
        return post_split_strategy(self.rules)

    @property
    def rounding(self) -> str:
        """The rounding policy."""
        return ROUNDING

    @property
    def stem(self) -> str:
        """The report files' common name (see :func:`report_stem`)."""
        return report_stem(self.rules, self.strategy_kind, self.strategy_hash)
