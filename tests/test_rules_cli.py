"""The command line on the rules' options: output keys, bad input, a chart valued, the deals'
file. (The rules object itself: test_rules.py; the deal probabilities: test_shoe.py.)"""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from tests.shared import once_per_run, run_folder

ROOT = __import__("pathlib").Path(__file__).resolve().parents[1]


def run(*args):
    return subprocess.run([sys.executable, "-m", "twentyone_burn.cli", *args],
                          capture_output=True, text=True, timeout=600, cwd=ROOT)


@pytest.fixture(scope="module")
def infinite_deck_run(tmp_path_factory):
    """One ``analyze --decks inf --deals FILE --json`` run, read by the tests below (one
    analysis: the JSON is the same with or without the deals' file)."""
    def analyze():      # once a run (tests/shared.py): the tests may run in either worker
        folder = run_folder(tmp_path_factory) / "deals"
        folder.mkdir(exist_ok=True)
        return run("analyze", "--decks", "inf", "--deals", str(folder / "deals.csv"),
                   "--json"), folder
    return once_per_run(tmp_path_factory, "rules-cli-infinite-deck-run", analyze)


def test_analyze_json_keys_infinite_deck(infinite_deck_run):
    p, _ = infinite_deck_run
    assert p.returncode == 0, p.stderr
    d = json.loads(p.stdout)
    for k in ("rules", "rules_hash", "version", "expected_return", "house_edge",
              "element_of_risk", "average_total_wager", "dealer", "probabilities"):
        assert k in d
    assert d["house_edge"] == -d["expected_return"]
    assert set(d["dealer"]) == {"A", "2", "3", "4", "5", "6", "7", "8", "9", "T"}
    for _up, dist in d["dealer"].items():
        assert set(dist) == {"17", "18", "19", "20", "21", "bust"}
        assert abs(sum(dist.values()) - 1) < 1e-12
    pr = d["probabilities"]
    assert abs(pr["kept_hard"] + pr["kept_soft"] + pr["kept_pair"] - 1) < 1e-12
    assert abs(sum(v for k, v in pr.items() if k.startswith("burn_")) - 1) < 1e-12


def test_hand_json_lists_each_burn():
    p = run("hand", "T 6 5", "--up", "T", "--decks", "inf", "--json")
    assert p.returncode == 0, p.stderr
    d = json.loads(p.stdout)
    assert {c["burn"] for c in d["choices"]} == {"T", "6", "5"}
    best = max(d["choices"], key=lambda c: c["ev"])
    assert d["best_burn"] == best["burn"]
    for c in d["choices"]:
        assert c["ev"] == max(v for v in (c["stand"], c["hit"], c["double"], c["split"]) if v is not None)


@pytest.mark.parametrize("args,needle", [
    (["hand", "T 6 X", "--up", "5"], "not a card rank"),
    (["hand", "T 6", "--up", "5"], "three player cards"),
    (["hand", "A A A", "--up", "A", "--decks", "1", "--max-hands", "2"], None),
    (["dealer", "--up", "A", "--removed", "A A A A", "--decks", "1"], "more A cards"),
    (["analyze", "--decks", "0"], "decks"),
    (["analyze", "--max-hands", "9"], "max_hands"),
    (["analyze", "--rules", "/nonexistent.toml"], "no rules file"),
    (["analyze", "--rules", "no-such-preset"], "preset: 21-burn, classic-blackjack"),
    (["analyze", "--surrender"], "player_cards = 2"),
    (["analyze", "--rules", "classic-blackjack", "--naturals", "maybe"], "naturals must be"),
    (["analyze", "--rules", "classic-blackjack", "--naturals", "enhc", "--surrender"],
     "late surrender"),
    (["hand", "T 6 5", "--up", "5", "--rules", "classic-blackjack"], "two player cards"),
    (["simulate", "--rules", "classic-blackjack"], "21 Burn's deal"),
    (["analyze", "--no-such-option"], "No such option"),
])
def test_bad_input_one_line_exit_2(args, needle):
    p = run(*args)
    if needle is None:  # a legal corner case
        assert p.returncode == 0, p.stderr
        return
    assert p.returncode == 2
    assert "Traceback" not in p.stderr
    assert len(p.stderr.strip().splitlines()) == 1
    assert needle in p.stderr


def test_unknown_rules_key_in_file(tmp_path):
    f = tmp_path / "bad.toml"
    f.write_text("decks = 6\ncolour = 'red'\n")
    p = run("analyze", "--rules", str(f))
    assert p.returncode == 2 and "colour" in p.stderr and "Traceback" not in p.stderr


def test_analyze_values_a_chart_exactly(infinite_deck_run):
    """--strategy values the published chart: never above optimal play, and equal to the
    engine's valuation of the chart's tables."""
    p = run("analyze", "--decks", "inf", "--strategy", "strategy_tables", "--json")
    assert p.returncode == 0, p.stderr
    chart = json.loads(p.stdout)
    best = json.loads(infinite_deck_run[0].stdout)
    assert chart["expected_return"] <= best["expected_return"] + 1e-12
    assert "chart" in chart["strategy"]
    bad = run("analyze", "--strategy", "/no/such/chart")
    assert bad.returncode == 2 and len(bad.stderr.strip().splitlines()) == 1


def test_deals_csv_lists_every_burn(infinite_deck_run, tmp_path):
    import pandas as pd

    p, folder = infinite_deck_run
    out = folder / "deals.csv"
    assert p.returncode == 0, p.stderr
    d = pd.read_csv(out, comment="#")
    best = d[d.best]
    assert len(best) == 2200
    assert abs(best.probability.sum() - 1) < 1e-12
    assert abs((best.probability * best.ev).sum() - json.loads(p.stdout)["expected_return"]) < 1e-12
    assert not list(folder.glob(".*tmp"))
    bad = run("analyze", "--decks", "inf", "--deals", str(tmp_path / "no" / "x.csv"))
    assert bad.returncode == 2 and "does not exist" in bad.stderr
