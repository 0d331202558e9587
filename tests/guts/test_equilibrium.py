"""The equilibrium thresholds: exact EVs against a card-by-card twin, the fixed point by full
scans, symmetry and limit properties, the CLI."""

from __future__ import annotations

import itertools
import json

import pytest

from guts_family.cards import parse_cards
from guts_family.cli.equilibrium import parse_players
from guts_family.games.equilibrium import (
    ThresholdSearch,
    best_response,
    equilibrium,
    in_ev,
    in_ev_poker3,
)
from guts_family.hands import ONE, POKER3, TWO, VALUE3
from guts_family.odds import Seat, field_odds
from tests.guts.test_cli import run
from tests.reference.guts import in_ev_naive

SMALL1 = [c for c in range(52) if c >> 2 >= 6][:14]       # 8 8 8 8 9 9 9 9 T T T T J J
SMALL3 = [c for c in range(52) if c >> 2 >= 9][:13]       # J J J J Q Q Q Q K K K K A


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
    for hero, t in itertools.product(["8c", "Tc"], [0, 8, 13]):
        h = parse_cards(hero)
        tie = "pot" if game == "phoenix" else "replay"
        assert in_ev(game, ONE, h, 4, t, pot=4, tie=tie, deck=SMALL1) == \
            in_ev_naive(game, ONE, h, 4, t, pot=4, tie=tie, deck=SMALL1)


@pytest.mark.parametrize("game", ["challenge", "phoenix", "guts321"])
def test_in_ev_matches_the_rules_played_out_three_and_two_cards(game):
    order = TWO if game == "guts321" else VALUE3
    deck = SMALL1[:12] if game == "guts321" else SMALL3
    hands = [parse_cards(h) for h in (["Tc Td", "Tc 9d", "9c 8d"] if game == "guts321"
                                      else ["Jc Jd Qh", "Kc Qd Jh", "Ac Kc Qd"])]
    for h in hands:
        for t in (0, order.class_of(h), order.class_of(h) + 1):
            got = in_ev(game, order, h, 3, t, pot=4, deck=deck)
            want = in_ev_naive(game, order, h, 3, t, pot=4,
                               tie="replay" if game != "phoenix" else "pot", deck=deck)
            assert got == want


@pytest.mark.parametrize("game,cards", [("guts321", 1), ("guts321", 2), ("challenge", None),
                                        ("phoenix", None)])
def test_the_equilibrium_is_a_fixed_point_of_the_full_best_response(game, cards):
    """A full scan of the hero's classes (not the bisection) gives the same threshold."""
    eq = equilibrium(game, 3, cards=cards)
    assert eq.converged
    s = ThresholdSearch(game, eq_order(game, cards), 3, eq.pot, None, eq.tie, eq.player_tie)
    classes = range(s.order.n_classes) if s.order.n_classes < 100 else \
        range(max(0, eq.threshold - 12), min(s.order.n_classes, eq.threshold + 12))
    evs = {c: s.ev(c, eq.threshold) for c in classes}
    assert all((evs[c] > 0) == (c >= eq.threshold) for c in classes)


def eq_order(game, cards):
    from guts_family.games import get_game
    return get_game(game).order(cards)


@pytest.mark.parametrize("order,t", [(ONE, 0), (ONE, 10), (TWO, 0), (TWO, 45), (TWO, 80)])
def test_going_in_pays_from_one_class_up(order, t):
    """The bisection's premise, on the full 1- and 2-card orders, 4 players: the sign of the EV
    changes once. (The EV itself need not rise: AK blocks the aces and kings of players who go
    in with 44+, and is worth more than 22 then.)"""
    evs = [in_ev("guts321", order, order.representative(c), 4, t, pot=4)
           for c in range(order.n_classes)]
    signs = [e > 0 for e in evs]
    assert signs == sorted(signs)


