"""Each deal's rule (guts_family/games/whole_game/thresholds.py): the equilibrium of its pot is
what ``equilibrium()`` answers at that pot, one threshold serves every pot up to the cap, the
EV's two parts from one exact EV are those of two stakes, cycles are played as asked, and
challenge guts' challenge rule is the sign of ``challenge()``'s exact EV."""

from __future__ import annotations

import pytest

from guts_family.games.challenge_guts import challenge
from guts_family.games.equilibrium import ThresholdEVs, equilibrium
from guts_family.games.whole_game.setting import game_setting
from guts_family.games.whole_game.thresholds import PotThresholds


@pytest.mark.parametrize("game, players, cards, rounds", [
    ("phoenix", 3, 3, None), ("challenge", 3, 3, None), ("guts321", 3, 2, (2,)),
    ("guts321", 4, 1, (1,))])
def test_a_pot_above_the_cap_plays_the_equilibrium_of_that_pot(game, players, cards, rounds):
    p = PotThresholds(game_setting(game, players, cap=10, rounds=rounds, cycle_rule="low"))
    for pot in (12.0, 31.0, 75.0):
        e = equilibrium(game, players, pot=pot, cap=10, cards=cards)
        r = p.rule(cards, pot)
        assert (r.threshold, r.pot) == (e.threshold, pot), pot  # a cycle: its weakest class
        assert r.source == ("equilibrium" if e.converged else
                            f"equilibrium cycle {e.label}, played low"), pot


@pytest.mark.parametrize("game, players, cards, rounds", [
    ("phoenix", 4, 3, None), ("guts321", 3, 2, (2,))])
def test_one_threshold_serves_every_pot_up_to_the_cap(game, players, cards, rounds):
    p = PotThresholds(game_setting(game, players, cap=10, rounds=rounds))
    r = p.rule(cards, 4.0)
    assert r.pot is None and p.rule(cards, 10.0) is r and p.rule(cards, 7.5) is r
    for pot, cap in ((4.0, None), (9.0, None), (10.0, 10.0)):  # the EV is the pot times a number
        assert equilibrium(game, players, pot=pot, cap=cap, cards=cards).threshold == r.threshold
    assert len(p.table()) == 1


def test_the_two_parts_from_one_exact_ev_are_those_of_two_stakes():
    p = PotThresholds(game_setting("phoenix", 4, cap=10))
    rnd = p._round(3)
    for c, t in ((250, 290), (300, 300), (100, 0), (454, 455)):
        assert rnd.part(c, t) == rnd.two_stakes(c, t)
    g = PotThresholds(game_setting("guts321", 2, cap=10, rounds=(3,)))._round(3)  # by cards
    assert g.part(420, 430) == g.two_stakes(420, 430)


def test_a_cycle_is_played_low_or_high_as_asked():
    e = equilibrium("guts321", 7, cards=1)
    assert not e.converged and e.label == "K/A"
    for how, label in (("low", "K"), ("high", "A")):
        r = PotThresholds(game_setting("guts321", 7, rounds=(1,), cycle_rule=how)).rule(1, 7.0)
        assert r.label == label and r.source == f"equilibrium cycle K/A, played {how}"


def test_given_thresholds_are_played_at_every_pot():
    p = PotThresholds(game_setting("guts321", 3, cap=5, thresholds="3=AQ4,2=K5,1=none"))
    assert [p.rule(c, pot).label for c, pot in ((3, 3.0), (2, 50.0), (1, 9.0))] == \
        ["AQ4", "K5", "none"]
    assert {r.source for r in p.table()} == {"given"}


@pytest.mark.parametrize("pot, dealer_min", [(4.0, None), (30.0, None), (30.0, "A")])
def test_the_challenge_rule_is_the_sign_of_the_exact_challenge_ev(pot, dealer_min):
    s = game_setting("challenge", 4, cap=10, dealer_min=dealer_min)
    r = PotThresholds(s).rule(3, pot)
    order = s.order(3)
    assert 0 < r.challenge < order.n_classes and r.challenge_label == order.label(r.challenge)
    at, below = (challenge(order.representative(c), pot, limit=10, dealer_min=dealer_min)
                 for c in (r.challenge, r.challenge - 1))
    assert at.ev > 0 >= below.ev


def test_the_sampled_three_card_round_is_a_fixed_point_of_the_sampled_evs_at_its_pot():
    s = game_setting("guts321", 3, cap=2, rounds=(3,), eq_deals=16_384)
    r = PotThresholds(s).rule(3, 5.0)
    assert r.source == "sampled equilibrium" and r.pot == 5.0
    evs = ThresholdEVs(s.order(3), 3, pot=5.0, cap=2.0, seed=s.eq_seed)
    evs.sample([r.threshold, r.threshold - 1], 16_384)  # the same deals as the rule's
    assert evs.ev(r.threshold, r.threshold)[0] > 0 >= evs.ev(r.threshold - 1, r.threshold)[0]
