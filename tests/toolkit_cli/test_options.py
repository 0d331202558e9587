"""Option conventions (toolkit_cli/options.py): --version, flags without a type in the help,
an option's old name and its deprecation note."""

from __future__ import annotations

import pytest
import typer
from typer.testing import CliRunner

from toolkit_cli import progress
from toolkit_cli.errors import InputError
from toolkit_cli.options import ForceOpt, JsonOpt, deprecated, flag, renamed, version_option
from toolkit_cli.tool import Tool

DEMO = Tool("demo", "2.5", version_line="demo (demo_pkg) 2.5")


def _app() -> typer.Typer:
    app = typer.Typer()

    @app.command()
    def go(ctx: typer.Context, qualify: str | None = typer.Option(None, "--qualify"),
           at_least: str | None = typer.Option(None, "--at-least", hidden=True),
           show_version: bool = version_option(DEMO), as_json: bool = JsonOpt,
           force: bool = ForceOpt, fast: bool = flag(False, "--fast", help="Fast.")) -> None:
        typer.echo(f"{renamed(DEMO, ctx, '--qualify', '--at-least', qualify, at_least)} "
                   f"{ctx.params['qualify']}")

    @app.command()
    def other() -> None:
        pass

    return app


def test_version_prints_the_tools_line():
    r = CliRunner().invoke(_app(), ["go", "--version"])
    assert r.exit_code == 0 and r.stdout == "demo (demo_pkg) 2.5\n"


def test_flags_have_no_metavar():
    assert JsonOpt.metavar == ForceOpt.metavar == flag(False, "--x", help="x").metavar == ""


def test_an_old_name_still_works_and_is_recorded_under_the_new(monkeypatch):
    monkeypatch.setattr(progress, "stderr_is_terminal", lambda: True)
    r = CliRunner().invoke(_app(), ["go", "--at-least", "K"])
    assert r.exit_code == 0 and r.stdout == "K K\n"
    assert r.stderr == ("demo: note: --at-least is deprecated and goes in the next release: "
                        "use --qualify\n")
    r = CliRunner().invoke(_app(), ["go", "--at-least", "K", "--qualify", "Q"])
    assert isinstance(r.exception, InputError)
    assert str(r.exception) == "--at-least is the old name of --qualify: give --qualify only"


@pytest.mark.parametrize("terminal", [True, False])
def test_the_note_is_for_people_only(monkeypatch, capsys, terminal):
    monkeypatch.setattr(progress, "stderr_is_terminal", lambda: terminal)
    deprecated(DEMO, "--hands", "give the hands as the argument")
    err = capsys.readouterr().err
    assert (err == "demo: note: --hands is deprecated and goes in the next release: give the "
            "hands as the argument\n") if terminal else err == ""
