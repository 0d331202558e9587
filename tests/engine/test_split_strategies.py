"""The post-split strategies CDZ- and CDP1 in 21 Burn's deal (engine/split.py,
``post_split``), checked a second way.

- Brute force on small shoes: the engine's split EV against ``tests.reference.engine.split_ev``
  (every card of the whole split dealt for real), played by decisions built here from the
  definitions alone - the unsplit optimum computed by the reference's own hand EVs on the
  shoe each definition names:
  CDZ-  the shoe less the up card, the burned card and the hand's cards;
  CDP1  the shoe less the up card, the burned card, both pair cards and the hand's cards;
  both resplit whenever they may.
- The infinite deck: no removal effects, so the three strategies take the same hand actions
  and differ only in resplits; CDZ- and CDP1 are then one strategy, valued here by a
  total-dependent twin that always resplits, and without resplits all three are equal.
- CDP-H uses every piece of information the other two use (and picks its resplits), so its
  split EVs, and the game's return, are at least theirs; nothing is claimed between CDZ- and
  CDP1.
- The simulator plays the strategy. (The rules option and its hash: tests/test_rules.py.)
"""

from __future__ import annotations

import functools
import itertools

import numpy as np
import pytest

from tests.reference import engine as ref
from twentyone_burn.engine.game import analyze, optimal_tables, strategy_text
from twentyone_burn.engine.player_burn import kept_values, kept_values_for_shoe
from twentyone_burn.engine.split import split_on_shoe
from twentyone_burn.rules import Rules

TOL = 1e-12


# -- brute force on small shoes -----------------------------------------------------------------

def _remove(shoe, cards):
    s = [int(x) for x in shoe]
    for c in cards:
        s[c] -= 1
    return tuple(s)


def _policy(rules, up, known_shoe):
    """decide(j, u, cards, two) for ref.split_ev: the unsplit optimum of ``cards`` on
    ``known_shoe(cards)``, among a split hand's actions (ties: stand, hit, double)."""

    @functools.cache
    def best(cards):
        shoe = known_shoe(cards)
        opts = [(ref.stand_ev(shoe, cards, up, rules), "stand"),
                (ref.hit_ev(shoe, cards, up, rules), "hit")]
        hard = sum(ref.VALUE[c] for c in cards)
        if len(cards) == 2 and rules.may_double(hard, ref.is_soft(cards), True):
            opts.append((ref.double_ev(shoe, cards, up, rules), "double"))
        top = opts[0]
        for o in opts[1:]:
            if o[0] > top[0]:
                top = o
        return top[1]

    return lambda j, u, cards, two: best(tuple(sorted(cards)))


def cdz_decide(rules, shoe, up, burned):
    """CDZ-: the shoe less the up card, the burned card and the hand's own cards."""
    return _policy(rules, up, lambda cards: _remove(shoe, (up, burned) + cards))


def cdp1_decide(rules, shoe, up, burned, pair):
    """CDP1: the shoe less the up card, the burned card, both pair cards and the hand's cards
    (the hand holds one of the pair cards)."""
    return _policy(rules, up, lambda cards: _remove(shoe, (up, burned, pair) + cards))


def always(h, i, j, u):
    return True


def reference_split(rules, shoe, pair, burned, up, name):
    decide = (cdz_decide(rules, shoe, up, burned) if name == "cdz-"
              else cdp1_decide(rules, shoe, up, burned, pair))
    return ref.split_ev(_remove(shoe, (up, burned, pair, pair)), pair, up, rules, decide, always)


def _kept_split(rules, up, shoe, burned, pair):
    kv = kept_values_for_shoe(rules, up, np.asarray(shoe, np.int64))
    return kv.splits[(burned, pair)]


