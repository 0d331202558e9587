"""The main job (README command 1): the standard rules' par sheet with a 1e8-round
verification, from an empty chart store and again with it warm, beside a baseline.

Run: python -m benchmarks.report [--no-cold] [--no-warm] [--check] [--keep DIR]
     (prints figures; no assertions)

Each run is a whole process, ``twentyone-burn report --verify-rounds 100000000 --seed 21
--force`` as the README gives it, with the result cache (``TWENTYONE_BURN_CACHE``) a fresh
temporary folder: the cold run derives the 20 charts, the warm run (the same folder) reads
them. Printed for each: the wall time, the CPU time of the process and its workers, and the
report's own timing line (its stages); every time also as a multiple of the baseline of
benchmarks/engine.py (20 plain-Python dealer recursions), measured in this run, so runs on a
busy or a different machine compare. The issue's targets on two free cores: 90 s cold, 40 s
warm. The machine's load average is printed before and after: other work raises every figure.

--check: the runs use the published files' date (``SOURCE_DATE_EPOCH``) and every file written
is compared byte for byte with reports/21burn-standard.* (the published par sheet).
"""

from __future__ import annotations

import argparse
import filecmp
import json
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from datetime import datetime
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
COMMAND = ["report", "--verify-rounds", "100000000", "--seed", "21", "--force"]
TARGETS = {"cold": 90.0, "warm": 40.0}
STEM = "21burn-standard"


def _script() -> list[str]:
    script = Path(sys.executable).parent / "twentyone-burn"
    return [str(script)] if script.exists() else [sys.executable, "-m", "twentyone_burn.cli"]


def _children_cpu() -> float:
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def published_epoch() -> str:
    """SOURCE_DATE_EPOCH of the published par sheet (its ``created``)."""
    created = json.loads((ROOT / "reports" / f"{STEM}.json").read_text())["created"]
    return str(int(datetime.fromisoformat(created).timestamp()))


def run_job(cache: Path, out: Path, epoch: str | None) -> tuple[float, float, str]:
    """(wall s, CPU s of the process and its workers, the report's timing line) of one run."""
    env = {**os.environ, "TWENTYONE_BURN_CACHE": str(cache)}
    if epoch is not None:
        env["SOURCE_DATE_EPOCH"] = epoch
    cpu0, t0 = _children_cpu(), time.perf_counter()
    r = subprocess.run([*_script(), *COMMAND, "--out", str(out)], env=env, cwd=ROOT,
                       capture_output=True, text=True)
    wall, cpu = time.perf_counter() - t0, _children_cpu() - cpu0
    if r.returncode != 0:
        raise SystemExit(f"the main job failed (exit {r.returncode}): {r.stderr[-600:]}")
    line = next((x for x in r.stdout.splitlines() if x.startswith("time:")), "")
    return wall, cpu, line


def compare(out: Path) -> list[str]:
    """The written files that differ from the published ones (or are missing there)."""
    bad = []
    for path in sorted(out.iterdir()):
        ref = ROOT / "reports" / path.name
        if not ref.is_file() or not filecmp.cmp(path, ref, shallow=False):
            bad.append(path.name)
    return bad


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--no-cold", action="store_true", help="skip the run from an empty store")
    ap.add_argument("--no-warm", action="store_true", help="skip the run with the store warm")
    ap.add_argument("--check", action="store_true",
                    help="compare every file written with the published reports/")
    ap.add_argument("--keep", type=Path, default=None,
                    help="use (and keep) this result cache folder instead of a fresh one")
    args = ap.parse_args()

    from benchmarks.engine import baseline

    load0 = os.getloadavg()
    base = baseline()
    print(f"machine: {os.cpu_count()} cores, load average {load0[0]:.2f} / {load0[1]:.2f} / "
          f"{load0[2]:.2f} (1 / 5 / 15 min) before; other work on the machine raises every "
          "figure: compare the ratios")
    print(f"baseline (20 plain-Python dealer recursions): {base:8.3f} s")
    print(f"command: twentyone-burn {' '.join(COMMAND)}")
    work = Path(tempfile.mkdtemp(prefix="report-bench-"))
    cache = args.keep or work / "cache"
    cache.mkdir(parents=True, exist_ok=True)
    epoch = published_epoch() if args.check else None
    try:
        for kind in ("cold", "warm"):
            if getattr(args, f"no_{kind}"):
                continue
            if kind == "cold" and any(cache.glob("chart-*.json")):
                print(f"  {kind}: the cache folder {cache} already holds charts; skipped")
                continue
            out = work / kind
            out.mkdir()
            wall, cpu, line = run_job(cache, out, epoch)
            print(f"  main job, {kind} chart store: {wall:7.1f} s wall ({wall / base:6.1f} x "
                  f"baseline), CPU {cpu:6.1f} s; target {TARGETS[kind]:.0f} s: "
                  f"{wall / TARGETS[kind]:.2f} of it")
            print(f"    {line}")
            if args.check:
                bad = compare(out)
                print("    published files: " + ("every file identical, byte for byte"
                                                 if not bad else f"DIFFERENT: {', '.join(bad)}"))
    finally:
        shutil.rmtree(work, ignore_errors=True)     # a --keep cache folder stays
    load1 = os.getloadavg()
    print(f"load average after: {load1[0]:.2f} / {load1[1]:.2f} / {load1[2]:.2f}")


if __name__ == "__main__":
    main()
