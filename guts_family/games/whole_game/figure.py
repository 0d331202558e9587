"""The whole game's figure (matplotlib, no pyplot state): how long games last and how big the pot
gets, as SVG or PNG bytes, one line per table size.

Two panels, each the share of games above a value (the complementary distribution, on a log
scale, so the long tail shows): the deals per game, and the final pot. Only numbers already
in the results are drawn. SVGs are reproducible byte for byte (no date, a fixed id salt, text
as paths) and carry the run's provenance.

>>> from guts_family.games.whole_game.run import simulate_games
>>> from guts_family.games.whole_game.setting import game_setting
>>> r = simulate_games(game_setting("guts321", 2, cap=3, rounds=(1,)), 500, seed=2)
>>> game_figure([r], "svg")[:5]
b'<?xml'
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import numpy as np

from guts_family._version import __version__
from guts_family.games.whole_game.results import WholeGameResult

if TYPE_CHECKING:  # pragma: no cover - matplotlib.typing is new in matplotlib 3.8
    from matplotlib.typing import RcKeyType

__all__ = ["FORMATS", "game_figure"]

#: the figure's file formats
FORMATS = ("svg", "png")


def _survival(values: np.ndarray, counts: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(values, share of games with more than each value), as steps."""
    above = 1.0 - np.cumsum(counts) / counts.sum()
    return values, above


def game_figure(results: Sequence[WholeGameResult], fmt: str = "svg",
                provenance: str = "") -> bytes:
    """The figure of one game's runs (table sizes), as ``fmt`` bytes (``svg`` or ``png``)."""
    from matplotlib import rc_context
    from matplotlib.figure import Figure

    if fmt not in FORMATS:
        raise ValueError(f"unknown figure format {fmt!r}: choose one of {', '.join(FORMATS)}")
    rc: dict[RcKeyType, Any] = {"svg.hashsalt": "guts-odds", "svg.fonttype": "path",
                          "font.size": 9, "axes.spines.top": False,
                          "axes.spines.right": False}
    with rc_context(rc):
        fig = Figure(figsize=(9.0, 3.6))
        left, right = fig.subplots(1, 2)
        for r in results:
            h = r.tally.deals_hist
            idx = np.flatnonzero(h)
            x, y = _survival(idx.astype(float), h[idx].astype(float))
            left.step(x, np.maximum(y, 1e-12), where="post", label=f"{r.setting.players} players")
            pots = sorted(r.tally.pots)
            if pots:
                px, py = _survival(np.array(pots), np.array([r.tally.pots[p] for p in pots],
                                                            dtype=float))
                right.step(px, np.maximum(py, 1e-12), where="post")
        for ax, what in ((left, "deals per game"), (right, "final pot (what the winner takes)")):
            ax.set_yscale("log")
            ax.set_ylim(max(0.5 / max(r.games for r in results), 1e-7), 1.0)
            ax.set_xlabel(what)
            ax.set_ylabel("share of games above")
            ax.grid(alpha=0.3)
        s = results[0].setting
        left.legend(frameon=False, fontsize=8)
        cap = "no cap" if s.cap is None else f"cap {s.cap:g}"
        fig.suptitle(f"{s.rules.title}, whole game: ante {s.ante:g}, {cap}; "
                     f"{results[0].games:,} games a table size, seed {results[0].seed} "
                     "(sampled)")
        buf = io.BytesIO()
        meta: dict[str, Any] = {}
        if fmt == "svg":
            meta = {"Date": None, "Creator": f"guts-odds {__version__} (matplotlib)"}
            if provenance:
                meta["Description"] = provenance
        fig.savefig(buf, format=fmt, metadata=meta, dpi=150 if fmt == "png" else 72,
                    bbox_inches="tight")
        return buf.getvalue()
