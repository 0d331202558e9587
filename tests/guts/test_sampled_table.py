"""Sampled hand tables (the poker order beyond the exact count): against the exact table
within 4 standard errors where both run, the same numbers for the same seed, the command line."""

from __future__ import annotations

import numpy as np
import pandas as pd

from guts_family.cli import main
from guts_family.games import get_game
from guts_family.hands import POKER3
from guts_family.odds import Seat, field_odds, representatives


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


def test_cli_samples_the_table_the_exact_count_refuses(capsys, tmp_path):
    code = 0
    try:
        main(["table", "--game", "guts321", "--cards", "3", "--opponents", "4", "--seed", "3",
              "--samples", "200", "--out", str(tmp_path)])
    except SystemExit as exc:
        code = exc.code or 0
    out = capsys.readouterr().out
    assert code == 0
    assert "sampled (Monte Carlo, not exact)" in out and "seed 3" in out and "--seed 3" in out
    text = (tmp_path / "guts321-3card-4opp.csv").read_text()
    assert "# exact: False" in text and "# seed: 3" in text and "p_win_se" in text
