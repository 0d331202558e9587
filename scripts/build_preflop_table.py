"""Rebuild the stored preflop ordering of Omaha ranges (``top P%``) from its documented seed.

Run: python scripts/build_preflop_table.py [--out DIR] [--check]

Writes ``preflop-equity-high.npy`` and ``preflop-equity-hilo.npy`` (both or neither) into
``--out`` (default: the package's data folder, ``guts_family/omaha/data``): the sampled preflop
equity of each of the 16,432 suit classes against one random holding, 25,000 deals a class
from ``chunk_rng(2108, class)``, as 16-bit integers (see ``guts_family/omaha/preflop.py`` and
the README beside the files). About 80 s a game on one core. ``--check`` writes nothing and
exits 1 unless the rebuilt files are the stored ones, byte for byte.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from guts_family.omaha.preflop import build_preflop_table, preflop_file_bytes  # noqa: E402
from guts_family.omaha.ranges import preflop_file  # noqa: E402
from twentyone_burn.io import write_files  # noqa: E402

DATA = ROOT / "guts_family" / "omaha" / "data"


def main(argv: list[str] | None = None) -> int:
    """Build both tables; write them (or, with --check, compare them with the stored ones)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=DATA, help="folder to write the files into")
    parser.add_argument("--check", action="store_true",
                        help="compare with the stored files instead of writing")
    args = parser.parse_args(argv)
    built = {}
    for hilo in (False, True):
        name = preflop_file(hilo)
        print(f"building {name} ...", flush=True)
        built[name] = preflop_file_bytes(build_preflop_table(hilo))
    if args.check:
        differ = [n for n, data in built.items() if (DATA / n).read_bytes() != data]
        print("identical to the stored files" if not differ else f"differ: {', '.join(differ)}")
        return 1 if differ else 0
    for path in write_files({args.out / n: data for n, data in built.items()}):
        print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
