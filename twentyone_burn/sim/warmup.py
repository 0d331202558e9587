"""warmup: the simulator's kernel compiled once by numba, on a thousand rounds, so that a later
simulation in another process (the report's verification workers) loads it from numba's cache.

The report's second process runs it (``report/warmup.py``, :mod:`twentyone_burn.engine.warmup`)
while the report derives its charts: the kernel takes numba about 13 s to compile, which the
verification otherwise waits for at the end. The arguments are of the types every simulation
passes (``spec.run_chunk`` builds them from any strategy; a test checks them).

>>> callable(compile_sim_kernel)
True
"""

from __future__ import annotations

__all__ = ["compile_sim_kernel", "sim_kernel"]


def sim_kernel() -> object:
    """The simulator's numba kernel (its dispatcher, to ask numba's cache about)."""
    from ._kernel import simulate_kernel
    return simulate_kernel


def compile_sim_kernel() -> None:
    """One chunk of a thousand rounds of the rule sheet's game, always standing."""
    from ..rules import Rules
    from ..tables import DecisionTables
    from .spec import kernel_spec, run_chunk

    run_chunk(kernel_spec(DecisionTables.always_stand(Rules()), 5), 0, 1000)
