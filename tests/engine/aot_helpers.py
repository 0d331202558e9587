"""Helpers of the tests of the kernels compiled ahead of time (test_compiled.py, test_aot.py):
a subprocess's environment and its output, and the skip without a C toolchain."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def env(cache: Path, **extra: str) -> dict[str, str]:
    return {**os.environ, "TWENTYONE_BURN_CACHE": str(cache), "PYTHONPATH": str(ROOT),
            **extra}


def python(code: str, env: dict[str, str]) -> str:
    done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True,
                          text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-2000:]
    return done.stdout


def need_toolchain() -> None:
    from twentyone_burn.engine.aot import toolchain_problem
    problem = toolchain_problem()
    if problem is not None:
        pytest.skip(problem)
