"""The bad-input battery: every ``twentyone-burn`` command given bad input or a bad environment
answers with exactly one line on stderr, the right exit code (2 for bad input, 1 for the
environment), no traceback, and leaves no file behind in the target folder.

The commands run in-process through :func:`twentyone_burn.cli.main` (the real error boundary)
with ``sys.argv`` patched; every case fails before any computation, so the battery is fast.
"""

from __future__ import annotations

import sys
import zipfile
from pathlib import Path

import pytest

from twentyone_burn.cli import main

CHART = Path(__file__).resolve().parents[2] / "strategy_tables"

# -- rules files: name -> file content (bytes) -------------------------------------------------
RULES_FILES: dict[str, bytes] = {
    "non_utf8": b"decks = 6\nname = \"\xff\xfe\"\n",
    "latin1_comment": b"# r\xe8gles\ndecks = 6\n",
    "nested": b"x = " + b"[" * 5000 + b"]" * 5000 + b"\n",
    "nested_tables": b"x = " + b"{a = " * 3000 + b"1" + b"}" * 3000 + b"\n",
    "not_toml": b"decks: six\n",
    "bool_win_pays": b"win_pays = true\n",
    "bool_commission": b"commission = false\n",
    "bool_decks": b"decks = true\n",
    "bool_max_hands": b"max_hands = true\n",
    "nan_win_pays": b"win_pays = nan\n",
    "inf_win_pays": b"win_pays = inf\n",
    "neg_inf_win_pays": b"win_pays = -inf\n",
    "nan_commission": b"commission = nan\n",
    "huge_win_pays": b"win_pays = 1e999999999\n",
    "huge_int_win_pays": b"win_pays = 99999999999999999999999\n",
    "negative_win_pays": b"win_pays = -1\n",
    "negative_commission": b"commission = -0.1\n",
    "string_win_pays": b"win_pays = \"two\"\n",
    "zero_odds": b"win_pays = \"0:1\"\n",
    "negative_odds": b"win_pays = \"-3:2\"\n",
    "zero_denominator_odds": b"win_pays = \"1:0\"\n",
    "ties_threshold_16": b"ties_lose_from = 16\n",
    "bust_push_24": b"dealer_bust_push = 24\n",
    "dealer_burn_middle": b"dealer_burn = \"middle\"\n",
    "legacy_and_new": b"ties_lose = true\nties_lose_from = 18\n",
    "long_string": b"double_on = \"" + b"x" * 1_000_000 + b"\"\n",
    "unknown_key": b"colour = \"red\"\n",
    "long_unknown_key": b"k" * 100_000 + b" = 1\n",
    "decks_0": b"decks = 0\n",
    "decks_9": b"decks = 9\n",
    "decks_100000": b"decks = 100000\n",
    "decks_neg_inf": b"decks = -inf\n",
    "decks_float_inf": b"decks = inf\n",
    "decks_nan": b"decks = nan\n",
    "decks_half": b"decks = 2.5\n",
    "decks_string": b"decks = \"six\"\n",
    "decks_huge": b"decks = 1e999999999\n",
    "max_hands_9": b"max_hands = 9\n",
    "natural_pays_nan": b"player_cards = 2\ndealer_burn = false\nnaturals = \"peek\"\n"
                        b"natural_pays = nan\n",
    "table_value": b"[decks]\nn = 6\n",
    "list_value": b"hit_soft_17 = [true]\n",
}
RULES_COMMANDS = {
    "analyze": ["analyze"],
    "hand": ["hand", "T 6 5", "--up", "T"],
    "dealer": ["dealer", "--up", "6"],
    "report": ["report", "--no-variations", "--sim-rounds", "0"],
    "tune": ["tune", "--knob", "win_pays", "--target-edge", "0.02"],
    "simulate": ["simulate", "--rounds", "1000", "--strategy", "always-stand"],
    "verify": ["verify", "--rounds", "1000", "--strategy", "always-stand"],
    "chart": ["chart"],
    "value": ["value", "--strategy", str(CHART)],
}
# each rules file through one or two commands (all of them for a few)
RULES_CASES = []
for _i, _name in enumerate(RULES_FILES):
    _cmds = list(RULES_COMMANDS) if _name in ("non_utf8", "nested", "bool_win_pays",
                                              "decks_9", "huge_win_pays") else \
        [list(RULES_COMMANDS)[_i % len(RULES_COMMANDS)]]
    RULES_CASES += [(_name, c) for c in _cmds]


def run(argv: list[str], monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture
        ) -> tuple[int, str, str]:
    """(exit code, stdout, stderr) of ``twentyone-burn ARGV`` through the real entry point."""
    monkeypatch.setattr(sys, "argv", ["twentyone-burn", *argv])
    code: int | str | None = 0
    try:
        main()
    except SystemExit as e:
        code = e.code
    return (code if isinstance(code, int) else 1), *capsys.readouterr()


