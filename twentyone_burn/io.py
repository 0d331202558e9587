"""io: the one atomic writer behind every output file of both tools.

A call of :func:`write_files` writes a *set* of files (a report's pages, workbook and figures; a
chart's workbook and CSVs) all or none, synced to disk, with the permissions the user's umask
allows. How:

1. **Lock.** Every folder the set writes into (and their common folder, which holds the
   staging folder) is locked with ``flock`` on the folder itself, non-blocking, for the whole
   call; a second run writing into the same folder meanwhile gets :class:`OutputBusy` at once.
   Locking the folder, not a lock file in it, leaves nothing behind (where the file system
   cannot lock a folder, e.g. some NFS mounts, a kept ``.twentyone-burn.lock`` file is locked
   instead). The lock is the kernel's: a killed run holds it no longer.
2. **Recover.** Leftovers of a run that was killed in the same folder are dealt with first (see
   below); only the tool's own names are touched.
3. **Stage.** Every file is written into one hidden staging folder
   ``.twentyone-burn-stage.XXXX`` in the common folder and synced; each file it replaces is
   kept there too, as a hard link (no copy); a journal naming each target, its SHA-256 and
   its backup is written last. Nothing visible has changed yet: a failure or a kill here
   leaves the old set whole (the next run removes the staging folder).
4. **Commit.** One rename of the staging folder to ``.twentyone-burn-commit.XXXX`` marks the
   switch as begun.
5. **Switch.** Each staged file is renamed over its target; then the commit folder (the
   journal and the backups) is removed, and the call returns: the new set is in place. An
   error during these few renames (microseconds) puts the old files back before it is
   raised; a kill leaves the commit folder, and the next write into that folder, or
   :func:`recover`, rolls the switch *back* from its journal the same way. So the folder
   holds either the whole old set or the whole new set (where hard links cannot be made the
   switch is finished instead). Only a set whose call returned is ever left in place.

Why not one folder rename, or a manifest kept beside the files: a set shares its folder with
other files (``reports/`` holds several reports, ``strategy_tables/`` a ``guts/`` subfolder) and
the folders are published as they are, so a rename of the whole folder does not fit and a kept
manifest would be one more published file; the journal lives only as long as a switch. A set of
one file is written to a hidden ``.twentyone-burn-tmp.XXXX`` file and renamed: one rename is
atomic by itself.

**Readers** of an output folder (a chart folder given to ``--strategy``, a rules file given to
``--rules``) read through :func:`read_settled`: a commit folder left by a killed switch in the
folder (or in its parent, where a set spanning subfolders keeps it) is rolled back first under
the lock, exactly as the next write would; while another run holds the lock the reader refuses
with one line rather than read a set that may be half switched; and a set switched while it was
being read (the files' identities changed) is read again. So no reader ever uses a mixed set.

**Overwrites.** Checks added by :func:`add_commit_check` run once the folders are locked,
before anything is written; the command line adds ``toolkit_cli.checks.check_unchanged``, so
an output file that another run wrote after this run's ``--force`` check (two runs started one
after the other into one ``--out``) is refused at commit - one line, exit 2, nothing written -
instead of silently replaced.

With ``SOURCE_DATE_EPOCH`` set (reproducible builds) :func:`source_date` is that time and
:func:`reproducible_zip` pins the time stamps inside a workbook (xlsx is a zip file), so equal
inputs give byte-identical files; without it both leave everything as it is.

>>> import tempfile, pathlib
>>> d = pathlib.Path(tempfile.mkdtemp())
>>> [p.name for p in write_files({d / "a.txt": b"x", d / "b.txt": "y"})]
['a.txt', 'b.txt']
>>> write_file(d / "a.txt", "new").read_text()
'new'
>>> sorted(p.name for p in d.iterdir())
['a.txt', 'b.txt']
"""

from __future__ import annotations

import errno
import fcntl
import hashlib
import io as _io
import json
import os
import re
import shutil
import tempfile
import zipfile
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager, suppress
from datetime import UTC, datetime
from pathlib import Path
from typing import TypeVar

from toolkit_cli.interrupt import at

__all__ = ["OutputBusy", "add_commit_check", "file_mode", "read_settled", "recover",
           "reproducible_zip", "settle", "source_date", "write_file", "write_files"]

