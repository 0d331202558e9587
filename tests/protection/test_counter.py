"""The counter's figures (twentyone_burn.protection.counter), each checked a second way: by
hand on a two-count table, from the raw rounds a table was built from, by scaling, by the
exact gambler's-ruin formula, and through the command line."""

from __future__ import annotations

import json
import math
import sys
from pathlib import Path

import numpy as np
import pytest

from twentyone_burn import __version__
from twentyone_burn.cli import main
from twentyone_burn.protection.counter import (
    RampError,
    Wong,
    counter_figures,
    parse_ramp,
    risk_of_ruin,
    verdict,
)
from twentyone_burn.protection.tc_table import TrueCountTable


def _table(tcs, rounds, mean, variance, **kw) -> TrueCountTable:
    args = {"count": "hi-lo", "decks": 6, "penetration": 0.75, "seed": 7}
    args.update(kw)
    return TrueCountTable(true_counts=tuple(tcs), rounds=np.array(rounds, np.int64),
                          mean=np.array(mean, float), variance=np.array(variance, float),
                          **args)


#: two true counts: -1 (600 rounds, mean -0.02, variance 1.2) and +3 (400, 0.04, 1.4)
TWO = _table((-1, 3), (600, 400), (-0.02, 0.04), (1.2, 1.4))
#: bets 1 unit at TC <= 0, 2 at TC 1, 4 from TC 2 up: 1 at -1, 4 at +3
RAMP = "<=0:1,1:2,2+:4"


# ---- the ramp --------------------------------------------------------------------------

def test_the_linear_ramp_is_one_unit_up_to_tc_1_then_one_more_a_count_up_to_the_top():
    r = parse_ramp("1-8")
    assert [r.bet(t) for t in range(-5, 13)] == [1.0] * 7 + [2.0, 3.0, 4.0, 5.0, 6.0, 7.0] \
        + [8.0] * 5
    assert r.spread == 8
    r = parse_ramp("2-4")  # two units at TC <= 1, then one more a count
    assert [r.bet(t) for t in (0, 1, 2, 3, 9)] == [2.0, 2.0, 3.0, 4.0, 4.0]
    assert parse_ramp("5-5").bets == (5.0,)
    assert parse_ramp("1-2.5").bets == (1.0, 2.0, 2.5)


def test_an_explicit_map_covers_every_true_count():
    r = parse_ramp(" <=1:1, 2:2, 3:4, 4+:8 ")
    assert [r.bet(t) for t in (-9, 1, 2, 3, 4, 30)] == [1.0, 1.0, 2.0, 4.0, 8.0, 8.0]
    r = parse_ramp("<=-2:1,-1+:3")
    assert [r.bet(t) for t in (-3, -2, -1, 0)] == [1.0, 1.0, 3.0, 3.0]


@pytest.mark.parametrize("text, words", [
    ("8-1", "at least the smallest"), ("0-8", "above 0"), ("1-500", "at most"),
    ("<=1:1,3+:8", "true count 2 has no bet"), ("<=1:1,1:2,2+:3", "twice or out of order"),
    ("<=1:4,2+:2", "must not fall"), ("<=1:0,2+:1", "above 0"), ("1:1,2+:2", "first step"),
    ("<=1:1,2:2", "last step"), ("<=1:1,<=2:2,3+:3", "only the first"), ("abc", "write m-M"),
    ("<=1:1,x,3+:2", "cannot read the step 'x'"), ("", "write m-M"),
    ("<=1:1,2+:-1", "cannot read"),
])
def test_a_bad_ramp_says_what_to_change_in_one_line(text, words):
    with pytest.raises(RampError, match=words) as e:
        parse_ramp(text)
    assert "\n" not in str(e.value)


def test_wonging_must_not_leave_above_where_it_enters():
    with pytest.raises(RampError, match="must not be above"):
        Wong(1, 2)
    with pytest.raises(RampError, match="no round of the table is played"):
        counter_figures(TWO, parse_ramp("1-8"), Wong(4, 4))


# ---- figures by hand -------------------------------------------------------------------

