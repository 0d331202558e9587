"""The shoe (twentyone_burn/shoe.py): every deal's probability against the reference's exact
rational by listing the orders of the cards, and the probabilities summing to one."""

from __future__ import annotations

from fractions import Fraction

import pytest

from tests.reference import engine as ref
from twentyone_burn.rules import Rules
from twentyone_burn.shoe import deal_probability, full_shoe, three_card_multisets


def test_deal_probabilities_exact_and_summing_to_one():
    r = Rules(decks=1)
    total = Fraction(0)
    for cards in three_card_multisets():
        for up in range(10):
            exact = ref.deal_probability(tuple(int(x) for x in full_shoe(1)), cards, up)
            assert deal_probability(r, cards, up) == pytest.approx(float(exact), rel=1e-13, abs=0)
            total += exact
    assert total == 1
