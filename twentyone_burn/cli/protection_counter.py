"""protection_counter: the ``protection counter`` command - a counter's win rate, standard
deviation, N0, SCORE and risk of ruin from a table by true count (``protection shoe
--out``), a bet ramp and a wonging rule (see :mod:`.protection`,
:mod:`twentyone_burn.protection.counter`).

The figures are sampled (the table is a simulation's): each prints with its standard error,
the verdict line says whether the win is significant, and the table's provenance (rules,
rules hash, version, seed, rounds, count, penetration) is printed with them.

>>> parse_positive("100", "--rounds-per-hour"), parse_positive("1e4", "--bankroll")
(100.0, 10000.0)
"""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import TYPE_CHECKING, Any

import typer

from toolkit_cli.errors import InputError, shorten
from toolkit_cli.options import JsonOpt
from toolkit_cli.provenance import emit

from .common import TOOL

if TYPE_CHECKING:  # pragma: no cover
    from ..protection.counter import CounterFigures, Ramp
    from ..protection.tc_table import TrueCountTable

__all__ = ["DEFAULT_ROUNDS_PER_HOUR", "figure_lines", "parse_positive", "parse_true_count",
           "read_table", "register"]

#: the help's default rounds an hour, written here so ``--help`` needs no numpy: the
#: library's :data:`~twentyone_burn.protection.counter.DEFAULT_ROUNDS_PER_HOUR` (a test
#: checks they agree)
DEFAULT_ROUNDS_PER_HOUR = 100.0
#: the largest rounds per hour or bankroll accepted
_MAX = 1e12


def parse_positive(text: str, option: str) -> float:
    """A positive number (``100``, ``1e4``, ``2.5``) for ``option``.

    >>> parse_positive("0", "--bankroll")
    Traceback (most recent call last):
    ...
    toolkit_cli.errors.InputError: --bankroll must be a number above 0 (like 100 or 1e4), not '0'
    """
    try:
        x = float(text.strip().replace("_", "")) if len(text) <= 40 else math.nan
    except ValueError:
        x = math.nan
    if not (math.isfinite(x) and 0 < x <= _MAX):
        raise InputError(f"{option} must be a number above 0 (like 100 or 1e4), "
                         f"not {shorten(text)}")
    return x


def parse_true_count(text: str | None, option: str) -> int | None:
    """A whole true count (``2``, ``-1``, ``+3``) for ``option`` (None stays None).

    >>> parse_true_count("+2", "--wong-in"), parse_true_count(None, "--wong-out")
    (2, None)
    """
    if text is None:
        return None
    t = text.strip()
    if len(t) <= 6 and t.lstrip("+-").isdigit() and t.count("-") + t.count("+") <= 1:
        return int(t)
    raise InputError(f"{option} must be a whole true count like 2, 0 or -1, not {shorten(text)}")


