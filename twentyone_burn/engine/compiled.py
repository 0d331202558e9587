"""compiled: the engine's kernels, compiled by numba on first use or ahead of time.

Every kernel of the engine is written once, in plain Python over integer and float arrays, and
decorated with :func:`kernel`. By default that is ``numba.njit(cache=True, ...)``: machine code
compiled on the first call and kept in numba's on-disk cache.

``twentyone-burn build-kernels`` (:func:`twentyone_burn.engine.aot.build_kernels`) compiles
the *entry* kernels, the ones Python calls, ahead of time with ``numba.pycc`` into one
extension module in the cache folder. When that module is there and its key matches, the entry
kernels come from it and a process that needs only them (the classic deal, ``hand``,
``dealer``, a whole 21 Burn analysis) never imports numba. numba's own start (llvmlite, its
typing registries and scipy's BLAS probe: about 0.6 s) is more than the classic deal's whole
computation, and is what kept it slower than the field's C++ analyser as a whole process. The
figures are the same to the bit: the same source, the same LLVM, for the same CPU, without
fast-math (``tests/engine/test_compiled.py`` compares them).

- The module's folder is named by a key: the SHA-256 of the engine's sources (``rules.py``,
  ``shoe.py``, ``tables.py``, ``engine/*.py``), the package version, the Python, numpy and
  numba versions, the platform and the CPU (its model and feature flags). Code that changed, or
  another machine sharing the folder, finds no module and compiles as before.
- An entry called with arguments its compiled signature does not take (another dtype, a
  non-contiguous array) is compiled by numba instead, so the module can only be faster, never
  wrong. A kernel not in the module (one that only other kernels call) is compiled by numba on
  its first call from Python.
- ``TWENTYONE_BURN_AOT=off`` ignores the module. The folder is the result cache's
  (:func:`twentyone_burn.engine.disk.cache_folder`); with the cache off there is no module.

>>> @kernel(cache=False)        # a kernel defined in a file is cached; this one is not
... def twice(x):
...     return 2 * x
>>> twice(21)
42
"""

from __future__ import annotations

import functools
import hashlib
import importlib.machinery
import importlib.util
import json
import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

from .disk import cache_folder, code_key

__all__ = ["AOT_ENV", "MANIFEST_NAME", "MODULE_NAME", "aot_folder", "aot_module", "defined",
           "entry_kernels", "is_compiled", "jit_ran", "kernel", "module_files", "uses_aot"]

#: the environment variable that turns the ahead-of-time module off (``off``)
AOT_ENV = "TWENTYONE_BURN_AOT"
#: the extension module's name, and its manifest (each export's argument types)
MODULE_NAME = "twentyone_burn_kernels"
MANIFEST_NAME = "exports.json"
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
    code = code_key()   # the engine's sources, versions and platform (disk.ENGINE_SOURCES)
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
        found = module_files(folder)
    except OSError:
        return None
    if len(found) != 1 or not _manifest_of(folder):
        return None
    try:
        loader = importlib.machinery.ExtensionFileLoader(MODULE_NAME, str(found[0]))
        spec = importlib.util.spec_from_file_location(MODULE_NAME, found[0], loader=loader)
        if spec is None:
            return None
        module = importlib.util.module_from_spec(spec)
        loader.exec_module(module)
    except (ImportError, OSError):
        return None
    return module


def module_files(folder: Path) -> list[Path]:
    """The extension modules named :data:`MODULE_NAME` in ``folder`` (one, when built).

    >>> module_files(Path("/"))
    []
    """
    return [p for p in folder.glob(f"{MODULE_NAME}*") if p.suffix in {".so", ".pyd"}]


def _manifest_of(folder: Path) -> dict[str, list[list[Any]]]:
    try:
        data = json.loads((folder / MANIFEST_NAME).read_text(encoding="utf-8"))
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


def entry_kernels() -> dict[str, tuple[Callable[..., Any], dict[str, Any]]]:
    """Every entry kernel defined so far: export name -> (its Python function, numba options).

    >>> from twentyone_burn.engine import stand
    >>> "stand___stand_batch" in entry_kernels()
    True
    """
    return dict(_ENTRIES)


def jit_ran() -> bool:
    """Whether this process compiled (or loaded from numba's cache) an entry kernel through
    numba's JIT because the ahead-of-time module was not there: the cue for the command line
    to build the module in the background (:mod:`toolkit_cli.background`).

    >>> isinstance(jit_ran(), bool)
    True
    """
    if aot_module() is not None:
        return False
    return any(getattr(defined(fn), "signatures", None) for fn, _ in _ENTRIES.values())


def defined(fn: Callable[..., Any]) -> Any:
    """The kernel object the defining module holds for the Python function ``fn`` (numba's
    dispatcher, or a compiled entry).

    >>> from twentyone_burn.engine import player
    >>> defined(player.draw_probs.py_func) is player.draw_probs
    True
    """
    return sys.modules[fn.__module__].__dict__[fn.__name__]


def is_compiled(obj: Any) -> bool:
    """Whether a kernel object is not numba's (a compiled entry, or one numba compiles later).

    >>> @kernel(cache=False)                    # not an entry: numba's, or compiled later
    ... def same(x):
    ...     return x
    >>> is_compiled(same) == (aot_module() is not None)
    True
    """
    return isinstance(obj, _Lazy)
