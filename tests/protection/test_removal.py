"""Effects of removal (twentyone_burn/protection/removal.py and ``protection eor``).

Every exact EoR is checked a second, independent way: the classic deal's against the Wizard
of Odds' published six-deck table, 21 Burn's by the infinite-deck limit (EoR x cards in the
shoe converges as decks grow) and the brief's quick figures, and every table by the sum rule
and the linear model against exact depleted shoes. The default run takes only the cheap
checks; the whole tables are behind ``slow``.
"""

from __future__ import annotations

import json
import math

import numpy as np
import pytest

from tests.cli.test_bad_input import check, run
from twentyone_burn.protection import removal
from twentyone_burn.protection.removal import (
    EoRTable,
    effects_of_removal,
    linear_check,
    one_deck,
)
from twentyone_burn.rules import Rules, RulesError, load_rules
from twentyone_burn.shoe import RANKS, full_shoe

#: Wizard of Odds, "Effect of Card Removal in Blackjack", blackjack appendix 7 (last updated
#: January 20, 2019): six decks, double on any two cards, double after split, split any pair
#: once, strategy adjusted to the changed composition; % per card removed, source the
#: composition-dependent combinatorial analyser. The engine's nearest rules: the
#: classic-blackjack preset (peek, 3:2, no surrender) with max_hands = 2, post-split CDZ-.
WOO_S17 = {"2": .069, "3": .082, "4": .110, "5": .141, "6": .079, "7": .041, "8": -.008,
           "9": -.040, "T": -.091, "A": -.094}
WOO_H17 = {"2": .071, "3": .086, "4": .117, "5": .143, "6": .084, "7": .038, "8": -.010,
           "9": -.045, "T": -.097, "A": -.084}
#: Agreement to 0.02 % per card, not the 0.01 % hoped for: the page names neither its
#: analyser's post-split strategy nor how it treats the peek, and its low cards run about
#: 10 % above every exact route here (Griffin's single-deck basic-strategy EoRs scaled to six
#: decks by 51/311 land beside the engine's, not the page's: 5 +0.113 %, T -0.084 %). Measured
#: largest gaps: S17 0.0164 % (the 5), H17 0.0178 % (the 5).
WOO_TOLERANCE = 0.02


def _classic(decks: int, h17: bool) -> Rules:
    return load_rules("classic-blackjack").replace(decks=decks, hit_soft_17=h17, max_hands=2)


# -- the mechanics, on a fake exact return (cheap: no engine) ----------------------------------
def _linear_fake(weights):
    def fake(rules, shoe=None, tables=None):
        s = full_shoe(rules.decks) if shoe is None else shoe
        return float(np.dot(weights, s))
    return fake


def test_eor_is_the_exact_change_of_one_card_removed(monkeypatch):
    # an ER linear in the counts: each EoR is minus the rank's weight, the linear model exact
    w = np.arange(1, 11) / 1000.0
    monkeypatch.setattr(removal, "exact_return", _linear_fake(w))
    t = effects_of_removal(Rules(decks=2))
    assert np.allclose(t.eor, -w, atol=1e-15, rtol=0)
    c = linear_check(t, one_deck())
    assert abs(c.error) < 1e-14 and c.exact == pytest.approx(float(np.dot(w, full_shoe(1))))
    only = effects_of_removal(Rules(decks=2), ranks=[4])
    assert only.eor[4] == pytest.approx(-w[4]) and math.isnan(only.eor[0])
    csv = t.to_csv().splitlines()
    assert csv[0].startswith("# 21 Burn effects of removal; rules {") and "rules hash" in csv[0]
    assert csv[1] == "rank,expected_return_less_one,eor,eor_percent" and len(csv) == 12


def test_linear_check_refuses_more_cards_than_the_shoe_holds():
    t = EoRTable(Rules(decks=1), "optimal", 0.0, (0.0,) * 10)
    with pytest.raises(RulesError, match="more 5 cards"):
        linear_check(t, [0, 0, 0, 0, 5, 0, 0, 0, 0, 0])
    with pytest.raises(RulesError, match="finite shoe"):
        effects_of_removal(Rules(decks=None))


def test_eor_command_writes_the_table_and_the_linear_checks(tmp_path, monkeypatch, capsys):
    w = np.arange(1, 11) / 1000.0
    monkeypatch.setattr(removal, "exact_return", _linear_fake(w))
    out = tmp_path / "eor.csv"
    code, text, err = run(["protection", "eor", "--decks", "2", "--linear", "deck", "--linear",
                           "5 5", "--out", str(out), "--json"], monkeypatch, capsys)
    assert code == 0, err
    d = json.loads(text)
    assert d["effects_of_removal"]["5"] == pytest.approx(-w[4]) and d["decks"] == 2
    assert len(d["rules_hash"]) == 64 and d["version"] and d["strategy"] == "optimal"
    assert [c["removed"] for c in d["linear_checks"]] == [
        {**{r: 4 for r in RANKS[:9]}, "T": 16}, {"5": 2}]
    assert out.read_text().startswith("# 21 Burn effects of removal")
    code, text, err = run(["protection", "eor", "--decks", "2"], monkeypatch, capsys)
    assert code == 0 and text.startswith("rules: {") and "EoR x cards" in text


