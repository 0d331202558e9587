"""Command-line conventions of ``twentyone-burn``: the error boundary's lines and exit codes,
Ctrl-C, --version / -h everywhere, help without ``<bool>`` and with defaults, provenance
headers, --force before overwriting, --out as a folder, counts like 1e8."""

from __future__ import annotations

import errno
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from typer.testing import CliRunner

from twentyone_burn import __version__
from twentyone_burn.cli import app, main
from twentyone_burn.cli.app import command
from twentyone_burn.cli.common import (
    InputError,
    Interrupted,
    describe_error,
    parse_count,
    run_main,
)
from twentyone_burn.rules import Rules, RulesError, shorten

COMMANDS = ("analyze", "hand", "dealer", "simulate", "verify", "chart", "value", "report",
            "tune")


def cli(*args: str, **kw) -> subprocess.CompletedProcess:
    code = "import sys; from twentyone_burn.cli import main; sys.argv[0] = 'twentyone-burn'; main()"
    return subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True,
                          timeout=300, **kw)


def inproc(args: list[str], monkeypatch, capsys) -> tuple[int, str, str]:
    monkeypatch.setattr(sys, "argv", ["twentyone-burn", *args])
    code = 0
    try:
        main()
    except SystemExit as e:
        code = e.code if isinstance(e.code, int) else 1
    out, err = capsys.readouterr()
    return code, out, err


# -- the error boundary ------------------------------------------------------------------------
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
    got, line = describe_error(exc)
    assert got == code and line.startswith(start) and "\n" not in line and len(line) <= 400


def test_output_busy_is_printed_as_is():
    from twentyone_burn import io
    busy = getattr(io, "OutputBusy", None)
    if busy is None:
        pytest.skip("twentyone_burn.io has no OutputBusy yet")
    msg = "another twentyone-burn run is writing to reports; wait for it or choose another --out"
    code, line = describe_error(busy(errno.EWOULDBLOCK, msg))
    assert code == 1 and line == f"error: {msg}"


def test_internal_error_one_line_and_debug_reraises(monkeypatch, capsys):
    import typer

    boom = typer.Typer()

    @boom.command()
    def go(debug: bool = typer.Option(False, "--debug")) -> None:
        raise ZeroDivisionError("division by zero")

    cmd = typer.main.get_command(boom)
    with pytest.raises(SystemExit) as e:
        run_main(cmd, [])
    err = capsys.readouterr().err
    assert e.value.code == 1 and err == ("error: internal error (ZeroDivisionError: division "
                                         "by zero); rerun with --debug for the traceback\n")
    with pytest.raises(ZeroDivisionError):
        run_main(cmd, ["--debug"])


def test_debug_flag_shows_the_traceback():
    p = cli("--debug", "analyze", "--decks", "0")
    assert p.returncode != 0 and "Traceback" in p.stderr and "RulesError" in p.stderr
    p = cli("analyze", "--decks", "0")
    assert p.returncode == 2 and "Traceback" not in p.stderr
    assert p.stderr == "error: decks must be from 1 to 8 (or 'inf'), not 0\n"


def test_subprocess_bad_inputs_one_line(tmp_path):
    bad = tmp_path / "bad.toml"
    bad.write_bytes(b"win_pays = true\n")
    for args, code in [(("analyze", "--rules", str(bad)), 2),
                       (("hand", "T 6 Z", "--up", "T"), 2),
                       (("simulate", "--rounds", "1e13"), 2),
                       (("report", "--out", "/proc/no-reports"), 1),
                       (("nonsense",), 2)]:
        p = cli(*args)
        assert p.returncode == code, (args, p.stderr)
        assert len(p.stderr.splitlines()) == 1 and "Traceback" not in p.stderr, p.stderr


def _wait_until_busy(pid: int, cpu_seconds: float = 3.0, timeout: float = 120) -> None:
    """Until the process has used this much CPU: past its imports, inside the analysis."""
    import psutil
    p = psutil.Process(pid)
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        t = p.cpu_times()
        if t.user + t.system >= cpu_seconds:
            return
        time.sleep(0.05)


ANALYZE = [sys.executable, "-c", "import sys; from twentyone_burn.cli import main; "
           "sys.argv[0] = 'twentyone-burn'; main()", "analyze", "--decks", "8"]


def test_ctrl_c_exits_130_with_one_line():
    proc = subprocess.Popen(ANALYZE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    _wait_until_busy(proc.pid)
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=120)
    if proc.returncode == 0:
        pytest.skip("the analysis finished before the signal")
    assert proc.returncode == 130, err
    assert err == "interrupted\n", err