_STAGE = ".twentyone-burn-stage."
_COMMIT = ".twentyone-burn-commit."
_TMP = ".twentyone-burn-tmp."
_LOCK = ".twentyone-burn.lock"
_JOURNAL = "journal.json"
#: the temporary names of earlier versions (``mkstemp(prefix=".NAME.", suffix=".tmp")``),
#: removed only beside a file NAME
_OLD_TMP = re.compile(r"\.(.+)\.[a-z0-9_]{8}\.tmp")
_T = TypeVar("_T")


class OutputBusy(OSError):
    """Another run is writing into the same output folder right now."""


def file_mode() -> int:
    """The permissions a new file gets under the current umask (0o644 under umask 022).

    >>> file_mode() & 0o600
    384
    """
    mask = os.umask(0)
    os.umask(mask)
    return 0o666 & ~mask


# -- locking -----------------------------------------------------------------------------------

def _lock_one(folder: str) -> int:
    fd = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            return fd
        except BlockingIOError:
            raise
        except OSError:             # no locks on folders here (e.g. NFS): a kept lock file
            os.close(fd)
            fd = os.open(os.path.join(folder, _LOCK), os.O_RDWR | os.O_CREAT, 0o666)
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            return fd
    except BlockingIOError:
        os.close(fd)
        raise OutputBusy(errno.EWOULDBLOCK, f"another twentyone-burn run is writing to "
                         f"{folder}; wait for it or choose another --out") from None
    except BaseException:
        os.close(fd)
        raise


@contextmanager
def _locked(folders: list[str]) -> Iterator[None]:
    fds: list[int] = []
    try:
        for folder in sorted(set(folders)):
            fds.append(_lock_one(folder))
        yield
    finally:
        for fd in fds:
            os.close(fd)        # closing the descriptor releases its lock


# -- small durable steps ----------------------------------------------------------------------

def _sync_dir(folder: str | Path) -> None:
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:             # some file systems cannot sync a folder
        pass
    finally:
        os.close(fd)


def _write_new(path: str, data: bytes, mode: int, sync: bool, target: Path) -> None:
    """Create ``path`` (must not exist) holding ``data``; errors name ``target``."""
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, mode)
    except OSError as e:
        raise OSError(e.errno, f"cannot write {target}: {e.strerror}", str(target)) from e
    _fill(fd, data, sync, target, mode)


def _fill(fd: int, data: bytes, sync: bool, target: Path, mode: int | None = None) -> None:
    try:
        if mode is not None:
            os.fchmod(fd, mode)
        view = memoryview(data)
        while view:
            view = view[os.write(fd, view):]
        if sync:
            os.fsync(fd)
    except OSError as e:
        raise OSError(e.errno, f"cannot write {target}: {e.strerror}", str(target)) from e
    finally:
        os.close(fd)


def _sha256(path: str | Path) -> str | None:
    try:
        with open(path, "rb") as f:
            return hashlib.file_digest(f, "sha256").hexdigest()
    except OSError:
        return None


# -- recovery ---------------------------------------------------------------------------------

def _undo(root: str, commit: str) -> None:
    """Undo the switch of a set committed in ``commit`` (in folder ``root``) that did not
    finish - cut short by a kill (called by the next run) or by an error: every target gets
    its old file back (a target that did not exist is removed). Where an old file has no
    backup (a file system without hard links) the switch is finished instead, from the
    journal. Either way the set is whole again, and ``commit`` is removed."""
    try:
        with open(os.path.join(commit, _JOURNAL)) as f:
            entries = json.load(f)["files"]
    except (OSError, ValueError, KeyError, TypeError):
        entries = []            # the journal is removed only after the last rename
    touched = set()
    back = all(e["backup"] or not e["existed"] for e in entries)
    for e in entries:
        staged = os.path.join(commit, e["staged"])
        target = os.path.join(root, e["target"])
        touched.add(os.path.dirname(target))
        if back:
            if os.path.lexists(staged):
                continue                    # not switched: the target is still the old one
            if e["existed"]:
                if os.path.lexists(staged + ".old"):
                    os.replace(staged + ".old", target)
            else:
                with suppress(FileNotFoundError):
                    os.unlink(target)
        elif os.path.lexists(staged):
            os.replace(staged, target)
        elif _sha256(target) != e["sha256"]:
            raise OSError(errno.EIO, f"cannot finish the interrupted write of {target}: its new "
                          f"content is lost; delete {commit} and run again", target)
    for folder in touched:
        _sync_dir(folder)
    shutil.rmtree(commit)
    _sync_dir(root)


