"""The sampled equilibrium of the Guts 3-card round (3+ players): the deal kernel against its
plain twin and against the field sampler's deal, the sampled EVs against exact counts (two
players, the card engine's limits on the full deck, brute force on a 13-card deck with three
players), the interval, seeds and workers, the command line."""

from __future__ import annotations

import itertools
import json
import math

import numpy as np
import pytest

from guts_family.cards import parse_cards
from guts_family.games.equilibrium import ThresholdSearch, equilibrium, threshold_table
from guts_family.games.equilibrium.sampled_evs import ThresholdEVs, unit_payoffs
from guts_family.hands import POKER3, HandOrder
from guts_family.odds import FieldOdds, Seat, field_odds, representatives
from guts_family.odds._kernels import threshold_deals
from guts_family.odds.sample import FieldDeals, ThresholdDeals
from guts_family.sampling import chunk_rng, sample
from tests.guts.test_cli import run
from tests.reference.guts import in_ev_naive

# a 13-card deck with straights (A-2-3, 2-3-4, J-Q-K, Q-K-A), flushes and pairs
POKER_DECK = parse_cards("Ac Ad 2c 2h 3c 3d 4c Jc Jh Qc Qd Kc Kh")
TOP = POKER3.n_classes


def threshold_deals_naive(u: np.ndarray, hands: np.ndarray, unseen: np.ndarray,
                          order: HandOrder, hero_class: int, others: int
                          ) -> tuple[np.ndarray, np.ndarray]:
    """Plain twin of ``threshold_deals``: the same reading of the uniforms, one deal at a time
    with lists, every hand classed by ``order.class_of``."""
    best = np.zeros((order.n_classes, 3), dtype=np.int64)
    ties = np.zeros(others + 1, dtype=np.int64)
    for row in u:
        h = min(int(row[0] * len(hands)), len(hands) - 1)
        deck = [int(c) for c in unseen[h]]
        for j in range(3 * (others + 1)):
            k = j + int(row[1 + j] * (len(deck) - j))
            deck[j], deck[k] = deck[k], deck[j]
        dummy = order.class_of(deck[0:3])
        rivals = [order.class_of(deck[3 * s:3 * s + 3]) for s in range(1, others + 1)]
        top = max(rivals)
        result = 0 if hero_class > dummy else (1 if hero_class == dummy else 2)
        best[top, result] += 1
        if top == hero_class:
            ties[rivals.count(hero_class)] += 1
    return best, ties


@pytest.mark.parametrize("label,others,deck", [("AQ4", 3, None), ("772", 7, None),
                                               ("AKQ", 2, POKER_DECK)])
def test_kernel_matches_its_plain_twin(label, others, deck):
    task = ThresholdDeals.build(POKER3, [POKER3.class_from_label(label)], others, deck)
    u = chunk_rng(11, 0).random((300, 1 + 3 * (others + 1)))
    c = task.hero_classes[0]
    got = threshold_deals(u, task.hands[0], task.unseen[0], task.lookup, c, others, TOP)
    want = threshold_deals_naive(u, task.hands[0], task.unseen[0], POKER3, c, others)
    assert (got[0] == want[0]).all() and (got[1] == want[1]).all()
    assert got[0].sum() == 300


def test_kernel_deals_as_the_field_sampler_does():
    """With one hero hand, the kernel's deal from the uniforms is the field sampler's
    (``FieldDeals._deal``: the same partial Fisher-Yates shuffle, the dummy first)."""
    hero = parse_cards("Qs Qd 7h")
    others = 4
    seats = [Seat("dummy", is_pot=True)] + [Seat(f"p{i}") for i in range(others)]
    field = FieldDeals.build(POKER3, hero, seats)
    classes = field._deal(chunk_rng(3, 1), 500)
    u = chunk_rng(3, 1).random((500, 3 * (others + 1)))
    u = np.hstack([np.zeros((500, 1)), u])
    me = POKER3.class_of(hero)
    best, ties = threshold_deals(u, np.array([sorted(hero)]), field.unseen[None, :],
                                 field.lookup, me, others, TOP)
    want = np.zeros_like(best)
    want_ties = np.zeros_like(ties)
    for row in classes:
        top = row[1:].max()
        want[top, 0 if me > row[0] else (1 if me == row[0] else 2)] += 1
        if top == me:
            want_ties[(row[1:] == me).sum()] += 1
    assert (best == want).all() and (ties == want_ties).all()


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
    """Check 1: the sampled EV of a class (the mean over its hands) against in_ev_poker3's,
    and the sampled equilibrium's interval holds the exact threshold AQ4."""
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
    e = equilibrium("guts321", 2, cards=3, method="sample", seed=1, samples=2 ** 20)
    assert e.method == "sampled" and not e.exact and e.low <= aq4 <= e.high
    assert e.as_dict()["exact"] is False and e.as_dict()["sampling"]["seed"] == 1


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


