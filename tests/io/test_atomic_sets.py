"""Faults while writing a set of files: kill -9, a full disk, a second writer at the same time.

After any of them the folder holds the whole old set or the whole new set (once a killed
switch is rolled forward by :func:`recover` or the next run), and no temporary file or folder
of the tool is left behind by the next run.
"""

from __future__ import annotations

import errno
import os
import random
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from twentyone_burn import io
from twentyone_burn.io import OutputBusy, recover, write_file, write_files

NAMES = ["r.md", "r.html", "r.json", "r.xlsx", "r-a.svg", "r-b.svg", "guts/g.csv"]


def content(version: str, name: str, size: int = 1000) -> bytes:
    head = f"{version} {name}\n".encode()
    return head + b"x" * (size - len(head))


def set_of(folder: Path, version: str, size: int = 1000) -> dict[Path, bytes]:
    return {folder / n: content(version, n, size) for n in NAMES}


def versions(folder: Path) -> set[str]:
    """The versions the visible files of the set hold (one element: a whole set)."""
    out = set()
    for n in NAMES:
        p = folder / n
        out.add(p.read_bytes().split(b" ", 1)[0].decode() if p.exists() else "missing")
    return out


def hidden(folder: Path) -> list[str]:
    return sorted(str(p.relative_to(folder)) for p in folder.rglob(".*"))


# a child process that writes a set and stops (sleeps, to be killed) at a chosen step
CHILD = textwrap.dedent("""
    import os, sys, time
    from pathlib import Path
    from twentyone_burn import io
    folder, version, where, at = Path(sys.argv[1]), sys.argv[2], sys.argv[3], int(sys.argv[4])
    names = {names!r}
    calls = [0]
    real = getattr(os, where)
    def hook(*a, **k):
        calls[0] += 1
        if calls[0] == at:
            print("stopped", flush=True)
            time.sleep(600)
        return real(*a, **k)
    setattr(os, where, hook)
    head = lambda n: f"{{version}} {{n}}\\n".encode()
    io.write_files({{folder / n: head(n) + b"x" * (1000 - len(head(n))) for n in names}})
    print("done", flush=True)
""").format(names=NAMES)


def start_child(folder: Path, version: str, where: str, at: int) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-c", CHILD, str(folder), version, where, str(at)],
                            stdout=subprocess.PIPE, text=True)


def wait_stopped(child: subprocess.Popen) -> None:
    assert child.stdout is not None
    assert child.stdout.readline().strip() == "stopped"


def kill(child: subprocess.Popen) -> None:
    child.kill()
    child.wait()


def test_a_set_is_written_whole_and_leaves_nothing_hidden(tmp_path):
    paths = write_files(set_of(tmp_path, "v1"))
    assert paths == [tmp_path / n for n in NAMES]
    assert versions(tmp_path) == {"v1"} and hidden(tmp_path) == []
    write_files(set_of(tmp_path, "v2"))
    assert versions(tmp_path) == {"v2"} and hidden(tmp_path) == []
    assert oct((tmp_path / "r.md").stat().st_mode & 0o777) == oct(io.file_mode())


def test_killed_while_staging_leaves_the_old_set_whole(tmp_path):
    write_files(set_of(tmp_path, "old"))
    child = start_child(tmp_path, "new", "fsync", 4)    # 3 of 7 files staged
    try:
        wait_stopped(child)
    finally:
        kill(child)
    assert versions(tmp_path) == {"old"}                # untouched, before any cleanup
    assert [h for h in hidden(tmp_path) if "/" not in h][0].startswith(".twentyone-burn-stage.")
    recover(tmp_path)                                   # or the next run
    assert versions(tmp_path) == {"old"} and hidden(tmp_path) == []


@pytest.mark.parametrize("first", [True, False], ids=["new-files", "replacing"])
def test_killed_while_switching_is_rolled_back_by_the_next_run(tmp_path, first):
    if not first:
        write_files(set_of(tmp_path, "old"))
    child = start_child(tmp_path, "new", "replace", 3)  # 2 of 7 files switched
    try:
        wait_stopped(child)
    finally:
        kill(child)
    assert "new" in versions(tmp_path)                  # the switch was cut short ...
    assert len(versions(tmp_path)) == 2
    assert any(h.startswith(".twentyone-burn-commit.") for h in hidden(tmp_path))
    write_file(tmp_path / "unrelated.txt", "another run into the same folder")
    # ... and undone: the old set (or none) whole again
    assert versions(tmp_path) == ({"missing"} if first else {"old"})
    assert hidden(tmp_path) == []


