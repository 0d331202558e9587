"""The apps' command group (toolkit_cli/help.py): flags without ``<bool>``, the help option
included, and every parameter's coercion deferred before it is parsed."""

from __future__ import annotations

import typer
from typer.testing import CliRunner

from toolkit_cli.coercion import _DEFERRED
from toolkit_cli.help import HELP_NAMES, Group


def _app(cls: type | None) -> typer.Typer:
    app = typer.Typer(cls=cls, context_settings={"help_option_names": HELP_NAMES})

    @app.command()
    def go(fast: bool = typer.Option(False, "--fast"), name: str = typer.Option("x")) -> None:
        typer.echo(f"{fast} {name}")

    @app.command()
    def stop() -> None:
        pass

    return app


def test_flags_show_no_type_in_the_help():
    env = {"NO_COLOR": "1", "COLUMNS": "120"}
    assert "<bool>" in CliRunner().invoke(_app(None), ["go", "-h"], env=env).stdout
    shown = CliRunner().invoke(_app(Group), ["go", "-h"], env=env).stdout
    assert "--fast" in shown and "--help" in shown and "<bool>" not in shown


def test_parameters_are_prepared_before_they_are_parsed():
    group = typer.main.get_command(_app(Group))
    r = CliRunner().invoke(_app(Group), ["go", "--fast", "--name", "Ada"])
    assert r.stdout == "True Ada\n"
    ctx = group.make_context("demo", ["go"])
    go = group.get_command(ctx, "go")
    if _DEFERRED is not None:
        assert all(isinstance(p._runtime_param, _DEFERRED) for p in go.params)
    assert all(p.metavar == "" for p in go.get_params(ctx) if p.is_flag)
