"""Classic mode (engine/classic.py): the infinite-deck limit, the game-level bookkeeping and
the command line.

The brute-force twin (test_classic_bruteforce.py) and the field's published values
(test_classic_published.py) check the exact values; these tests check what those cannot reach:
the infinite-deck path (its own code: constant draw probabilities, no hidden cards) against
the finite engine on huge shoes, and the CLI plumbing.
"""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from twentyone_burn.engine.classic import analyze_classic
from twentyone_burn.rules import load_rules

CLASSIC = load_rules("classic-blackjack")


@pytest.mark.parametrize("naturals,surrender", [("peek", "late"), ("enhc", "none"),
                                                ("none", "none")])
def test_finite_engine_converges_to_the_infinite_deck(naturals, surrender):
    # removal effects are O(1/N): (ER(N) - ER(inf)) x N must settle to a constant
    rules = CLASSIC.replace(naturals=naturals, surrender=surrender, hit_soft_17=False,
                            post_split="cdp1")
    inf = analyze_classic(rules.replace(decks=None)).expected_return
    n1, n2 = 1_000, 100_000
    e1 = analyze_classic(rules.replace(decks=n1)).expected_return
    e2 = analyze_classic(rules.replace(decks=n2)).expected_return
    assert abs(e2 - inf) < 1e-7
    assert (e1 - inf) * n1 == pytest.approx((e2 - inf) * n2, rel=2e-3)


def test_game_figures_add_up():
    a = analyze_classic(CLASSIC.replace(surrender="late"))
    d = a.deals
    assert abs(a.deal_probability_total - 1) < 1e-12
    # every round's EV: the played part (conditioned EV x P(no natural)) less the natural's take
    played = 1 - d["p_dealer_natural"]
    natural = d["action"] == "natural"
    rebuilt = (d["ev"] * played - d["p_dealer_natural"] * (~natural)).to_numpy()
    assert abs(rebuilt - d["round_ev"].to_numpy()).max() < 1e-12
    # surrender is taken somewhere (16 v T), never on a pair worth splitting
    assert ((d["cards"] == "6T") & (d["up"] == "T") & (d["action"] == "surrender")).any()
    assert a.probabilities["surrender"] > 0
    assert a.average_total_wager > 1


def run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "twentyone_burn.cli", *args],
                          capture_output=True, text=True)


def test_cli_analyze_classic_json_and_deals(tmp_path):
    out = tmp_path / "deals.csv"
    p = run("analyze", "--rules", "classic-blackjack", "--decks", "6", "--s17", "--json",
            "--deals", str(out))
    assert p.returncode == 0, p.stderr
    d = json.loads(p.stdout)
    rules = CLASSIC.replace(hit_soft_17=False)
    assert d["rules"] == rules.to_dict() and d["rules_hash"] == rules.rules_hash
    assert d["expected_return"] == analyze_classic(rules).expected_return
    assert "CDZ-" in d["strategy"] and d["dealer"]["A"]["natural"] > 0
    head = out.read_text().splitlines()[0]
    assert head.startswith("# classic blackjack deals") and rules.rules_hash in head


def test_cli_hand_classic():
    p = run("hand", "8 8", "--up", "A", "--rules", "classic-blackjack", "--json")
    assert p.returncode == 0, p.stderr
    d = json.loads(p.stdout)
    assert d["best_action"] == "split" and d["conditioned_on_no_dealer_natural"]
    assert d["surrender"] is None and d["split"] == d["ev"]


def test_cli_dealer_classic_shows_the_natural_apart():
    p = run("dealer", "--up", "T", "--rules", "classic-blackjack", "--decks", "1", "--json")
    assert p.returncode == 0, p.stderr
    o = json.loads(p.stdout)["outcomes"]
    assert o["natural"] == pytest.approx(4 / 51, rel=1e-15)  # four aces among 51 cards
    assert sum(o.values()) == pytest.approx(1.0, abs=1e-12)
