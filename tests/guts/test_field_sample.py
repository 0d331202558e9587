"""Sampled field odds (guts_family.odds.sample): agreement with the exact counts within 4
standard errors, worker-count determinism, ranges by rejection, and the vs-pot command's
sampled route (exit codes, one-line errors, the method stated)."""

from __future__ import annotations

import json

import pytest

from guts_family.cards import CardError, parse_cards
from guts_family.hands import ONE, POKER3, TWO, VALUE3
from guts_family.odds import Seat, exact_refusal, field_odds, field_sample
from tests.guts.test_cli import run

POT = Seat("pot", is_pot=True)


def players(k, **kw):
    return [Seat(f"player {i + 2}", **kw) for i in range(k)]


CASES = [
    # (order, hand, seats, dead) the exact count can do
    (POKER3, "Ks Kd 7h", [POT, *players(2)], ""),                  # phoenix, 2 opponents
    (POKER3, "Qs Jd Th", players(3), ""),                          # guts321, 3 opponents
    (POKER3, "As 2s 3s", [POT, Seat("player 2", known=parse_cards("Ah")), *players(1)], "7c"),
    (POKER3, "Ad Ac 7h", [POT, Seat("player 2", min_class=300), *players(1)], ""),  # one range
    (VALUE3, "Ks Kd 7h", [POT, *players(6)], ""),                  # value order, 7 hands
    (VALUE3, "Js Jd 4h", players(5, min_class=150), ""),           # value order, 5 ranges
    (TWO, "9s 9d", players(7), ""),
    (ONE, "Qh", [POT, *players(9)], "Qs"),
]


@pytest.mark.parametrize("order, hand, seats, dead", CASES)
def test_sampled_agrees_with_exact_within_4_se(order, hand, seats, dead):
    e = field_odds(order, parse_cards(hand), seats, parse_cards(dead))
    s = field_sample(order, parse_cards(hand), seats, parse_cards(dead), seed=2024,
                     samples=60_000)
    for exact, est in ((e.win, s.win), (e.tie, s.tie), (e.lose, s.lose)):
        assert abs(est.value - exact) <= 4 * est.se + 1e-12, (exact, est)
    for rules in (("pot", "split"), ("split", "split"), ("replay", "replay")):
        ev = s.ev(10, 4, *rules)
        assert abs(ev.value - e.ev(10, 4, *rules)) <= 4 * ev.se + 1e-12
    win_share = e.win + sum(c / (1 + len(m)) for m, c in e.ties.items() if m) / e.total
    assert abs(s.share.value - win_share) <= 4 * s.share.se + 1e-12
    assert s.as_dict()["exact"] is False and s.method == "sampled"


def test_same_seed_same_numbers_for_one_and_two_workers():
    args = (POKER3, parse_cards("Ah Kh Qd"), [POT, *players(4, min_class=120)])
    a = field_sample(*args, seed=9, samples=6000, chunk_size=1000)
    b = field_sample(*args, seed=9, samples=6000, chunk_size=1000, workers=2, parallel_after=0)
    assert a.run.sums == b.run.sums and a.run.squares == b.run.squares
    assert b.run.workers == 2 and a.win == b.win and a.acceptance < 1
    c = field_sample(*args, seed=10, samples=6000, chunk_size=1000)
    assert c.run.sums != a.run.sums


def test_ranges_by_rejection_only_accept_deals_in_range():
    # one opponent holds trips or better: a pair of kings never wins
    trips = POKER3.class_from_label("222")
    s = field_sample(POKER3, parse_cards("Ks Kd 7h"),
                     [Seat("player 2", min_class=trips), *players(3)], seed=1, samples=200)
    assert s.win.value == 0 and s.lose.value == 1 and s.acceptance < 0.01


def test_a_range_no_deal_meets_is_refused():
    top = POKER3.n_classes - 1  # A-K-Q suited straight flush: four hands, three seats
    with pytest.raises(CardError, match="widen the range"):
        field_sample(POKER3, parse_cards("2c 3d 5h"), players(5, min_class=top), seed=1,
                     samples=10)


def test_exact_refusal_names_the_flag():
    msg = exact_refusal(POKER3, players(4))
    assert msg is not None and "--sample" in msg and "4 hands" in msg
    with pytest.raises(ValueError, match="--sample"):
        field_odds(POKER3, parse_cards("As Kd Qh"), players(4))


