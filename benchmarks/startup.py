"""Times the command line's start-up: whole processes of ``twentyone-burn`` and ``guts-odds``.

Run: python -m benchmarks.startup [ROUNDS] [--busy N] [--only WORD]   (prints figures; no
assertions; ``--only help``: the cases whose label has the word, e.g. every help)

Each case is a whole process (the installed script beside this Python, or ``python -m
twentyone_burn.cli`` / ``python -m guts_family.cli`` if there is none). ``twentyone-burn``:
``--help``, ``--version``, ``analyze --help``, ``protection --help``, two bad inputs (exit 2),
``hand T,6,5 --up 9`` with a warm result cache, ``dealer --up 9`` warm (numba's cache loaded,
not compiled), and, for scale, ``hand`` with the result cache off. ``guts-odds``: ``--help``,
``--version``, ``vs-pot --help`` and a bad option (exit 2). The cases run interleaved, ROUNDS
times (default 9), so a busy machine slows them alike; each figure is the median, with its
ratio to three baselines measured in the same rounds: ``python -c pass`` (the interpreter
alone), ``python -c "import typer"`` (the floor of a typer app's help) and ``python -c
"import numpy"``, and the median CPU time (user + system: what other work on the machine
changes least). ``--busy N`` runs N busy loops (like ``yes > /dev/null``) beside the cases,
stopped at the end: the figures on a loaded machine. The issue's targets: ``--help`` of both
tools at most 0.25 s, ``--version`` and every usage error at most 0.3 s, warm ``hand`` and
``dealer`` at most 0.5 s.
The result cache is a fresh temporary folder, so the user's is not touched.
"""

from __future__ import annotations

import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

#: the tools: name -> the package whose ``python -m`` runs it when there is no script
TOOLS = {"twentyone-burn": "twentyone_burn.cli", "guts-odds": "guts_family.cli"}
#: (label, tool, arguments, expected exit code, result cache on)
CASES = [
    ("--help", "twentyone-burn", ["--help"], 0, True),
    ("--version", "twentyone-burn", ["--version"], 0, True),
    ("analyze --help", "twentyone-burn", ["analyze", "--help"], 0, True),
    ("protection --help", "twentyone-burn", ["protection", "--help"], 0, True),
    ("error: analyze --decks 9", "twentyone-burn", ["analyze", "--decks", "9"], 2, True),
    ("error: hand 10,6 --up 9", "twentyone-burn", ["hand", "10,6", "--up", "9"], 2, True),
    ("hand T,6,5 --up 9 (warm cache)", "twentyone-burn", ["hand", "T,6,5", "--up", "9"], 0,
     True),
    ("dealer --up 9 (warm)", "twentyone-burn", ["dealer", "--up", "9"], 0, True),
    ("guts-odds --help", "guts-odds", ["--help"], 0, True),
    ("guts-odds --version", "guts-odds", ["--version"], 0, True),
    ("guts-odds vs-pot --help", "guts-odds", ["vs-pot", "--help"], 0, True),
    ("error: guts-odds table --pot -1", "guts-odds", ["table", "--pot", "-1"], 2, True),
]
#: for scale, run fewer times (about 2 s each)
SLOW_CASES = [
    ("hand T,6,5 --up 9 (cache off)", "twentyone-burn", ["hand", "T,6,5", "--up", "9"], 0,
     False),
]
#: the issue's targets (seconds, whole processes, two free cores)
TARGETS = {"--help": 0.25, "--version": 0.3, "analyze --help": 0.25, "protection --help": 0.25,
           "error: analyze --decks 9": 0.3, "error: hand 10,6 --up 9": 0.3,
           "hand T,6,5 --up 9 (warm cache)": 0.5, "dealer --up 9 (warm)": 0.5,
           "guts-odds --help": 0.25, "guts-odds --version": 0.3,
           "guts-odds vs-pot --help": 0.25, "error: guts-odds table --pot -1": 0.3}


def _script(name: str = "twentyone-burn") -> list[str]:
    exe = Path(sys.executable)
    script = exe.parent / name
    if script.exists():
        return [str(script)]
    return [sys.executable, "-m", TOOLS[name]]


