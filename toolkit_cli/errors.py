"""errors: the one error boundary - every failure one line on stderr, and an exit code.

Both tools run their click command through :func:`run`, which turns whatever ends it into
exactly one line (unless ``--debug`` is given anywhere before ``--``: then the exception is
raised with its traceback):

- bad input - the tool's own bad-input errors (:attr:`~toolkit_cli.tool.Tool.bad_input`),
  :class:`InputError`, a usage error - ``error: ...``, exit 2;
- the environment - a file that cannot be written or used, memory - ``error: ...`` naming
  what failed and where, once, exit 1;
- anything else, a bug - ``error: internal error (TypeName: message); rerun with --debug for
  the traceback``, exit 1;
- Ctrl-C - ``interrupted`` (with what to do next, for :class:`Interrupted`), exit 130.

>>> from toolkit_cli.tool import Tool
>>> describe_error(InputError("--rounds must be a whole number"), Tool("demo", "1.0"))
(2, 'error: --rounds must be a whole number')
"""

from __future__ import annotations

import errno
import re
import sys
from collections.abc import Callable
from typing import Any

from .text import SHORT, shorten
from .tool import Tool

__all__ = ["BAD_INPUT", "ENVIRONMENT", "INTERRUPTED", "PREFIX", "InputError", "Interrupted",
           "describe_error", "fail", "one_line", "os_message", "run", "shorten"]

#: the exit codes: bad input, the environment (or a bug), Ctrl-C
BAD_INPUT, ENVIRONMENT, INTERRUPTED = 2, 1, 130
#: the start of every error line, for both tools
PREFIX = "error: "
#: the longest line printed (a backstop: echoed inputs are cut to 80 characters)
MAX_LINE = 400
#: how much of an input a message echoes
_WRITE_ERRNOS = {errno.ENOSPC, errno.EROFS, errno.EACCES, errno.EPERM, errno.ENOTDIR,
                 errno.EISDIR, errno.EFBIG, errno.EEXIST, getattr(errno, "EDQUOT", -1)}


class InputError(ValueError):
    """Bad command-line input (one line, exit code 2), whichever tool raises it."""


class Interrupted(BaseException):
    """Ctrl-C, with what to do next (e.g. how to resume from a checkpoint) as its message.

    Not a KeyboardInterrupt: typer turns those into a bare exit code 130, losing the message.
    """


def one_line(text: str) -> str:
    """``text`` as one line (white space collapsed) of at most :data:`MAX_LINE` characters.

    >>> one_line("two\\n  lines")
    'two lines'
    """
    t = " ".join(str(text).split())
    return t if len(t) <= MAX_LINE else t[:MAX_LINE - 3] + "..."


def os_message(e: OSError) -> str:
    """What failed and where, once: the error's own message if it names its file, else
    ``cannot write FILE: reason`` (``use`` for a failure that is not a write's).

    >>> os_message(OSError(errno.ENOSPC, "No space left on device", "out/x.csv"))
    'cannot write out/x.csv: No space left on device'
    >>> os_message(OSError(errno.ENOSPC, "cannot write out/x.csv: no space", "out/x.csv"))
    'cannot write out/x.csv: no space'
    >>> os_message(OSError(errno.ENOSPC, "cannot write x.csv: cannot write x.csv: no space",
    ...                    "/abs/x.csv"))
    'cannot write x.csv: no space'
    """
    reason = _once(e.strerror or str(e) or type(e).__name__)
    if e.filename is None or str(e.filename) in reason or _NAMES_ITS_FILE.match(reason):
        return reason
    verb = "write" if e.errno in _WRITE_ERRNOS else "use"
    name = str(e.filename)
    name = name if len(name) <= SHORT else name[:SHORT - 3] + "..."
    return f"cannot {verb} {name}: {reason}"


_SAID = re.compile(r"((?:cannot|can't) [a-z ]+? [^:]+: )(?:\1)+")


#: a reason that already says what failed where (the writers' own messages)
_NAMES_ITS_FILE = re.compile(r"cannot (?:write|read|use|create) [^:]+: ")


