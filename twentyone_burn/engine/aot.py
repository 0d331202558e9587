"""aot: the engine's entry kernels compiled ahead of time - ``twentyone-burn build-kernels``.

:func:`build_kernels` runs a small workload under numba (the classic deal, 21 Burn on a finite
and an infinite shoe, a fixed strategy's valuation) to learn the signatures the entry kernels
are called with, compiles each with ``numba.pycc`` into one extension module and writes it,
with its manifest (each export's argument types), into :func:`.compiled.aot_folder` through
the one atomic writer. :mod:`.compiled` loads it in later processes. ``numba.pycc`` is pending
deprecation in numba with no replacement yet; it ships with numba, so no dependency is added.

>>> toolchain_problem() is None or "install" in toolchain_problem()
True
"""

from __future__ import annotations

import contextlib
import importlib
import json
import shutil
import tempfile
import time
import warnings
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from toolkit_cli.toolchain import c_compiler_problem

from ..io import write_files
from .compiled import (
    AOT_ENV,
    MANIFEST_NAME,
    MODULE_NAME,
    aot_folder,
    defined,
    entry_kernels,
    is_compiled,
    module_files,
)

__all__ = ["BUILD_STEPS", "BuildError", "BuiltKernels", "build_kernels", "toolchain_problem"]


def _spec(t: Any) -> list[Any] | None:
    # a numba type as _fits checks it (None: a type the check does not know, not exported)
    from numba.core import types
    if isinstance(t, types.Array):
        return ["array", str(t.dtype), t.ndim, t.layout]
    if isinstance(t, types.Boolean):
        return ["bool"]
    if t == types.int64:
        return ["int"]
    if t == types.float64:
        return ["float"]
    return None


class BuildError(OSError):
    """The kernels could not be compiled ahead of time (no C compiler, no cache folder...)."""


@dataclass(frozen=True)
class BuiltKernels:
    """What :func:`build_kernels` made: the module's path, its exports and the time taken."""

    path: Path
    exports: tuple[str, ...]
    seconds: float


def toolchain_problem() -> str | None:
    """What stops :func:`build_kernels` on this machine before it starts (no C compiler, no
    Python headers), or None: :func:`toolkit_cli.toolchain.c_compiler_problem`, the check the
    background build makes too.

    >>> isinstance(toolchain_problem(), (str, type(None)))
    True
    """
    return c_compiler_problem()


#: the steps of :func:`build_kernels`: the workload's five analyses, then the compilation
BUILD_STEPS = 6


def _workload(step: Callable[[int], None]) -> None:
    # what the entry kernels are called with: the classic deal, 21 Burn on a finite and an
    # infinite shoe, and a fixed strategy's valuation
    from ..rules import Rules, load_rules
    from .classic import analyze_classic
    from .game import analyze, optimal_tables

    analyze_classic(load_rules("classic-blackjack").replace(hit_soft_17=False))
    step(1)
    for k, decks in enumerate((None, 1)):
        rules = Rules(decks=decks)
        result = analyze(rules)
        step(2 + 2 * k)
        analyze(rules, tables=optimal_tables(rules, result.kept))
        step(3 + 2 * k)


def build_kernels(folder: Path | None = None,
                  workload: Callable[[Callable[[int], None]], None] = _workload,
                  progress: Callable[[int], None] | None = None) -> BuiltKernels:
    """Compile the entry kernels ahead of time into ``folder`` (default :func:`aot_folder`),
    with the signatures ``workload`` calls them with (``progress(k)``: :data:`BUILD_STEPS`
    steps). Needs a process whose kernels are numba's (``TWENTYONE_BURN_AOT=off`` before the
    engine is imported) and a C compiler; raises :class:`BuildError` without them.

    >>> built = build_kernels(workload=lambda step: None)   # doctest: +SKIP
    """
    started = time.perf_counter()
    problem = toolchain_problem()
    if problem is not None:
        raise BuildError(f"cannot compile the kernels ahead of time: {problem}; the engine "
                         "runs without them, compiled by numba")
    step = progress if progress is not None else (lambda k: None)
    target = folder if folder is not None else aot_folder()
    if target is None:
        raise BuildError("no cache folder to keep compiled kernels in: set "
                         "TWENTYONE_BURN_CACHE to a folder (not 'off')")
    # the modules that define kernels register them when imported
    from . import dealer, player, stand  # noqa: F401

    entries = entry_kernels()
    if any(is_compiled(defined(fn)) for fn, _ in entries.values()):
        raise BuildError("this process already runs compiled kernels: build in a new one "
                         f"with {AOT_ENV}=off")
    workload(step)
    with _quiet_deprecation():  # numba.pycc is pending deprecation, still numba's AOT compiler
        pycc_compiler: Any = importlib.import_module("numba.pycc.compiler")
        Flags: Any = importlib.import_module("numba.core.compiler").Flags
        CC: Any = importlib.import_module("numba.pycc").CC

    exports: dict[str, list[list[Any]]] = {}
    cc = CC(MODULE_NAME)
    cc.target_cpu = "host"
    for name, (fn, _) in entries.items():
        dispatcher = defined(fn)
        for k, sig in enumerate(dispatcher.signatures):
            specs = [_spec(t) for t in sig]
            if any(x is None for x in specs):
                continue
            restype = dispatcher.overloads[sig].signature.return_type
            cc.export(f"{name}__{k}", restype(*sig))(fn)
            exports[f"{name}__{k}"] = [x for x in specs if x is not None]

    class _FreeGil(Flags):
        # pycc's Python wrappers keep the GIL; the engine's threads need it released, as
        # njit(nogil=True) does (every kernel is free of Python objects)
        def __init__(self, *args: Any, **kw: Any) -> None:
            super().__init__(*args, **kw)
            self.release_gil = True

    work = Path(tempfile.mkdtemp(prefix="twentyone-burn-kernels-"))
    saved = pycc_compiler.Flags
    pycc_compiler.Flags = _FreeGil
    try:
        cc.output_dir = str(work)
        try:
            with _quiet_deprecation():
                cc.compile()
        except Exception as e:  # distutils' and the compiler's errors have no common base
            raise BuildError(f"cannot compile the kernels ahead of time ({type(e).__name__}: "
                             f"{str(e)[:80]}); the engine runs without them, compiled by "
                             "numba") from e
        made = module_files(work)
        if len(made) != 1:
            raise BuildError(f"numba.pycc made {len(made)} modules, not one")
        path = target / made[0].name
        # both files or neither, through the one atomic writer
        write_files({path: made[0].read_bytes(),
                     target / MANIFEST_NAME: json.dumps(exports, indent=1)})
    finally:
        pycc_compiler.Flags = saved
        shutil.rmtree(work, ignore_errors=True)
    step(BUILD_STEPS)
    return BuiltKernels(path, tuple(exports), time.perf_counter() - started)


@contextlib.contextmanager
def _quiet_deprecation() -> Iterator[None]:
    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", message=".*pycc.*")
        yield
