"""io: the one atomic writer behind every output file of both tools.

Every file is written to a hidden temporary name beside its target, flushed to disk, given the
permissions the user's umask allows (``mkstemp`` alone makes private 0600 files), and renamed
into place only when every file of the set is written: a failure leaves no partial file and no
temporary file behind.

>>> import tempfile, pathlib
>>> d = pathlib.Path(tempfile.mkdtemp())
>>> [p.name for p in write_files({d / "a.txt": b"x", d / "b.txt": "y"})]
['a.txt', 'b.txt']
>>> write_file(d / "a.txt", "new").read_text()
'new'
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Mapping
from pathlib import Path

__all__ = ["file_mode", "write_file", "write_files"]


def file_mode() -> int:
    """The permissions a new file gets under the current umask (0o644 under umask 022).

    >>> file_mode() & 0o600
    384
    """
    mask = os.umask(0)
    os.umask(mask)
    return 0o666 & ~mask


def write_files(files: Mapping[str | Path, bytes | str], *, sync: bool = True) -> list[Path]:
    """Write all files or none; text is encoded as UTF-8. Folders are created as needed.

    Each file goes to a temporary name beside its target (synced to disk unless ``sync`` is
    False); the renames happen only after every file is written. Returns the paths written,
    in the order given.
    """
    mode = file_mode()
    temps: list[tuple[Path, Path]] = []
    try:
        for target, data in files.items():
            path = Path(target)
            path.parent.mkdir(parents=True, exist_ok=True)
            fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
            temps.append((Path(tmp), path))
            os.fchmod(fd, mode)
            with os.fdopen(fd, "wb") as f:
                f.write(data.encode() if isinstance(data, str) else data)
                if sync:
                    f.flush()
                    os.fsync(f.fileno())
        for temp, final in temps:
            os.replace(temp, final)
    finally:
        for temp, _ in temps:
            temp.unlink(missing_ok=True)
    return [path for _, path in temps]


def write_file(path: str | Path, data: bytes | str, *, sync: bool = True) -> Path:
    """Write one file atomically (see :func:`write_files`); returns its path."""
    return write_files({path: data}, sync=sync)[0]