def _once(reason: str) -> str:
    """A reason that says what failed more than once in a row (a wrapped error wrapped
    again), once: ``cannot write F: cannot write F: No space`` -> ``cannot write F: No space``.

    >>> _once("cannot write out/x.csv: cannot write out/x.csv: No space left on device")
    'cannot write out/x.csv: No space left on device'
    """
    return _SAID.sub(r"\1", reason)


def _bad_input_message(e: BaseException) -> str:
    """The line of a bad input: its message, or what is wrong with an unreadable input file."""
    if isinstance(e, UnicodeDecodeError):
        return f"an input file is not UTF-8 text ({e.reason} at byte {e.start}); save it as UTF-8"
    if isinstance(e, RecursionError):
        return "an input file is nested too deeply; check its structure"
    if "TOMLDecodeError" in {c.__name__ for c in type(e).__mro__}:
        return f"not valid TOML: {e}"
    return str(e)


def describe_error(e: BaseException, tool: Tool) -> tuple[int, str]:
    """(exit code, the one line for stderr) of an exception that ended one of ``tool``'s
    commands."""
    names = {c.__name__ for c in type(e).__mro__}
    if isinstance(e, (KeyboardInterrupt, Interrupted)) or "Abort" in names:
        hint = str(e) if isinstance(e, Interrupted) else ""
        return INTERRUPTED, one_line(f"interrupted{hint}")
    if isinstance(e, InputError) or tool.is_bad_input(e):
        return BAD_INPUT, one_line(PREFIX + _bad_input_message(e))
    if "NoArgsIsHelpError" in names:  # the help is printed: say what is missing
        return BAD_INPUT, one_line(PREFIX + tool.no_command)
    if hasattr(e, "format_message") and hasattr(e, "exit_code"):  # click's usage errors
        msg = one_line(e.format_message())
        code = e.exit_code if e.exit_code in (BAD_INPUT, ENVIRONMENT) else BAD_INPUT
        if not msg:
            return code, one_line(PREFIX + tool.no_command)
        return code, one_line(f"{PREFIX}{msg}{tool.usage_hint}")
    if isinstance(e, MemoryError):
        return ENVIRONMENT, one_line(PREFIX + tool.out_of_memory)
    if isinstance(e, OSError):
        return ENVIRONMENT, one_line(PREFIX + os_message(e))
    text = str(e)
    text = text if len(text) <= SHORT else text[:SHORT - 3] + "..."
    return ENVIRONMENT, one_line(f"{PREFIX}internal error ({type(e).__name__}: {text}); "
                                 "rerun with --debug for the traceback")


def _take_debug(args: list[str]) -> tuple[list[str], bool]:
    """``--debug`` anywhere before ``--``: taken out of the arguments, and whether it was there.

    >>> _take_debug(["analyze", "--debug", "--", "--debug"])
    (['analyze', '--', '--debug'], True)
    """
    cut = args.index("--") if "--" in args else len(args)
    kept = [a for a in args[:cut] if a != "--debug"]
    return kept + args[cut:], len(kept) < cut


def run(tool: Tool, command: Callable[[], Any], args: list[str] | None = None) -> None:
    """Build the click command (``command()``) and run it on ``args`` (default: the command
    line) behind the one error boundary; exit with the command's code, or print one line and
    exit 2, 1 or 130.

    The command is built inside the boundary, so a failure while building it is one line too.
    """
    args, debug = _take_debug(list(sys.argv[1:] if args is None else args))
    try:
        rv = command().main(args=args, prog_name=tool.name, standalone_mode=False)
    except SystemExit:
        raise
    except BaseException as e:
        if debug:
            raise
        fail(*describe_error(e, tool))
    if rv == INTERRUPTED:  # typer's answer to a KeyboardInterrupt (the bars are stopped)
        fail(INTERRUPTED, "interrupted")
    if isinstance(rv, int) and rv:
        sys.exit(rv)


def fail(code: int, line: str) -> None:
    """Print ``line`` on stderr and exit with ``code`` (past a bar's remains and the
    terminal's ``^C`` for an interrupt on a terminal)."""
    if code == INTERRUPTED and sys.stderr.isatty():
        sys.stderr.write("\r\x1b[K")
    sys.stderr.write(line + "\n")
    sys.stderr.flush()
    sys.exit(code)
