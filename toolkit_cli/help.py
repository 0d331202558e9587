"""help: the command group both apps use - help readable at 80 columns, options coerced lazily.

The help is click's own layout, not typer's rich panels: rich's options table gives each of
five columns (name, negative name, short names, type, help) a share of the width and, at 80
columns, cuts the long names (``--mandatory-spl...``) and squeezes the help into a column a
few words wide. Click's definition list never cuts a name (a name too long for its column
gets a line of its own, the help starts on the next), rewraps every paragraph of a help text
to the width (so a line break in the source never shows) and never grows past 80 columns;
and ``--help`` imports no rich. The group turns typer's rich help off for itself and for every
command it hands out, lists its commands with each one's whole first sentence (click would
cut it to the width with "...": the list wraps it instead), and wraps lines at spaces only
(never inside ``--max-seconds`` or ``always-stand``, which a reader copies).

typer prints every option's type, flags included (``--json <bool>``); a flag takes no value,
so its metavar is set to empty, for the group's options and for every command's (the help
option included, which click creates on first use). The same pass makes each parameter build
typer's value coercion only for a value that is given (:mod:`~toolkit_cli.coercion`), so
``--help`` and bad input stay fast.

>>> import typer
>>> app = typer.Typer(cls=Group, context_settings={"help_option_names": HELP_NAMES})
>>> @app.command()
... def go(fast: bool = typer.Option(False, "--fast")) -> None:
...     pass
>>> @app.command()
... def stop() -> None:
...     pass
>>> from typer.testing import CliRunner
>>> "<bool>" in CliRunner().invoke(app, ["go", "-h"], env={"NO_COLOR": "1"}).stdout
False
>>> print(CliRunner().invoke(app, ["go", "-h"]).stdout.splitlines()[-3])
  --fast
"""

from __future__ import annotations

from functools import cache
from typing import Any

from typer.core import TyperGroup

from .coercion import defer_coercion

__all__ = ["HELP_NAMES", "SUMMARY_MAX", "Group", "plain", "prepare", "with_quiet"]

#: -h and --help on the app and every command (click passes them down to subcommands)
HELP_NAMES = ["-h", "--help"]

#: a command's summary in its group's list: at most this many characters of its first
#: paragraph, up to the end of the first sentence (the list wraps it; nothing is cut)
SUMMARY_MAX = 10_000

#: stands for "-" while click wraps a text: a character it does not break after
_KEEP = "\u2011"


@cache
def _context_class(base: type) -> type:
    """``base`` (click's context class) with a help formatter that wraps at spaces only.

    click's wrapper breaks a line after any hyphen; the formatter hides the hyphens of the
    text it wraps behind :data:`_KEEP` (one column wide, like "-") and puts them back in
    what it returns.
    """
    class Formatter(base.formatter_class):  # type: ignore[name-defined]
        def write_text(self, text: str) -> None:
            super().write_text(text.replace("-", _KEEP))

        def write_dl(self, rows: Any, *args: Any, **kwargs: Any) -> None:
            super().write_dl([(term, text.replace("-", _KEEP)) for term, text in rows],
                             *args, **kwargs)

        def getvalue(self) -> str:
            return str(super().getvalue()).replace(_KEEP, "-")

    return type(base.__name__, (base,), {"formatter_class": Formatter})


def plain(command: Any) -> Any:
    """``command`` with click's help layout (see above) instead of typer's rich one; back."""
    if hasattr(command, "rich_markup_mode"):
        command.rich_markup_mode = None
    command.context_class = _context_class(command.context_class)
    return command


def prepare(params: list[Any]) -> list[Any]:
    """Give ``params``' flags an empty metavar and defer their coercion; ``params`` back."""
    for p in params:
        if getattr(p, "is_flag", False) and p.metavar is None:
            p.metavar = ""
        defer_coercion(p)
    return params


def _quiet_option() -> Any:
    """``--quiet``/``-q``, which every command takes: no progress, on a terminal or in a log.

    Built by typer from a one-option command (typer's parameters are its own classes, not
    click's), then detached from that command: the option sets
    :func:`toolkit_cli.progress.set_quiet` and passes nothing to the command it is added to.
    """
    import typer

    def on(value: bool) -> None:
        if value:
            from .progress import set_quiet  # the display's module, not needed for help
            set_quiet(True)

    app = typer.Typer()

    @app.command()
    def _one(quiet: bool = typer.Option(False, "-q", "--quiet", callback=on,
                                        help="No progress display (terminal) or lines (log).")
             ) -> None:
        pass  # pragma: no cover - never run

    option = typer.main.get_command(app).params[0]
    option.expose_value = False
    return option


def with_quiet(cmd: Any) -> Any:
    """``cmd`` with the ``--quiet`` option (once; groups pass it on to their commands)."""
    if not hasattr(cmd, "commands") and not any("--quiet" in p.opts for p in cmd.params):
        cmd.params.append(_quiet_option())
    return cmd


class Group(TyperGroup):
    """The apps' command group: every parameter of it and of its commands :func:`prepare`\\ d
    before it is parsed or shown, every command given ``--quiet`` (:func:`with_quiet`), and
    its help and every command's in click's layout."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        plain(self)

    def get_params(self, ctx: Any) -> list[Any]:
        return prepare(super().get_params(ctx))

    def get_command(self, ctx: Any, cmd_name: str) -> Any:
        cmd = super().get_command(ctx, cmd_name)
        if cmd is not None:
            prepare(with_quiet(plain(cmd)).get_params(ctx))
        return cmd

    def summary(self, ctx: Any, name: str) -> str | None:
        """Command ``name``'s line in the group's list: the first sentence of its help (None:
        not listed - hidden, or no such command)."""
        cmd = self.get_command(ctx, name)
        return None if cmd is None or cmd.hidden else str(cmd.get_short_help_str(SUMMARY_MAX))

    def format_commands(self, ctx: Any, formatter: Any) -> None:
        """The commands, each with the first sentence of its help, wrapped and never cut."""
        rows = [(name, line) for name in self.list_commands(ctx)
                if (line := self.summary(ctx, name)) is not None]
        if rows:
            with formatter.section("Commands"):
                formatter.write_dl(rows)
