"""The ``twentyone-burn`` app (twentyone_burn/cli/app.py): its entry point in a real process
(exit codes, --debug, Ctrl-C), --version and -h everywhere, help without ``<bool>`` and with
the rule sheet's defaults, and the line when no command is given."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest
import typer
from typer.testing import CliRunner

from tests.cli.test_bad_input import run
from twentyone_burn import __version__
from twentyone_burn.cli import app

COMMANDS = ("analyze", "hand", "dealer", "simulate", "verify", "chart", "value", "report",
            "tune")
# as the twentyone-burn script starts (pyproject [project.scripts]: twentyone_burn._entry)
ENTRY = [sys.executable, "-c", "import sys; from twentyone_burn._entry import main; "
         "sys.argv[0] = 'twentyone-burn'; main()"]


def cli(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([*ENTRY, *args], capture_output=True, text=True, timeout=300)


# -- the entry point in a real process ---------------------------------------------------------
def test_debug_flag_shows_the_traceback():
    p = cli("--debug", "analyze", "--decks", "0")
    assert p.returncode != 0 and "Traceback" in p.stderr and "RulesError" in p.stderr
    p = cli("analyze", "--decks", "0")
    assert p.returncode == 2 and "Traceback" not in p.stderr
    assert p.stderr == "error: decks must be from 1 to 8 (or 'inf'), not 0\n"


def test_an_environment_failure_exits_1_with_one_line():
    p = cli("report", "--out", "/proc/no-reports")
    assert p.returncode == 1, p.stderr
    assert len(p.stderr.splitlines()) == 1 and "Traceback" not in p.stderr, p.stderr


def _seam(point: str) -> dict[str, str]:
    """The environment that interrupts a run at ``point`` (toolkit_cli/interrupt.py's test
    seam: the process sends itself SIGINT there; no sleeping until it is busy)."""
    return {**os.environ, "TOOLKIT_TEST_INTERRUPT_AT": point}


ANALYZE = [*ENTRY, "analyze", "--decks", "8"]


def test_ctrl_c_exits_130_with_one_line():
    proc = subprocess.run(ANALYZE, capture_output=True, text=True, timeout=300,
                          env=_seam("work-started"))
    assert proc.returncode == 130, proc.stderr
    assert proc.stderr == "interrupted\n" and proc.stdout == "", proc.stderr


def test_ctrl_c_under_a_progress_bar_is_its_own_line():
    import pty
    master, slave = pty.openpty()
    proc = subprocess.Popen(ANALYZE, stdout=subprocess.DEVNULL, stderr=slave,
                            env={**_seam("bar-drawn"), "COLUMNS": "120", "TERM": "xterm"})
    os.close(slave)
    chunks = []
    while True:
        try:
            data = os.read(master, 65536)
        except OSError:
            break
        if not data:
            break
        chunks.append(data)
    proc.wait(timeout=300)
    os.close(master)
    screen = b"".join(chunks).decode(errors="replace")
    assert proc.returncode == 130
    last = screen.replace("\r\n", "\n").rstrip("\n").split("\n")[-1]
    assert last.split("\r")[-1].replace("\x1b[K", "") == "interrupted", repr(screen[-300:])
    assert screen.count("interrupted") == 1 and "Traceback" not in screen


# -- --version, -h, help -----------------------------------------------------------------------
@pytest.mark.parametrize("cmd", ("", *COMMANDS))
def test_version_and_short_help_everywhere(cmd, monkeypatch, capsys):
    pre = [cmd] if cmd else []
    code, out, err = run([*pre, "--version"], monkeypatch, capsys)
    assert code == 0 and out == f"twentyone-burn {__version__}\n", (out, err)
    code, out, _ = run([*pre, "-h"], monkeypatch, capsys)
    assert code == 0 and "Usage:" in out and "--help" in out


@pytest.mark.parametrize("cmd", COMMANDS)
def test_help_has_no_bool_metavar_and_shows_defaults(cmd, monkeypatch, capsys):
    code, out, _ = run([cmd, "--help"], monkeypatch, capsys)
    assert code == 0 and "<bool>" not in out, out
    if cmd != "value" and cmd != "hand":
        assert "default" in out
    assert "rule sheet" in out


def test_the_typer_app_itself_shows_no_bool():
    """Tests invoke ``app`` through typer's runner: its group is the entry point's."""
    r = CliRunner().invoke(app, ["hand", "--help"], env={"COLUMNS": "200", "NO_COLOR": "1"})
    assert r.exit_code == 0 and "<bool>" not in r.stdout and "--mandatory-split" in r.stdout


def test_app_help_has_no_bool_and_offers_completion(monkeypatch, capsys):
    code, out, _ = run(["--help"], monkeypatch, capsys)
    assert code == 0 and "<bool>" not in out and "--install-completion" in out


def test_no_command_prints_help_and_one_error_line(monkeypatch, capsys):
    code, out, err = run([], monkeypatch, capsys)
    assert code == 2 and err == "error: give a command (see --help)\n"


def test_debug_after_the_command_is_taken_too(monkeypatch, capsys):
    with pytest.raises(Exception, match="decks must be from 1 to 8"):
        run(["analyze", "--decks", "0", "--debug"], monkeypatch, capsys)


# -- the commands, listed from a table and imported when used ----------------------------------
def _tables() -> list:
    from twentyone_burn.cli import protection
    from twentyone_burn.cli.app import COMMANDS
    return [pytest.param(COMMANDS, id="twentyone-burn"),
            pytest.param(protection.COMMANDS, id="protection")]


@pytest.mark.parametrize("table", _tables())
def test_the_command_table_is_what_the_modules_register(table):
    """Each table (the one --help lists) against the modules themselves: the same names in the
    same order, each with its command's own one-line help and hidden flag."""
    from toolkit_cli.help import SUMMARY_MAX
    from toolkit_cli.lazy import module_commands

    registered = {}
    for module in dict.fromkeys(entry.module for entry in table.values()):
        for name, cmd in module_commands(module).items():
            assert name not in registered, f"{name} registered twice"
            registered[name] = (module, cmd)
    assert list(registered) == list(table)
    for name, (module, cmd) in registered.items():
        assert table[name].module == module
        assert table[name].help == cmd.get_short_help_str(SUMMARY_MAX), name
        assert table[name].hidden == cmd.hidden, name


