"""compiled: the engine's kernels, compiled by numba on first use or ahead of time.

Every kernel of the engine is written once, in plain Python over integer and float arrays, and
decorated with :func:`kernel`. By default that is ``numba.njit(cache=True, ...)``: machine code
compiled on the first call and kept in numba's on-disk cache.

``twentyone-burn build-kernels`` (:func:`build_kernels`) also compiles the *entry* kernels, the
ones Python calls, ahead of time with ``numba.pycc`` into one extension module in the cache
folder. When that module is there and its key matches, the entry kernels come from it and a
process that needs only them (the classic deal, ``hand``, ``dealer``) never imports numba.
numba's own start (llvmlite, its typing registries and scipy's BLAS probe: about 0.6 s) is more
than the classic deal's whole computation, and is what kept it slower than the field's C++
analyser as a whole process. The figures are the same to the bit: the same source, the same
LLVM, for the same CPU, without fast-math (``tests/engine/test_compiled.py`` compares them).

- The module's folder is named by a key: the SHA-256 of the engine's sources (``rules.py``,
  ``shoe.py``, ``tables.py``, ``engine/*.py``), the package version, the Python, numpy and
  numba versions, the platform and the CPU (its model and feature flags). Code that changed, or
  another machine sharing the folder, finds no module and compiles as before.
- An entry called with arguments its compiled signature does not take (another dtype, a
  non-contiguous array) is compiled by numba instead, so the module can only be faster, never
  wrong. A kernel not in the module (one that only other kernels call) is compiled by numba on
  its first call from Python.
- ``TWENTYONE_BURN_AOT=off`` ignores the module. The folder is the result cache's
  (:func:`twentyone_burn.engine.cache.cache_folder`); with the cache off there is no module.

>>> @kernel(cache=False)        # a kernel defined in a file is cached; this one is not
... def twice(x):
...     return 2 * x
>>> twice(21)
42
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import importlib.machinery
import importlib.util
import json
import os
import shutil
import sys
import tempfile
import time
import warnings
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from .cache import cache_folder, source_key

__all__ = ["AOT_ENV", "aot_folder", "aot_module", "BuildError", "build_kernels", "BuiltKernels",
           "kernel", "toolchain_problem", "uses_aot"]

#: the environment variable that turns the ahead-of-time module off (``off``)
AOT_ENV = "TWENTYONE_BURN_AOT"
#: the sources the kernels' machine code depends on (paths inside the package)
_SOURCES = ("rules.py", "shoe.py", "tables.py", "engine/*.py")
_MODULE = "twentyone_burn_kernels"
_MANIFEST = "exports.json"
#: entry kernels: export name -> (python function, numba options), in definition order
_ENTRIES: dict[str, tuple[Callable[..., Any], dict[str, Any]]] = {}


def _cpu() -> str:
    # the compiled code uses the host's instruction set: a folder shared with another CPU
    # must not load it
    try:
        with open("/proc/cpuinfo", encoding="utf-8", errors="replace") as f:
            lines = [ln for ln in f.read().splitlines()
                     if ln.startswith(("model name", "flags", "Features", "vendor_id"))]
        return "\n".join(sorted(set(lines)))
    except OSError:
        import platform
        return f"{platform.machine()} {platform.processor()}"


@functools.cache
def _key() -> str | None:
    code = source_key(_SOURCES)
    if code is None:
        return None
    return hashlib.sha256(f"{code}\n{_cpu()}".encode()).hexdigest()


def aot_folder() -> Path | None:
    """Where the ahead-of-time module of this code and machine lives (None: no cache folder).

    >>> folder = aot_folder()
    >>> folder is None or folder.parent.name == "kernels"
    True
    """
    base, key = cache_folder(), _key()
    if base is None or key is None:
        return None
    return base / "kernels" / key[:32]


@functools.cache
def aot_module() -> Any:
    """The ahead-of-time compiled module, or None (not built, stale, turned off or unreadable).

    >>> m = aot_module()
    >>> m is None or hasattr(m, "__file__")
    True
    """
    if os.environ.get(AOT_ENV, "").strip().lower() == "off":
        return None
    folder = aot_folder()
    if folder is None:
        return None
    try:
        found = [p for p in folder.glob(f"{_MODULE}*") if p.suffix in {".so", ".pyd"}]
    except OSError:
        return None
    if len(found) != 1 or not _manifest_of(folder):
        return None
    try:
        loader = importlib.machinery.ExtensionFileLoader(_MODULE, str(found[0]))
        spec = importlib.util.spec_from_file_location(_MODULE, found[0], loader=loader)
        if spec is None:
            return None
        module = importlib.util.module_from_spec(spec)
        loader.exec_module(module)
    except (ImportError, OSError):
        return None
    return module


def _manifest_of(folder: Path) -> dict[str, list[list[Any]]]:
    try:
        data = json.loads((folder / _MANIFEST).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


@functools.cache
def _manifest() -> dict[str, list[list[Any]]]:
    # each export's argument types, as _fits checks them
    folder = aot_folder()
    return {} if folder is None else _manifest_of(folder)


def uses_aot() -> bool:
    """Whether this process takes its entry kernels from the ahead-of-time module.

    >>> isinstance(uses_aot(), bool)
    True
    """
    return aot_module() is not None


def _export_name(fn: Callable[..., Any]) -> str:
    return f"{fn.__module__.rsplit('.', 1)[-1]}__{fn.__name__}"


class _Lazy:
    """A kernel numba compiles on its first call (numba is imported then, not before)."""

    def __init__(self, fn: Callable[..., Any], options: dict[str, Any]) -> None:
        self.py_func = fn
        self.options = options
        self._jitted: Any = None
        functools.update_wrapper(self, fn)

    def jitted(self) -> Any:
        if self._jitted is None:
            from numba import njit
            # numba resolves the kernels a kernel calls from its module's globals when it
            # compiles: those must be numba's too (only a module's own kernels are called,
            # tests/test_kernel_files.py)
            space = self.py_func.__globals__
            for name in self.py_func.__code__.co_names:
                value = space.get(name)
                if isinstance(value, (_Lazy, _AheadOfTime)) and value is not self:
                    space[name] = value.jitted()
            self._jitted = njit(**self.options)(self.py_func)
        return self._jitted

    def __call__(self, *args: Any) -> Any:
        return self.jitted()(*args)


def _checks(specs: list[list[Any]]) -> list[tuple[Any, ...]]:
    # a manifest's argument types, made quick to check: numpy's dtype objects once
    return [("array", np.dtype(s[1]), s[2], s[3]) if s[0] == "array" else (s[0],)
            for s in specs]


def _fits(check: tuple[Any, ...], value: Any) -> bool:
    """Does ``value`` have the type numba would give it in a compiled signature's place?"""
    kind = check[0]
    if kind == "array":
        return (isinstance(value, np.ndarray) and value.dtype == check[1]
                and value.ndim == check[2]
                and (check[3] == "A" or (check[3] == "C" and value.flags.c_contiguous)
                     or (check[3] == "F" and value.flags.f_contiguous)))
    if kind == "bool":
        return isinstance(value, (bool, np.bool_))
    if kind == "int":
        return isinstance(value, (int, np.integer)) and not isinstance(value, bool)
    return kind == "float" and isinstance(value, (float, np.floating))


