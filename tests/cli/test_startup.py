"""Start-up: ``--help``, ``--version`` and bad input load none of the heavy libraries.

The command line's module graph imports the engine, the simulator, the report and the
exporters only when a command runs, so help and input errors answer in a fraction of a second
(benchmarks/startup.py times them; no test asserts a time). These tests fail if an import at
module level, or on the way to an error, pulls a heavy library back in: for
``twentyone-burn``, for the shared layer (toolkit_cli) and for ``guts-odds`` (whose games,
odds and Omaha Burn load numba: its commands import them only once the options are checked).
``twentyone-burn``'s help imports none of its commands' modules either (it lists them from a
table), a command's help only that command's.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

#: libraries that must not be imported before a command does real work
HEAVY = ("numba", "pandas", "scipy", "matplotlib", "openpyxl", "dask", "distributed",
         "llvmlite")
#: our own packages that only a running command needs
OURS = ("twentyone_burn.engine.dealer", "twentyone_burn.engine.player_burn", "twentyone_burn.sim",
        "twentyone_burn.engine.cache", "twentyone_burn.engine.disk",
        "twentyone_burn.report", "twentyone_burn.export", "twentyone_burn.tune",
        "twentyone_burn.verify", "twentyone_burn.charts", "twentyone_burn.tables")

_PROBE = """
import importlib, json, sys
args, tool = json.loads(sys.argv[1]), sys.argv[2]
if args is None:
    for name in tool.split(","):
        importlib.import_module(name)
else:
    sys.argv = [tool, *args]
    if tool == "twentyone-burn":
        from twentyone_burn.cli import main
    else:
        from guts_family.cli import main
    try:
        main()
    except SystemExit as e:
        code = e.code
    else:
        code = 0
    sys.stderr.write(f"exit {code}\\n")
sys.stderr.write("MODULES " + json.dumps(sorted(sys.modules)) + "\\n")
"""


def _loaded(args: list[str] | None, tool: str = "twentyone-burn", **env: str
            ) -> tuple[list[str], str]:
    """The modules loaded by running ``tool`` with ``args``, or by importing the modules
    ``tool`` names (``args`` None; commas between them), and what it wrote to stderr before
    the list."""
    r = subprocess.run([sys.executable, "-c", _PROBE, json.dumps(args), tool],
                       capture_output=True, text=True, timeout=120, env={**os.environ, **env})
    assert r.returncode == 0, r.stderr[-2000:]
    head, _, tail = r.stderr.rpartition("MODULES ")
    return json.loads(tail), head


def _heavy(modules: list[str]) -> list[str]:
    return sorted(m for m in modules if m.split(".")[0] in HEAVY or m.split(".")[0] == "numpy"
                  or any(m == o or m.startswith(o + ".") for o in OURS))


def test_importing_the_app_loads_no_heavy_library():
    modules, _ = _loaded(None, "twentyone_burn.cli.app")
    assert _heavy(modules) == []


def test_the_shared_layer_loads_neither_tool_nor_a_heavy_library():
    names = [f"toolkit_cli.{m}" for m in ("tool", "errors", "checks", "progress", "coercion",
                                           "options", "provenance", "help")]
    modules, _ = _loaded(None, ",".join(names))
    assert set(names) <= set(modules)
    assert _heavy(modules) == [] and "rich" not in {m.split(".")[0] for m in modules}
    assert not [m for m in modules if m.split(".")[0] in ("twentyone_burn", "guts_family")]


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
    (["protection", "counter", "--table", "/no/such/table.json"], 2),
    (["protection", "shoe", "--decks", "0"], 2),
    (["protection", "report", "--decks", "0"], 2),
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


#: our guts packages that only a running ``guts-odds`` command needs (numpy or numba)
GUTS_OURS = ("guts_family.games", "guts_family.odds", "guts_family.omaha", "guts_family.hands",
             "guts_family.ranges", "guts_family.export", "guts_family.sampling")

_BUILD = """
import json, sys
import typer
if sys.argv[1] == "twentyone-burn":
    from twentyone_burn.cli.app import command
    cmd = command()
