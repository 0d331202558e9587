"""The one progress display (toolkit_cli/progress.py): where it goes, a log's lines at most
every few seconds, and the live displays on a terminal."""

from __future__ import annotations

import io

import pytest

from toolkit_cli import progress as p


@pytest.fixture
def _auto(monkeypatch):
    """The display as a user gets it (the suite's TOOLKIT_PROGRESS=none lifted)."""
    monkeypatch.delenv("TOOLKIT_PROGRESS", raising=False)
    monkeypatch.setattr(p, "_QUIET", False)


def test_where_progress_goes(monkeypatch, _auto):
    monkeypatch.setattr(p, "stderr_is_terminal", lambda: True)
    assert p.display() == "live" and p.display(lines=True) == "live"
    assert p.display(quiet=True) == "none"
    monkeypatch.setattr(p, "stderr_is_terminal", lambda: False)
    monkeypatch.setattr(p, "_stderr_is_a_file", lambda: False)     # a captured stream
    assert p.display() == "none" and p.display(lines=True) == "lines"
    assert p.display(quiet=True, lines=True) == "none"
    monkeypatch.setattr(p, "_stderr_is_a_file", lambda: True)      # a log file or a pipe
    assert p.display() == "lines"
    p.set_quiet(True)                                              # --quiet
    assert p.display() == p.display(lines=True) == "none"
    monkeypatch.setattr(p, "_QUIET", False)
    for forced in ("none", "lines"):
        monkeypatch.setenv("TOOLKIT_PROGRESS", forced)
        assert p.display() == forced
    monkeypatch.setattr(p, "stderr_is_terminal", lambda: True)      # a terminal keeps its bar
    assert p.display() == "live"


def test_a_captured_stream_is_silent_unless_lines_are_asked_for(capsys, monkeypatch, _auto):
    monkeypatch.setenv("TOOLKIT_LINES_AFTER", "0")
    with p.progress("report", unit="up cards") as bar, p.status("sampling") as update:
        assert bar is None and update is None
    with p.progress("report", unit="up cards", lines=True) as bar:
        assert bar is not None
        bar(3, 10, "exact analysis")
    assert capsys.readouterr().err == ("report: exact analysis, 3 of 10 up cards, 0 s\n"
                                       "report: done, 0 s\n")


def test_quick_work_writes_no_line_and_long_work_a_closing_one():
    out = io.StringIO()
    log = p.Lines("report", stream=out, after=3.0, clock=_clock([0.0, 1.0, 2.0, 4.0, 6.0]))
    log(1, 10)                   # 1 s: too early
    log.status("sampling")       # 2 s: too early
    log(2, 10)                   # 4 s: the first line
    log.close()                  # the closing line, with the stage's time
    assert out.getvalue().splitlines() == ["report: 2 of 10, 4 s", "report: done, 6 s"]
    quick = io.StringIO()
    log = p.Lines("report", stream=quick, after=3.0, clock=_clock([0.0, 1.0, 2.0]))
    log(1, 10)
    log.close()
    assert quick.getvalue() == ""


def test_lines_after_comes_from_the_environment(monkeypatch):
    monkeypatch.setenv("TOOLKIT_LINES_AFTER", "0.5")
    assert p._lines_after() == 0.5
    monkeypatch.setenv("TOOLKIT_LINES_AFTER", "soon")
    assert p._lines_after() == p.LINES_AFTER


def _clock(times):
    it = iter(times)
    return lambda: next(it)


def test_lines_one_per_stage_and_at_most_one_every_few_seconds():
    out = io.StringIO()
    log = p.Lines("deriving charts", stream=out, every=5.0, after=0,
                  clock=_clock([0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 11.0]))
    log(1, 20, "variations")     # first: shown
    log(2, 20, "variations")     # 1 s later, same stage: not shown
    log(0, 1, "return table")    # a new stage: shown
    log(1, 1, "return table")    # not shown
    log(3, 20, "variations")     # a new stage again: shown
    log(4, 20, "variations")     # 6 s after the last line: shown
    assert out.getvalue().splitlines() == [
        "deriving charts: variations, 1 of 20, 1 s",
        "deriving charts: return table, 0 of 1, 3 s",
        "deriving charts: variations, 3 of 20, 5 s",
        "deriving charts: variations, 4 of 20, 11 s"]


def test_status_lines_are_throttled():
    out = io.StringIO()
    log = p.Lines("equilibrium", stream=out, every=5.0, after=0, clock=_clock([0.0, 0.5, 1.0, 7.0]))
    for text in ("2 players", "3 players", "4 players"):
        log.status(text)
    assert out.getvalue().splitlines() == ["equilibrium: 2 players, 0 s",
                                           "equilibrium: 4 players, 7 s"]


