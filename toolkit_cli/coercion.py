"""coercion: typer's value coercion of a parameter built only for a value that is given.

Typer (0.2x) coerces every parameter's value with a pydantic TypeAdapter that it builds, and
imports pydantic for (about 0.1 s), the first time the parameter is processed - even when
the value is None, which the coercion returns untouched without the adapter. A parameter's
coercion is therefore built when its value is not None: ``--help`` and the options not given
cost nothing. A text option's text (``str`` or ``str | None``, no parser of its own), a
flag's True or False and a number option's default (an ``int`` for ``int``, a ``float`` for
``float``, when the option sets no bounds) are what the adapter would return, so they are
passed on as they are (tests/toolkit_cli/test_coercion.py checks that against typer's own
coercion); a number typed on the command line arrives as text and is coerced. Older typer
has no such layer, and nothing is changed. A path option's text becomes a Path, as typer's
coercion does when the option asks for no checks of the path (exists, resolve_path, ...).

>>> import typer
>>> app = typer.Typer()
>>> @app.command()
... def hello(name: str = typer.Option("you", "--name")) -> None:
...     print(f"hello {name}")
>>> cmd = typer.main.get_command(app)
>>> for p in cmd.params:
...     defer_coercion(p)
>>> cmd.main(["--name", "Ada"], standalone_mode=False)
hello Ada
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

__all__ = ["as_given", "defer_coercion", "is_path"]

_AS_GIVEN: dict[Any, type] = {str: str, str | None: str, bool: bool, bool | None: bool,
                              Path: str, Path | None: str, int: int, int | None: int,
                              float: float, float | None: float}
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
            if as_given(self.descriptor, param, value):
                return Path(value) if is_path(self.descriptor) else value
            real = _build_runtime_param(self.descriptor)
            param._runtime_param = real
            return real.coerce(value, param=param, ctx=ctx)

        def _coerce_value(self, value: Any, param: Any, ctx: Any) -> Any:
            return _build_runtime_param(self.descriptor)._coerce_value(value, param=param,
                                                                       ctx=ctx)

    _DEFERRED = _Deferred
except (ImportError, TypeError):  # pragma: no cover - a typer without that layer
    pass


def is_path(desc: Any) -> bool:
    """Is the parameter described by ``desc`` (typer's type descriptor) a path option?"""
    return desc.annotation in (Path, Path | None)


def as_given(desc: Any, param: Any, value: Any) -> bool:
    """Is ``value`` what typer's coercion of ``param`` would return unchanged (a path
    option's: ``Path(value)``)?"""
    kind = _AS_GIVEN.get(desc.annotation)
    info = desc.parameter_info
    if is_path(desc) and any(getattr(info, k, v) != v for k, v in _PLAIN_PATH.items()):
        return False
    if kind in (int, float) and (getattr(info, "min", None) is not None or
                                 getattr(info, "max", None) is not None or
                                 getattr(info, "clamp", False)):
        return False  # bounds are typer's to check
    return (kind is not None and type(value) is kind and not param.multiple
            and param.nargs == 1 and getattr(info, "parser", None) is None)


def defer_coercion(param: Any) -> None:
    """Make ``param`` (a typer parameter) build its coercion only for a value that is given."""
    desc = getattr(param, "type_descriptor", None)
    if _DEFERRED is None or desc is None or getattr(param, "_runtime_param", 0) is not None:
        return
    param._runtime_param = _DEFERRED(parameter_info=desc.parameter_info,
                                     annotation=desc.annotation, descriptor=desc)