else:
    from guts_family.cli.app import build_app
    cmd = typer.main.get_command(build_app())
assert cmd.list_commands(None)  # the commands are registered, their options built
sys.stderr.write("MODULES " + json.dumps(sorted(sys.modules)) + "\\n")
"""


#: the light parts of those packages: Omaha Burn's package loads its names on first use, and
#: its hands are read from text with the cards alone
GUTS_LIGHT = ("guts_family.omaha", "guts_family.omaha.text")


def _guts_heavy(modules: list[str]) -> list[str]:
    return sorted(m for m in modules if m.split(".")[0] in HEAVY or m.split(".")[0] == "numpy"
                  or (m not in GUTS_LIGHT
                      and any(m == o or m.startswith(o + ".") for o in GUTS_OURS)))


@pytest.mark.parametrize("tool", ["twentyone-burn", "guts-odds"])
def test_building_the_command_for_help_loads_no_heavy_library(tool):
    """Each tool's app, imported and built into its click command (what --help needs), loads
    neither numba nor numpy, pandas, scipy or matplotlib."""
    r = subprocess.run([sys.executable, "-c", _BUILD, tool], capture_output=True, text=True,
                       timeout=120)
    assert r.returncode == 0, r.stderr[-2000:]
    modules = json.loads(r.stderr.rpartition("MODULES ")[2])
    assert "typer" in modules
    heavy = _heavy(modules) if tool == "twentyone-burn" else _guts_heavy(modules)
    assert heavy == []


@pytest.mark.parametrize("args, code", [
    (["--help"], 0),
    (["--version"], 0),
    (["vs-pot", "--help"], 0),
    (["omaha-threshold", "--help"], 0),
    (["frobnicate"], 2),
    (["vs-pot", "As Kx Qh"], 2),
    (["vs-pot", "Qh", "--game", "holdem"], 2),
    (["vs-pot", "Qh", "--tie", "bogus"], 2),
    (["vs-pot", "Qh", "--limit", "3"], 2),
    (["table", "--pot", "-1"], 2),
    (["table", "--game", "holdem"], 2),
    (["table", "--out", "{file}"], 2),
    (["threshold", "--tie", "bogus"], 2),
    (["swap", "9s 7d 2c", "--pot", "x"], 2),
    (["qualify", "--dead", "Zz"], 2),
    (["equilibrium", "phoenix", "--out", "{file}"], 2),
    (["game", "phoenix", "--out", "{file}"], 2),
    (["omaha", "AsAhKsKh JdTc9d8c", "--board", "Zz"], 2),
    (["omaha", "AsAhKsKx"], 2),
    (["omaha-threshold", "--players", "1", "--pot", "3"], 2),
    (["omaha-threshold", "--players", "4", "--pot", "x"], 2),
], ids=lambda a: " ".join(a) if isinstance(a, list) else str(a))
def test_guts_odds_help_version_and_bad_input_load_no_heavy_library(args, code, tmp_path):
    afile = tmp_path / "afile"
    afile.write_text("a file where a folder should be")
    modules, err = _loaded([a.format(file=afile) for a in args], "guts-odds")
    assert f"exit {code}" in err
    assert _guts_heavy(modules) == []
    assert not [m for m in modules if m.split(".")[0] == "twentyone_burn"]


@pytest.mark.parametrize("args, existing", [
    (["chart", "--out", "{out}"], "chart.xlsx"),
    (["chart", "--out", "{out}"], "hard.csv"),
    (["chart", "--out", "{out}/new", "--strategy", "{out}/no-such-chart"], None),
    (["report", "--out", "{out}"], "21burn-standard.md"),
    (["report", "--out", "{out}", "--strategy", "optimal"], "21burn-standard-optimal.json"),
    (["report", "--out", "{out}", "--strategy", "{out}/no-such-chart"], None),
    (["protection", "report", "--out", "{out}"], "protection.xlsx"),
], ids=lambda a: " ".join(a) if isinstance(a, list) else str(a))
def test_an_existing_out_or_a_missing_strategy_loads_no_heavy_library(args, existing, tmp_path):
    """An output a previous run wrote (no --force), or a --strategy path that is not there, is
    refused (exit 2) before the engine, numba or the writers are imported."""
    if existing is not None:
        (tmp_path / existing).write_text("written by a previous run")
    modules, err = _loaded([a.format(out=tmp_path) for a in args])
    assert "exit 2" in err
    assert ("--force" in err) == (existing is not None)
    assert _heavy(modules) == []
    assert not list((tmp_path / "new").glob("*"))


def _command_modules() -> set[str]:
    """Every module of twentyone-burn's commands (the tables' modules) and the rule options
    they share: what a command needs and its help does not."""
    from twentyone_burn.cli import protection
    from twentyone_burn.cli.app import COMMANDS
    return ({e.module for e in (*COMMANDS.values(), *protection.COMMANDS.values())}
            | {"twentyone_burn.cli.rule_options"})


@pytest.mark.parametrize("args, needed", [
    (["--help"], set()),
    (["-h"], set()),
    ([], set()),                                    # no command: the help and exit 2
    (["--version"], set()),
    (["frobnicate"], set()),                        # no such command: exit 2
    (["protection", "--help"], {"twentyone_burn.cli.protection"}),
    (["hand", "--help"], {"twentyone_burn.cli.analyze", "twentyone_burn.cli.charts",
                          "twentyone_burn.cli.rule_options"}),
    (["build-kernels", "--help"], {"twentyone_burn.cli.kernels"}),
    (["protection", "cut-card", "--help"], {"twentyone_burn.cli.protection",
                                            "twentyone_burn.cli.protection_shoe",
                                            "twentyone_burn.cli.rule_options"}),
], ids=lambda a: (" ".join(a) or "(none)") if isinstance(a, list) else "modules")
def test_help_imports_only_the_command_modules_it_shows(args, needed):
    """The app's help lists its commands from a table (twentyone_burn.cli.app.COMMANDS): it
    imports no command's module; a command's help imports that command's module (and what it
    imports itself), no other command's."""
    modules, err = _loaded(args)
    assert "exit 0" in err or "exit 2" in err
    loaded = _command_modules() & set(modules)
    assert loaded == needed


