"""sim: the seeded Monte Carlo simulator, the engine's independent second opinion.

It shares only the leaf layer with the exact engine (the rules, the shoe and the strategy
tables) and none of its probability code.
"""

from .run import (
    DEFAULT_CHUNK,
    EVENT_NAMES,
    NEVENTS,
    Checkpoint,
    Counts,
    KernelSpec,
    SimResult,
    SimulationError,
    below_outputs,
    check_tables,
    chunk_plan,
    chunk_state,
    kernel_spec,
    round_card_bound,
    run_chunk,
    simulate,
    tables_hash,
    warm_up,
    xoshiro_outputs,
)

__all__ = ["DEFAULT_CHUNK", "EVENT_NAMES", "NEVENTS", "Checkpoint", "Counts", "KernelSpec",
           "SimResult", "SimulationError", "below_outputs", "check_tables", "chunk_plan",
           "chunk_state", "kernel_spec", "round_card_bound", "run_chunk", "simulate",
           "tables_hash", "warm_up", "xoshiro_outputs"]
