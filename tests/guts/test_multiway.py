"""The multiway count by ranks against two independent routes: the card-by-card twin on small
decks, the seat-by-seat rank twin and the two-opponent engine on the full deck, closed forms."""

from __future__ import annotations

import json
import math
import random

import pytest

from guts_family.cards import parse_cards
from guts_family.cli import main
from guts_family.games import get_game
from guts_family.games.challenge_guts import challenge
from guts_family.games.phoenix_burn import vs_pot
from guts_family.hands import ONE, POKER3, TWO, VALUE3
from guts_family.odds import Seat, field_odds
from guts_family.odds.multiway import PRIMES, multiway_odds
from tests.reference.guts import field_odds_naive, rank_deal_odds_naive

POT = Seat("pot", is_pot=True)


def _same(a, b):
    assert (a.ties, a.lose_count, a.total) == (b.ties, b.lose_count, b.total)


def test_primes_are_prime_and_distinct():
    assert len(set(PRIMES)) == len(PRIMES)
    for p in PRIMES:
        assert p < 2 ** 31 and _is_prime(p)


def _is_prime(p):
    if p % 2 == 0:
        return False
    return all(p % d for d in range(3, math.isqrt(p) + 1, 2))


# (order, deck) small enough for the card-by-card twin with four to six opposing hands
SMALL = {
    "value3 15 cards": (VALUE3, [c for c in range(52) if c >> 2 >= 8 and (c & 3) < 3]),
    "two 12 cards": (TWO, [c for c in range(52) if c >> 2 >= 10]),
    "one 10 cards": (ONE, [c for c in range(52) if c >> 2 in (0, 5, 11) and c != 1] + [51]),
}


def _layouts(order, rng, cards):
    """Four or more opposing hands: random seats, shown cards, calling ranges, dead cards."""
    n = order.n_cards
    hero, rest = cards[:n], cards[n:]
    if n == 3:
        yield hero, [POT] + [Seat(f"p{i}", known=(rest[i],)) for i in range(3)], []
        yield hero, [Seat("d", is_pot=True, min_class=100)] + [
            Seat(f"p{i}", known=(rest[i],), min_class=50 * i) for i in range(3)], []
    elif n == 2:
        yield hero, [POT] + [Seat(f"p{i}") for i in range(3)], rest[:2]
        yield hero, [POT, Seat("p1", known=(rest[0],))] + [Seat(f"p{i}") for i in range(2, 5)], []
        yield hero, [Seat("d", is_pot=True, min_class=40), Seat("p1", min_class=20),
                     Seat("p2"), Seat("p3")], rest[:1]
    else:
        yield hero, [POT] + [Seat(f"p{i}") for i in range(5)], rest[:2]
        yield hero, [Seat(f"p{i}", min_class=i) for i in range(6)], []


@pytest.mark.parametrize("name", list(SMALL))
def test_rank_count_matches_card_by_card_twin_on_small_decks(name):
    order, deck = SMALL[name]
    rng = random.Random(name)
    checked = 0
    for _ in range(3):
        cards = rng.sample(deck, order.n_cards + 3)
        for hero, seats, dead in _layouts(order, rng, cards):
            fast = multiway_odds(order, hero, seats, dead, deck=deck)
            slow = field_odds_naive(order, hero, seats, dead, deck=deck)
            _same(fast, slow)
            assert fast == field_odds(order, hero, seats, dead, deck=deck)  # the dispatch
            checked += 1
    assert checked >= 6


@pytest.mark.parametrize("order,hand", [(VALUE3, "As Kd Qh"), (VALUE3, "7s 7d 4h"),
                                        (VALUE3, "9c 9d 9h"), (TWO, "Jd 8c"), (ONE, "5h")],
                         ids=str)
