"""Ctrl-C at every stage, for both tools, driven deterministically through the test seam
(toolkit_cli/interrupt.py ``at``: ``TOOLKIT_TEST_INTERRUPT_AT=<point>`` makes the process send
itself SIGINT at that point) - no sleeps, no timing, nothing that depends on the machine's load.

Each run is a real process started as the scripts start (``twentyone_burn._entry`` /
``guts_family._entry``); runs with worker pools are watched by a small parent that makes itself
the *subreaper* (Linux ``PR_SET_CHILD_SUBREAPER``), so any worker the run leaves behind is
re-parented to it and counted, by pid, after the run has exited.
"""

from __future__ import annotations

import concurrent.futures as cf
import json
import multiprocessing
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from toolkit_cli.interrupt import ENV, POINTS, at, deferred, ignore_in_worker, stop_pool

ROOT = Path(__file__).resolve().parents[1]
TB = [sys.executable, "-c", "import sys; sys.argv[0] = 'twentyone-burn'; "
      "from twentyone_burn._entry import main; main()"]
GUTS = [sys.executable, "-c", "import sys; sys.argv[0] = 'guts-odds'; "
        "from guts_family._entry import main; main()"]

# runs argv (JSON in argv[1]) as a subreaper; prints exit code, stderr and the pids of every
# process left behind (re-parented here: not reaped by the run), which it then kills
WATCH = r"""
import ctypes, json, os, signal, subprocess, sys
import psutil
ctypes.CDLL(None, use_errno=True).prctl(36, 1, 0, 0, 0)    # PR_SET_CHILD_SUBREAPER
p = subprocess.run(json.loads(sys.argv[1]), capture_output=True, text=True, timeout=600,
                   start_new_session=True)     # its own process group, as at a terminal
kids = psutil.Process().children(recursive=True)
left = []
for c in kids:
    try:
        left.append(f"{c.pid} {c.status()} {' '.join(c.cmdline())[:80]}")
    except psutil.Error:
        left.append(f"{c.pid} gone")
for pid in [c.pid for c in kids]:
    try:
        os.kill(pid, signal.SIGKILL)
    except ProcessLookupError:
        pass
print(json.dumps({"rc": p.returncode, "err": p.stderr, "out": p.stdout, "left": left}))
"""


def _env(point: str | None) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k != ENV}
    env["PYTHONPATH"] = os.pathsep.join([str(ROOT), env.get("PYTHONPATH", "")])
    if point is not None:
        env[ENV] = point
    return env


def _run(argv: list[str], point: str | None, cwd: Path | None = None) -> dict:
    """Run argv with the seam at ``point``, watched: its exit code, stderr, stdout and the
    processes it left behind."""
    p = subprocess.run([sys.executable, "-c", WATCH, json.dumps(argv)], capture_output=True,
                       text=True, env=_env(point), cwd=cwd, timeout=900)
    assert p.returncode == 0, p.stderr
    return json.loads(p.stdout)


def _assert_one_line_130(r: dict, start: str = "interrupted") -> None:
    assert r["rc"] == 130, r
    assert len(r["err"].splitlines()) == 1 and r["err"].startswith(start), r["err"]
    assert "Traceback" not in r["err"] and "Exception ignored" not in r["err"], r["err"]
    assert r["left"] == [], f"processes left behind: {r['left']}"


# -- start-up and exit ---------------------------------------------------------------------------
@pytest.mark.parametrize("argv", [TB, GUTS], ids=["twentyone-burn", "guts-odds"])
def test_ctrl_c_during_the_imports_is_one_line_exit_130(argv):
    """(was: an 8-32 line KeyboardInterrupt traceback, or guts-odds' 'internal error
    (RuntimeError ...)' exit 1, for a Ctrl-C in the first second)"""
    p = subprocess.run([*argv, "--version"], capture_output=True, text=True,
                       env=_env("imports"), timeout=300)
    assert (p.returncode, p.stderr, p.stdout) == (130, "interrupted\n", "")


def test_ctrl_c_during_the_interpreters_exit_keeps_the_commands_result():
    """A Ctrl-C while the interpreter exits (atexit): the command's output and exit code, no
    'Exception ignored' traceback."""
    p = subprocess.run([*TB, "--version"], capture_output=True, text=True, env=_env("exit"),
                       timeout=300)
    assert (p.returncode, p.stderr) == (0, "")
    assert p.stdout.startswith("twentyone-burn ")


def test_without_the_seam_the_scripts_run_as_before():
    p = subprocess.run([*GUTS, "--version"], capture_output=True, text=True, env=_env(None),
                       timeout=300)
    assert p.returncode == 0 and p.stdout.startswith("guts-odds ") and p.stderr == ""


# -- worker pools ------------------------------------------------------------------------------
SIM = ["simulate", "--decks", "inf", "--rounds", "4e5", "--chunk-size", "1e5", "--seed", "1",
       "--strategy", "always-stand", "--workers", "2"]


def test_ctrl_c_as_the_pool_starts_stops_every_worker(tmp_path):
    """(was: 'internal error (BrokenProcessPool ...)' exit 1 with the workers' tracebacks, or
    exit 130 with 'Exception ignored ... Bad file descriptor') SIGINT to the whole process
    group, as a terminal sends it, the moment the workers are forked."""
    _assert_one_line_130(_run([*TB, *SIM], "pool-started:group", tmp_path))


