"""background: one detached, nice'd build of a tool's ahead-of-time kernels, started on first use.

A process that ran its kernels through numba's JIT because no ahead-of-time module was there
(the first run of a version on a machine) calls :func:`start_build` as it exits. That starts
the tool's own build command (``twentyone-burn build-kernels``) once, in the background, so
that later processes load the compiled module and skip numba's import and compilation:

- **once**: a lock file (:data:`LOCK_NAME`) in the module's folder, created exclusively, so two
  processes exiting together do not both build; it holds the build's process id and is
  removed when the build ends (a lock whose process is gone is stale and taken over). A build
  that failed leaves :data:`FAILED_NAME` and is not retried for that version (the command,
  run by hand, says why);
- **out of the way**: ``nice -n 10``, its own session (Ctrl-C at the terminal does not reach
  it), no terminal; its output goes to :data:`LOG_NAME` in the same folder;
- **never** when the caller has no folder (the cache is off), when the tool's own switch is
  ``off`` (``TWENTYONE_BURN_AOT=off``), when :data:`BUILD_ENV` is ``off`` (both tools: the
  test suite sets it), when ``CI`` is set, or when there is no C compiler.

The module imports nothing heavy (no numba, no numpy): it runs in every exiting process.

>>> refusal(None, "TWENTYONE_BURN_AOT")
'the cache is off'
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

from .toolchain import c_compiler_problem

__all__ = ["BUILD_ENV", "FAILED_NAME", "LOCK_NAME", "LOG_NAME", "Launcher", "c_compiler_problem",
           "main", "refusal", "set_launcher", "start_build"]

#: ``off`` turns off the background build of both tools (their modules still load)
BUILD_ENV = "TOOLKIT_AOT_BUILD"
#: the lock file, the log and the failure marker, in the module's folder
LOCK_NAME = "build.lock"
LOG_NAME = "build.log"
FAILED_NAME = "build.failed"

#: starts a command detached: (argv, environment, log file) -> its process id
Launcher = Callable[[Sequence[str], dict[str, str], Path], int]


def _detached(argv: Sequence[str], env: dict[str, str], log: Path) -> int:
    with open(log, "ab") as out:
        proc = subprocess.Popen(list(argv), stdin=subprocess.DEVNULL, stdout=out,
                                stderr=subprocess.STDOUT, env=env, start_new_session=True,
                                close_fds=True)
    return proc.pid


_launcher: Launcher = _detached


def set_launcher(launcher: Launcher | None) -> Launcher:
    """Replace how the build is started (the tests' seam; None: the real, detached one);
    returns the one in place before.

    >>> before = set_launcher(None)
    >>> set_launcher(before) is _detached
    True
    """
    global _launcher
    old, _launcher = _launcher, (launcher if launcher is not None else _detached)
    return old


def _off(name: str) -> bool:
    return os.environ.get(name, "").strip().lower() == "off"


def refusal(folder: Path | None, tool_env: str) -> str | None:
    """Why no background build may start for a module kept in ``folder`` under the tool's
    switch ``tool_env``, or None.

    >>> import os
    >>> from unittest import mock
    >>> with mock.patch.dict(os.environ, {BUILD_ENV: "off"}):
    ...     refusal(Path("/tmp"), "TWENTYONE_BURN_AOT")
    'TOOLKIT_AOT_BUILD=off'
    """
    if folder is None:
        return "the cache is off"
    for name in (tool_env, BUILD_ENV):
        if _off(name):
            return f"{name}=off"
    if os.environ.get("CI", "").strip().lower() not in {"", "0", "false", "no"}:
        return "CI is set"
    if (folder / FAILED_NAME).exists():
        return f"an earlier build failed (see {folder / LOG_NAME})"
    return c_compiler_problem()


def _alive(pid: int) -> bool:
    if os.name != "posix":   # os.kill(pid, 0) would end the process on Windows: assume alive
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:   # another user's process: alive
        return True
    return True


def _take_lock(lock: Path) -> bool:
    """Create the lock exclusively; a lock whose process is gone (or unreadable) is taken
    over once."""
    for _ in range(2):
        try:
            fd = os.open(lock, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o644)
        except FileExistsError:
            try:
                pid = int(lock.read_text(encoding="utf-8").split()[0])
            except (OSError, ValueError, IndexError):
                pid = 0
            if pid > 0 and _alive(pid):
                return False
            try:
                lock.unlink()
            except FileNotFoundError:
                pass
            continue
        # this process's id until the build's replaces it: never an empty, "stale" lock
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(f"{os.getpid()}\n")
        return True
    return False


def start_build(folder: Path | None, command: Sequence[str], tool_env: str) -> bool:
    """Start ``command`` (the tool's build, e.g. ``[python, -m, twentyone_burn.cli,
    build-kernels]``) detached in the background, once per ``folder`` (the module's folder);
    True if it was started. The build runs with ``tool_env=off`` and :data:`BUILD_ENV` ``=off``
    (it compiles numba's kernels and starts no build itself) and no progress display.

    >>> start_build(None, ["true"], "TWENTYONE_BURN_AOT")
    False
    """
    if refusal(folder, tool_env) is not None:
        return False
    assert folder is not None
    try:
        folder.mkdir(parents=True, exist_ok=True)
        lock = folder / LOCK_NAME
        if not _take_lock(lock):
            return False
        env = {**os.environ, tool_env: "off", BUILD_ENV: "off", "TOOLKIT_PROGRESS": "none"}
        nice = ["nice", "-n", "10"] if shutil.which("nice") else []
        argv = [*nice, sys.executable, "-m", "toolkit_cli.background", str(folder), "--",
                *command]
        try:
            pid = _launcher(argv, env, folder / LOG_NAME)
        except OSError:
            lock.unlink(missing_ok=True)
            return False
        lock.write_text(f"{pid}\n", encoding="utf-8")
    except OSError:   # a read-only or full cache folder: the tool runs as before
        return False
    return True


def main(argv: Sequence[str] | None = None) -> int:
    """The background build's own process: ``python -m toolkit_cli.background FOLDER --
    COMMAND...`` runs COMMAND, then removes the lock (and leaves :data:`FAILED_NAME` if it
    failed). Returns COMMAND's exit code.

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as d:
    ...     main([d, "--", sys.executable, "-c", "pass"])
    0
    """
    args = list(sys.argv[1:] if argv is None else argv)
    if len(args) < 3 or args[1] != "--":
        print("usage: python -m toolkit_cli.background FOLDER -- COMMAND...", file=sys.stderr)
        return 2
    folder, command = Path(args[0]), args[2:]
    try:
        code = subprocess.run(command, stdin=subprocess.DEVNULL).returncode
    except OSError as e:
        print(f"cannot run {command[0]}: {e}", file=sys.stderr)
        code = 127
    finally:
        (folder / LOCK_NAME).unlink(missing_ok=True)
    if code != 0:
        (folder / FAILED_NAME).write_text(f"exit code {code}\n", encoding="utf-8")
    return code


if __name__ == "__main__":
    sys.exit(main())
