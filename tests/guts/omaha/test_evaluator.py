"""The Omaha evaluator (guts_family/omaha/evaluator.py): five-card values against phevaluator,
the low order, special hands, the kernels against their plain twins, batch and per-call,
pokerkit, bad input."""

from __future__ import annotations

from itertools import combinations

import numpy as np
import pytest

from guts_family.cards import CardError, card_str, cards_str, parse_card, parse_cards
from guts_family.omaha.evaluator import (
    N_HIGH,
    high5,
    high_category,
    high_evaluator,
    high_name,
    low5,
    low_evaluator,
    omaha_high,
    omaha_high_many,
    omaha_low,
    omaha_low_many,
)
from tests.reference.omaha import (
    omaha_high_reference,
    omaha_low_reference,
)


def random_showdowns(n: int, seed: int,
                     max_hands: int = 4) -> list[tuple[list[list[int]], list[int]]]:
    """n deals of 2..max_hands four-card hands and a five-card board, seeded."""
    rng = np.random.default_rng(seed)
    out = []
    for _ in range(n):
        k = int(rng.integers(2, max_hands + 1))
        deck = rng.permutation(52)[: 4 * k + 5].tolist()
        out.append(([deck[4 * i: 4 * i + 4] for i in range(k)], deck[4 * k:]))
    return out


def kernel_values(showdowns):
    holes = np.array([h for hands, _ in showdowns for h in hands], dtype=np.uint8)
    boards = np.array([b for hands, b in showdowns for _ in hands], dtype=np.uint8)
    return omaha_high_many(holes, boards).tolist(), omaha_low_many(holes, boards).tolist()


def test_high5_matches_phevaluator_on_every_hand_class():
    """One hand of each of the 7462 classes: value == 7463 - phevaluator's rank."""
    from phevaluator import evaluate_cards

    seen = {}
    for ranks in combinations(range(13), 5):  # distinct ranks: flush and non-flush versions
        flush = [4 * r + 3 for r in ranks]
        mixed = [4 * r + (i % 2) for i, r in enumerate(ranks)]
        seen[high5(flush)] = flush
        seen[high5(mixed)] = mixed
    for shape in ([0, 0, 1, 2, 3], [0, 0, 1, 1, 2], [0, 0, 0, 1, 2], [0, 0, 0, 1, 1],
                  [0, 0, 0, 0, 1]):
        for ranks in combinations(range(13), max(shape) + 1):
            for perm in _orderings(ranks):
                rs = [perm[i] for i in shape]
                cards, used = [], {}
                for r in rs:
                    used[r] = used.get(r, -1) + 1
                    cards.append(4 * r + used[r])
                seen[high5(cards)] = cards
    assert sorted(seen) == list(range(1, N_HIGH + 1))
    bad = [v for v, cards in seen.items() if v != 7463 - evaluate_cards(*cards)]
    assert bad == []


def _orderings(ranks):
    from itertools import permutations

    return permutations(ranks)


def test_low5_order():
    lows = ["5c4d3h2sAs", "6c4d3h2sAs", "6c5d3h2sAs", "7c4d3h2sAs", "8c7d6h5s4s"]
    values = [low5(parse_cards(x)) for x in lows]
    assert values == sorted(values, reverse=True)
    assert values[0] == 56 and values[-1] == 1
    assert low5(parse_cards("5c5d3h2sAs")) == 0  # paired: not five distinct ranks
    assert low5(parse_cards("9c4d3h2sAs")) == 0  # a nine is not eight or better
    assert low5(parse_cards("5s4s3s2sAs")) == 56  # straights and flushes do not count