def test_rank_count_matches_the_two_opponent_engine_where_both_run(order, hand):
    hero = parse_cards(hand)
    up = [c for c in parse_cards("Qc Ts 2d") if c not in hero]
    layouts = [([POT], ()), ([POT, Seat("p2")], parse_cards("3s")),
               ([POT, Seat("p2"), Seat("p3")], ()),
               ([Seat("p2"), Seat("p3")], ()),
               ([Seat("d", is_pot=True, min_class=order.n_classes // 2), Seat("p3")], ())]
    if order.n_cards > 1:
        layouts.append(([POT, Seat("p2", known=(up[0],)), Seat("p3", known=(up[1],))], ()))
    for seats, dead in layouts:
        _same(multiway_odds(order, hero, seats, dead), field_odds(order, hero, seats, dead))


@pytest.mark.parametrize("order,hand,seats,dead", [
    (ONE, "Jh", [POT] + [Seat(f"p{i}") for i in range(6)], ""),
    (TWO, "Qh 9d", [POT] + [Seat(f"p{i}") for i in range(3)], "2c"),
    (VALUE3, "Qs Jd 9h", [Seat("pot", is_pot=True, min_class=200)]
     + [Seat(f"p{i}", known=(c,), min_class=100) for i, c in enumerate(parse_cards("Tc 8d"))],
     ""),
], ids=["one 7 seats", "two 4 seats", "value3 ranges"])
def test_rank_count_matches_seat_by_seat_twin_on_the_full_deck(order, hand, seats, dead):
    hero, d = parse_cards(hand), parse_cards(dead)
    _same(multiway_odds(order, hero, seats, d), rank_deal_odds_naive(order, hero, seats, d))


@pytest.mark.slow
def test_phoenix_four_seats_matches_seat_by_seat_twin():
    hero = parse_cards("Ks Kd 7h")
    seats = [POT] + [Seat(f"p{i}", known=(c,)) for i, c in enumerate(parse_cards("Jc 9d 7s"))]
    _same(field_odds(VALUE3, hero, seats, parse_cards("3c")),
          rank_deal_odds_naive(VALUE3, hero, seats, parse_cards("3c")))


@pytest.mark.parametrize("k", [1, 4, 10, 30, 51])
def test_one_card_round_closed_form(k):
    """Jh against k one-card hands: all lower, or exactly j jacks tie and the rest are lower."""
    o = field_odds(ONE, parse_cards("Jh"), [Seat(f"p{i}") for i in range(k)])
    below, jacks = 36, 3
    assert o.total == math.perm(51, k)
    assert o.win_count == math.perm(below, k)
    for j in range(1, min(3, k) + 1):
        count = sum(v for m, v in o.ties.items() if len(m) == j)
        assert count == math.comb(k, j) * math.perm(jacks, j) * math.perm(below, k - j)


def test_eight_player_phoenix_sums_and_symmetry():
    """Pot and seven players showing their face-up cards; counts sum, seats of one rank agree."""
    hero = parse_cards("As Kd Qh")
    ups = parse_cards("Jc 9d 7h 5s 3c 2d 8c")
    o = vs_pot(hero, opponents=7, opponent_cards=[[u] for u in ups])
    assert o.total == math.comb(42, 3) * math.prod(math.comb(39 - 2 * i, 2) for i in range(7))
    assert o.win_count + o.tie_count + o.lose_count == o.total and o.lose_count > 0
    assert abs(o.win + o.tie + o.lose - 1) < 1e-12
    # two players showing the same rank are interchangeable: their tie counts agree
    r = vs_pot(parse_cards("Kc Kd 5h"), opponents=3,
               opponent_cards=[parse_cards("9s"), parse_cards("9h"), parse_cards("4c")])
    assert r.ties.get((0, 1), 0) == r.ties.get((0, 2), 0)
    assert r.ties.get((1,), 0) == r.ties.get((2,), 0)


def test_games_seat_every_table_size_the_deck_allows():
    phoenix, guts, chal = (get_game(g) for g in ("phoenix", "guts321", "challenge"))
    assert (phoenix.max_opponents(), guts.max_opponents(3), guts.max_opponents(2),
            guts.max_opponents(1), chal.max_opponents()) == (15, 16, 25, 51, 16)
    assert phoenix.odds(parse_cards("Ah Ad 2c"), opponents=15).total > 0
    assert guts.odds(parse_cards("Ah"), opponents=51).win_count == 0  # three aces, 51 hands
    assert guts.odds(parse_cards("Kh Kd"), opponents=25).total == \
        math.prod(math.comb(50 - 2 * i, 2) for i in range(25))
    with pytest.raises(ValueError, match="at most 15 other players"):
        phoenix.odds(parse_cards("Ah Ad 2c"), opponents=16)
    with pytest.raises(ValueError, match="not enough unseen cards"):
        phoenix.odds(parse_cards("Ah Ad 2c"), parse_cards("3c 3d 3h 3s"), opponents=15)


def test_poker_order_is_exact_to_three_players_and_refused_beyond():
    guts = get_game("guts321")
    hero = parse_cards("As Ks Qs")
    o = guts.odds(hero, opponents=3)
    assert o == field_odds(POKER3, hero, [Seat(f"player {i}") for i in (2, 3, 4)])
    with pytest.raises(ValueError, match="cover at most 3 opposing hands"):
        guts.odds(hero, opponents=4)


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


def _run(capsys, *args):
    code = 0
    try:
        main(list(args))
    except SystemExit as exc:
        code = exc.code or 0
    out = capsys.readouterr()
    return code, out.out, out.err


def test_cli_eight_players_and_one_line_errors(capsys):
    code, out, _ = _run(capsys, "vs-pot", "As Kd Qh", "--opponents", "7", "--json",
                        *[x for u in "Jc 9d 7h 5s 3c 2d 8c".split()
                          for x in ("--opponent-cards", u)])
    data = json.loads(out)
    assert code == 0 and len(data["seats"]) == 8
    assert sum(data["counts"].values()) == data["total"]
    code, out, _ = _run(capsys, "challenge", "Qs Qd 2c", "--pot", "10", "--challengers", "3",
                        "--json")
    assert code == 0 and json.loads(out)["challengers"] == 3
    for args, message in [
        (["vs-pot", "As Kd Qh", "--opponents", "16"], "at most 15 other players"),
        (["vs-pot", "As Ks Qs", "--game", "guts321", "--opponents", "4", "--exact"], "at most 3"),
        (["vs-pot", "As Kd Qh", "--opponents", "15", "--dead", "2c 3c"], "not enough unseen"),
        (["vs-pot", "As Kd Qh", "--opponents", "3", "--opponent-cards", "Jc",
          "--opponent-cards", "Jc"], "in both player 2 and player 3"),
        (["challenge", "As Kd Qh", "--pot", "1", "--challengers", "0"], "1 to 16"),
    ]:
        code, out, err = _run(capsys, *args)
        assert code == 2 and out == "" and err.count("\n") == 1, (args, err)
        assert message in err and "Traceback" not in err
