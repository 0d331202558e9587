"""Sampled field odds (guts_family/odds/sample.py): against the exact counts within 4 standard
errors, the same numbers for any number of workers, ranges by rejection, the refusal that
sends a question here; the threshold deals' kernel against its plain twin."""

from __future__ import annotations

import numpy as np
import pytest

from guts_family.cards import CardError, parse_cards
from guts_family.hands import ONE, POKER3, TWO, VALUE3
from guts_family.odds import (
    Seat,
    exact_refusal,
    field_odds,
    field_sample,
)
from guts_family.odds._kernels import threshold_deals
from guts_family.odds.sample import FieldDeals, ThresholdDeals
from guts_family.sampling import chunk_rng
from tests.reference.guts import (
    POKER_DECK,
    threshold_deals_naive,
)

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


TOP = POKER3.n_classes


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
