"""The one-round in/out model (guts_family/games/equilibrium/model.py): exact EVs against the
card-by-card twin that plays each game's round out, on small decks, every tie rule."""

from __future__ import annotations

import itertools

import pytest

from guts_family.cards import parse_cards
from guts_family.games import get_game
from guts_family.games.equilibrium.model import counted_by_cards, in_ev, in_ev_poker3
from guts_family.hands import ONE, POKER3, TWO, VALUE3
from guts_family.odds import Seat, field_odds
from tests.reference.guts import (
    POKER_DECK,
    ROUNDS,
    SMALL1,
    SMALL3,
    in_ev_naive,
)


@pytest.mark.parametrize("game,tie", [("guts321", "replay"), ("guts321", "pot"),
                                      ("challenge", "replay"), ("phoenix", "pot"),
                                      ("phoenix", "split")])
@pytest.mark.parametrize("players", [2, 3])
def test_in_ev_matches_the_rules_played_out_one_card(game, tie, players):
    for hero, t in itertools.product(["8c", "9d", "Tc", "Jc"], [0, 7, 8, 9, 13]):
        h = parse_cards(hero)
        got = in_ev(game, ONE, h, players, t, pot=3, cap=2, tie=tie, deck=SMALL1)
        want = in_ev_naive(game, ONE, h, players, t, pot=3, cap=2, tie=tie, deck=SMALL1)
        assert got == want, (hero, t)


@pytest.mark.parametrize("game", ["challenge", "phoenix", "guts321"])
def test_in_ev_four_players_one_card(game):
    tie = get_game(game).tie  # the game's default, given to the twin
    for hero, t in itertools.product(["8c", "Tc"], [0, 8, 13]):
        h = parse_cards(hero)
        assert in_ev(game, ONE, h, 4, t, pot=4, tie=tie, deck=SMALL1) == \
            in_ev_naive(game, ONE, h, 4, t, pot=4, tie=tie, deck=SMALL1)


@pytest.mark.parametrize("game,order,deck,hands", [
    ("challenge", VALUE3, SMALL3, ["Jc Jd Qh", "Kc Qd Jh", "Ac Kc Qd"]),
    ("phoenix", VALUE3, SMALL3, ["Jc Jd Qh", "Kc Qd Jh", "Ac Kc Qd"]),
    ("guts321", TWO, SMALL1[:12], ["Tc Td", "Tc 9d", "9c 8d"])], ids=lambda x: str(x)[:9])
def test_in_ev_matches_the_rules_played_out_three_and_two_cards(game, order, deck, hands):
    tie = get_game(game).tie  # in_ev takes the game's default; the twin is told it
    for h in (parse_cards(x) for x in hands):
        for t in (0, order.class_of(h), order.class_of(h) + 1):
            got = in_ev(game, order, h, 3, t, pot=4, deck=deck)
            want = in_ev_naive(game, order, h, 3, t, pot=4, tie=tie, deck=deck)
            assert got == want


@pytest.mark.parametrize("tie,player_tie", [("replay", "split"), ("pot", "replay"),
                                            ("split", "split")])
def test_poker3_two_players_matches_the_rules_played_out(tie, player_tie):
    hands = [parse_cards(h) for h in ("Ac 2c 3c", "Qd Kh Jh", "2h 2c 4c", "Kc Jc 3d")]
    for h in hands:
        c = POKER3.class_of(h)
        for t in (0, c - 1, c, c + 1, POKER3.n_classes):
            got = in_ev("guts321", POKER3, h, 2, t, pot=2, cap=1, tie=tie,
                        player_tie=player_tie, deck=POKER_DECK)
            want = in_ev_naive("guts321", POKER3, h, 2, t, pot=2, cap=1, tie=tie,
                               player_tie=player_tie, deck=POKER_DECK)
            assert got == want, (h, t)


def test_in_ev_poker3_alone_is_the_card_engine_against_the_dummy():
    """Nobody else in: the dummy alone, by cards, equals the card engine against the dummy."""
    h = parse_cards("Ks Kd 7h")
    alone = field_odds(POKER3, h, [Seat("dummy", is_pot=True)]).ev_exact(2, None, "replay")
    assert in_ev_poker3(POKER3, h, POKER3.n_classes, 2) == alone


def test_each_games_round_seats_and_deciders():
    """The Game attributes the model reads, against the twin's own reading of the rule sheets
    (tests/reference/guts.py, ROUNDS)."""
    for name, rules in ROUNDS.items():
        g = get_game(name)
        seats = g.round_seats(0)
        assert any(s.is_pot for s in seats) == rules.house
        assert g.deciders(5) == 4 - rules.burned
        assert (len(seats) - rules.house) == rules.burned
        if rules.house:
            assert [s.plays for s in g.round_seats(2) if s.is_pot] == [rules.house_vs_all]
    assert counted_by_cards(get_game("guts321"), 2) and not counted_by_cards(get_game("guts321"), 3)
