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
with two cores or more and one of them free (the load average below the cores less one), no
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

__all__ = ["WARMUP_ENV", "join", "start", "wanted"]

#: ``off`` keeps the second process from starting
WARMUP_ENV = "TWENTYONE_BURN_WARMUP"

_child: subprocess.Popen | None = None


def wanted() -> bool:
    """Whether a second process would shorten this run's compilation (see the module).

    >>> isinstance(wanted(), bool)
    True
    """
    cores = os.cpu_count() or 1
    if os.environ.get(WARMUP_ENV, "").strip().lower() == "off" or cores < 2:
        return False
    if os.getloadavg()[0] > cores - 1:   # no core free for it: it would only compete
        return False
    from . import compiled
    if compiled.aot_module() is not None:
        return False
    from . import player
    try:   # numba's index of compiled signatures, empty when the source changed since
        return not player._split_hand_values._cache._cache_file._load_index()
    except Exception:   # another numba, or its cache off: nothing to gain for sure
        return False


def start() -> bool:
    """Start the second process when :func:`wanted`; True if it started.

    >>> import os
    >>> from unittest import mock
    >>> with mock.patch.dict(os.environ, {WARMUP_ENV: "off"}):
    ...     start()
    False
    """
    global _child
    if _child is not None or not wanted():
        return False
    _child = subprocess.Popen([sys.executable, "-m", "twentyone_burn.engine.warmup_split"],
                              stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                              stderr=subprocess.DEVNULL)
    atexit.register(_stop)
    return True


def join() -> None:
    """Wait for the second process, if one was started and is not yet waited for."""
    global _child
    child, _child = _child, None
    if child is not None:
        try:
            child.wait()
        except BaseException:   # Ctrl-C while waiting: the command ends, so does the helper
            child.kill()
            raise


def _forget() -> None:
    global _child
    _child = None


# a worker forked from the command (the report's chart workers) has no such child to wait for
os.register_at_fork(after_in_child=_forget)


def _stop() -> None:
    global _child
    child, _child = _child, None
    if child is not None and child.poll() is None:
        child.kill()
        child.wait()