def test_ctrl_c_of_a_checkpointed_simulation_says_how_to_resume(tmp_path):
    """(replaces the test that slept until the checkpoint had a chunk, then sent SIGINT)
    Interrupted after a finished chunk, with two workers running: one line naming the kept
    checkpoint, no worker left; the same command again resumes from it and finishes."""
    cp = tmp_path / "run.ckpt"
    r = _run([*TB, *SIM, "--checkpoint", str(cp)], "chunk-done:group", tmp_path)
    _assert_one_line_130(r, "interrupted; finished chunks are kept")
    assert str(cp) in r["err"]
    kept = cp.read_text().splitlines()
    assert 2 <= len(kept) < 5      # the header and the finished chunks, not all four
    again = _run([*TB, *SIM, "--checkpoint", str(cp), "--json"], None, tmp_path)
    assert again["rc"] == 0 and again["left"] == [], again
    assert json.loads(again["out"])["rounds"] == 400_000


@pytest.mark.slow
def test_ctrl_c_of_a_guts_simulation_with_workers_leaves_no_worker(tmp_path):
    r = _run([*GUTS, "game", "phoenix", "--games", "20000", "--workers", "2"],
             "pool-started:group", tmp_path)
    _assert_one_line_130(r)


# -- files: old or new, never a mix ---------------------------------------------------------------
def test_ctrl_c_before_a_guts_table_is_committed_writes_nothing(tmp_path):
    """(replaces the guts-odds test that slept until the table computation was busy)"""
    out = tmp_path / "tables"
    r = _run([*GUTS, "table", "--game", "guts321", "--cards", "1", "--out", str(out)],
             "before-commit", tmp_path)
    assert (r["rc"], r["err"], r["left"]) == (130, "interrupted\n", [])
    assert not out.exists()         # nothing written, not even the folder it made


@pytest.mark.parametrize("point", ["before-commit", "mid-commit"])
def test_ctrl_c_while_a_set_is_written_leaves_the_old_set(tmp_path, monkeypatch, point):
    from twentyone_burn.io import write_files

    files = {tmp_path / "a.txt": "old a", tmp_path / "b.txt": "old b"}
    write_files(files, sync=False)
    monkeypatch.setenv(ENV, point)
    with pytest.raises(KeyboardInterrupt):
        write_files({p: "new" for p in files}, sync=False)
    assert {p.name: p.read_text() for p in tmp_path.iterdir()} == {"a.txt": "old a",
                                                                    "b.txt": "old b"}
    monkeypatch.delenv(ENV)
    write_files({p: "new" for p in files}, sync=False)
    assert {p.name: p.read_text() for p in tmp_path.iterdir()} == {"a.txt": "new",
                                                                    "b.txt": "new"}


# -- the pieces, in this process ---------------------------------------------------------------
def test_the_seam_fires_only_at_its_point(monkeypatch):
    assert len(set(POINTS)) == len(POINTS)
    monkeypatch.setenv(ENV, "chunk-done")
    at("pool-started")
    with pytest.raises(KeyboardInterrupt):
        at("chunk-done")


def test_deferred_holds_ctrl_c_back_and_drops_it_while_unwinding():
    events = []
    with pytest.raises(KeyboardInterrupt):
        with deferred():
            signal.raise_signal(signal.SIGINT)
            events.append("ran on")
    assert events == ["ran on"]
    with pytest.raises(ValueError):       # the error on its way out wins; the Ctrl-C is dropped
        with deferred():
            signal.raise_signal(signal.SIGINT)
            raise ValueError("x")
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler


def _wait_forever() -> None:
    signal.pause()          # SIGINT is ignored here; only the kill ends it


def _pool_pids(pool: cf.ProcessPoolExecutor) -> list[int]:
    return [p.pid for p in pool._processes.values()]


@pytest.mark.skipif("fork" not in multiprocessing.get_all_start_methods(), reason="fork")
def test_stop_pool_kills_reaps_and_joins_the_manager_thread():
    import psutil

    pool = cf.ProcessPoolExecutor(2, mp_context=multiprocessing.get_context("fork"),
                                  initializer=ignore_in_worker)
    with deferred():
        futs = [pool.submit(_wait_forever) for _ in range(4)]
    pids = _pool_pids(pool)
    manager = pool._executor_manager_thread
    stop_pool(pool)
    assert all(f.cancelled() or f.done() for f in futs)
    assert manager is not None and not manager.is_alive()
    assert not any(psutil.pid_exists(pid) and psutil.Process(pid).status() != "zombie"
                   for pid in pids)
    assert [c.pid for c in psutil.Process().children() if c.pid in pids] == []


def test_the_entry_exits_with_the_boundarys_code_and_imports_little():
    """The entry's own copy of Ctrl-C's exit code is the boundary's; importing it (which the
    scripts do before the handler is in place) loads nothing of the package but itself."""
    from toolkit_cli import entry, errors

    assert entry.INTERRUPTED == errors.INTERRUPTED == 130
    p = subprocess.run([sys.executable, "-c", "import sys; before = set(sys.modules); "
                        "import twentyone_burn._entry, guts_family._entry; "
                        "print(sorted(set(sys.modules) - before))"],
                       capture_output=True, text=True, env=_env(None), timeout=300)
    loaded = set(json.loads(p.stdout.replace("'", '"')))
    ours = {m for m in loaded if m.split(".")[0] in ("toolkit_cli", "twentyone_burn",
                                                     "guts_family")}
    assert ours == {"toolkit_cli", "toolkit_cli.entry", "twentyone_burn", "guts_family",
                    "twentyone_burn._entry", "guts_family._entry", "twentyone_burn._version",
                    "guts_family._version"}, ours
    assert loaded & {"dataclasses", "inspect", "threading", "contextlib", "numpy", "typer",
                     "click"} == set(), loaded
