"""guts-odds: every bad input ends in one line on stderr, the right exit code, and no file.

The battery runs in-process (``guts_family.cli.main(argv)``). Each case asserts the exit code
(2 for bad input, 1 for the environment), exactly one line on stderr, no traceback and nothing
left behind in the working folder (the tests run in a fresh temporary folder). The conventions of
issue 13 (``-h``, ``--version``, ``--debug``, provenance, Ctrl-C) are checked after it.
"""

from __future__ import annotations

import errno
import json
from pathlib import Path

import pytest

from guts_family.cli import main

FIFTY = ("2c 2d 2h 2s 3c 3d 3h 3s 4c 4d 4h 4s 5c 5d 5h 5s 6c 6d 6h 6s 7c 7d 7h 7s 8c 8d 8h 8s "
         "9c 9d 9h 9s Tc Td Th Ts Jc Jd Jh Js Qc Qd Qh Qs Kc Kd Kh Ks Ac Ad")
FORTY_EIGHT = " ".join(FIFTY.split()[:48])
THIRTEEN_HANDS = " ".join("".join(FIFTY.split()[4 * i:4 * i + 4]) for i in range(12)) + " AcAdAhAs"

# (id, argv, exit code); {out} is an empty output folder, {file} an existing file
BATTERY: list[tuple[str, list[str], int]] = [
    # vs-pot: cards
    ("vs-pot unknown card", ["vs-pot", "As Kx Qh"], 2),
    ("vs-pot duplicate card", ["vs-pot", "As Kd As"], 2),
    ("vs-pot four cards", ["vs-pot", "As Kd Qh Jc"], 2),
    ("vs-pot empty hand", ["vs-pot", ""], 2),
    ("vs-pot dead overlaps hand", ["vs-pot", "As Kd Qh", "--dead", "Kd"], 2),
    ("vs-pot dead unknown", ["vs-pot", "As Kd Qh", "--dead", "Zz"], 2),
    ("vs-pot dead duplicated", ["vs-pot", "As Kd Qh", "--dead", "2c 2c"], 2),
    ("vs-pot opponent card overlaps hand", ["vs-pot", "As Kd Qh", "--opponents", "1",
                                            "--opponent-cards", "As"], 2),
    ("vs-pot opponent shows four cards", ["vs-pot", "As Kd Qh", "--opponents", "1",
                                          "--opponent-cards", "2c3c4c5c"], 2),
    ("vs-pot more shown hands than opponents", ["vs-pot", "As Kd Qh", "--opponents", "1",
                                                "--opponent-cards", "2c", "--opponent-cards",
                                                "3c"], 2),
    ("vs-pot 49 dead cards", ["vs-pot", "As Kh Qh", "--dead", FORTY_EIGHT.replace("Kh", "Ah")
                              + " Ah"], 2),
    ("vs-pot very long hand", ["vs-pot", "Zz" * 5000], 2),
    # vs-pot: games, opponents
    ("vs-pot unknown game", ["vs-pot", "As Kd Qh", "--game", "poker"], 2),
    ("vs-pot very long game", ["vs-pot", "As Kd Qh", "--game", "x" * 3000], 2),
    ("vs-pot two cards in phoenix", ["vs-pot", "As Kd", "--game", "phoenix"], 2),
    ("vs-pot opponents 16", ["vs-pot", "As Kd Qh", "--opponents", "16"], 2),
    ("vs-pot opponents fill the deck with dead cards", ["vs-pot", "As Kd Qh", "--opponents",
                                                        "15", "--dead", "2c 3c"], 2),
    ("vs-pot guts321 poker order 4 opponents --exact",
     ["vs-pot", "As Ks Qs", "--game", "guts321", "--opponents", "4", "--exact"], 2),
    ("vs-pot opponents' cards repeated", ["vs-pot", "As Kd Qh", "--opponents", "3",
                                          "--opponent-cards", "Jc", "--opponent-cards", "Jc"], 2),
    ("vs-pot opponents -1", ["vs-pot", "As Kd Qh", "--opponents", "-1"], 2),
    ("vs-pot opponents x", ["vs-pot", "As Kd Qh", "--opponents", "x"], 2),
    ("vs-pot opponents huge", ["vs-pot", "As Kd Qh", "--opponents", "9" * 40], 2),
    ("vs-pot challenge no opponents", ["vs-pot", "As Kd Qh", "--game", "challenge",
                                       "--opponents", "0"], 2),
    # vs-pot: amounts, rules
    ("vs-pot pot 0", ["vs-pot", "As Kd Qh", "--pot", "0"], 2),
    ("vs-pot pot -1", ["vs-pot", "As Kd Qh", "--pot", "-1"], 2),
    ("vs-pot pot nan", ["vs-pot", "As Kd Qh", "--pot", "nan"], 2),
    ("vs-pot pot inf", ["vs-pot", "As Kd Qh", "--pot", "inf"], 2),
    ("vs-pot pot huge exponent", ["vs-pot", "As Kd Qh", "--pot", "1e999999999"], 2),
    ("vs-pot pot 1e400", ["vs-pot", "As Kd Qh", "--pot", "1e400"], 2),
    ("vs-pot pot ten", ["vs-pot", "As Kd Qh", "--pot", "ten"], 2),
    ("vs-pot limit without pot", ["vs-pot", "As Kd Qh", "--limit", "5"], 2),
    ("vs-pot limit 0", ["vs-pot", "As Kd Qh", "--pot", "10", "--limit", "0"], 2),
    ("vs-pot limit -inf", ["vs-pot", "As Kd Qh", "--pot", "10", "--limit", "-inf"], 2),
    ("vs-pot tie coin", ["vs-pot", "As Kd Qh", "--tie", "coin"], 2),
    ("vs-pot player-tie coin", ["vs-pot", "As Kd Qh", "--player-tie", "coin"], 2),
    ("vs-pot unknown option", ["vs-pot", "As Kd Qh", "--frobnicate"], 2),
    ("vs-pot missing hand", ["vs-pot"], 2),
    # table
    ("table unknown game", ["table", "--game", "nope", "--out", "{out}"], 2),
    ("table guts321 cards 4", ["table", "--game", "guts321", "--cards", "4", "--out", "{out}"], 2),
    ("table cards 0", ["table", "--game", "guts321", "--cards", "0", "--out", "{out}"], 2),
    ("table phoenix cards 2", ["table", "--cards", "2", "--out", "{out}"], 2),
    ("table opponents 16", ["table", "--opponents", "16", "--out", "{out}"], 2),
    ("table guts321 poker order 4 opponents, sampled, --samples 0",
     ["table", "--game", "guts321", "--opponents", "4", "--samples", "0", "--out", "{out}"], 2),
    ("table opponents -2", ["table", "--opponents", "-2", "--out", "{out}"], 2),
    ("table pot -1", ["table", "--pot", "-1", "--out", "{out}"], 2),
    ("table pot nan", ["table", "--pot", "nan", "--out", "{out}"], 2),
    ("table pot huge", ["table", "--pot", "9" * 5000, "--out", "{out}"], 2),
    ("table limit inf", ["table", "--limit", "inf", "--out", "{out}"], 2),
    ("table fee -1", ["table", "--fee", "-1", "--out", "{out}"], 2),
    ("table fee nan", ["table", "--fee", "nan", "--out", "{out}"], 2),
    ("table tie coin", ["table", "--tie", "coin", "--out", "{out}"], 2),
    ("table format pdf", ["table", "--format", "pdf", "--out", "{out}"], 2),
    ("table out is a file", ["table", "--out", "{file}"], 2),
    ("table out inside a file", ["table", "--out", "{file}/tables"], 1),
    # threshold
    ("threshold pot 0", ["threshold", "--pot", "0"], 2),
    ("threshold pot nan", ["threshold", "--pot", "nan"], 2),
    ("threshold limit -1", ["threshold", "--limit", "-1"], 2),
    ("threshold tie coin", ["threshold", "--tie", "coin"], 2),
    ("threshold pot 1e400", ["threshold", "--pot", "1e400"], 2),
    # swap
    ("swap missing pot", ["swap", "Jd 8c 4h"], 2),
    ("swap two cards", ["swap", "Jd 8c", "--pot", "10"], 2),
    ("swap fee -1", ["swap", "Jd 8c 4h", "--pot", "10", "--fee", "-1"], 2),
    ("swap fee nan", ["swap", "Jd 8c 4h", "--pot", "10", "--fee", "nan"], 2),
    ("swap dead overlaps hand", ["swap", "Jd 8c 4h", "--pot", "10", "--dead", "8c"], 2),
    ("swap tie coin", ["swap", "Jd 8c 4h", "--pot", "10", "--tie", "coin"], 2),
    ("swap pot huge exponent", ["swap", "Jd 8c 4h", "--pot", "1e999999999"], 2),
    ("swap 49 dead cards", ["swap", "Ad Ah As", "--pot", "10", "--dead", FORTY_EIGHT + " Ac"], 2),
    # last-card-up
    ("last-card-up players 0", ["last-card-up", "--players", "0"], 2),
    ("last-card-up players 40", ["last-card-up", "--players", "40"], 2),
    ("last-card-up players -3", ["last-card-up", "--players", "-3"], 2),
    ("last-card-up players x", ["last-card-up", "--players", "x"], 2),
    ("last-card-up burn-tie coin", ["last-card-up", "--players", "3", "--burn-tie", "coin"], 2),
    ("last-card-up missing players", ["last-card-up"], 2),
    # lone
    ("lone cards 4", ["lone", "--cards", "4"], 2),
    ("lone cards 0", ["lone", "--cards", "0"], 2),
    ("lone min-hand unknown", ["lone", "--min-hand", "ZZZ"], 2),
    ("lone min-hand of another round", ["lone", "--cards", "1", "--min-hand", "K98"], 2),
    # challenge
    ("challenge dealer-min 3", ["challenge", "As Kd Qh", "--pot", "10", "--dealer-min", "3"], 2),
    ("challenge qualifier unknown", ["challenge", "As Kd Qh", "--pot", "10", "--qualify", "ZZ"],
     2),
    ("challenge missing pot", ["challenge", "As Kd Qh"], 2),
    ("challenge pot nan", ["challenge", "As Kd Qh", "--pot", "nan"], 2),
    ("challenge limit 0", ["challenge", "As Kd Qh", "--pot", "10", "--limit", "0"], 2),
    ("challenge dead overlaps hand", ["challenge", "As Kd Qh", "--pot", "10", "--dead", "As"],
     2),
    ("challenge two cards", ["challenge", "As Kd", "--pot", "10"], 2),
    ("challenge challengers 0", ["challenge", "As Kd Qh", "--pot", "10", "--challengers", "0"],
     2),
    ("challenge challengers 17", ["challenge", "As Kd Qh", "--pot", "10", "--challengers",
                                  "17"], 2),
    ("challenge 49 dead cards", ["challenge", "As Ah Ad", "--pot", "10", "--dead",
                                 FORTY_EIGHT + " Ac"], 2),
    # qualify
    ("qualify qualifier unknown", ["qualify", "--qualify", "ZZ"], 2),
    ("qualify 50 dead cards", ["qualify", "--dead", FIFTY], 2),
    ("qualify dead unknown", ["qualify", "--dead", "Xx"], 2),
    ("qualify dead duplicated", ["qualify", "--dead", "As As"], 2),
    # omaha
    ("omaha card in two hands", ["omaha", "AsAhKsKh AsTc9d8c", "--board", "Qd7c2h3s"], 2),
    ("omaha hand of three", ["omaha", "AsAhKs JdTc9d8c", "--board", "Qd7c2h3s"], 2),
    ("omaha board of six", ["omaha", "AsAhKsKh JdTc9d8c", "--board", "Qd7c2h3s4s5s"], 2),
    ("omaha board of two", ["omaha", "AsAhKsKh JdTc9d8c", "--board", "Qd7c"], 2),
    ("omaha board overlaps hand", ["omaha", "AsAhKsKh JdTc9d8c", "--board", "Qd7c2hJd"], 2),
    ("omaha board unknown card", ["omaha", "AsAhKsKh JdTc9d8c", "--board", "Qd7c2hXx"], 2),
    ("omaha no hand", ["omaha", ""], 2),
    ("omaha thirteen hands", ["omaha", THIRTEEN_HANDS], 2),
    ("omaha opponents 20", ["omaha", "AsAhKsKh", "--board", "Qd7c2h3s", "--opponents", "20"], 2),
    ("omaha opponents 2 too slow exactly", ["omaha", "AsAhKsKh", "--board", "Qd7c2h3s",
                                            "--opponents", "2", "--exact"], 2),
    ("omaha opponents -1", ["omaha", "AsAhKsKh", "--opponents", "-1"], 2),
    ("omaha pot lots", ["omaha", "AsAhKsKh JdTc9d8c", "--pot", "lots"], 2),
    ("omaha pot 0", ["omaha", "AsAhKsKh JdTc9d8c", "--pot", "0"], 2),
    ("omaha pot nan", ["omaha", "AsAhKsKh JdTc9d8c", "--pot", "nan"], 2),
    ("omaha pot inf", ["omaha", "AsAhKsKh JdTc9d8c", "--pot", "inf"], 2),
    ("omaha pot huge exponent", ["omaha", "AsAhKsKh JdTc9d8c", "--pot", "1e999999999"], 2),
    ("omaha pot 1/0", ["omaha", "AsAhKsKh JdTc9d8c", "--pot", "1/0"], 2),
    ("omaha limit -1", ["omaha", "AsAhKsKh JdTc9d8c", "--pot", "10", "--limit", "-1"], 2),
    ("omaha limit without pot", ["omaha", "AsAhKsKh JdTc9d8c", "--limit", "10"], 2),
    ("omaha max-seconds nan", ["omaha", "AsAhKsKh JdTc9d8c", "--max-seconds", "nan"], 2),
    ("omaha max-seconds -1", ["omaha", "AsAhKsKh JdTc9d8c", "--max-seconds", "-1"], 2),
    ("omaha max-seconds inf", ["omaha", "AsAhKsKh JdTc9d8c", "--max-seconds", "inf"], 2),
    ("omaha max-seconds 0", ["omaha", "AsAhKsKh JdTc9d8c", "--max-seconds", "0"], 2),
    # the app
    ("unknown command", ["frobnicate"], 2),
    ("unknown global option", ["--frobnicate", "qualify"], 2),
]


