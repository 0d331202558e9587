"""tc_table: simulated rounds grouped by the true count before each round - the shape shoe
play produces (:mod:`twentyone_burn.protection`) and the counter's figures read.

A table is plain data: per true count, the rounds dealt at it and the mean and variance of a
round's return per initial unit (simulated: every figure carries its seed and rounds).

>>> import numpy as np
>>> t = TrueCountTable(count="hi-lo", decks=6, penetration=0.75, seed=1,
...                    true_counts=(-1, 0, 1), rounds=np.array([10, 80, 10]),
...                    mean=np.array([-0.02, 0.0, 0.03]), variance=np.array([1.3, 1.3, 1.3]))
>>> round(float(t.frequency[1]), 3)
0.8
>>> TrueCountTable.from_json(t.to_json()) == t
True
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

import numpy as np

__all__ = ["TrueCountTable"]


@dataclass(frozen=True, eq=False)
class TrueCountTable:
    """Simulated rounds by the true count before each round.

    count: the count's name; decks, penetration (share of the shoe dealt before the cut card);
    seed: the simulation's seed; true_counts: the true counts seen, ascending; rounds[i]: the
    rounds dealt at ``true_counts[i]``; mean[i], variance[i]: the mean and variance of a
    round's return per initial unit at that count. ``meta``: anything else a reader needs to
    reproduce the table (rules, rules hash, version, true-count conversion, strategy).
    """

    count: str
    decks: int
    penetration: float
    seed: int
    true_counts: tuple[int, ...]
    rounds: np.ndarray
    mean: np.ndarray
    variance: np.ndarray
    meta: dict[str, Any] = field(default_factory=dict)

    @property
    def total_rounds(self) -> int:
        """All rounds in the table."""
        return int(np.sum(self.rounds))

    @property
    def frequency(self) -> np.ndarray:
        """The share of rounds dealt at each true count."""
        return np.asarray(self.rounds, float) / max(self.total_rounds, 1)

    @property
    def standard_error(self) -> np.ndarray:
        """The standard error of each true count's mean return."""
        n = np.maximum(np.asarray(self.rounds, float), 1.0)
        return np.sqrt(np.asarray(self.variance, float) / n)

    def to_json(self) -> str:
        """The table as JSON (every float exactly, as ``repr`` writes it)."""
        return json.dumps({"count": self.count, "decks": self.decks,
                           "penetration": self.penetration, "seed": self.seed,
                           "true_counts": list(self.true_counts),
                           "rounds": [int(x) for x in self.rounds],
                           "mean": [float(x) for x in self.mean],
                           "variance": [float(x) for x in self.variance],
                           "meta": self.meta}, indent=1)

    @classmethod
    def from_json(cls, text: str) -> TrueCountTable:
        """A table written by :meth:`to_json`."""
        d = json.loads(text)
        return cls(count=d["count"], decks=d["decks"], penetration=d["penetration"],
                   seed=d["seed"], true_counts=tuple(d["true_counts"]),
                   rounds=np.array(d["rounds"], np.int64),
                   mean=np.array(d["mean"], float), variance=np.array(d["variance"], float),
                   meta=d.get("meta", {}))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, TrueCountTable):
            return NotImplemented
        return self.to_json() == other.to_json()

    __hash__ = None  # type: ignore[assignment]