def test_every_figure_by_hand_on_two_true_counts():
    f = counter_figures(TWO, parse_ramp(RAMP), rounds_per_hour=100, bankroll=1000)
    # shares 0.6 and 0.4; bets 1 and 4
    win = 0.6 * 1 * -0.02 + 0.4 * 4 * 0.04                       # 0.052
    second = 0.6 * 1 * (1.2 + 0.02 ** 2) + 0.4 * 16 * (1.4 + 0.04 ** 2)   # 9.69048
    var = second - win ** 2                                       # 9.687776
    assert f.win == pytest.approx(0.052, abs=1e-15)
    assert f.variance == pytest.approx(9.687776, abs=1e-12)
    assert var == pytest.approx(9.687776, abs=1e-12)
    assert f.sd == pytest.approx(math.sqrt(9.687776), abs=1e-12)
    assert f.average_bet == pytest.approx(2.2, abs=1e-15)
    assert f.initial_unit_return == pytest.approx(0.052 / 2.2, abs=1e-15)
    assert f.win_per_100 == pytest.approx(5.2, abs=1e-12)
    assert f.sd_per_100 == pytest.approx(10 * math.sqrt(9.687776), abs=1e-10)
    assert f.win_per_hour == pytest.approx(5.2, abs=1e-12)
    assert f.sd_per_hour == pytest.approx(10 * math.sqrt(9.687776), abs=1e-10)
    assert f.n0 == pytest.approx(9.687776 / 0.002704, rel=1e-12)          # 3582.8 rounds
    assert f.score == pytest.approx(1e6 * 0.002704 / 9.687776, rel=1e-12)  # 279.1
    assert f.ror == pytest.approx(math.exp(-2 * 0.052 * 1000 / 9.687776), rel=1e-12)
    assert f.win_se == pytest.approx(math.sqrt(9.687776 / 1000), rel=1e-12)
    se = f.standard_errors()
    assert se["win_per_hour"] == pytest.approx(100 * f.win_se)
    assert se["n0"] == pytest.approx(2 * 9.687776 * f.win_se / 0.052 ** 3)
    assert f.rounds_played == 1000 and f.share_played == 1.0


def test_wonging_plays_only_the_rounds_its_rule_plays_and_the_hour_counts_rounds_dealt():
    # in at +1: only the 400 rounds at +3, 4 units each
    f = counter_figures(TWO, parse_ramp(RAMP), Wong(1, 1), rounds_per_hour=100)
    assert f.win == pytest.approx(4 * 0.04)
    assert f.variance == pytest.approx(16 * 1.4)
    assert f.share_played == 0.4 and f.played_per_hour == pytest.approx(40)
    assert f.win_per_hour == pytest.approx(40 * 0.16)
    assert f.sd_per_hour == pytest.approx(math.sqrt(40 * 16 * 1.4))
    assert f.win_se == pytest.approx(math.sqrt(16 * 1.4 / 400))
    # in at +3, out below -1: the rounds at -1 are all played or none (the two extremes)
    all_in = counter_figures(TWO, parse_ramp(RAMP), Wong(3, -1), between=True)
    none_in = counter_figures(TWO, parse_ramp(RAMP), Wong(3, -1), between=False)
    assert all_in.win == pytest.approx(0.052) and none_in.win == pytest.approx(0.16)


# ---- a second way: the raw rounds a table is built from --------------------------------

def _rounds(seed: int, n: int) -> tuple[np.ndarray, np.ndarray]:
    """Made-up rounds: a true count each and a return (a count-dependent mix of -1, 0, 1,
    1.5 and 2), seeded."""
    rng = np.random.default_rng(seed)
    tc = rng.integers(-4, 7, n)
    base = rng.choice(np.array([-1.0, 0.0, 1.0, 1.5, 2.0]), n, p=[0.48, 0.09, 0.35, 0.04, 0.04])
    ret = np.where(rng.random(n) < 0.02 * np.clip(tc, 0, None), np.abs(base) + 1.0, base)
    return tc, ret


def _table_of(tc: np.ndarray, ret: np.ndarray) -> TrueCountTable:
    tcs = np.unique(tc)
    return _table(tcs.tolist(), [int(np.sum(tc == t)) for t in tcs],
                  [float(np.mean(ret[tc == t])) for t in tcs],
                  [float(np.var(ret[tc == t])) for t in tcs])


def test_a_flat_bet_gives_the_tables_overall_mean_variance_and_standard_error():
    tc, ret = _rounds(11, 20_000)
    f = counter_figures(_table_of(tc, ret), parse_ramp("1-1"))
    assert f.win == pytest.approx(float(np.mean(ret)), abs=1e-12)
    assert f.variance == pytest.approx(float(np.var(ret)), abs=1e-12)
    assert f.win_se == pytest.approx(float(np.std(ret)) / math.sqrt(ret.size), abs=1e-12)
    assert f.initial_unit_return == pytest.approx(f.win, abs=1e-15)