def test_cli_four_plus_opponents_poker_order_is_sampled_with_se(capsys):
    code, out, _ = run(capsys, "vs-pot", "Ks Kd 7h", "--game", "guts321", "--opponents", "5",
                       "--seed", "3", "--pot", "10", "--target-se", "0.003", "--workers", "1")
    assert code == 0
    assert "sampled (Monte Carlo, not exact)" in out and "seed 3" in out and "s.e." in out
    assert "exact count refused" in out and "complete enumeration" not in out
    assert "--seed 3" in out.splitlines()[0]
    code, out, _ = run(capsys, "vs-pot", "Ks Kd 7h", "--game", "guts321", "--opponents", "5",
                       "--seed", "3", "--target-se", "0.003", "--workers", "1", "--json")
    d = json.loads(out)
    assert code == 0 and d["method"] == "sampled" and d["exact"] is False
    assert d["sampling"]["seed"] == 3 and 0 < d["win_se"] <= 0.003 and "why_sampled" in d


def test_cli_seed_is_recorded_when_not_given(capsys):
    code, out, _ = run(capsys, "vs-pot", "Ks Kd 7h", "--game", "guts321", "--opponents", "4",
                       "--samples", "2000", "--workers", "1", "--json")
    d = json.loads(out)
    assert code == 0 and d["options"]["seed"] == d["sampling"]["seed"]


def test_cli_exact_route_says_exact_and_sample_forces_sampling(capsys):
    code, out, _ = run(capsys, "vs-pot", "Ks Kd 7h", "--game", "guts321", "--opponents", "2",
                       "--json")
    assert code == 0 and json.loads(out)["method"] == "exact"
    code, out, _ = run(capsys, "vs-pot", "Ks Kd 7h", "--game", "guts321", "--opponents", "2",
                       "--sample", "--samples", "3000", "--seed", "1", "--json")
    d = json.loads(out)
    assert code == 0 and d["method"] == "sampled" and "why_sampled" not in d


@pytest.mark.parametrize("args, needle", [
    (["--opponents", "5", "--exact"], "--sample"),
    (["--opponents", "5", "--samples", "0"], "--samples"),
    (["--opponents", "5", "--target-se", "-1"], "--target-se"),
    (["--opponents", "5", "--workers", "0"], "--workers"),
    (["--opponents", "5", "--seed", "-4"], "--seed"),
    (["--opponents", "5", "--max-seconds", "0"], "--max-seconds"),
    (["--opponents", "5", "--exact", "--sample"], "exclude"),
    (["--opponents", "2", "--exact", "--seed", "1"], "only apply to sampling"),
])
def test_cli_bad_sampling_requests_one_line_exit_2(capsys, args, needle):
    code, out, err = run(capsys, "vs-pot", "Ks Kd 7h", "--game", "guts321", *args)
    assert code == 2 and out == "" and needle in err and len(err.strip().splitlines()) == 1


def test_challenge_ranges_exact_agree_with_sampling():
    from guts_family.games.challenge_guts import challenge
    from guts_family.ranges import parse_range

    # two ranged challengers: rejection keeps about 3 % of the deals, so the check is quick
    r = challenge(parse_cards("Ks Kd 9c"), pot=10, challengers=2,
                  challenger_range=parse_range("pair+", VALUE3),
                  dealer_range=parse_range("A-high+", VALUE3))
    assert r.odds.as_dict()["exact"] and r.as_dict()["range"]["text"] == "pair+"
    assert r.odds.seats[0].min_class == VALUE3.class_from_label("A32")
    s = field_sample(VALUE3, r.odds.hero, r.odds.seats, seed=5, samples=20_000, workers=1)
    for exact, est in ((r.odds.win, s.win), (r.odds.tie, s.tie), (r.odds.lose, s.lose)):
        assert abs(est.value - exact) <= 4 * est.se + 1e-12
    four = challenge(parse_cards("Ks Kd 9c"), pot=10, challengers=4,
                     challenger_range=parse_range("pair+", VALUE3))
    wide = challenge(parse_cards("Ks Kd 9c"), pot=10, challengers=4)
    assert four.odds.win < wide.odds.win  # strong challengers beat you more often


@pytest.mark.parametrize("args, needle", [
    (["--range", "pair+"], "--challengers 2"),
    (["--challengers", "2", "--dealer-min", "A", "--dealer-range", "pair+"], "give one"),
    (["--challengers", "6", "--range", "AAA"], "widen the range"),
    (["--challengers", "2", "--range", "flush+"], "unknown"),
])
def test_challenge_range_errors_one_line_exit_2(capsys, args, needle):
    code, out, err = run(capsys, "challenge", "Ks Kd 9c", "--pot", "10", *args)
    assert code == 2 and out == "" and needle in err and len(err.strip().splitlines()) == 1


def test_challenge_range_cli_is_exact(capsys):
    code, out, _ = run(capsys, "challenge", "Ks Kd 9c", "--pot", "10", "--challengers", "3",
                       "--range", "top 20%", "--json")
    d = json.loads(out)
    assert code == 0 and d["exact"] is True and d["range"]["text"] == "top 20%"
