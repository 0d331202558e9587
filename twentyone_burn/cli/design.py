"""design: the ``design`` command - search rule sets for a target house edge, ranked.

Values every combination of the chosen knobs (at most ``--max-changes`` of them changed from
the base rules) exactly, keeps those within ``--tolerance`` of ``--target-edge``, derives the
chart of the best ``--charts`` and writes the ranked table (CSV, JSON, xlsx) and the rules
file of each rule set in it into ``--out``. Input is checked before the engine is imported.

>>> parse_share_of("0.5%", "--tolerance"), parse_share_of("0.01", "--tolerance")
(0.005, 0.01)
"""

from __future__ import annotations

import json
import math
import time
from pathlib import Path
from typing import Any

import typer

from toolkit_cli.checks import check_output, check_scheduler, parse_count, refuse_overwrite
from toolkit_cli.errors import InputError, Interrupted, shorten
from toolkit_cli.options import ForceOpt, JsonOpt
from toolkit_cli.progress import progress

from .report import parse_edge
from .rule_options import NO_RULES, STANDARD, RuleArgs, rule_options

__all__ = ["DEFAULT_OUT", "parse_share_of", "register"]

#: the output folder when --out is not given
DEFAULT_OUT = Path("design")
#: the most knobs a search may change at once
MAX_CHANGES = 20


def parse_share_of(text: str, option: str) -> float:
    """A positive share written as a fraction (0.005) or a percentage (0.5%), below 1.

    >>> parse_share_of("0", "--tolerance")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    toolkit_cli.errors.InputError: --tolerance must be above 0 and below 1 ... not '0'
    """
    t = text.strip()
    percent = t.endswith("%")
    body = t.rstrip("%").strip()
    try:
        x = float(body) if len(body) <= 40 else math.nan
    except ValueError:
        raise InputError(f"{option} must be a number like 0.005 or 0.5%, not {shorten(text)}") \
            from None
    x = x / 100 if percent else x
    if not (math.isfinite(x) and 0 < x < 1):
        raise InputError(f"{option} must be above 0 and below 1 (e.g. 0.5%), not {shorten(text)}")
    return x


def _pct(x: float | None, digits: int = 4) -> str:
    return "-" if x is None else f"{100 * x:+.{digits}f}%"


