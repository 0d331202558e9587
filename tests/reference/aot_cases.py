"""Figures tests/engine/test_compiled.py computes twice, with numba's kernels in the test process
and with the compiled module in a subprocess."""

from __future__ import annotations

import sys

import numpy as np

from twentyone_burn.engine.dealer import dealer_distribution
from twentyone_burn.engine.player import MONEY, _play_hands, _play_hands_lanes
from twentyone_burn.engine.split import split_hands
from twentyone_burn.rules import Rules
from twentyone_burn.shoe import INFINITE_PROBS, full_shoe
from twentyone_burn.tables import hand_table, hidden_combos


def _case():
    t = hand_table()
    nh = len(t.index)
    rng = np.random.default_rng(7)
    cj, cu = hidden_combos(4)
    base = full_shoe(2)
    base[7] -= 1
    base[4] -= 1
    return t, nh, rng, cj, cu, base, split_hands(7, False)


def workload(step=lambda k: None) -> None:
    """What the test's module is compiled for: one dealer pass and one split-hand play."""
    entries(lazy=False, strided=False)


def entries(lazy: bool = True, strided: bool = True) -> dict[str, object]:
    """The figures (their bytes in hex), and whether numba was imported by the calls the module
    holds. ``strided``: then play a strided column, which the module's signature (compiled for
    contiguous ones) does not take; ``lazy``: then call a kernel the module does not hold."""
    out: dict[str, object] = {}
    rules, shoe = Rules(decks=2), full_shoe(2)
    out["dealer"] = [dealer_distribution(rules, up, shoe).tobytes().hex() for up in range(10)]
    t, nh, rng, cj, cu, base, order = _case()
    stand = rng.uniform(-1, 1, (nh, len(cj)))
    forced = np.full((nh, len(cj)), -1, dtype=np.int8)
    can_double = rng.random(nh) < 0.7
    columns = [("play", np.ascontiguousarray(stand[:, 3]))]
    if strided:
        columns.append(("play, a strided column", stand[:, 3]))
    for name, column in columns:
        one = [np.zeros(nh) for _ in range(4)] + [np.zeros(nh, dtype=np.bool_)]
        _play_hands(base, t.counts, t.total, t.ncards, t.child, order, column, 7, cj[3], cu[3],
                    False, INFINITE_PROBS, can_double, np.ascontiguousarray(forced[:, 3]),
                    MONEY, -1, *one)
        out[name] = [a.tobytes().hex() for a in one]
        if name == "play":   # the compiled entries only, so far
            out["numba before lazy"] = "numba" in sys.modules
    if lazy:
        lanes = [np.zeros((nh, len(cj))) for _ in range(4)] + \
            [np.zeros((nh, len(cj)), dtype=np.bool_)]
        _play_hands_lanes(base, t.counts, t.total, t.ncards, t.child, order, stand, 7, cj, cu,
                          False, INFINITE_PROBS, can_double, forced, MONEY, -1, *lanes,
                          np.empty((10, len(cj))))
        out["lanes"] = [a.tobytes().hex() for a in lanes]
    return out