def read_table(path: Path) -> TrueCountTable:
    """The table of ``--table``: a TrueCountTable's JSON (``protection shoe --out``), its
    columns checked; anything else is one line naming the file (exit 2)."""
    shown = shorten(str(path))
    fix = "give the JSON file 'twentyone-burn protection shoe --out' writes"
    try:
        raw = Path(path).read_bytes()
    except FileNotFoundError:
        raise InputError(f"--table {shown} does not exist; {fix}") from None
    except IsADirectoryError:
        raise InputError(f"--table {shown} is a folder; {fix}") from None
    from ..protection.counter import RampError, check_table  # numpy, once there is a file
    from ..protection.tc_table import TrueCountTable
    try:
        table = TrueCountTable.from_json(raw.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        raise InputError(f"--table {shown} is not JSON; {fix}") from None
    except (KeyError, TypeError, AttributeError) as e:
        what = f"has no {e}" if isinstance(e, KeyError) else "is not a true-count table"
        raise InputError(f"--table {shown} {what}; {fix}") from None
    try:
        check_table(table)
    except RampError as e:
        raise InputError(f"--table {shown}: {e}") from None
    return table


def _meta_text(meta: dict[str, Any], *keys: str) -> str:
    for key in keys:
        if key in meta:
            v = meta[key]
            return v if isinstance(v, str) else json.dumps(v, sort_keys=True)
    return "(not in the table)"


def _table_lines(path: str, t: TrueCountTable) -> list[str]:
    return [f"table: {path}: {t.count} count, {t.decks} decks, {100 * t.penetration:g} % "
            f"penetration, seed {t.seed}, {t.total_rounds:,} rounds, true counts "
            f"{t.true_counts[0]:+d} to {t.true_counts[-1]:+d}",
            f"table rules: {_meta_text(t.meta, 'rules')}",
            f"table rules hash: {_meta_text(t.meta, 'rules_hash', 'rules hash')}",
            f"table version: {_meta_text(t.meta, 'version')}"]


def _value(x: float | None, se: float | None, digits: int, style: str = "f") -> str:
    if x is None:
        return "-"
    comma = "," if style == "f" else ""
    spec = f"{comma}.{digits}{style}"
    return format(x, spec) + ("" if se is None else f" +/- {format(se, spec)}")


def figure_lines(f: CounterFigures) -> list[tuple[str, str]]:
    """(name, value +/- standard error) of each figure, as the text output prints them."""
    se = f.standard_errors()
    pct_se = se["initial_unit_return"]
    rows = [("win a round (units)", _value(f.win, se["win"], 4)),
            ("win per 100 rounds", _value(f.win_per_100, se["win_per_100"], 2)),
            ("win an hour", _value(f.win_per_hour, se["win_per_hour"], 2)),
            ("SD a round", _value(f.sd, None, 3)),
            ("SD per 100 rounds", _value(f.sd_per_100, None, 2)),
            ("SD an hour", _value(f.sd_per_hour, None, 2)),
            ("average bet (units)", _value(f.average_bet, None, 3)),
            ("return of the average bet %", _value(100 * f.initial_unit_return,
                                                   100 * (pct_se or 0.0), 3)),
            ("N0 (rounds)", _value(f.n0, se["n0"], 0)),
            ("SCORE", _value(f.score, se["score"], 2)),
            ("rounds played / dealt", f"{100 * f.share_played:.2f} % ({f.rounds_played:,} "
                                      f"of the table's)"),
            ("rounds played an hour", f"{f.played_per_hour:,.1f} of {f.rounds_per_hour:g} "
                                      f"dealt")]
    if f.bankroll is not None:
        rows.append((f"risk of ruin, {f.bankroll:g} units", _value(f.ror, se["ror"], 3, "g")))
    return rows


def _ramp_text(ramp: Ramp) -> str:
    last = ramp.low + len(ramp.bets) - 1
    if len(ramp.bets) == 1:
        return f"{ramp.bets[0]:g} at every true count"
    steps = [f"{ramp.bets[0]:g} at TC <= {ramp.low:+d}"]
    steps += [f"{b:g} at {ramp.low + i:+d}" for i, b in enumerate(ramp.bets[1:-1], 1)]
    return ", ".join([*steps, f"{ramp.bets[-1]:g} from {last:+d} up"])


def register(group: typer.Typer) -> None:
    """Add ``counter`` to the ``protection`` group."""

    @group.command()
    def counter(ctx: typer.Context,
                table: str = typer.Option(..., "--table", metavar="FILE",
                                           help="A table by true count: the JSON file "
                                                "'protection shoe --out' writes."),
                ramp: str = typer.Option("1-8", "--ramp", metavar="RAMP", show_default=True,
                                         help="Bets in units by true count: m-M (m at TC "
                                              "<= 1, one unit more a count up to M) or a "
                                              "map like <=1:1,2:2,3:4,4+:8."),
                wong_in: str | None = typer.Option(None, "--wong-in", metavar="E",
                                                   show_default="play every round",
                                                   help="Wonging: start playing at true "
                                                        "count E or above."),
                wong_out: str | None = typer.Option(None, "--wong-out", metavar="L",
                                                    show_default="E",
                                                    help="Wonging: stop playing when the "
                                                         "true count falls below L (L <= E)."),
                rounds_per_hour: str = typer.Option(f"{DEFAULT_ROUNDS_PER_HOUR:g}",
                                                    "--rounds-per-hour", metavar="R",
                                                    show_default=True,
                                                    help="Rounds dealt an hour at the table "
                                                         "(played or not)."),
                bankroll: str | None = typer.Option(None, "--bankroll", metavar="B",
                                                    help="Give the risk of ruin of B units "
                                                         "(bets never resized)."),
                as_json: bool = JsonOpt) -> None:
        """A counter's win rate, SD, N0, SCORE and risk of ruin from a table by count."""
        r_hour = parse_positive(rounds_per_hour, "--rounds-per-hour")
        enter = parse_true_count(wong_in, "--wong-in")
        leave = parse_true_count(wong_out, "--wong-out")
        b_units = None if bankroll is None else parse_positive(bankroll, "--bankroll")
        if leave is not None and enter is None:
            raise InputError("--wong-out needs --wong-in (the true count to start playing at)")
        if not Path(table).is_file():
            read_table(Path(table))  # a missing table (or a folder) is refused before numpy
        from ..protection.counter import RampError, Wong, counter_figures, parse_ramp, verdict
        try:
            bets = parse_ramp(ramp)
        except RampError as e:
            raise InputError(f"--ramp: {e}") from None
        try:
            wong = None if enter is None else Wong(enter, enter if leave is None else leave)
        except RampError as e:
            raise InputError(f"--wong-out: {e}") from None
        t = read_table(Path(table))
        cases = [False] if wong is None or wong.leave == wong.enter else [False, True]
        try:
            figs = [counter_figures(t, bets, wong, between=c, rounds_per_hour=r_hour,
                                    bankroll=b_units) for c in cases]
        except RampError as e:
            raise InputError(f"--wong-in {enter}: {e}") from None
        verdicts = [verdict(f, t, bets, wong) for f in figs]
        labels = [""] if wong is None or len(cases) == 1 else \
            [f"{how} played at TC {wong.leave:+d} to {wong.enter - 1:+d}"
             for how in ("none", "all")]
        meta = {"file": str(table), "count": t.count, "decks": t.decks,
                "penetration": t.penetration, "seed": t.seed, "rounds": t.total_rounds,
                "rules": t.meta.get("rules"),
                "rules_hash": t.meta.get("rules_hash", t.meta.get("rules hash")),
                "version": t.meta.get("version"), "meta": t.meta}
        data = {"table": meta, "ramp": {"text": bets.text, "low": bets.low,
                                        "bets": list(bets.bets)},
                "wong": None if wong is None else {"enter": wong.enter, "leave": wong.leave},
                "rounds_per_hour": r_hour, "bankroll": b_units,
                "figures": [{"between_played": c, **f.record(), "verdict": v}
                            for c, f, v in zip(cases, figs, verdicts, strict=True)]}
        lines = ["21 Burn: a counter at the table (figures sampled: each +/- its standard "
                 "error)", *_table_lines(table, t),
                 f"ramp: {bets.text} (units: {_ramp_text(bets)})",
                 "wonging: none (every round played)" if wong is None else
                 f"wonging: in at true count {wong.enter:+d}, out below {wong.leave:+d}",
                 f"rounds dealt an hour: {r_hour:g}"]
        for label, f, v in zip(labels, figs, verdicts, strict=True):
            lines.append("")
            if label:
                lines.append(f"if {label} (the table holds no sequence of counts):")
            rows = figure_lines(f)
            width = max(len(n) for n, _ in rows)
            lines += [f"  {n:<{width}}  {val}" for n, val in rows]
            lines.append(f"verdict: {v}")
        emit(TOOL, data, as_json, "\n".join(lines), ctx)
