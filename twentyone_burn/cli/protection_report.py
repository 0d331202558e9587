"""protection_report: the ``protection`` group's ``report`` command (see :mod:`.protection`) -
every protection figure of one rules object written as DIR/protection.{md,html,json,xlsx} and
the SVG figures (all files or none).

>>> from typer.testing import CliRunner
>>> from twentyone_burn.cli.app import app
>>> CliRunner().invoke(app, ["protection", "report", "--help"]).exit_code
0
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import typer

from toolkit_cli.checks import (
    check_output,
    check_scheduler,
    parse_count,
    parse_fraction,
    refuse_overwrite,
)
from toolkit_cli.errors import InputError
from toolkit_cli.options import ForceOpt
from toolkit_cli.progress import progress

from ..outputs import PROTECTION_FIGURES
from .common import provenance
from .rule_options import NO_RULES, STANDARD, RuleArgs, rule_options

__all__ = ["STEM", "register", "report_files"]

#: the report's file name before its extension
STEM = "protection"


def report_files(out: Path, simulated: bool) -> list[Path]:
    """The files the report writes into ``out`` (the figures only when simulated).

    >>> [p.name for p in report_files(Path("r"), False)]
    ['protection.md', 'protection.html', 'protection.json', 'protection.xlsx']
    """
    names = [f"{STEM}.{ext}" for ext in ("md", "html", "json", "xlsx")]
    return [out / n for n in names + (list(PROTECTION_FIGURES) if simulated else [])]


def _checked(count: str, ramp: str) -> None:
    """Bad --count or --ramp: one line saying what to give."""
    from ..protection.counter import RampError, parse_ramp
    from ..sim import SimulationError
    from ..sim.counting import parse_count as count_of
    try:
        count_of(count)
    except SimulationError as e:
        raise InputError(f"--count: {e}") from None
    try:
        parse_ramp(ramp)
    except RampError as e:
        raise InputError(f"--ramp: {e}") from None


def register(group: typer.Typer) -> None:
    """Add ``report`` to the ``protection`` group."""

    @group.command()
    @rule_options(*STANDARD)
    def report(out: Path = typer.Option(Path("protection-report"), "--out", metavar="DIR",
                                        show_default=True,
                                        help="Folder the report files are written to."),
               seed: int | None = typer.Option(None, "--seed", metavar="S",
                                               show_default="fresh entropy, printed",
                                               help="Root seed of the simulations (whole "
                                                    "number)."),
               rounds: str = typer.Option("10000000", "--rounds", metavar="N",
                                          show_default=True,
                                          help="Rounds each simulation plays (1e7 and "
                                               "10_000_000 work too)."),
               penetration: float = typer.Option(0.75, "--penetration", metavar="P",
                                                 show_default=True,
                                                 help="Share of the shoe dealt before the cut "
                                                      "card (above 0, below 1)."),
               count: str = typer.Option("hi-lo", "--count", metavar="NAME", show_default=True,
                                         help="The counter's count: a named one (hi-lo, ko, "
                                              "zen, as protection shoe takes) or tags like "
                                              "A=-1,2=1,T=-1."),
               ramp: str = typer.Option("1-8", "--ramp", metavar="RAMP", show_default=True,
                                        help="The counter's bets by true count: m-M or a map "
                                             "like <=1:1,2:2,3:4,4+:8."),
               exposure: bool = typer.Option(True, "--exposure/--no-exposure",
                                             show_default=True,
                                             help="Hole-card exposure (exact; about ten "
                                                  "minutes at six decks)."),
               simulation: bool = typer.Option(True, "--simulation/--no-simulation",
                                               show_default=True,
                                               help="Shoe play, the cut-card effect and the "
                                                    "counter (simulated)."),
               workers: str | None = typer.Option(None, "--workers", metavar="N",
                                                  show_default="the machine's cores",
                                                  help="Local simulation worker processes."),
               scheduler: str | None = typer.Option(None, "--scheduler", metavar="HOST:PORT",
                                                    show_default="local processes",
                                                    help="Dask scheduler address for the "
                                                         "simulations."),
               force: bool = ForceOpt, rule_args: RuleArgs = NO_RULES) -> None:
        """The protection report: EoRs, counts, shoe play, cut card, counter, exposure."""
        n = parse_count(rounds, "--rounds")
        w = parse_count(workers, "--workers", high=4096)
        assert n is not None
        if seed is not None and seed < 0:
            raise InputError(f"--seed must be a whole number 0 or above, not {seed}")
        parse_fraction(penetration, "--penetration")
        check_scheduler(scheduler)
        rules = rule_args.build()
        if rules.decks is None:
            raise InputError("the protection report needs a finite shoe, not an infinite "
                             "deck; give --decks 1 to 8")
        check_output(out, "--out", folder=True)
        files = report_files(out, simulation)
        refuse_overwrite(files, force)  # before the count's check imports the simulator
        _checked(count, ramp)
        import os

        from ..export import protection_pages as pages
        from ..io import write_files
        from ..protection.results import protection_results
        from ..sim import SimulationError
        from .charts import derive
        t0 = time.perf_counter()
        chart, _ = derive(rules)
        try:
            with progress("protection report") as bar:
                step: Any = None if bar is None else (lambda what, done, total:
                                                      bar(done, total, what))
                res = protection_results(rules, chart.to_tables(), count=count, ramp=ramp,
                                         penetration=penetration, rounds=n, seed=seed,
                                         exposure=exposure, simulation=simulation,
                                         workers=w or os.cpu_count() or 1,
                                         scheduler=scheduler, progress=step)
        except SimulationError as e:
            raise InputError(str(e)) from None
        t1 = time.perf_counter()
        svgs = pages.figures(res)
        data: dict[str | Path, bytes | str] = {
            files[0]: pages.markdown(res), files[1]: pages.html_page(res, svgs),
            files[2]: pages.json_text(res), files[3]: pages.workbook(res)}
        data.update({out / name: svg for name, svg in svgs.items()})
        paths = write_files(data)       # all or none
        for line in provenance(rules):
            typer.echo(line)
        if res.seed is not None:
            typer.echo(f"seed entropy: {res.seed}   rounds per simulation: {n:,}")
        typer.echo(f"parts: {', '.join(res.parts)}")
        if res.verdict is not None:
            typer.echo(f"verdict: {res.verdict}")
        typer.echo("files:")
        for p in paths:
            typer.echo(f"  {p}")
        typer.echo(f"time: {time.perf_counter() - t0:.1f} s (computing {t1 - t0:.1f} s)")
