"""counts: the integer tallies of simulated rounds, which add up exactly across chunks.

The event indices the kernel writes (``EV_*``, :data:`EVENT_NAMES`) are defined beside the
kernel in :mod:`._kernel`, where numba's cache sees them; this module gives them their shape.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ..shoe import NRANKS
from ._kernel import EVENT_NAMES, NEVENTS
from .errors import SimulationError

__all__ = ["EVENT_NAMES", "MAXU", "NEVENTS", "NOUT", "OUTCOME_LABELS", "Counts"]

MAXU = 8                      # four hands, each doubled: the most units a round can put at risk
NOUT = 8                      # dealer outcomes 17, 18, 19, 20, 21, 22, 23, 24+
OUTCOME_LABELS = ("17", "18", "19", "20", "21", "22", "23", "24+")


@dataclass
class Counts:
    """Integer tallies of simulated rounds; chunks add up exactly, in any order.

    hist[W, L, P]: rounds by units won, lost and pushed; dealer[up, o]: rounds by up card and
    dealer outcome (17..21, 22, 23+); burn[r]: rounds by the player's burned rank;
    split[k]: rounds by number of split hands (0 = no split); events: see ``EVENT_NAMES``.

    >>> c = Counts.zeros(); c.hist[1, 0, 0] = 3; (c + c).rounds
    6
    """

    hist: np.ndarray
    dealer: np.ndarray
    burn: np.ndarray
    split: np.ndarray
    events: np.ndarray

    FIELDS = ("hist", "dealer", "burn", "split", "events")

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

    def __add__(self, other: Counts) -> Counts:
        return Counts(*(getattr(self, f) + getattr(other, f) for f in self.FIELDS))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Counts) and all(
            np.array_equal(getattr(self, f), getattr(other, f)) for f in self.FIELDS)

    def to_json(self) -> dict[str, list]:
        """Plain nested lists (exact integers)."""
        return {f: getattr(self, f).tolist() for f in self.FIELDS}

    @classmethod
    def from_json(cls, d: dict[str, list]) -> Counts:
        """Inverse of :meth:`to_json`; checks every shape."""
        z = cls.zeros()
        out = []
        for f in cls.FIELDS:
            a = np.array(d[f], dtype=np.int64)
            if a.shape != getattr(z, f).shape:
                raise SimulationError(f"counts field {f!r} has shape {a.shape}, "
                                      f"expected {getattr(z, f).shape}")
            out.append(a)
        return cls(*out)