def cannot_run_out(unseen, max_hands) -> bool:
    """True if no play of the split can exhaust ``unseen`` (the reference would then lose
    probability: it has no reshuffle, while the engine's values assume the cards last).

    Each of the max_hands hands and the dealer takes cards whose hard total stays at most 20
    before its last card, so together at most the smallest cards summing to 20 (max_hands + 1),
    one last card each, the dealer's burned card and the resplit hands' first cards.
    """
    values = sorted(r + 1 for r in range(10) for _ in range(unseen[r]))
    total = count = 0
    for v in values:
        if total + v > 20 * (max_hands + 1):
            break
        total, count = total + v, count + 1
    return count + (max_hands + 1) + 1 + (max_hands - 2) <= sum(unseen)


# (pair, burned, up, shoe, rules): shoes rich in the pair rank so that resplits happen, and
# rich in tens so that no play runs the shoe out (``cannot_run_out``)
CASES = [
    (7, 2, 9, (1, 0, 2, 1, 1, 1, 2, 7, 2, 14), Rules(decks=1)),
    (9, 4, 3, (1, 0, 1, 1, 2, 1, 1, 1, 1, 12), Rules(decks=1, max_hands=3)),
    (0, 5, 9, (5, 0, 1, 1, 1, 2, 1, 1, 1, 16), Rules(decks=1, resplit_aces=True)),
    (0, 3, 5, (5, 0, 1, 1, 1, 2, 1, 2, 1, 14), Rules(decks=1, resplit_aces=True, max_hands=3,
                                                    split_aces_one_card=False)),
    (5, 0, 8, (2, 0, 1, 1, 1, 7, 2, 1, 1, 14), Rules(decks=1, hit_soft_17=False,
                                                    double_after_split=False)),
    (3, 9, 5, (1, 0, 0, 6, 1, 1, 1, 1, 1, 15), Rules(decks=1, double_on="10-11",
                                                    dealer_burn="lowest")),
    (6, 6, 9, (1, 0, 0, 1, 1, 1, 6, 2, 1, 14), Rules(decks=1, dealer_burn="none",
                                                    ties_lose_from=20)),
    # shoes on which CDZ- and CDP1 choose differently
    (6, 5, 6, (1, 0, 2, 1, 0, 1, 5, 1, 1, 8), Rules(decks=1, max_hands=2)),
    (1, 4, 9, (2, 3, 0, 1, 1, 1, 2, 0, 0, 13), Rules(decks=1, max_hands=3)),
    (5, 9, 3, (2, 1, 1, 3, 0, 5, 1, 0, 0, 14), Rules(decks=1, max_hands=3, hit_soft_17=False)),
    (2, 9, 1, (1, 1, 5, 0, 2, 1, 0, 1, 1, 11), Rules(decks=1, max_hands=3, hit_soft_17=False)),
]
DIFFER = CASES[7:]
IDS = [f"{'A23456789T'[p]}{'A23456789T'[p]}-b{'A23456789T'[b]}-v{'A23456789T'[u]}"
       f"-m{r.max_hands}" for p, b, u, _, r in CASES]


@pytest.mark.parametrize("name", ["cdz-", "cdp1"])
@pytest.mark.parametrize("pair,burned,up,shoe,rules", CASES, ids=IDS)
def test_split_ev_matches_every_card_sequence(pair, burned, up, shoe, rules, name):
    rules = rules.replace(post_split=name)
    assert cannot_run_out(_remove(shoe, (up, burned, pair, pair)), rules.max_hands)
    want, wager = reference_split(rules, shoe, pair, burned, up, name)
    sv = _kept_split(rules, up, shoe, burned, pair)          # the whole game's path
    assert sv.ev == pytest.approx(want, abs=TOL)
    assert sv.wager == pytest.approx(wager, abs=TOL)
    assert all(sv.resplits.values())
    alone = split_on_shoe(rules, up, burned, pair, np.asarray(shoe))   # the checks' path
    assert alone.ev == pytest.approx(want, abs=TOL)
    # CDP-H knows all CDZ- and CDP1 know: it is worth at least as much
    cdph = split_on_shoe(rules.replace(post_split="cdp-h"), up, burned, pair, np.asarray(shoe))
    assert cdph.ev >= sv.ev - TOL


