"""The Game base class (guts_family/games/base.py): each game's seating and deciders, the
exact hand tables and their files, the sampled tables within 4 standard errors."""

from __future__ import annotations

import math
from math import comb

import numpy as np
import pandas as pd
import pytest

from guts_family.cards import parse_cards
from guts_family.games import get_game
from guts_family.games.guts_321 import GAME as GUTS
from guts_family.games.phoenix_burn import GAME as PHOENIX
from guts_family.games.phoenix_burn import (
    vs_pot,
)
from guts_family.hands import POKER3, VALUE3
from guts_family.odds import Seat, field_odds, representatives


def test_games_seat_every_table_size_the_deck_allows():
    phoenix, guts, chal = (get_game(g) for g in ("phoenix", "guts321", "challenge"))
    assert (phoenix.max_opponents(), guts.max_opponents(3), guts.max_opponents(2),
            guts.max_opponents(1), chal.max_opponents()) == (15, 16, 25, 51, 16)
    assert phoenix.odds(parse_cards("Ah Ad 2c"), opponents=15).total > 0
    assert guts.odds(parse_cards("Ah"), opponents=51).win_count == 0  # three aces, 51 hands
    assert guts.odds(parse_cards("Kh Kd"), opponents=25).total == \
        math.prod(math.comb(50 - 2 * i, 2) for i in range(25))
    with pytest.raises(ValueError, match="at most 15 other players"):
        phoenix.odds(parse_cards("Ah Ad 2c"), opponents=16)
    with pytest.raises(ValueError, match="not enough unseen cards"):
        phoenix.odds(parse_cards("Ah Ad 2c"), parse_cards("3c 3d 3h 3s"), opponents=15)


@pytest.mark.parametrize("game,cards,extra", [("phoenix", 3, {"ev_swap", "swap_gain"}),
                                              ("guts321", 3, set()), ("guts321", 2, set()),
                                              ("guts321", 1, set()),
                                              ("challenge", 3, {"ev_challenge"})])
def test_tables_are_complete_and_consistent(game, cards, extra):
    g = get_game(game)
    t = g.table(cards, pot=10, limit=5, **({"fee": 1} if g.has_swap else {}))
    f = t.frame
    order = g.order(cards)
    assert len(f) == order.n_classes and f["combos"].sum() == comb(52, cards)
    assert (f["win"] + f["tie"] + f["lose"] == f["total"]).all()
    assert (f["total"] == f["combos"] * comb(52 - cards, cards)).all()
    assert f["p_win"].iloc[-1] > 0.9 and f["ev"].iloc[-1] > 0 > f["ev"].iloc[0]
    assert t.meta["version"] and t.meta["game"] == g.name and t.meta["exact"] is True
    thr = t.meta["weakest_hand_worth_going_in"]
    i = list(f["hand"]).index(thr)
    assert (f["ev"].iloc[i:] > 0).all() and f["ev"].iloc[i - 1] <= 0
    assert extra <= set(f.columns)  # the game's own columns
    if "ev_challenge" in extra:
        assert (f["ev_challenge"] <= f["ev"] + 1e-12).all()


def test_table_with_opponents_uses_representatives_correctly():
    t = PHOENIX.table(opponents=1, pot=1)
    row = t.frame.iloc[VALUE3.class_from_label("KK7")]
    hands, cls = VALUE3.all_hands
    some = hands[cls == row["class"]][5].tolist()
    o = vs_pot(some, opponents=1)
    assert row["win"] == row["combos"] * o.win_count and row["total"] == row["combos"] * o.total


def test_table_files_round_trip(tmp_path):
    import pandas as pd

    t = GUTS.table(2, pot=3)
    t.to_csv(str(tmp_path / "t.csv"))
    t.to_xlsx(str(tmp_path / "t.xlsx"))
    back = pd.read_csv(tmp_path / "t.csv", comment="#")
    pd.testing.assert_frame_equal(back, t.frame, check_dtype=False)
    head = (tmp_path / "t.csv").read_text().splitlines()[:20]
    assert "# game: guts321" in head and any(h.startswith("# version: ") for h in head)
    sheets = pd.read_excel(tmp_path / "t.xlsx", sheet_name=None)
    assert set(sheets) == {"odds", "about"} and len(sheets["odds"]) == 91
    assert sorted(p.name for p in tmp_path.iterdir()) == ["t.csv", "t.xlsx"]  # no temp files


def test_failed_write_leaves_no_file(tmp_path, monkeypatch):
    t = GUTS.table(1)
    monkeypatch.setattr(type(t.frame), "to_csv",
                        lambda *a, **k: (_ for _ in ()).throw(OSError("disk")))
    with pytest.raises(OSError):
        t.to_csv(str(tmp_path / "x.csv"))
    assert list(tmp_path.iterdir()) == []


def test_one_card_table_sampled_agrees_with_exact():
    g = get_game("guts321")
    exact = g.table(1, 3, pot=2).frame
    n = 4000
    s = g.sampled_table(1, 3, pot=2, seed=5, samples=n).frame
    for col in ("p_win", "p_tie", "p_lose", "ev"):
        diff = np.abs(s[col] - exact[col])
        # 4 SE; an event never seen in n deals has SE 0: allow it the rule of three, 3 / n
        # (times 4, the widest swing of the EV per deal, pot 2: +2 to -2)
        slack = 3 / n * (4 if col == "ev" else 1)
        assert (diff <= 4 * s[col + "_se"] + slack).all(), col


def test_poker_order_rows_are_class_means_within_4_se():
    g = get_game("guts321")
    t = g.sampled_table(3, 2, pot=1, seed=9, samples=3000)
    assert t.meta["exact"] is False and t.meta["method"] == "sampled" and t.meta["seed"] == 9
    reps, cls, mult = representatives(POKER3)
    seats = [Seat("player 2"), Seat("player 3")]
    for c in (40, 300, 500, 650, 700):  # high card, pair, flush, straight, trips
        rows = [(h, m) for h, k, m in zip(reps.tolist(), cls.tolist(), mult.tolist()) if k == c]
        w = sum(m for _, m in rows)
        win = sum(m * field_odds(POKER3, h, seats).win for h, m in rows) / w
        got = t.frame.loc[c]
        assert abs(got["p_win"] - win) <= 4 * got["p_win_se"], (POKER3.label(c), got, win)


def test_same_seed_same_table():
    g = get_game("guts321")
    a = g.sampled_table(2, 4, pot=1, seed=2, samples=500).frame
    b = g.sampled_table(2, 4, pot=1, seed=2, samples=500).frame
    pd.testing.assert_frame_equal(a, b)
