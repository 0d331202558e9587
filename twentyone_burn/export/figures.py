"""figures: the report's plots (matplotlib, no pyplot state), as SVG or PNG bytes.

Each function draws numbers already in the :class:`~twentyone_burn.report.results.Report`;
none computes a probability. SVGs are reproducible byte for byte (no date, fixed id salt, text
as paths, so the page needs no fonts).

>>> import pandas as pd
>>> d = pd.DataFrame({"up": ["A", "A"], "dealer": ["21 Burn", "ordinary"], "bust": [.3, .1]})
>>> dealer_bust(d, "svg")[:5]
b'<?xml'
"""

from __future__ import annotations

import io
from typing import TYPE_CHECKING, Any

import pandas as pd
from matplotlib import rc_context
from matplotlib.figure import Figure

from .._version import __version__

if TYPE_CHECKING:  # pragma: no cover - matplotlib.typing is new in matplotlib 3.8
    from matplotlib.typing import RcKeyType

__all__ = ["BURN_COLOUR", "ORDINARY_COLOUR", "dealer_bust", "net_result", "variations"]

BURN_COLOUR = "#c0392b"
ORDINARY_COLOUR = "#7f8c8d"
_RC: dict[RcKeyType, Any] = {"svg.hashsalt": "twentyone-burn", "svg.fonttype": "path",
                             "font.size": 10, "axes.spines.top": False,
                             "axes.spines.right": False}


def _save(fig: Figure, fmt: str, provenance: str = "") -> bytes:
    buf = io.BytesIO()
    meta: dict[str, Any] = {}
    if fmt == "svg":
        # no date (reproducible); the rules, their hash, the version and the seed ride along
        meta = {"Date": None, "Creator": f"twentyone-burn {__version__} (matplotlib)"}
        if provenance:
            meta["Description"] = provenance
    fig.savefig(buf, format=fmt, metadata=meta, dpi=150 if fmt == "png" else 72,
                bbox_inches="tight")
    return buf.getvalue()


#: the legend's words for the game's dealer, by ``Rules.dealer_burn``
_BURN_WORDS = {"highest": "burns its highest card", "lowest": "burns its lowest card",
               "none": "burns no card"}


def dealer_bust(dealer: pd.DataFrame, fmt: str = "svg", provenance: str = "",
                burn: str = "highest") -> bytes:
    """Bars of the dealer's bust rate by up card: the 21 Burn dealer and an ordinary one.

    ``dealer``: rows (up, dealer, bust, ...) as in :func:`twentyone_burn.report.dealer_comparison`;
    ``burn``: the rules' ``dealer_burn`` (for the legend).
    """
    with rc_context(_RC):
        fig = Figure(figsize=(7.5, 3.6))
        ax = fig.add_subplot()
        ups = list(dict.fromkeys(dealer["up"]))
        x = range(len(ups))
        for k, (name, colour) in enumerate((("21 Burn", BURN_COLOUR),
                                            ("ordinary", ORDINARY_COLOUR))):
            sub = dealer[dealer["dealer"] == name].set_index("up").reindex(ups)
            label = (f"21 Burn dealer ({_BURN_WORDS[burn]})" if name == "21 Burn" else
                     "ordinary two-card dealer (no burn)")
            ax.bar([i + (k - 0.5) * 0.38 for i in x], 100 * sub["bust"], width=0.38,
                   color=colour, label=label)
        ax.set_xticks(list(x), ups)
        ax.set_xlabel("dealer up card")
        ax.set_ylabel("dealer busts (%)")
        ax.set_title("Dealer bust rate by up card (exact)")
        ax.legend(frameon=False, loc="upper left")
        ax.set_ylim(0, max(100 * dealer["bust"].max() * 1.25, 10))
        ax.grid(axis="y", alpha=0.3)
        return _save(fig, fmt, provenance)


def net_result(net: pd.DataFrame, label: str, fmt: str = "svg",
               provenance: str = "") -> bytes:
    """Bars of the simulated net result per round (log scale) with 95% error bars.

    ``net``: rows (net, probability, se); ``label``: how the simulation is described.
    """
    with rc_context(_RC):
        fig = Figure(figsize=(7.5, 3.6))
        ax = fig.add_subplot()
        colours = [BURN_COLOUR if v < 0 else "#27ae60" if v > 0 else ORDINARY_COLOUR
                   for v in net["net"]]
        ax.bar(net["net"], net["probability"], width=0.7 * _spacing(net["net"]),
               color=colours, yerr=1.96 * net["se"], ecolor="#333333", capsize=2)
        ax.set_yscale("log")
        ax.set_xticks(list(net["net"]), [f"{v:+g}" if v else "0" for v in net["net"]])
        ax.set_xlabel("net result of the round (initial wagers)")
        ax.set_ylabel("probability")
        ax.set_title(f"Net result per round ({label}; bars: 95% intervals)", fontsize=9)
        ax.grid(axis="y", alpha=0.3)
        return _save(fig, fmt, provenance)


def _spacing(values: pd.Series) -> float:
    v = sorted(set(float(x) for x in values))
    gaps = [b - a for a, b in zip(v, v[1:])]
    return min(gaps) if gaps else 1.0


def variations(rows: pd.DataFrame, fmt: str = "svg", provenance: str = "") -> bytes:
    """Horizontal bars of the change in the player's expected return of each rule variation.

    ``rows``: the report's variation table (variation, change, is_base, ...); a chart
    report's table (with a ``cost`` column) compares each variation's derived chart.
    """
    chart = "cost" in rows.columns
    rows = rows[~rows["is_base"]]
    with rc_context(_RC):
        fig = Figure(figsize=(7.5, 0.32 * len(rows) + 1.0))
        ax = fig.add_subplot()
        y = list(range(len(rows)))[::-1]
        ch = 100 * rows["change"]
        bars = ax.barh(y, ch, color=[BURN_COLOUR if c < 0 else "#27ae60" for c in ch],
                       height=0.65)
        ax.bar_label(bars, labels=[f"{c:+.3f}" for c in ch], padding=3, fontsize=8)
        lo, hi = min(0.0, float(ch.min())), max(0.0, float(ch.max()))
        pad = 0.18 * (hi - lo or 1.0)
        ax.set_xlim(lo - pad, hi + pad)
        ax.set_yticks(y, list(rows["variation"]))
        ax.axvline(0, color="#333333", lw=0.8)
        ax.set_xlabel("change in the player's expected return (% of the initial wager); "
                      "negative = better for the house", fontsize=8)
        ax.set_title("Effect of each rule variation (exact"
                     + (", each with its own derived chart)" if chart else ")"))
        ax.grid(axis="x", alpha=0.3)
        return _save(fig, fmt, provenance)