def _eager(lazy: typer.Typer, modules: list[str]) -> typer.Typer:
    """``lazy`` as it was built before its commands were listed from a table: a plain
    :class:`toolkit_cli.help.Group` with every module registered on it at once."""
    import copy
    import importlib

    from toolkit_cli.help import Group

    eager = copy.copy(lazy)
    eager.info = copy.copy(lazy.info)
    eager.info.cls = Group
    eager.registered_commands, eager.registered_groups = [], []
    for module in modules:
        importlib.import_module(module).register(eager)
    return eager


@pytest.mark.parametrize("columns", [80, 120])
@pytest.mark.parametrize("path", [(), ("protection",)], ids=["root", "protection"])
def test_the_listed_help_is_the_registered_apps(path, columns):
    """The help printed from the tables, byte for byte the help of the app with every
    command's module registered on it (the app as it was built before the tables)."""
    from twentyone_burn.cli import protection
    from twentyone_burn.cli.app import COMMANDS

    def modules(table):
        return [m for m in dict.fromkeys(e.module for e in table.values())
                if m != protection.__name__]

    eager = _eager(app, modules(COMMANDS))
    eager.add_typer(_eager(protection.group, modules(protection.COMMANDS)), name="protection")
    env = {"COLUMNS": str(columns), "NO_COLOR": "1", "TERM": "dumb"}

    def show(a: typer.Typer) -> str:
        r = CliRunner().invoke(a, [*path, "--help"], env=env, prog_name="twentyone-burn",
                               terminal_width=columns)
        assert r.exit_code == 0, r.output
        return r.output

    listed = show(app)
    assert listed == show(eager)
    table = protection.COMMANDS if path else COMMANDS
    assert all(f"  {name} " in listed for name in table)


def test_help_builds_no_command_and_a_command_builds_its_modules_only():
    """The root help reads the table; looking ``hand`` up builds its module's three commands
    (analyze, hand, dealer) and no other."""
    from toolkit_cli.lazy import LazyCommands

    group = typer.main.get_command(app)
    ctx = group.context_class(group, info_name="twentyone-burn")
    assert "hand" in group.get_help(ctx)
    commands = group.commands
    assert isinstance(commands, LazyCommands)
    assert not [n for n in commands if commands.loaded(n)]
    assert group.get_command(ctx, "hand").name == "hand"
    assert [n for n in commands if commands.loaded(n)] == ["analyze", "hand", "dealer"]
    assert group.get_command(ctx, "no-such-command") is None


def test_a_typo_is_answered_from_the_table(monkeypatch, capsys):
    code, _, err = run(["analyse"], monkeypatch, capsys)
    assert code == 2 and "Did you mean 'analyze'?" in err, err
