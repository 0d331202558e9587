"""Building the engine's kernels ahead of time (engine/aot.py, ``twentyone-burn
build-kernels``): refused where it cannot be right (a process already running compiled
kernels, no compiler), one line and exit 1 from the command, and the whole module, built by the
command, giving numba's figures to the bit on the command line's output."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from tests.engine.aot_helpers import env, need_toolchain


def test_building_in_a_process_with_compiled_kernels_is_refused(small_module):
    cache, _ = small_module
    done = subprocess.run(
        [sys.executable, "-c", "from twentyone_burn.engine.aot import build_kernels\n"
         "build_kernels(workload=lambda step: None)"],
        env=env(cache), capture_output=True, text=True, timeout=120)
    assert done.returncode != 0 and "TWENTYONE_BURN_AOT=off" in done.stderr


def test_without_a_compiler_the_build_says_so_in_one_line(monkeypatch, tmp_path):
    from twentyone_burn.engine import aot
    monkeypatch.setattr(aot.shutil, "which", lambda name: None)
    with pytest.raises(aot.BuildError, match="no C compiler"):
        aot.build_kernels(folder=tmp_path, workload=lambda step: None)
    assert not list(tmp_path.iterdir())            # nothing left behind


@pytest.mark.slow
def test_the_classic_deal_and_21_burn_through_the_cli_are_the_same_to_the_bit(tmp_path):
    """The whole module, built by the command, against numba's kernels on the CLI's output."""
    need_toolchain()
    def cli(*args: str, **extra: str) -> str:
        done = subprocess.run([sys.executable, "-m", "twentyone_burn.cli", *args],
                              env=env(tmp_path, **extra), capture_output=True, text=True,
                              timeout=900)
        assert done.returncode == 0, done.stderr[-2000:]
        return done.stdout

    built = json.loads(cli("build-kernels", "--json"))
    assert len(built["exports"]) >= 7
    for args in (("analyze", "--rules", "classic-blackjack", "--s17", "--json"),
                 ("analyze", "--decks", "1", "--json"), ("analyze", "--decks", "inf", "--json")):
        assert cli(*args) == cli(*args, TWENTYONE_BURN_AOT="off"), args


def test_the_command_without_a_compiler_is_one_line_and_exit_1(monkeypatch, capsys):
    from tests.cli.test_bad_input import run
    from twentyone_burn.engine import aot
    monkeypatch.setenv("TWENTYONE_BURN_AOT", "off")   # the command sets it; restored after
    monkeypatch.setattr(aot.shutil, "which", lambda name: None)
    code, out, err = run(["build-kernels"], monkeypatch, capsys)
    assert code == 1 and not out and len(err.splitlines()) == 1
    assert err.startswith("error: cannot compile the kernels ahead of time: no C compiler")
