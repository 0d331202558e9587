"""What the processes of one test run share: a folder, and expensive values made once a run.

Under pytest-xdist each worker is its own process with its own session fixtures, so a session
fixture is built once per worker, and a module fixture once in each worker that runs a test of
the module. A value that takes seconds to make (a derived chart, a report) is made by one
process of the run instead: the first to ask takes an exclusive ``flock`` on the value's lock
file, makes it and keeps it pickled in the run's folder; the others wait on the lock, then read
it. Without xdist the run is one process and the folder is its own base temporary folder.

The run's folder is the parent of each worker's base temporary folder (``.../pytest-N/`` above
``popen-gw0/``): the xdist controller makes it for this run alone, so nothing is shared with an
earlier run, whose code may have differed.
"""

from __future__ import annotations

import fcntl
import os
import pickle
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

import pytest

__all__ = ["once_per_run", "run_folder"]

_T = TypeVar("_T")


def run_folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The folder every process of this test run shares."""
    base = tmp_path_factory.getbasetemp()
    folder = base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base
    shared = folder / "shared"
    shared.mkdir(exist_ok=True)
    return shared


def once_per_run(tmp_path_factory: pytest.TempPathFactory, name: str,
                 make: Callable[[], _T]) -> _T:
    """``make()``, made by one process of the run: the others read its pickled copy.

    ``make`` must not ask for another :func:`once_per_run` value that could be waiting on
    this one (the locks are taken one at a time, so a value depending on a *different* value
    is fine). A ``make`` that raises leaves nothing behind: the next process to ask tries
    again, and fails the same way on its own.
    """
    folder = run_folder(tmp_path_factory)
    path = folder / f"{name}.pickle"
    with open(folder / f"{name}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)     # released when the file is closed
        if path.exists():
            with open(path, "rb") as f:
                value: _T = pickle.load(f)
            return value
        value = make()
        tmp = folder / f"{name}.pickle.tmp"
        with open(tmp, "wb") as f:
            pickle.dump(value, f, protocol=pickle.HIGHEST_PROTOCOL)
        os.replace(tmp, path)                # whole or absent, for a reader without the lock
        # every process, this one too, goes on with the pickled copy: a test then sees the
        # same kind of object whichever worker made it
        with open(path, "rb") as f:
            copy: _T = pickle.load(f)
        return copy