def test_the_checks_can_tell_the_strategies_apart():
    """On these shoes the definitions give different split EVs, so a test above fails if the
    engine played the wrong one (or CDP-H); and the reference's own CDZ- and CDP1 differ."""
    for pair, burned, up, shoe, rules in DIFFER:
        evs = {n: _kept_split(rules.replace(post_split=n), up, shoe, burned, pair).ev
               for n in ("cdz-", "cdp1", "cdp-h")}
        assert abs(evs["cdz-"] - evs["cdp1"]) > 1e-4, evs
    pair, burned, up, shoe, rules = DIFFER[0]
    refs = [reference_split(rules.replace(post_split=n), shoe, pair, burned, up, n)[0]
            for n in ("cdz-", "cdp1")]
    assert abs(refs[0] - refs[1]) > 1e-4


# -- the infinite deck --------------------------------------------------------------------------

Q = [1 / 13] * 9 + [4 / 13]
VAL = list(range(1, 11))
BURN_VALUE = [11] + list(range(2, 11))


def _total(hard, ace):
    return hard + 10 if ace and hard + 10 <= 21 else hard


def _dealer_inf(up, h17):
    """Outcomes 17..21, bust: the dealer of three cards burning its highest, by totals."""
    @functools.cache
    def draw(hard, ace):
        t = _total(hard, ace)
        if t > 21:
            return np.eye(6)[5]
        if t >= 17 and not (t == 17 and ace and hard + 10 <= 21 and h17):
            return np.eye(6)[t - 17]
        return sum(Q[r] * draw(hard + VAL[r], ace or r == 0) for r in range(10))

    d = np.zeros(6)
    for c1, c2 in itertools.product(range(10), repeat=2):
        kept = sorted([up, c1, c2], key=lambda c: BURN_VALUE[c])[:2]
        d += Q[c1] * Q[c2] * draw(VAL[kept[0]] + VAL[kept[1]], 0 in kept)
    return d


def game_inf_always_resplit(rules):
    """Expected return, infinite deck, split hands playing each total's best action and
    resplitting every pair card while fewer than max_hands hands are in play (aces: one card,
    no resplit). Written from the rule sheet by totals."""
    return sum(_twin_up(rules, up) for up in range(10))


def _twin_up(rules, up):
    d = _dealer_inf(up, rules.hit_soft_17)

    def stand(h, a):
        t = _total(h, a)
        beat = sum(d[:t - 17]) if t >= 17 else 0.0
        lose = sum(d[t - 16:5]) if t >= 17 else sum(d[:5])
        return d[5] + beat - lose

    @functools.cache
    def value(h, a):
        if h > 21:
            return -1.0
        return max(stand(h, a), sum(Q[r] * value(h + VAL[r], a or r == 0) for r in range(10)))

    def best2(x, y):
        h, a = VAL[x] + VAL[y], 0 in (x, y)
        dbl = 2 * sum(Q[r] * (-1.0 if h + VAL[r] > 21 else stand(h + VAL[r], a or r == 0))
                      for r in range(10))
        hit = sum(Q[r] * value(h + VAL[r], a or r == 0) for r in range(10))
        return max(stand(h, a), hit, dbl)

    def split(p):
        w = [stand(VAL[p] + VAL[t], True) if p == 0 else best2(p, t) for t in range(10)]
        m = rules.max_hands

        def go(hands, k):    # hands k..hands still to take their second card
            if k > hands:
                return 0.0
            v = sum(Q[t] * w[t] for t in range(10) if t != p) + (1 - Q[p]) * go(hands, k + 1)
            pair = go(hands + 1, k) if hands < m and p != 0 else w[p] + go(hands, k + 1)
            return v + Q[p] * pair

        return go(2, 1)

    er = 0.0
    for cards in itertools.combinations_with_replacement(range(10), 3):
        prob = len(set(itertools.permutations(cards))) * Q[up]
        for c in cards:
            prob *= Q[c]
        best = -9.0
        for burn in range(3):
            x, y = sorted(cards[k] for k in range(3) if k != burn)
            best = max(best, split(x) if x == y else best2(x, y))
        er += prob * best
    return er


