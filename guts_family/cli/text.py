"""text: the text blocks the ``guts-odds`` commands print - percentages, a hand's exact odds,
the line that says how a figure was sampled, a table's aligned columns.

>>> pct(0.25)
' 25.0000%'
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from guts_family.cards import cards_str

if TYPE_CHECKING:  # the odds load numba: the help and the usage errors do without
    from guts_family.odds import FieldOdds

__all__ = ["aligned", "odds_text", "pct", "sampling_summary"]


def pct(x: float) -> str:
    """A probability as a percentage, 8 wide with 4 decimals.

    >>> pct(0.5)
    ' 50.0000%'
    """
    return f"{100 * x:8.4f}%"


def aligned(header: Sequence[str], rows: Sequence[Sequence[str]], right: Sequence[int] = (),
            indent: str = "  ") -> list[str]:
    """The lines of a text table: every column as wide as its widest cell or heading, two
    spaces apart, the columns numbered in ``right`` right-aligned (numbers), the last column
    not padded (free text).

    >>> print("\\n".join(aligned(["n", "go in with", "note"],
    ...                          [["7", "882/883 or better", "no: a cycle"],
    ...                           ["8", "992 or better", "yes"]], right=[0])))
      n  go in with         note
      7  882/883 or better  no: a cycle
      8  992 or better      yes
    """
    widths = [max(len(str(c)) for c in col) for col in zip(header, *rows)]
    last = len(widths) - 1

    def line(cells: Sequence[str]) -> str:
        return indent + "  ".join(
            c.rjust(w) if i in right else c if i == last else c.ljust(w)
            for i, (c, w) in enumerate(zip(map(str, cells), widths))).rstrip()

    return [line(header), *(line(r) for r in rows)]


def odds_text(title: str, o: FieldOdds) -> str:
    """The text block of one hand's exact odds: the seats, win / tie / lose, the deals."""
    against = ", ".join(s.name + (" showing " + cards_str(s.known) if s.known else "")
                        for s in o.seats)
    lines = [title,
             f"  against: {against}" + (f"; dead: {cards_str(o.dead)}" if o.dead else ""),
             f"  win  {pct(o.win)}   {o.win_count:,}",
             f"  tie  {pct(o.tie)}   {o.tie_count:,}",
             f"  lose {pct(o.lose)}   {o.lose_count:,}",
             f"  of {o.total:,} deals (exact, complete enumeration)"]
    return "\n".join(lines)


def sampling_summary(run: Any, what: str = "random deals") -> str:
    """The line that says a figure was sampled, how, and what reproduces it.

    ``run`` is a :class:`guts_family.sampling.SampleRun`.

    >>> from guts_family.sampling import CoinFlips, sample
    >>> print(sampling_summary(sample(CoinFlips(), seed=4, samples=1000), "flips"))
    ... # doctest: +ELLIPSIS
    sampled (Monte Carlo, not exact): 1,000 flips, seed 4, 1 worker, ... s; stopped at --samples
    """
    if run.stopped_by == "target-se":
        stop = f"stopped at the target standard error {run.target_se:g}"
    elif run.stopped_by == "max-seconds":
        stop = (f"stopped at --max-seconds (--samples {run.samples} --seed {run.seed} reproduces "
                "these figures)")
    else:
        stop = "stopped at --samples"
    return (f"sampled (Monte Carlo, not exact): {run.samples:,} {what}, seed {run.seed}, "
            f"{run.workers} worker{'s' if run.workers > 1 else ''}, {run.seconds:.2f} s; {stop}")
