"""Game-level exact odds checked a second way: brute force, eval7, closed forms."""

from __future__ import annotations

import itertools
import random
from fractions import Fraction
from math import comb

import eval7
import numpy as np
import pytest

from guts_family.cards import CardError, card_str, parse_cards
from guts_family.games import get_game
from guts_family.games.challenge_guts import challenge, dealer_qualifies, min_class, vs_players
from guts_family.games.guts_321 import GAME as GUTS
from guts_family.games.guts_321 import lone_player_odds, round_cards, vs_dummy
from guts_family.games.phoenix_burn import GAME as PHOENIX
from guts_family.games.phoenix_burn import (
    check_burned,
    last_card_up,
    newcomer_odds,
    swap,
    swapped,
    vs_pot,
)
from guts_family.hands import ONE, POKER3, TWO, VALUE3
from guts_family.odds import Seat, field_odds, representatives, single_seat_counts
from tests.reference.guts import field_odds_naive, last_card_up_naive

POT = Seat("pot", is_pot=True)


# ---------------------------------------------------------------- every hand vs one random hand
@pytest.mark.parametrize("order", [VALUE3, POKER3, TWO, ONE], ids=lambda o: o.name)
def test_single_seat_counts_match_engine_on_sampled_hands(order):
    win, tie, lose, total = single_seat_counts(order)
    hands, _ = order.all_hands
    assert total == comb(52 - order.n_cards, order.n_cards)
    assert np.all(win + tie + lose == total) and np.all(lose >= 0)
    rng = random.Random(3)
    for i in rng.sample(range(len(hands)), min(25, len(hands))):
        o = field_odds(order, hands[i].tolist(), [POT])
        assert (o.win_count, o.tie_count, o.lose_count) == (win[i], tie[i], lose[i])


def test_single_seat_counts_match_naive_twin():
    for order, hand in ((VALUE3, "9c 9d 4h"), (POKER3, "Ac 2c 3c"), (TWO, "Tc 4d")):
        hero = parse_cards(hand)
        win, tie, lose, _ = single_seat_counts(order)
        hands, _ = order.all_hands
        i = int(np.flatnonzero((hands == sorted(hero)).all(axis=1))[0])
        o = field_odds_naive(order, hero, [POT])
        assert (o.win_count, o.tie_count, o.lose_count) == (win[i], tie[i], lose[i])


def test_symmetry_of_all_pairs():
    """Over all ordered pairs of disjoint hands, wins and losses balance exactly."""
    for order in (VALUE3, POKER3, TWO, ONE):
        win, tie, lose, _ = single_seat_counts(order)
        assert win.sum() == lose.sum()


def test_suit_blind_classes_and_suit_patterns_share_odds():
    """Table shortcuts: hands of one value3 class, or one poker3 suit pattern, have equal odds."""
    rng = random.Random(5)
    hands, cls = VALUE3.all_hands
    for c in rng.sample(range(VALUE3.n_classes), 4):
        same = hands[cls == c]
        a, b = same[0].tolist(), same[-1].tolist()
        seats = [POT, Seat("p2")]
        assert field_odds(VALUE3, a, seats).ties == field_odds(VALUE3, b, seats).ties
    for _ in range(4):
        h = rng.sample(range(52), 3)
        perm = rng.sample(range(4), 4)
        g = [(c >> 2) * 4 + perm[c & 3] for c in h]
        seats = [Seat("p2")]
        assert field_odds(POKER3, h, seats).ties == field_odds(POKER3, g, seats).ties
    reps, _, mult = representatives(POKER3)
    assert mult.sum() == 22100 and len(reps) == 1755


# ---------------------------------------------------------------------------------- Phoenix
def test_phoenix_dead_and_shown_cards_match_naive():
    hero = parse_cards("Kd Ks 7h")
    dead = parse_cards("Qc 9d Kh")
    assert vs_pot(hero, dead) == field_odds_naive(VALUE3, hero, [POT], dead)