class _AheadOfTime(_Lazy):
    """An entry kernel taken from the ahead-of-time module, numba's where it does not fit.

    A compiled function unboxes its arguments to its signature's types without checking them
    (a strided array would be read as a contiguous one), so they are checked here, as numba's
    dispatcher does by typing them."""

    def __init__(self, fn: Callable[..., Any], options: dict[str, Any],
                 compiled: list[tuple[Callable[..., Any], list[list[Any]]]]) -> None:
        super().__init__(fn, options)
        self.compiled = [(f, _checks(specs)) for f, specs in compiled]

    def __call__(self, *args: Any) -> Any:
        for f, checks in self.compiled:
            if len(checks) == len(args) and all(map(_fits, checks, args)):
                return f(*args)
        return self.jitted()(*args)


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


def kernel(*, entry: bool = False, **options: Any) -> Callable[[Callable[..., Any]], Any]:
    """Decorate an engine kernel: ``numba.njit(cache=True, **options)``, or its ahead-of-time
    compiled twin when ``entry`` (Python calls it) and the module is built.

    >>> @kernel(entry=True, cache=False)
    ... def add(a, b):
    ...     return a + b
    >>> add(40, 2)
    42
    """
    options = {"cache": True, **options}

    def wrap(fn: Callable[..., Any]) -> Any:
        name = _export_name(fn)
        if entry:
            _ENTRIES[name] = (fn, options)
        module = aot_module()
        if module is None:
            from numba import njit
            return njit(**options)(fn)
        variants = [(getattr(module, n), specs) for n, specs in _manifest().items()
                    if n.rsplit("__", 1)[0] == name and hasattr(module, n)]
        if entry and variants:
            return _AheadOfTime(fn, options, variants)
        return _Lazy(fn, options)

    return wrap


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
    Python headers), or None.

    >>> toolchain_problem() is None or "install" in toolchain_problem()
    True
    """
    import sysconfig
    cc = (sysconfig.get_config_var("CC") or "cc").split()
    if not cc or shutil.which(cc[0]) is None:
        return f"no C compiler ({cc[0] if cc else 'cc'}): install one (e.g. gcc)"
    include = sysconfig.get_paths().get("include", "")
    if not Path(include, "Python.h").is_file():
        return f"no Python headers (Python.h in {include}): install python3-dev"
    return None


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
    from . import dealer, player  # noqa: F401

    if any(isinstance(_defined(fn), _Lazy) for fn, _ in _ENTRIES.values()):
        raise BuildError("this process already runs compiled kernels: build in a new one "
                         f"with {AOT_ENV}=off")
    workload(step)
    with _quiet_deprecation():  # numba.pycc is pending deprecation, still numba's AOT compiler
        pycc_compiler: Any = importlib.import_module("numba.pycc.compiler")
        Flags: Any = importlib.import_module("numba.core.compiler").Flags
        CC: Any = importlib.import_module("numba.pycc").CC

    exports: dict[str, list[list[Any]]] = {}
    cc = CC(_MODULE)
    cc.target_cpu = "host"
    for name, (fn, _) in _ENTRIES.items():
        dispatcher = _defined(fn)
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

    target.parent.mkdir(parents=True, exist_ok=True)
    work = Path(tempfile.mkdtemp(prefix=".build-", dir=target.parent))
    saved = pycc_compiler.Flags
    pycc_compiler.Flags = _FreeGil
    try:
        cc.output_dir = str(work)
        (work / _MANIFEST).write_text(json.dumps(exports, indent=1), encoding="utf-8")
        try:
            with _quiet_deprecation():
                cc.compile()
        except Exception as e:  # distutils' and the compiler's errors have no common base
            raise BuildError(f"cannot compile the kernels ahead of time ({type(e).__name__}: "
                             f"{str(e)[:80]}); is a C compiler installed? The engine runs "
                             "without them, compiled by numba") from e
        if target.exists():
            shutil.rmtree(target)
        os.replace(work, target)
    finally:
        pycc_compiler.Flags = saved
        shutil.rmtree(work, ignore_errors=True)
    step(BUILD_STEPS)
    built = [p for p in target.glob(f"{_MODULE}*") if p.suffix in {".so", ".pyd"}]
    return BuiltKernels(built[0], tuple(exports), time.perf_counter() - started)


def _defined(fn: Callable[..., Any]) -> Any:
    # the kernel object the defining module holds for fn
    return sys.modules[fn.__module__].__dict__[fn.__name__]


@contextlib.contextmanager
def _quiet_deprecation() -> Iterator[None]:
    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", message=".*pycc.*")
        yield
