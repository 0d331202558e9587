"""The one error boundary (toolkit_cli/errors.py): each kind of failure's line and exit code,
the same prefix for both tools, --debug anywhere, and what an environment failure names once."""

from __future__ import annotations

import errno
import os

import pytest
import typer

from guts_family.cards import CardError as GutsCardError
from guts_family.cli.common import TOOL as GUTS
from toolkit_cli.errors import (
    InputError,
    Interrupted,
    _take_debug,
    describe_error,
    one_line,
    os_message,
    run,
    shorten,
)
from toolkit_cli.tool import Tool
from twentyone_burn.cli.common import TOOL as BURN
from twentyone_burn.rules import RulesError


@pytest.mark.parametrize(("exc", "code", "start"), [
    (RulesError("decks must be from 1 to 8"), 2, "error: decks must"),
    (InputError("bad\nthing"), 2, "error: bad thing"),
    (UnicodeDecodeError("utf-8", b"\xff", 0, 1, "invalid start byte"), 2, "error: an input"),
    (RecursionError("deep"), 2, "error: an input file is nested"),
    (OSError(errno.ENOSPC, os.strerror(errno.ENOSPC), "/out/x.json"), 1,
     "error: cannot write /out/x.json: No space left on device"),
    (OSError(errno.EACCES, os.strerror(errno.EACCES), "/out"), 1,
     "error: cannot write /out: Permission denied"),
    (OSError(errno.EROFS, os.strerror(errno.EROFS), "/ro/f"), 1, "error: cannot write /ro/f"),
    (MemoryError(), 1, "error: out of memory"),
    (TypeError("x" * 10_000), 1, "error: internal error (TypeError: xxx"),
    (KeyboardInterrupt(), 130, "interrupted"),
    (Interrupted("; finished chunks are kept in c.ckpt"), 130, "interrupted; finished"),
])
def test_describe_error(exc, code, start):
    got, line = describe_error(exc, BURN)
    assert got == code and line.startswith(start) and "\n" not in line and len(line) <= 400


@pytest.mark.parametrize("exc", [InputError("--pot must be positive"),
                                 OSError(errno.ENOSPC, "No space left on device", "x.csv"),
                                 MemoryError(), KeyError("surprise")])
def test_both_tools_share_the_prefix_and_the_code(exc):
    (a, line_a), (b, line_b) = describe_error(exc, BURN), describe_error(exc, GUTS)
    assert a == b and line_a.startswith("error: ") and line_b.startswith("error: ")


def test_each_tool_names_its_own_bad_input():
    assert describe_error(ValueError("--pot must be positive"), GUTS) == \
        (2, "error: --pot must be positive")
    assert describe_error(GutsCardError("unknown card 'Zz'"), GUTS)[0] == 2
    # for twentyone-burn a bare ValueError is a bug: its own errors say what is wrong
    assert describe_error(ValueError("x"), BURN)[0] == 1
    # a too deep input file is twentyone-burn's (TOML rules files); guts-odds reads none
    assert describe_error(RecursionError(), BURN)[0] == 2
    assert describe_error(RecursionError(), GUTS)[0] == 1


def test_a_bad_input_named_by_its_class_name_needs_no_import():
    class ChartError(ValueError):
        pass

    assert Tool("t", "1", bad_input=("ChartError",)).is_bad_input(ChartError("cell D8"))
    assert describe_error(ChartError("cell D8"), BURN) == (2, "error: cell D8")


def test_an_environment_failure_says_what_and_where_once():
    named = OSError(errno.ENOSPC, "cannot write out/x.csv: No space left on device", "out/x.csv")
    assert os_message(named) == "cannot write out/x.csv: No space left on device"
    assert describe_error(named, BURN) == (1, "error: " + os_message(named))
    assert os_message(OSError(errno.ENOENT, "No such file or directory", "in.toml")) == \
        "cannot use in.toml: No such file or directory"
    busy = OSError("another run is writing to reports; wait for it or choose another --out")
    assert describe_error(busy, GUTS) == (1, f"error: {busy}")


def test_usage_errors_and_no_command_in_each_tools_words():
    e = typer.BadParameter("--colour takes red or blue")
    assert describe_error(e, BURN) == (2, "error: Invalid value: --colour takes red or blue "
                                          "(see --help)")
    assert describe_error(e, GUTS) == (2, "error: Invalid value: --colour takes red or blue")

    class NoArgsIsHelpError(Exception):
        pass

    assert describe_error(NoArgsIsHelpError(), BURN) == (2, "error: give a command (see --help)")
    assert describe_error(NoArgsIsHelpError(), GUTS)[1].startswith("error: no command given")


def test_one_line_and_shorten_cut_long_input():
    assert one_line("a\n b\t c") == "a b c" and len(one_line("word " * 1000)) == 400
    assert len(shorten("x" * 1_000_000)) == 80 and shorten(10 ** 5000).startswith("a number")


def test_debug_is_taken_out_anywhere_before_the_double_dash():
    assert _take_debug(["--debug", "analyze"]) == (["analyze"], True)
    assert _take_debug(["analyze", "--", "--debug"]) == (["analyze", "--", "--debug"], False)


def _boom_app() -> typer.Typer:
    boom = typer.Typer()

    @boom.command()
    def go(debug: bool = typer.Option(False, "--debug")) -> None:
        raise ZeroDivisionError("division by zero")

    return boom


def test_internal_error_one_line_and_debug_reraises(capsys):
    cmd = typer.main.get_command(_boom_app())
    with pytest.raises(SystemExit) as e:
        run(BURN, lambda: cmd, [])
    err = capsys.readouterr().err
    assert e.value.code == 1 and err == ("error: internal error (ZeroDivisionError: division "
                                         "by zero); rerun with --debug for the traceback\n")
    with pytest.raises(ZeroDivisionError):
        run(BURN, lambda: cmd, ["--debug"])


def test_a_failure_while_building_the_command_is_one_line(capsys):
    def build():
        raise MemoryError

    with pytest.raises(SystemExit) as e:
        run(GUTS, build, [])
    assert e.value.code == 1 and capsys.readouterr().err.startswith("error: out of memory:")


def test_a_command_returning_130_is_interrupted(capsys):
    class Cmd:
        def main(self, **kw):
            return 130

    with pytest.raises(SystemExit) as e:
        run(BURN, Cmd, [])
    assert e.value.code == 130 and capsys.readouterr().err == "interrupted\n"
