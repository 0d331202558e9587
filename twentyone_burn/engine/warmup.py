"""warmup: on a first run, numba compiles the split kernels in a second process while this one
compiles the dealer and stand kernels.

Without the ahead-of-time module (:mod:`.compiled`), the first analysis of a version on a
machine waits for numba to compile every kernel it calls, one after the other, on one core:
the stand passes' kernel first, then the split's (``player._split_hand_values`` with the
kernel it calls, about a third of all the compilation). :func:`start` runs
``python -m twentyone_burn.engine.warmup_split`` beside the command: it calls the split kernels
once, on a small shoe, with arguments of the very types the analysis passes (a test checks
them), so numba compiles them and writes them to its on-disk cache. :func:`join`, called by
:func:`.split.split_values` before its first kernel call, waits for that process; the
analysis then loads the split kernels from the cache instead of compiling them, and on two
cores the two compilations overlap. The figures cannot move: the cache holds the machine code
of the same source numba would compile here.

It starts only when it can help: from the command line (never from the library's own calls),
with two cores or more and one of them free (fewer other runnable tasks than cores), no
ahead-of-time module, numba's cache not yet holding the split
kernels, and ``TWENTYONE_BURN_WARMUP`` not ``off`` (the test suite sets it off). The second
process's output goes nowhere; it is killed if the command ends first.

>>> join()          # nothing started: returns at once
"""

from __future__ import annotations

import atexit
import os
import subprocess
import sys

__all__ = ["SPLIT_DONE", "SPLIT_ENTRY", "WARMUP_ENV", "finish", "join", "start", "wanted"]

#: ``off`` keeps the second process from starting
WARMUP_ENV = "TWENTYONE_BURN_WARMUP"

#: the second process of ``analyze``: the split kernels
SPLIT_ENTRY = "twentyone_burn.engine.warmup_split"
#: the line a second process prints once the split kernels are in numba's cache (then it may
#: go on compiling what its command needs later: the report's simulator)
SPLIT_DONE = "split"

_child: subprocess.Popen | None = None
_split_waited = False


def wanted(also_cached: tuple[object, ...] = ()) -> bool:
    """Whether a second process would shorten this run's compilation (see the module);
    ``also_cached``: numba dispatchers the process compiles too (the report's simulator), any
    one of them not yet in numba's cache makes it worth starting.

    >>> isinstance(wanted(), bool)
    True
    """
    cores = os.cpu_count() or 1
    if os.environ.get(WARMUP_ENV, "").strip().lower() == "off" or cores < 2:
        return False
    if _others_running() > cores - 1:   # no core free for it: it would only compete
        return False
    from . import compiled
    kernels = list(also_cached)
    if compiled.aot_module() is None:   # else the split kernels come compiled already
        from . import player
        kernels.append(player._split_hand_values)
    try:   # numba's index of compiled signatures, empty when the source changed since
        return any(not k._cache._cache_file._load_index()   # type: ignore[attr-defined]
                   for k in kernels)
    except Exception:   # another numba, or its cache off: nothing to gain for sure
        return False


def _others_running() -> float:
    """How many other tasks want a core now: Linux's count of runnable tasks
    (``/proc/loadavg``), less this one; elsewhere the load average of the last minute (which
    still counts a command that ended seconds ago)."""
    try:
        with open("/proc/loadavg") as f:
            return max(0, int(f.read().split()[3].split("/")[0]) - 1)
    except (OSError, IndexError, ValueError):
        return os.getloadavg()[0]


def start(entry: str = SPLIT_ENTRY, also_cached: tuple[object, ...] = ()) -> bool:
    """Start the second process, ``python -m entry``, when :func:`wanted`; True if it
    started. ``entry`` prints :data:`SPLIT_DONE` once the split kernels are compiled.

    >>> import os
    >>> from unittest import mock
    >>> with mock.patch.dict(os.environ, {WARMUP_ENV: "off"}):
    ...     start()
    False
    """
    global _child, _split_waited
    if _child is not None or not wanted(also_cached):
        return False
    _child = subprocess.Popen([sys.executable, "-m", entry], stdin=subprocess.DEVNULL,
                              stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    _split_waited = False
    atexit.register(_stop)
    return True


def join() -> None:
    """Wait until the second process has the split kernels in numba's cache (it printed
    :data:`SPLIT_DONE`, or ended), if one was started; at once the next time."""
    global _split_waited
    child = _child
    if child is None or _split_waited:
        return
    _split_waited = True
    try:
        while True:
            line = child.stdout.readline() if child.stdout is not None else ""
            if not line or line.strip() == SPLIT_DONE:
                return
    except BaseException:   # Ctrl-C while waiting: the command ends, so does the helper
        _stop()
        raise


def finish() -> None:
    """Wait for the second process to end (all it compiles is in numba's cache), if one
    was started."""
    global _child
    child = _child
    if child is None:
        return
    try:
        child.wait()
    except BaseException:
        _stop()
        raise
    _child = None


def _forget() -> None:
    global _child, _split_waited
    _child, _split_waited = None, False


# a worker forked from the command (the report's chart workers) has no such child to wait for
os.register_at_fork(after_in_child=_forget)


def _stop() -> None:
    global _child
    child, _child = _child, None
    if child is not None:
        if child.poll() is None:
            child.kill()
            child.wait()
        if child.stdout is not None:
            child.stdout.close()
