"""The engine conditioned on seen dealer concealed cards (engine/exposed.py, dealer.py's
``seen`` / ``no_hole``), each checked a second, independent way:

- the conditioned dealer distribution against a plain recursion over the unseen concealed
  card and the draws (no trie, no kernel);
- the sum rule: averaged over what is seen, the conditioned distribution is the ordinary one;
- the whole engine's sum rule: a *fixed* strategy (the ordinary game's optimum) valued
  against each seen card and averaged over them returns the ordinary expected return -
  through stand, hit, double, splits and burns, and for the "known not a ten" branch;
- a stand EV of the conditioned engine against the plain recursion;
- the classic hole card: every non-pair deal's optimal value against a plain recursion of
  stand / hit / double with the dealer's two cards known.
"""

from __future__ import annotations

import functools

import numpy as np
import pytest

from twentyone_burn.engine.dealer import (
    OUTCOME_TOTALS,
    dealer_distribution,
    dealer_trie,
    exposed_concealed,
    trie_outcomes,
)
from twentyone_burn.engine.exposed import (
    classic_hole_return,
    exposed_distribution,
    exposed_kept_values,
    exposed_return,
    seen_probability,
)
from twentyone_burn.engine.game import analyze, optimal_tables
from twentyone_burn.rules import Rules
from twentyone_burn.shoe import NRANKS, VALUES, full_shoe

TEN = 9


# -- a plain recursion of 21 Burn's dealer (no trie) ---------------------------------------------
def _draws(rules: Rules, hard: int, ace: bool, n: tuple[int, ...]) -> np.ndarray:
    out = np.zeros(8)
    soft = ace and hard + 10 <= 21
    total = hard + 10 if soft else hard
    if total > 21:
        out[min(total, 24) - 17] = 1.0
        return out
    if not rules.dealer_draws(total, soft):
        out[total - 17] = 1.0
        return out
    left = sum(n)
    for r in range(NRANKS):
        if n[r]:
            m = list(n)
            m[r] -= 1
            out += n[r] / left * _draws(rules, hard + int(VALUES[r]), ace or r == 0, tuple(m))
    return out


def plain_dealer(rules: Rules, up: int, seen: tuple[int, ...], unseen: np.ndarray,
                 not_first: int = -1) -> np.ndarray:
    """The dealer's outcomes given ``seen`` (21 Burn: the unseen concealed cards dealt from
    ``unseen``); ``not_first`` >= 0: the joint P(first concealed card not of it, outcome)."""
    n0 = tuple(int(x) for x in unseen)
    go = functools.cache(lambda h, a, n: _draws(rules, h, a, n))

    def kept(concealed: tuple[int, ...], n: tuple[int, ...]) -> np.ndarray:
        a, b = rules.dealer_keeps(up, concealed)
        return go(int(VALUES[a] + VALUES[b]), 0 in (a, b), n)

    def deal(concealed: tuple[int, ...], n: tuple[int, ...]) -> np.ndarray:
        if len(concealed) == 2:
            return kept(concealed, n)
        out = np.zeros(8)
        for r in range(NRANKS):
            if n[r] and not (len(concealed) == 0 and r == not_first):
                m = list(n)
                m[r] -= 1
                out += n[r] / sum(n) * deal(concealed + (r,), tuple(m))
        return out

    return deal(tuple(seen), n0)


R1 = Rules(decks=1)
SMALL = np.array([3, 2, 3, 2, 3, 2, 3, 2, 3, 9])   # 32 cards: a quick recursion


@pytest.mark.parametrize("up", [0, 5, 9])
def test_conditioned_dealer_matches_plain_recursion(up):
    unseen = SMALL.copy()
    unseen[up] -= 1
    for seen in [(9,), (0,), (4,), (9, 9), (3, 0), (5, 6)]:
        left = unseen.copy()
        for c in seen:
            left[c] -= 1
        got = exposed_distribution(R1, up, seen, left)
        want = plain_dealer(R1, up, seen, left)
        assert abs(got.sum() - 1) < 1e-12
        np.testing.assert_allclose(got, want, rtol=0, atol=1e-13)
    # the first concealed card known not a ten: the joint probabilities
    joint = trie_outcomes(dealer_trie(up, True, "highest", TEN), unseen)
    np.testing.assert_allclose(joint, plain_dealer(R1, up, (), unseen, not_first=TEN),
                               rtol=0, atol=1e-13)


