"""One notation: kept hands as the chart writes them, up cards ace last, percent beside the
house edge, and plays a mandatory split forbids marked as not allowed."""

from __future__ import annotations

import json

from tests.cli.test_bad_input import run


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
    ups = [line.split()[0] for line in out.split("dealer outcomes by up card")[1].splitlines()[2:12]]
    assert ups == ["2", "3", "4", "5", "6", "7", "8", "9", "T", "A"]