def test_brute_force_best_response_on_a_reduced_deck():
    """On a 14-card deck: the equilibrium computed there is a fixed point of the twin's BR."""
    deck = SMALL1
    e = equilibrium("guts321", 3, cards=1, deck=deck)
    assert e.converged
    hands = {ONE.class_of([c]): [c] for c in deck}
    ev = {c: in_ev_naive("guts321", ONE, h, 3, e.threshold, pot=3, tie="replay", deck=deck)
          for c, h in hands.items()}
    assert min(c for c in ev if ev[c] > 0) == e.threshold
    assert all(ev[c] > 0 for c in ev if c >= e.threshold)


def test_limits_and_symmetry():
    # Phoenix heads-up with the burned player: no other decider, the threshold is the
    # plain best hand to go in with against the pot and one random hand (docs: A84)
    assert equilibrium("phoenix", 2).label == "A84"
    # EVs scale with the pot when there is no cap, so the threshold does not move
    assert equilibrium("challenge", 3, pot=3).threshold == \
        equilibrium("challenge", 3, pot=30).threshold
    # a cap below the pot makes losing cheaper: nobody tightens
    assert equilibrium("guts321", 4, cards=2, cap=1).threshold <= \
        equilibrium("guts321", 4, cards=2).threshold
    # others who never go in: challenge = the pot unchallenged with any hand
    assert best_response("challenge", 3, VALUE3.n_classes, pot=3) == 0


def test_parse_players_and_errors():
    assert parse_players("2-8") == list(range(2, 9))
    with pytest.raises(ValueError):
        parse_players("8-2")
    with pytest.raises(ValueError, match="seats 2 to"):
        equilibrium("phoenix", 1)
    with pytest.raises(ValueError, match="poker order"):  # 3+ players are sampled instead
        equilibrium("guts321", 3, cards=3, method="exact")


def test_cli_table_json_and_one_line_errors(capsys, tmp_path):
    code, out, _ = run(capsys, "equilibrium", "guts321", "--cards", "1", "--players", "2-3",
                       "--json", "--out", str(tmp_path))
    data = json.loads(out)
    assert code == 0 and [r["threshold"] for r in data["rows"]] == ["J", "Q"]
    assert data["exact"] and (tmp_path / "equilibrium-guts321-1card.csv").exists()
    code, out, _ = run(capsys, "equilibrium", "phoenix", "--players", "2")
    assert code == 0 and "A84 or better" in out and out.startswith("# guts-odds")
    for args in (["equilibrium", "poker"], ["equilibrium", "phoenix", "--players", "1"],
                 ["equilibrium", "phoenix", "--players", "x"],
                 ["equilibrium", "guts321", "--cards", "3", "--exact"],
                 ["equilibrium", "phoenix", "--ante", "0"]):
        code, out, err = run(capsys, *args)
        assert code == 2 and err.count("\n") == 1 and err.startswith("guts-odds: error:"), args


# a 13-card deck with straights (A-2-3, 2-3-4, J-Q-K, Q-K-A), flushes and pairs
POKER_DECK = parse_cards("Ac Ad 2c 2h 3c 3d 4c Jc Jh Qc Qd Kc Kh")


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


def test_poker3_equilibrium_two_players_and_the_refusal():
    e = equilibrium("guts321", players=2, cards=3)
    assert e.converged and e.label == "AQ4"
    assert e.ev_at > 0 and e.ev_below is not None and e.ev_below <= 0
    # nobody else in: the dummy alone, by cards, equals the card engine against the dummy
    h = parse_cards("Ks Kd 7h")
    alone = field_odds(POKER3, h, [Seat("dummy", is_pot=True)]).ev_exact(2, None, "replay")
    assert in_ev_poker3(POKER3, h, POKER3.n_classes, 2) == alone
    with pytest.raises(ValueError, match="2 players only"):  # exact; sampled by default
        equilibrium("guts321", players=3, cards=3, method="exact")