@pytest.mark.parametrize("up", [2, pytest.param(9, marks=pytest.mark.slow)])
def test_sum_rule_over_the_seen_cards(up):
    unseen = full_shoe(1)
    unseen[up] -= 1
    n = unseen.sum()
    plain = dealer_distribution(R1, up, unseen)
    one = np.zeros(8)
    for c in range(NRANKS):
        left = unseen.copy()
        left[c] -= 1
        one += unseen[c] / n * exposed_distribution(R1, up, (c,), left)
        two = np.zeros(8)
        for c2 in range(NRANKS):
            if left[c2]:
                rest = left.copy()
                rest[c2] -= 1
                two += left[c2] / (n - 1) * exposed_distribution(R1, up, (c, c2), rest)
        np.testing.assert_allclose(two, exposed_distribution(R1, up, (c,), left), atol=1e-13)
    np.testing.assert_allclose(one, plain, rtol=0, atol=1e-13)
    # "not a ten" (joint) plus "a ten" (weighted) is the whole
    left = unseen.copy()
    left[TEN] -= 1
    split = (trie_outcomes(dealer_trie(up, True, "highest", TEN), unseen)
             + unseen[TEN] / n * exposed_distribution(R1, up, (TEN,), left))
    np.testing.assert_allclose(split, plain, rtol=0, atol=1e-13)


def test_unexposed_dealer_unchanged():
    """No exposure is the ordinary dealer, bit for bit (the published figures rest on it)."""
    unseen = full_shoe(6)
    unseen[5] -= 1
    assert dealer_distribution(Rules(), 5, unseen).tobytes() == \
        dealer_distribution(Rules(), 5, unseen, seen=()).tobytes()
    with exposed_concealed(()):
        assert dealer_trie(5, True) is dealer_trie(5, True, seen=())


@pytest.fixture(scope="module")
def fixed_tables():
    """The ordinary game's optimal strategy (infinite deck): a fixed strategy with hits,
    doubles, splits and burns that knows nothing of the exposure."""
    return optimal_tables(Rules(decks=None))


@pytest.mark.parametrize("up", [5, pytest.param(9, marks=pytest.mark.slow)])
def test_fixed_strategy_sum_rule_whole_engine(up, fixed_tables):
    """Averaged over the seen card, a fixed strategy's conditioned returns are its ordinary
    return: the conditioned engine (stand, hit, double, splits, burns) is consistent."""
    shoe = full_shoe(1)
    plain = exposed_return(R1, up, (), shoe, tables=fixed_tables)
    pu = seen_probability(R1, up, (), shoe)
    avg = sum(seen_probability(R1, up, (c,), shoe) / pu *
              exposed_return(R1, up, (c,), shoe, tables=fixed_tables) for c in range(NRANKS))
    assert abs(avg - plain) < 1e-12
    # the ten branch, seen, plus the unnormalised not-a-ten branch
    ten = (seen_probability(R1, up, (TEN,), shoe) / pu *
           exposed_return(R1, up, (TEN,), shoe, tables=fixed_tables)
           + exposed_return(R1, up, (), shoe, not_first=TEN, tables=fixed_tables))
    assert abs(ten - plain) < 1e-12


def test_fixed_strategy_sum_rule_both_seen(fixed_tables):
    up, c1 = 5, 9
    shoe = full_shoe(1)
    one = exposed_return(R1, up, (c1,), shoe, tables=fixed_tables)
    p1 = seen_probability(R1, up, (c1,), shoe)
    avg = sum(seen_probability(R1, up, (c1, c2), shoe) / p1 *
              exposed_return(R1, up, (c1, c2), shoe, tables=fixed_tables)
              for c2 in range(NRANKS))
    assert abs(avg - one) < 1e-12


@pytest.mark.slow   # the 6's levels are in the default run: tests/protection/test_exposure.py
@pytest.mark.parametrize("up", [5, 9])
def test_information_has_nonnegative_value(up):
    """Optimal play: seeing more never lowers the return (none <= ten <= one <= both)."""
    r = Rules(decks=None)
    from twentyone_burn.shoe import INFINITE_PROBS as p
    none = exposed_return(r, up, ())
    one_by = {c: exposed_return(r, up, (c,)) for c in range(NRANKS)}
    one = sum(p[c] * v for c, v in one_by.items())
    ten = p[TEN] * one_by[TEN] + exposed_return(r, up, (), not_first=TEN)
    both = sum(p[a] * p[b] * (1 if a == b else 2) * exposed_return(r, up, (a, b))
               for a in range(NRANKS) for b in range(a, NRANKS))
    assert none - 1e-12 <= ten <= one + 1e-12 <= both + 2e-12
    assert one > none + 0.005           # and seeing a card is worth something


def test_excluded_rank_absent_from_shoe_is_plain():
    shoe = full_shoe(1)
    shoe[7] = 0                         # no eights: "not an eight" says nothing
    shoe[9] += 4
    plain = exposed_return(R1, 5, (), shoe)
    assert abs(exposed_return(R1, 5, (), shoe, not_first=7) - plain) < 1e-12