def _run(cmd: list[str], env: dict[str, str], code: int | None = None) -> tuple[float, float]:
    """One run of ``cmd``: its wall time and its CPU time (user + system, which a machine
    busy with other work changes far less)."""
    t0 = time.perf_counter()
    p = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env)
    assert p.stderr is not None
    with p.stderr:
        err = p.stderr.read()
    _, status, usage = os.wait4(p.pid, 0)
    t = time.perf_counter() - t0
    p.returncode = os.waitstatus_to_exitcode(status)
    if code is not None and p.returncode != code:
        raise SystemExit(f"{' '.join(cmd)} exited {p.returncode}, not {code}: "
                         f"{err.decode()[-400:]}")
    return t, usage.ru_utime + usage.ru_stime


def _busy(n: int) -> list[subprocess.Popen]:
    """``n`` processes that keep a core busy (stopped by :func:`_stop`)."""
    return [subprocess.Popen([sys.executable, "-c", "while True: pass"]) for _ in range(n)]


def _stop(procs: list[subprocess.Popen]) -> None:
    for p in procs:
        p.kill()
        p.wait()


def main() -> None:
    argv = sys.argv[1:]
    busy = 0
    if "--busy" in argv:
        i = argv.index("--busy")
        busy = int(argv[i + 1])
        del argv[i:i + 2]
    cases, slow_cases = CASES, SLOW_CASES
    if "--only" in argv:
        i = argv.index("--only")
        word = argv[i + 1]
        del argv[i:i + 2]
        cases = [c for c in CASES if word in c[0]]
        slow_cases = [c for c in SLOW_CASES if word in c[0]]
    rounds = int(argv[0]) if argv else 9
    tools = {name: _script(name) for name in TOOLS}
    cache = tempfile.mkdtemp(prefix="twentyone-burn-startup-")
    env = {**os.environ, "TWENTYONE_BURN_CACHE": cache}
    off = {**os.environ, "TWENTYONE_BURN_CACHE": "off"}
    baselines = [("python -c pass", [sys.executable, "-c", "pass"]),
                 ("python -c 'import typer'", [sys.executable, "-c", "import typer"]),
                 ("python -c 'import numpy'", [sys.executable, "-c", "import numpy"])]
    loops = _busy(busy)
    try:
        # warm up: the numba cache, the result cache, the file system's cache
        for _, name, args, code, _ in cases:
            _run(tools[name] + args, env, code)
        times: dict[str, list[tuple[float, float]]] = {label: [] for label, _ in baselines}
        times.update({label: [] for label, *_ in cases + slow_cases})
        slow_every = 3
        for i in range(rounds):
            order = baselines + [(label, tools[name] + args) for label, name, args, *_ in cases]
            k = i % len(order)
            for label, cmd in order[k:] + order[:k]:   # rotate, so no case is always first
                times[label].append(_run(cmd, env))
            if i % slow_every == 0:
                for label, name, args, _, _ in slow_cases:
                    times[label].append(_run(tools[name] + args, off))
        load = os.getloadavg()[0]
    finally:
        _stop(loops)
        shutil.rmtree(cache, ignore_errors=True)
    med = {label: statistics.median(w for w, _ in t) for label, t in times.items() if t}
    cpu = {label: statistics.median(c for _, c in t) for label, t in times.items() if t}
    base, typer_, numpy = (med[label] for label, _ in baselines)
    print(f"machine: {os.cpu_count()} cores; load average {load:.2f} at the end"
          + (f" ({busy} busy loops beside)" if busy else "")
          + f"; {rounds} interleaved rounds; medians of whole processes")
    for name, cmd in tools.items():
        print(f"{name}: {' '.join(cmd)}")
    print(f"  {'case':34s} {'median':>8s} {'x pass':>7s} {'x typer':>8s} {'x numpy':>8s} "
          f"{'target':>7s} {'CPU':>8s}")
    for label, t in med.items():
        target = TARGETS.get(label)
        shown = f"{target:.2f} s" if target else ""
        n = len(times[label])
        print(f"  {label:34s} {t:6.3f} s {t / base:7.2f} {t / typer_:8.2f} {t / numpy:8.2f} "
              f"{shown:>7s} {cpu[label]:6.3f} s" + (f"   ({n} runs)" if n != rounds else ""))
    shim = shutil.which("twentyone-burn")
    if shim and Path(shim).resolve() != Path(tools["twentyone-burn"][0]).resolve():
        t = statistics.median(_run([shim, "--version"], env)[0] for _ in range(5))
        print(f"  note: the twentyone-burn on PATH ({shim}) is a wrapper; --version through it "
              f"takes {t:.3f} s (the wrapper's own cost is not the tool's)")


if __name__ == "__main__":
    main()
