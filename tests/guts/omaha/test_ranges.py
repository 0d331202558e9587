"""Omaha ranges (guts_family/omaha/ranges.py): the patterns against a plain matcher, closed-form
counts, impossible ranges, exact against brute force with ranged opponents, the ranged
kernel against its plain twin, sampled against exact."""

from __future__ import annotations

import math
from fractions import Fraction
from itertools import combinations, permutations

import numpy as np
import pytest

from guts_family.cards import RANK_CHARS, SUIT_CHARS, CardError, parse_cards
from guts_family.omaha._kernels import N_STATS, _sample_ranged_deals
from guts_family.omaha.decision import burn_decision
from guts_family.omaha.evaluator import omaha_high_many, omaha_low_many, tables
from guts_family.omaha.exact import check_range, omaha_equity
from guts_family.omaha.ranges import (
    N_HOLDINGS,
    all_holdings,
    hand_index,
    parse_omaha_range,
)
from guts_family.omaha.sample import omaha_odds, omaha_sample
from tests.reference.omaha import (
    omaha_high_reference,
    omaha_low_reference,
    ranged_deals_twin,
    shares,
)


def plain_match(hand: list[int], positions: list[str], marker: str | None = None) -> bool:
    """Whether a holding fits a pattern: some order of its cards fits the positions one by one
    (a rank, a card or '*'), and its suits give the marker's shape."""
    def fits(card: int, pos: str) -> bool:
        if pos == "*":
            return True
        if len(pos) == 1:
            return RANK_CHARS[card >> 2] == pos
        return RANK_CHARS[card >> 2] == pos[0] and SUIT_CHARS[card & 3] == pos[1]

    pos = positions + ["*"] * (4 - len(positions))
    ok = any(all(fits(c, p) for c, p in zip(order, pos)) for order in permutations(hand))
    if ok and marker:
        shape = tuple(sorted((sum(1 for c in hand if c & 3 == s) for s in range(4)),
                             reverse=True))
        ok = shape == {"ds": (2, 2, 0, 0), "ss": (2, 1, 1, 0), "r": (1, 1, 1, 1)}[marker]
    return ok


PATTERNS = [("AA**", ["A", "A"], None), ("AK**", ["A", "K"], None), ("AAKK", list("AAKK"), None),
            ("QQJTds", list("QQJT"), "ds"), ("As***", ["As"], None),
            ("KKQd", ["K", "K", "Qd"], None),
            ("T9ss", ["T", "9"], "ss"), ("AKQJr", list("AKQJ"), "r"), ("ds", [], "ds"),
            ("7x6x", ["7", "6"], None), ("AsAhKdKc", ["As", "Ah", "Kd", "Kc"], None)]


@pytest.mark.parametrize("text,positions,marker", PATTERNS)
def test_patterns_match_the_plain_matcher(text, positions, marker):
    mask = parse_omaha_range(text).mask
    h = all_holdings()
    rng = np.random.default_rng(16)
    sample = rng.choice(N_HOLDINGS, 2000, replace=False)
    inside = np.flatnonzero(mask)
    sample = np.concatenate([sample, rng.choice(inside, min(300, len(inside)), replace=False)])
    for i in sample.tolist():
        assert bool(mask[i]) == plain_match(h[i].tolist(), positions, marker), (text, h[i])


def test_counts_in_closed_form():
    c = math.comb
    expected = {
        "AA**": c(4, 2) * c(48, 2) + c(4, 3) * 48 + 1,           # two, three or four aces
        "AK**": N_HOLDINGS - 2 * c(48, 4) + c(44, 4),             # an ace and a king
        "AAKK": 36, "AAKKds": 6, "AsAhKdKc": 1,
        "ds": 6 * 78 * 78, "ss": 4 * 78 * 3 * 13 * 13, "r": 13 ** 4,
        "AA**, KK**": 2 * 6961 - 36,                               # the union
        "any": N_HOLDINGS,
    }
    for text, n in expected.items():
        assert parse_omaha_range(text).combos == n, text


def test_hand_index_is_the_row_of_all_holdings():
    h = all_holdings()
    for i in (0, 1, 999, 123_456, N_HOLDINGS - 1):
        assert hand_index(h[i][::-1].tolist()) == i
    assert len({tuple(r) for r in h[::97].tolist()}) == len(h[::97])


@pytest.mark.parametrize("text", ["AAAAA", "ZZ**", "As As", "top 0%", "top 101%", "", "AA, ,KK",
                                  "AAAA ds", "Ah Ah"])
def test_impossible_ranges_are_one_line_card_errors(text):
    with pytest.raises(CardError) as e:
        parse_omaha_range(text)
    assert "\n" not in str(e.value)


def test_a_range_the_known_cards_empty_is_refused():
    r = parse_omaha_range("AsAd**")
    with pytest.raises(CardError, match="widen the range"):
        omaha_equity(["AsAhKsKh"], "Qd7c2h3s", opponents=1, opponent_range=r)
    with pytest.raises(CardError, match="widen the range"):
        omaha_sample(["AsAhKsKh"], "Qd7c2h3s", opponents=1, opponent_range=r, samples=100)
    with pytest.raises(ValueError, match="--opponents"):
        omaha_equity(["AsAhKsKh"], "Qd7c2h3s", opponents=0, opponent_range=r)