def test_ordinary_return_is_the_analysis():
    r = Rules(decks=None)
    total = sum(seen_probability(r, up, ()) * exposed_return(r, up, ()) for up in range(NRANKS))
    assert abs(total - analyze(r).expected_return) < 1e-12


def test_stand_ev_conditioned_matches_plain_recursion():
    up, seen, burned, kept = 5, (9,), 2, (9, 5)     # 6 up, a ten seen; T-6 kept, 3 burned
    kv = exposed_kept_values(R1, up, seen, full_shoe(1))
    unseen = full_shoe(1)
    for c in (up, *seen, burned, *kept):
        unseen[c] -= 1
    d = plain_dealer(R1, up, seen, unseen)
    pay = np.array([R1.payoff(16, int(t)) for t in OUTCOME_TOTALS])
    assert abs(kv.stand[burned, 9, 5] - d @ pay) < 1e-13


# -- the classic hole card -------------------------------------------------------------------------
CLASSIC = Rules(decks=1, player_cards=2, dealer_burn=False, naturals="peek",
                mandatory_split=False, post_split="cdz-")


#: the dealer's draws from a shoe, kept: the player's recursion asks for the same ones often
_dealer_cached = functools.cache(_draws)


def _player(rules: Rules, up: int, hole: int, hand: tuple[int, ...], n: tuple[int, ...],
            double: bool) -> float:
    """Optimal stand / hit (/ double on two cards) against the known dealer two cards."""
    hard = sum(int(VALUES[c]) for c in hand)
    if hard > 21:
        return -1.0
    total = hard + 10 if 0 in hand and hard + 10 <= 21 else hard
    d = _dealer_cached(rules, int(VALUES[up] + VALUES[hole]), 0 in (up, hole), n)
    stand = float(d @ np.array([rules.payoff(total, int(t)) for t in OUTCOME_TOTALS]))
    hit = dbl = 0.0
    for r in range(NRANKS):
        if n[r]:
            m = list(n)
            m[r] -= 1
            q = n[r] / sum(n)
            hit += q * _player(rules, up, hole, hand + (r,), tuple(m), False)
            h2 = hard + int(VALUES[r])
            if h2 > 21:
                dbl += q * -2.0
            else:
                t2 = h2 + 10 if (0 in hand or r == 0) and h2 + 10 <= 21 else h2
                d2 = _dealer_cached(rules, int(VALUES[up] + VALUES[hole]), 0 in (up, hole),
                                    tuple(m))
                dbl += q * 2 * float(d2 @ np.array([rules.payoff(t2, int(t))
                                                    for t in OUTCOME_TOTALS]))
    best = max(stand, hit)
    return max(best, dbl) if double else best


def test_classic_hole_card_matches_plain_recursion():
    """Up 6 and a 9 in the hole (dealer 15): every non-pair deal played by a plain recursion
    against the known dealer, pairs by the engine (they split), on a small shoe."""
    from twentyone_burn.engine.classic import deal_hand, up_values

    shoe = np.array([2, 2, 2, 2, 2, 3, 2, 2, 3, 8])
    up, hole = 5, 8
    rest = shoe.copy()
    rest[hole] -= 1
    after = rest.copy()
    after[up] -= 1
    plain = CLASSIC.replace(naturals="none")
    with exposed_concealed((hole,)):
        v = up_values(plain, up, rest)
    total = er = 0.0
    for a in range(NRANKS):
        for c in range(a, NRANKS):
            if after[a] == 0 or after[c] - (a == c) <= 0:
                continue
            p = after[a] / after.sum() * (after[c] - (a == c)) / (after.sum() - 1) * \
                (1 if a == c else 2)
            n = after.copy()
            n[a] -= 1
            n[c] -= 1
            if CLASSIC.is_natural(a, c):
                ev = CLASSIC.natural_amount
            elif a == c:
                ev = deal_hand(plain, v, (a, c), rest).best
            else:
                ev = _player(CLASSIC, up, hole, (a, c), tuple(int(x) for x in n), True)
                assert abs(deal_hand(plain, v, (a, c), rest).best - ev) < 1e-12
            total += p
            er += p * ev
    assert abs(classic_hole_return(CLASSIC, up, hole, shoe) - er / total) < 1e-12


def test_classic_dealer_natural_seen():
    r = CLASSIC.replace(decks=None)
    # ace up, ten in the hole: every hand loses but a player natural, which pushes
    from twentyone_burn.shoe import INFINITE_PROBS as p
    assert abs(classic_hole_return(r, 0, 9) - (-(1 - 2 * p[0] * p[9]))) < 1e-12
