"""app: the ``twentyone-burn`` typer application - every command, registered statically,
behind one error boundary.

>>> from typer.testing import CliRunner
>>> CliRunner().invoke(app, ["--help"]).exit_code
0
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import typer

from ..rules import RulesError
from ..shoe import CardError
from . import analyze, charts, design, kernels, report, simulate
from .common import InputError as InputError
from .common import VersionOpt, flag, run_main

__all__ = ["InputError", "RulesError", "CardError", "app", "command", "main"]

#: -h and --help on the app and every command (click passes them down to subcommands)
HELP_NAMES = ["-h", "--help"]

app = typer.Typer(add_completion=True, no_args_is_help=True,
                  context_settings={"help_option_names": HELP_NAMES},
                  help="Exact combinatorial analyser for the casino game 21 Burn.")


@app.callback()
def _root(show_version: bool = VersionOpt,
          debug: bool = flag(False, "--debug", show_default=False,
                             help="Show the traceback of an error instead of one line.")
          ) -> None:
    """Exact combinatorial analyser for the casino game 21 Burn."""


for _module in (analyze, simulate, charts, report, design, kernels):
    _module.register(app)

_COMMAND: Any = None

# Typer (0.2x) coerces every parameter's value with a pydantic TypeAdapter that it builds, and
# imports pydantic for (about 0.1 s), the first time the parameter is processed - even when
# the value is None, which the coercion returns untouched without the adapter. A parameter's
# coercion is therefore built when its value is not None: --help and the options not given
# cost nothing. A text option's text (``str`` or ``str | None``, no parser of its own) and a
# flag's True or False are what the adapter would return, so they are passed on as they are
# (tests/cli/test_startup.py checks that against typer's own coercion). Older typer has no
# such layer, and nothing is changed. A path option's text becomes a Path, as typer's coercion
# does when the option asks for no checks of the path (exists, resolve_path, ...).
_AS_GIVEN: dict[Any, type] = {str: str, str | None: str, bool: bool, bool | None: bool,
                              Path: str, Path | None: str}
#: typer's path checks at their defaults (anything else is left to typer's coercion)
_PLAIN_PATH = {"exists": False, "file_okay": True, "dir_okay": True, "writable": False,
               "readable": True, "resolve_path": False, "allow_dash": False, "path_type": None}
_DEFERRED: Any = None
try:
    from typer._coercion import RuntimeParam as _RuntimeParam
    from typer._coercion import build_runtime_param as _build_runtime_param

    @dataclass(frozen=True)
    class _Deferred(_RuntimeParam):
        """Typer's coercion of one parameter, built when a value is not None."""

        descriptor: Any

        def coerce(self, value: Any, param: Any, ctx: Any) -> Any:
            if value is None:  # the base class's answer, before any coercion
                return super().coerce(value, param=param, ctx=ctx)
            if _as_given(self.descriptor, param, value):
                return Path(value) if _is_path(self.descriptor) else value
            real = _build_runtime_param(self.descriptor)
            param._runtime_param = real
            return real.coerce(value, param=param, ctx=ctx)

        def _coerce_value(self, value: Any, param: Any, ctx: Any) -> Any:
            return _build_runtime_param(self.descriptor)._coerce_value(value, param=param,
                                                                       ctx=ctx)

    _DEFERRED = _Deferred
except (ImportError, TypeError):  # pragma: no cover - a typer without that layer
    pass


def _is_path(desc: Any) -> bool:
    return desc.annotation in (Path, Path | None)


def _as_given(desc: Any, param: Any, value: Any) -> bool:
    """Is ``value`` what typer's coercion of ``param`` would return unchanged (a path
    option's: ``Path(value)``)?"""
    kind = _AS_GIVEN.get(desc.annotation)
    info = desc.parameter_info
    if _is_path(desc) and any(getattr(info, k, v) != v for k, v in _PLAIN_PATH.items()):
        return False
    return (kind is not None and type(value) is kind and not param.multiple
            and param.nargs == 1 and getattr(info, "parser", None) is None)


def _defer_coercion(opt: Any) -> None:
    desc = getattr(opt, "type_descriptor", None)
    if _DEFERRED is None or desc is None or getattr(opt, "_runtime_param", 0) is not None:
        return
    opt._runtime_param = _DEFERRED(parameter_info=desc.parameter_info,
                                   annotation=desc.annotation, descriptor=desc)


def command() -> Any:
    """The click command of the app, built once; its help flags show no ``<bool>`` type, and
    a parameter's value coercion is built only for a value that is given (see above)."""
    global _COMMAND
    if _COMMAND is None:
        group = typer.main.get_command(app)
        names = SimpleNamespace(help_option_names=HELP_NAMES)
        for c in [group, *getattr(group, "commands", {}).values()]:
            help_opt = c.get_help_option(names)
            for opt in [*c.params, *([help_opt] if help_opt is not None else [])]:
                if getattr(opt, "is_flag", False) and opt.metavar is None:
                    opt.metavar = ""
                _defer_coercion(opt)
        _COMMAND = group
    return _COMMAND


def main() -> None:
    """Entry point: run the app behind the error boundary (see
    :func:`~twentyone_burn.cli.common.run_main`): bad input gives one line on stderr and exit
    code 2, the environment 1, Ctrl-C 130; ``--debug`` shows the traceback instead."""
    run_main(command())
