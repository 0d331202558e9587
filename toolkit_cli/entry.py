"""entry: where both tools' scripts start, so that Ctrl-C is one line from the first moment.

:func:`launch` imports a tool's ``main`` and runs it, with Ctrl-C handled in three stages:

1. start-up (importing the app, numpy, numba ...): the line ``interrupted`` and exit code 130
   at once. Nothing has been written yet, and a KeyboardInterrupt raised inside an import
   would unwind outside the error boundary (a traceback) and can leave a half-imported
   extension behind that fails later with a different error;
2. the command: Python's own handler; the error boundary (:func:`toolkit_cli.errors.run`)
   turns the KeyboardInterrupt into one line and exit code 130 once the command has cleaned
   up (its pool stopped, its files old or new, its checkpoint kept);
3. after the command (the interpreter's exit: joining threads, ``atexit``): the command's
   own exit code at once, without an ``Exception ignored`` traceback - its work and its line
   are done.

A process started with Ctrl-C ignored (a background job) keeps ignoring it. The module
imports only what Python has loaded at start anyway, so the handler is in place a few
milliseconds after the interpreter's own start-up (which, with its ``site`` files, is outside
any tool's reach).

>>> _code(None), _code(130), _code("error: ...")      # the status sys.exit(x) gives
(0, 130, 1)
"""

from __future__ import annotations

import os
import signal
import sys
from types import FrameType

__all__ = ["launch"]

#: Ctrl-C's exit code (:data:`toolkit_cli.errors.INTERRUPTED`; not imported from there, which
#: would import dataclasses and inspect before the handler is in place)
INTERRUPTED = 130

#: the exit code a Ctrl-C during the interpreter's exit ends the process with
_exit_code = 0


def _flush() -> None:
    for stream in (sys.stdout, sys.stderr):
        try:
            if stream is not None:
                stream.flush()
        except (OSError, ValueError):   # closed, or a pipe that went away
            pass


def _interrupted_at_start(signum: int, frame: FrameType | None) -> None:
    """Ctrl-C before the command runs: the one line, exit 130, no unwinding."""
    try:
        prefix = "\r\x1b[K" if sys.stderr.isatty() else ""  # past the terminal's ^C
        sys.stderr.write(prefix + "interrupted\n")
    except (OSError, ValueError, AttributeError):
        pass
    _flush()
    os._exit(INTERRUPTED)


def _interrupted_at_exit(signum: int, frame: FrameType | None) -> None:
    """Ctrl-C after the command: its output flushed, its exit code, now."""
    _flush()
    os._exit(_exit_code)


def _code(value: object) -> int:
    """The exit status ``sys.exit(value)`` gives."""
    if value is None:
        return 0
    return value if isinstance(value, int) else 1


def launch(target: str) -> None:
    """Import ``target`` (``"package.module:function"``) and call it, Ctrl-C handled at
    every stage (see the module's help).

    >>> before = signal.getsignal(signal.SIGINT)
    >>> launch("toolkit_cli.entry:_demo")
    demo ran
    >>> _ = signal.signal(signal.SIGINT, before)   # (a script ends here)
    """
    global _exit_code
    ignored = signal.getsignal(signal.SIGINT) is signal.SIG_IGN
    if not ignored:
        signal.signal(signal.SIGINT, _interrupted_at_start)
    # (after the handler: everything imported from here on is covered)
    import atexit
    import importlib

    from .interrupt import ENV, at
    module, _, name = target.partition(":")
    main = getattr(importlib.import_module(module), name)
    if not ignored:
        signal.signal(signal.SIGINT, signal.default_int_handler)
    if os.environ.get(ENV) == "exit":   # the test seam: Ctrl-C during the interpreter's exit
        atexit.register(at, "exit")
    _exit_code = 1      # an exception escaping main (the boundary lets none)
    try:
        main()
        _exit_code = 0
    except SystemExit as e:
        _exit_code = _code(e.code)
        raise
    finally:
        if not ignored:
            signal.signal(signal.SIGINT, _interrupted_at_exit)


def _demo() -> None:
    print("demo ran")
