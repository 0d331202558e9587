"""The split's recursion (engine/split.py) checked against itself two independent ways: the
hidden non-pair cards' conditioning matters, and the forward count of second cards gives the
backward induction's EV and hands."""

from __future__ import annotations

import numpy as np
import pytest

from tests.engine.cases import SPLIT_CASES
from twentyone_burn.engine.split import split_on_shoe


def test_split_without_the_nonpair_conditioning_would_be_wrong():
    """The u-conditioning matters: dropping it changes the EV by far more than 1e-12."""
    pair, burned, up, shoe, rules = SPLIT_CASES[0]
    sv = split_on_shoe(rules, up, burned, pair, shoe, keep_tables=True)
    # the EV of the same first actions valued as if nothing were hidden
    naive = sv.hand_ev[0]
    assert not np.allclose(sv.hand_ev[1:4], naive, atol=1e-6)


def test_forward_second_card_counts_reproduce_the_split_ev():
    from twentyone_burn.engine.split import second_card_counts

    pair, burned, up, shoe, rules = SPLIT_CASES[0]
    sv = split_on_shoe(rules, up, burned, pair, shoe)
    unseen = shoe.copy()
    for x in (up, burned, pair, pair):
        unseen[x] -= 1
    counts = second_card_counts(rules, pair, unseen, sv.resplits)
    assert (counts * sv.hand_ev).sum() == pytest.approx(sv.ev, abs=1e-13)
    assert counts.sum() == pytest.approx(sv.hands, abs=1e-13)


def test_row_dots_are_the_one_row_dot_products_bit_for_bit():
    """pattern_value takes every combination's sums in one call (``_row_dots``); the published
    figures were made one row at a time (``p @ ev``), so the two must agree to the last bit,
    on the magnitudes the split sees (probabilities against EVs of either sign)."""
    from twentyone_burn.engine.split import _row_dots

    rng = np.random.default_rng(25)
    for scale in (1.0, 1e-3, 7.0):
        a = rng.random((18, 10)) * scale
        b = rng.random((18, 10)) - 0.4
        one_by_one = np.array([float(a[c] @ b[c]) for c in range(18)])
        assert _row_dots(a, b).tobytes() == one_by_one.tobytes()