def test_no_disjoint_holdings_is_refused_by_both_methods():
    # two aces left beside the known hands: two opponents cannot both hold AA**
    r = parse_omaha_range("AA**")
    known = ["AsAhKsKh", "Qd7c2h3s"]
    with pytest.raises(CardError, match="widen the range"):
        omaha_equity(known, "JdTc9d", opponents=2, opponent_range=r, max_seconds=600)
    with pytest.raises(CardError, match="widen the range"):
        omaha_sample(known, "JdTc9d", opponents=2, opponent_range=r, samples=100, seed=1)


def brute_force(known, board, opp_positions, n_unknown, hilo, marker=None):
    """Every board run-out and every unordered set of disjoint holdings fitting the pattern
    (plain matcher), valued by the plain evaluator; each player's equity as a fraction (the
    unknown seats averaged) and the number of deals."""
    dead = {c for h in known for c in h} | set(board)
    unseen = [c for c in range(52) if c not in dead]
    in_range = [list(h) for h in combinations(unseen, 4) if plain_match(list(h), opp_positions,
                                                                        marker)]
    cache: dict = {}

    def values(h, b):
        key = (tuple(h), tuple(b))
        if key not in cache:
            cache[key] = (omaha_high_reference(h, b), omaha_low_reference(h, b) if hilo else 0)
        return cache[key]

    totals = [Fraction(0)] * (len(known) + 1)
    deals = 0
    for rest in combinations(unseen, 5 - len(board)):
        b = list(board) + list(rest)
        free = [h for h in in_range if not set(h) & set(rest)]
        for hs in combinations(free, n_unknown):
            cards = [c for h in hs for c in h]
            if len(set(cards)) < len(cards):
                continue
            vals = [values(h, b) for h in list(known) + list(hs)]
            s = shares([v[0] for v in vals], [v[1] for v in vals], hilo)
            for i in range(len(known)):
                totals[i] += s[i]
            totals[-1] += sum(s[len(known):], Fraction(0)) / n_unknown
            deals += 1
    return [t / deals for t in totals], deals


@pytest.mark.parametrize("hilo", [pytest.param(False, marks=pytest.mark.slow), True])
def test_exact_on_the_river_two_ranged_opponents_equals_brute_force(hilo):
    known = [parse_cards(h) for h in ("As2s3d9c", "KdQdJh4c")]
    board = parse_cards("Ac5d8hTsKs")
    r = omaha_equity(known, board, hilo=hilo, opponents=2,
                     opponent_range=parse_omaha_range("KKT*, QQ9*"), max_seconds=600)
    # the union of three patterns: brute-force each holding against any of them
    eq_parts = {"KKT": (["K", "K", "T"], None), "QQ9": (["Q", "Q", "9"], None)}
    dead = {c for h in known for c in h} | set(board)
    unseen = [c for c in range(52) if c not in dead]
    holds = [list(h) for h in combinations(unseen, 4)
             if any(plain_match(list(h), p, m) for p, m in eq_parts.values())]
    totals = [Fraction(0)] * 3
    deals = 0
    vals = {tuple(h): (omaha_high_reference(h, board),
                       omaha_low_reference(h, board) if hilo else 0) for h in holds + known}
    for a, b in combinations(holds, 2):
        if set(a) & set(b):
            continue
        v = [vals[tuple(h)] for h in (*known, a, b)]
        s = shares([x[0] for x in v], [x[1] for x in v], hilo)
        totals[0] += s[0]
        totals[1] += s[1]
        totals[2] += (s[2] + s[3]) / 2
        deals += 1
    assert r.deals == deals
    assert [p.equity for p in r.players[:3]] == [t / deals for t in totals]


def test_exact_at_the_burn_one_ranged_opponent_equals_brute_force():
    known = [parse_cards("JdTc9d8c")]
    board = parse_cards("Qd7c2h3s")
    eq, deals = brute_force(known, board, ["K", "Q", "Q", "7"], 1, hilo=False)
    r = omaha_equity(known, board, opponents=1, opponent_range=parse_omaha_range("KQQ7"))
    assert r.deals == deals
    assert [r.players[0].equity, r.players[1].equity] == eq
    # each river's equity, weighted by its deals, gives the whole
    assert len(r.rivers) == 44


