"""Omaha Burn: the Omaha hand evaluator (high, eight-or-better low), exact and sampled equity.

:mod:`~guts_family.omaha.evaluator` values hands (plain-Python specification, lookup tables,
the batched fast path and the per-call path); :mod:`~guts_family.omaha.exact` enumerates every
remaining deal for exact equity; :mod:`~guts_family.omaha.sample` samples where enumeration
cannot finish (seeded, with error bars) and picks the method; :mod:`~guts_family.omaha.decision`
weighs burning (staying in for the river) against folding, from either;
:mod:`~guts_family.omaha.ranges` reads the unknown opponents' ranges (``AA**``, ``top 20%``),
whose ``top P%`` ordering :mod:`~guts_family.omaha.preflop` builds (stored in ``omaha/data``).
Their numba kernels all live in the private :mod:`~guts_family.omaha._kernels`. Only
:mod:`guts_family.cards` and :mod:`guts_family.sampling` are needed below this package.

>>> r = omaha_equity("As3sJhTd QcQh5c6d", "KsQs7d2s")
>>> [str(p.equity) for p in r.players], burn_decision(r, pot=60, cap=10, player=1).burn
(['3/4', '1/4'], True)
>>> s = omaha_odds("AsAhKsKh", "Qd7c2h3s", opponents=5, seed=1, target_se=0.005)
>>> s.method, s.players[0].equity.se <= 0.005
('sampled', True)
"""

from guts_family.omaha.decision import (
    BurnDecision,
    SampledBurnDecision,
    burn_decision,
    sampled_burn_decision,
)
from guts_family.omaha.evaluator import (
    high_evaluator,
    high_name,
    high_str,
    low_evaluator,
    low_str,
    omaha_high,
    omaha_high_many,
    omaha_low,
    omaha_low_many,
)
from guts_family.omaha.exact import (
    MAX_PLAYERS,
    MAX_SECONDS,
    OmahaEquity,
    PlayerOdds,
    deal_count,
    estimate_seconds,
    omaha_equity,
    parse_hands,
)
from guts_family.omaha.ranges import OmahaRange, parse_omaha_range
from guts_family.omaha.sample import (
    SampledOmahaEquity,
    SampledPlayerOdds,
    omaha_odds,
    omaha_sample,
)

__all__ = ["MAX_PLAYERS", "MAX_SECONDS", "BurnDecision", "OmahaEquity", "PlayerOdds",
           "burn_decision", "deal_count", "estimate_seconds", "omaha_equity", "parse_hands",
           "high_evaluator", "low_evaluator", "high_name", "high_str", "low_str", "omaha_high",
           "omaha_high_many", "omaha_low", "omaha_low_many", "SampledBurnDecision",
           "SampledOmahaEquity", "SampledPlayerOdds", "omaha_odds", "omaha_sample",
           "sampled_burn_decision", "OmahaRange", "parse_omaha_range"]
