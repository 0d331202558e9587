"""The classic deal as a whole process against the field's C++ analyser (Eric Farmer's).

Run: python -m benchmarks.farmer   (python -m benchmarks.classic runs it too, at the end)

The rules: six decks, S17, double any two cards and after splits, split to four hands (aces
once), peek, 3:2, no surrender, CDZ- post-split play - ours is ``twentyone-burn analyze
--rules classic-blackjack --s17 --json``, Farmer's is his Basic Strategy Calculator
(``strategy.cpp`` of github.com/possibly-wrong/blackjack, built here with -O2) answered on its
stdin. Both run as whole processes: interpreter or binary start-up, imports, numba's cache
and the output included. Each process is timed five times, the kinds interleaved, and the
medians are printed, wall and CPU (user + system of the child, from
``resource.getrusage(RUSAGE_CHILDREN)``), each also as a ratio to ``python -c pass`` timed in
the same rounds. The two expected returns are printed and compared (Farmer prints his in
percent to nine decimals, so they can agree to about 5e-12 of a wager; the field's published
figure for these rules is about -0.40 %).

Ours runs with the package's bytecode written and the engine's kernels compiled ahead of time
(``twentyone-burn build-kernels``, run once first; its time is printed, not counted), and
again with numba compiling them (``TWENTYONE_BURN_AOT=off``, numba's on-disk cache warm):
numba's own start is most of the difference.

The C++ source (GPL-3.0) is not kept in this repository: it is downloaded at a pinned commit
into ``~/.cache/twentyone_burn/farmer/`` (an unmodified copy placed in ``benchmarks/farmer/``,
which git ignores, is used instead where there is no network).
The binary is built once per source, compiler and flags, and cached there too. Skips itself
in one line when there is no C++ compiler (or no source).
"""

from __future__ import annotations

import hashlib
import io
import os
import re
import resource
import shutil
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
import urllib.request
from collections.abc import Callable
from pathlib import Path

COMMIT = "a1f7dbb74266fb39296292bdff568b076120a61c"
URL = f"https://codeload.github.com/possibly-wrong/blackjack/tar.gz/{COMMIT}"
VENDORED = Path(__file__).resolve().parent / "farmer"
CACHE = Path(os.environ.get("XDG_CACHE_HOME", Path.home() / ".cache")) / "twentyone_burn" / \
    "farmer"
#: what strategy.cpp compiles and includes (paths inside the repository)
FILES = ("gpl.txt", "src/strategy.cpp", "src/blackjack.cpp", "src/blackjack.h",
         "src/indices.cpp", "src/indices.h", "src/math_Integer.h", "src/math_Rational.h",
         "src/math_Unsigned.h", "src/dealer_s17.hpp", "src/dealer_h17.hpp",
         "src/pdf/blackjack_pdf.cpp", "src/pdf/blackjack_pdf.h",
         "src/pdf/dealer_up_card_s17.hpp", "src/pdf/dealer_up_card_h17.hpp")
SOURCES = ("src/strategy.cpp", "src/blackjack.cpp", "src/indices.cpp",
           "src/pdf/blackjack_pdf.cpp")
FLAGS = ("-O2",)
OUTPUT = "strategy.txt"
#: strategy.cpp's questions in order: decks; H17; double any total; double soft; double
#: after hit; DAS; resplit; resplit aces; CDZ-; late surrender; natural pays; output file;
#: then "0 0" ends the hand queries
ANSWERS = "\n".join(["6", "n", "y", "y", "n", "y", "y", "n", "y", "n", "1.5", OUTPUT, "0 0", ""])
OURS = ("-m", "twentyone_burn.cli", "analyze", "--rules", "classic-blackjack", "--s17", "--json")
LIBRARY = ("from twentyone_burn.rules import load_rules; "
           "from twentyone_burn.engine.classic import analyze_classic; "
           "print(repr(analyze_classic(load_rules('classic-blackjack')"
           ".replace(hit_soft_17=False)).expected_return))")
ROUNDS = 5
#: Farmer prints the expected return in percent with nine decimals
TOLERANCE = 1e-11


