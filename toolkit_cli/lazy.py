"""lazy: a command group whose commands' modules are imported only when a command is used.

A tool's ``--help`` lists every command with its one-line help; importing every command's
module to print that list costs most of the start-up (each module imports its own options,
parsers and helpers). :class:`LazyGroup` lists its commands from a static table instead -
``{name: Lazy(module, help)}`` - and imports a command's module (and calls its ``register``
on a throw-away typer app, which gives the same click commands as registering it on the tool's
app) only when that command is looked up: to run it, show its help or complete it. The table
is data a test checks against the modules themselves (:func:`module_commands`), so it cannot
drift from them.

The group's commands are a mapping (:class:`LazyCommands`) holding every name of the table
from the start, so everything that reads ``group.commands`` - the command list, "Did you
mean ...?" for a typo, completion - sees the same names as with the commands registered.

>>> import typer
>>> class Demo(LazyGroup):
...     table = {"ok": Lazy("toolkit_cli.lazy", "The demo command.", register="_demo")}
>>> app = typer.Typer(cls=Demo, add_completion=False)
>>> app.callback()(lambda: None)  # doctest: +ELLIPSIS
<function ...>
>>> from typer.testing import CliRunner
>>> CliRunner().invoke(app, ["--help"], terminal_width=80).stdout.splitlines()[-1]
'  ok  The demo command.'
>>> CliRunner().invoke(app, ["ok"]).stdout
'ok ran\\n'
"""

from __future__ import annotations

import importlib
from collections.abc import Iterator, Mapping, MutableMapping
from typing import Any, NamedTuple

from .help import Group

__all__ = ["Lazy", "LazyCommands", "LazyGroup", "module_commands"]


class Lazy(NamedTuple):
    """One command of a :class:`LazyGroup`'s table: the module that registers it, the line
    its group's list shows (the command's ``get_short_help_str(SUMMARY_MAX)``, see
    :mod:`toolkit_cli.help`), whether it is hidden, and the name of the module's function
    that registers it on a typer app."""

    module: str
    help: str
    hidden: bool = False
    register: str = "register"


def _nothing() -> None:
    """The callback of the throw-away app, which makes typer build it as a group."""


def module_commands(module: str, register: str = "register") -> dict[str, Any]:
    """The click commands ``module``'s ``register`` function adds to a typer app, by name,
    in the order it adds them (what the tool's app had with the module registered on it).

    >>> list(module_commands("toolkit_cli.lazy", "_demo"))
    ['ok']
    """
    import typer

    holder = typer.Typer(add_completion=False)
    holder.callback()(_nothing)
    getattr(importlib.import_module(module), register)(holder)
    return dict(typer.main.get_command(holder).commands)  # type: ignore[attr-defined]


class LazyCommands(MutableMapping[str, Any]):
    """A group's commands: every name of ``table`` (in its order), then any command added
    directly; a table command's module is imported on first access (all of that module's
    commands are taken then, so a module is imported once)."""

    def __init__(self, table: Mapping[str, Lazy], added: Mapping[str, Any] | None = None
                 ) -> None:
        self._table = dict(table)
        self._loaded: dict[str, Any] = dict(added or {})

    def loaded(self, name: str) -> bool:
        """Is ``name``'s command built (its module imported, or the command added)?"""
        return name in self._loaded

    def entry(self, name: str) -> Lazy | None:
        """``name``'s line of the table (None: not in it)."""
        return self._table.get(name)

    def __getitem__(self, name: str) -> Any:
        if name not in self._loaded:
            entry = self._table[name]       # KeyError: no such command (click's question)
            built = module_commands(entry.module, entry.register)
            if name not in built:
                raise LookupError(f"{entry.module}.{entry.register} registers no command "
                                  f"{name!r} (its commands: {', '.join(built)})")
            for n, cmd in built.items():
                if n in self._table:
                    self._loaded.setdefault(n, cmd)
        return self._loaded[name]

    def __setitem__(self, name: str, cmd: Any) -> None:
        self._loaded[name] = cmd

    def __delitem__(self, name: str) -> None:
        if name not in self._table and name not in self._loaded:
            raise KeyError(name)
        self._table.pop(name, None)
        self._loaded.pop(name, None)

    def __iter__(self) -> Iterator[str]:
        yield from self._table
        yield from (n for n in self._loaded if n not in self._table)

    def __len__(self) -> int:
        return len(self._table) + sum(n not in self._table for n in self._loaded)

    def __contains__(self, name: object) -> bool:
        return name in self._table or name in self._loaded


class LazyGroup(Group):
    """:class:`toolkit_cli.help.Group` with its commands from ``table`` (set by a subclass):
    a command's module is imported when the command is looked up, and the group's own help
    lists the commands not yet imported from the table, as they would be listed."""

    #: the commands: name -> where it is registered and its one-line help, in listing order
    table: Mapping[str, Lazy] = {}

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.commands = LazyCommands(self.table, self.commands)

    def list_commands(self, ctx: Any) -> list[str]:
        # typer's reads the commands' items, which would import every module
        return list(self.commands)

    def summary(self, ctx: Any, name: str) -> str | None:
        """The table's line for a command not yet imported; the command's own once it is."""
        commands = self.commands
        if isinstance(commands, LazyCommands) and not commands.loaded(name):
            entry = commands.entry(name)
            if entry is not None:
                return None if entry.hidden else entry.help
        return super().summary(ctx, name)


def _demo(app: Any) -> None:
    """The doctest's module: registers ``ok``."""
    @app.command("ok")
    def ok() -> None:
        """The demo command."""
        print("ok ran")
