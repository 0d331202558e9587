"""simulate: the ``simulate`` and ``verify`` commands - the Monte Carlo second opinion.

>>> from typer.testing import CliRunner
>>> from twentyone_burn.cli import app
>>> r = CliRunner().invoke(app, ["simulate", "--rounds", "2000", "--seed", "1", "--decks", "inf",
...                              "--strategy", "always-stand", "--workers", "1", "--json"])
>>> r.exit_code, '"rounds": 2000' in r.stdout
(0, True)
"""

from __future__ import annotations

import json
import os
import sys
import time
from collections.abc import Callable
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
from toolkit_cli.errors import InputError, Interrupted, shorten
from toolkit_cli.options import ForceOpt, JsonOpt
from toolkit_cli.progress import progress

from ..defaults import DEFAULT_CHUNK
from .common import analyze_with_progress
from .rule_options import NO_RULES, STANDARD, RuleArgs, rule_options

__all__ = ["STRATEGIES", "check_strategy", "register", "resolve_strategy"]


STRATEGIES = ("optimal", "chart", "always-stand")
#: the most local worker processes and the largest chunk
MAX_WORKERS = 4096
MAX_CHUNK = 10 ** 9


def _workers_default() -> int:
    return os.cpu_count() or 1


def _simulation_bar() -> Any:
    """The simulator's progress bar: rounds done, rounds/s and the time left."""
    return progress("simulating", unit="rounds", rate_unit="M rounds/s", rate_scale=1e6)


def check_strategy(name: str) -> None:
    """Refuse (one line) a ``--strategy`` that is neither a name nor an existing path: checked
    before the engine and the charts are imported.

    >>> check_strategy("optimal")
    >>> check_strategy("/no/such/chart")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    toolkit_cli.errors.InputError: unknown strategy '/no/such/chart'; give optimal, chart, ...
    """
    if name in STRATEGIES:
        return
    try:
        exists = Path(name).exists()
    except OSError:  # a name too long for a path
        exists = False
    if not exists:
        raise InputError(f"unknown strategy {shorten(name)}; give {', '.join(STRATEGIES)} or "
                         f"a chart folder / .xlsx workbook / burn-rule.txt")


def resolve_strategy(name: str, rules: Any, rules_given: bool) -> tuple[Any, Any, str]:
    """(rules, tables, label) for ``--strategy``; tables None means the engine's optimal play.

    ``name``: optimal, always-stand, chart (derive the chart for the rules), a chart folder
    or .xlsx workbook, or a short burn rule file beside a chart's CSVs (played under the
    chart's own rules unless rule options were given).

    >>> resolve_strategy("psychic", None, False)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    toolkit_cli.errors.InputError: unknown strategy 'psychic'; give optimal, chart, ...
    """
    from ..tables import DecisionTables
    if name == "optimal":
        return rules, None, "optimal"
    if name == "always-stand":
        return rules, DecisionTables.always_stand(rules), "always-stand"
    from . import charts as strategy_cli
    if name == "chart":
        chart, _ = strategy_cli.derive(rules)
        return rules, chart.to_tables(), "chart"
    check_strategy(name)
    rules, tables, _ = strategy_cli.chart_strategy(name, rules if rules_given else None)
    return rules, tables, "burn rule" if name.lower().endswith(".txt") else "chart"


def _run(fn: Callable[[], Any], checkpoint: Path | None) -> Any:
    """Turn the simulator's own errors into the CLI's one-line input errors, and Ctrl-C into
    :class:`~toolkit_cli.errors.Interrupted` saying how to resume (the error boundary
    prints it once the progress bar is gone)."""
    from ..sim import SimulationError
    try:
        return fn()
    except SimulationError as e:
        raise InputError(str(e)) from None
    except KeyboardInterrupt:
        where = (f"; finished chunks are kept in {checkpoint}: run the same command again to "
                 f"resume" if checkpoint else "")
        raise Interrupted(where) from None


def _counts(rounds: str, workers: str | None, chunk_size: str) -> tuple[int, int, int]:
    """--rounds, --workers and --chunk-size parsed and bounded."""
    n = parse_count(rounds, "--rounds")
    w = parse_count(workers, "--workers", high=MAX_WORKERS)
    c = parse_count(chunk_size, "--chunk-size", high=MAX_CHUNK)
    assert n is not None and c is not None
    return n, _workers_default() if w is None else w, c


