"""Exact Omaha Burn equity (guts_family/omaha/exact.py): the rule sheet's example, pot shares,
against pokerkit and the numpy and Python brute forces, refusals, bad input."""

from __future__ import annotations

from fractions import Fraction
from itertools import combinations

import numpy as np
import pytest

from guts_family.cards import CardError, cards_str, parse_cards
from guts_family.omaha.decision import burn_decision
from guts_family.omaha.exact import deal_count, omaha_equity
from tests.reference.omaha import (
    numpy_known_hands,
    numpy_one_unknown,
    python_brute_force,
)


def random_deal(seed: int, n_hands: int, board_cards: int) -> tuple[list[list[int]], list[int]]:
    """n_hands random four-card hands and a board of board_cards cards, seeded."""
    deck = np.random.default_rng(seed).permutation(52).tolist()
    hands = [deck[4 * i: 4 * i + 4] for i in range(n_hands)]
    return hands, deck[4 * n_hands: 4 * n_hands + board_cards]


def test_rule_sheet_example():
    """Board Ks Qs 7d 2s 9h: A's ace-high flush beats B's three queens."""
    r = omaha_equity(["As3sJhTd", "QcQh5c6d"], "KsQs7d2s9h")
    assert [p.equity for p in r.players] == [1, 0]
    assert r.stage == "river" and r.boards == 1 and r.deals == 1
    d = burn_decision(r, pot=60, cap=10, player=1)
    assert d.match == 10 and d.ev_burn == -10


def test_quartering():
    # A: Kd Kh + Kc = three kings, As 4d + 2c 3d 7h = 7-4-3-2-A; B: king high and Ac 4s +
    # 2c 3d 7h = the same low. A: the high half and a quarter; B: a quarter.
    r = omaha_equity(["As4dKdKh", "Ac4sQdJd"], "2c3d7hKc9s", hilo=True)
    a, b = r.players
    assert (a.equity, b.equity) == (Fraction(3, 4), Fraction(1, 4))
    assert (a.win_high, a.tie_low, b.tie_low, a.scoop, a.lose, b.lose) == (1, 1, 1, 0, 0, 0)
    # high only, A takes all
    r = omaha_equity(["As4dKdKh", "Ac4sQdJd"], "2c3d7hKc9s")
    assert [p.equity for p in r.players] == [1, 0]


def test_no_low_gives_high_the_whole_pot_and_ties_split():
    r = omaha_equity(["AsKsQdJd", "AhKhQcJc"], "9c9d5h5s2c", hilo=True)
    assert [p.equity for p in r.players] == [Fraction(1, 2), Fraction(1, 2)]
    assert all(p.tie_high == 1 and p.win_low == 0 and p.tie_low == 0 for p in r.players)


def test_identical_ranks_split_by_symmetry_preflop():
    r = omaha_equity(["AsKsQdJd", "AhKhQcJc"])
    a, b = r.players
    assert r.boards == 1086008 and a.equity == b.equity == Fraction(1, 2)


def test_hands_as_one_text():
    a = omaha_equity("As3sJhTd QcQh5c6d", "KsQs7d2s")
    b = omaha_equity(["As 3s Jh Td", "Qc Qh 5c 6d"], parse_cards("KsQs7d2s"))
    assert a.players == b.players and a.hands == b.hands


def test_single_player_takes_the_pot():
    r = omaha_equity(["AsKsQdJd"], "2c3c4c", hilo=True)
    assert r.players[0].equity == 1 and r.players[0].scoop == 1


def pokerkit_river_equities(hands, board5, hilo):
    """pokerkit.calculate_equities on a complete deal (sample_count=1 is then exact)."""
    from pokerkit import (
        Card,
        Deck,
        OmahaEightOrBetterLowHand,
        OmahaHoldemHand,
        calculate_equities,
    )

    types = (OmahaHoldemHand, OmahaEightOrBetterLowHand) if hilo else (OmahaHoldemHand,)
    return calculate_equities([[list(Card.parse(cards_str(h)))] for h in hands],
                              list(Card.parse(cards_str(board5))), 4, 5, Deck.STANDARD, types,
                              sample_count=1)


def check_against_pokerkit(hands, board4, hilo):
    r = omaha_equity(hands, board4, hilo=hilo)
    total = [0.0] * len(hands)
    assert len(r.rivers) == r.boards
    for card, eq in r.rivers:
        pk = pokerkit_river_equities(hands, board4 + [card], hilo)
        assert max(abs(float(e) - x) for e, x in zip(eq, pk)) < 1e-12, (cards_str(hands[0]), card)
        total = [t + x for t, x in zip(total, pk)]
    assert sum(p.equity for p in r.players) == 1
    assert max(abs(float(p.equity) - t / r.boards) for p, t in zip(r.players, total)) < 1e-12


LOW_HEAVY = [
    (["As2d5h6c", "Ac3s4d8h"], "Kd7s2h3c"),
    (["As2s3d4d", "Ah2h3c4c", "KsKdQhQc"], "5s6d9h8c"),
    (["AdKd2c3c", "Ac4h5h9s"], "6d7d8sQs"),
]


