"""defaults: the few default values the command line shows in its help, in a module that
imports nothing, so ``--help`` shows them without loading the simulator, the report or numba.

Leaf layer (the lowest, beside :mod:`twentyone_burn.rules`): every layer may read it, and it
is each value's one source: :mod:`twentyone_burn.report.build`, :mod:`twentyone_burn.tune`
and :mod:`twentyone_burn.sim.run` import their defaults from here.

>>> DEFAULT_SEED, DEFAULT_SIM_ROUNDS, DEFAULT_CHUNK
(21, 10000000, 1000000)
>>> sorted(KNOBS)
['commission', 'win_pays']
"""

from __future__ import annotations

__all__ = ["DEFAULT_CHUNK", "DEFAULT_SEED", "DEFAULT_SIM_ROUNDS", "DERIVED_CHART_NAME", "KNOBS"]

#: root seed of the report's simulation when none is given: a report is reproducible by default
DEFAULT_SEED = 21
#: rounds simulated for the SD and the net-result distribution when no verification is asked
DEFAULT_SIM_ROUNDS = 10_000_000
#: rounds per chunk of a simulation (results depend on the seed, the rounds and this)
DEFAULT_CHUNK = 1_000_000
#: the name of the chart derived for a rules object, as ``chart`` writes it and the chart's
#: report and ``--strategy chart`` name it
DERIVED_CHART_NAME = ("derived total-dependent chart (each cell the best letter over the "
                      "compositions that reach it under the chart, iterated to a fixed point)")
#: the payout knobs :func:`twentyone_burn.tune.tune` tunes: knob -> (lowest value, highest
#: value, sign of d(house edge)/d(knob))
KNOBS: dict[str, tuple[float, float, int]] = {
    "win_pays": (1e-9, 100.0, -1),
    "commission": (0.0, 1.0 - 1e-9, +1),
}