def _clean(folder: str) -> None:
    """Deal with the leftovers of killed runs in ``folder`` (which the caller has locked)."""
    try:
        entries = list(os.scandir(folder))
    except FileNotFoundError:
        return
    for e in sorted(entries, key=lambda e: e.name):
        name = e.name
        old = _OLD_TMP.fullmatch(name)
        if name.startswith(_COMMIT) and e.is_dir(follow_symlinks=False):
            _undo(folder, e.path)
        elif name.startswith(_STAGE) and e.is_dir(follow_symlinks=False):
            shutil.rmtree(e.path, ignore_errors=True)
        elif e.is_file(follow_symlinks=False) and (
                name.startswith(_TMP)
                or (old and os.path.isfile(os.path.join(folder, old.group(1))))):
            with suppress(FileNotFoundError):
                os.unlink(e.path)


def recover(folder: str | Path) -> None:
    """Bring ``folder`` to a whole set after a killed write: finish a committed switch, remove
    the tool's temporary files and folders. Raises :class:`OutputBusy` while a run writes there.
    """
    f = os.path.abspath(folder)
    if not os.path.isdir(f):
        return
    with _locked([f]):
        _clean(f)


def _commits_in(folder: str) -> list[str]:
    try:
        with os.scandir(folder) as it:
            return sorted(e.path for e in it
                          if e.name.startswith(_COMMIT) and e.is_dir(follow_symlinks=False))
    except OSError:             # not a folder, gone, unreadable: nothing to settle here
        return []


def _reader_folders(path: str | Path) -> list[str]:
    """The folders whose leftovers can affect what a reader of ``path`` sees: the folder (or
    the file's folder) and its parent (the common folder of a set spanning subfolders)."""
    p = os.path.abspath(path)
    folder = p if os.path.isdir(p) else os.path.dirname(p)
    return list(dict.fromkeys([folder, os.path.dirname(folder)]))


def settle(path: str | Path) -> None:
    """Before reading ``path`` (an output folder or a file in one): roll back a switch that a
    killed write left half done there, or raise one ``OSError`` line saying why it cannot be.

    Costs one folder listing when there is nothing to settle (no lock is taken then, so a
    read-only published folder reads as before).

    >>> import tempfile; settle(tempfile.mkdtemp())     # nothing left behind: nothing to do
    """
    for folder in _reader_folders(path):
        commits = _commits_in(folder)
        if not commits:
            continue
        try:
            recover(folder)
        except OutputBusy:
            raise OutputBusy(errno.EWOULDBLOCK, f"{path} is being written by another "
                             f"twentyone-burn run right now; wait for it to finish and run "
                             f"again", str(path)) from None
        except OSError as e:
            raise OSError(e.errno, f"{path}: a write into {folder} was cut short and cannot be "
                          f"rolled back here ({e.strerror or e}); run again where you may write "
                          f"to {folder}, or write the files again", str(path)) from None


def _identity(folder: str) -> list[tuple[str, int, int, int]]:
    """What the folder's entries are (a switch renames new files in: new inode numbers)."""
    out = []
    try:
        with os.scandir(folder) as it:
            for e in it:
                with suppress(OSError):
                    st = e.stat(follow_symlinks=False)
                    out.append((e.path, st.st_ino, st.st_mtime_ns, st.st_size))
    except OSError:
        pass
    return sorted(out)


def read_settled(path: str | Path, read: Callable[[], _T], *, attempts: int = 3) -> _T:
    """``read()`` of an output folder (or a file in one) as one whole set: :func:`settle`
    first, then read; a set switched while it was read is read again (up to ``attempts``
    times, then one ``OutputBusy`` line). Errors of ``read`` pass through.

    >>> import tempfile; read_settled(tempfile.mkdtemp(), lambda: 42)
    42
    """
    folders = _reader_folders(path)
    for _ in range(attempts):
        settle(path)
        before = _identity(folders[0])
        value = read()
        if _identity(folders[0]) == before and not any(_commits_in(f) for f in folders):
            return value
    raise OutputBusy(errno.EWOULDBLOCK, f"{path} kept changing while it was read (another run "
                     "writes it); wait for it to finish and run again", str(path))


