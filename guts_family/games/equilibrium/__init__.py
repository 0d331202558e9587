"""The symmetric equilibrium in/out thresholds of Phoenix Burn, Guts (3-2-1) and challenge guts.

A *symmetric equilibrium threshold* is a class ``t`` that is its own best response: when every
other deciding player goes in with ``t`` or better, going in pays (EV > 0) with ``t`` and
every better class, and does not pay (EV <= 0) with the class below. One concern a module,
lowest first:

- :mod:`~guts_family.games.equilibrium.model`: the one-round in/out model, from each game's
  :class:`~guts_family.games.base.Game` attributes, and its exact EVs (``in_ev``; the Guts
  3-card round with two players counted by cards, ``in_ev_poker3``);
- :mod:`~guts_family.games.equilibrium.sampled_evs`: the sampled EVs of the Guts 3-card round
  beyond two players, every threshold at once (``ThresholdEVs``);
- :mod:`~guts_family.games.equilibrium.result`: the result row (``Equilibrium``);
- :mod:`~guts_family.games.equilibrium.search`: best responses and the fixed point
  (``ThresholdSearch``, ``fixed_point``, ``best_response``), every fixed point of a window
  (``fixed_points``, ``scan_span``);
- :mod:`~guts_family.games.equilibrium.mixed`: the symmetric mixed equilibrium at a
  best-response cycle (``mixed_equilibrium``, exact);
- :mod:`~guts_family.games.equilibrium.exact` and :mod:`~guts_family.games.equilibrium.sampled`:
  the exact equilibrium, and the sampled one with its interval;
- :mod:`~guts_family.games.equilibrium.solve`: ``equilibrium``, one table size, the method
  chosen; :mod:`~guts_family.games.equilibrium.swap`: Phoenix Burn's swap inside the
  equilibrium (``swap_equilibrium``);
- :mod:`~guts_family.games.equilibrium.tables`: every table size with its provenance, as
  table files (``threshold_table``, ``swap_threshold_table``).

The names below are re-exported here, so ``from guts_family.games.equilibrium import
equilibrium`` keeps working; the readings of the rules are in ``docs/guts.md``, section
"Equilibrium".

>>> eq = equilibrium("guts321", players=3, cards=1)
>>> eq.label, eq.converged, eq.path
('Q', True, (9, 10))
"""

from guts_family.games.equilibrium.exact import exact_equilibrium
from guts_family.games.equilibrium.mixed import (
    Q_TOLERANCE,
    mixed_equilibrium,
    mixed_in_ev_poly,
    poly_value,
    sturm_roots,
)
from guts_family.games.equilibrium.model import (
    EQUILIBRIUM_GAMES,
    check_model,
    counted_by_cards,
    dummy_model,
    in_ev,
    in_ev_poker3,
)
from guts_family.games.equilibrium.result import (
    METHOD,
    METHOD_CARDS,
    METHOD_MIXED,
    METHOD_SAMPLED,
    Equilibrium,
    MixedPoint,
    class_label,
)
from guts_family.games.equilibrium.sampled import (
    EQ_SAMPLES,
    FIRST_DEALS,
    SCAN_GAP,
    sampled_equilibrium,
)
from guts_family.games.equilibrium.sampled_evs import RESOLVE_Z, ThresholdEVs, unit_payoffs
from guts_family.games.equilibrium.search import (
    FIXED_POINT_WINDOW,
    MAX_ITERATIONS,
    ThresholdSearch,
    best_response,
    fixed_point,
    fixed_points,
    scan_span,
)
from guts_family.games.equilibrium.solve import METHODS, equilibrium
from guts_family.games.equilibrium.swap import (
    CHECK_WINDOW,
    SWAP_METHOD,
    SWAP_TIMINGS,
    SwapEquilibrium,
    SwapModel,
    ranked_odds,
    swap_equilibrium,
)
from guts_family.games.equilibrium.tables import (
    SwapTable,
    ThresholdTable,
    equilibrium_table,
    sizes_text,
    swap_threshold_table,
    threshold_table,
)

__all__ = ["EQUILIBRIUM_GAMES", "check_model", "counted_by_cards", "dummy_model", "in_ev",
           "in_ev_poker3", "Q_TOLERANCE", "mixed_equilibrium", "mixed_in_ev_poly",
           "poly_value", "sturm_roots", "RESOLVE_Z", "ThresholdEVs", "unit_payoffs", "METHOD",
           "METHOD_CARDS", "METHOD_MIXED", "METHOD_SAMPLED", "Equilibrium", "MixedPoint",
           "class_label", "FIXED_POINT_WINDOW", "MAX_ITERATIONS", "ThresholdSearch",
           "best_response", "fixed_point", "fixed_points", "scan_span", "exact_equilibrium",
           "EQ_SAMPLES", "FIRST_DEALS", "SCAN_GAP", "sampled_equilibrium", "METHODS", "equilibrium",
           "CHECK_WINDOW", "SWAP_METHOD", "SWAP_TIMINGS", "SwapEquilibrium", "SwapModel",
           "ranked_odds", "swap_equilibrium", "SwapTable", "ThresholdTable", "equilibrium_table",
           "sizes_text", "swap_threshold_table", "threshold_table"]
