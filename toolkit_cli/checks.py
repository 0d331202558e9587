"""checks: command-line input checked before any work - counts, shares, seconds, output paths.

Each check raises :class:`~toolkit_cli.errors.InputError` (one line, exit 2) for bad input,
and ``OSError`` naming the path (exit 1) for a place the user may not write, so a command
fails in a fraction of a second rather than after its work.

>>> parse_count("1e8", "--rounds"), parse_share("5%", "--commission")
(100000000, 0.05)
"""

from __future__ import annotations

import errno
import math
import os
import re
import tempfile
from pathlib import Path

from .errors import InputError, shorten

__all__ = ["MAX_COUNT", "check_output", "check_scheduler", "check_seconds", "check_unchanged",
           "existing_ancestor", "parse_count", "parse_fraction", "parse_share",
           "refuse_overwrite"]

#: the largest count accepted (rounds, workers, chunk sizes, ...)
MAX_COUNT = 10 ** 12
_COUNT = re.compile(r"[0-9]+(?:[_,][0-9]+)*|[0-9]+(?:\.[0-9]*)?[eE]\+?[0-9]{1,3}")
_HOST = re.compile(r"[A-Za-z0-9._-]+|\[[0-9A-Fa-f:.]+\]")


def parse_count(text: str | int | None, option: str, *, low: int = 1,
                high: int = MAX_COUNT) -> int | None:
    """A whole number of rounds, workers, ...: ``100000000``, ``100_000_000``, ``100,000,000``
    or ``1e8``, from ``low`` to ``high`` (None stays None).

    >>> parse_count("1e8", "--rounds"), parse_count("100_000_000", "--rounds")
    (100000000, 100000000)
    >>> parse_count("1.5", "--rounds")
    Traceback (most recent call last):
    ...
    toolkit_cli.errors.InputError: --rounds must be a whole number from 1 to \
1,000,000,000,000 (like 1000000, 1_000_000 or 1e6), not '1.5'
    """
    if text is None:
        return None
    if isinstance(text, int):
        value: int | None = text
    else:
        t = text.strip()
        value = None
        if len(t) <= 40 and _COUNT.fullmatch(t):
            if "e" in t.lower():
                mantissa, exp = t.lower().split("e")
                whole, _, frac = mantissa.partition(".")
                e = int(exp) - len(frac)
                digits = int(whole + frac)
                if e >= 0 and e <= 13:
                    value = digits * 10 ** e
                elif e < 0 and digits % 10 ** -e == 0:
                    value = digits // 10 ** -e
            else:
                value = int(t.replace("_", "").replace(",", ""))
    if value is None or not low <= value <= high:
        raise InputError(f"{option} must be a whole number from {low:,} to {high:,} (like "
                         f"1000000, 1_000_000 or 1e6), not {shorten(text)}")
    return value


def parse_fraction(value: float | None, option: str) -> float | None:
    """A number strictly between 0 and 1 (None stays None).

    >>> parse_fraction(0.75, "--penetration")
    0.75
    """
    if value is not None and not (math.isfinite(value) and 0 < value < 1):
        raise InputError(f"{option} must be a fraction above 0 and below 1, not "
                         f"{shorten(value)}")
    return value


def parse_share(text: str, option: str) -> float:
    """A share from 0 to below 1, written as a fraction (0.05) or a percentage (5%).

    >>> parse_share("5%", "--commission"), parse_share("0.05", "--commission")
    (0.05, 0.05)
    """
    t = text.strip()
    percent = t.endswith("%")
    try:
        x = float(t[:-1] if percent else t)
    except ValueError:
        raise InputError(f"{option} must be a number such as 0.05 or 5%, not {shorten(text)}") \
            from None
    x = x / 100 if percent else x
    if not (math.isfinite(x) and 0 <= x < 1):
        raise InputError(f"{option} must be from 0 to below 1 (0 to below 100%), not "
                         f"{shorten(text)}")
    return x


def check_seconds(value: float, what: str = "max-seconds") -> float:
    """A time limit: finite and positive.

    >>> check_seconds(60.0)
    60.0
    >>> check_seconds(float("nan"))  # doctest: +NORMALIZE_WHITESPACE
    Traceback (most recent call last):
    ...
    toolkit_cli.errors.InputError: --max-seconds must be a positive number of seconds, got nan:
    give e.g. --max-seconds 60
    """
    if not (math.isfinite(value) and value > 0):
        raise InputError(f"--{what} must be a positive number of seconds, got {value}: give "
                         f"e.g. --{what} 60")
    return value