def test_exact_at_the_burn_suited_range_equals_vectorised_brute_force():
    """A wide range (every double-suited holding) at the burn, high-low, against a numpy brute
    force: every river, every in-range holding valued in batch."""
    hero = parse_cards("As2s3d4d")
    board4 = parse_cards("Ks7s8dQc")
    rng_mask = parse_omaha_range("ds").mask
    r = omaha_equity([hero], board4, hilo=True, opponents=1,
                     opponent_range=parse_omaha_range("ds"))
    h = all_holdings()
    dead = set(hero) | set(board4)
    total = Fraction(0)
    deals = 0
    for river in [c for c in range(52) if c not in dead]:
        ok = rng_mask & ~np.isin(h, list(dead | {river})).any(axis=1)
        opp = h[ok]
        b5 = np.tile(np.array(board4 + [river]), (len(opp), 1))
        oh, ol = omaha_high_many(opp, b5), omaha_low_many(opp, b5)
        hh = omaha_high_many(np.tile(hero, (1, 1)), b5[:1])[0]
        hl = omaha_low_many(np.tile(hero, (1, 1)), b5[:1])[0]
        hi_share = np.where(oh < hh, 2, np.where(oh == hh, 1, 0))  # in quarters of a half
        lo_any = (ol > 0) | (hl > 0)
        lo_share = np.where(hl > ol, 2, np.where(hl == ol, 1, 0))
        lo_share = np.where((hl == 0) & (ol > 0), 0, np.where((ol == 0) & (hl > 0), 2, lo_share))
        quarters = np.where(lo_any, hi_share + lo_share, 2 * hi_share)
        total += Fraction(int(quarters.sum()), 4)
        deals += len(opp)
    assert r.deals == deals
    assert r.players[0].equity == total / deals


@pytest.mark.parametrize("hilo", [False, True])
def test_ranged_kernel_equals_its_plain_twin(hilo):
    known = [parse_cards("As2s3d4d")]
    board = parse_cards("Ks7s8d")
    dead = set(known[0]) | set(board)
    unseen = np.array([c for c in range(52) if c not in dead], dtype=np.int64)
    left = check_range(parse_omaha_range("QQ**, JJ**"), known, board, 2)
    rng = np.random.default_rng(3)
    opp = []
    while len(opp) < 40:
        a, b = left[rng.integers(len(left), size=2)]
        if not set(a) & set(b):
            opp.append([a.tolist(), b.tolist()])
    u = rng.random((40, 2))
    unit = 12
    sums = np.zeros((2, N_STATS), dtype=np.int64)
    squares = sums.copy()
    _sample_ranged_deals(tables(), np.array(known, dtype=np.int64), np.array(board),
                         unseen, np.array(opp, dtype=np.int64), hilo, unit, u, sums, squares)
    rows = ranged_deals_twin(known, board, unseen.tolist(), opp, hilo, u)
    assert int(sums[0, 0]) == sum(r[0] for r in rows) * unit
    assert int(sums[1, 0]) == sum(r[1] for r in rows) * unit
    assert int(squares[0, 0]) == sum((r[0] * unit) ** 2 for r in rows)


@pytest.mark.parametrize("case", [
    # (known hands, board, range, opponents, hilo)
    (["JdTc9d8c"], "Qd7c2h", "KK**, QQ**, AA**", 1, False),      # flop, one ranged opponent
    (["As2s3d4d"], "Ks7s8dQc", "top 15%", 1, True),              # the burn, hilo, top-%
    (["KsKhQsQh", "JdJc5h5s"], "Td7c2h3s", "AAK*, 99T*", 2, False),  # two ranged
    (["KsKhQsQh", "JdJc5h5s"], "Td7c2h3s4d", "AAK*, 99T*", 3, True),  # the river
])
def test_sampled_agrees_with_exact_within_4_se(case):
    known, board, text, k, hilo = case
    rr = parse_omaha_range(text, hilo)
    exact = omaha_equity(known, board, hilo=hilo, opponents=k, opponent_range=rr,
                         max_seconds=600)
    s = omaha_sample(known, board, hilo=hilo, opponents=k, opponent_range=rr, seed=21,
                     samples=40_000)
    assert s.run.samples == 40_000 and s.method == "sampled"
    for e, p in zip(exact.players, s.players):
        for name in ("equity", "scoop", "lose"):
            est, want = getattr(p, name), float(getattr(e, name))
            assert abs(est.value - want) <= 4 * est.se + 1e-12, (name, est, want)
    if k > 1:
        assert 0 < s.acceptance < 1


def test_ranged_sampling_same_numbers_for_any_worker_count():
    rr = parse_omaha_range("AA**, KK**")
    args = dict(opponents=3, opponent_range=rr, seed=8, samples=6000)
    a = omaha_sample(["QsQhJsJh"], "", **args)
    b = omaha_sample(["QsQhJsJh"], "", workers=2, chunk_size=1000, parallel_after=0, **args)
    c = omaha_sample(["QsQhJsJh"], "", chunk_size=1000, **args)
    assert b.players == c.players and b.acceptance == c.acceptance
    assert a.run.samples == b.run.samples == 6000
    assert 0 < a.acceptance < 1


def test_the_method_choice_and_the_burn_decision_with_a_range():
    rr = parse_omaha_range("AA**")
    r = omaha_odds(["JdTc9d8c"], "Qd7c2h3s", opponents=1, opponent_range=rr)
    assert r.as_dict()["method"] == "exact" and r.as_dict()["range"]["combos"] == 6961
    d = burn_decision(r, pot=10)  # JT98 has no outs against aces here
    assert d.equity == 0 and not d.burn
    s = omaha_odds(["JdTc9d8c"], "", opponents=1, opponent_range=rr, seed=2, samples=5000)
    assert s.method == "sampled" and s.as_dict()["range"]["text"] == "AA**"