def test_an_error_while_switching_puts_the_old_set_back(tmp_path, monkeypatch):
    write_files(set_of(tmp_path, "old"))
    real, calls = os.replace, [0]

    def fail_third(src, dst):
        calls[0] += 1
        if calls[0] == 3:
            raise OSError(errno.EIO, "I/O error", dst)
        return real(src, dst)
    monkeypatch.setattr(os, "replace", fail_third)
    with pytest.raises(OSError, match="I/O error"):
        write_files(set_of(tmp_path, "new"))
    assert versions(tmp_path) == {"old"} and hidden(tmp_path) == []


def test_without_hard_links_a_killed_switch_is_finished(tmp_path, monkeypatch):
    write_files(set_of(tmp_path, "old"))
    # a file system without hard links, and a run killed after 2 of 7 renames
    monkeypatch.setattr(os, "link", lambda *a, **k: (_ for _ in ()).throw(OSError("no links")))
    real, calls = os.replace, [0]

    class Killed(BaseException):
        pass

    def die_third(src, dst):
        calls[0] += 1
        if calls[0] == 3:
            raise Killed
        return real(src, dst)
    monkeypatch.setattr(os, "replace", die_third)
    import twentyone_burn.io as tio
    monkeypatch.setattr(tio, "_undo", lambda root, commit: None)   # as if killed: no undo
    with pytest.raises(Killed):
        write_files(set_of(tmp_path, "new"))
    monkeypatch.undo()
    assert len(versions(tmp_path)) == 2
    recover(tmp_path)
    assert versions(tmp_path) == {"new"} and hidden(tmp_path) == []


def test_the_next_run_removes_leftovers_of_earlier_versions_only(tmp_path):
    write_files(set_of(tmp_path, "v0"))
    (tmp_path / ".r.md.k2j4_x9a.tmp").write_text("from an old version's killed run")
    (tmp_path / ".backup.20231114.tmp").write_text("someone else's: no file 'backup' beside")
    (tmp_path / ".twentyone-burn-tmp.abc123").write_text("a killed single-file write")
    (tmp_path / ".twentyone-burn-stage.abc123").mkdir()
    (tmp_path / ".hidden-of-someone-else").write_text("keep")
    (tmp_path / ".r.md.tmp").write_text("not the tool's name: keep")
    write_files(set_of(tmp_path, "v1"))
    assert hidden(tmp_path) == [".backup.20231114.tmp", ".hidden-of-someone-else", ".r.md.tmp"]


@pytest.mark.parametrize("rounds", [pytest.param(8, id="short"),
                                    pytest.param(60, id="long", marks=pytest.mark.slow)])
def test_kill_at_random_times_never_leaves_a_mixed_set(tmp_path, rounds):
    """A writer rewriting a large set in a loop, killed at random moments."""
    code = textwrap.dedent("""
        import sys
        from pathlib import Path
        from twentyone_burn import io
        folder, names, k = Path(sys.argv[1]), sys.argv[2].split(","), 0
        print("go", flush=True)
        while True:
            k += 1
            io.write_files({folder / n: f"v{k} {n}\\n".encode() + bytes(300_000) for n in names})
    """)
    rng = random.Random(13)
    write_files(set_of(tmp_path, "v0"))
    for _ in range(rounds):
        child = subprocess.Popen([sys.executable, "-c", code, str(tmp_path), ",".join(NAMES)],
                                 stdout=subprocess.PIPE, text=True)
        assert child.stdout is not None and child.stdout.readline() == "go\n"
        time.sleep(rng.uniform(0.0, 0.3))
        kill(child)
        recover(tmp_path)
        recover(tmp_path / "guts")
        assert len(versions(tmp_path)) == 1 and hidden(tmp_path) == []


def enospc_after(monkeypatch, budget: int) -> None:
    """os.write fails with ENOSPC once ``budget`` bytes are written, as a full disk does."""
    real, left = os.write, [budget]

    def write(fd, data):
        if len(data) > left[0]:
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        left[0] -= len(data)
        return real(fd, data)
    monkeypatch.setattr(os, "write", write)