def _check_checkpoint(path: Path | None) -> None:
    """A ``--checkpoint`` path: writable, and if it exists, a checkpoint file (its first line
    a JSON header) that the run can resume."""
    if path is None:
        return
    check_output(path, "--checkpoint", folder=False)
    p = Path(path)
    if not p.exists():
        return
    shown = shorten(str(p))
    fix = "delete it or give another --checkpoint path"
    with open(p, "rb") as f:
        head = f.readline(1 << 20)
    if not head:
        return
    try:
        header = json.loads(head.decode("utf-8"))
    except (UnicodeDecodeError, ValueError):
        raise InputError(f"--checkpoint {shown} is not a checkpoint file; {fix}") from None
    if not isinstance(header, dict):
        raise InputError(f"--checkpoint {shown} is not a checkpoint file; {fix}")


def _check_paths(scheduler: str | None, checkpoint: Path | None) -> None:
    check_scheduler(scheduler)
    _check_checkpoint(checkpoint)


def _check_seed(seed: int | None) -> None:
    if seed is not None and seed < 0:
        raise InputError(f"--seed must be a whole number 0 or above, not {seed}")


def register(app: typer.Typer) -> None:
    """Add ``simulate`` and ``verify`` to the main app."""
    from .._version import __version__

    RoundsOpt = typer.Option("1000000", "--rounds", metavar="N", show_default=True,
                             help="Rounds to play (1e8, 100_000_000 and 100,000,000 work too).")
    SeedOpt = typer.Option(None, "--seed", show_default="fresh entropy, printed",
                           help="Root seed (whole number); omitted: fresh entropy, printed.")
    WorkersOpt = typer.Option(None, "--workers", metavar="N",
                              show_default="the machine's cores",
                              help=f"Local worker processes (1-{MAX_WORKERS}).")
    ChunkOpt = typer.Option(str(DEFAULT_CHUNK), "--chunk-size", metavar="N", show_default=True,
                            help="Rounds per chunk; results depend on (seed, rounds, chunk size).")
    SchedOpt = typer.Option(None, "--scheduler", metavar="HOST:PORT",
                            show_default="local processes",
                            help="Dask scheduler address (host:port or tcp://host:port): run "
                                 "the chunks on that cluster.")
    CkptOpt = typer.Option(None, "--checkpoint", show_default="none",
                           help="Append finished chunks to this file; rerun to resume.")
    StrategyOpt = typer.Option(
        "optimal", "--strategy", show_default=True,
        help="optimal (the engine's decisions), chart (derive the chart for the rules), "
             "always-stand, a chart folder / .xlsx workbook (e.g. strategy_tables), or a "
             "short burn rule beside a chart (strategy_tables/burn-rule.txt).")

    @app.command()
    @rule_options(*STANDARD)
    def simulate(rounds: str = RoundsOpt, seed: int | None = SeedOpt,
                 strategy: str = StrategyOpt,
                 workers: str | None = WorkersOpt, chunk_size: str = ChunkOpt,
                 scheduler: str | None = SchedOpt, checkpoint: Path | None = CkptOpt,
                 penetration: float | None = typer.Option(
                     None, "--penetration", metavar="X", show_default="reshuffle every round",
                     help="Deal to a cut card at this fraction of the shoe (above 0, below "
                          "1)."),
                 as_json: bool = JsonOpt, rule_args: RuleArgs = NO_RULES) -> None:
        """Monte Carlo of the game: mean return, SE, 99% interval, SD, frequencies."""
        n, w, c = _counts(rounds, workers, chunk_size)
        _check_seed(seed)
        parse_fraction(penetration, "--penetration")
        _check_paths(scheduler, checkpoint)
        from ..sim import simulate as run  # the simulator (numba) once the input is checked
        rules, tables, _ = resolve_strategy(strategy, rule_args.build(), rule_args.given)
        if tables is None:
            from ..engine.game import optimal_tables  # the engine only when it is needed
            tables = optimal_tables(rules, analyze_with_progress(rules).kept)
        with _simulation_bar() as prog:
            res = _run(lambda: run(tables, n, seed=seed, chunk_size=c,
                                   workers=w, scheduler=scheduler, checkpoint=checkpoint,
                                   penetration=penetration, progress=prog), checkpoint)
        d = res.to_json_dict()
        if as_json:
            typer.echo(json.dumps(d, indent=2))
            return
        lo, hi = res.interval99
        f = res.frequencies
        typer.echo(f"21 Burn simulation (twentyone-burn {__version__})")
        typer.echo(f"rules: {rules.canonical_json()}")
        typer.echo(f"rules hash: {rules.rules_hash}")
        typer.echo(f"strategy: {res.strategy}")
        typer.echo(f"seed entropy: {res.seed_entropy}   chunk size: {res.chunk_size:,}   "
                   f"rounds: {res.rounds:,}")
        typer.echo(f"dealing: {d['dealing']}")
        typer.echo("")
        typer.echo(f"mean return per initial wager: {100 * res.mean:+.4f}%  (SE "
                   f"{100 * res.se:.4f}%)")
        typer.echo(f"99% interval:                  [{100 * lo:+.4f}%, {100 * hi:+.4f}%]")
        typer.echo(f"SD per round:                  {res.sd:.6f}")
        typer.echo(f"average total wager:           {res.average_total_wager:.6f}  "
                   f"(SE {res.wager_se:.6f})")
        typer.echo(f"rounds won / pushed / lost:    {f['win']:.6f} / {f['push']:.6f} / "
                   f"{f['loss']:.6f}")
        typer.echo(f"kept pair split:               {d['split_rounds']:.6f}")
        typer.echo("")
        typer.echo("net result per round (units):")
        for k, v in d["net_distribution"].items():
            typer.echo(f"  {k:>4s}  {v:.7f}")
        typer.echo("")
        speed = (f"{res.rounds_per_second:,.0f} rounds/s ({res.executor}, "
                 f"{res.workers or 'cluster'} workers)" if res.rounds_run else
                 "all chunks resumed from the checkpoint")
        typer.echo(f"speed: {speed}")

    @app.command()
    @rule_options(*STANDARD)
    def verify(rounds: str = typer.Option("10000000", "--rounds", metavar="N", show_default=True,
                                          help="Rounds to simulate (1e7 and 10_000_000 work "
                                               "too)."),
               seed: int | None = SeedOpt, strategy: str = StrategyOpt,
               workers: str | None = WorkersOpt,
               chunk_size: str = ChunkOpt, scheduler: str | None = SchedOpt,
               checkpoint: Path | None = CkptOpt,
               out: Path = typer.Option(Path("."), "--out", show_default=True,
                                        help="Folder for the verification record."),
               force: bool = ForceOpt,
               as_json: bool = JsonOpt, rule_args: RuleArgs = NO_RULES) -> None:
        """Theory vs simulation (exact engine vs Monte Carlo); exit 0 on PASS, 1 on FAIL."""
        n, w, c = _counts(rounds, workers, chunk_size)
        _check_seed(seed)
        _check_paths(scheduler, checkpoint)
        check_output(out, "--out", folder=True)
        from ..verify import verify as run  # the engine and the simulator once it is checked
        t0 = time.perf_counter()
        rules, tables, label = resolve_strategy(strategy, rule_args.build(), rule_args.given)
        if seed is not None:
            # the record's name is known now when the seed is given (see record_stem)
            stem = f"verify-{rules.rules_hash[:12]}-{label}-seed{seed}-{n}"
            refuse_overwrite([Path(out) / f"{stem}.json", Path(out) / f"{stem}.md"], force)
        analysis = analyze_with_progress(rules, tables, "analysing" if tables is None
                                         else "valuing the strategy")
        engine = time.perf_counter() - t0
        with _simulation_bar() as prog:
            v = _run(lambda: run(rules, n, seed=seed, chunk_size=c,
                                 workers=w, scheduler=scheduler, checkpoint=checkpoint,
                                 progress=prog, tables=tables, analysis=analysis, label=label),
                     checkpoint)
        v.engine_seconds += engine
        from ..export.verification import write_verification
        paths = write_verification(v, out)
        if as_json:
            d = v.to_json_dict()
            d["record"] = [str(p) for p in paths]
            typer.echo(json.dumps(d, indent=2))
        else:
            s = v.sim
            typer.echo(f"21 Burn verification (twentyone-burn {__version__}): {v.verdict}")
            typer.echo(f"rules hash: {rules.rules_hash}")
            typer.echo(f"strategy: {s.strategy}")
            typer.echo(f"seed entropy: {s.seed_entropy}   chunk size: {s.chunk_size:,}   "
                       f"rounds: {s.rounds:,}")
            typer.echo(f"expected return: theory {100 * v.theory.expected_return:+.4f}%, "
                       f"simulation {100 * s.mean:+.4f}% (SE {100 * s.se:.4f}%)")
            typer.echo(f"each test passes at p >= {v.checks[0].threshold:.4g} "
                       f"(family-wise 99%, Bonferroni over {len(v.checks)} tests)")
            typer.echo("")
            typer.echo(f"  {'test':32s} {'statistic':>11s} {'dof':>4s} {'p-value':>9s}  result")
            for c in v.checks:
                typer.echo(f"  {c.name:32s} {c.statistic:11.4f} {c.dof or '':>4} "
                           f"{c.p_value:9.4g}  {'PASS' if c.passed else 'FAIL'}")
            typer.echo("")
            typer.echo(f"record: {paths[0]}  {paths[1]}")
        if not v.passed:
            sys.exit(1)
