"""typer's coercion built only for a value given (toolkit_cli/coercion.py): what is passed on
as given is what typer's own coercion returns, for every parameter of both tools."""

from __future__ import annotations

import math
from pathlib import Path

import pytest
import typer

from guts_family.cli.app import build_app
from toolkit_cli.coercion import as_given, is_path
from twentyone_burn.cli.app import command


def test_text_passed_on_as_given_is_what_typer_would_return():
    try:
        from typer._click import Context
        from typer._coercion import build_runtime_param
    except ImportError:
        pytest.skip("this typer has no coercion layer to defer")
    values = ["9", "", " T 6 5 ", "10,6", "inf", "caf\u00e9", "x\udcff", "1e8", "--",
              0, 1, -3, 10 ** 20, True, False, 0.0, 60.0, -2.5, 1e300, math.inf, math.nan]
    checked = paths = numbers = 0
    for group in (command(), typer.main.get_command(build_app())):
        for cmd in [group, *group.commands.values()]:
            ctx = Context(cmd)
            for p in cmd.params:
                desc = getattr(p, "type_descriptor", None)
                if desc is None:
                    continue
                for v in values:
                    if as_given(desc, p, v):
                        real = build_runtime_param(desc).coerce(v, param=p, ctx=ctx)
                        if is_path(desc):      # a path option: its text as a Path
                            assert real == Path(v) and isinstance(real, Path), (cmd.name, v)
                            paths += 1
                        else:
                            same = real == v or (v != v and real != real)    # nan is nan
                            assert same and type(real) is type(v), (cmd.name, p.name, v)
                            numbers += type(v) in (int, float)
                        checked += 1
    assert checked > 100 and paths > 10 and numbers > 20
