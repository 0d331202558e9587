"""numba's on-disk cache of a jitted function is keyed on its own source file only: if it calls
a jitted function of another file and that file changes, the stale machine code is loaded and
runs the old callee. So a kernel may call only kernels of its own module; this test keeps it so.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("twentyone_burn", "guts_family")


def _jitted(tree: ast.Module) -> dict[str, ast.FunctionDef]:
    out = {}
    for node in tree.body:
        if isinstance(node, ast.FunctionDef):
            for d in node.decorator_list:
                target = d.func if isinstance(d, ast.Call) else d
                name = target.attr if isinstance(target, ast.Attribute) else getattr(
                    target, "id", "")
                if name in {"njit", "jit", "vectorize", "guvectorize", "kernel"}:
                    out[node.name] = node
    return out


def _modules() -> dict[str, ast.Module]:
    mods = {}
    for pkg in PACKAGES:
        for path in (ROOT / pkg).rglob("*.py"):
            mods[".".join(path.relative_to(ROOT).with_suffix("").parts)] = ast.parse(
                path.read_text())
    return mods


def cross_module_calls(mods: dict[str, ast.Module]) -> list[str]:
    """Every call from a kernel to a kernel imported from another module."""
    kernels = {name: set(_jitted(tree)) for name, tree in mods.items()}
    offences = []
    for mod, tree in mods.items():
        # names this module imports from elsewhere that are kernels there
        foreign: dict[str, str] = {}
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom):
                if node.level:
                    parts = mod.split(".")[:-node.level]
                    src = ".".join(parts + ([node.module] if node.module else []))
                else:
                    src = node.module or ""
                for a in node.names:
                    if a.name in kernels.get(src, set()):
                        foreign[a.asname or a.name] = src
        for fname, fn in _jitted(tree).items():
            for node in ast.walk(fn):
                if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) \
                        and node.func.id in foreign:
                    offences.append(f"{mod}.{fname} calls {foreign[node.func.id]}."
                                    f"{node.func.id}")
    return offences


def test_kernels_call_only_kernels_of_their_own_module():
    assert cross_module_calls(_modules()) == []


def test_the_check_finds_a_kernel_calling_another_modules_kernel():
    kernel = "from numba import njit\n@njit(cache=True)\ndef k(x):\n    return x\n"
    caller = ("from numba import njit\nfrom .a import k\n@njit\ndef c(x):\n    return k(x)\n"
              "def plain(x):\n    return k(x)\n")
    mods = {"p.a": ast.parse(kernel), "p.b": ast.parse(caller)}
    assert cross_module_calls(mods) == ["p.b.c calls p.a.k"]
