"""The simulation against an exact computation: Guts (3-2-1) dealt as one-card rounds, solved as
a Markov chain over the pot in fractions (tests/reference/guts.py:whole_game_markov) - the
deals per game, P(cut), the final pot's distribution, each seat's result and the share of
deals nobody goes in: the simulated figures within 4 standard errors of the exact ones."""

from __future__ import annotations

import math

import pytest

from guts_family.games.whole_game.run import simulate_games
from guts_family.games.whole_game.setting import game_setting
from guts_family.games.whole_game.thresholds import PotThresholds
from tests.reference.guts import whole_game_markov


def _check(players, cap, max_deals, games, seed, **kw):
    s = game_setting("guts321", players, cap=cap, rounds=(1,), max_deals=max_deals, **kw)
    rules = PotThresholds(s)

    def rule(cards, pot):
        r = rules.rule(cards, pot)
        return r.threshold, r.mix, r.challenge

    exact = whole_game_markov(players, s.ante, cap, rule, max_deals=max_deals, tie=s.tie,
                              player_tie=s.player_tie, chicken_fee=s.chicken_fee)
    r = simulate_games(s, games, seed=seed, thresholds=rules)
    n = r.games

    def near(value, se, truth):
        assert abs(value - float(truth)) <= 4 * se, (value, se, float(truth))

    near(r.deals.mean.value, r.deals.mean.se, exact.mean_deals)
    cut = float(exact.cut)
    near(r.tally.cut / n, math.sqrt(cut * (1 - cut) / n), cut)
    assert 0 < cut < 0.2 and r.tally.cut > 0   # the cut is exercised
    for pot, p in exact.final_pot.items():     # every final pot of at least 1 % of games
        if p > 0.01:
            q = float(p)
            near(r.tally.pots.get(float(pot), 0) / n, math.sqrt(q * (1 - q) / n), p)
    for seat in range(players):
        e = r.seat_net(seat)
        near(e.value, e.se, exact.nets[seat])
    none = r.per_deal("nobody_in")
    near(none.value, none.se, exact.nobody_in / exact.mean_deals)
    return exact, r


def test_two_players_match_the_markov_chain():
    exact, r = _check(2, 3.0, 8, 40_000, seed=12)
    assert len([p for p in exact.final_pot.values() if p > 0.01]) >= 5
    assert sum(exact.deals.values()) == 1   # the chain's distribution is whole


@pytest.mark.slow
def test_three_players_and_other_rules_match_the_markov_chain():
    _check(3, 3.0, 6, 100_000, seed=13)
    _check(2, 2.0, 10, 100_000, seed=14, tie="pot", player_tie="replay", chicken_fee=0.5)
    _check(2, None, 10, 100_000, seed=15, tie="split")
