"""``simulate`` and ``verify`` (twentyone_burn/cli/simulate.py): the JSON's provenance, the
short burn rule played as printed, and Ctrl-C saying how to resume a checkpointed run."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from tests.cli.test_bad_input import run
from toolkit_cli.errors import Interrupted, describe_error
from twentyone_burn import __version__
from twentyone_burn.cli.common import TOOL

RULE = Path(__file__).resolve().parents[2] / "strategy_tables" / "burn-rule.txt"


def test_simulate_json_carries_rules_hash_and_version(monkeypatch, capsys):
    code, out, _ = run(["simulate", "--rounds", "2e3", "--seed", "1", "--decks", "inf",
                        "--strategy", "always-stand", "--workers", "1", "--json"],
                       monkeypatch, capsys)
    d = json.loads(out)
    assert code == 0 and d["rounds"] == 2000
    assert d["version"] == __version__ and len(d["rules_hash"]) == 64


def _stated_return() -> float:
    m = re.search(r"exact expected return [+-][0-9.]+% of the initial wager \(([+-][0-9.]+);",
                  RULE.read_text())
    assert m, "the published rule states its exact return"
    return float(m.group(1))


def test_simulate_plays_the_published_rule(monkeypatch, capsys):
    code, out, err = run(["simulate", "--strategy", str(RULE), "--rounds", "400000",
                          "--workers", "1", "--seed", "5", "--json"], monkeypatch, capsys)
    assert code == 0, err
    d = json.loads(out)
    assert "burn rule" in d["strategy"]
    z = (d["mean_return"] - _stated_return()) / d["standard_error"]
    assert abs(z) < 4, d


def test_simulate_interrupt_carries_the_resume_hint(tmp_path):
    from twentyone_burn.cli import simulate as sim_cli

    def stop() -> None:
        raise KeyboardInterrupt

    with pytest.raises(Interrupted) as e:
        sim_cli._run(stop, tmp_path / "c.ckpt")
    assert "run the same command again to resume" in describe_error(e.value, TOOL)[1]


# Ctrl-C of a checkpointed run in a real process: tests/test_interrupt.py (the test seam)
