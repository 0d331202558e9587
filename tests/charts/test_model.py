"""charts/model: Chart.to_tables - the letters, the burn rule, splits and resplits on
hand-picked hands; Chart.from_arrays."""

from __future__ import annotations

import itertools

import numpy as np
import pytest

from twentyone_burn.charts.model import (
    ACTIONS,
    HARD_TOTALS,
    SOFT_TOTALS,
    UP_COLUMNS,
    UP_RANK,
    Chart,
)
from twentyone_burn.notation import kept_ranks
from twentyone_burn.rules import Rules
from twentyone_burn.shoe import parse_ranks
from twentyone_burn.tables import DOUBLE, HIT, STAND, hand_table

A, T = 0, 9
HT = hand_table()


def hand(cards: str) -> int:
    return HT.of(parse_ranks(cards))


def chart_with(rules: Rules, hard=None, soft=None, resplit=None, burn=None) -> Chart:
    """The simple chart with some cells changed: {(row, up column): letter or value}."""
    c = Chart.simple(rules)
    frames = {"hard": c.hard.copy(), "soft": c.soft.copy(), "resplit": c.resplit.copy(),
              "burn_values": c.burn_values.copy()}
    for name, cells in (("hard", hard), ("soft", soft), ("resplit", resplit),
                        ("burn_values", burn)):
        for (row, col), v in (cells or {}).items():
            for cc in (UP_COLUMNS if col == "*" else [col]):
                frames[name].loc[row, cc] = v
    return Chart.from_frames(rules, name="edited", **frames)


def test_d_doubles_two_cards_and_hits_three():
    t = chart_with(Rules(), hard={(10, "*"): "D"}).to_tables()
    assert t.play[5, 3, hand("4 6")] == DOUBLE
    assert t.play[5, 3, hand("2 2 6")] == HIT
    assert t.split_play[5, 3, 3, 0, hand("4 6")] == DOUBLE       # split 4s, DAS


def test_ds_doubles_two_cards_and_stands_three():
    t = chart_with(Rules(), soft={(18, "*"): "Ds"}).to_tables()
    assert t.play[5, 3, hand("A 7")] == DOUBLE
    assert t.play[5, 3, hand("A 3 4")] == STAND
    assert t.play[5, 3, hand("A 7")] == DOUBLE


def test_rules_that_forbid_the_double_take_the_fallback():
    r = Rules(double_on="10-11", double_after_split=False)
    t = chart_with(r, hard={(9, "*"): "D", (10, "*"): "D", (16, "*"): "Ds"},
                   soft={(19, "*"): "Ds"}).to_tables()
    assert t.play[0, 5, hand("4 5")] == HIT                      # 9 may not double
    assert t.play[0, 5, hand("4 6")] == DOUBLE
    assert t.play[0, 5, hand("T 6")] == STAND
    assert t.play[0, 5, hand("A 8")] == STAND                    # soft hands never double
    assert t.split_play[0, 5, 3, 2, hand("4 6")] == HIT          # no double after split
    assert t.split_play[0, 5, 8, 0, hand("9 7")] == STAND


def test_split_aces_take_one_card_and_stand():
    r = Rules()
    t = chart_with(r, soft={(12, "*"): "H", (13, "*"): "D", (17, "*"): "H"}).to_tables()
    assert (t.split_play[:, :, A] == STAND).all()
    assert t.play[4, 2, hand("A A")] == HIT                      # soft 12 unsplit (optional split)
    t2 = chart_with(r.replace(split_aces_one_card=False), soft={(13, "*"): "D"}).to_tables()
    assert t2.split_play[4, 2, A, 0, hand("A 2")] == DOUBLE


def test_hands_without_a_row_stand_and_rows_ignore_burned_card():
    t = Chart.simple(Rules()).to_tables()
    for one in range(10):
        assert (t.play[:, :, HT.of((one,))] == STAND).all()
    assert (t.play == t.play[:, :1, :]).all()
    assert (t.split_play[:, :, 1:] == t.split_play[:, :1, 1:2, :1, :]).all()  # no ace pairs
    h = hand("T 5 6")                                           # hard 21
    assert (t.play[:, :, h] == STAND).all()


