"""Failure messages of the writers and readers (issue 26 item 4): a full disk names the file
once (checkpoints too), a failed write leaves no empty --out folder, a damaged workbook or
checkpoint line is one line, exit 2, and Omaha with one hand and nobody against it is refused
at once. A full disk is simulated by a monkeypatched write, never by the machine's disk."""

from __future__ import annotations

import errno
import json
import os
import shutil
from pathlib import Path

import pytest

from tests.cli.test_bad_input import run
from tests.guts.test_bad_inputs import run as guts_run
from toolkit_cli import checks
from toolkit_cli.errors import InputError, os_message
from twentyone_burn import io
from twentyone_burn.sim import Checkpoint, SimulationError

TABLES = Path(__file__).resolve().parents[2] / "strategy_tables"


@pytest.fixture
def full_disk(monkeypatch):
    """Every write to a file (not the terminal) fails with ENOSPC."""
    real = os.write

    def write(fd, data):
        if fd > 2:
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        return real(fd, data)
    monkeypatch.setattr(os, "write", write)


def test_a_full_disk_names_the_file_once(tmp_path, full_disk):
    for files in ({tmp_path / "a.txt": "x"}, {tmp_path / "a.txt": "x", tmp_path / "b": "y"}):
        with pytest.raises(OSError) as e:
            io.write_files(files)
        assert os_message(e.value) == f"cannot write {tmp_path / 'a.txt'}: No space left on device"


def test_a_reason_wrapped_twice_is_said_once():
    e = OSError(errno.ENOSPC, "cannot write out/F: cannot write out/F: No space left on device",
                "/abs/out/F")
    assert os_message(e) == "cannot write out/F: No space left on device"


def test_the_cli_says_disk_full_once(tmp_path, monkeypatch, capsys):
    from tests.io.test_overwrite_at_commit import _stub
    from twentyone_burn.cli import analyze as cli
    monkeypatch.setattr(cli, "analyze_with_progress", lambda *a, **k: _stub("A"))
    real = os.write
    monkeypatch.setattr(os, "write", lambda fd, data: real(fd, data) if fd <= 2 else
                        (_ for _ in ()).throw(OSError(errno.ENOSPC, "No space left on device")))
    f = tmp_path / "deals.csv"
    code, _, err = run(["analyze", "--json", "--deals", str(f)], monkeypatch, capsys)
    assert code == 1 and err.count("cannot write") == 1 and err.count(str(f)) == 1
    assert "No space left on device" in err and not f.exists()


def test_a_checkpoint_on_a_full_disk_names_its_file(tmp_path, monkeypatch):
    from twentyone_burn.sim.counts import Counts
    cp = Checkpoint(tmp_path / "run.ckpt", {"run": 1})

    def fsync(fd):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
    monkeypatch.setattr(os, "fsync", fsync)
    with pytest.raises(OSError) as e:
        cp.add(0, 10, Counts.zeros(), 0.1)
    assert os_message(e.value) == (f"cannot write checkpoint {tmp_path / 'run.ckpt'}: "
                                   "No space left on device")


def test_no_empty_out_folder_is_left_after_a_failure(tmp_path, full_disk):
    out = tmp_path / "new" / "deeper"
    with pytest.raises(OSError):
        io.write_files({out / "a.txt": "x", out / "sub" / "b.txt": "y"})
    assert list(tmp_path.iterdir()) == []


def test_no_empty_out_folder_is_left_after_a_refusal_at_commit(tmp_path):
    out = tmp_path / "new"
    checks.refuse_overwrite([out / "a.txt"], force=False)
    io.add_commit_check(checks.check_unchanged)
    out.mkdir()
    (out / "a.txt").write_text("another run's")
    shutil.rmtree(out)
    os.makedirs(tmp_path / "other")
    checks.refuse_overwrite([tmp_path / "x" / "a.txt"], force=False)
    (tmp_path / "x").mkdir()
    (tmp_path / "x" / "a.txt").write_text("another run's")
    with pytest.raises(InputError):
        io.write_files({tmp_path / "x" / "a.txt": "mine", tmp_path / "y" / "b.txt": "mine"})
    assert sorted(p.name for p in tmp_path.iterdir()) == ["other", "x"]   # no empty y


def test_a_damaged_workbook_is_one_line_exit_2(tmp_path, monkeypatch, capsys):
    data = (TABLES / "chart.xlsx").read_bytes()
    for name, bad in {"zeroed": data[:4000] + b"\0" * 2000 + data[6000:],
                      "cut": data[:len(data) // 2], "gap": data[:5000] + data[9000:]}.items():
        p = tmp_path / f"{name}.xlsx"
        p.write_bytes(bad)
        code, out, err = run(["value", "--no-compare", "--strategy", str(p)], monkeypatch,
                             capsys)
        assert code == 2 and not out, (name, err)
        assert len(err.splitlines()) == 1 and str(p) in err and "internal" not in err


def _checkpoint(tmp_path: Path, *lines: str) -> Path:
    p = tmp_path / "run.ckpt"
    p.write_text("\n".join([json.dumps({"header": {"run": 1}}), *lines]) + "\n")
    return p


GOOD = '{"chunk":0,"rounds":10,"counts":%s}'


@pytest.mark.parametrize("line, why", [
    ('{"chunk":0,"rounds":10,"counts":{"hist"#', "not JSON"),
    ('{"chunk":0,"rounds":10}', "chunk number and counts"),
    ('{"chunk":"x","rounds":10,"counts":{}}', "bad chunk or counts"),
    ('[1, 2]', "chunk number and counts"),
])
def test_a_damaged_checkpoint_line_says_which(tmp_path, line, why):
    from twentyone_burn.sim.counts import Counts
    good = GOOD % json.dumps(Counts.zeros().to_json())
    p = _checkpoint(tmp_path, good.replace('"chunk":0', '"chunk":1'), line)
    with pytest.raises(SimulationError) as e:
        Checkpoint(p, {"run": 1})
    assert "line 3 is damaged (" in str(e.value) and why in str(e.value)
    assert str(p) in str(e.value)
    assert "another run" not in str(e.value)


def test_a_damaged_checkpoint_is_exit_2_one_line_in_the_cli(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)     # a short path: a long one is cut to 80 characters
    p = tmp_path / "run.ckpt"
    p.write_text('{"header": {"rules": #\n')
    code, _, err = run(["simulate", "--rounds", "20000", "--strategy", "always-stand",
                        "--checkpoint", "run.ckpt"], monkeypatch, capsys)
    assert code == 2 and len(err.splitlines()) == 1
    assert "run.ckpt" in err and "another run" not in err and "internal" not in err


def test_omaha_with_one_hand_and_nobody_against_it_is_refused_at_once(capsys):
    code, out, err = guts_run(capsys, ["omaha", "JdTc9d8c", "--board", "Qd8h7h"])
    assert code == 2 and not out and len(err.splitlines()) == 1
    assert "no opponents" in err and "--opponents" in err
