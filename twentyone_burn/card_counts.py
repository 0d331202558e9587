"""card_counts: the field's card counts - one home for their tags, which the simulator counts
with (:mod:`twentyone_burn.sim.counting`) and the exact effects of removal are correlated with
(:mod:`twentyone_burn.protection.counts`).

Tags are over A, 2, 3, 4, 5, 6, 7, 8, 9, T (a card seen adds its tag); Wong Halves has half
tags. Names are the field's (Hi-Opt I and II, Omega II written with roman numerals);
:data:`ALIASES` reads the arabic spellings too.

>>> COUNTS["hi-lo"][1:6], COUNTS["hi-lo"][0], COUNTS["hi-lo"][9]
((1, 1, 1, 1, 1), -1, -1)
>>> sum(t * n for t, n in zip(COUNTS["hi-lo"], [4] * 9 + [16]))     # balanced
0
"""

from __future__ import annotations

__all__ = ["ALIASES", "COUNTS"]

#: the field's counts: tags of A, 2, 3, 4, 5, 6, 7, 8, 9, T
COUNTS: dict[str, tuple[float, ...]] = {
    "hi-lo": (-1, 1, 1, 1, 1, 1, 0, 0, 0, -1),
    "ko": (-1, 1, 1, 1, 1, 1, 1, 0, 0, -1),
    "hi-opt-i": (0, 0, 1, 1, 1, 1, 0, 0, 0, -1),
    "hi-opt-ii": (0, 1, 1, 2, 2, 1, 1, 0, 0, -2),
    "omega-ii": (0, 1, 1, 2, 2, 2, 1, 0, -1, -2),
    "zen": (-1, 1, 1, 2, 2, 2, 1, 0, 0, -2),
    "wong-halves": (-1, 0.5, 1, 1, 1.5, 1, 0.5, 0, -0.5, -1),
}

#: other spellings of a count's name (numerals for the roman ones)
ALIASES: dict[str, str] = {"hi-opt-1": "hi-opt-i", "hi-opt-2": "hi-opt-ii",
                           "omega-2": "omega-ii"}
