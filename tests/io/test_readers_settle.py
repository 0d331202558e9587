"""Readers never use a set that a killed write left half switched (issue 26 item 1).

The half-committed state is made deterministically: the writer's renames are stopped after
``k`` of them and its clean-up is skipped, which is what a kill -9 between two renames leaves
on disk (the commit folder with its journal and backups). Every command that reads a chart
folder (``analyze``, ``value``, ``report``, ``verify``, ``simulate``, ``tune`` with
``--strategy DIR``) and ``--rules FILE`` then either rolls the switch back and reads the whole
old set, or - while another run holds the folder's lock - refuses with one line, exit 1.
"""

from __future__ import annotations

import os
from contextlib import contextmanager
from pathlib import Path

import pytest

from tests.cli.test_bad_input import run
from twentyone_burn import io
from twentyone_burn.charts.files import csv_texts, load_chart
from twentyone_burn.charts.model import Chart
from twentyone_burn.export.chart_workbook import save_csv
from twentyone_burn.rules import Rules


class Killed(BaseException):
    """The kill: nothing of the writer runs after it."""


@contextmanager
def _killed_after(k: int):
    real_replace, real_undo = os.replace, io._undo
    calls = [0]

    def replace(a, b, **kw):
        if calls[0] == k:
            raise Killed
        calls[0] += 1
        real_replace(a, b, **kw)

    io.os.replace = replace             # io uses the os module's function
    io._undo = lambda root, commit: None    # a killed run does not clean up
    try:
        yield
    except Killed:
        pass
    finally:
        io.os.replace, io._undo = real_replace, real_undo


def half_written(files: dict[Path, str], k: int) -> None:
    """Leave ``files`` written as a kill after ``k`` renames of the switch leaves them."""
    with _killed_after(k):
        io.write_files(files)


def commits(folder: Path) -> list[Path]:
    return [p for p in folder.iterdir() if p.name.startswith(".twentyone-burn-commit.")]


OLD = Chart.simple(Rules(decks=2))


def _new() -> Chart:
    """Another chart: other rules, another name, every burn value halved, hard 12 v 2 stood."""
    c = Chart.simple(Rules(decks=4), "new chart")
    hard = c.hard.copy()
    hard.loc[12, "2"] = "S"
    return Chart.from_frames(c.rules, c.burn_values / 2, hard, c.soft, c.resplit, c.name)


NEW = _new()


@pytest.fixture
def mixed(tmp_path) -> Path:
    """A chart folder holding OLD, with NEW's switch killed after two of its six renames."""
    d = tmp_path / "chart"
    save_csv(OLD, d)
    half_written({d / n: t for n, t in csv_texts(NEW).items()}, 2)
    assert commits(d)      # the mixed state: some files new, some old
    old, new = csv_texts(OLD), csv_texts(NEW)
    assert (d / "burn.csv").read_text() == new["burn.csv"]
    assert (d / "soft.csv").read_text() == old["soft.csv"] != new["soft.csv"] or \
        (d / "rules.toml").read_text() == old["rules.toml"] != new["rules.toml"]
    return d


def test_the_state_is_mixed_and_the_reader_rolls_it_back(mixed):
    chart = load_chart(mixed)
    assert chart.rules == OLD.rules and chart.equals(OLD)
    assert not commits(mixed)
    assert {n: (mixed / n).read_text() for n in csv_texts(OLD)} == csv_texts(OLD)


@pytest.mark.parametrize("k", range(7))
def test_a_kill_after_any_rename_reads_the_old_chart(tmp_path, k):
    d = tmp_path / "c"
    save_csv(OLD, d)
    half_written({d / n: t for n, t in csv_texts(NEW).items()}, k)
    # k = 6: no kill (six files), the write returned and its set is the one read
    assert load_chart(d).equals(OLD if k < 6 else NEW)
    assert not commits(d)


class Stop(Exception):
    """Raised where the command would start computing: reading is what is tested."""


@pytest.fixture
def stop_after_reading(monkeypatch):
    """Replace the computing after ``--strategy`` is read; records the chart read."""
    from twentyone_burn.cli import analyze as analyze_cli
    from twentyone_burn.cli import charts as charts_cli
    read: list = []
    real = charts_cli.chart_strategy

    def chart_strategy(path, rules=None):
        got = real(path, rules)
        read.append(got[2])
        raise Stop
    monkeypatch.setattr(charts_cli, "chart_strategy", chart_strategy)
    monkeypatch.setattr(analyze_cli, "chart_strategy", chart_strategy)
    return read


COMMANDS = {
    "analyze": ["analyze", "--strategy"],
    "value": ["value", "--no-compare", "--strategy"],
    "report": ["report", "--out", "{out}", "--strategy"],
    "verify": ["verify", "--rounds", "1000", "--strategy"],
    "simulate": ["simulate", "--rounds", "1000", "--strategy"],
    "tune": ["tune", "--knob", "win_pays", "--target-edge", "1%", "--out", "{out}",
             "--strategy"],
}


def argv(name: str, chart: Path, out: Path) -> list[str]:
    return [a.replace("{out}", str(out)) for a in COMMANDS[name]] + [str(chart)]


@pytest.mark.parametrize("name", COMMANDS)
def test_every_strategy_reader_reads_the_old_chart(name, mixed, tmp_path, stop_after_reading,
                                                   monkeypatch, capsys):
    code, _, err = run(argv(name, mixed, tmp_path / "out"), monkeypatch, capsys)
    assert "Stop" in err and code == 1       # got as far as computing
    assert len(stop_after_reading) == 1 and stop_after_reading[0].equals(OLD)
    assert not commits(mixed)


@pytest.mark.parametrize("name", COMMANDS)
def test_every_strategy_reader_refuses_while_the_folder_is_being_written(
        name, mixed, tmp_path, monkeypatch, capsys):
    with io._locked([str(mixed)]):          # another run writes there right now
        code, out, err = run(argv(name, mixed, tmp_path / "out"), monkeypatch, capsys)
    assert code == 1 and not out
    assert len(err.splitlines()) == 1 and "being written by another" in err
    assert commits(mixed)                   # left for that run (or the next) to settle


def test_a_rules_file_of_a_half_written_set_is_the_old_one(tmp_path, monkeypatch, capsys):
    d = tmp_path / "design"
    io.write_files({d / "a.toml": Rules(decks=2).to_toml(), d / "b.toml": Rules().to_toml()})
    half_written({d / "a.toml": Rules(decks=5).to_toml(), d / "b.toml": "garbage"}, 1)
    assert "decks = 5" in (d / "a.toml").read_text()
    code, out, err = run(["dealer", "--up", "6", "--json", "--rules", str(d / "a.toml")],
                         monkeypatch, capsys)
    assert code == 0, err
    assert not commits(d) and "decks = 5" not in (d / "a.toml").read_text()
    assert Rules.from_toml(d / "a.toml") == Rules(decks=2)


def test_a_read_only_folder_with_nothing_to_settle_reads_as_before(tmp_path):
    d = tmp_path / "c"
    save_csv(OLD, d)
    d.chmod(0o555)
    try:
        assert load_chart(d).equals(OLD)
    finally:
        d.chmod(0o755)


def test_a_set_switched_while_it_is_read_is_read_again(tmp_path):
    d = tmp_path / "c"
    save_csv(OLD, d)
    calls = []

    def read():
        calls.append(1)
        if len(calls) == 1:         # a whole other write lands during the first read
            save_csv(NEW, d)
        return load_chart(d)

    assert io.read_settled(d, read).equals(NEW) and len(calls) == 2
