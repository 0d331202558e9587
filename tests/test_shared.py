"""tests/shared.py: a value made once a run is made by one process; the others read its copy,
and a failed make leaves nothing behind."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from tests.shared import once_per_run, run_folder

ROOT = Path(__file__).resolve().parents[1]


class _Factory:
    """A stand-in for pytest's tmp_path_factory: only the base folder is asked for."""

    def __init__(self, base: Path) -> None:
        self.base = base

    def getbasetemp(self) -> Path:
        return self.base


def test_made_once_then_read(tmp_path, monkeypatch):
    monkeypatch.delenv("PYTEST_XDIST_WORKER", raising=False)
    calls = []

    def make():
        calls.append(1)
        return {"value": [1.5, -0.0]}

    first = once_per_run(_Factory(tmp_path), "v", make)
    again = once_per_run(_Factory(tmp_path), "v", make)
    assert calls == [1] and first == again == {"value": [1.5, -0.0]}
    assert first is not again             # each a copy read from the one pickle
    assert (tmp_path / "shared" / "v.pickle").is_file()


def test_another_process_reads_the_value_it_did_not_make(tmp_path, monkeypatch):
    # a worker's base folder is popen-gwN inside the run's folder: two workers share the latter
    monkeypatch.setenv("PYTEST_XDIST_WORKER", "gw0")
    (tmp_path / "popen-gw0").mkdir()
    (tmp_path / "popen-gw1").mkdir()
    assert once_per_run(_Factory(tmp_path / "popen-gw0"), "v", lambda: [3, 4]) == [3, 4]
    assert run_folder(_Factory(tmp_path / "popen-gw1")) == tmp_path / "shared"
    code = ("import sys\n"
            "from pathlib import Path\n"
            "from tests.shared import once_per_run\n"
            "class F:\n"
            "    def getbasetemp(self): return Path(sys.argv[1])\n"
            "def make(): raise AssertionError('made again')\n"
            "print(once_per_run(F(), 'v', make))\n")
    out = subprocess.run([sys.executable, "-c", code, str(tmp_path / "popen-gw1")], cwd=ROOT,
                         capture_output=True, text=True, timeout=120,
                         env={"PATH": "", "PYTHONPATH": str(ROOT), "PYTEST_XDIST_WORKER": "gw1"})
    assert out.returncode == 0, out.stderr
    assert out.stdout == "[3, 4]\n"


def test_a_failed_make_leaves_nothing(tmp_path, monkeypatch):
    monkeypatch.delenv("PYTEST_XDIST_WORKER", raising=False)

    def broken():
        raise ValueError("no value")

    with pytest.raises(ValueError, match="no value"):
        once_per_run(_Factory(tmp_path), "v", broken)
    assert not (tmp_path / "shared" / "v.pickle").exists()
    assert once_per_run(_Factory(tmp_path), "v", lambda: 7) == 7     # made by the next to ask