@pytest.mark.parametrize("hilo", [False, True])
@pytest.mark.parametrize("case", range(len(LOW_HEAVY)))
def test_burn_matches_pokerkit_low_heavy(case, hilo):
    hands, board = LOW_HEAVY[case]
    check_against_pokerkit([parse_cards(h) for h in hands], parse_cards(board), hilo)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_burn_matches_pokerkit_random(seed):
    hands, board = random_deal(seed, 2 + seed % 2, 4)
    check_against_pokerkit(hands, board, hilo=seed % 2 == 1)


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(10, 40))
def test_burn_matches_pokerkit_many(seed):
    hands, board = random_deal(seed, 2 + seed % 4, 4)
    check_against_pokerkit(hands, board, hilo=seed % 2 == 1)


@pytest.mark.slow
@pytest.mark.parametrize("hilo", [False, True])
def test_flop_matches_pokerkit(hilo):
    hands, board = random_deal(99, 2, 3)
    r = omaha_equity(hands, board, hilo=hilo)
    dead = set(board) | {c for h in hands for c in h}
    rest = [c for c in range(52) if c not in dead]
    total = [0.0, 0.0]
    for turn_river in combinations(rest, 2):
        pk = pokerkit_river_equities(hands, board + list(turn_river), hilo)
        total = [t + x for t, x in zip(total, pk)]
    assert r.boards == len(list(combinations(rest, 2)))
    assert max(abs(float(p.equity) - t / r.boards) for p, t in zip(r.players, total)) < 1e-12


@pytest.mark.parametrize("street", [0, 3, 4, 5])
@pytest.mark.parametrize("hilo", [False, True])
def test_known_hands_match_numpy_brute_force(street, hilo):
    hands, board = random_deal(40 + street, 2 if street == 0 else 3, street)
    if street == 0:
        hands = [parse_cards("As2d5h6c"), parse_cards("Ac3s4dKh")]  # lows in both
    r = omaha_equity(hands, board, hilo=hilo)
    expected, n = numpy_known_hands(hands, board, hilo)
    assert r.boards == n and [p.equity for p in r.players] == expected


@pytest.mark.parametrize("hilo", [False, True])
def test_one_unknown_opponent_matches_numpy_brute_force(hilo):
    hero, board = parse_cards("As2sKdQd"), parse_cards("3s7s8dJc")
    r = omaha_equity([hero], board, opponents=1, hilo=hilo)
    equity, scoop, lose, deals = numpy_one_unknown(hero, board, hilo)
    p = r.players[0]
    assert r.deals == deals == deal_count(1, 4, 1)[1]
    assert (p.equity, p.scoop, p.lose) == (equity, scoop, lose)
    assert r.players[1].equity == 1 - equity


@pytest.mark.parametrize("hilo", [False, True])
def test_two_unknown_opponents_match_python_brute_force(hilo):
    known, board = random_deal(7, 9, 5)  # river: 11 unseen cards, 5,775 deals
    r = omaha_equity(known, board, opponents=2, hilo=hilo)
    expected, deals = python_brute_force(known, board, 2, hilo)
    assert r.deals == deals == 5775
    assert [p.equity for p in r.players[:10]] == expected
    assert r.players[10].equity == expected[-1]


@pytest.mark.slow
def test_two_unknown_opponents_at_the_burn_match_python_brute_force():
    known, board = random_deal(8, 9, 4)
    r = omaha_equity(known, board, opponents=2, hilo=True)
    expected, deals = python_brute_force(known, board, 2, True)
    assert r.deals == deals
    assert [p.equity for p in r.players[:10]] == expected


def test_three_unknown_opponents_sum_to_one():
    known, board = random_deal(9, 8, 5)
    r = omaha_equity(known, board, opponents=3, hilo=True)
    assert sum(p.equity for p in r.players) == 1
    assert r.deals == deal_count(8, 5, 3)[1] == 2627625


def test_refuses_instead_of_sampling():
    with pytest.raises(ValueError, match="would take about .* give more known hands"):
        omaha_equity(["AsAhKsKh"], "Qd7c2h3s", opponents=2)
    with pytest.raises(ValueError, match="would take"):
        omaha_equity(["AsAhKsKh"], opponents=1)  # preflop against an unknown hand


@pytest.mark.parametrize("hands,board,message", [
    (["AsAhKsKh", "AsTc9d8c"], "Qd7c2h3s", "As is in both hand 1 and hand 2"),
    (["AsAhKsKh", "JdTc9d8c"], "Qd7c2hAh", "Ah is in both hand 1 and the board"),
    (["AsAhKs", "JdTc9d8c"], "Qd7c2h3s", "hand 1 'As Ah Ks' has 3 cards"),
    (["AsAhKsKh", "JdTc9d8c"], "Qd7c2h3s4s5s", "has 6 cards"),
    (["AsAhKsKh", "JdTc9d8c"], "Qd7c", "has 2 cards"),
    (["AsAhKsKh", "JdTc9d8cXx"], "", "unknown card"),
])
def test_bad_input(hands, board, message):
    with pytest.raises(CardError, match=message):
        omaha_equity(hands, board)


def test_too_many_players():
    with pytest.raises(ValueError, match="up to 11"):
        omaha_equity(["AsAhKsKh"], "", opponents=11)
    with pytest.raises(ValueError, match="at least one"):
        omaha_equity([], "Qd7c2h")