@pytest.mark.parametrize("unit", ["", "rounds"])
def test_the_bar_on_a_terminal(monkeypatch, unit, _auto):
    monkeypatch.setattr(p, "stderr_is_terminal", lambda: True)
    with p.progress("simulating", unit=unit, rate_unit="M rounds/s", rate_scale=1e6) as bar:
        assert isinstance(bar, p._Bar)
        bar(100, 1000, "chunk 1")
        bar(400, 1000, "chunk 2")
        assert bar._prog.tasks[0].completed == 400 and bar._prog.tasks[0].total == 1000
    assert not bar._prog.live.is_started          # stopped with the work


def test_the_status_waits_before_it_is_drawn(monkeypatch, _auto):
    monkeypatch.setattr(p, "stderr_is_terminal", lambda: True)
    with p.status("equilibrium", after=3600) as update:
        update("2 players")
        assert update._prog is None                  # short work draws nothing
    with p.status("equilibrium", after=0) as update:
        update("2 players")
        update("3 players")
        assert update._prog.tasks[0].description == "equilibrium 3 players"
    assert not update._prog.live.is_started          # stopped with the work


def _run(args, env_extra):
    import os
    import subprocess
    import sys

    env = {k: v for k, v in os.environ.items() if k != "TOOLKIT_PROGRESS"} | env_extra
    return subprocess.run([sys.executable, "-m", "twentyone_burn.cli", *args],
                          capture_output=True, text=True, env=env, check=False)


def test_a_log_gets_a_line_per_stage_and_quiet_silences_it():
    """stderr a pipe (as in ``2>&1 | tee log``): lines (at once with TOOLKIT_LINES_AFTER=0,
    so the check does not depend on how long the command takes); ``--quiet`` none."""
    args = ["analyze", "--rules", "classic-blackjack", "--decks", "1"]
    shown = _run(args, {"TOOLKIT_LINES_AFTER": "0"})
    assert shown.returncode == 0
    lines = shown.stderr.splitlines()
    assert lines and lines[-1].startswith("analysing: done, ")
    assert all(line.startswith("analysing: ") for line in lines)
    quiet = _run([*args, "--quiet"], {"TOOLKIT_LINES_AFTER": "0"})
    assert quiet.returncode == 0 and quiet.stderr == "" and quiet.stdout == shown.stdout


def _held_elsewhere(lock) -> bool:
    """Is ``lock`` held by some thread (another thread cannot take it)?"""
    import threading

    got: list[bool] = []

    def probe() -> None:
        ok = lock.acquire(blocking=False)
        if ok:
            lock.release()
        got.append(ok)

    t = threading.Thread(target=probe)
    t.start()
    t.join()
    return not got[0]


def test_a_live_bar_redraws_itself_and_is_held_still_across_a_fork():
    """The bar redraws between reports (its clock moves through a long step); a fork waits
    for a redraw to end and keeps the display still until the child exists, and the child
    does not inherit a held lock (it would hang on its first write)."""
    import os

    bar = p._Bar("work", "", None, 1.0)
    bar(0, 10)
    try:
        prog = bar._prog
        assert prog.live.auto_refresh and prog in p._SHOWN
        lock = prog.live._lock
        p._hold_displays()              # what os.fork runs first
        assert _held_elsewhere(lock)
        p._release_displays()           # ... and after, in the parent
        assert not _held_elsewhere(lock)
        r, w = os.pipe()
        pid = os.fork()
        if pid == 0:                    # the child: the display's lock is free here
            ok = lock.acquire(blocking=False)
            os.write(w, b"1" if ok else b"0")
            os._exit(0)
        os.close(w)
        assert os.read(r, 1) == b"1"
        os.waitpid(pid, 0)
        assert not _held_elsewhere(lock)
    finally:
        bar.stop()
    assert prog not in p._SHOWN


def test_the_eta_counts_down_between_reports():
    # a quarter done in 10 s: 30 s left at the report, 27.5 s two and a half seconds later
    assert p.eta_seconds(10.0, 25, 100, 0.0) == 30.0
    assert p.eta_seconds(10.0, 25, 100, 2.5) == 27.5
    assert p.eta_seconds(10.0, 25, 100, 99.0) == 0.0       # late: never below zero
    assert p.eta_seconds(10.0, 0, 100, 0.0) is None        # no work done yet
    assert p.eta_seconds(10.0, 5, None, 0.0) is None       # no total
