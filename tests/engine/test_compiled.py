"""The engine's kernels compiled ahead of time (engine/compiled.py) against numba's: the same
figures to the bit, numba not imported by a process that needs only the compiled entries, and
numba's kernels wherever the module does not fit (a kernel it lacks, a strided array)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _env(cache: Path, **extra: str) -> dict[str, str]:
    return {**os.environ, "TWENTYONE_BURN_CACHE": str(cache), "PYTHONPATH": str(ROOT),
            **extra}


def _python(code: str, env: dict[str, str]) -> str:
    done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True,
                          text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-2000:]
    return done.stdout


def _need_toolchain() -> None:
    from twentyone_burn.engine.aot import toolchain_problem
    problem = toolchain_problem()
    if problem is not None:
        pytest.skip(problem)


@pytest.fixture(scope="module")
def small_module(tmp_path_factory):
    """A module compiled for aot_cases' workload only (a few seconds), in its own cache."""
    _need_toolchain()
    cache = tmp_path_factory.mktemp("aot-cache")
    out = _python("from twentyone_burn.engine.aot import build_kernels\n"
                  "from tests.reference import aot_cases\n"
                  "b = build_kernels(workload=aot_cases.workload)\n"
                  "print(' '.join(b.exports))", _env(cache, TWENTYONE_BURN_AOT="off"))
    return cache, out.split()


def test_compiled_entries_give_numba_s_figures_to_the_bit(small_module):
    from tests.reference import aot_cases as ours
    cache, exports = small_module
    assert set(exports) == {"player___play_hands__0", "dealer___trie_distribution__0"}
    got = json.loads(_python("import json\nfrom tests.reference import aot_cases\n"
                             "from twentyone_burn.engine import compiled, player\n"
                             "assert compiled.uses_aot()\n"
                             "assert type(player._play_hands).__name__ == '_AheadOfTime'\n"
                             "print(json.dumps(aot_cases.entries()))", _env(cache)))
    want = ours.entries()
    assert got.pop("numba before lazy") is False      # the entries ran without numba
    want.pop("numba before lazy")
    assert got == want


def test_without_the_module_or_turned_off_the_kernels_are_numba_s(small_module):
    cache, _ = small_module
    code = ("from twentyone_burn.engine import compiled, player\n"
            "print(compiled.uses_aot(), type(player._play_hands).__name__)")
    assert _python(code, _env(cache, TWENTYONE_BURN_AOT="off")).split() == \
        ["False", "CPUDispatcher"]
    # another version of the sources has another key, so another (empty) folder
    assert _python(code, _env(cache / "elsewhere")).split() == ["False", "CPUDispatcher"]


def test_building_in_a_process_with_compiled_kernels_is_refused(small_module):
    cache, _ = small_module
    done = subprocess.run(
        [sys.executable, "-c", "from twentyone_burn.engine.aot import build_kernels\n"
         "build_kernels(workload=lambda step: None)"],
        env=_env(cache), capture_output=True, text=True, timeout=120)
    assert done.returncode != 0 and "TWENTYONE_BURN_AOT=off" in done.stderr


def test_without_a_compiler_the_build_says_so_in_one_line(monkeypatch, tmp_path):
    from twentyone_burn.engine import aot
    monkeypatch.setattr(aot.shutil, "which", lambda name: None)
    with pytest.raises(aot.BuildError, match="no C compiler"):
        aot.build_kernels(folder=tmp_path, workload=lambda step: None)
    assert not list(tmp_path.iterdir())            # nothing left behind


def test_the_key_follows_the_sources_and_the_cpu(monkeypatch):
    from twentyone_burn.engine import compiled
    base = compiled._key()
    assert base is not None and len(base) == 64
    try:
        compiled._key.cache_clear()
        monkeypatch.setattr(compiled, "_cpu", lambda: "another cpu")
        other_cpu = compiled._key()
        compiled._key.cache_clear()
        monkeypatch.setattr(compiled, "code_key", lambda: "other sources")
        other_code = compiled._key()
        assert len({base, other_cpu, other_code}) == 3
    finally:
        compiled._key.cache_clear()


@pytest.mark.slow
def test_the_classic_deal_and_21_burn_through_the_cli_are_the_same_to_the_bit(tmp_path):
    """The whole module, built by the command, against numba's kernels on the CLI's output."""
    _need_toolchain()
    def cli(*args: str, **env: str) -> str:
        done = subprocess.run([sys.executable, "-m", "twentyone_burn.cli", *args],
                              env=_env(tmp_path, **env), capture_output=True, text=True,
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