def register(app: typer.Typer) -> None:
    """Add ``design`` to the main app."""
    from .._version import __version__
    from .simulate import MAX_WORKERS

    @app.command()
    @rule_options(*STANDARD)
    def design(target_edge: str = typer.Option(..., "--target-edge", metavar="X",
                                               help="House edge wanted, e.g. 0.02 or 2%."),
               tolerance: str = typer.Option("0.5%", "--tolerance", metavar="X",
                                             show_default=True,
                                             help="Keep the rule sets whose exact house edge is "
                                                  "this close to the target (0.005 or 0.5%)."),
               knobs: str | None = typer.Option(
                   None, "--knobs", metavar="LIST",
                   show_default="dealer_burn, dealer_bust_push, ties_lose_from, hit_soft_17, "
                                "double_on, max_hands, double_after_split, win_pays",
                   help="Knobs to change, comma-separated; each with its default values or "
                        "its own as name=v1|v2 (e.g. win_pays=4:5|9:10). Also: commission, "
                        "decks, resplit_aces, split_aces_one_card, mandatory_split "
                        "(docs/design.md lists every value)."),
               max_changes: str = typer.Option("2", "--max-changes", metavar="N",
                                               show_default=True,
                                               help="Most knobs changed at once (1 up)."),
               charts: str = typer.Option("10", "--charts", metavar="N", show_default=True,
                                          help="Derive and value the printable chart of the "
                                               "best N rule sets (0: none)."),
               out: Path = typer.Option(DEFAULT_OUT, "--out", show_default=True,
                                        help="Folder for design.csv, design.json, design.xlsx "
                                             "and rules/*.toml."),
               workers: str | None = typer.Option(None, "--workers", metavar="N",
                                                  show_default="the machine's cores",
                                                  help=f"Local worker processes (1-"
                                                       f"{MAX_WORKERS})."),
               scheduler: str | None = typer.Option(
                   None, "--scheduler", metavar="HOST:PORT", show_default="local processes",
                   help="Dask scheduler address (host:port or tcp://host:port): value the "
                        "rule sets on that cluster (the dist extra)."),
               force: bool = ForceOpt, as_json: bool = JsonOpt,
               rule_args: RuleArgs = NO_RULES) -> None:
        """Search rule sets for a target house edge: exact, ranked, with charts."""
        target = parse_edge(target_edge)
        tol = parse_share_of(tolerance, "--tolerance")
        n_changes = parse_count(max_changes, "--max-changes", high=MAX_CHANGES)
        n_charts = parse_count(charts, "--charts", low=0, high=10_000)
        n_workers = parse_count(workers, "--workers", high=MAX_WORKERS)
        assert n_changes is not None and n_charts is not None
        check_scheduler(scheduler)
        rules = rule_args.build()
        from ..design.space import DesignError, parse_knobs, rule_sets  # light: no engine
        try:
            space = parse_knobs(knobs)
            n_sets = len(rule_sets(rules, space, n_changes))
        except DesignError as e:
            raise InputError(str(e)) from None
        check_output(out, "--out", folder=True)
        from ..export.design_table import FILES
        old_rules = sorted((out / "rules").glob("*.toml")) if (out / "rules").is_dir() else []
        refuse_overwrite([*(out / f for f in FILES), *old_rules], force)
        # the engine, the charts and the writers once the input is checked
        from ..design.search import design as run
        from ..export.design_table import output_names, write_design
        try:
            with progress("design search", unit="valuations") as bar:
                res = run(rules, target, tolerance=tol, knobs=space, max_changes=n_changes,
                          charts=n_charts, workers=n_workers, scheduler=scheduler,
                          progress=bar)
        except DesignError as e:
            raise InputError(str(e)) from None
        except KeyboardInterrupt:
            raise Interrupted("; the rule sets valued so far are kept in the result cache: "
                              "run the same command again to resume") from None
        refuse_overwrite([out / n for n in output_names(res)], force)
        t0 = time.perf_counter()
        paths = write_design(res, out)
        write_seconds = time.perf_counter() - t0
        if as_json:
            d: dict[str, Any] = {"rules": res.base.to_dict(),     # the base rules searched
                                 "rules_hash": res.base.rules_hash,
                                 "version": res.version, "search": res.search_record(),
                                 "rows": [row.record() for row in res.rows],
                                 "files": [str(p) for p in paths],
                                 "write_seconds": write_seconds}
            typer.echo(json.dumps(d, indent=2))
            return
        typer.echo(f"21 Burn design search (twentyone-burn {__version__})")
        typer.echo(f"base rules hash: {rules.rules_hash}")
        typer.echo(f"target house edge {_pct(target)} +/- {100 * tol:g}%; knobs: "
                   f"{', '.join(space)}; at most {n_changes} changes")
        typer.echo(f"{n_sets} rule sets searched ({res.computed} valuations computed, "
                   f"{res.cached} from the cache, on {res.where}; "
                   f"{len(res.proved_outside)} proved outside the tolerance by one that pays "
                   f"no more or no less); {len(res.rows)} within tolerance")
        if res.rows:
            typer.echo(f"{'rank':>4}  {'house edge':>10}  {'chart edge':>10}  rule changes")
            for row in res.rows[:max(n_charts, 10)]:
                typer.echo(f"{row.rank:>4}  {_pct(row.house_edge, 3):>10}  "
                           f"{_pct(row.chart_house_edge, 3):>10}  {row.rule_changes}")
            if len(res.rows) > max(n_charts, 10):
                typer.echo(f"      ... {len(res.rows) - max(n_charts, 10)} more in "
                           f"{out / 'design.csv'}")
        else:
            typer.echo("no rule set is within tolerance: widen --tolerance, add --knobs or "
                       "raise --max-changes")
        typer.echo(f"files: {out / 'design.csv'}, design.json, design.xlsx and "
                   f"{len(res.rows)} rules files in {out / 'rules'}")
        steps = ", ".join(f"{k} {v:.1f} s" for k, v in res.timings.items())
        typer.echo(f"time: {res.seconds:.1f} s ({steps}); writing {write_seconds:.1f} s")
