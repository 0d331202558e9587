"""The cut-card effect (protection/cut_card.py): the exact fresh-shoe value against the
simulator (independent code), the limit where a cut card reshuffles every round, deep
penetrations dealing deeper, and the command's output and bad input."""

from __future__ import annotations

import json
import sys

import pytest
from typer.testing import CliRunner

from tests.sim.strategies import hit_to
from twentyone_burn.cli import main
from twentyone_burn.cli.app import app
from twentyone_burn.protection.cut_card import cut_card_effect
from twentyone_burn.rules import Rules
from twentyone_burn.sim import simulate
from twentyone_burn.tables import DecisionTables


def test_a_cut_card_that_reshuffles_every_round_has_no_effect():
    """A cut card at 6 of 52 cards: every round takes at least six cards, so every round is
    dealt from a fresh shoe - the same stream as no cut card, and no effect beyond noise
    against the engine's exact value (the simulator and the engine share no probability
    code)."""
    t = hit_to(Rules(decks=1), 17)
    r = cut_card_effect(t, [0.1], rounds=100_000, seed=3, crn=True)
    row = r.rows[0]
    assert row.shuffles >= row.rounds - 1      # the first round of the chunk: no shuffle
    assert row.mean == r.crn["fresh_simulated_mean"]
    assert abs(row.effect) < 4 * row.standard_error
    assert abs(r.crn["z_vs_exact"]) < 4


def test_deeper_cut_cards_deal_more_rounds_a_shoe():
    """The shoe is reshuffled early only when the cards left could not finish a round, so a
    cut card at 85 % of six decks deals deeper than one at 75 % (a bound from the full shoe's
    smallest cards would have stopped both at about 75 %)."""
    t = DecisionTables.always_stand(Rules())
    per_shoe = [simulate(t, 40_000, seed=2, penetration=p).rounds / simulate(
        t, 40_000, seed=2, penetration=p).event("shuffles") for p in (0.75, 0.8, 0.85)]
    assert per_shoe[0] < per_shoe[1] < per_shoe[2]
    assert per_shoe[2] > 1.1 * per_shoe[0]


def test_cut_card_command_json(tmp_path):
    out = tmp_path / "c.json"
    r = CliRunner().invoke(app, ["protection", "cut-card", "--rounds", "20000", "--seed", "1",
                                 "--workers", "1", "--decks", "2", "--strategy",
                                 "always-stand", "--penetrations", "0.5,0.7", "--json",
                                 "--out", str(out)])
    assert r.exit_code == 0, r.output
    d = json.loads(r.stdout)
    assert d == json.loads(out.read_text())
    assert d["seed"] == "1" and [row["penetration"] for row in d["rows"]] == [0.5, 0.7]
    for row in d["rows"]:
        assert row["effect"] == pytest.approx(row["mean_return"] - d["fresh_shoe_exact_return"])
    assert "rules_hash" in d and "version" in d


@pytest.mark.parametrize("args", [["--penetrations", "0.5,x"], ["--penetrations", "1.5"],
                                  ["--decks", "inf"]])
def test_cut_card_bad_input(args, monkeypatch, capsys):
    monkeypatch.setattr(sys, "argv", ["twentyone-burn", "protection", "cut-card", "--rounds",
                                      "100", "--strategy", "always-stand", *args])
    with pytest.raises(SystemExit) as e:
        main()
    err = capsys.readouterr().err
    assert e.value.code == 2 and len(err.strip().splitlines()) == 1, err
