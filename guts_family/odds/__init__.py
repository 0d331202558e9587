"""Exact odds of a hand against a field of opposing hands, by complete enumeration.

:mod:`~guts_family.odds.outcome` holds the seats, the results (:class:`FieldOdds`) and the tie
rules; :mod:`~guts_family.odds.field` counts one hand against a field (:func:`field_odds`; its
plain twin ``field_odds_naive`` lives with the tests, in ``tests/reference/guts.py``);
:mod:`~guts_family.odds.classes` counts every hand against one random hand at once;
:mod:`~guts_family.odds.sample` samples what the exact count refuses (:func:`field_sample`).
The numba kernels are private (``guts_family.odds._kernels``).

>>> from guts_family.cards import parse_cards
>>> from guts_family.hands import TWO
>>> round(field_odds(TWO, parse_cards("Kh Kd"), [Seat("dummy", is_pot=True)]).win, 4)
0.9943
"""

from guts_family.odds.classes import representatives, single_seat_counts
from guts_family.odds.field import exact_refusal, field_odds
from guts_family.odds.outcome import (
    MAX_FORMULA_SEATS,
    PLAYER_TIE_RULES,
    TIE_RULES,
    FieldOdds,
    Seat,
    check_stakes,
)
from guts_family.odds.sample import SampledFieldOdds, field_sample

__all__ = ["Seat", "FieldOdds", "TIE_RULES", "PLAYER_TIE_RULES", "MAX_FORMULA_SEATS",
           "check_stakes", "field_odds", "exact_refusal", "field_sample", "SampledFieldOdds",
           "single_seat_counts", "representatives"]
