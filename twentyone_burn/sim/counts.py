"""counts: the integer tallies of simulated rounds, which add up exactly across chunks.

The event indices the kernel writes (``EV_*``, :data:`EVENT_NAMES`) are defined beside the
kernel in :mod:`._kernel`, where numba's cache sees them; this module gives them their shape.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from ..shoe import NRANKS
from ._kernel import EVENT_NAMES, NEVENTS, TC_MAX
from .errors import SimulationError

__all__ = ["EVENT_NAMES", "MAXU", "NEVENTS", "NOUT", "NTC", "OUTCOME_LABELS", "TC_MAX", "Counts"]

MAXU = 8                      # four hands, each doubled: the most units a round can put at risk
NOUT = 8                      # dealer outcomes 17, 18, 19, 20, 21, 22, 23, 24+
OUTCOME_LABELS = ("17", "18", "19", "20", "21", "22", "23", "24+")
NTC = 2 * TC_MAX + 1          # rows of the tallies by true count: -TC_MAX..TC_MAX


def _no_tc() -> np.ndarray:
    return np.zeros((0, MAXU + 1, MAXU + 1, MAXU + 1), dtype=np.int64)


@dataclass
class Counts:
    """Integer tallies of simulated rounds; chunks add up exactly, in any order.

    hist[W, L, P]: rounds by units won, lost and pushed; dealer[up, o]: rounds by up card and
    dealer outcome (17..21, 22, 23+); burn[r]: rounds by the player's burned rank;
    split[k]: rounds by number of split hands (0 = no split); events: see ``EVENT_NAMES``;
    tc[t, W, L, P]: with a count (:mod:`.counting`), the rounds of hist by the true count
    ``t - TC_MAX`` before the round (an empty array without one; left out of the JSON then,
    so plain runs' files and checkpoints are as before).

    >>> c = Counts.zeros(); c.hist[1, 0, 0] = 3; (c + c).rounds
    6
    """

    hist: np.ndarray
    dealer: np.ndarray
    burn: np.ndarray
    split: np.ndarray
    events: np.ndarray
    tc: np.ndarray = field(default_factory=_no_tc)

    FIELDS = ("hist", "dealer", "burn", "split", "events", "tc")

    @classmethod
    def zeros(cls) -> Counts:
        """Empty tallies."""
        def z(*shape: int) -> np.ndarray:
            return np.zeros(shape, dtype=np.int64)
        return cls(z(MAXU + 1, MAXU + 1, MAXU + 1), z(NRANKS, NOUT), z(NRANKS), z(5),
                   z(NEVENTS))

    @property
    def rounds(self) -> int:
        """Rounds tallied."""
        return int(self.hist.sum())

    @classmethod
    def zeros_counted(cls) -> Counts:
        """Empty tallies with room for the rounds by true count."""
        c = cls.zeros()
        c.tc = np.zeros((NTC, MAXU + 1, MAXU + 1, MAXU + 1), dtype=np.int64)
        return c

    def __add__(self, other: Counts) -> Counts:
        def add(a: np.ndarray, b: np.ndarray) -> np.ndarray:
            if a.size == 0 and a.shape != b.shape:      # a plain tally and a counted one
                return b.copy()
            if b.size == 0 and a.shape != b.shape:
                return a.copy()
            return a + b
        return Counts(*(add(getattr(self, f), getattr(other, f)) for f in self.FIELDS))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Counts) and all(
            np.array_equal(getattr(self, f), getattr(other, f)) for f in self.FIELDS)

    def to_json(self) -> dict[str, list]:
        """Plain nested lists (exact integers); ``tc`` only when there is a count."""
        return {f: getattr(self, f).tolist() for f in self.FIELDS
                if f != "tc" or self.tc.size}

    @classmethod
    def from_json(cls, d: dict[str, list]) -> Counts:
        """Inverse of :meth:`to_json`; checks every shape."""
        z = cls.zeros()
        out = []
        for f in cls.FIELDS:
            if f == "tc":
                if "tc" not in d:
                    out.append(_no_tc())
                    continue
                z = cls.zeros_counted()
            a = np.array(d[f], dtype=np.int64)
            if a.shape != getattr(z, f).shape:
                raise SimulationError(f"counts field {f!r} has shape {a.shape}, "
                                      f"expected {getattr(z, f).shape}")
            out.append(a)
        return cls(*out)

