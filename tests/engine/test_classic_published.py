"""The classic mode against exact values the field publishes for ordinary blackjack.

Every value here was printed by another exact analyser, and each test cites where. They check
everything 21 Burn shares with blackjack: the dealer, composition-dependent play, doubling,
splits and resplits to four hands. The post-split strategy is the field's CDZ-: each split
hand takes the action the composition-dependent optimum takes for an *unsplit* hand of the
same cards against the same up card. That optimum uses the shoe less the up card and those
cards, so it forgets the other pair card. The actions are then valued exactly on the true shoe
(Eric Farmer's analyser, `possibly-wrong/blackjack`, src/blackjack.cpp, `computeEVx`).
"""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest

from twentyone_burn.engine.classic import analyze_classic, hand_evs
from twentyone_burn.rules import Rules, load_rules

CLASSIC = Rules(player_cards=2, dealer_burn=False, naturals="peek", mandatory_split=False,
                post_split="cdz-")


def test_split_2_2_v_6_one_deck_cdz():
    """Eric Farmer, "MGP's BJCA" thread, page 2, blackjacktheforum.com
    (showthread.php?42312-MGP-s-BJCA/page2): "the overall CDZ- expected value of splitting 2-2
    vs. 6 is 0.1189818683947885 (as a fraction of initial wager). This can be confirmed by any
    of the accessible CA's (e.g., mine, MGP's, or k_c's)". Rules: one deck, S17, one split
    (no resplit), no double after split."""
    rules = CLASSIC.replace(decks=1, hit_soft_17=False, max_hands=2, double_after_split=False)
    e = hand_evs(rules, 5, (1, 1))
    assert e.split == pytest.approx(0.1189818683947885, rel=1e-12, abs=0)


# Eric Farmer, blackjackinfo.com thread "Software update with new split EVs", page 5: a
# transcript of his Blackjack Basic Strategy Calculator 6.3 on the shoe A..T = 0 4 4 2 0 0 2 0 0 7,
# S17, double any two, double after split, resplit to four hands (not aces), CDZ-, 3:2, no
# surrender; hand 2-2 against a 7. It prints percentages with 11 significant digits; the
# fractions are the exact values those digits round, re-derived by a separate exact rational
# enumeration of every card sequence (the split's 4-hand lines on this 21-card shoe include
# dealers that would draw from an empty shoe; the published figure counts them as busts).
SMALL_SHOE = np.array([0, 4, 4, 2, 0, 0, 2, 0, 0, 7])
FARMER_63 = {
    "stand": ("-61.639194139", Fraction(-6731, 10920)),
    "hit": ("-13.266733267", Fraction(-664, 5005)),
    "double": ("-123.278388278", Fraction(-6731, 5460)),
    "split": ("-76.210220335", Fraction(-5492623, 7207200)),
}


@pytest.mark.parametrize("play", sorted(FARMER_63))
def test_farmer_small_shoe_2_2_v_7_resplit_to_four(play):
    rules = CLASSIC.replace(decks=1, hit_soft_17=False, max_hands=4, double_after_split=True)
    e = hand_evs(rules, 6, (1, 1), SMALL_SHOE)
    printed, exact = FARMER_63[play]
    ours = getattr(e, play)
    assert abs(100 * ours - float(printed)) <= 5e-10  # agrees in every printed digit
    assert ours == pytest.approx(float(exact), rel=1e-12, abs=0)


@pytest.mark.parametrize("das,published", [(True, -0.0072705), (False, -0.0086975)])
def test_six_deck_enhc_game_against_the_wizard_of_odds(das, published):
    """Wizard of Odds, blackjack appendix 9 (six decks, H17, European no hole card, resplit to
    four hands except aces, split aces one card): the game's expected return to 7 digits.
    Their post-split play is not CDZ- and their hand play is not fully composition-dependent,
    so agreement is to a few parts in a million, not to 1e-12: this checks the conventions
    (ENHC losses of doubles and splits to a dealer natural, 3:2, every round counted)."""
    rules = load_rules("classic-blackjack").replace(naturals="enhc", double_after_split=das)
    a = analyze_classic(rules)
    assert abs(a.expected_return - published) < 5e-6


def test_the_published_cdz_value_forgets_the_other_pair_card():
    """Choosing split-hand plays on the shoe less *both* pair cards (CDP1) does not give the
    published CDZ- figure: the field's CDZ- forgets the other pair card."""
    rules = CLASSIC.replace(decks=1, hit_soft_17=False, max_hands=2, double_after_split=False,
                            post_split="cdp1")
    assert abs(hand_evs(rules, 5, (1, 1)).split - 0.1189818683947885) > 1e-3