#: checks run under the lock before a set is written (see :func:`add_commit_check`)
_COMMIT_CHECKS: list[Callable[[list[str]], None]] = []


def add_commit_check(check: Callable[[list[str]], None]) -> None:
    """Run ``check(targets)`` (absolute paths) in every :func:`write_files` call once the
    folders are locked and before anything is written; an exception it raises stops the call
    with nothing written. The command-line layer adds its overwrite check here (a file that
    another run wrote after this run checked it is refused at commit). Added once.

    >>> add_commit_check(print); add_commit_check(print); _COMMIT_CHECKS.count(print)
    1
    >>> _COMMIT_CHECKS.remove(print)
    """
    if check not in _COMMIT_CHECKS:
        _COMMIT_CHECKS.append(check)


# -- writing ----------------------------------------------------------------------------------

def write_files(files: Mapping[str | Path, bytes | str], *, sync: bool = True) -> list[Path]:
    """Write all files or none; text is encoded as UTF-8. Folders are created as needed.

    The files are staged in a hidden folder and switched in after every one is written and
    synced (``sync=False`` skips the syncs); see the module's notes. Returns the paths
    written, in the order given. Raises :class:`OutputBusy` if another run is writing into one
    of the folders, and ``OSError`` naming the file for a file that cannot be written.
    """
    items = [(Path(t), d.encode() if isinstance(d, str) else bytes(d))
             for t, d in files.items()]
    if not items:
        return []
    absolute = [os.path.abspath(p) for p, _ in items]
    folders = sorted({os.path.dirname(a) for a in absolute})
    made = _make_folders(folders)
    try:
        _write_locked(items, absolute, folders, sync)
    except BaseException:
        for folder in made:         # no empty --out folder is left behind by a failure
            with suppress(OSError):
                os.rmdir(folder)    # only if empty: another run may have written there
        raise
    return [p for p, _ in items]


def _make_folders(folders: list[str]) -> list[str]:
    """Create the missing folders; returns those created, deepest first."""
    made: list[str] = []
    for folder in folders:
        missing = []
        f = folder
        while not os.path.isdir(f) and f != os.path.dirname(f):
            missing.append(f)
            f = os.path.dirname(f)
        try:
            for m in reversed(missing):
                with suppress(FileExistsError):     # another run made it meanwhile
                    os.mkdir(m)
                    made.append(m)
                if not os.path.isdir(m):
                    raise NotADirectoryError(errno.ENOTDIR, f"cannot write into {m}: it is a "
                                             "file, not a folder", m)
        except OSError:
            for m in reversed(made):
                with suppress(OSError):
                    os.rmdir(m)
            raise
    return sorted(made, key=len, reverse=True)


def _write_locked(items: list[tuple[Path, bytes]], absolute: list[str], folders: list[str],
                  sync: bool) -> None:
    root = os.path.commonpath(folders)
    with _locked([*folders, root]):
        for folder in set(folders) | {root}:
            _clean(folder)
        for (p, _), a in zip(items, absolute, strict=True):
            if os.path.isdir(a):
                raise IsADirectoryError(errno.EISDIR, f"cannot write {p}: it is a folder", str(p))
        for check in _COMMIT_CHECKS:    # under the lock: no run of the tool writes now
            check(absolute)
        if len(items) == 1:
            _write_one(items[0][0], absolute[0], items[0][1], sync)
        else:
            _write_set(items, absolute, folders, root, sync)


def _write_one(path: Path, absolute: str, data: bytes, sync: bool) -> None:
    folder = os.path.dirname(absolute)
    try:
        fd, tmp = tempfile.mkstemp(dir=folder, prefix=_TMP)
    except OSError as e:
        raise OSError(e.errno, f"cannot write {path}: {e.strerror}", str(path)) from e
    try:
        _fill(fd, data, sync, path, file_mode())
        at("before-commit")     # the test seam (toolkit_cli.interrupt)
        os.replace(tmp, absolute)
    except BaseException:
        with suppress(OSError):
            os.unlink(tmp)
        raise
    if sync:
        _sync_dir(folder)


