"""A second run never silently replaces a file another run wrote after it started (issue 26
item 2): the overwrite check of ``refuse_overwrite`` is made again at commit, under the
writer's lock. The two runs are sequenced by a hook (run B runs to its end inside run A's
computing), never by timing."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

import pandas as pd
import pytest

from tests.cli.test_bad_input import run
from toolkit_cli import checks
from toolkit_cli.errors import InputError
from twentyone_burn.io import write_file, write_files
from twentyone_burn.rules import Rules


def _stub(label: str):
    """An analysis as ``analyze --deals`` writes it (the deals table labelled ``label``)."""
    return SimpleNamespace(rules=Rules(), version="test", strategy=label,
                           burns=pd.DataFrame({"deal": [label]}), to_json_dict=dict)


@pytest.fixture
def sequenced(monkeypatch, capsys):
    """``analyze --deals F`` as run A, with run B (the same command) started after A's check
    and finished while A computes; returns A's (exit code, stderr) and B's."""
    from twentyone_burn.cli import analyze as cli

    def go(a_args: list[str], b_args: list[str]):
        calls: list = []
        b: list = []

        def analysis(rules, tables=None, label="", **_kw):
            calls.append(1)
            if len(calls) == 1:     # run A computing: run B starts and ends meanwhile
                # B is another process: it has its own record of what it checked
                mine = dict(checks._EXPECTED)
                checks._EXPECTED.clear()
                b.append(run(b_args, monkeypatch, capsys))
                checks._EXPECTED.clear()
                checks._EXPECTED.update(mine)
                return _stub("A")
            return _stub("B")
        monkeypatch.setattr(cli, "analyze_with_progress", analysis)
        a = run(a_args, monkeypatch, capsys)
        return a, b[0]
    return go


def test_the_second_run_is_refused_at_commit_nothing_written(tmp_path, sequenced):
    f = tmp_path / "deals.csv"
    argv = ["analyze", "--json", "--deals", str(f)]
    (code_a, _, err_a), (code_b, _, err_b) = sequenced(argv, argv)
    assert code_b == 0, err_b
    assert code_a == 2 and len(err_a.splitlines()) == 1
    assert "written by another run while this one worked" in err_a and "--force" in err_a
    assert "strategy: B" in f.read_text()            # B's file, whole, not replaced
    assert [p.name for p in tmp_path.iterdir()] == ["deals.csv"]   # nothing else left


def test_with_force_the_later_commit_wins(tmp_path, sequenced):
    f = tmp_path / "deals.csv"
    argv = ["analyze", "--json", "--deals", str(f)]
    (code_a, _, err_a), (code_b, _, _) = sequenced([*argv, "--force"], argv)
    assert code_a == 0 == code_b, err_a
    assert "strategy: A" in f.read_text()


def test_a_file_changed_after_the_check_is_refused(tmp_path):
    f = tmp_path / "x.txt"
    checks.refuse_overwrite([f], force=False)
    f.write_text("someone else's")
    with pytest.raises(InputError, match="another run"):
        write_files({f: "mine", tmp_path / "y.txt": "mine"})
    assert f.read_text() == "someone else's" and not (tmp_path / "y.txt").exists()


def test_files_that_pass_are_forgotten_and_others_are_not_checked(tmp_path):
    f = tmp_path / "x.txt"
    checks.refuse_overwrite([f], force=False)
    write_file(f, "1")
    write_file(f, "2")              # the same run writes its own file again
    write_file(tmp_path / "other.txt", "never checked")
    write_file(tmp_path / "other.txt", "overwritten: no refuse_overwrite for it")
    assert f.read_text() == "2"


def test_a_forced_check_replaces_an_earlier_one(tmp_path):
    f: Path = tmp_path / "x.txt"
    checks.refuse_overwrite([f], force=False)
    f.write_text("there")
    checks.refuse_overwrite([f], force=True)
    write_file(f, "forced")
    assert f.read_text() == "forced"