def test_ctrl_c_under_a_progress_bar_is_its_own_line():
    import pty
    master, slave = pty.openpty()
    proc = subprocess.Popen(ANALYZE, stdout=subprocess.DEVNULL, stderr=slave,
                            env={**os.environ, "COLUMNS": "120", "TERM": "xterm"})
    os.close(slave)
    _wait_until_busy(proc.pid)
    proc.send_signal(signal.SIGINT)
    chunks = []
    while True:
        try:
            data = os.read(master, 65536)
        except OSError:
            break
        if not data:
            break
        chunks.append(data)
    proc.wait(timeout=120)
    os.close(master)
    if proc.returncode == 0:
        pytest.skip("the analysis finished before the signal")
    screen = b"".join(chunks).decode(errors="replace")
    assert proc.returncode == 130
    last = screen.replace("\r\n", "\n").rstrip("\n").split("\n")[-1]
    assert last.split("\r")[-1].replace("\x1b[K", "") == "interrupted", repr(screen[-300:])
    assert screen.count("interrupted") == 1 and "Traceback" not in screen


def test_simulate_interrupt_carries_the_resume_hint(monkeypatch, tmp_path):
    from twentyone_burn.cli import simulate as sim_cli

    def stop() -> None:
        raise KeyboardInterrupt

    with pytest.raises(Interrupted) as e:
        sim_cli._run(stop, tmp_path / "c.ckpt")
    assert "run the same command again to resume" in describe_error(e.value)[1]


# -- --version, -h, help -----------------------------------------------------------------------
@pytest.mark.parametrize("cmd", ("", *COMMANDS))
def test_version_and_short_help_everywhere(cmd, monkeypatch, capsys):
    pre = [cmd] if cmd else []
    code, out, err = inproc([*pre, "--version"], monkeypatch, capsys)
    assert code == 0 and out == f"twentyone-burn {__version__}\n", (out, err)
    code, out, _ = inproc([*pre, "-h"], monkeypatch, capsys)
    assert code == 0 and "Usage:" in out and "--help" in out


def _help(cmd: str) -> str:
    ctx_cmd = command()
    import click  # noqa: F401  (typer's help is rendered through its own click copy)
    r = CliRunner().invoke(app, [cmd, "--help"], terminal_width=200,
                           env={"COLUMNS": "200", "NO_COLOR": "1"})
    assert ctx_cmd is not None and r.exit_code == 0
    return r.stdout


@pytest.mark.parametrize("cmd", COMMANDS)
def test_help_has_no_bool_metavar_and_shows_defaults(cmd, monkeypatch, capsys):
    code, out, _ = inproc([cmd, "--help"], monkeypatch, capsys)
    assert code == 0 and "<bool>" not in out, out
    if cmd != "value" and cmd != "hand":
        assert "default" in out
    assert "rule sheet" in out


def test_app_help_has_no_bool_and_offers_completion(monkeypatch, capsys):
    code, out, _ = inproc(["--help"], monkeypatch, capsys)
    assert code == 0 and "<bool>" not in out and "--install-completion" in out


def test_no_command_prints_help_and_one_error_line(monkeypatch, capsys):
    code, out, err = inproc([], monkeypatch, capsys)
    assert code == 2 and err == "error: give a command (see --help)\n"


# -- provenance --------------------------------------------------------------------------------
@pytest.mark.parametrize("args", [["hand", "T 6 5", "--up", "T"], ["dealer", "--up", "6"],
                                  ["hand", "8 8", "--up", "A", "--rules",
                                   "classic-blackjack"]])
def test_text_output_carries_rules_hash_and_version(args, monkeypatch, capsys):
    code, out, _ = inproc([*args, "--decks", "inf"], monkeypatch, capsys)
    rules = Rules(decks=None) if "classic-blackjack" not in args else None
    assert code == 0
    lines = out.splitlines()
    assert lines[0].startswith("rules: {") and lines[1].startswith("rules hash: ")
    assert lines[2] == f"version: twentyone-burn {__version__}"
    if rules is not None:
        assert lines[0] == f"rules: {rules.canonical_json()}"
        assert lines[1] == f"rules hash: {rules.rules_hash}"
    code, out, _ = inproc([*args, "--decks", "inf", "--json"], monkeypatch, capsys)
    d = json.loads(out)
    assert d["version"] == __version__ and len(d["rules_hash"]) == 64


