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
