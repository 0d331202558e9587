"""Omaha Burn: the Omaha hand evaluator (high, eight-or-better low), exact and sampled equity.

:mod:`~guts_family.omaha.evaluator` values hands (plain-Python specification, lookup tables,
the batched fast path and the per-call path); :mod:`~guts_family.omaha.exact` enumerates every
remaining deal for exact equity; :mod:`~guts_family.omaha.sample` samples where enumeration
cannot finish (seeded, with error bars) and picks the method; :mod:`~guts_family.omaha.decision`
weighs burning (staying in for the river) against folding, from either;
:mod:`~guts_family.omaha.ranges` reads the unknown opponents' ranges (``AA**``, ``top 20%``),
whose ``top P%`` ordering :mod:`~guts_family.omaha.preflop` builds (stored in ``omaha/data``).
Their numba kernels all live in the private :mod:`~guts_family.omaha._kernels`;
:mod:`~guts_family.omaha.text` reads hands from text without them. Only
:mod:`guts_family.cards` and :mod:`guts_family.sampling` are needed below this package. The
names below are loaded on first use (``import guts_family.omaha.text`` stays light, for the
command line's checks).

>>> from guts_family.omaha import burn_decision, omaha_equity, omaha_odds
>>> r = omaha_equity("As3sJhTd QcQh5c6d", "KsQs7d2s")
>>> [str(p.equity) for p in r.players], burn_decision(r, pot=60, cap=10, player=1).burn
(['3/4', '1/4'], True)
>>> s = omaha_odds("AsAhKsKh", "Qd7c2h3s", opponents=5, seed=1, target_se=0.005)
>>> s.method, s.players[0].equity.se <= 0.005
('sampled', True)
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING

if TYPE_CHECKING:
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

#: each public name -> the module that defines it (loaded on first use, PEP 562)
_LAZY = {
    "MAX_PLAYERS": "guts_family.omaha.text",
    "MAX_SECONDS": "guts_family.omaha.exact",
    "BurnDecision": "guts_family.omaha.decision",
    "OmahaEquity": "guts_family.omaha.exact",
    "PlayerOdds": "guts_family.omaha.exact",
    "burn_decision": "guts_family.omaha.decision",
    "deal_count": "guts_family.omaha.exact",
    "estimate_seconds": "guts_family.omaha.exact",
    "omaha_equity": "guts_family.omaha.exact",
    "parse_hands": "guts_family.omaha.text",
    "high_evaluator": "guts_family.omaha.evaluator",
    "low_evaluator": "guts_family.omaha.evaluator",
    "high_name": "guts_family.omaha.evaluator",
    "high_str": "guts_family.omaha.evaluator",
    "low_str": "guts_family.omaha.evaluator",
    "omaha_high": "guts_family.omaha.evaluator",
    "omaha_high_many": "guts_family.omaha.evaluator",
    "omaha_low": "guts_family.omaha.evaluator",
    "omaha_low_many": "guts_family.omaha.evaluator",
    "SampledBurnDecision": "guts_family.omaha.decision",
    "SampledOmahaEquity": "guts_family.omaha.sample",
    "SampledPlayerOdds": "guts_family.omaha.sample",
    "omaha_odds": "guts_family.omaha.sample",
    "omaha_sample": "guts_family.omaha.sample",
    "sampled_burn_decision": "guts_family.omaha.decision",
    "OmahaRange": "guts_family.omaha.ranges",
    "parse_omaha_range": "guts_family.omaha.ranges",
}

__all__ = ["MAX_PLAYERS", "MAX_SECONDS", "BurnDecision", "OmahaEquity", "PlayerOdds",
           "burn_decision", "deal_count", "estimate_seconds", "omaha_equity", "parse_hands",
           "high_evaluator", "low_evaluator", "high_name", "high_str", "low_str", "omaha_high",
           "omaha_high_many", "omaha_low", "omaha_low_many", "SampledBurnDecision",
           "SampledOmahaEquity", "SampledPlayerOdds", "omaha_odds", "omaha_sample",
           "sampled_burn_decision", "OmahaRange", "parse_omaha_range"]


def __getattr__(name: str) -> object:
    """Load a public name on first use (PEP 562)."""
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'guts_family.omaha' has no attribute {name!r}")
    value = getattr(import_module(module), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_LAZY))
