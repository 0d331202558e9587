"""Start-up: ``--help``, ``--version`` and bad input load none of the heavy libraries.

The command line's module graph imports the engine, the simulator, the report and the
exporters only when a command runs, so help and input errors answer in a fraction of a second
(benchmarks/startup.py times them; no test asserts a time). These tests fail if an import at
module level, or on the way to an error, pulls a heavy library back in.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

#: libraries that must not be imported before a command does real work
HEAVY = ("numba", "pandas", "scipy", "matplotlib", "openpyxl", "dask", "distributed",
         "llvmlite")
#: our own packages that only a running command needs
OURS = ("twentyone_burn.engine.dealer", "twentyone_burn.engine.player_burn", "twentyone_burn.sim",
        "twentyone_burn.report", "twentyone_burn.export", "twentyone_burn.tune",
        "twentyone_burn.verify", "twentyone_burn.charts", "twentyone_burn.tables")

_PROBE = """
import json, sys
args = json.loads(sys.argv[1])
if args is None:
    import twentyone_burn.cli.app
else:
    sys.argv = ["twentyone-burn", *args]
    from twentyone_burn.cli import main
    try:
        main()
    except SystemExit as e:
        code = e.code
    else:
        code = 0
    sys.stderr.write(f"exit {code}\\n")
sys.stderr.write("MODULES " + json.dumps(sorted(sys.modules)) + "\\n")
"""


def _loaded(args: list[str] | None, **env: str) -> tuple[list[str], str]:
    """The modules loaded by importing the app (``args`` None) or running it with ``args``,
    and what it wrote to stderr before the list."""
    r = subprocess.run([sys.executable, "-c", _PROBE, json.dumps(args)], capture_output=True,
                       text=True, timeout=120, env={**os.environ, **env})
    assert r.returncode == 0, r.stderr[-2000:]
    head, _, tail = r.stderr.rpartition("MODULES ")
    return json.loads(tail), head


def _heavy(modules: list[str]) -> list[str]:
    return sorted(m for m in modules if m.split(".")[0] in HEAVY or m.split(".")[0] == "numpy"
                  or any(m == o or m.startswith(o + ".") for o in OURS))


def test_importing_the_app_loads_no_heavy_library():
    modules, _ = _loaded(None)
    assert _heavy(modules) == []


@pytest.mark.parametrize("args, code", [
    (["--help"], 0),
    (["--version"], 0),
    (["analyze", "--help"], 0),
    (["hand", "--help"], 0),
    (["report", "--help"], 0),
    (["simulate", "--help"], 0),
    (["design", "--help"], 0),
    (["analyze", "--decks", "9"], 2),
    (["analyze", "--win-pays", "1:0"], 2),
    (["design", "--target-edge", "2%", "--knobs", "colour"], 2),
    (["hand", "10,6", "--up", "9"], 2),
    (["hand", "T 6 X", "--up", "5"], 2),
    (["dealer", "--up", "A", "--decks", "1", "--removed", "A A A A"], 2),
    (["simulate", "--rounds", "many"], 2),
], ids=lambda a: " ".join(a) if isinstance(a, list) else str(a))
def test_help_version_and_bad_input_load_no_heavy_library(args, code):
    modules, err = _loaded(args)
    assert f"exit {code}" in err
    assert _heavy(modules) == []


def test_the_probe_sees_a_heavy_import():
    """The check can fail: a command that computes loads numba."""
    modules, err = _loaded(["dealer", "--up", "9", "--decks", "inf"],
                           TWENTYONE_BURN_CACHE="off")
    assert "exit 0" in err
    assert "numba" in {m.split(".")[0] for m in _heavy(modules)}


def test_text_passed_on_as_given_is_what_typer_would_return():
    """The app builds typer's (pydantic) coercion of a parameter only for a value it cannot
    pass on as given (cli/app.py): a text option's text. Typer's own coercion agrees."""
    from twentyone_burn.cli.app import _as_given, _is_path, command
    try:
        from typer._click import Context
        from typer._coercion import build_runtime_param
    except ImportError:
        pytest.skip("this typer has no coercion layer to defer")
    group = command()
    values = ["9", "", " T 6 5 ", "10,6", "inf", "caf\u00e9", "x\udcff", "1e8", "--"]
    checked = paths = 0
    for cmd in [group, *group.commands.values()]:
        ctx = Context(cmd)
        for p in cmd.params:
            desc = getattr(p, "type_descriptor", None)
            if desc is None:
                continue
            for v in values:
                if _as_given(desc, p, v):
                    real = build_runtime_param(desc).coerce(v, param=p, ctx=ctx)
                    if _is_path(desc):      # a path option: its text as a Path
                        assert real == Path(v) and isinstance(real, Path), (cmd.name, p.name, v)
                        paths += 1
                    else:
                        assert real == v and type(real) is str, (cmd.name, p.name, v)
                    checked += 1
    assert checked > 50 and paths > 10