def test_a_ramp_and_wonging_match_the_raw_rounds_bet_by_bet():
    tc, ret = _rounds(12, 20_000)
    table = _table_of(tc, ret)
    ramp = parse_ramp("<=0:1,1:2,2:4,3+:10")
    bet = np.select([tc <= 0, tc == 1, tc == 2], [1.0, 2.0, 4.0], 10.0)
    f = counter_figures(table, ramp)
    assert f.win == pytest.approx(float(np.mean(bet * ret)), abs=1e-12)
    assert f.sd == pytest.approx(float(np.std(bet * ret)), abs=1e-12)
    assert f.average_bet == pytest.approx(float(np.mean(bet)), abs=1e-12)
    keep = tc >= 1
    g = counter_figures(table, ramp, Wong(1, 1), rounds_per_hour=80)
    assert g.win == pytest.approx(float(np.mean((bet * ret)[keep])), abs=1e-12)
    assert g.sd == pytest.approx(float(np.std((bet * ret)[keep])), abs=1e-12)
    assert g.win_per_hour == pytest.approx(80 * float(np.sum((bet * ret)[keep])) / tc.size,
                                           abs=1e-12)


def test_scaling_the_bets_scales_the_win_and_leaves_n0_score_and_the_return_alone():
    ramp = parse_ramp(RAMP)
    f = counter_figures(TWO, ramp, bankroll=500)
    for k in (0.25, 3.0, 25.0):
        g = counter_figures(TWO, ramp.scaled(k), bankroll=500 * k)
        assert g.win == pytest.approx(k * f.win, rel=1e-12)
        assert g.sd == pytest.approx(k * f.sd, rel=1e-12)
        assert g.win_se == pytest.approx(k * f.win_se, rel=1e-12)
        assert g.n0 == pytest.approx(f.n0, rel=1e-12)
        assert g.score == pytest.approx(f.score, rel=1e-12)
        assert g.initial_unit_return == pytest.approx(f.initial_unit_return, rel=1e-12)
        assert g.ror == pytest.approx(f.ror, rel=1e-12)


def test_score_is_the_win_per_100_rounds_of_kelly_bets_on_10000_units():
    """Schlesinger's definition (Blackjack Attack, the SCORE chapter), checked against the
    Kelly bet itself: the ramp scaled to maximise the growth rate ``k W - k^2 V / (2 B)`` of
    a 10,000-unit bankroll B, found here by a grid search, wins SCORE units per 100 rounds;
    and SCORE = 1,000,000 / N0 (the relation the field quotes)."""
    ramp = parse_ramp(RAMP)
    f = counter_figures(TWO, ramp)
    ks = np.linspace(1, 200, 199_001)
    k = ks[np.argmax(ks * f.win - ks ** 2 * f.variance / (2 * 10_000))]
    kelly = counter_figures(TWO, ramp.scaled(float(k)))
    assert 100 * kelly.win == pytest.approx(f.score, rel=1e-4)
    assert f.score == pytest.approx(1e6 / f.n0, rel=1e-12)


def test_kelly_bets_on_10000_units_carry_the_135_percent_risk_of_ruin_score_is_quoted_at():
    """SCORE is quoted "at a risk of ruin of 13.5 %" (Schlesinger, Blackjack Attack):
    e^-2, what the diffusion model gives full Kelly bets (the ramp scaled by B W / V)."""
    ramp = parse_ramp(RAMP)
    f = counter_figures(TWO, ramp)
    kelly = counter_figures(TWO, ramp.scaled(10_000 * f.win / f.variance), bankroll=10_000)
    assert kelly.ror == pytest.approx(math.exp(-2), rel=1e-12)
    assert round(100 * kelly.ror, 1) == 13.5
    assert 100 * kelly.win == pytest.approx(f.score, rel=1e-12)


def test_no_edge_means_ruin_is_certain_and_n0_and_score_are_not_defined():
    f = counter_figures(TWO, parse_ramp("1-1"), bankroll=100)   # win 0.004: flat bets
    g = counter_figures(_table((0,), (10,), (-0.01,), (1.3,)), parse_ramp("1-1"), bankroll=100)
    assert f.win > 0 and g.win < 0
    assert g.ror == 1.0 and g.n0 is None and g.score is None
    assert g.standard_errors()["n0"] is None
    riskless = counter_figures(_table((2,), (10,), (0.5,), (0.0,)), parse_ramp("1-1"),
                               bankroll=10)
    assert riskless.ror == 0.0 and riskless.score is None and riskless.n0 is None
    assert riskless.standard_errors()["score"] is None


