"""warmup: the report's second process on a first run (:mod:`twentyone_burn.engine.warmup`):
the split kernels, then the simulator's kernel, compiled into numba's cache while the report
computes optimal play and derives its charts.

``python -m twentyone_burn.report.warmup``; :func:`start` starts it from the command line.

>>> callable(start)
True
"""

from __future__ import annotations

import sys

__all__ = ["ENTRY", "main", "start"]

#: this module, as the second process runs it
ENTRY = "twentyone_burn.report.warmup"


def start(simulates: bool) -> bool:
    """Start the report's second process when it would help; with ``simulates`` (a
    verification or a simulation follows) it compiles the simulator's kernel too."""
    from ..engine import warmup
    if not simulates:
        return warmup.start()
    from ..sim.warmup import sim_kernel
    return warmup.start(ENTRY, also_cached=(sim_kernel(),))


def main() -> None:
    """The second process: the split kernels (then :data:`~twentyone_burn.engine.warmup.
    SPLIT_DONE` on stdout), then the simulator's kernel."""
    from ..engine.warmup import SPLIT_DONE
    from ..engine.warmup_split import compile_split_kernels
    from ..sim.warmup import compile_sim_kernel

    try:
        compile_split_kernels()
        print(SPLIT_DONE, flush=True)
        compile_sim_kernel()
    except KeyboardInterrupt:   # Ctrl-C at the terminal reaches this process too
        sys.exit(130)


if __name__ == "__main__":
    main()