def compiler() -> str | None:
    """The C++ compiler: $CXX, else g++, c++ or clang++ on the PATH."""
    for name in (os.environ.get("CXX"), "g++", "c++", "clang++"):
        if name and shutil.which(name):
            return shutil.which(name)
    return None


def _complete(root: Path) -> bool:
    return all((root / f).is_file() for f in FILES)


def source() -> Path:
    """A folder holding FILES: a local copy, the cached download, or a new download."""
    if _complete(VENDORED):
        return VENDORED
    cached = CACHE / f"source-{COMMIT[:12]}"
    if _complete(cached):
        return cached
    with urllib.request.urlopen(URL, timeout=60) as r:  # noqa: S310 (a fixed https URL)
        data = r.read()
    tmp = Path(tempfile.mkdtemp(prefix="source-", dir=_mkdir(CACHE)))
    with tarfile.open(fileobj=io.BytesIO(data), mode="r:gz") as tar:
        for m in tar.getmembers():
            rel = m.name.split("/", 1)[-1]
            if m.isfile() and rel in FILES:
                dest = tmp / rel
                dest.parent.mkdir(parents=True, exist_ok=True)
                f = tar.extractfile(m)
                assert f is not None
                dest.write_bytes(f.read())
    if not _complete(tmp):
        raise OSError(f"the archive of {COMMIT[:12]} lacks some of the source files")
    if cached.exists():
        shutil.rmtree(tmp)
    else:
        os.replace(tmp, cached)
    return cached


def _mkdir(p: Path) -> Path:
    p.mkdir(parents=True, exist_ok=True)
    return p


def build(cxx: str, src: Path) -> tuple[Path, float | None]:
    """The binary (built if this source, compiler and flags have none yet) and the build
    time in seconds (None when it was already built)."""
    h = hashlib.sha256()
    for f in FILES:
        h.update(f.encode() + b"\0" + (src / f).read_bytes())
    version = subprocess.run([cxx, "--version"], capture_output=True, text=True).stdout
    h.update(f"{cxx}\0{version}\0{FLAGS}".encode())
    exe = CACHE / f"strategy-{h.hexdigest()[:16]}"
    if exe.is_file():
        return exe, None
    _mkdir(CACHE)
    tmp = exe.with_name(exe.name + f".{os.getpid()}.tmp")
    t0 = time.perf_counter()
    r = subprocess.run([cxx, *FLAGS, "-o", str(tmp), *SOURCES, "-Isrc", "-Isrc/pdf"], cwd=src,
                       capture_output=True, text=True)
    if r.returncode != 0:
        tmp.unlink(missing_ok=True)
        last = (r.stderr.strip().splitlines() or ["(no message)"])[-1]
        raise OSError(f"{Path(cxx).name} failed: {last}")
    os.replace(tmp, exe)
    return exe, time.perf_counter() - t0


def timed(cmd: list[str], stdin: str | None = None, cwd: str | None = None,
          env: dict[str, str] | None = None) -> tuple[float, float, str]:
    """(wall s, CPU s = user + system of the child, its stdout) of one whole process."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    r = subprocess.run(cmd, input=stdin, capture_output=True, text=True, cwd=cwd, check=True,
                       env=None if env is None else {**os.environ, **env})
    wall = time.perf_counter() - t0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu, r.stdout


def farmer_return(workdir: str) -> float:
    """The overall expected return (per initial wager) from strategy.cpp's output file."""
    text = Path(workdir, OUTPUT).read_text()
    tail = text.split("Overall expected value", 1)[1]
    m = re.search(r"Total \|\s*([-+]?\d+\.\d+)", tail)
    if m is None:
        raise ValueError("no overall expected value in Farmer's output")
    return float(m.group(1)) / 100.0