# ---- risk of ruin: the exact gambler's ruin --------------------------------------------

@pytest.mark.parametrize("p, bankroll", [(0.51, 50), (0.505, 200), (0.502, 1000)])
def test_risk_of_ruin_is_the_gamblers_ruin_of_plus_minus_one_steps(p, bankroll):
    """Steps of +1 (chance p) or -1: the exact chance of ever losing B units is
    ((1 - p) / p)^B (Feller, vol. 1, XIV.2, with an infinitely rich opponent). The diffusion
    exponent -2 W B / V, W = 2p - 1, V = 1 - W^2, differs from the exact B ln((1-p)/p)
    = -2 B (W + W^3/3 + ...) by at most 2 B W^3 (for W <= 0.1)."""
    w = 2 * p - 1
    exact = ((1 - p) / p) ** bankroll
    diffusion = risk_of_ruin(w, 1 - w * w, bankroll)
    assert abs(math.log(diffusion) - math.log(exact)) <= 2 * bankroll * w ** 3
    assert diffusion == pytest.approx(exact, rel=0.01)


def test_risk_of_ruin_refuses_a_bankroll_that_is_not_positive():
    with pytest.raises(RampError, match="bankroll"):
        risk_of_ruin(0.01, 1.0, 0)


# ---- the verdict -----------------------------------------------------------------------

def test_the_verdict_says_beatable_only_when_the_win_is_over_2_se_above_0():
    ramp = parse_ramp("1-8")
    big = _table((0, 4), (50_000, 50_000), (-0.01, 0.05), (1.3, 1.3))
    assert verdict(counter_figures(big, ramp), big, ramp).startswith(
        "beatable by counting (hi-lo, 75 % penetration, 1-8 ramp): +")
    small = _table((0, 4), (50, 50), (-0.01, 0.05), (1.3, 1.3))
    assert verdict(counter_figures(small, ramp), small, ramp).startswith(
        "not shown beatable by counting")
    bad = _table((0, 4), (50_000, 50_000), (-0.05, -0.03), (1.3, 1.3))
    line = verdict(counter_figures(bad, ramp, Wong(4, 2)), bad, ramp, Wong(4, 2))
    assert line.startswith("not beatable by counting (hi-lo, 75 % penetration, 1-8 ramp, "
                           "wonging in at +4, out below +2)")


# ---- the command line ------------------------------------------------------------------

DATA = Path(__file__).parent / "data" / "hand_table.json"


def run(argv: list[str], monkeypatch, capsys) -> tuple[int, str, str]:
    """(exit code, stdout, stderr) of ``twentyone-burn ARGV`` through the real entry point."""
    monkeypatch.setattr(sys, "argv", ["twentyone-burn", *argv])
    code: int | str | None = 0
    try:
        main()
    except SystemExit as e:
        code = e.code
    return (code if isinstance(code, int) else 1), *capsys.readouterr()


def test_the_command_prints_the_figures_the_verdict_and_the_tables_provenance(monkeypatch,
                                                                              capsys):
    table = TrueCountTable.from_json(DATA.read_text())
    code, out, err = run(["protection", "counter", "--table", str(DATA), "--ramp", "1-8",
                          "--bankroll", "1000"], monkeypatch, capsys)
    assert code == 0, err
    f = counter_figures(table, parse_ramp("1-8"), bankroll=1000)
    for text in ("hi-lo count, 6 decks, 75 % penetration, seed 20261203, 1,000,000 rounds",
                 "table rules: {\"decks\": 6}", "table rules hash: " + "0" * 64,
                 "table version: twentyone-burn 0.0", f"# twentyone-burn {__version__} counter",
                 f"win a round (units)          {f.win:.4f} +/- {f.win_se:.4f}",
                 "verdict: " + verdict(f, table, parse_ramp("1-8")), "risk of ruin, 1000 units"):
        assert text in out, text
    # by hand from the table's columns: 1 unit at TC <= 1, then 2, 3, 4 at +2, +3, +4
    bets = np.array([1, 1, 1, 1, 2, 3, 4])
    q = table.frequency
    assert f.win == pytest.approx(float(np.sum(q * bets * table.mean)), abs=1e-15)