def test_resplit_and_split_kept():
    r = Rules(max_hands=3)
    c = chart_with(r, resplit={("88", "*"): "P", ("99", "7"): "P", ("AA", "*"): "P"})
    t = c.to_tables()
    eight, nine = 7, 8
    assert t.resplit[5, 1, eight, :3].all() and not t.resplit[5, 1, eight, 3:].any()
    assert t.resplit[6, 1, nine, :3].all() and not t.resplit[5, 1, nine].any()
    assert not t.resplit[:, :, A].any()                          # resplit_aces is false
    assert t.split_kept.all()                                    # the split is mandatory
    t = c.with_rules(r.replace(mandatory_split=False, resplit_aces=True)).to_tables()
    assert t.split_kept[5, 2, eight] and not t.split_kept[5, 2, nine]
    assert t.split_kept[6, 2, nine] and t.split_kept[0, 2, A] and t.resplit[0, 2, A, 2].all()


def test_burn_keeps_the_highest_value_and_ties_burn_the_lowest_rank():
    r = Rules()
    # against a 6 (column "6", rank index 5): make T-5 worth most; 9-5 and T-9 tie below it
    c = chart_with(r, burn={("T5", "6"): 0.5, ("95", "6"): 0.25, ("T9", "6"): 0.25})
    t = c.to_tables()
    for perm in itertools.permutations((T, 8, 4)):
        assert t.burn[5][perm] == 8                              # keep T-5, burn the 9
    c = chart_with(r, burn={("T5", "6"): 0.25, ("95", "6"): 0.25, ("T9", "6"): 0.1})
    assert c.to_tables().burn[5, T, 8, 4] == 8                   # tie T5 / 95: burn 9 (< T)
    c = chart_with(r, burn={("T5", "6"): 0.25, ("95", "6"): 0.25, ("T9", "6"): 0.25})
    assert c.to_tables().burn[5, T, 8, 4] == 4                   # three-way tie: burn the 5
    assert c.to_tables().burn[3, T, 8, 4] == 4                   # simple chart: keep T9 (19)
    # two equal cards: the kept hand is the same whichever is burned
    assert Chart.simple(r).to_tables().burn[0, 5, 5, T] == 5


def _arrays(c: Chart) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """The chart's cells as the rank-indexed arrays Chart.from_arrays takes, read cell by cell
    (the inverse, written here from the arrays' description)."""
    code = {a: i for i, a in enumerate(ACTIONS)}
    hard = np.zeros((10, len(HARD_TOTALS)), dtype=np.int64)
    soft = np.zeros((10, len(SOFT_TOTALS)), dtype=np.int64)
    resplit = np.zeros((10, 10), dtype=np.bool_)
    burn = np.zeros((10, 10, 10))
    for col, up in zip(UP_COLUMNS, UP_RANK):
        hard[up] = [code[x] for x in c.hard[col]]
        soft[up] = [code[x] for x in c.soft[col]]
        resplit[up] = (c.resplit[col] == "P").to_numpy()
        for h, v in c.burn_values[col].items():
            a, b = kept_ranks(h)
            burn[up, a, b] = burn[up, b, a] = v
    return hard, soft, resplit, burn


@pytest.mark.parametrize("seed", [None, 3])
def test_arrays_round_trip(seed, make_random):
    c = Chart.simple(Rules(decks=1)) if seed is None else make_random(Rules(decks=1), seed)
    back = Chart.from_arrays(c.rules, *_arrays(c), c.name)
    assert back.equals(c)


@pytest.mark.parametrize("seed", [0, 1])
def test_expanded_burn_table_is_burn_rank_of_every_ordered_deal(seed: int) -> None:
    """to_tables expands the burn column all at once; burn_rank (one deal at a time, the
    chart's plain definition) must give the same rank for every ordered deal - on burn
    values with many ties (values from a handful of levels), where the lower-rank tie-break
    decides."""
    c = Chart.simple(Rules())
    rng = np.random.default_rng(seed)
    values = c.burn_values.copy()
    values.loc[:, :] = rng.integers(0, 4, size=values.shape) / 4.0
    c = Chart.from_frames(c.rules, values, c.hard, c.soft, c.resplit, c.name)
    burn = c.to_tables().burn
    for up in range(10):
        for cards in itertools.product(range(10), repeat=3):
            assert int(burn[(up, *cards)]) == c.burn_rank(up, cards), (up, cards)
