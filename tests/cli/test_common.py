"""``twentyone-burn``'s binding of the shared layer (twentyone_burn/cli/common.py): which
errors are bad input, the provenance lines, the atomic writer's missing folder, and another
run's lock message printed as it is."""

from __future__ import annotations

import errno

import pytest

from toolkit_cli.errors import InputError, describe_error
from twentyone_burn import __version__
from twentyone_burn.cli.common import TOOL, provenance, write_atomic
from twentyone_burn.rules import Rules


def test_the_tools_bad_input():
    from twentyone_burn.charts.model import ChartError
    from twentyone_burn.shoe import CardError
    from twentyone_burn.sim import SimulationError
    from twentyone_burn.tune import TuneError
    for e in (ChartError("x"), CardError("x"), SimulationError("x"), TuneError("x")):
        assert describe_error(e, TOOL) == (2, "error: x"), type(e)
    assert describe_error(ValueError("x"), TOOL)[0] == 1   # a bug, not the user's input


def test_provenance_lines():
    r = Rules(decks=2)
    assert provenance(r) == [f"rules: {r.canonical_json()}", f"rules hash: {r.rules_hash}",
                             f"version: twentyone-burn {__version__}"]


def test_write_atomic_wants_the_folder(tmp_path):
    with pytest.raises(InputError, match="does not exist"):
        write_atomic(tmp_path / "no" / "x.csv", "x")
    write_atomic(tmp_path / "x.csv", "x")
    assert (tmp_path / "x.csv").read_text() == "x"


def test_output_busy_is_printed_as_is():
    from twentyone_burn import io
    msg = "another twentyone-burn run is writing to reports; wait for it or choose another --out"
    code, line = describe_error(io.OutputBusy(errno.EWOULDBLOCK, msg), TOOL)
    assert code == 1 and line == f"error: {msg}"


def test_a_write_failure_names_the_file_once(tmp_path, monkeypatch):
    """The atomic writer's own message names the file: the line does not repeat it."""
    from twentyone_burn import io
    target = tmp_path / "x.csv"

    def full(*args, **kwargs):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(io.os, "fsync", full)
    with pytest.raises(OSError) as e:
        io.write_file(target, "x")
    code, line = describe_error(e.value, TOOL)
    assert code == 1 and line.count(str(target)) == 1 and "No space left on device" in line