SPECIAL = [
    # (hand, board, high category, low)
    ("AsKsQdJd", "TsJsQs2c3d", "straight flush", "no low"),  # As Ks with Ts Js Qs: royal
    ("AsKdQdJd", "TsJsQs9s8s", "straight", "no low"),  # one spade in hand: no flush
    ("9s8dQdJd", "TsJsQs7s2s", "straight", "no low"),  # one spade in hand: no flush
    ("9s8s2d3d", "TsJsQs7c2c", "straight flush", "no low"),  # Q-J-T-9-8 of spades
    ("As2s9d9c", "3s4s5s8h8d", "straight flush", "5-4-3-2-A"),  # steel wheel, and the wheel
    ("AhAdKcKd", "AsAcKsKh2d", "four of a kind", "no low"),  # Ah Ad + As Ac Ks
    ("7h7d2c3c", "7s7cKdQhJs", "four of a kind", "no low"),
    ("2c3d4h5s", "AhKd7c6s8c", "straight", "7-6-3-2-A"),  # 5-4 + 8-7-6; 3-2 + A-6-7
    ("Ac2d9h9s", "3c4d5h6s7c", "straight", "5-4-3-2-A"),  # board straight needs 2 hole cards
    ("AcAd2h3s", "4c5d8hKsQc", "one pair", "8-5-4-2-A"),
    ("AcAdKhKs", "2c3d4h5s6c", "one pair", "no low"),  # one low rank in the hand: no low
    ("2c3d4h6s", "AsAhAdAcKs", "three of a kind", "no low"),  # quads on board: two hole cards
    ("AsKsQsJs", "2s7d8c9hTd", "straight", "no low"),  # four spades in hand, one on board
    ("Ah2h7c8d", "KhQh3hJc9c", "flush", "no low"),  # one low card on the board
]


@pytest.mark.parametrize("hand,board,category,low", SPECIAL)
def test_special_hands(hand, board, category, low):
    from guts_family.omaha.evaluator import low_str

    h, b = parse_cards(hand), parse_cards(board)
    hv, lv = omaha_high(h, b), omaha_low(h, b)
    assert hv == omaha_high_reference(h, b)
    assert lv == omaha_low_reference(h, b)
    assert high_name(hv) == category
    assert low_str(lv) == low


def test_kernels_match_twin_on_random_hands():
    deals = random_showdowns(1000, seed=11, max_hands=2)
    hi, lo = kernel_values(deals)
    i = 0
    bad = 0
    for hands, board in deals:
        for h in hands:
            bad += hi[i] != omaha_high_reference(h, board)
            bad += lo[i] != omaha_low_reference(h, board)
            i += 1
    assert bad == 0


@pytest.mark.slow
def test_kernels_match_twin_on_many_random_hands():
    deals = random_showdowns(20000, seed=12, max_hands=2)
    hi, lo = kernel_values(deals)
    i = bad = 0
    for hands, board in deals:
        for h in hands:
            bad += hi[i] != omaha_high_reference(h, board)
            bad += lo[i] != omaha_low_reference(h, board)
            i += 1
    assert bad == 0


def test_single_and_batch_agree_and_dtypes():
    deals = random_showdowns(50, seed=5, max_hands=2)
    holes = np.array([hands[0] for hands, _ in deals])
    boards = np.array([b for _, b in deals])
    for dtype in (np.int64, np.int32, np.uint8):
        assert omaha_high_many(holes.astype(dtype), boards.astype(dtype)).tolist() == \
            [omaha_high(h, b) for h, b in zip(holes.tolist(), boards.tolist())]
    assert omaha_low_many(holes, boards).tolist() == \
        [omaha_low(h, b) for h, b in zip(holes.tolist(), boards.tolist())]


def test_bad_input():
    with pytest.raises(CardError, match="4 cards"):
        omaha_high("AsAhKs", "2c3c4c5c6c")
    with pytest.raises(CardError, match="5 cards"):
        omaha_high("AsAhKsKh", "2c3c4c5c6c7c")
    with pytest.raises(CardError, match="both"):
        omaha_low("AsAhKsKh", "As3c4c5c6c")
    with pytest.raises(ValueError, match="shape"):
        omaha_high_many(np.zeros((3, 3), dtype=np.uint8), np.zeros((3, 5), dtype=np.uint8))
    with pytest.raises(ValueError, match="0..51"):
        omaha_high_many(np.full((1, 4), 52), np.zeros((1, 5), dtype=np.uint8))
    with pytest.raises(ValueError, match="1..7462"):
        high_category(0)


def test_phevaluator_agrees_on_20000_showdowns():
    """Every hand of 20,000 random showdowns: value == 7463 - phevaluator's Omaha rank."""
    from phevaluator import evaluate_omaha_cards

    deals = random_showdowns(20000, seed=2024)
    hi, _ = kernel_values(deals)
    i = disagreements = winners_differ = 0
    for hands, board in deals:
        phe = [7463 - evaluate_omaha_cards(*board, *h) for h in hands]
        mine = hi[i: i + len(hands)]
        i += len(hands)
        disagreements += sum(a != b for a, b in zip(phe, mine))
        winners_differ += [p == max(phe) for p in phe] != [m == max(mine) for m in mine]
    assert i >= 40000
    assert disagreements == 0 and winners_differ == 0