def check(argv: list[str], expected: int, target: Path, monkeypatch: pytest.MonkeyPatch,
          capsys: pytest.CaptureFixture) -> str:
    before = sorted(p.relative_to(target) for p in target.rglob("*"))
    code, _, err = run(argv, monkeypatch, capsys)
    after = sorted(p.relative_to(target) for p in target.rglob("*"))
    assert "Traceback" not in err
    assert len(err.splitlines()) == 1, err[:2000]
    assert err.startswith(("error:", "interrupted")), err[:300]
    assert len(err) < 600, err[:300]
    assert code == expected, (code, err)
    assert before == after, "files left behind"
    return err


@pytest.fixture
def target(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The folder every case runs in (and writes to, if it would)."""
    out = tmp_path / "target"
    out.mkdir()
    monkeypatch.chdir(out)
    return out


@pytest.mark.parametrize(("name", "command"), RULES_CASES)
def test_bad_rules_file(name: str, command: str, target: Path, tmp_path: Path,
                        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture) -> None:
    f = tmp_path / f"{name}.toml"
    f.write_bytes(RULES_FILES[name])
    extra = ["--out", str(target)] if command in ("report", "tune", "chart", "verify") else []
    err = check([*RULES_COMMANDS[command], "--rules", str(f), *extra], 2, target,
                monkeypatch, capsys)
    assert str(f) in err or "rules" in err


_FILE_PARENT = "FILE/x"  # placeholder: a path inside a regular file

BAD_ARGS: list[tuple[str, list[str], int]] = [
    # rule options on the command line
    ("decks 0", ["analyze", "--decks", "0"], 2),
    ("decks 9", ["analyze", "--decks", "9"], 2),
    ("decks 100000", ["dealer", "--up", "6", "--decks", "100000"], 2),
    ("decks -inf", ["analyze", "--decks", "-inf"], 2),
    ("decks nan", ["hand", "T 6 5", "--up", "T", "--decks", "nan"], 2),
    ("decks 1e999", ["analyze", "--decks", "1e999"], 2),
    ("decks huge", ["dealer", "--up", "6", "--decks", "9" * 5000], 2),
    ("decks word", ["analyze", "--decks", "x" * 10_000], 2),
    ("max-hands 9", ["analyze", "--max-hands", "9"], 2),
    ("max-hands word", ["analyze", "--max-hands", "four"], 2),
    ("double-on", ["analyze", "--double-on", "8-11"], 2),
    ("natural-pays nan", ["analyze", "--rules", "classic-blackjack", "--natural-pays", "nan"], 2),
    ("natural-pays inf", ["analyze", "--rules", "classic-blackjack", "--natural-pays", "inf"], 2),
    ("natural-pays -1", ["analyze", "--rules", "classic-blackjack", "--natural-pays", "-1"], 2),
    ("classic option, burn deal", ["analyze", "--naturals", "peek"], 2),
    ("post-split", ["analyze", "--rules", "classic-blackjack", "--post-split", "x"], 2),
    ("no rules file", ["analyze", "--rules", "/no/such/rules.toml"], 2),
    ("rules is a folder", ["analyze", "--rules", "."], 2),
    ("classic rules for chart", ["chart", "--rules", "classic-blackjack"], 2),
    ("unknown option", ["analyze", "--colour", "red"], 2),
    ("unknown command", ["analyse"], 2),
    ("no command", [], 2),
    # cards
    ("unknown card", ["hand", "T 6 X", "--up", "T"], 2),
    ("unknown up card", ["hand", "T 6 5", "--up", "Z"], 2),
    ("long card", ["hand", "T 6 " + "Q" * 100_000, "--up", "T"], 2),
    ("two cards", ["hand", "T 6", "--up", "T"], 2),
    ("four cards", ["hand", "T 6 5 4", "--up", "T"], 2),
    ("no cards", ["hand", "", "--up", "T"], 2),
    ("too many of a rank", ["dealer", "--up", "A", "--decks", "1", "--removed", "A A A A"], 2),
    ("too many tens", ["hand", "T T T", "--up", "T", "--decks", "inf", "--removed", "T"], 2),
    ("classic three cards", ["hand", "T 6 5", "--up", "T", "--rules", "classic-blackjack"], 2),
    ("dealer unknown up", ["dealer", "--up", "11x"], 2),
    ("dealer removed unknown", ["dealer", "--up", "6", "--removed", "T 5 Y"], 2),
    ("dealer too many removed", ["dealer", "--up", "6", "--decks", "1", "--removed",
                                 " ".join(["5"] * 5)], 2),
    ("dealer cannot finish", ["dealer", "--up", "T", "--decks", "1", "--removed",
                              " ".join(["T"] * 15 + [r for r in "98765432" for _ in range(4)]
                                       + ["A", "A", "A"])], 2),
    ("dealer removes the shoe", ["dealer", "--up", "T", "--decks", "1", "--removed",
                                 " ".join(["T"] * 15 + [r for r in "A98765432" for _ in
                                                        range(4)])], 2),
    # amounts and counts
    ("rounds 0", ["simulate", "--rounds", "0"], 2),
    ("rounds -5", ["simulate", "--rounds", "-5"], 2),
    ("rounds word", ["simulate", "--rounds", "many"], 2),
    ("rounds 1e13", ["simulate", "--rounds", "1e13"], 2),
    ("rounds 1e999", ["simulate", "--rounds", "1e999"], 2),
    ("rounds 1.5", ["simulate", "--rounds", "1.5"], 2),
    ("rounds nan", ["verify", "--rounds", "nan"], 2),
    ("rounds huge", ["verify", "--rounds", "9" * 5000], 2),
    ("workers 0", ["simulate", "--workers", "0"], 2),
    ("workers huge", ["simulate", "--workers", "100000000"], 2),
    ("chunk-size 0", ["simulate", "--chunk-size", "0"], 2),
    ("chunk-size huge", ["verify", "--chunk-size", "1e15"], 2),
    ("seed -1", ["simulate", "--seed", "-1"], 2),
    ("penetration 0", ["simulate", "--penetration", "0"], 2),
    ("penetration 1", ["simulate", "--penetration", "1"], 2),
    ("penetration nan", ["simulate", "--penetration", "nan"], 2),
    ("penetration 2", ["simulate", "--penetration", "2"], 2),
    ("verify-rounds 0", ["report", "--verify-rounds", "0"], 2),
    ("verify-rounds 1e999", ["report", "--verify-rounds", "1e999"], 2),
    ("sim-rounds -1", ["report", "--sim-rounds", "-1"], 2),
    ("report workers 0", ["report", "--workers", "0"], 2),
    ("report seed -1", ["report", "--seed", "-1"], 2),
    ("report strategy unknown", ["report", "--strategy", "psychic"], 2),
    ("report strategy missing file", ["report", "--strategy", "/no/such/chart.xlsx"], 2),
    ("report strategy not a chart", ["report", "--strategy", "/etc/hostname"], 2),
    ("tune strategy unknown", ["tune", "--knob", "win_pays", "--target-edge", "2%",
                               "--strategy", "psychic"], 2),
    ("target-edge word", ["tune", "--knob", "win_pays", "--target-edge", "two"], 2),
    ("target-edge nan", ["tune", "--knob", "win_pays", "--target-edge", "nan"], 2),
    ("target-edge inf", ["tune", "--knob", "win_pays", "--target-edge", "inf"], 2),
    ("target-edge 1", ["tune", "--knob", "win_pays", "--target-edge", "1"], 2),
    ("target-edge 150%", ["tune", "--knob", "commission", "--target-edge", "150%"], 2),
    ("target-edge 1e999", ["tune", "--knob", "win_pays", "--target-edge", "1e999"], 2),
    ("unknown knob", ["tune", "--knob", "x" * 1000, "--target-edge", "0.02"], 2),
    ("unknown strategy", ["simulate", "--strategy", "psychic" * 100], 2),
    # scheduler addresses
    ("scheduler no port", ["simulate", "--scheduler", "localhost"], 2),
    ("scheduler port 0", ["simulate", "--scheduler", "localhost:0"], 2),
    ("scheduler port 70000", ["simulate", "--scheduler", "tcp://localhost:70000"], 2),
    ("scheduler word port", ["verify", "--scheduler", "host:port"], 2),
    ("scheduler scheme", ["verify", "--scheduler", "http://host:8786"], 2),
    ("scheduler empty host", ["simulate", "--scheduler", ":8786"], 2),
    ("scheduler spaces", ["simulate", "--scheduler", "my host:8786"], 2),
    # charts
    ("no chart", ["value", "--strategy", "/no/such/chart"], 2),
    ("chart empty folder", ["value", "--strategy", "EMPTY"], 2),
    ("truncated xlsx", ["value", "--strategy", "TRUNC.xlsx"], 2),
    ("empty xlsx", ["analyze", "--strategy", "EMPTYFILE.xlsx"], 2),
    ("chart not xlsx", ["chart", "--strategy", "TEXT.xlsx"], 2),
    ("chart empty rules cell", ["value", "--strategy", "NORULES.xlsx"], 2),
    ("chart csv rules not toml", ["value", "--strategy", "NORULES"], 2),
    ("simulate bad chart", ["simulate", "--strategy", "TRUNC.xlsx"], 2),
    # output paths
    ("deals is a folder", ["analyze", "--deals", "."], 2),
    ("deals inside a file", ["analyze", "--deals", _FILE_PARENT], 2),
    ("deals missing folder", ["analyze", "--deals", "/no/such/folder/deals.csv"], 2),
    ("deals under /proc", ["analyze", "--deals", "/proc/deals.csv"], 1),
    ("report out is a file", ["report", "--out", "FILE"], 2),
    ("report out inside a file", ["report", "--out", _FILE_PARENT], 2),
    ("report out under /proc", ["report", "--out", "/proc/reports"], 1),
    ("chart out is a file", ["chart", "--out", "FILE"], 2),
    ("chart out inside a file", ["chart", "--out", _FILE_PARENT], 2),
    ("chart out under /proc", ["chart", "--out", "/proc/chart"], 1),
    ("tune out inside a file", ["tune", "--knob", "win_pays", "--target-edge", "0.02",
                                "--out", _FILE_PARENT], 2),
    ("tune out under /proc", ["tune", "--knob", "win_pays", "--target-edge", "0.02",
                              "--out", "/proc/tuned"], 1),
    ("verify out is a file", ["verify", "--rounds", "1000", "--out", "FILE"], 2),
    ("verify out under /proc", ["verify", "--rounds", "1000", "--out", "/proc/v"], 1),
    ("checkpoint is a folder", ["simulate", "--rounds", "1000", "--checkpoint", "."], 2),
    ("checkpoint inside a file", ["simulate", "--rounds", "1000", "--checkpoint",
                                  _FILE_PARENT], 2),
    ("checkpoint binary", ["simulate", "--rounds", "1000", "--checkpoint", "BINARY"], 2),
    ("checkpoint broken", ["verify", "--rounds", "1000", "--checkpoint", "BROKEN"], 2),
    ("checkpoint under /proc", ["simulate", "--rounds", "1000", "--checkpoint",
                                "/proc/ckpt"], 1),
]


def _materialise(argv: list[str], tmp_path: Path) -> list[str]:
    """Replace the placeholders by real bad files outside the target folder."""
    d = tmp_path / "inputs"
    d.mkdir(exist_ok=True)
    (d / "FILE").write_text("a file\n")
    (d / "EMPTY").mkdir(exist_ok=True)
    (d / "BINARY").write_bytes(b"\x00\xff\xfe\x89PNG\r\n")
    (d / "BROKEN").write_text('{"kernel_format": \n')
    (d / "TEXT.xlsx").write_text("not a workbook\n")
    (d / "EMPTYFILE.xlsx").write_bytes(b"")
    data = (CHART / "chart.xlsx").read_bytes()
    (d / "TRUNC.xlsx").write_bytes(data[: len(data) // 2])
    norules = d / "NORULES"
    norules.mkdir(exist_ok=True)
    for p in CHART.glob("*.csv"):
        (norules / p.name).write_bytes(p.read_bytes())
    (norules / "rules.toml").write_text("decks = \n")
    import openpyxl
    wb = openpyxl.load_workbook(CHART / "chart.xlsx")
    wb["Rules"]["B4"] = None   # the decks cell, empty
    wb.save(d / "NORULES.xlsx")
    subs = {"FILE": d / "FILE", _FILE_PARENT: d / "FILE" / "x", "EMPTY": d / "EMPTY",
            "BINARY": d / "BINARY", "BROKEN": d / "BROKEN", "TEXT.xlsx": d / "TEXT.xlsx",
            "EMPTYFILE.xlsx": d / "EMPTYFILE.xlsx", "TRUNC.xlsx": d / "TRUNC.xlsx",
            "NORULES": norules, "NORULES.xlsx": d / "NORULES.xlsx"}
    return [str(subs[a]) if a in subs else a for a in argv]


@pytest.mark.parametrize(("argv", "expected"), [pytest.param(a, c, id=n) for n, a, c in BAD_ARGS
                                                if c != 0])
def test_bad_argument(argv: list[str], expected: int, target: Path, tmp_path: Path,
                      monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture) -> None:
    check(_materialise(argv, tmp_path), expected, target, monkeypatch, capsys)


def test_battery_size() -> None:
    assert len(RULES_CASES) + sum(c != 0 for _, _, c in BAD_ARGS) >= 100


def test_truncated_xlsx_is_a_zip_error() -> None:
    data = (CHART / "chart.xlsx").read_bytes()[:1000]
    import io
    with pytest.raises(zipfile.BadZipFile):
        zipfile.ZipFile(io.BytesIO(data))