def test_newcomer_is_the_engine_with_a_shown_card():
    hero, up = parse_cards("Qs Qd 5c"), parse_cards("Ah")[0]
    o = newcomer_odds(hero, up, dead=parse_cards("3c"))
    assert o.total == comb(47, 3) * comb(44, 2)
    assert o == field_odds(VALUE3, hero, [POT, Seat("burned player", known=(up,))],
                           parse_cards("3c"))
    # the burned player's ace showing makes the newcomer's queens worse off than a blind opponent
    blind = vs_pot(hero, parse_cards("3c Ah"), opponents=1)
    assert o.win < blind.win


def test_swap_trades_wins_and_losses_and_ev_is_exact():
    hand = parse_cards("7c 5d 2h")
    d = swap(hand, pot=10, fee=1, limit=4, tie="pot")
    k, s = d.keep, d.swap
    assert (s.win_count, s.tie_count, s.lose_count) == (k.lose_count, k.tie_count, k.win_count)
    ev_keep = Fraction(10 * k.win_count - 4 * (k.lose_count + k.tie_count), k.total)
    ev_swap = Fraction(10 * k.lose_count - 4 * (k.win_count + k.tie_count), k.total) - 1
    assert d.ev_keep == pytest.approx(float(ev_keep)) and d.ev_swap == pytest.approx(float(ev_swap))
    assert d.best == "swap" and d.break_even_fee == pytest.approx(float(ev_swap - ev_keep + 1))
    with pytest.raises(ValueError, match="alone against the pot"):
        swapped(vs_pot(hand, opponents=1))
    with pytest.raises(ValueError, match="fee"):
        swap(hand, pot=10, fee=-1)


SMALL = [c for c in range(52) if c >> 2 >= 10]  # Q K A, 12 cards


@pytest.mark.parametrize("burn_tie", ["suit", "redeal"])
@pytest.mark.parametrize("players", [1, 2, 3])
def test_last_card_up_matches_card_level_twin(players, burn_tie):
    assert last_card_up(players, burn_tie, SMALL) == last_card_up_naive(players, burn_tie, SMALL)


def test_last_card_up_uneven_deck_matches_twin():
    deck = [c for c in range(52) if (c >> 2) in (0, 5)] + parse_cards("Ac Ad Kc")
    for burn_tie in ("suit", "redeal"):
        assert last_card_up(2, burn_tie, deck) == last_card_up_naive(2, burn_tie, deck)


def test_last_card_up_one_player_is_a_random_hand_against_the_pot():
    o = last_card_up(1)
    win, tie, lose, total = single_seat_counts(VALUE3)
    assert Fraction(sum(c[0] for c in o.counts), o.total) == Fraction(int(win.sum()), 22100 * total)
    assert o.win == pytest.approx(o.lose)  # symmetric when nothing conditions the hand


def test_last_card_up_burned_hand_is_stronger_with_more_players():
    wins = [last_card_up(n).win for n in (2, 4, 7)]
    assert wins == sorted(wins) and wins[0] > 0.5


def test_check_burned():
    hand = parse_cards("Ks 7d 2c")
    check_burned(hand, hand[0], parse_cards("Kd Qh"), "suit")
    with pytest.raises(CardError, match="not the highest"):
        check_burned(hand, hand[0], parse_cards("Kd"), "redeal")
    with pytest.raises(CardError, match="not in the hand"):
        check_burned(hand, parse_cards("As")[0], [])


# ---------------------------------------------------------------------------------- Guts 3-2-1
def test_guts_rounds_and_dummy_only_against_a_lone_player():
    assert [round_cards(r) for r in range(1, 7)] == [3, 2, 1, 3, 2, 1]
    assert [s.name for s in vs_dummy(parse_cards("Ah Kd")).seats] == ["dummy"]
    assert [s.name for s in vs_dummy(parse_cards("Ah Kd"), opponents=2).seats] == \
        ["player 2", "player 3"]
    assert GUTS.order(3) is POKER3 and GUTS.order(2) is TWO and GUTS.order(1) is ONE


@pytest.mark.parametrize("cards,min_hand", [(1, None), (1, "9"), (2, "QQ"),
                                            pytest.param(2, None, marks=pytest.mark.slow)])
