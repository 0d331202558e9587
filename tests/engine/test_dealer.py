"""The dealer (engine/dealer.py) against brute force that deals every card for real
(tests/reference/engine.py, written from the rule sheet): every up card, H17 and S17, each of
the three dealer burns; and the rule predicates the trie is built from (``Rules.dealer_keeps``,
``Rules.dealer_draws``) against the reference's own."""

from __future__ import annotations

import itertools

import numpy as np
import pytest

from tests.reference import engine as ref
from twentyone_burn.engine.dealer import dealer_distribution
from twentyone_burn.rules import DEALER_BURN_CHOICES, Rules
from twentyone_burn.shoe import full_shoe
from twentyone_burn.tables import hand_table


@pytest.mark.parametrize("h17", [True, False])
@pytest.mark.parametrize("up", range(10))
def test_dealer_matches_brute_force_one_deck(up, h17):
    unseen = full_shoe(1)
    unseen[up] -= 1
    unseen[4] -= 1  # a five gone as well
    got = dealer_distribution(Rules(decks=1, hit_soft_17=h17), up, unseen)
    want = ref.dealer(tuple(int(x) for x in unseen), up, h17)
    np.testing.assert_allclose(got, want, rtol=0, atol=1e-13)
    assert abs(got.sum() - 1) < 1e-12


@pytest.mark.parametrize("up", [0, 5, 9])
def test_two_card_dealer_matches_brute_force(up):
    unseen = full_shoe(1)
    unseen[up] -= 1
    got = dealer_distribution(Rules(decks=1), up, unseen, burn="none")
    want = ref.dealer(tuple(int(x) for x in unseen), up, True, burn=False)
    np.testing.assert_allclose(got, want, rtol=0, atol=1e-13)


@pytest.mark.parametrize("burn", ["lowest", "none"])
@pytest.mark.parametrize("up", [0, 4, 8, 9])
def test_dealer_burn_matches_brute_force(up, burn):
    unseen = full_shoe(1)
    unseen[up] -= 1
    unseen[6] -= 2
    got = dealer_distribution(Rules(decks=1, dealer_burn=burn), up, unseen)
    want = ref.dealer(tuple(int(x) for x in unseen), up, True, burn)
    np.testing.assert_allclose(got, want, rtol=0, atol=1e-13)
    assert abs(got.sum() - 1) < 1e-12


def test_the_dealer_burns_differ():
    """The three dealers are different dealers (a test of the test: the knob reaches the trie)."""
    unseen = full_shoe(1)
    unseen[5] -= 1
    d = [dealer_distribution(Rules(decks=1, dealer_burn=b), 5, unseen)
         for b in ("highest", "lowest", "none")]
    assert min(np.abs(d[0] - d[1]).max(), np.abs(d[0] - d[2]).max(),
               np.abs(d[1] - d[2]).max()) > 0.01


@pytest.mark.parametrize("burn", DEALER_BURN_CHOICES)
def test_dealer_keeps_the_cards_the_reference_keeps(burn):
    rules = Rules(dealer_burn=burn)
    for up, c1, c2 in itertools.product(range(10), repeat=3):
        kept = rules.dealer_keeps(up, (c1, c2))
        assert tuple(sorted(kept)) == ref.dealer_kept(up, c1, c2, burn), (up, c1, c2)
    # the exposed card is not protected: a ten up with a five and a six concealed burns
    assert sorted(Rules().dealer_keeps(9, (4, 5))) == [4, 5]


@pytest.mark.parametrize("h17", [True, False])
def test_dealer_draws_when_the_reference_hits(h17):
    rules = Rules(hit_soft_17=h17)
    t = hand_table()
    for h in range(len(t.index)):
        cards = tuple(r for r in range(10) for _ in range(t.counts[h, r]))
        assert rules.dealer_draws(int(t.total[h]), bool(t.soft[h])) == \
            ref.dealer_must_hit(cards, h17), cards
