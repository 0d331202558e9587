"""Fixtures shared by the engine's tests of what is kept on disk (the result cache, the stored
arrays) and of the kernels compiled ahead of time."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.engine.aot_helpers import env, need_toolchain, python
from tests.shared import once_per_run, run_folder
from twentyone_burn.engine import cache, disk


@pytest.fixture
def fresh_code_key():
    """Each test reads the engine's sources afresh, as each run of the command line does (a
    key read earlier in this long process is stale if the sources were edited since, and the
    cache then rightly refuses to write)."""
    disk.code_key.cache_clear()      # cache._code_key is the same function
    yield
    disk.code_key.cache_clear()


@pytest.fixture
def cache_dir(tmp_path, monkeypatch) -> Path:
    folder = tmp_path / "cache"
    monkeypatch.setenv(cache.CACHE_ENV, str(folder))
    return folder


@pytest.fixture(scope="session")
def small_module(tmp_path_factory):
    """A module compiled for aot_cases' workload only (a few seconds), in its own cache; built
    once a run (tests/shared.py: by one xdist worker, the other reads the folder it made) for
    test_compiled.py and test_aot.py."""
    need_toolchain()

    def build():
        folder = run_folder(tmp_path_factory) / "aot-cache"
        folder.mkdir(exist_ok=True)
        out = python("from twentyone_burn.engine.aot import build_kernels\n"
                     "from tests.reference import aot_cases\n"
                     "b = build_kernels(workload=aot_cases.workload)\n"
                     "print(' '.join(b.exports))", env(folder, TWENTYONE_BURN_AOT="off"))
        return folder, out.split()
    return once_per_run(tmp_path_factory, "small-aot-module", build)