def test_lone_player_odds_brute_force_one_and_two_cards(cards, min_hand):
    if True:
        order = GUTS.order(cards)
        low = 0 if min_hand is None else order.class_from_label(min_hand)
        counts = [0, 0, 0]
        for hand in itertools.combinations(range(52), cards):
            c = order.class_of(hand)
            if c < low:
                continue
            for dummy in itertools.combinations([x for x in range(52) if x not in hand], cards):
                d = order.class_of(dummy)
                counts[0 if c > d else 1 if c == d else 2] += 1
        o = lone_player_odds(cards, min_hand)
        assert [o.win_count, o.tie_count, o.lose_count] == counts
        assert o.total == sum(counts)


def test_three_card_lone_odds_against_eval_pairs_sum():
    o = lone_player_odds(3)
    assert o.win_count == o.lose_count and o.total == 22100 * 18424


# ---------------------------------------------------------------------------------- challenge
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


# ---------------------------------------------------------------------------------- tables
@pytest.mark.parametrize("game,cards", [("phoenix", 3), ("guts321", 3), ("guts321", 2),
                                        ("guts321", 1), ("challenge", 3)])
def test_tables_are_complete_and_consistent(game, cards):
    g = get_game(game)
    t = g.table(cards, pot=10, limit=5, **({"fee": 1} if game == "phoenix" else {}))
    f = t.frame
    order = g.order(cards)
    assert len(f) == order.n_classes and f["combos"].sum() == comb(52, cards)
    assert (f["win"] + f["tie"] + f["lose"] == f["total"]).all()
    assert (f["total"] == f["combos"] * comb(52 - cards, cards)).all()
    assert f["p_win"].iloc[-1] > 0.9 and f["ev"].iloc[-1] > 0 > f["ev"].iloc[0]
    assert t.meta["version"] and t.meta["game"] == g.name and t.meta["exact"] is True
    thr = t.meta["weakest_hand_worth_going_in"]
    i = list(f["hand"]).index(thr)
    assert (f["ev"].iloc[i:] > 0).all() and f["ev"].iloc[i - 1] <= 0
    if game == "phoenix":
        assert {"ev_swap", "swap_gain"} <= set(f.columns)
    if game == "challenge":
        assert (f["ev_challenge"] <= f["ev"] + 1e-12).all()


def test_table_with_opponents_uses_representatives_correctly():
    t = PHOENIX.table(opponents=1, pot=1)
    row = t.frame.iloc[VALUE3.class_from_label("KK7")]
    hands, cls = VALUE3.all_hands
    some = hands[cls == row["class"]][5].tolist()
    o = vs_pot(some, opponents=1)
    assert row["win"] == row["combos"] * o.win_count and row["total"] == row["combos"] * o.total


def test_table_files_round_trip(tmp_path):
    import pandas as pd

    t = GUTS.table(2, pot=3)
    t.to_csv(str(tmp_path / "t.csv"))
    t.to_xlsx(str(tmp_path / "t.xlsx"))
    back = pd.read_csv(tmp_path / "t.csv", comment="#")
    pd.testing.assert_frame_equal(back, t.frame, check_dtype=False)
    head = (tmp_path / "t.csv").read_text().splitlines()[:20]
    assert "# game: guts321" in head and any(h.startswith("# version: ") for h in head)
    sheets = pd.read_excel(tmp_path / "t.xlsx", sheet_name=None)
    assert set(sheets) == {"odds", "about"} and len(sheets["odds"]) == 91
    assert sorted(p.name for p in tmp_path.iterdir()) == ["t.csv", "t.xlsx"]  # no temp files


def test_failed_write_leaves_no_file(tmp_path, monkeypatch):
    t = GUTS.table(1)
    monkeypatch.setattr(type(t.frame), "to_csv",
                        lambda *a, **k: (_ for _ in ()).throw(OSError("disk")))
    with pytest.raises(OSError):
        t.to_csv(str(tmp_path / "x.csv"))
    assert list(tmp_path.iterdir()) == []