@pytest.mark.parametrize("budget", [0, 2500, 6500])
def test_disk_full_keeps_the_old_set_and_names_the_file(tmp_path, monkeypatch, budget):
    write_files(set_of(tmp_path, "old"))
    enospc_after(monkeypatch, budget)
    with pytest.raises(OSError) as e:
        write_files(set_of(tmp_path, "new"))
    assert e.value.errno == errno.ENOSPC
    assert e.value.filename == str(tmp_path / NAMES[budget // 1000])
    assert str(tmp_path / NAMES[budget // 1000]) in str(e.value)
    assert versions(tmp_path) == {"old"} and hidden(tmp_path) == []


def test_disk_full_for_one_file(tmp_path, monkeypatch):
    write_file(tmp_path / "a.json", "old")
    enospc_after(monkeypatch, 1)
    with pytest.raises(OSError) as e:
        write_file(tmp_path / "a.json", "new content")
    assert e.value.errno == errno.ENOSPC and e.value.filename == str(tmp_path / "a.json")
    assert os.listdir(tmp_path) == ["a.json"] and (tmp_path / "a.json").read_text() == "old"


@pytest.fixture
def tiny_disk(tmp_path):
    """A real 64 kB file system (tmpfs; needs root), else skip."""
    d = tmp_path / "tiny"
    d.mkdir()
    if subprocess.run(["mount", "-t", "tmpfs", "-o", "size=64k", "tmpfs", str(d)],
                      capture_output=True).returncode != 0:
        pytest.skip("cannot mount a tmpfs here")
    try:
        yield d
    finally:
        subprocess.run(["umount", str(d)], check=True)


def test_a_really_full_disk(tiny_disk):
    write_files(set_of(tiny_disk, "old", 4000))
    with pytest.raises(OSError) as e:
        write_files(set_of(tiny_disk, "new", 20_000))
    assert e.value.errno == errno.ENOSPC and e.value.filename.startswith(str(tiny_disk))
    assert versions(tiny_disk) == {"old"} and hidden(tiny_disk) == []
    write_files(set_of(tiny_disk, "new", 4000))       # the space is free again
    assert versions(tiny_disk) == {"new"}


def test_a_second_writer_is_refused_while_the_first_writes(tmp_path):
    write_files(set_of(tmp_path, "old"))
    child = start_child(tmp_path, "first", "fsync", 4)   # holds the lock, mid-way
    try:
        wait_stopped(child)
        for folder in (tmp_path, tmp_path / "guts"):
            with pytest.raises(OutputBusy) as e:
                write_files({folder / "r.md": b"second"})
            msg = str(e.value)
            assert f"another twentyone-burn run is writing to {folder}" in msg
            assert "\n" not in msg and isinstance(e.value, OSError)
        with pytest.raises(OutputBusy):
            recover(tmp_path)
        assert versions(tmp_path) == {"old"}
    finally:
        kill(child)
    write_files(set_of(tmp_path, "second"))             # the lock died with the writer
    assert versions(tmp_path) == {"second"} and hidden(tmp_path) == []


def test_concurrent_writers_one_wins_whole(tmp_path):
    code = textwrap.dedent("""
        import sys, time
        from pathlib import Path
        from twentyone_burn import io
        folder, version, names = Path(sys.argv[1]), sys.argv[2], sys.argv[3].split(",")
        time.sleep(float(sys.argv[4]))
        try:
            io.write_files({folder / n: f"{version} {n}\\n".encode() + bytes(2_000_000)
                            for n in names})
            print("wrote")
        except io.OutputBusy as e:
            print("busy")
    """)
    results = []
    for attempt in range(3):
        kids = [subprocess.Popen([sys.executable, "-c", code, str(tmp_path), v, ",".join(NAMES),
                                  "0"], stdout=subprocess.PIPE, text=True)
                for v in (f"a{attempt}", f"b{attempt}")]
        outs = sorted(k.communicate(timeout=120)[0].strip() for k in kids)
        results.append(outs)
        assert "wrote" in outs and len(versions(tmp_path)) == 1 and hidden(tmp_path) == []
    assert all(set(o) <= {"wrote", "busy"} for o in results)


def test_a_folder_where_a_file_should_be_is_refused_before_anything_changes(tmp_path):
    write_files(set_of(tmp_path, "old"))
    (tmp_path / "r-b.svg").unlink()
    (tmp_path / "r-b.svg").mkdir()
    with pytest.raises(IsADirectoryError, match="r-b.svg"):
        write_files(set_of(tmp_path, "new"))
    assert (tmp_path / "r.md").read_bytes().startswith(b"old") and hidden(tmp_path) == []


def test_output_busy_is_public():
    assert "OutputBusy" in io.__all__ and issubclass(OutputBusy, OSError)
