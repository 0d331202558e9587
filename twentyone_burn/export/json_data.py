"""json_data: every number of the report as one JSON document (full float64 precision).

Floats are written by Python's shortest round-trip repr, so reading the file gives back the
very numbers computed; NaN (a figure that does not exist) is written as null.

>>> clean({"a": float("nan"), "b": [1.5]})
{'a': None, 'b': [1.5]}
"""

from __future__ import annotations

import json
import math
from typing import TYPE_CHECKING, Any

import numpy as np

from .document import frame_records

if TYPE_CHECKING:  # pragma: no cover
    from ..report.results import Report

__all__ = ["FORMAT", "clean", "render", "to_json_dict"]

FORMAT = 1


def clean(x: Any) -> Any:
    """Plain JSON values: numpy scalars to Python, NaN and infinities to None."""
    if isinstance(x, dict):
        return {str(k): clean(v) for k, v in x.items()}
    if isinstance(x, (list, tuple)):
        return [clean(v) for v in x]
    if isinstance(x, (bool, np.bool_)):
        return bool(x)
    if isinstance(x, (int, np.integer)):
        return int(x)
    if isinstance(x, (float, np.floating)):
        return float(x) if math.isfinite(x) else None
    return x


def to_json_dict(report: Report) -> dict[str, Any]:
    """The report as plain JSON values."""
    r = report
    sim = r.simulation
    simulation = None
    if sim is not None:
        simulation = {
            "label": sim.label, "rounds": sim.rounds, "seed": sim.seed,
            "seed_entropy": str(sim.seed_entropy), "chunk_size": sim.chunk_size,
            "dealing": sim.dealing, "strategy": sim.strategy, "strategy_hash": sim.strategy_hash,
            "expected_return": sim.mean, "expected_return_se": sim.mean_se,
            "sd_per_round": sim.sd, "sd_per_round_se": sim.sd_se,
            "average_total_wager": sim.average_total_wager,
            "average_total_wager_se": sim.average_total_wager_se,
            "hands_per_round": sim.hands_per_round,
            "frequencies": frame_records(sim.frequencies),
            "net_distribution": frame_records(sim.net),
        }
    b = r.burn
    m = b["burned_by_up"]
    rt = None
    if r.return_table is not None:
        rt = {"rows": frame_records(r.return_table),
              "total": float(r.return_table["contribution"].sum())}
    return clean({
        "report": "21 Burn house-edge report (par sheet)",
        "format": FORMAT,
        "created": r.created,
        "version": r.version,
        "rules": r.rules.to_dict(),
        "rules_hash": r.rules_hash,
        "rules_toml": r.rules_toml,
        "rules_words": r.rules_words,
        "seed": r.seed,
        "strategy": r.strategy,
        "strategy_kind": r.strategy_kind,
        "strategy_source": r.strategy_source,
        "strategy_tables_hash": r.strategy_hash,
        "reference": r.reference,
        "post_split_strategy": r.post_split_strategy,
        "rounding": r.rounding,
        "summary": r.summary,
        "probabilities": r.probabilities,
        "return_table": rt,
        "by_up_card": frame_records(b["by_up"]),
        "dealer": frame_records(r.dealer),
        "dealer_overall": frame_records(r.dealer_overall),
        "burn": {
            "value": b["burn_value"],
            "burned": frame_records(b["burned"]),
            "burned_by_up": {u: dict(zip(m.columns, map(float, row)))
                             for u, row in zip(m.index, m.to_numpy())},
            "kept": frame_records(b["kept"]),
            "pairs": frame_records(b["pairs"]),
        },
        "variations": frame_records(r.variations),
        "simulation": simulation,
        "verification": r.verification,
    })


def render(report: Report) -> str:
    """The JSON text (indented, keys in report order)."""
    return json.dumps(to_json_dict(report), indent=1, allow_nan=False) + "\n"