def test_thresholds_rise_with_the_table_and_the_interval_is_honest():
    """Check 3 (can fail): each table size's interval lies above the smaller table's; every
    sampled row carries its method, seed, deals and standard error."""
    rows = [equilibrium("guts321", n, cards=3, seed=3, samples=2 ** 19) for n in (3, 4, 5)]
    for small, big in zip(rows, rows[1:]):
        assert big.low > small.high, (small.interval, big.interval)
    for r in rows:
        assert r.method == "sampled" and r.seed == 3 and r.deals and r.max_se > 0
        assert r.low <= r.threshold <= r.high
        assert r.resolved == (r.low == r.high and "unresolved" not in r.note)


def test_same_seed_same_result_for_one_and_two_workers():
    one = equilibrium("guts321", 3, cards=3, seed=12, samples=2 ** 15, workers=1)
    two = equilibrium("guts321", 3, cards=3, seed=12, samples=2 ** 15, workers=2,
                      parallel_after=0)
    a, b = one.as_dict(), two.as_dict()
    for d in (a, b):
        d["sampling"].pop("seconds")
    assert a == b


def test_refusals_and_the_exact_route():
    with pytest.raises(ValueError, match="2 players only"):
        equilibrium("guts321", 3, cards=3, method="exact")
    with pytest.raises(ValueError, match="seats 2 to 16"):
        equilibrium("guts321", 17, cards=3)
    with pytest.raises(ValueError, match="counted exactly at every table size"):
        equilibrium("guts321", 3, cards=2, method="sample")
    with pytest.raises(ValueError, match="not enough cards"):
        ThresholdDeals.build(POKER3, [394], 4, POKER_DECK)
    t = threshold_table("guts321", [3], cards=3, seed=2, samples=2 ** 16)
    assert list(t.frame["method"]) == ["sampled"] and t.meta["exact"] is False
    assert t.meta["seed"] == 2 and t.meta["method"].startswith("sampled (Monte Carlo")


def test_cli_prints_the_method_of_every_row(capsys, tmp_path):
    code, out, err = run(capsys, "equilibrium", "guts321", "--cards", "3", "--players", "2-3",
                         "--seed", "3", "--samples", "65536", "--out", str(tmp_path))
    assert code == 0 and err == ""
    assert "sampled (Monte Carlo, not exact) for 3 players" in out and "--seed 3" in out
    assert "exact" in out.splitlines()[5] and "sampled, seed 3" in out.splitlines()[6]
    text = (tmp_path / "equilibrium-guts321-3card.csv").read_text()
    assert "# exact: False" in text and "# seed: 3" in text and "threshold_low" in text
    code, out, _ = run(capsys, "equilibrium", "guts321", "--cards", "3", "--players", "3",
                       "--seed", "3", "--samples", "65536", "--json")
    row = json.loads(out)["rows"][0]
    assert code == 0 and row["method"] == "sampled" and row["exact"] is False
    assert row["sampling"]["seed"] == 3 and math.isfinite(row["sampling"]["largest_se"])


@pytest.mark.parametrize("args", [
    ["--cards", "3", "--players", "17"],           # more players than the deck seats
    ["--cards", "3", "--players", "2-17"],         # refused before the first row
    ["--cards", "3", "--players", "3", "--exact"],
    ["--cards", "3", "--exact", "--seed", "1"],
    ["--cards", "2", "--seed", "1"],
    ["--cards", "3", "--sample", "--exact"],
    ["--cards", "3", "--samples", "0"],
    ["--cards", "3", "--max-seconds", "0"],
])
def test_cli_bad_input_is_one_line_exit_2(capsys, args):
    code, out, err = run(capsys, "equilibrium", "guts321", *args)
    assert code == 2 and err.count("\n") == 1 and err.startswith("guts-odds: error:"), err
    assert out == ""


def test_cli_sample_is_refused_for_the_exact_games(capsys):
    code, _, err = run(capsys, "equilibrium", "phoenix", "--players", "2", "--sample")
    assert code == 2 and "only the Guts 3-card round is sampled" in err


def test_field_odds_of_the_payoff_helper_match_a_unit_deal():
    """unit_payoffs reads ev_exact on one-deal FieldOdds; spot-check one against a direct
    FieldOdds built with two tied players."""
    seats = (Seat("a"), Seat("b"), Seat("c"))
    direct = float(FieldOdds("", (), (), seats, 1, 0, {(0, 1): 1}).ev_exact(6.0, None, "replay",
                                                                           "split"))
    assert unit_payoffs(3, 6.0, None, "replay", "split")[1][3] == direct == 2.0
