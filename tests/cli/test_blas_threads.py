"""The command line asks numpy's BLAS for one thread (``twentyone_burn/_entry.py``): the
engine's figures must not depend on it. Computed in two processes, with one BLAS thread and
with two, they agree to the last bit."""

from __future__ import annotations

import os
import subprocess
import sys

from twentyone_burn._entry import BLAS_THREADS_ENV

_FIGURES = """
import hashlib
import numpy as np
from twentyone_burn.engine.game import analyze
from twentyone_burn.engine.player_burn import kept_values
from twentyone_burn.rules import Rules
a = analyze(Rules(decks=None))
kv = kept_values(Rules(decks=1), 9)
h = hashlib.sha256()
for x in (kv.stand, kv.hit, kv.double, kv.split, kv.best):
    h.update(np.ascontiguousarray(x).tobytes())
print(a.expected_return.hex(), a.average_total_wager.hex(),
      np.array(a.burn_columns["ev"]).tobytes().hex()[:64], h.hexdigest())
"""


def _figures(threads: str) -> str:
    env = {**os.environ, BLAS_THREADS_ENV: threads}
    return subprocess.run([sys.executable, "-c", _FIGURES], env=env, capture_output=True,
                          text=True, check=True).stdout


def test_one_blas_thread_or_two_give_the_same_bits():
    assert _figures("1") == _figures("2") != ""


def test_the_tool_asks_for_one_blas_thread_unless_told(monkeypatch):
    from twentyone_burn import _entry

    seen = []
    monkeypatch.setattr(_entry, "launch", lambda target: seen.append(
        os.environ[BLAS_THREADS_ENV]))
    monkeypatch.delenv(BLAS_THREADS_ENV, raising=False)
    _entry.main()
    monkeypatch.setenv(BLAS_THREADS_ENV, "4")
    _entry.main()
    assert seen == ["1", "4"]
