"""The layout's contracts: no import cycles, nothing imports the command line, one writer,
complete ``__all__``, and CI running the layer, lint and type checks on every package.

The layers (lint-imports), lint (ruff) and types (mypy) are checked by ``.ci/run`` itself,
once, before the tests; these tests check the structure those tools do not.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("twentyone_burn", "guts_family", "toolkit_cli")


def test_ci_runs_the_layer_lint_and_type_checks_on_every_package():
    """CI (``.ci/run``) runs lint-imports, ruff and mypy once, before the tests (so the tests do
    not run them again); each covers every package."""
    import tomllib

    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
    ruff = [line.split() for line in ci if line.startswith("ruff check")]
    assert "lint-imports" in ci and "mypy" in ci and len(ruff) == 1
    assert set(PACKAGES) <= set(ruff[0][2:])
    tests = next(line for line in ci if "pytest" in line).split()
    assert set(PACKAGES) <= set(tests)
    conf = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]
    assert set(conf["mypy"]["packages"]) == set(PACKAGES)
    assert set(conf["importlinter"]["root_packages"]) == set(PACKAGES)


def _module_graph() -> dict[str, set[str]]:
    """Every package module -> the package modules it imports, anywhere in its body (imports
    inside functions count: they hid cycles before). A package's imports of its own
    submodules from ``__init__`` are left out (re-exports, not dependencies)."""
    files: dict[str, Path] = {}
    for pkg in PACKAGES:
        for p in (ROOT / pkg).rglob("*.py"):
            name = ".".join(p.relative_to(ROOT).with_suffix("").parts)
            files[name.removesuffix(".__init__")] = p
    graph: dict[str, set[str]] = {m: set() for m in files}
    for mod, path in files.items():
        is_pkg = path.name == "__init__.py"
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names: list[str] = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    parts = mod.split(".")
                    keep = len(parts) - node.level + (1 if is_pkg else 0)
                    base = ".".join(parts[:keep] + ([node.module] if node.module else []))
                names = [base] + [f"{base}.{a.name}" for a in node.names]
            for n in names:
                while n and n not in files:
                    n = n.rpartition(".")[0]
                if n and n != mod and not (is_pkg and n.startswith(mod + ".")):
                    graph[mod].add(n)
    return graph


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components with more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    out: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in graph[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(sorted(comp))

    for v in graph:
        if v not in index:
            visit(v)
    return out


def test_no_import_cycles_counting_imports_inside_functions():
    graph = _module_graph()
    assert len(graph) > 40
    assert _cycles(graph) == []


def test_the_cycle_check_finds_a_cycle():
    assert _cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


def test_nothing_imports_the_command_line():
    graph = _module_graph()
    bad = {m: sorted(d) for m, d in graph.items()
           if not m.split(".")[1:2] == ["cli"] and any(".cli" in x for x in d)}
    assert bad == {}


def test_the_libraries_take_only_the_shared_text_helpers_of_the_command_line_layer():
    """Outside their ``cli`` packages the tools import nothing of ``toolkit_cli`` but
    ``toolkit_cli.text`` (how an input is echoed in a message), ``toolkit_cli.interrupt``
    (Ctrl-C in worker pools, the test seam) and ``toolkit_cli.toolchain`` (whether the machine
    can compile the kernels ahead of time), which import nothing; and each tool's script,
    ``_entry``, takes ``toolkit_cli.entry`` (it names the command line only as a string)."""
    graph = _module_graph()
    library = {m: d for m, d in graph.items()
               if m.split(".")[0] in ("twentyone_burn", "guts_family")
               and m.split(".")[1:2] != ["cli"]}
    taken = {m: sorted(x for x in d if x.startswith("toolkit_cli")) for m, d in library.items()}
    allowed = {"toolkit_cli", "toolkit_cli.text", "toolkit_cli.interrupt", "toolkit_cli.toolchain"}
    bad = {m: d for m, d in taken.items()
           if set(d) - allowed - ({"toolkit_cli.entry"} if m.endswith("._entry") else set())}
    assert bad == {}
    assert graph["toolkit_cli.text"] == graph["toolkit_cli.interrupt"] == set()
    assert graph["toolkit_cli.toolchain"] == set()
    assert "toolkit_cli.toolchain" in taken["twentyone_burn.engine.aot"]
    assert "toolkit_cli.text" in taken["twentyone_burn.rules"]
    assert taken["twentyone_burn._entry"] == taken["guts_family._entry"] == ["toolkit_cli.entry"]


def test_one_atomic_writer():
    """Only twentyone_burn/io.py renames temporary files into place."""
    writers = []
    for pkg in PACKAGES:
        for p in (ROOT / pkg).rglob("*.py"):
            text = p.read_text(encoding="utf-8")
            if "mkstemp" in text or "os.replace(" in text:
                writers.append(str(p.relative_to(ROOT)))
    assert writers == ["twentyone_burn/io.py"]


def _modules() -> list[tuple[str, Path]]:
    out = []
    for pkg in PACKAGES:
        for p in sorted((ROOT / pkg).rglob("*.py")):
            if p.name == "__main__.py":
                continue
            name = ".".join(p.relative_to(ROOT).with_suffix("").parts)
            out.append((name.removesuffix(".__init__"), p))
    return out


@pytest.mark.parametrize("name, path", _modules(), ids=[m for m, _ in _modules()])
def test_module_all_is_complete(name, path):
    """Every module says what it offers: ``__all__`` names every public function and class
    it defines, and every name in it exists."""
    import importlib

    tree = ast.parse(path.read_text(encoding="utf-8"))
    listed = None
    for node in tree.body:
        targets = node.targets if isinstance(node, ast.Assign) else \
            [node.target] if isinstance(node, ast.AnnAssign) and node.value else []
        if any(isinstance(t, ast.Name) and t.id == "__all__" for t in targets):
            listed = set(ast.literal_eval(node.value))
    assert listed is not None, f"{name} has no literal __all__"
    defined = {n.name for n in tree.body
               if isinstance(n, (ast.FunctionDef, ast.ClassDef)) and not n.name.startswith("_")}
    defined -= {"register"} if name.split(".")[1:2] == ["cli"] else set()
    assert defined - listed == set()
    module = importlib.import_module(name)
    assert [x for x in sorted(listed) if not hasattr(module, x)] == []


def test_the_command_line_defaults_are_the_modules_values():
    """The help shows the defaults from twentyone_burn.defaults (no numba, pandas or
    simulator needed); the modules that use them must agree, until each imports them from
    there (then this is an identity check)."""
    from twentyone_burn import defaults
    from twentyone_burn.report import build
    from twentyone_burn.sim import run
    from twentyone_burn.tune import KNOBS

    assert run.DEFAULT_CHUNK == defaults.DEFAULT_CHUNK
    assert build.DEFAULT_SEED == defaults.DEFAULT_SEED
    assert build.DEFAULT_SIM_ROUNDS == defaults.DEFAULT_SIM_ROUNDS
    assert KNOBS == defaults.KNOBS
