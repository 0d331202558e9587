"""The rule options (twentyone_burn/cli/rule_options.py): every rule on the command line,
declared once, of every command that takes rules."""

from __future__ import annotations

import dataclasses
import json
from fractions import Fraction

import pytest
from typer.testing import CliRunner

from tests.cli.test_bad_input import run
from twentyone_burn.cli.app import app
from twentyone_burn.cli.rule_options import CLASSIC, RULE_OPTIONS, STANDARD, RuleArgs
from twentyone_burn.rules import Rules, RulesError

#: Rules fields set only by a preset or a rules file (the deal itself)
FILE_ONLY = {"player_cards"}
#: option -> the Rules field it sets, where the names differ
FIELD_OF = {"rules_file": None, "s17": "hit_soft_17", "das": "double_after_split",
            "surrender": "surrender", "dealer_22_pushes": "dealer_bust_push",
            "ties_lose": "ties_lose_from"}


def test_every_rules_field_has_one_option():
    fields = {f.name for f in dataclasses.fields(Rules)}
    covered = {FIELD_OF.get(n, n) for n in RULE_OPTIONS} - {None}
    assert covered | FILE_ONLY == fields
    assert set(STANDARD) | set(CLASSIC) == set(RULE_OPTIONS)


@pytest.mark.parametrize("command", ["analyze", "hand", "chart", "value", "simulate", "verify",
                                     "report", "tune"])
def test_every_command_that_takes_rules_takes_the_design_knobs(command):
    r = CliRunner().invoke(app, [command, "--help"], env={"COLUMNS": "250"})
    assert r.exit_code == 0, r.output
    for opt in ("--win-pays", "--commission", "--dealer-burn", "--dealer-bust-push",
                "--ties-lose-from", "--ties-lose", "--dealer-22-pushes",
                "--split-aces-one-card"):
        assert opt in r.output, (command, opt)


def test_dealer_takes_the_dealer_burn():
    r = CliRunner().invoke(app, ["dealer", "--help"], env={"COLUMNS": "250"})
    assert "--dealer-burn" in r.output


@pytest.mark.parametrize("values,want", [
    ({"win_pays": "4:5"}, {"win_pays": Fraction(4, 5)}),
    ({"win_pays": "0.9"}, {"win_pays": Fraction(9, 10)}),
    ({"win_pays": "6/5"}, {"win_pays": Fraction(6, 5)}),
    ({"commission": "5%"}, {"commission": 0.05}),
    ({"dealer_burn": "lowest"}, {"dealer_burn": "lowest"}),
    ({"dealer_bust_push": "23"}, {"dealer_bust_push": 23}),
    ({"dealer_22_pushes": True}, {"dealer_bust_push": 22}),
    ({"ties_lose_from": "19"}, {"ties_lose_from": 19}),
    ({"ties_lose": True}, {"ties_lose_from": 17}),
    ({"ties_lose_from": "none"}, {"ties_lose_from": None}),
    ({"split_aces_one_card": False}, {"split_aces_one_card": False}),
])
def test_options_build_the_rules(values, want):
    assert RuleArgs(values).build() == Rules(**want)


def test_odds_and_decimals_are_the_same_rules():
    a, b = Rules(win_pays="9:10"), Rules(win_pays=0.9)
    assert a == b and a.rules_hash == b.rules_hash
    assert a.canonical_json() != Rules(win_pays=0.9000000001).canonical_json()


def test_old_rules_files_keep_their_hash_and_meaning(tmp_path):
    """dealer_22_pushes / ties_lose / dealer_burn = false: the spellings before the thresholds."""
    old = tmp_path / "old.toml"
    old.write_text("dealer_22_pushes = true\nties_lose = true\n")
    r = Rules.from_toml(old)
    assert (r.dealer_bust_push, r.ties_lose_from) == (22, 17)
    assert json.loads(r.canonical_json())["dealer_22_pushes"] is True
    assert Rules.from_toml(old) == Rules.from_dict(__import__("tomllib").loads(r.to_toml()))
    # the standard rules' hash, as published in reports/ before this change
    assert Rules().rules_hash == \
        "e4f96ba9c93632778c9afa69d3ab699a2a54abde3ff46dfc46453e6064f5b661"


@pytest.mark.parametrize("args,needle", [
    (["--win-pays", "0:1"], "win_pays"), (["--win-pays", "-3:2"], "win_pays"),
    (["--win-pays", "1:0"], "zero second number"), (["--ties-lose-from", "16"], "17"),
    (["--ties-lose-from", "22"], "17"), (["--dealer-bust-push", "21"], "22"),
    (["--dealer-burn", "middle"], "highest, lowest, none"),
    (["--commission", "120%"], "below 1"),
    (["--ties-lose", "--ties-lose-from", "19"], "give one of the two"),
])
def test_bad_knob_values_are_one_line_exit_2(args, needle, monkeypatch, capsys):
    code, out, err = run(["analyze", "--decks", "inf", *args], monkeypatch, capsys)
    assert code == 2 and not out, (code, err)
    assert len(err.splitlines()) == 1 and needle in err and "Traceback" not in err


def test_rules_errors_name_the_option():
    with pytest.raises(RulesError, match="ties_lose_from"):
        Rules(ties_lose_from=16)


def test_rules_errors_echo_a_long_value_cut():
    with pytest.raises(RulesError) as e:
        Rules.from_dict({"double_on": "y" * 1_000_000})
    assert len(str(e.value)) < 200
