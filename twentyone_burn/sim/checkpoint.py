"""checkpoint: a run's identity and the append-only journal of its finished chunks.

A checkpoint lets a killed or interrupted run resume: its header is the run's identity (what
the tallies depend on) and every later line one finished chunk's counts.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from .._version import __version__
from ..io import write_file
from ..rules import Rules
from ._kernel import KERNEL_FORMAT
from .counts import Counts
from .errors import SimulationError

__all__ = ["Checkpoint", "run_identity"]


def run_identity(rules: Rules, strategy_hash: str, entropy: int, rounds: int, chunk_size: int,
                 penetration: float | None, count: dict[str, Any] | None = None
                 ) -> dict[str, Any]:
    """The inputs a result depends on (the header of a checkpoint file); ``count``: the
    count and its true-count conversion, when the rounds are tallied by true count."""
    out = {"kernel_format": KERNEL_FORMAT, "version": __version__,
           "rules": rules.canonical_json(), "strategy_hash": strategy_hash,
           "seed_entropy": str(entropy), "rounds": rounds, "chunk_size": chunk_size,
           "penetration": penetration}
    if count is not None:
        out["count"] = count
    return out



class Checkpoint:
    """An append-only JSON-lines file: a header with the run identity, then one finished chunk
    per line, flushed and synced as it lands. A line cut short by a kill is dropped on resume.
    """

    def __init__(self, path: str | Path, identity: dict[str, Any]):
        self.path = Path(path)
        self.identity = identity
        self.done: dict[int, Counts] = {}
        if self.path.exists() and self.path.stat().st_size > 0:
            self._load()
        else:
            # written whole and renamed into place: a kill never leaves a file without a header
            write_file(self.path, json.dumps({"header": identity}) + "\n")

    def _damaged(self, n: int, what: str) -> SimulationError:
        return SimulationError(f"checkpoint {self.path} line {n} is damaged ({what}); delete "
                               f"that line (its chunk is simulated again) or the file")

    def _load(self) -> None:
        raw = self.path.read_bytes()
        good = raw.rfind(b"\n") + 1   # everything after the last newline is a torn write
        try:
            lines = raw[:good].decode().splitlines()
        except UnicodeDecodeError as e:
            n = raw[:e.start].count(b"\n") + 1
            raise self._damaged(n, "not UTF-8 text") from None
        if not lines:
            raise SimulationError(f"checkpoint {self.path} has no header line; "
                                  f"delete it or choose another file")
        try:
            header = json.loads(lines[0])["header"]
            if not isinstance(header, dict):
                raise TypeError
        except ValueError:      # damage, not another run's header: say so
            raise SimulationError(f"checkpoint {self.path} has no header line: line 1 is "
                                  f"damaged (not JSON); delete the file or choose another") \
                from None
        except (KeyError, TypeError):
            raise SimulationError(f"checkpoint {self.path} has no header line; "
                                  f"delete it or choose another file") from None
        if header != self.identity:
            diff = sorted(k for k in set(header) | set(self.identity)
                          if header.get(k) != self.identity.get(k))
            raise SimulationError(
                f"checkpoint {self.path} belongs to another run (differs in: {', '.join(diff)}); "
                f"use the same options or another checkpoint file")
        for n, line in enumerate(lines[1:], start=2):
            try:
                d = json.loads(line)
            except ValueError:
                raise self._damaged(n, "not JSON") from None
            if not isinstance(d, dict) or "chunk" not in d or "counts" not in d:
                raise self._damaged(n, "a chunk line needs its chunk number and counts")
            try:
                k = int(d["chunk"])
                c = Counts.from_json(d["counts"])
            except SimulationError as e:
                raise self._damaged(n, str(e)) from None
            except (KeyError, TypeError, ValueError, OverflowError) as e:
                raise self._damaged(n, f"bad chunk or counts: {type(e).__name__}") from None
            if k in self.done and not self.done[k] == c:
                raise SimulationError(f"checkpoint {self.path} holds chunk {k} twice, differently"
                                      f" (line {n})")
            self.done[k] = c
        if good < len(raw):
            with open(self.path, "r+b") as f:
                f.truncate(good)

    def add(self, chunk: int, rounds: int, counts: Counts, seconds: float) -> None:
        """Record a finished chunk durably (a full disk names the checkpoint file)."""
        self.done[chunk] = counts
        line = json.dumps({"chunk": chunk, "rounds": rounds, "seconds": round(seconds, 4),
                           "counts": counts.to_json()}, separators=(",", ":"))
        try:
            with open(self.path, "a") as f:
                f.write(line + "\n")
                f.flush()
                os.fsync(f.fileno())
        except OSError as e:
            raise OSError(e.errno, f"cannot write checkpoint {self.path}: "
                          f"{e.strerror or e}", str(self.path)) from None
