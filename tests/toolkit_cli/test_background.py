"""The background build of the compiled kernels (toolkit_cli/background.py): started once (a
lock), never when turned off, with the cache off, on CI or without a C compiler, its lock
released and its failure remembered by its own process; and 21 Burn's command line starting it
at exit exactly when the engine's kernels ran through numba's JIT. A fake launcher records what
would be started: nothing is compiled, nothing sleeps."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from toolkit_cli import background

TOOL_ENV = "TWENTYONE_BURN_AOT"


@pytest.fixture
def launched(monkeypatch):
    """The builds started (argv, env, log), with the real launcher replaced; the switches on."""
    started: list[tuple[list[str], dict[str, str], Path]] = []

    def fake(argv, env, log):
        started.append((list(argv), env, log))
        return os.getpid()          # a live process: the lock stays held

    monkeypatch.delenv(background.BUILD_ENV, raising=False)
    monkeypatch.delenv(TOOL_ENV, raising=False)
    monkeypatch.delenv("CI", raising=False)
    monkeypatch.setattr(background, "c_compiler_problem", lambda: None)
    old = background.set_launcher(fake)
    yield started
    background.set_launcher(old)


def test_the_build_starts_once_nice_d_with_its_log_in_the_folder(launched, tmp_path):
    folder = tmp_path / "kernels" / "key"
    assert background.start_build(folder, ["build", "it"], TOOL_ENV)
    assert not background.start_build(folder, ["build", "it"], TOOL_ENV)   # the lock is held
    assert len(launched) == 1
    argv, env, log = launched[0]
    assert argv[-3:] == ["--", "build", "it"] and str(folder) in argv
    assert argv[:3] == ["nice", "-n", "10"] or "nice" not in argv
    assert env[TOOL_ENV] == "off" and env[background.BUILD_ENV] == "off"
    assert log == folder / background.LOG_NAME
    assert (folder / background.LOCK_NAME).read_text().split() == [str(os.getpid())]


def test_a_stale_lock_is_taken_over(launched, tmp_path):
    dead = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"],
                          capture_output=True, text=True, check=True).stdout.strip()
    (tmp_path / background.LOCK_NAME).write_text(f"{dead}\n")
    assert background.start_build(tmp_path, ["build"], TOOL_ENV)
    assert len(launched) == 1


@pytest.mark.parametrize("env, why", [({background.BUILD_ENV: "off"}, "TOOLKIT_AOT_BUILD=off"),
                                      ({TOOL_ENV: "OFF"}, "TWENTYONE_BURN_AOT=off"),
                                      ({"CI": "true"}, "CI is set")])
def test_no_build_when_turned_off_or_on_ci(launched, tmp_path, monkeypatch, env, why):
    for k, v in env.items():
        monkeypatch.setenv(k, v)
    assert background.refusal(tmp_path, TOOL_ENV) == why
    assert not background.start_build(tmp_path, ["build"], TOOL_ENV)
    assert launched == [] and not list(tmp_path.iterdir())


def test_no_build_without_a_cache_a_compiler_or_after_a_failure(launched, tmp_path,
                                                                monkeypatch):
    assert not background.start_build(None, ["build"], TOOL_ENV)
    (tmp_path / background.FAILED_NAME).write_text("exit code 1\n")
    assert "earlier build failed" in (background.refusal(tmp_path, TOOL_ENV) or "")
    assert not background.start_build(tmp_path, ["build"], TOOL_ENV)
    monkeypatch.setattr(background, "c_compiler_problem", lambda: "no C compiler (cc)")
    assert not background.start_build(tmp_path / "other", ["build"], TOOL_ENV)
    assert launched == []


def test_the_compiler_check_says_what_to_install(monkeypatch):
    monkeypatch.setattr(background.shutil, "which", lambda name: None)
    assert (background.c_compiler_problem() or "").startswith("no C compiler")


def test_the_build_s_process_releases_the_lock_and_remembers_a_failure(tmp_path):
    (tmp_path / background.LOCK_NAME).write_text("1\n")
    assert background.main([str(tmp_path), "--", sys.executable, "-c", "pass"]) == 0
    assert not list(tmp_path.iterdir())
    (tmp_path / background.LOCK_NAME).write_text("1\n")
    assert background.main([str(tmp_path), "--", sys.executable, "-c", "raise SystemExit(3)"]) \
        == 3
    assert [p.name for p in tmp_path.iterdir()] == [background.FAILED_NAME]


def test_21_burn_starts_the_build_at_exit_only_after_numba_s_kernels_ran(launched, tmp_path,
                                                                        monkeypatch):
    from twentyone_burn.cli import kernels
    from twentyone_burn.engine import compiled
    monkeypatch.setattr(compiled, "aot_folder", lambda: tmp_path / "k")
    monkeypatch.setattr(compiled, "jit_ran", lambda: False)
    assert not kernels.build_later() and launched == []
    monkeypatch.setattr(compiled, "jit_ran", lambda: True)
    assert kernels.build_later()
    assert launched[0][0][-5:] == ["--", sys.executable, "-m", "twentyone_burn.cli",
                                   "build-kernels"]
    assert not kernels.build_later() and len(launched) == 1     # once


def test_jit_ran_is_true_once_an_entry_kernel_ran_through_numba(monkeypatch):
    from twentyone_burn.engine import compiled
    monkeypatch.setattr(compiled, "aot_module", lambda: None)
    fake = type("Dispatcher", (), {"signatures": []})()
    monkeypatch.setattr(compiled, "_ENTRIES", {"m__f": (lambda: None, {})})
    monkeypatch.setattr(compiled, "defined", lambda fn: fake)
    assert not compiled.jit_ran()
    fake.signatures = ["(int64,)"]
    assert compiled.jit_ran()


def test_a_build_by_hand_that_works_forgets_an_earlier_failure(tmp_path, monkeypatch):
    from typer.testing import CliRunner

    from twentyone_burn.cli.app import app
    from twentyone_burn.engine import aot
    (tmp_path / background.FAILED_NAME).write_text("exit code 1\n")
    made = aot.BuiltKernels(tmp_path / "twentyone_burn_kernels.so", ("a__0",), 1.0)
    monkeypatch.setattr(aot, "build_kernels", lambda progress=None: made)
    monkeypatch.setenv("TWENTYONE_BURN_AOT", "off")     # the command sets it; restored after
    done = CliRunner().invoke(app, ["build-kernels"])
    assert done.exit_code == 0, done.output
    assert not (tmp_path / background.FAILED_NAME).exists()
