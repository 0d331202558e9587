"""``analyze --removed CARDS`` and ``analyze --shoe A,2,...,T`` (twentyone_burn/cli/analyze.py):
the game dealt exactly from a depleted shoe, through the command line, and its bad input.

Cheap shoes only: the classic deal (about a second a shoe) and a single deck of 21 Burn."""

from __future__ import annotations

import json

import numpy as np
import pytest

from tests.cli.test_bad_input import check, run
from twentyone_burn.engine.classic import analyze_classic
from twentyone_burn.rules import Rules, load_rules
from twentyone_burn.shoe import full_shoe


def _json(argv, monkeypatch, capsys):
    code, out, err = run([*argv, "--json"], monkeypatch, capsys)
    assert code == 0, err
    return json.loads(out)


def test_removed_cards_change_the_classic_er_as_the_engine_on_that_shoe_says(monkeypatch,
                                                                             capsys):
    full = _json(["analyze", "--rules", "classic-blackjack", "--decks", "1"], monkeypatch, capsys)
    less = _json(["analyze", "--rules", "classic-blackjack", "--decks", "1", "--removed", "5 5"],
                 monkeypatch, capsys)
    assert "shoe" not in full and less["shoe"] == [4, 4, 4, 4, 2, 4, 4, 4, 4, 16]
    assert less["removed"] == ["5", "5"] and "less 5 5" in less["shoe_description"]
    rules = load_rules("classic-blackjack").replace(decks=1)
    shoe = full_shoe(1)
    shoe[4] -= 2
    assert less["expected_return"] == analyze_classic(rules, shoe=shoe).expected_return
    # the five is the player's worst card to leave in the shoe (every published table of the
    # effects of removal): two gone lift the player's return by well over a per cent
    assert less["expected_return"] - full["expected_return"] > 0.01
    # the same shoe given whole by --shoe: the same figure, bit for bit
    whole = _json(["analyze", "--rules", "classic-blackjack", "--decks", "1", "--shoe",
                   "4,4,4,4,2,4,4,4,4,16"], monkeypatch, capsys)
    assert whole["expected_return"] == less["expected_return"]
    assert "removed" not in whole and whole["shoe"] == less["shoe"]


def test_21_burn_analyze_hands_the_engine_the_depleted_shoe(monkeypatch, capsys):
    # cheap: the engine replaced by a recorder (the slow test below runs the real one)
    import twentyone_burn.engine.game as game
    seen = {}

    def fake(rules, progress=None, tables=None, valuation=None, *, shoe=None):
        seen["shoe"] = None if shoe is None else shoe.tolist()
        raise SystemExit(0)
    monkeypatch.setattr(game, "analyze", fake)
    code, _, err = run(["analyze", "--decks", "2", "--removed", "5 T T"], monkeypatch, capsys)
    assert code == 0, err
    assert seen["shoe"] == [8, 8, 8, 8, 7, 8, 8, 8, 8, 30]


@pytest.mark.slow
def test_a_removed_card_changes_the_21_burn_er_as_the_engine_on_that_shoe_says(monkeypatch,
                                                                               capsys):
    from twentyone_burn.engine.game import analyze
    d = _json(["analyze", "--decks", "1", "--removed", "5"], monkeypatch, capsys)
    shoe = full_shoe(1)
    shoe[4] -= 1
    exact = analyze(Rules(decks=1), shoe=shoe)
    assert d["expected_return"] == exact.expected_return
    assert abs(d["deal_probability_total"] - 1) < 1e-12
    # the brief's quick figure: one 5 gone from a single deck is worth +2.42 % to the player
    assert 100 * (exact.expected_return - analyze(Rules(decks=1)).expected_return) == \
        pytest.approx(2.42, abs=0.005)


def test_text_output_says_which_shoe(monkeypatch, capsys):
    code, out, err = run(["analyze", "--rules", "classic-blackjack", "--decks", "1", "--shoe",
                          "4,4,4,4,4,4,4,4,4,12"], monkeypatch, capsys)
    assert code == 0, err
    assert "shoe: given composition A,2,...,T = 4,4,4,4,4,4,4,4,4,12 (48 cards)" in out
    from twentyone_burn.cli.analyze import shoe_choice
    assert shoe_choice(Rules(decks=2), "", None).text == "full shoe: 2 decks (104 cards)"


def test_a_shoe_without_a_rank_leaves_its_up_card_out(monkeypatch, capsys):
    code, out, err = run(["analyze", "--rules", "classic-blackjack", "--decks", "1", "--shoe",
                          "4,4,4,4,4,0,4,4,4,16"], monkeypatch, capsys)
    assert code == 0, err
    ups = [line.split()[0] for line in out.split("dealer outcomes by up card")[1].splitlines()[2:]]
    assert ups == ["2", "3", "4", "5", "7", "8", "9", "T", "A"]
    rules = load_rules("classic-blackjack").replace(decks=1)
    a = analyze_classic(rules, shoe=np.array([4, 4, 4, 4, 4, 0, 4, 4, 4, 16]))
    assert abs(a.deal_probability_total - 1) < 1e-12


@pytest.mark.parametrize("args, words", [
    (["--removed", "5 Z"], "not a card rank"),
    (["--removed", "5 5 5 5 5"], "more 5 cards than the shoe holds"),
    (["--shoe", "1,2,3"], "ten counts"),
    (["--shoe", "4,4,4,4,4,4,4,4,x,16"], "whole number"),
    (["--shoe", "4,4,4,4,4,4,4,4,-1,16"], "negative"),
    (["--shoe", "1,1,1,1,1,1,1,1,1,16"], "at least 40"),
    (["--shoe", "4,4,4,4,4,4,4,4,4,16", "--removed", "5"], "not both"),
    (["--decks", "inf", "--removed", "5"], "infinite deck"),
    (["--rules", "classic-blackjack", "--strategy", "chart"], "optimal play only"),
    (["--strategy", "/no/such/chart"], "no such chart"),
])
def test_bad_shoe_input_is_one_line_and_exit_2(args, words, tmp_path, monkeypatch, capsys):
    argv = ["analyze", *(["--decks", "1"] if "--decks" not in args else []), *args]
    assert words in check(argv, 2, tmp_path, monkeypatch, capsys)


def test_classic_engine_refuses_a_bad_shoe():
    from twentyone_burn.rules import RulesError
    rules = load_rules("classic-blackjack").replace(decks=1)
    with pytest.raises(RulesError, match="at least 17"):
        analyze_classic(rules, shoe=full_shoe(1) // 4)
    with pytest.raises(RulesError, match="negative"):
        analyze_classic(rules, shoe=full_shoe(1) - np.eye(10, dtype=np.int64)[0] * 5)
