"""The ``guts-odds`` app (guts_family/cli/): JSON output with exact counts, table files, every
command registered, one-line errors with exit code 2 in-process and from the entry point."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from guts_family.cards import CardError, parse_card, parse_cards
from guts_family.cli import build_app, main


def run(capsys, *args):
    """Run main(); return (exit code, stdout, stderr)."""
    code = 0
    try:
        main(list(args))
    except SystemExit as exc:
        code = exc.code or 0
    out = capsys.readouterr()
    return code, out.out, out.err


def test_vs_pot_json_has_probabilities_counts_and_total(capsys):
    code, out, _ = run(capsys, "vs-pot", "As Kd Qh", "--game", "phoenix", "--opponents", "2",
                       "--pot", "10", "--limit", "5", "--json")
    data = json.loads(out)
    assert code == 0
    assert {"win", "tie", "lose", "counts", "total", "ev_in", "version"} <= set(data)
    c = data["counts"]
    assert c["win"] + c["tie"] + c["lose"] == data["total"] == 3451485465120
    assert data["win"] == pytest.approx(c["win"] / data["total"])
    assert [s["name"] for s in data["seats"]] == ["pot", "player 2", "player 3"]


def test_vs_pot_other_player_against_burned_players_up_card(capsys):
    code, out, _ = run(capsys, "vs-pot", "Qs Qd 5c", "--opponents", "1", "--opponent-cards", "Ah",
                       "--dead", "7c 4d", "--json")
    data = json.loads(out)
    assert code == 0 and data["seats"][1]["known"] == "Ah" and data["dead"] == "7c 4d"


def test_text_output_and_round_sizes(capsys):
    code, out, _ = run(capsys, "vs-pot", "Ah 2d", "--game", "guts321", "--pot", "5")
    assert code == 0 and "against: dummy" in out and "EV of going in" in out
    code, out, _ = run(capsys, "vs-pot", "Jh", "--game", "guts321", "--opponents", "2")
    assert code == 0 and "player 2, player 3" in out


def test_table_writes_files_with_options(capsys, tmp_path):
    code, out, _ = run(capsys, "table", "--game", "guts321", "--cards", "2", "--format", "both",
                       "--out", str(tmp_path), "--pot", "4", "--limit", "2", "--json")
    meta = json.loads(out)
    assert code == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == ["guts321-2card.csv", "guts321-2card.xlsx"]
    assert meta["pot"] == 4 and meta["limit"] == 2 and meta["version"]
    text = (tmp_path / "guts321-2card.csv").read_text()
    assert "# weakest_hand_worth_going_in: " in text and "# package: guts_family" in text


def test_swap_challenge_last_card_up_lone_qualify_threshold(capsys):
    code, out, _ = run(capsys, "swap", "5c 3d 2h", "--pot", "10", "--fee", "1", "--json")
    assert code == 0 and json.loads(out)["best"] == "swap"
    code, out, _ = run(capsys, "challenge", "Ks Kd 9c", "--pot", "10", "--json")
    d = json.loads(out)
    assert code == 0 and d["odds_risked"] == 2 and d["dealer_qualifies"]["count"] == 6904
    code, out, _ = run(capsys, "last-card-up", "--players", "3", "--burn-tie", "redeal", "--json")
    assert code == 0 and json.loads(out)["counts"]["win"] > 0
    code, out, _ = run(capsys, "lone", "--cards", "1", "--json")
    assert code == 0 and json.loads(out)["counts"] == {"win": 1248, "tie": 156, "lose": 1248}
    code, out, _ = run(capsys, "qualify", "--json")
    assert code == 0 and json.loads(out)["count"] == 8020
    code, out, _ = run(capsys, "threshold", "--pot", "10", "--limit", "5", "--json")
    rows = json.loads(out)["rows"]
    assert code == 0 and [(r["game"], r["cards"]) for r in rows] == [
        ("phoenix", 3), ("guts321", 3), ("guts321", 2), ("guts321", 1), ("challenge", 3)]


BAD = [
    (["vs-pot", "As Kx Qh"], "unknown card 'Kx'"),
    (["vs-pot", "As Kd As"], "given twice"),
    (["vs-pot", "As Kd Qh", "--dead", "Kd"], "in both your hand and the dead cards"),
    (["vs-pot", "As Kd Qh", "--game", "poker"], "unknown game 'poker'"),
    (["vs-pot", "As Kd Qh", "--pot", "0"], "positive"),
    (["vs-pot", "As Kd Qh", "--pot", "10", "--limit", "-2"], "positive"),
    (["vs-pot", "As Kd Qh", "--pot", "ten"], "not a number"),
    (["vs-pot", "As Kd Qh", "--opponents", "x"], "--opponents"),
    (["vs-pot", "As Kd Qh", "--opponents", "16"], "at most 15 other players"),
    (["vs-pot", "As Ks Qs", "--game", "guts321", "--opponents", "4", "--exact"], "cover at most 3"),
    (["vs-pot", "As Kd", "--game", "phoenix"], "no 2-card round"),
    (["vs-pot", "As Kd Qh", "--tie", "coin"], "unknown tie rule"),
    (["table", "--game", "nope"], "unknown game"),
    (["table", "--pot", "-1"], "positive"),
    (["swap", "As Kd Qh", "--pot", "10", "--fee", "-1"], "zero or a positive"),
    (["challenge", "As Kd Qh", "--pot", "10", "--dealer-min", "3"], "4 high"),
    (["last-card-up", "--players", "40"], "1 to 10"),
    (["frobnicate"], "No such command"),
]


@pytest.mark.parametrize("args,message", BAD, ids=[" ".join(a) for a, _ in BAD])
def test_bad_input_one_line_exit_2(capsys, args, message, tmp_path):
    code, out, err = run(capsys, *args, *(["--out", str(tmp_path)] if args[0] == "table" else []))
    assert code == 2
    assert err.count("\n") == 1 and "Traceback" not in err and message in err
    assert out == ""
    assert list(tmp_path.iterdir()) == []  # no partial output file


def test_console_script_subprocess_exit_code():
    """The installed entry point behaves the same as main() (one line, code 2)."""
    proc = subprocess.run([sys.executable, "-c", "from guts_family.cli import main; main()",
                           "vs-pot", "Zz"], capture_output=True, text=True)
    assert proc.returncode == 2 and proc.stderr.count("\n") == 1 and proc.stdout == ""


def test_every_command_is_registered():
    names = {c.name for c in build_app().registered_commands}
    assert {"vs-pot", "table", "swap", "challenge", "threshold", "last-card-up", "lone",
            "qualify", "omaha", "omaha-threshold", "equilibrium", "game"} == names


def test_cards_contract():
    assert parse_card("A\u2660") == parse_card("as") == 51 and parse_card("10h") == parse_card("Th")
    assert parse_cards("AsKdQh") == parse_cards("As, Kd, Qh") == parse_cards(["As", "Kd", "Qh"])
    with pytest.raises(CardError, match="'1h'"):
        parse_card("1h")
