"""The lazily loaded command group (toolkit_cli/lazy.py): the help lists a table's commands
without importing their modules; a command's module is imported when it is used (run, its
help, completion); a typo is answered from the table; a table naming a command its module
does not register says so."""

from __future__ import annotations

import sys
import textwrap

import pytest
import typer
from typer.testing import CliRunner

from toolkit_cli.help import HELP_NAMES
from toolkit_cli.lazy import Lazy, LazyCommands, LazyGroup

#: the two throw-away modules the table names (written to a temporary folder)
SOURCES = {
    "lazy_demo_go": '''
        import typer

        def register(app):
            @app.command()
            def go(fast: bool = typer.Option(False, "--fast")) -> None:
                """Go somewhere. More words here."""
                typer.echo(f"go {fast}")

            @app.command(hidden=True)
            def secret() -> None:
                """Not listed."""
                typer.echo("secret ran")
        ''',
    "lazy_demo_stop": '''
        def register(app):
            @app.command()
            def stop() -> None:
                """Stop at once."""
                print("stopped")
        ''',
}


class Demo(LazyGroup):
    table = {"go": Lazy("lazy_demo_go", "Go somewhere."),
             "secret": Lazy("lazy_demo_go", "Not listed.", hidden=True),
             "stop": Lazy("lazy_demo_stop", "Stop at once."),
             "ghost": Lazy("lazy_demo_stop", "Registered by nobody.", hidden=True)}


@pytest.fixture
def demo(tmp_path, monkeypatch) -> typer.Typer:
    for name, source in SOURCES.items():
        (tmp_path / f"{name}.py").write_text(textwrap.dedent(source))
        monkeypatch.delitem(sys.modules, name, raising=False)
    monkeypatch.syspath_prepend(str(tmp_path))
    app = typer.Typer(cls=Demo, add_completion=False,
                      context_settings={"help_option_names": HELP_NAMES})

    @app.callback()
    def _root() -> None:
        """The demo tool."""

    yield app
    for name in SOURCES:
        sys.modules.pop(name, None)


def _invoke(app: typer.Typer, *args: str):
    return CliRunner().invoke(app, list(args), env={"COLUMNS": "80", "NO_COLOR": "1"},
                              prog_name="demo")


def test_the_help_lists_the_table_and_imports_no_module(demo):
    r = _invoke(demo, "--help")
    assert r.exit_code == 0, r.output
    assert r.output.endswith("Commands:\n  go    Go somewhere.\n  stop  Stop at once.\n")
    assert not [m for m in SOURCES if m in sys.modules]


def test_a_command_imports_its_module_only(demo):
    r = _invoke(demo, "go", "--fast")
    assert (r.exit_code, r.output) == (0, "go True\n")
    assert "lazy_demo_go" in sys.modules and "lazy_demo_stop" not in sys.modules
    assert _invoke(demo, "secret").output == "secret ran\n"     # hidden, still there
    r = _invoke(demo, "stop", "-h")                               # the group's help names
    assert r.exit_code == 0 and "Stop at once." in r.output


def test_the_groups_commands_are_the_tables_names_then_any_added(demo):
    group = typer.main.get_command(demo)
    commands = group.commands
    assert isinstance(commands, LazyCommands)
    assert list(commands) == ["go", "secret", "stop", "ghost"] and "go" in commands
    assert not commands.loaded("go")
    group.add_command(typer.main.get_command(_single()), "extra")
    assert list(commands)[-1] == "extra" and len(commands) == 5 and commands.loaded("extra")
    del commands["secret"]
    assert "secret" not in commands and len(commands) == 4
    with pytest.raises(KeyError):
        commands["nothing"]


def _single() -> typer.Typer:
    app = typer.Typer()

    @app.command()
    def extra() -> None:
        """Added directly."""

    return app


def test_a_typo_is_answered_from_the_table(demo):
    r = _invoke(demo, "stpo")
    assert r.exit_code == 2 and "Did you mean 'stop'?" in r.output, r.output
    assert not [m for m in SOURCES if m in sys.modules]


def test_completion_offers_the_tables_commands(demo):
    group = typer.main.get_command(demo)
    ctx = group.context_class(group, info_name="demo")
    offered = [(c.value, c.help) for c in group.shell_complete(ctx, "s")]
    assert offered == [("stop", "Stop at once.")]


def test_a_command_its_module_does_not_register_is_named(demo):
    group = typer.main.get_command(demo)
    with pytest.raises(LookupError, match="lazy_demo_stop.register registers no command "
                                          "'ghost' \\(its commands: stop\\)"):
        group.commands["ghost"]
