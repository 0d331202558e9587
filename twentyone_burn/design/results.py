"""results: what a design search returns - the ranked rows and how the search was run.

Plain dataclasses with no numpy, for the exporters (:mod:`twentyone_burn.export.design_table`)
to lay out; every figure in them was computed by the exact engine.

>>> COLUMNS[:4]
('rank', 'changes', 'rule_changes', 'toml_keys')
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .._version import __version__
from ..rules import Rules

__all__ = ["COLUMNS", "DesignResult", "DesignRow"]

#: the table's columns, in order (see :class:`DesignRow` for each one's meaning)
COLUMNS = ("rank", "changes", "rule_changes", "toml_keys", "includes", "house_edge",
           "element_of_risk",
           "chart_house_edge", "chart_cost", "forced_split", "kept_hard", "kept_soft",
           "kept_pair", "hands_per_round", "average_total_wager", "expected_return",
           "rules_hash", "rules_file")


@dataclass(frozen=True)
class DesignRow:
    """One rule set within tolerance of the target, with its exact figures.

    house_edge, element_of_risk, expected_return, average_total_wager: optimal play (the
    exact engine); chart_house_edge, chart_cost: the derived printable chart's exact house
    edge and its cost (optimal minus chart expected return, per initial wager), None where no
    chart was derived; forced_split: the probability that a round's kept hand is a pair that
    is split (with an optional split: that the player splits); kept_hard, kept_soft,
    kept_pair: the probability of each kind of kept two-card hand; hands_per_round: the
    expected number of player hands a round (1 unsplit, 2 to 4 split); includes: the rank of
    the simplest rule set in the table whose changes are some of this one's (the others are
    not needed to reach the target), None if there is none; rules_file: the rules file's
    name in the output folder.
    """

    rank: int
    changes: int
    rule_changes: str
    toml_keys: str
    rules: Rules
    house_edge: float
    element_of_risk: float
    expected_return: float
    average_total_wager: float
    forced_split: float
    kept_hard: float
    kept_soft: float
    kept_pair: float
    hands_per_round: float
    chart_house_edge: float | None = None
    chart_cost: float | None = None
    includes: int | None = None

    @property
    def rules_hash(self) -> str:
        """The rule set's rules hash."""
        return self.rules.rules_hash

    @property
    def rules_file(self) -> str:
        """The rules file's path in the output folder: ``rules/<rank>-<hash>.toml``."""
        return f"rules/{self.rank:03d}-{self.rules_hash[:12]}.toml"

    def record(self) -> dict[str, Any]:
        """The row as plain values, keyed by :data:`COLUMNS`, with its rules."""
        d = {c: getattr(self, c) for c in COLUMNS}
        d["rules"] = self.rules.to_dict()
        return d


@dataclass(frozen=True)
class DesignResult:
    """A design search: its question, its ranked rows and how it ran.

    rows: the rule sets within ``tolerance`` of ``target_edge``, simplest first (fewest
    changes), then nearest the target, then by their changes' words - an order that does not
    depend on how or where they were valued. searched: rule sets of the search, each valued
    or proved outside the tolerance; computed / cached: exact analyses (and chart
    derivations) run now / read from the result cache; proved_outside: the rule sets left
    unvalued because one valued proves their house edge outside the tolerance
    (:mod:`~twentyone_burn.design.bounds`), each (rules hash, rule changes, "above" or "below"
    the tolerance, the proving rule set's rules hash and rule changes); seconds: wall time;
    where: "this process", "N local processes" or the Dask scheduler's address.
    """

    base: Rules
    target_edge: float
    tolerance: float
    knobs: dict[str, tuple[Any, ...]]
    max_changes: int
    charts: int
    rows: tuple[DesignRow, ...]
    searched: int
    computed: int
    cached: int
    seconds: float
    where: str
    version: str = __version__
    timings: dict[str, float] = field(default_factory=dict)
    proved_outside: tuple[tuple[str, str, str, str, str], ...] = ()

    def search_record(self) -> dict[str, Any]:
        """The search's question and run as plain values (everything but the rows)."""
        from .space import toml_value
        return {"base_rules": self.base.to_dict(), "base_rules_hash": self.base.rules_hash,
                "version": self.version, "target_edge": self.target_edge,
                "tolerance": self.tolerance,
                "knobs": {k: [toml_value(v).strip('"') for v in vals]
                          for k, vals in self.knobs.items()},
                "max_changes": self.max_changes, "charts": self.charts,
                "rule_sets_searched": self.searched, "within_tolerance": len(self.rows),
                "computed": self.computed, "from_cache": self.cached,
                "proved_outside": [{"rules_hash": h, "rule_changes": w,
                                    "house_edge": f"{side} the tolerance",
                                    "proved_by": {"rules_hash": bh, "rule_changes": bw}}
                                   for h, w, side, bh, bw in self.proved_outside],
                "seconds": self.seconds, "where": self.where, "timings": self.timings}
