"""Omaha Burn: the Omaha hand evaluator (high, eight-or-better low) and exact pot equity.

:mod:`~guts_family.omaha.evaluator` values hands (plain-Python specification, lookup tables
and the fast path); :mod:`~guts_family.omaha.burn` enumerates every remaining deal for exact
equity and the burn decision. Their numba kernels all live in the private
:mod:`~guts_family.omaha._kernels`. Only :mod:`guts_family.cards` is needed below this package.

>>> r = omaha_equity("As3sJhTd QcQh5c6d", "KsQs7d2s")
>>> [str(p.equity) for p in r.players], burn_decision(r, pot=60, cap=10, player=1).burn
(['3/4', '1/4'], True)
"""

from guts_family.omaha.burn import (
    MAX_PLAYERS,
    MAX_SECONDS,
    BurnDecision,
    OmahaEquity,
    PlayerOdds,
    burn_decision,
    deal_count,
    estimate_seconds,
    omaha_equity,
    parse_hands,
)
from guts_family.omaha.evaluator import (
    high_name,
    high_str,
    low_str,
    omaha_high,
    omaha_high_many,
    omaha_low,
    omaha_low_many,
)

__all__ = ["MAX_PLAYERS", "MAX_SECONDS", "BurnDecision", "OmahaEquity", "PlayerOdds",
           "burn_decision", "deal_count", "estimate_seconds", "omaha_equity", "parse_hands",
           "high_name", "high_str", "low_str", "omaha_high", "omaha_high_many", "omaha_low",
           "omaha_low_many"]