def test_the_json_holds_each_wonging_extreme_with_its_verdict(monkeypatch, capsys):
    code, out, err = run(["protection", "counter", "--table", str(DATA), "--ramp",
                          "<=0:1,1:2,2+:4", "--wong-in", "2", "--wong-out", "0",
                          "--rounds-per-hour", "80", "--json"], monkeypatch, capsys)
    assert code == 0, err
    d = json.loads(out)
    assert d["version"] == __version__ and d["table"]["seed"] == 20261203
    assert d["table"]["rules_hash"] == "0" * 64 and d["wong"] == {"enter": 2, "leave": 0}
    none_in, all_in = d["figures"]
    assert not none_in["between_played"] and all_in["between_played"]
    # none in: TC +2..+4 (200,000 rounds, 4 units); all in: TC 0..+4 (750,000)
    assert none_in["share_played"] == pytest.approx(0.2)
    assert all_in["share_played"] == pytest.approx(0.75)
    assert none_in["win"] == pytest.approx(4 * (0.5 * 0.02 + 0.3 * 0.035 + 0.2 * 0.05))
    assert none_in["win_per_hour"] == pytest.approx(80 * 0.2 * none_in["win"])
    assert none_in["verdict"].startswith("beatable by counting")


@pytest.mark.parametrize("args, words", [
    (["--ramp", "8-1"], "error: --ramp: bet ramp '8-1': the largest bet"),
    (["--ramp", "<=1:1,3+:2"], "true count 2 has no bet"),
    (["--ramp", "<=1:3,2+:2"], "must not fall"),
    (["--ramp", "<=1:0,2+:2"], "above 0 units"),
    (["--wong-out", "1"], "--wong-out needs --wong-in"),
    (["--wong-in", "1", "--wong-out", "2"], "must not be above"),
    (["--wong-in", "9"], "no round of the table is played"),
    (["--bankroll", "-1"], "--bankroll must be a number above 0"),
    (["--rounds-per-hour", "fast"], "--rounds-per-hour must be a number above 0"),
    (["--wong-in", "x"], "--wong-in must be a whole true count like 2, 0 or -1, not 'x'"),
    (["--wong-in", "1", "--wong-out", "1.5"], "--wong-out must be a whole true count"),
])
def test_bad_input_is_one_line_and_exit_2(args, words, monkeypatch, capsys):
    code, out, err = run(["protection", "counter", "--table", str(DATA), *args],
                         monkeypatch, capsys)
    assert code == 2 and out == ""
    assert words in err and err.count("\n") == 1, err


@pytest.mark.parametrize("content, words", [
    (None, "does not exist"), ("not json", "is not JSON"), ('{"count": "hi-lo"}', "has no"),
    ("[1, 2]", "is not a true-count table"),
])
def test_a_bad_table_file_is_one_line_and_exit_2(content, words, tmp_path, monkeypatch,
                                                 capsys):
    p = tmp_path / "t.json"
    if content is not None:
        p.write_text(content)
    code, _, err = run(["protection", "counter", "--table", str(p)], monkeypatch, capsys)
    assert code == 2 and words in err and err.count("\n") == 1, err


@pytest.mark.parametrize("change, words", [
    ({"rounds": [1, 2]}, "rounds has 2 entries for 3 true counts"),
    ({"true_counts": [0, 0, 1]}, "must rise"),
    ({"variance": [1.0, -1.0, 1.0]}, "must not be negative"),
    ({"rounds": [0, 0, 0]}, "holds no rounds"),
    ({"mean": [0.0, float("nan"), 0.0]}, "finite"),
])
def test_a_table_whose_columns_do_not_fit_is_refused(change, words, tmp_path, monkeypatch,
                                                     capsys):
    d = json.loads(_table((-1, 0, 1), (5, 5, 5), (0.0, 0.0, 0.1), (1.0, 1.0, 1.0)).to_json())
    d.update(change)
    p = tmp_path / "t.json"
    p.write_text(json.dumps(d))
    code, _, err = run(["protection", "counter", "--table", str(p)], monkeypatch, capsys)
    assert code == 2 and words in err and err.count("\n") == 1, err


def test_the_helps_default_rounds_an_hour_is_the_librarys():
    from twentyone_burn.cli import protection_counter
    from twentyone_burn.protection import counter

    assert protection_counter.DEFAULT_ROUNDS_PER_HOUR == counter.DEFAULT_ROUNDS_PER_HOUR