def main() -> None:
    title = "whole process against Eric Farmer's C++ analyser"
    cxx = compiler()
    if cxx is None:
        print(f"{title}: skipped, no C++ compiler (g++, c++, clang++ or $CXX)")
        return
    try:
        src = source()
        exe, built = build(cxx, src)
    except (OSError, ValueError) as e:
        print(f"{title}: skipped, the analyser is not available ({e})")
        return
    print(f"{title}: the classic deal (6 decks, S17, DAS, resplit to 4, peek, 3:2, CDZ-)")
    if built is not None:
        print(f"  built {exe} with {Path(cxx).name} {' '.join(FLAGS)} in {built:.0f} s")
    py = sys.executable
    # the kernels compiled ahead of time (once per version and machine; not timed as a run)
    aot = subprocess.run([py, "-m", "twentyone_burn.cli", "build-kernels", "--json"],
                         capture_output=True, text=True)
    if aot.returncode == 0:
        import json
        print(f"  kernels compiled ahead of time in {json.loads(aot.stdout)['seconds']:.0f} s "
              "(twentyone-burn build-kernels)")
    else:
        print(f"  no kernels compiled ahead of time: {aot.stderr.strip()}")
    # the package's bytecode, as an install writes it (a shell with PYTHONDONTWRITEBYTECODE
    # set would otherwise compile every module's source in every run timed)
    import twentyone_burn
    subprocess.run([py, "-m", "compileall", "-q", str(Path(twentyone_burn.__file__).parent)],
                   capture_output=True)
    numba_only = {"TWENTYONE_BURN_AOT": "off"}
    work = tempfile.mkdtemp(prefix="farmer-")
    kinds: dict[str, Callable[[], tuple[float, float, str]]] = {
        "baseline": lambda: timed([py, "-c", "pass"]),
        "ours (CLI)": lambda: timed([py, *OURS]),
        "ours (library)": lambda: timed([py, "-c", LIBRARY]),
        "ours (CLI, JIT)": lambda: timed([py, *OURS], env=numba_only),
        "C++ (Farmer)": lambda: timed([str(exe)], stdin=ANSWERS, cwd=work),
    }
    labels = {
        "baseline": "python -c pass",
        "ours (CLI)": "twentyone-burn analyze --rules classic-blackjack --s17 --json",
        "ours (library)": "python -c '... analyze_classic(...)'",
        "ours (CLI, JIT)": "the same with TWENTYONE_BURN_AOT=off (numba compiles on first use)",
        "C++ (Farmer)": f"strategy.cpp {' '.join(FLAGS)}, answers on stdin",
    }
    out: dict[str, str] = {}
    for k, run in kinds.items():  # warm-up: numba's cache, the file system's cache
        out[k] = run()[2]
    walls: dict[str, list[float]] = {k: [] for k in kinds}
    cpus: dict[str, list[float]] = {k: [] for k in kinds}
    for _ in range(ROUNDS):
        for k, run in kinds.items():
            w, c, _o = run()
            walls[k].append(w)
            cpus[k].append(c)
    try:
        import json

        ours = float(json.loads(out["ours (CLI)"])["expected_return"])
        lib = float(out["ours (library)"])
        theirs = farmer_return(work)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    wall = {k: statistics.median(v) for k, v in walls.items()}
    cpu = {k: statistics.median(v) for k, v in cpus.items()}
    print(f"  machine: {os.cpu_count()} cores; load average {os.getloadavg()[0]:.2f}; "
          f"median of {ROUNDS} interleaved runs; (x) = ratio to the baseline")
    for k in kinds:
        print(f"  {k:15s} wall {wall[k]:6.2f} s ({wall[k] / wall['baseline']:5.1f})  CPU "
              f"{cpu[k]:6.2f} s ({cpu[k] / cpu['baseline']:5.1f})   {labels[k]}")
    c = "C++ (Farmer)"
    for k in ("ours (CLI)", "ours (library)", "ours (CLI, JIT)"):
        print(f"  {k} / C++: wall {wall[k] / wall[c]:.2f}, CPU {cpu[k] / cpu[c]:.2f}")
    jit = float(json.loads(out["ours (CLI, JIT)"])["expected_return"])
    print(f"  compiled ahead of time and by numba: {'the same' if jit == ours else 'DIFFERENT'}"
          f" expected return ({jit!r})")
    diff = ours - theirs
    print(f"  expected return: ours {ours:+.15f} (library {lib:+.15f}), Farmer {theirs:+.11f} "
          f"(printed as {100 * theirs:+.9f} %)")
    agree = abs(diff) <= TOLERANCE and lib == ours
    print(f"  difference {diff:+.1e}: {'agree' if agree else 'DISAGREE'} within Farmer's "
          f"printed precision ({TOLERANCE:.0e})")


if __name__ == "__main__":
    main()
