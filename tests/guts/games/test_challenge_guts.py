"""Challenge guts (guts_family/games/challenge_guts.py): the dealer's qualifier against eval7,
the 2-1 challenge, several challengers, ranges exact against sampling."""

from __future__ import annotations

import itertools
from fractions import Fraction
from math import comb

import eval7
import pytest

from guts_family.cards import CardError, card_str, parse_cards
from guts_family.games.challenge_guts import challenge, dealer_qualifies, min_class, vs_players
from guts_family.hands import VALUE3
from guts_family.odds import (
    Seat,
    field_sample,
)
from guts_family.odds.multiway import multiway_odds
from tests.reference.guts import (
    field_odds_naive,
)


def _eval7(h):
    return eval7.evaluate([eval7.Card(card_str(c)) for c in h])


def test_dealer_qualifies_against_eval7():
    a32 = _eval7(parse_cards("Ac 3d 2h"))
    assert dealer_qualifies("A") == (sum(1 for h in itertools.combinations(range(52), 3)
                                          if _eval7(h) >= a32), 22100) == (8020, 22100)
    dead = parse_cards("Ks Kd 9c")
    rest = [c for c in range(52) if c not in dead]
    assert dealer_qualifies("A", dead) == (
        sum(1 for h in itertools.combinations(rest, 3) if _eval7(h) >= a32), comb(49, 3))


def test_min_class_labels():
    assert VALUE3.label(min_class("A")) == "A32"
    assert VALUE3.label(min_class("22")) == "322"
    assert VALUE3.label(min_class("kk")) == "KK2"
    assert min_class("AKQ") == 285  # the best of the 286 high-card classes
    with pytest.raises(CardError):
        min_class("3")


def test_challenge_ev_is_two_to_one_and_range_restricts_the_dealer():
    hand = parse_cards("Ts Td 3c")
    r = challenge(hand, pot=6, tie="pot")
    o = r.odds
    assert r.ev == pytest.approx(float(Fraction(6 * o.win_count - 12 * (o.lose_count + o.tie_count),
                                                o.total)))
    restricted = challenge(hand, pot=6, dealer_min="99")
    naive = field_odds_naive(VALUE3, hand, [Seat("dealer", is_pot=True,
                                                 min_class=min_class("99"))])
    assert (restricted.odds.ties, restricted.odds.lose_count, restricted.odds.total) == \
        (naive.ties, naive.lose_count, naive.total)
    assert restricted.ev < r.ev


def test_challenge_guts_needs_an_opponent_and_has_no_pot_hand():
    o = vs_players(parse_cards("As Ks Qs"), opponents=2)
    assert [s.is_pot for s in o.seats] == [False, False]
    with pytest.raises(ValueError, match="at least 1"):
        vs_players(parse_cards("As Ks Qs"), opponents=0)


def _same(a, b):
    assert (a.ties, a.lose_count, a.total) == (b.ties, b.lose_count, b.total)


def test_challenge_with_several_challengers():
    hand = parse_cards("Ks Kd 9c")
    one = challenge(hand, pot=10)
    many = challenge(hand, pot=10, challengers=4, dealer_min="A")
    seats = [Seat("dealer", is_pot=True, min_class=VALUE3.class_from_label("A32"))] + \
        [Seat(f"challenger {i}") for i in (2, 3, 4)]
    _same(many.odds, multiway_odds(VALUE3, hand, seats))
    assert many.ev < one.ev
    o = many.odds
    assert many.ev == pytest.approx(float(o.ev_exact(10, None, "replay", loss_multiple=2)))
    with pytest.raises(ValueError, match="challengers must be 1 to 16"):
        challenge(hand, pot=10, challengers=17)


def test_challenge_ranges_exact_agree_with_sampling():
    from guts_family.games.challenge_guts import challenge
    from guts_family.ranges import parse_range

    # two ranged challengers: rejection keeps about 3 % of the deals, so the check is quick
    r = challenge(parse_cards("Ks Kd 9c"), pot=10, challengers=2,
                  challenger_range=parse_range("pair+", VALUE3),
                  dealer_range=parse_range("A-high+", VALUE3))
    assert r.odds.as_dict()["exact"] and r.as_dict()["range"]["text"] == "pair+"
    assert r.odds.seats[0].min_class == VALUE3.class_from_label("A32")
    s = field_sample(VALUE3, r.odds.hero, r.odds.seats, seed=5, samples=20_000, workers=1)
    for exact, est in ((r.odds.win, s.win), (r.odds.tie, s.tie), (r.odds.lose, s.lose)):
        assert abs(est.value - exact) <= 4 * est.se + 1e-12
    four = challenge(parse_cards("Ks Kd 9c"), pot=10, challengers=4,
                     challenger_range=parse_range("pair+", VALUE3))
    wide = challenge(parse_cards("Ks Kd 9c"), pot=10, challengers=4)
    assert four.odds.win < wide.odds.win  # strong challengers beat you more often
