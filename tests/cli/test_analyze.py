"""``analyze``, ``hand`` and ``dealer`` (twentyone_burn/cli/analyze.py): the provenance of
their answers, one notation (kept hands as the chart writes them, up cards ace last, percent
beside the house edge, the plays a mandatory split forbids marked), and ``--deals`` never
overwriting without --force."""

from __future__ import annotations

import json

import pytest

from tests.cli.test_bad_input import run
from twentyone_burn import __version__
from twentyone_burn.rules import Rules


@pytest.mark.parametrize("args", [["hand", "T 6 5", "--up", "T"], ["dealer", "--up", "6"],
                                  ["hand", "8 8", "--up", "A", "--rules",
                                   "classic-blackjack"]])
def test_text_output_carries_rules_hash_and_version(args, monkeypatch, capsys):
    code, out, _ = run([*args, "--decks", "inf"], monkeypatch, capsys)
    rules = Rules(decks=None) if "classic-blackjack" not in args else None
    assert code == 0
    lines = out.splitlines()
    assert lines[0].startswith("rules: {") and lines[1].startswith("rules hash: ")
    assert lines[2] == f"version: twentyone-burn {__version__}"
    if rules is not None:
        assert lines[0] == f"rules: {rules.canonical_json()}"
        assert lines[1] == f"rules hash: {rules.rules_hash}"
    code, out, _ = run([*args, "--decks", "inf", "--json"], monkeypatch, capsys)
    d = json.loads(out)
    assert d["version"] == __version__ and len(d["rules_hash"]) == 64


def test_hand_marks_the_plays_a_mandatory_split_forbids(monkeypatch, capsys):
    code, out, err = run(["hand", "8,8,5", "--up", "9", "--decks", "inf"], monkeypatch, capsys)
    assert code == 0, err
    rows = {line.split()[1]: line for line in out.splitlines() if line.startswith("  ")}
    assert set(rows) == {"88", "85"}          # the chart's notation: high card first
    assert rows["88"].count("n/a") == 3 and "split" in rows["88"]
    assert "n/a" in rows["85"] and rows["85"].count("n/a") == 1   # no split of 8-5
    code, out, err = run(["hand", "8,8,5", "--up", "9", "--decks", "inf", "--json"],
                         monkeypatch, capsys)
    choices = {"".join(c["kept"]): c for c in json.loads(out)["choices"]}
    assert choices["88"]["allowed"] == {"stand": False, "hit": False, "double": False,
                                        "split": True}
    # the numbers stay in the JSON: what the split gains over playing the pair as one hand
    assert choices["88"]["split"] > choices["88"]["stand"]


def test_an_optional_split_allows_every_play(monkeypatch, capsys):
    code, out, err = run(["hand", "8,8,5", "--up", "9", "--decks", "inf", "--optional-split",
                          "--json"], monkeypatch, capsys)
    choices = {"".join(c["kept"]): c for c in json.loads(out)["choices"]}
    assert all(choices["88"]["allowed"].values())


def test_analyze_shows_percent_and_up_cards_ace_last(monkeypatch, capsys):
    code, out, err = run(["analyze", "--decks", "inf"], monkeypatch, capsys)
    assert code == 0, err
    edge = next(line for line in out.splitlines() if line.startswith("house edge"))
    value = float(edge.split()[2])
    assert f"({100 * value:+.4f} %)" in edge
    table = out.split("dealer outcomes by up card")[1].splitlines()
    ups = [line.split()[0] for line in table[2:12]]
    assert ups == ["2", "3", "4", "5", "6", "7", "8", "9", "T", "A"]


def test_analyze_deals_refuses_to_overwrite(tmp_path, monkeypatch, capsys):
    deals = tmp_path / "deals.csv"
    deals.write_text("old\n")
    code, _, err = run(["analyze", "--decks", "inf", "--deals", str(deals)], monkeypatch,
                       capsys)
    assert code == 2 and "--force" in err and deals.read_text() == "old\n"
    code, out, err = run(["analyze", "--decks", "inf", "--deals", str(deals), "--force"],
                         monkeypatch, capsys)
    assert code == 0 and deals.read_text().startswith("# 21 Burn deals")