def test_simulate_json_carries_rules_hash_and_version(monkeypatch, capsys):
    code, out, _ = inproc(["simulate", "--rounds", "2e3", "--seed", "1", "--decks", "inf",
                           "--strategy", "always-stand", "--workers", "1", "--json"],
                          monkeypatch, capsys)
    d = json.loads(out)
    assert code == 0 and d["rounds"] == 2000
    assert d["version"] == __version__ and len(d["rules_hash"]) == 64


# -- counts ------------------------------------------------------------------------------------
@pytest.mark.parametrize(("text", "value"), [("1e8", 10 ** 8), ("100_000_000", 10 ** 8),
                                             ("1,000,000", 10 ** 6), ("2.5e3", 2500),
                                             ("1E12", 10 ** 12), (" 7 ", 7)])
def test_counts(text, value):
    assert parse_count(text, "--rounds") == value


@pytest.mark.parametrize("text", ["0", "1e13", "1.5", "1e999", "-1", "1__0", "nan", "1e-3",
                                  "9" * 5000, "", "0x10"])
def test_bad_counts(text):
    with pytest.raises(InputError) as e:
        parse_count(text, "--rounds")
    assert len(str(e.value)) < 200


def test_shorten():
    assert len(shorten("x" * 1_000_000)) == 80
    with pytest.raises(RulesError) as e:
        Rules.from_dict({"double_on": "y" * 1_000_000})
    assert len(str(e.value)) < 200


# -- --force and --out -------------------------------------------------------------------------
def test_tune_out_is_a_folder_and_refuses_to_overwrite(tmp_path, monkeypatch, capsys):
    args = ["tune", "--knob", "commission", "--target-edge", "0.01", "--decks", "inf"]
    code, out, err = inproc([*args, "--out", str(tmp_path)], monkeypatch, capsys)
    assert code == 0, err
    written = tmp_path / "tuned-rules.toml"
    first = written.read_text()
    code, out, err = inproc([*args, "--out", str(tmp_path)], monkeypatch, capsys)
    assert code == 2 and "--force" in err and len(err.splitlines()) == 1
    assert written.read_text() == first
    # --force replaces it; a file path (deprecated) still works: one run checks both
    old = tmp_path / "tuned-rules.toml"
    old.write_text("stale\n")
    code, _, err = inproc([*args, "--out", str(old), "--force"], monkeypatch, capsys)
    assert code == 0 and old.read_text() == first


def test_analyze_deals_refuses_to_overwrite(tmp_path, monkeypatch, capsys):
    deals = tmp_path / "deals.csv"
    deals.write_text("old\n")
    code, _, err = inproc(["analyze", "--decks", "inf", "--deals", str(deals)], monkeypatch,
                          capsys)
    assert code == 2 and "--force" in err and deals.read_text() == "old\n"
    code, out, err = inproc(["analyze", "--decks", "inf", "--deals", str(deals), "--force"],
                            monkeypatch, capsys)
    assert code == 0 and deals.read_text().startswith("# 21 Burn deals")


def test_report_and_chart_refuse_the_published_files(monkeypatch, capsys):
    root = Path(__file__).resolve().parents[2]
    monkeypatch.chdir(root)
    before = {p: p.stat().st_mtime_ns for p in [*root.glob("reports/*"),
                                                *root.glob("strategy_tables/*")]}
    code, _, err = inproc(["report", "--no-variations", "--sim-rounds", "0"], monkeypatch,
                          capsys)
    assert code == 2 and "--force" in err and "21burn-standard" in err
    code, _, err = inproc(["chart", "--out", "strategy_tables"], monkeypatch, capsys)
    assert code == 2 and "--force" in err
    after = {p: p.stat().st_mtime_ns for p in before}
    assert before == after


def test_ctrl_c_of_a_checkpointed_simulation_says_how_to_resume(tmp_path):
    cp = tmp_path / "run.ckpt"
    proc = subprocess.Popen([*ANALYZE[:3], "simulate", "--decks", "inf", "--rounds", "1e10",
                             "--seed", "1", "--strategy", "always-stand", "--workers", "1",
                             "--chunk-size", "1e6", "--checkpoint", str(cp)],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        if cp.exists() and len(cp.read_text().splitlines()) >= 2:
            break
        time.sleep(0.05)
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=120)
    assert proc.returncode == 130, err
    assert len(err.splitlines()) == 1 and err.startswith("interrupted; finished chunks are kept")
    assert str(cp) in err and "Traceback" not in err