def run(capsys, argv: list[str]) -> tuple[int | None, str, str]:
    """main(argv) in-process: (exit code, stdout, stderr); an escaped exception is a traceback."""
    code: int | None = 0
    err_extra = ""
    try:
        main(argv)
    except SystemExit as exc:
        code = exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 1)
    except BaseException as exc:  # noqa: B036 - what escapes main() would be a traceback
        code, err_extra = None, f"Traceback (escaped {type(exc).__name__}: {exc})\n"
    out = capsys.readouterr()
    return code, out.out, out.err + err_extra


def _tree(folder: Path) -> set[str]:
    return {str(p.relative_to(folder)) for p in folder.rglob("*")}


@pytest.fixture
def workdir(tmp_path, monkeypatch):
    """A fresh working folder with an empty output folder and a plain file."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "out").mkdir()
    (tmp_path / "afile").write_text("not a folder\n")
    return tmp_path


@pytest.mark.parametrize("argv,code", [(a, c) for _, a, c in BATTERY],
                         ids=[name for name, _, _ in BATTERY])
def test_bad_input_one_line_no_traceback_no_file(capsys, workdir, argv, code):
    argv = [a.replace("{out}", str(workdir / "out")).replace("{file}", str(workdir / "afile"))
            for a in argv]
    before = _tree(workdir)
    got, out, err = run(capsys, argv)
    assert "Traceback" not in err, err
    assert got == code, err
    assert err.count("\n") == 1 and err.endswith("\n"), err
    assert err.startswith("error: "), err  # the one prefix of both tools
    assert len(err) <= 400  # echoed inputs are cut
    assert out == ""
    assert _tree(workdir) == before  # no file left behind


def test_battery_is_large_enough():
    assert len(BATTERY) >= 60
    commands = {a[0] for _, a, _ in BATTERY}
    assert {"vs-pot", "table", "threshold", "swap", "last-card-up", "lone", "challenge",
            "qualify", "omaha"} <= commands


# --- the environment: exit code 1, one line -------------------------------------------------

def _fail_write(exc: BaseException):
    def write(*args, **kwargs):
        raise exc
    return write


@pytest.mark.parametrize("exc,needle", [
    (OSError(errno.ENOSPC, "No space left on device", "x.csv"), "No space left on device"),
    (PermissionError(errno.EACCES, "Permission denied", "x.csv"), "Permission denied"),
    (MemoryError(), "out of memory"),
])
def test_environment_errors_one_line_exit_1(capsys, workdir, monkeypatch, exc, needle):
    import guts_family.export as export

    monkeypatch.setattr(export, "write_files", _fail_write(exc))
    code, out, err = run(capsys, ["table", "--game", "guts321", "--cards", "1", "--out",
                                  str(workdir / "out")])
    assert code == 1 and err.count("\n") == 1 and needle in err and "Traceback" not in err
    assert out == "" and _tree(workdir / "out") == set()


def test_output_busy_message_printed_as_is(capsys, workdir, monkeypatch):
    import guts_family.export as export

    class OutputBusy(OSError):
        pass

    busy = OutputBusy(f"{workdir / 'out'} is in use by another run (pid 12345): wait for it")
    monkeypatch.setattr(export, "write_files", _fail_write(busy))
    code, _, err = run(capsys, ["table", "--game", "guts321", "--cards", "1", "--out",
                                str(workdir / "out")])
    assert code == 1 and err == f"error: {busy}\n"


def test_internal_error_names_type_and_debug(capsys, workdir, monkeypatch):
    import guts_family.games.guts_321 as guts_321  # the command imports it when it runs

    def boom(*args, **kwargs):
        raise KeyError("surprise")

    monkeypatch.setattr(guts_321, "lone_player_odds", boom)
    code, _, err = run(capsys, ["lone", "--cards", "1"])
    assert code == 1 and err.count("\n") == 1 and "Traceback" not in err
    assert "internal error (KeyError: 'surprise')" in err and "--debug" in err
    with pytest.raises(KeyError):
        main(["--debug", "lone", "--cards", "1"])


def test_debug_reraises_bad_input(capsys):
    from guts_family.cards import CardError

    with pytest.raises(CardError):
        main(["--debug", "vs-pot", "Zz"])


# --- conventions -----------------------------------------------------------------------------

COMMANDS = ["vs-pot", "table", "threshold", "swap", "last-card-up", "lone", "challenge",
            "qualify", "omaha"]


@pytest.mark.parametrize("command", [None, *COMMANDS])
def test_short_help_everywhere_without_bool_metavar(capsys, command, monkeypatch):
    monkeypatch.setenv("COLUMNS", "200")
    code, out, err = run(capsys, ["-h"] if command is None else [command, "-h"])
    assert code == 0 and err == "" and "Usage:" in out
    assert "<bool>" not in out
    if command in ("vs-pot", "table", "threshold", "challenge", "omaha"):
        assert "--limit" in out and "--cap" not in out
    if command is not None:
        assert "[default:" in out


def test_version_and_completion(capsys):
    from guts_family import __version__

    code, out, _ = run(capsys, ["--version"])
    assert code == 0 and __version__ in out
    code, out, _ = run(capsys, ["-h"])
    assert "--install-completion" in out and "--debug" in out


def test_hidden_aliases_still_work(capsys, monkeypatch):
    import toolkit_cli.progress as display

    monkeypatch.setattr(display, "stderr_is_terminal", lambda: True)  # notes go to terminals
    code, out, err = run(capsys, ["omaha", "--hands", "As3sJhTd QcQh5c6d", "--board", "KsQs7d2s",
                                  "--pot", "60", "--cap", "10", "--json"])
    new = run(capsys, ["omaha", "As3sJhTd QcQh5c6d", "--board", "KsQs7d2s", "--pot", "60",
                       "--limit", "10", "--json"])
    assert code == 0 and new[0] == 0 and json.loads(out) == json.loads(new[1])
    assert err.count("deprecated") == 2 and err.count("\n") == 2  # --hands and --cap
    code, out, err = run(capsys, ["qualify", "--at-least", "K", "--json"])
    new = run(capsys, ["qualify", "--qualify", "K", "--json"])
    assert code == 0 and json.loads(out) == json.loads(new[1]) and "deprecated" in err
    monkeypatch.setattr(display, "stderr_is_terminal", lambda: False)
    code, out, err = run(capsys, ["qualify", "--at-least", "K"])
    assert code == 0 and err == ""  # no note in a pipe or a script


@pytest.mark.parametrize("argv", [
    ["vs-pot", "Qh", "--game", "guts321"],
    ["threshold", "--pot", "3"],
    ["swap", "5c 3d 2h", "--pot", "10"],
    ["last-card-up", "--players", "3"],
    ["lone", "--cards", "1"],
    ["challenge", "Ks Kd 9c", "--pot", "10"],
    ["qualify"],
    ["omaha", "As3sJhTd QcQh5c6d", "--board", "KsQs7d2s"],
    ["table", "--game", "guts321", "--cards", "1", "--out", "OUT"],
])
def test_every_output_carries_version_and_options(capsys, workdir, argv):
    from guts_family import __version__

    argv = [str(workdir / "out") if a == "OUT" else a for a in argv]
    code, out, _ = run(capsys, argv)
    assert code == 0
    first = out.splitlines()[0]
    assert first.startswith(f"# guts-odds {__version__} {argv[0]}"), first
    code, out, _ = run(capsys, [*argv, "--json"])
    data = json.loads(out)
    assert code == 0 and data["version"] == __version__ and data["command"] == argv[0]
    assert isinstance(data["options"], dict)


def test_table_csv_header_has_version(capsys, workdir):
    from guts_family import __version__

    code, _, _ = run(capsys, ["table", "--game", "guts321", "--cards", "1", "--out",
                              str(workdir / "out")])
    text = (workdir / "out" / "guts321-1card.csv").read_text()
    assert code == 0 and f"# version: {__version__}\n" in text


def test_table_out_is_checked_before_any_work(capsys, workdir, monkeypatch):
    import guts_family.cli.games as games

    def never(*args, **kwargs):
        raise AssertionError("computed before checking --out")

    monkeypatch.setattr("guts_family.games.get_game", never)
    monkeypatch.setattr(games, "_game", never)
    code, _, err = run(capsys, ["table", "--out", str(workdir / "afile")])
    assert code == 2 and "--out" in err and "folder" in err


def test_table_creates_a_missing_out_folder(capsys, workdir):
    code, _, err = run(capsys, ["table", "--game", "guts321", "--cards", "1", "--out",
                                str(workdir / "new" / "tables")])
    assert code == 0, err
    assert (workdir / "new" / "tables" / "guts321-1card.csv").exists()


# --- Ctrl-C in a real process: tests/test_interrupt.py (driven through the test seam) -------
