"""disk: what the engine keeps on disk between runs - where (the cache folder), the key of the
code a kept file comes from, and tables the engine builds the same way every time.

The result cache of ``hand`` and ``dealer`` (:mod:`.cache`), the chart store, the design
search's cache, the compiled kernels (:mod:`.compiled`) and the stored arrays below all live in
one folder: ``$TWENTYONE_BURN_CACHE`` (``off`` turns it off), else
``$XDG_CACHE_HOME/twentyone-burn``, else ``~/.cache/twentyone-burn``. This module imports
nothing of the engine (the engine's modules import it) and nothing heavy.

>>> import os
>>> from unittest import mock
>>> with mock.patch.dict(os.environ, {CACHE_ENV: "off"}):
...     cache_folder() is None
True
"""

from __future__ import annotations

import functools
import hashlib
import json
import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from .._version import __version__
from ..io import write_file

__all__ = ["CACHE_ENV", "ENGINE_SOURCES", "cache_folder", "code_key", "read_checked",
           "read_code_key", "source_key", "stored_arrays", "write_checked"]

#: the environment variable naming the cache folder (``off``: no cache)
CACHE_ENV = "TWENTYONE_BURN_CACHE"
#: the modules the engine's kept files come from, relative to the package
ENGINE_SOURCES = ("rules.py", "shoe.py", "tables.py", "engine/*.py")
_FORMAT = 1
#: a stored table larger than this is not one of ours
_MAX_ARRAY_BYTES = 256 << 20


def cache_folder() -> Path | None:
    """The cache folder, or None when the cache is off (``TWENTYONE_BURN_CACHE=off``) or
    there is no home folder to put it in."""
    given = os.environ.get(CACHE_ENV, "").strip()
    if given.lower() == "off":
        return None
    if given:
        return Path(given).expanduser()
    xdg = os.environ.get("XDG_CACHE_HOME", "")
    if xdg and os.path.isabs(xdg):  # the XDG spec: a relative path is to be ignored
        return Path(xdg) / "twentyone-burn"
    try:
        return Path.home() / ".cache" / "twentyone-burn"
    except (RuntimeError, KeyError):  # no HOME and no password entry
        return None


def source_key(patterns: tuple[str, ...]) -> str | None:
    """SHA-256 of the package's files matching ``patterns`` (paths inside the package), the
    version, Python, the platform and numpy's and numba's versions: what a cached figure
    depends on besides its rules (None: the files cannot be read, so nothing is cached).

    >>> len(source_key(("rules.py",)) or ""), source_key(("no-such-file.py",)) is None
    (64, True)
    """
    from importlib import metadata

    package = Path(__file__).resolve().parents[1]
    h = hashlib.sha256()
    try:
        files = sorted({p for pattern in patterns for p in package.glob(pattern)})
        if not files:
            return None
        for p in files:
            h.update(p.relative_to(package).as_posix().encode() + b"\0")
            h.update(hashlib.sha256(p.read_bytes()).digest())
    except OSError:
        return None
    libraries = []
    for name in ("numpy", "numba"):
        try:
            libraries.append(f"{name} {metadata.version(name)}")
        except metadata.PackageNotFoundError:
            libraries.append(f"{name} none")
    context = [f"twentyone-burn {__version__}", sys.version, sys.platform, os.uname().machine,
               *libraries]
    h.update("\n".join(context).encode())
    return h.hexdigest()


@functools.cache
def code_key() -> str | None:
    """:func:`source_key` of :data:`ENGINE_SOURCES`, read once per process (before the
    engine is imported; a file kept later is checked against :func:`read_code_key`).

    >>> code_key() == read_code_key()
    True
    """
    return read_code_key()


def read_code_key() -> str | None:
    """:func:`source_key` of :data:`ENGINE_SOURCES` as the files are now."""
    return source_key(ENGINE_SOURCES)


def read_checked(path: Path, key: str, max_bytes: int) -> bytes | None:
    """The body of a kept file at ``path``: a JSON header line (format, ``key``, the body's
    SHA-256), then the body. None when the file is missing, larger than ``max_bytes``, cut
    short, altered or carries another key.

    >>> read_checked(Path("/no/such/file"), "k", 100) is None
    True
    """
    try:
        with open(path, "rb") as f:
            data = f.read(max_bytes + 1)
    except OSError:
        return None
    head, newline, body = data.partition(b"\n")
    if not newline or len(data) > max_bytes:
        return None
    try:
        header = json.loads(head)
    except (ValueError, RecursionError):  # not JSON (UnicodeDecodeError is a ValueError)
        return None
    if not (isinstance(header, dict) and header.get("format") == _FORMAT
            and header.get("key") == key
            and header.get("sha256") == hashlib.sha256(body).hexdigest()):
        return None
    return body


def write_checked(path: Path, key: str, body: bytes) -> None:
    """Keep ``body`` at ``path`` for :func:`read_checked` (its folder made), atomically; a
    cache that cannot be written is skipped."""
    header = json.dumps({"format": _FORMAT, "key": key,
                         "sha256": hashlib.sha256(body).hexdigest()}).encode()
    try:
        # no fsync: a file cut short by a crash fails its checksum and is made again
        path.parent.mkdir(parents=True, exist_ok=True)
        write_file(path, header + b"\n" + body, sync=False)
    except OSError:
        pass


def stored_arrays(name: str, make: Callable[[], dict[str, Any]]) -> dict[str, Any]:
    """The arrays ``make()`` returns, kept in ``arrays-<name>.npz`` (after a checksummed header
    line carrying the code's key): a table the engine builds in Python the same way every
    time, such as a dealer trie, is read instead of rebuilt by a later process. Computed
    without a word when the cache is off or the entry is missing, altered or for other code.

    >>> import os, numpy as np
    >>> from unittest import mock
    >>> with mock.patch.dict(os.environ, {CACHE_ENV: "off"}):
    ...     stored_arrays("example", lambda: {"a": np.arange(3)})["a"].tolist()
    [0, 1, 2]
    """
    import io
    import zipfile

    import numpy as np

    folder, code = cache_folder(), code_key()
    if folder is None or code is None:
        return make()
    key = hashlib.sha256(f"{_FORMAT}\n{name}\n{code}".encode()).hexdigest()
    path = folder / f"arrays-{name}.npz"
    body = read_checked(path, key, _MAX_ARRAY_BYTES)
    if body is not None:
        try:
            with np.load(io.BytesIO(body), allow_pickle=False) as z:
                return {k: z[k] for k in z.files}
        except (OSError, ValueError, EOFError, zipfile.BadZipFile):  # checksummed, so rare
            pass
    arrays = make()
    buf = io.BytesIO()
    np.savez(buf, **arrays)
    if read_code_key() == code:   # not kept when the sources changed meanwhile
        write_checked(path, key, buf.getvalue())
    return arrays
