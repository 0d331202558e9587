"""verification: writing a verification record - its JSON and a Markdown page, as one set.

The record's numbers come from :class:`~twentyone_burn.verify.Verification`; this module only
lays them out and writes them through :mod:`twentyone_burn.io`.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING

from ..engine.results import DEALER_KEYS
from ..io import write_files
from ..shoe import RANKS

if TYPE_CHECKING:  # pragma: no cover
    from ..verify import Verification

__all__ = ["record_stem", "verification_markdown", "write_verification"]


def verification_markdown(v: Verification) -> str:
    """The verification record as a human-readable Markdown report."""
    s, t = v.sim, v.theory
    lo, hi = s.interval99
    out = [
        f"# 21 Burn verification: {v.verdict}",
        "",
        (f"Theory (exact engine) against simulation ({s.rounds:,} rounds), "
        f"{len(v.checks)} tests at family-wise {100 * (1 - v.alpha):g}% "
        f"(each passes at p >= {v.checks[0].threshold:.4g}, Bonferroni)."),
        "",
        "| item | value |",
        "| --- | --- |",
        f"| created (UTC) | {v.created} |",
        f"| twentyone-burn version | {v.version} |",
        f"| rules | `{v.rules.canonical_json()}` |",
        f"| rules hash | `{v.rules.rules_hash}` |",
        f"| strategy | {s.strategy} |",
        f"| strategy tables hash | `{s.strategy_hash}` |",
        f"| seed entropy | `{s.seed_entropy}` |",
        f"| chunk size | {s.chunk_size:,} |",
        f"| rounds | {s.rounds:,} |",
        "| dealing | full reshuffle every round |",
        f"| engine time | {v.engine_seconds:.1f} s |",
        (f"| simulation | {s.seconds:.1f} s, {s.rounds_per_second:,.0f} rounds/s, "
        f"{s.executor} ({s.workers or 'cluster'} workers) |"),
        "",
        "## Tests",
        "",
        "| test | kind | statistic | dof | p-value | result |",
        "| --- | --- | ---: | ---: | ---: | --- |",
    ]
    for c in v.checks:
        out.append(f"| {c.name} | {c.kind} | {c.statistic:.4f} | {c.dof if c.dof else ''} "
                   f"| {c.p_value:.4g} | {'PASS' if c.passed else 'FAIL'} |")
    out += [
        "",
        "## Figures",
        "",
        "| figure | theory | simulation |",
        "| --- | ---: | ---: |",
        (f"| expected return per initial wager | {t.expected_return:+.6f} | "
        f"{s.mean:+.6f} (SE {s.se:.6f}) |"),
        f"| 99% interval of the simulated return | | [{lo:+.6f}, {hi:+.6f}] |",
        (f"| average total wager | "
        f"{'' if t.average_total_wager is None else format(t.average_total_wager, '.6f')} | "
        f"{s.average_total_wager:.6f} (SE {s.wager_se:.6f}) |"),
        f"| SD of the net result per round | | {s.sd:.6f} |",
    ]
    freq = s.frequencies
    out.append(f"| rounds won / pushed / lost | | {freq['win']:.6f} / {freq['push']:.6f} / "
               f"{freq['loss']:.6f} |")
    for c in v.checks:
        if isinstance(c.theory, float) and c.name not in ("expected return",
                                                         "average total wager"):
            out.append(f"| {c.name} | {c.theory:.6f} | {c.simulated:.6f} |")
    out += ["", "## Net result per round (units of the initial wager)", "",
            "| net | probability |", "| ---: | ---: |"]
    for k, p in s.to_json_dict()["net_distribution"].items():
        out.append(f"| {k} | {p:.7f} |")
    out += ["", "## Dealer final totals by up card (theory / simulation)", "",
            "| up | " + " | ".join(DEALER_KEYS) + " |",
            "| --- |" + " ---: |" * len(DEALER_KEYS)]
    sd = s.dealer_table()
    for up in RANKS:
        if up in t.dealer:
            out.append(f"| {up} | " + " | ".join(
                f"{t.dealer[up][k]:.5f} / {sd[up][k]:.5f}" for k in DEALER_KEYS) + " |")
    burned = next((c for c in v.checks if c.name == "burned ranks"), None)
    if burned:
        out += ["", "## Burned ranks (theory / simulation)", "",
                "| rank | theory | simulation |", "| --- | ---: | ---: |"]
        for r in RANKS:
            out.append(f"| {r} | {burned.theory[r]:.6f} | {burned.simulated[r]:.6f} |")
    out += ["", f"Theory: {t.source}", ""]
    return "\n".join(out)


def record_stem(v: Verification) -> str:
    """The file name stem of a record: rules hash, strategy, seed and rounds."""
    return (f"verify-{v.rules.rules_hash[:12]}-{v.label}-seed{v.sim.seed_entropy}-"
            f"{v.sim.rounds}")


def write_verification(v: Verification, out_dir: str | Path = ".",
                       stem: str | None = None) -> tuple[Path, Path]:
    """Write the record as ``stem.json`` and ``stem.md`` in ``out_dir``, all or nothing."""
    d = Path(out_dir)
    stem = stem or record_stem(v)
    j, m = write_files({d / f"{stem}.json": json.dumps(v.to_json_dict(), indent=2) + "\n",
                        d / f"{stem}.md": verification_markdown(v)})
    return j, m