@functools.cache
def _inf_return(name, max_hands=4, h17=True):
    return analyze(Rules(decks=None, post_split=name, max_hands=max_hands,
                         hit_soft_17=h17)).expected_return


@pytest.mark.parametrize("max_hands,h17", [(4, True), (3, False)])
def test_infinite_deck_cdz_and_cdp1_match_an_always_resplitting_twin(max_hands, h17):
    rules = Rules(decks=None, max_hands=max_hands, hit_soft_17=h17)
    want = game_inf_always_resplit(rules)
    assert _inf_return("cdz-", max_hands, h17) == pytest.approx(want, abs=TOL)
    assert _inf_return("cdp1", max_hands, h17) == pytest.approx(want, abs=TOL)
    # resplitting every pair card (tens too) costs CDP-H's chosen resplits a lot
    assert _inf_return("cdp-h", max_hands, h17) > want + 1e-3


def test_infinite_deck_without_resplits_the_three_are_one_strategy():
    evs = [_inf_return(n, 2) for n in ("cdp-h", "cdz-", "cdp1")]
    assert max(evs) - min(evs) < TOL


# -- CDP-H is at least CDZ- and CDP1 ------------------------------------------------------------

@pytest.mark.parametrize("decks,up", [(1, 0), (1, 5), (6, 9)])
def test_cdph_split_is_at_least_cdz_and_cdp1(decks, up):
    kv = {n: kept_values(Rules(decks=decks, post_split=n), up) for n in ("cdp-h", "cdz-", "cdp1")}
    assert kv["cdp-h"].splits.keys() == kv["cdz-"].splits.keys() == kv["cdp1"].splits.keys()
    for key, best in kv["cdp-h"].splits.items():
        for n in ("cdz-", "cdp1"):
            assert best.ev >= kv[n].splits[key].ev - TOL, (n, key)
    # the unsplit hands do not depend on the post-split strategy
    for n in ("cdz-", "cdp1"):
        ok = kv[n].possible
        np.testing.assert_array_equal(kv[n].stand[ok], kv["cdp-h"].stand[ok])
        np.testing.assert_array_equal(kv[n].hit[ok], kv["cdp-h"].hit[ok])


# -- the strategy's tables and the simulator ----------------------------------------------------

@pytest.mark.parametrize("name", ["cdz-", "cdp1"])
def test_optimal_tables_hold_the_post_split_strategy(name):
    """The exported tables are the post-split strategy's: the same split-hand action under
    every hidden combination, every resplit taken, and valued as fixed tables they give the
    strategy's exact return."""
    rules = Rules(decks=None, post_split=name)
    a = analyze(rules)
    assert a.strategy == strategy_text(rules) and name.upper() in a.strategy
    t = optimal_tables(rules, a.kept)
    assert (t.split_play == t.split_play[:, :, :, :1]).all()
    assert name.upper() in t.name
    fixed = analyze(rules, tables=t)
    assert fixed.expected_return == pytest.approx(a.expected_return, abs=TOL)
    cdph_tables = optimal_tables(Rules(decks=None))
    assert not (cdph_tables.resplit == t.resplit).all()


@pytest.mark.slow
def test_simulation_plays_cdz():
    """2M simulated rounds of the CDZ- tables on one deck agree with the exact return within
    four standard errors (and sit far from CDP-H's return)."""
    from twentyone_burn.sim import simulate

    rules = Rules(decks=1, post_split="cdz-")
    a = analyze(rules)
    sim = simulate(optimal_tables(rules, a.kept), 2_000_000, seed=21, chunk_size=500_000)
    z = (sim.mean - a.expected_return) / sim.se
    assert abs(z) < 4, (a.expected_return, sim.mean, sim.se)
    cdph = analyze(Rules(decks=1)).expected_return
    assert abs(sim.mean - cdph) / sim.se > 8
