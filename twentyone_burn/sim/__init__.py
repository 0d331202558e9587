"""sim: the seeded Monte Carlo simulator, the engine's independent second opinion.

It shares only the leaf layer with the exact engine (the rules, the shoe and the strategy
tables) and none of its probability code.

Modules, each one job: :mod:`.run` (the driver: ``simulate``, ``warm_up``), :mod:`.spec` (a
strategy turned into the kernel's arrays; ``run_chunk`` plays one chunk), :mod:`.strategy`
(checks and hash of the decision tables), :mod:`.counting` (card counts and the true count
the rounds are tallied by), :mod:`.rng` (each chunk's random stream),
:mod:`._kernel` (every numba function: xoshiro256** and the round), :mod:`.counts` (the
tallies), :mod:`.results` (``SimResult`` and its statistics), :mod:`.checkpoint` (run identity
and the resumable journal), :mod:`.executors` (local processes, Dask) and :mod:`.errors`.
"""

from .checkpoint import Checkpoint
from .counts import EVENT_NAMES, NEVENTS, Counts
from .errors import SimulationError
from .results import SimResult
from .rng import below_outputs, chunk_state, xoshiro_outputs
from .run import DEFAULT_CHUNK, simulate, warm_up
from .spec import KernelSpec, chunk_plan, kernel_spec, round_card_bound, run_chunk
from .strategy import check_tables, tables_hash

__all__ = ["DEFAULT_CHUNK", "EVENT_NAMES", "NEVENTS", "Checkpoint", "Counts", "KernelSpec",
           "SimResult", "SimulationError", "below_outputs", "check_tables", "chunk_plan",
           "chunk_state", "kernel_spec", "round_card_bound", "run_chunk", "simulate",
           "tables_hash", "warm_up", "xoshiro_outputs"]
