"""errors: the one exception the simulator raises for a run it cannot do as asked."""

from __future__ import annotations

__all__ = ["SimulationError"]


class SimulationError(ValueError):
    """A simulation that cannot run as asked (bad option, unusable checkpoint, bad tables)."""