def _write_set(items: list[tuple[Path, bytes]], absolute: list[str], folders: list[str],
               root: str, sync: bool) -> None:
    device = os.stat(root).st_dev
    for folder in folders:
        if os.stat(folder).st_dev != device:
            raise OSError(errno.EXDEV, f"cannot write one set of files into {folder} and {root}: "
                          "they are on different file systems", folder)
    mode = file_mode()
    try:
        stage = tempfile.mkdtemp(dir=root, prefix=_STAGE)
    except OSError as e:
        raise OSError(e.errno, f"cannot write into {root}: {e.strerror}", root) from e
    commit = os.path.join(root, _COMMIT + os.path.basename(stage)[len(_STAGE):])
    try:
        journal = []
        for i, ((p, data), a) in enumerate(zip(items, absolute, strict=True)):
            staged = os.path.join(stage, str(i))
            _write_new(staged, data, mode, sync, p)
            existed = os.path.lexists(a)
            backup = existed and _link(a, staged + ".old")
            journal.append({"staged": str(i), "target": os.path.relpath(a, root),
                            "sha256": hashlib.sha256(data).hexdigest(), "existed": existed,
                            "backup": backup})
        text = json.dumps({"format": 1, "files": journal}, indent=1).encode()
        _write_new(os.path.join(stage, _JOURNAL), text, 0o600, sync, Path(root) / _JOURNAL)
        if sync:
            _sync_dir(stage)
        at("before-commit")             # the test seam (toolkit_cli.interrupt)
        os.rename(stage, commit)        # the commit point
    except BaseException:
        shutil.rmtree(stage, ignore_errors=True)
        raise
    if sync:
        _sync_dir(root)
    try:
        for i, a in enumerate(absolute):
            os.replace(os.path.join(commit, str(i)), a)
            at("mid-commit")            # the test seam: between two renames of the switch
    except BaseException:
        _undo(root, commit)             # the old set back, whole
        raise
    if sync:
        for folder in folders:
            _sync_dir(folder)
    os.unlink(os.path.join(commit, _JOURNAL))  # the new set is final; then the backups go
    if sync:
        _sync_dir(commit)
    shutil.rmtree(commit, ignore_errors=True)


def _link(target: str, backup: str) -> bool:
    """Keep the old file as ``backup`` (a hard link: no copy); False where links fail."""
    try:
        os.link(target, backup, follow_symlinks=False)
        return True
    except OSError:
        return False


def write_file(path: str | Path, data: bytes | str, *, sync: bool = True) -> Path:
    """Write one file atomically (see :func:`write_files`); returns its path."""
    return write_files({path: data}, sync=sync)[0]


# -- reproducible files -----------------------------------------------------------------------

def source_date() -> datetime | None:
    """``SOURCE_DATE_EPOCH`` (seconds since 1970, UTC) as a time, or None when it is not set.

    >>> import os; os.environ["SOURCE_DATE_EPOCH"] = "86400"; source_date().isoformat()
    '1970-01-02T00:00:00+00:00'
    >>> del os.environ["SOURCE_DATE_EPOCH"]; source_date() is None
    True
    """
    epoch = os.environ.get("SOURCE_DATE_EPOCH", "").strip()
    if not epoch.isdigit():
        return None
    return datetime.fromtimestamp(int(epoch), UTC)


_CORE_TIME = re.compile(rb"(<dcterms:(?:created|modified)\b[^>]*>)[^<]*(</dcterms:)")


def reproducible_zip(data: bytes) -> bytes:
    """A zip file (an xlsx workbook) with every time stamp set to :func:`source_date`: the
    entries' times and the workbook's created / modified properties. Unchanged when
    ``SOURCE_DATE_EPOCH`` is not set."""
    when = source_date()
    if when is None:
        return data
    stamp = when.strftime("%Y-%m-%dT%H:%M:%SZ").encode()
    date_time = max(when.timetuple()[:6], (1980, 1, 1, 0, 0, 0))    # zip's earliest time
    out = _io.BytesIO()
    with zipfile.ZipFile(_io.BytesIO(data)) as src, \
            zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as dst:
        for info in src.infolist():
            body = src.read(info)
            if info.filename == "docProps/core.xml":
                body = _CORE_TIME.sub(rb"\g<1>" + stamp + rb"\g<2>", body)
            new = zipfile.ZipInfo(info.filename, date_time=date_time)
            new.compress_type = info.compress_type
            new.external_attr = info.external_attr
            dst.writestr(new, body)
    return out.getvalue()