def _pokerkit_check(n: int, seed: int) -> tuple[int, int]:
    """(showdowns, disagreements) of high and low values and winners against pokerkit."""
    from pokerkit import Card, OmahaEightOrBetterLowHand, OmahaHoldemHand

    deals = random_showdowns(n, seed, max_hands=3)
    hi, lo = kernel_values(deals)
    i = bad = 0
    for hands, board in deals:
        pk_board = list(Card.parse(cards_str(board)))
        pk_hi, pk_lo = [], []
        for h in hands:
            pk_hole = list(Card.parse(cards_str(h)))
            ph = OmahaHoldemHand.from_game(pk_hole, pk_board)
            pl = OmahaEightOrBetterLowHand.from_game_or_none(pk_hole, pk_board)
            pk_hi.append(ph)
            pk_lo.append(pl)
            # the five cards pokerkit chose, valued by our five-card ranking
            bad += high5([parse_card(repr(c)) for c in ph.cards]) != hi[i]
            bad += (0 if pl is None else low5([parse_card(repr(c)) for c in pl.cards])) != lo[i]
            i += 1
        k = len(hands)
        mine_hi, mine_lo = hi[i - k: i], lo[i - k: i]
        # pokerkit's own ordering of every pair of hands (high: larger wins; low: pokerkit
        # orders low hands so that the better low compares greater)
        for a, b in combinations(range(k), 2):
            bad += (pk_hi[a] > pk_hi[b]) != (mine_hi[a] > mine_hi[b])
            bad += (pk_hi[a] == pk_hi[b]) != (mine_hi[a] == mine_hi[b])
            if pk_lo[a] is not None and pk_lo[b] is not None:
                bad += (pk_lo[a] > pk_lo[b]) != (mine_lo[a] > mine_lo[b])
                bad += (pk_lo[a] == pk_lo[b]) != (mine_lo[a] == mine_lo[b])
    return len(deals), bad


def test_pokerkit_agrees_short():
    """CI version of the pokerkit check (pokerkit takes about 1 ms a hand)."""
    n, bad = _pokerkit_check(500, seed=7)
    assert n == 500 and bad == 0


@pytest.mark.slow
def test_pokerkit_agrees_on_20000_showdowns():
    n, bad = _pokerkit_check(20000, seed=2025)
    assert n == 20000 and bad == 0


def test_card_indices_match_phevaluator():
    from phevaluator.card import Card as PheCard

    assert all(PheCard(card_str(c)).id_ == c for c in range(52))


def test_kernel_constants_have_one_source():
    """The kernels live in omaha._kernels (numba caches per file); the constants they read are
    defined there once, re-exported unchanged, and fit the tables the kernels index."""
    from guts_family.omaha import _kernels, evaluator, exact

    assert evaluator.N_FLUSH_HOLE is _kernels.N_FLUSH_HOLE
    t = evaluator.tables()
    assert t.flush.size == evaluator.N_FLUSH_BOARD * _kernels.N_FLUSH_HOLE
    assert int(t.flush_hole_index.max()) == _kernels.N_FLUSH_HOLE - 1
    columns = ("SHARE", "SCOOP", "WIN_HIGH", "TIE_HIGH", "WIN_LOW", "TIE_LOW", "LOSE")
    assert [getattr(exact, c) for c in columns] == list(range(_kernels.N_STATS))
    assert all(getattr(exact, c) is getattr(_kernels, c) for c in (*columns, "N_STATS"))


def test_per_call_evaluator_matches_the_batch_kernels():
    rng = np.random.default_rng(5)
    cards = np.array([rng.permutation(52)[:9] for _ in range(3000)], dtype=np.uint8)
    hi = omaha_high_many(cards[:, :4], cards[:, 4:]).tolist()
    lo = omaha_low_many(cards[:, :4], cards[:, 4:]).tolist()
    high, low = high_evaluator(), low_evaluator()
    rows = cards.tolist()
    assert [high(*c) for c in rows] == hi
    assert [low(*c) for c in rows] == lo
    assert high(*(np.int64(c) for c in rows[0])) == hi[0]  # numpy integers too


@pytest.mark.parametrize("bad", [-1, 52, 200])
def test_per_call_evaluator_range_checks(bad):
    for f in (high_evaluator(), low_evaluator()):
        with pytest.raises(ValueError, match="outside 0..51"):
            f(0, 1, 2, 3, 4, 5, 6, 7, bad)
