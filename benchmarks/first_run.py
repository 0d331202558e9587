"""Times the first and the warm runs of ``twentyone-burn analyze`` and ``guts-odds vs-pot`` as
whole processes, and where a first run's time goes.

Run: python -m benchmarks.first_run [ROUNDS]          (prints figures; no assertions)
     python -m benchmarks.first_run --breakdown tb analyze [ARGS...]
     python -m benchmarks.first_run --breakdown guts vs-pot "As Kd Qh" --game phoenix

Each round starts from fresh temporary folders: the result cache and the compiled kernels'
folder (``TWENTYONE_BURN_CACHE``) and numba's cache (``NUMBA_CACHE_DIR``, so nothing compiled
earlier is loaded). Per round, as whole processes (``python -m <tool's cli>``):

- ``python -c "import numpy"``, the baseline, measured in the same rounds;
- ``analyze`` first (numba compiles every kernel), then warm (numba's cache and the result
  cache filled), then with the ahead-of-time module (``build-kernels`` run first, untimed:
  what every run after the background build gets);
- ``guts-odds vs-pot "As Kd Qh" --game phoenix`` first and warm.

The background build is off in the timed runs (``TOOLKIT_AOT_BUILD=off``): it would compete
with them for the cores. Figures are medians over ROUNDS (default 1; a first ``analyze`` takes
10 to 30 s), wall clock and the process's CPU time (user + system, which a loaded machine
inflates less). The issue's targets: first ``analyze`` 10 s, first ``vs-pot`` 3 s, warm
``analyze`` 2 s.

``--breakdown`` runs one command in this process with numba's compilation timed per kernel
(each dispatcher's own compile, its callees' subtracted; CPU seconds of the compiling thread),
from a fresh numba cache unless ``NUMBA_CACHE_DIR`` is given.
"""

from __future__ import annotations

import collections
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TB = [sys.executable, "-m", "twentyone_burn.cli"]
GUTS = [sys.executable, "-m", "guts_family.cli"]
ANALYZE = [*TB, "analyze"]
VS_POT = [*GUTS, "vs-pot", "As Kd Qh", "--game", "phoenix"]
TARGETS = {"analyze, first": 10.0, "guts-odds vs-pot, first": 3.0, "analyze, warm": 2.0,
           "analyze, ahead-of-time module": 2.0}


def _run(cmd: list[str], env: dict[str, str]) -> tuple[float, float]:
    """(wall, CPU) seconds of one whole process."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    r = subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env)
    wall = time.perf_counter() - t0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if r.returncode != 0:
        raise SystemExit(f"{' '.join(cmd)} exited {r.returncode}: {r.stderr.decode()[-400:]}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu


def _round(times: dict[str, list[tuple[float, float]]]) -> None:
    work = Path(tempfile.mkdtemp(prefix="first-run-"))
    env = {**os.environ, "PYTHONPATH": str(ROOT), "TWENTYONE_BURN_CACHE": str(work / "cache"),
           "NUMBA_CACHE_DIR": str(work / "numba"), "TOOLKIT_AOT_BUILD": "off",
           "TOOLKIT_PROGRESS": "none"}
    env.pop("TWENTYONE_BURN_AOT", None)
    try:
        times["python -c 'import numpy'"].append(_run([sys.executable, "-c", "import numpy"],
                                                      env))
        times["analyze, first"].append(_run(ANALYZE, env))
        times["analyze, warm"].append(_run(ANALYZE, env))
        times["guts-odds vs-pot, first"].append(_run(VS_POT, env))
        times["guts-odds vs-pot, warm"].append(_run(VS_POT, env))
        _run([*TB, "build-kernels"], env)
        times["analyze, ahead-of-time module"].append(_run(ANALYZE, env))
    finally:
        shutil.rmtree(work, ignore_errors=True)


def main() -> None:
    rounds = int(sys.argv[1]) if len(sys.argv) > 1 else 1
    times: dict[str, list[tuple[float, float]]] = collections.defaultdict(list)
    load = os.getloadavg()[0]
    for _ in range(rounds):
        _round(times)
    print(f"machine: {os.cpu_count()} cores; load average {load:.2f} before, "
          f"{os.getloadavg()[0]:.2f} after; {rounds} round(s); medians of whole processes")
    base = statistics.median(w for w, _ in times["python -c 'import numpy'"])
    print(f"  {'case':32s} {'wall':>8s} {'cpu':>8s} {'x numpy':>8s} {'target':>7s}")
    for label, runs in times.items():
        wall = statistics.median(w for w, _ in runs)
        cpu = statistics.median(c for _, c in runs)
        target = TARGETS.get(label)
        shown = f"{target:.0f} s" if target else ""
        print(f"  {label:32s} {wall:6.2f} s {cpu:6.2f} s {wall / base:8.1f} {shown:>7s}")


def breakdown(args: list[str]) -> None:
    """Run ``tb ARGS`` or ``guts ARGS`` here, numba's compilation timed per kernel."""
    if not os.environ.get("NUMBA_CACHE_DIR"):
        os.environ["NUMBA_CACHE_DIR"] = tempfile.mkdtemp(prefix="first-run-numba-")
    os.environ.setdefault("TWENTYONE_BURN_CACHE", tempfile.mkdtemp(prefix="first-run-cache-"))
    os.environ["TWENTYONE_BURN_AOT"] = "off"     # the kernels numba's (what a first run is)
    os.environ["TOOLKIT_AOT_BUILD"] = "off"
    os.environ.setdefault("TOOLKIT_PROGRESS", "none")
    t_start, c_start = time.perf_counter(), time.process_time()
    import numba.core.dispatcher as d
    t_numba = time.perf_counter() - t_start
    local = threading.local()
    # per kernel: own compile CPU seconds, compiles, loads from numba's cache
    own: dict[str, list[float]] = collections.defaultdict(lambda: [0.0, 0, 0])
    original = d.Dispatcher.compile

    def compile(self, sig):   # type: ignore[no-untyped-def]
        stack = local.__dict__.setdefault("stack", [])
        name = f"{self.py_func.__module__}.{self.py_func.__name__}"
        known = set(self.overloads)
        hits = sum(self._cache_hits.values())
        c0 = time.thread_time()
        stack.append(0.0)
        try:
            return original(self, sig)
        finally:
            spent = time.thread_time() - c0
            children = stack.pop()
            entry = own[name]
            entry[0] += spent - children
            if set(self.overloads) - known:
                entry[2 if sum(self._cache_hits.values()) > hits else 1] += 1
            if stack:
                stack[-1] += spent

    d.Dispatcher.compile = compile
    tool, rest = args[0], args[1:]
    module = {"tb": "twentyone_burn.cli", "guts": "guts_family.cli"}[tool]
    sys.argv = [tool, *rest]
    import importlib
    try:
        importlib.import_module(module).main()
    except SystemExit:
        pass
    total = time.perf_counter() - t_start
    out = sys.stderr
    print(f"\nimport numba: {t_numba:.2f} s wall; the whole command {total:.2f} s wall, "
          f"{time.process_time() - c_start:.2f} s CPU (all threads)", file=out)
    print(f"numba's compilation: {sum(v[0] for v in own.values()):.2f} s CPU", file=out)
    for name, (cpu, made, loaded) in sorted(own.items(), key=lambda kv: -kv[1][0]):
        print(f"  {cpu:6.2f} s  {int(made)} compiled, {int(loaded)} from cache  {name}",
              file=out)


if __name__ == "__main__":
    if sys.argv[1:2] == ["--breakdown"]:
        breakdown(sys.argv[2:])
    else:
        main()
