"""The sampled EVs of the Guts 3-card round (guts_family/games/equilibrium/sampled_evs.py):
against the exact count (two players), the card engine's limits on the full deck, brute force
on a 13-card deck with three players; payoffs, streams."""

from __future__ import annotations

import itertools

from guts_family.games.equilibrium import ThresholdSearch
from guts_family.games.equilibrium.sampled_evs import ThresholdEVs, unit_payoffs
from guts_family.hands import POKER3
from guts_family.odds import FieldOdds, Seat, field_odds, representatives
from guts_family.odds.sample import ThresholdDeals
from guts_family.sampling import sample
from tests.reference.guts import (
    POKER_DECK,
    in_ev_naive,
)

TOP = POKER3.n_classes


def test_runs_extend_chunk_by_chunk_and_classes_share_the_uniforms():
    task = ThresholdDeals.build(POKER3, [300], 2)
    whole = sample(task, seed=4, samples=4000, chunk_size=1000)
    first = sample(task, seed=4, samples=2000, chunk_size=1000)
    rest = sample(task, seed=4, samples=2000, chunk_size=1000, first_chunk=2)
    assert [a + b for a, b in zip(first.sums, rest.sums)] == list(whole.sums)
    # a class sampled alone or beside another, in one step or two: the same counts
    a = ThresholdEVs(POKER3, 3, 3.0, seed=2, chunk_size=1000)
    a.sample([300], 3000)
    b = ThresholdEVs(POKER3, 3, 3.0, seed=2, chunk_size=1000)
    b.sample([300, 500], 1000)
    b.sample([300], 3000)
    assert a.deals[300] == b.deals[300] == 3000
    assert (a.evs(300)[0] == b.evs(300)[0]).all()


def test_payoffs_are_the_exact_codes():
    """Each outcome's payoff is FieldOdds.ev_exact's, for every tie rule and a cap."""
    for tie in ("pot", "split", "replay"):
        for player_tie in ("split", "replay"):
            alone, shown = unit_payoffs(3, 5.0, 2.0, tie, player_tie)
            assert alone[0] == 5.0 and alone[2] == -2.0 and shown[1] == -2.0
            assert alone[1] == {"pot": -2.0, "split": 2.5, "replay": 0.0}[tie]
            assert list(shown[2:]) == ([5.0 / 2, 5.0 / 3, 5.0 / 4] if player_tie == "split"
                                       else [0.0] * 3)


def _exact_class_mean(c: int, seats: list[Seat], pot: float) -> float:
    reps, cls, mult = representatives(POKER3)
    rows = [(h, m) for h, k, m in zip(reps.tolist(), cls.tolist(), mult.tolist()) if k == c]
    return sum(m * field_odds(POKER3, h, seats).ev(pot, None, "replay") for h, m in rows) / \
        sum(m for _, m in rows)


def test_two_players_agree_with_the_exact_count_within_4_se():
    """Check 1: the sampled EV of a class (the mean over its hands) against in_ev_poker3's
    (the equilibrium's interval: test_sampled.py)."""
    s = ThresholdSearch("guts321", POKER3, 2, 2.0, None, "replay", "split")
    evs = ThresholdEVs(POKER3, 2, 2.0, seed=7)
    labels = ("AQ4", "K98", "772")
    cs = [POKER3.class_from_label(x) for x in labels]
    evs.sample(cs, 2 ** 19)
    aq4 = POKER3.class_from_label("AQ4")
    for c in cs:
        for t in (0, aq4, TOP):
            value, se = evs.ev(c, t)
            assert abs(value - float(s.ev(c, t))) <= 4 * se, (POKER3.label(c), t)


def test_the_card_engines_limits_on_the_full_deck():
    """Check 3: nobody else ever in = the dummy alone (the others' cards removed at random),
    everyone in = a showdown with every other hand; both exact in the card engine."""
    kk7 = POKER3.class_from_label("KK7")
    evs = ThresholdEVs(POKER3, 4, 4.0, seed=5)
    evs.sample([kk7], 2 ** 17)
    value, se = evs.ev(kk7, 0)
    want = _exact_class_mean(kk7, [Seat(f"p{i}") for i in range(3)], 4.0)
    assert abs(value - want) <= 4 * se
    evs8 = ThresholdEVs(POKER3, 8, 8.0, seed=5)
    evs8.sample([kk7], 2 ** 17)
    value, se = evs8.ev(kk7, TOP)
    assert abs(value - _exact_class_mean(kk7, [Seat("dummy", is_pot=True)], 8.0)) <= 4 * se


def test_three_players_on_a_small_deck_agree_with_brute_force():
    """Check 2: three players on a 13-card deck, the rules played out card by card
    (in_ev_naive, every deal of the dummy and both other hands) against the sampled EV of
    the class (its hands in the deck, each equally likely), within 4 SE; a cap and ties with
    the dummy going to the pot."""
    evs = ThresholdEVs(POKER3, 3, 3.0, cap=2.0, tie="pot", deck=POKER_DECK, seed=9)
    qq2 = POKER3.class_from_label("QQ2")
    for label, thresholds in (("QQ2", (0, qq2, TOP)), ("432", (qq2,)), ("A32s", (qq2,))):
        c = POKER3.class_from_label(label)
        in_deck = [list(h) for h in itertools.combinations(POKER_DECK, 3)
                   if POKER3.class_of(list(h)) == c]
        evs.sample([c], 2 ** 17)
        for t in thresholds:
            want = sum(float(in_ev_naive("guts321", POKER3, h, 3, t, pot=3, cap=2, tie="pot",
                                         deck=POKER_DECK)) for h in in_deck) / len(in_deck)
            value, se = evs.ev(c, t)
            assert abs(value - want) <= 4 * se + 1e-12, (label, t, value, want, se)


def test_field_odds_of_the_payoff_helper_match_a_unit_deal():
    """unit_payoffs reads ev_exact on one-deal FieldOdds; spot-check one against a direct
    FieldOdds built with two tied players."""
    seats = (Seat("a"), Seat("b"), Seat("c"))
    direct = float(FieldOdds("", (), (), seats, 1, 0, {(0, 1): 1}).ev_exact(6.0, None, "replay",
                                                                           "split"))
    assert unit_payoffs(3, 6.0, None, "replay", "split")[1][3] == direct == 2.0
