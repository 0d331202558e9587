"""Provenance (toolkit_cli/provenance.py): the rules header, and the command line that
reproduces an output in its text and its JSON."""

from __future__ import annotations

import json
import shlex

import typer
from typer.testing import CliRunner

from toolkit_cli.provenance import emit, rules_lines
from toolkit_cli.tool import Tool

DEMO = Tool("demo", "2.5")


def _app() -> typer.Typer:
    app = typer.Typer()

    @app.command()
    def odds(ctx: typer.Context, hand: str,
             pot: float = typer.Option(10.0, "--pot"),
             dead: list[str] = typer.Option([], "--dead"),
             exact: bool = typer.Option(False, "--exact"),
             old: str | None = typer.Option(None, "--old", hidden=True),
             as_json: bool = typer.Option(False, "--json")) -> None:
        emit(DEMO, {"win": 0.5}, as_json, "win 50%", ctx)

    @app.command()
    def other() -> None:
        pass

    return app


def test_rules_lines():
    assert rules_lines(DEMO, '{"decks":6}', "ab" * 32) == [
        'rules: {"decks":6}', f"rules hash: {'ab' * 32}", "version: demo 2.5"]


def test_the_text_starts_with_the_command_line_that_reproduces_it():
    r = CliRunner().invoke(_app(), ["odds", "As Kd", "--dead", "2c", "--dead", "3c", "--exact",
                                    "--old", "x"])
    first, text = r.stdout.splitlines()
    assert first == "# demo 2.5 odds 'As Kd' --pot 10.0 --dead 2c --dead 3c --exact"
    assert text == "win 50%"
    # the line is the command (hidden old names and the format left out), quoted for a shell
    assert shlex.split(first[2:])[2:] == ["odds", "As Kd", "--pot", "10.0", "--dead", "2c",
                                          "--dead", "3c", "--exact"]


def test_json_carries_version_command_and_options():
    r = CliRunner().invoke(_app(), ["odds", "As Kd", "--json"])
    d = json.loads(r.stdout)
    assert d == {"win": 0.5, "command": "odds", "options": {"hand": "As Kd", "pot": 10.0},
                 "version": "2.5"}


def test_without_a_context_only_the_version(capsys):
    emit(DEMO, {"version": "own"}, True, "")
    assert json.loads(capsys.readouterr().out) == {"version": "own"}