_COMMON = """
import importlib, json, sys
out = {}
for name in json.loads(sys.argv[1]):
    for m in [m for m in sys.modules if m.startswith("twentyone_burn.cli")]:
        del sys.modules[m]
    importlib.import_module(name)
    out[name] = "twentyone_burn.cli.common" in sys.modules
print(json.dumps(out))
"""


def test_every_command_that_may_write_brings_the_overwrite_check():
    """With the commands imported one at a time, each command module that can write a file
    still imports twentyone_burn.cli.common, which adds the overwrite check to the writer
    (once every module was imported at start): all but the ``protection`` group itself and
    ``build-kernels`` (which writes through numba's compiler, no --out)."""
    modules = sorted(_command_modules() - {"twentyone_burn.cli.rule_options"})
    r = subprocess.run([sys.executable, "-c", _COMMON, json.dumps(modules)],
                       capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr[-2000:]
    without = sorted(m for m, has in json.loads(r.stdout).items() if not has)
    assert without == ["twentyone_burn.cli.kernels", "twentyone_burn.cli.protection"]


@pytest.mark.parametrize("args", [["--help"], ["--version"], ["protection", "--help"]],
                         ids=" ".join)
def test_the_apps_help_imports_neither_the_rules_nor_the_writer(args):
    """What the app's own help and --version need is the tool's name, version and the command
    table (twentyone_burn/cli/tool.py, app.py): not the rules, the cards, the atomic writer or
    the progress display, which every command imports for itself."""
    modules, err = _loaded(args)
    assert "exit 0" in err
    ours = {m for m in modules if m.split(".")[0] in ("twentyone_burn", "toolkit_cli")}
    assert not ours & {"twentyone_burn.rules", "twentyone_burn.shoe", "twentyone_burn.io",
                       "twentyone_burn.cli.common", "toolkit_cli.progress",
                       "toolkit_cli.checks"}