@pytest.mark.parametrize("args, words", [
    (["--decks", "inf"], "finite shoe"),
    (["--classic", "--rules", "21-burn"], "give one of the two"),
    (["--classic", "--strategy", "chart"], "optimal play only"),
    (["--strategy", "/no/such/chart"], "no such chart"),
    (["--decks", "1", "--linear", "deck"], "--decks 2 or more"),
    (["--decks", "1", "--linear", "5 5 5 5 5"], "more 5 cards"),
    (["--decks", "1", "--linear", "Z"], "not a card rank"),
])
def test_eor_bad_input_is_one_line_and_exit_2(args, words, tmp_path, monkeypatch, capsys):
    assert words in check(["protection", "eor", *args], 2, tmp_path, monkeypatch, capsys)


# -- exact figures, cheap versions ---------------------------------------------------------
def test_classic_eor_of_a_five_six_decks_against_the_wizard_of_odds():
    t = effects_of_removal(_classic(6, False), ranks=[4])
    for r in ("5",):
        assert 100 * t.eor[RANKS.index(r)] == pytest.approx(WOO_S17[r], abs=WOO_TOLERANCE)


# -- whole tables (slow) ---------------------------------------------------------------------
@pytest.mark.slow
@pytest.mark.parametrize("h17, woo", [(False, WOO_S17), (True, WOO_H17)])
def test_classic_six_deck_table_against_the_wizard_of_odds(h17, woo):
    t = effects_of_removal(_classic(6, h17))
    ours = np.array([100 * t.eor[RANKS.index(r)] for r in woo])
    theirs = np.array(list(woo.values()))
    assert np.abs(ours - theirs).max() < WOO_TOLERANCE
    # the same order of the ranks, but for neighbours closer than the tolerance
    assert np.corrcoef(ours, theirs)[0, 1] > 0.99


@pytest.mark.slow
def test_classic_sum_rule_and_the_linear_model_on_a_whole_deck():
    rules = _classic(6, False)
    t = effects_of_removal(rules)
    e = np.array(t.eor)
    f = full_shoe(1) / 52.0
    # one card removed in the shoe's proportions changes the ER by about nothing: under 2 %
    # of the mean size of one card's effect
    assert abs(t.sum_rule) < 0.02 * float(f @ np.abs(e))
    # ... and at least 0: optimal play re-optimised gains from knowing the card gone (see
    # test_21_burn_printed_chart_held_fixed_six_decks for the exact identity)
    assert t.sum_rule >= 0
    # a whole deck gone from six leaves five decks: the linear model's stated error is 10 %
    # of the gross effect sum_r c_r |EoR_r| of the cards removed (measured here: 0.8 %)
    c = linear_check(t, one_deck())
    five = removal.exact_return(rules.replace(decks=5))
    assert c.exact == pytest.approx(five, abs=1e-12)
    gross = float(np.dot(one_deck(), np.abs(e)))
    assert abs(c.error) < 0.1 * gross
    four_fives = linear_check(t, [0, 0, 0, 0, 4, 0, 0, 0, 0, 0])
    assert abs(four_fives.error) < 0.1 * 4 * abs(e[4])


@pytest.mark.slow
def test_21_burn_eor_scales_as_one_over_the_cards_in_the_shoe():
    """The infinite-deck limit: c(N) = EoR x (cards in the shoe) converges as decks N grow,
    as c(inf) + a / N + O(1 / N^2). Richardson's extrapolation from one and two decks
    predicts six decks' c within 0.02 (the 1/N^2 residue; measured 0.005 for the A, 0.008
    for the 5, 0.013 for the T, against c of 0.6-1.3); and the brief's quick figures: a 5 is
    worth +2.42 % in one deck, +0.400 % in six."""
    ranks = [0, 4, 9]
    one = effects_of_removal(Rules(decks=1))
    two = effects_of_removal(Rules(decks=2), ranks=ranks)
    six = effects_of_removal(Rules(), ranks=ranks)
    assert 100 * one.eor[4] == pytest.approx(2.42, abs=0.005)
    assert 100 * six.eor[4] == pytest.approx(0.400, abs=0.0005)
    for r in ranks:
        c1, c2, c6 = one.eor[r] * 52, two.eor[r] * 104, six.eor[r] * 312
        a = 2 * (c1 - c2)
        assert c6 == pytest.approx(c2 - a / 2 + a / 6, abs=0.02)
    # the sum rule: one card in the shoe's own proportions is worth about nothing
    assert abs(one.sum_rule) < 0.05 * float(full_shoe(1) / 52.0 @ np.abs(one.eor))


@pytest.mark.slow
def test_21_burn_printed_chart_held_fixed_six_decks():
    """The exact sum rule of a fixed strategy: a card burned unseen at random leaves the rest
    of the shoe in random order, so a strategy that cannot see it keeps its ER:
    ER(n) = sum_r (n_r / N) ER(n less one r), i.e. sum_r f_r EoR_r = 0 exactly (measured
    8e-18). Under optimal play it is >= 0: each depleted shoe is played at least as well as
    the full shoe's optimal strategy would play it."""
    from twentyone_burn.cli.charts import chart_strategy
    rules, tables, _ = chart_strategy("strategy_tables")
    fixed = effects_of_removal(rules, tables)
    assert abs(fixed.sum_rule) < 1e-13
    best = effects_of_removal(rules, ranks=[4, 9])
    # the chart plays the full shoe almost as well as optimal play, and a depleted shoe no
    # better than optimal play does (optimal play is re-optimised for it)
    assert fixed.base <= best.base
    for r in (4, 9):
        assert fixed.removed[r] <= best.removed[r] + 1e-12
        assert 100 * fixed.eor[r] == pytest.approx(100 * best.eor[r], abs=0.01)