def check_scheduler(address: str | None) -> None:
    """A Dask scheduler address: ``host:port`` or ``tcp://host:port``, port 1-65535.

    >>> check_scheduler("tcp://10.0.0.5:8786"), check_scheduler("localhost:8786")
    (None, None)
    """
    if address is None:
        return
    a = address.strip()
    rest = a[6:] if a.startswith("tcp://") else a
    host, sep, port = rest.rpartition(":")
    if not (sep and _HOST.fullmatch(host) and port.isdigit() and len(port) <= 5
            and 1 <= int(port) <= 65535):
        raise InputError(f"--scheduler must be host:port or tcp://host:port with a port from "
                         f"1 to 65535, not {shorten(address)}")


def existing_ancestor(path: Path) -> Path:
    """The nearest folder or file on the way up from ``path`` (absolute) that exists.

    >>> existing_ancestor(Path("/no/such/folder")) == Path("/")
    True
    """
    p = path.absolute()
    while not p.exists() and p != p.parent:
        p = p.parent
    return p


def _probe(folder: Path, path: Path) -> None:
    """Can a file be created in ``folder``? Raise the OSError naming ``path`` if not."""
    if not os.access(folder, os.W_OK | os.X_OK):
        raise OSError(errno.EACCES, os.strerror(errno.EACCES), str(path))
    try:  # a nameless file, gone when closed (the tools' one atomic writer stays theirs)
        with tempfile.TemporaryFile(dir=folder, prefix=".write-probe-"):
            pass
    except OSError as e:
        raise OSError(e.errno, e.strerror, str(path)) from None


def check_output(path: Path | None, option: str, *, folder: bool) -> None:
    """Fail now, not after the work, if ``path`` cannot be written: a folder (``folder``) or a
    file, whose missing parents can be created, in a writable place.

    A path inside a file or of the wrong kind is bad input (:class:`InputError`); a place the
    user may not write is the environment's (:class:`OSError`).

    >>> check_output(Path(__file__) / "out", "--out", folder=True)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    toolkit_cli.errors.InputError: --out '.../checks.py/out': '.../checks.py' is a file, ...
    """
    if path is None:
        return
    p = Path(path)
    shown = shorten(str(p))
    try:
        if p.exists():
            if folder and not p.is_dir():
                raise InputError(f"{option} {shown} is a file, not a folder; give a folder")
            if not folder and p.is_dir():
                raise InputError(f"{option} {shown} is a folder; give a file name")
        base = existing_ancestor(p if folder or not p.exists() else p.parent)
    except OSError as e:  # a name too long, a loop of links, ...
        raise InputError(f"{option} {shown}: {e.strerror or e}") from None
    if not base.is_dir():
        raise InputError(f"{option} {shown}: {shorten(str(base))} is a file, not a folder")
    _probe(base, p if folder or base == p.absolute().parent else p.parent)


#: what each output file checked by :func:`refuse_overwrite` (without --force) was at the
#: check: None (absent) or (inode, mtime in ns, size); :func:`check_unchanged` compares at commit
_EXPECTED: dict[str, tuple[int, int, int] | None] = {}


def _stamp(path: str) -> tuple[int, int, int] | None:
    try:
        st = os.stat(path, follow_symlinks=False)
    except OSError:
        return None
    return st.st_ino, st.st_mtime_ns, st.st_size


def _refusal(path: str | Path, more: int, why: str) -> InputError:
    extra = f" (and {more} more)" if more else ""
    return InputError(f"{shorten(str(path))}{extra} {why}; give --force to overwrite it, or "
                      "another --out")


def refuse_overwrite(paths: list[Path], force: bool) -> None:
    """Refuse (one line naming ``--force``) if an output file already exists: a previous run
    wrote it, and it may be a published one.

    Without ``force`` the check is made again when the files are committed
    (:func:`check_unchanged`, under the writer's lock): a file that appeared, or changed, after
    this check - another run that finished first - is refused then too, nothing written.

    >>> refuse_overwrite([Path("/")], force=True)
    """
    for p in paths:     # a new check replaces an earlier one of the same file
        _EXPECTED.pop(os.path.abspath(p), None)
    if force:
        return
    there = [p for p in paths if p.exists()]
    if there:
        raise _refusal(there[0], len(there) - 1, "already exists (written by a previous run)")
    for p in paths:
        _EXPECTED[os.path.abspath(p)] = None


def check_unchanged(targets: list[str]) -> None:
    """The commit-time half of :func:`refuse_overwrite`: called by the atomic writer
    (``twentyone_burn.io``) with the absolute paths of a set about to be committed, under its
    lock, before anything is written. A target checked without ``--force`` that exists now
    (another run wrote it since the check) raises the one-line :class:`InputError` (exit 2).
    Targets that pass are forgotten: the run may write them again.

    >>> check_unchanged(["/no/such/file"])
    """
    changed = [t for t in targets if t in _EXPECTED and _stamp(t) != _EXPECTED[t]]
    if changed:
        raise _refusal(changed[0], len(changed) - 1,
                       "was written by another run while this one worked")
    for t in targets:
        _EXPECTED.pop(t, None)
