"""report: the ``report`` and ``tune`` commands - the par sheet and payout tuning.

``report`` writes the house-edge report of a game in four formats (Markdown, HTML, JSON, xlsx);
``tune`` finds the payout (``win_pays`` or ``commission``) that gives the house a target edge
and writes the tuned rules file.

>>> parse_edge("2%"), parse_edge("0.015"), parse_edge("-1.5 %")
(0.02, 0.015, -0.015)
"""

from __future__ import annotations

import json
import math
import time
from fractions import Fraction
from pathlib import Path
from typing import Any

import typer

from toolkit_cli.checks import check_output, parse_count, refuse_overwrite
from toolkit_cli.errors import InputError, shorten
from toolkit_cli.options import ForceOpt, JsonOpt
from toolkit_cli.progress import progress

from ..defaults import DEFAULT_SEED, DEFAULT_SIM_ROUNDS, KNOBS
from ..outputs import report_stem
from ..rules import format_odds
from .rule_options import NO_RULES, STANDARD, RuleArgs, rule_options

__all__ = ["TUNED_NAME", "parse_edge", "register", "tuned_path"]



def parse_edge(text: str) -> float:
    """A house edge written as a fraction ("0.02") or a percentage ("2%").

    >>> parse_edge("two")
    Traceback (most recent call last):
    ...
    toolkit_cli.errors.InputError: --target-edge must be a number like 0.02 or 2%, not 'two'
    """
    t = text.strip()
    percent = t.endswith("%")
    body = t.rstrip("%").strip()
    try:
        x = float(body) if len(body) <= 40 else None
    except ValueError:
        x = None
    if x is None:
        raise InputError(f"--target-edge must be a number like 0.02 or 2%, not {shorten(text)}")
    if not math.isfinite(x):
        raise InputError(f"--target-edge must be a finite number, not {shorten(text)}")
    edge = x / 100.0 if percent else x
    if not -1 < edge < 1:
        raise InputError(f"--target-edge must be above -1 and below 1 (-100% to 100%), not "
                         f"{shorten(text)}")
    return edge


#: the tuned rules file's name in the --out folder
TUNED_NAME = "tuned-rules.toml"


def _printed(knob: str, value: Fraction) -> str:
    """A printable value as a casino prints it: odds 3:5, or a commission 4.5%."""
    return format_odds(value) if knob == "win_pays" else f"{float(100 * value):g}%"


def tuned_path(out: Path) -> Path:
    """The tuned rules file for ``--out``: a folder gets tuned-rules.toml; a path ending .toml
    (deprecated, kept for one release) is the file itself.

    >>> str(tuned_path(Path("."))), str(tuned_path(Path("x/my.toml")))
    ('tuned-rules.toml', 'x/my.toml')
    """
    return out if out.suffix.lower() == ".toml" else out / TUNED_NAME


def _steps(timings: dict[str, float]) -> str:
    """The report's timings in a line: the rule variations and the charts as two sums.

    >>> _steps({"exact analysis": 4.0, "rule variation: 1 deck": 1.5,
    ...         "rule variation: 2 decks": 2.0, "chart for 1 deck": 30.0})
    'exact analysis 4.0 s, 2 rule variations 3.5 s, 1 variation chart 30.0 s'
    """
    out: dict[str, list[float]] = {}
    for k, v in timings.items():
        group = ("rule variation" if k.startswith("rule variation:") else
                 "variation chart" if k.startswith("chart for ") else k)
        out.setdefault(group, []).append(v)
    parts = []
    for group, vs in out.items():
        if group in ("rule variation", "variation chart"):
            n = len(vs)
            parts.append(f"{n} {group}{'s' if n != 1 else ''} {sum(vs):.1f} s")
        else:
            parts.append(f"{group} {sum(vs):.1f} s")
    return ", ".join(parts)


def _write_text(path: Path, text: str) -> Path:
    from ..io import write_files
    return write_files({path: text.encode()})[0]


def register(app: typer.Typer) -> None:
    """Add ``report`` and ``tune`` to the main app."""
    from .._version import __version__

    @app.command()
    @rule_options(*STANDARD)
    def report(out: Path = typer.Option(Path("reports"), "--out", show_default=True,
                                        help="Folder the report files are written to."),
               verify_rounds: str | None = typer.Option(
                   None, "--verify-rounds", metavar="N", show_default="no verification",
                   help="Add the verification (theory vs simulation) with this many rounds "
                        "(1e8 and 100_000_000 work too); its simulation then gives the "
                        "per-round figures."),
               seed: int = typer.Option(DEFAULT_SEED, "--seed", show_default=True,
                                        help="Root seed of the simulation (whole number)."),
               sim_rounds: str = typer.Option(
                   str(DEFAULT_SIM_ROUNDS), "--sim-rounds", metavar="N", show_default=True,
                   help="Rounds simulated for the SD, win/push/loss and net-result "
                        "distribution when there is no verification (0 = none)."),
               variations: bool = typer.Option(
                   True, "--variations/--no-variations", metavar="", show_default=True,
                   help="Value every rule variation (one exact analysis each)."),
               workers: str | None = typer.Option(
                   None, "--workers", metavar="N", show_default="the machine's cores",
                   help="Simulation worker processes."),
               strategy: str = typer.Option(
                   "chart", "--strategy", metavar="optimal|chart|PATH", show_default=True,
                   help="The strategy every figure holds for: chart (the printed chart "
                        "derived for the rules: the par sheet a lab certifies), optimal "
                        "(optimal composition-dependent play), or a strategy's files (a chart "
                        "folder / .xlsx workbook, or burn-rule.txt beside a chart). Any but "
                        "optimal also gives optimal play as the reference."),
               force: bool = ForceOpt,
               rule_args: RuleArgs = NO_RULES) -> None:
        """The house-edge report (par sheet): Markdown, HTML, JSON and xlsx in --out."""
        from .simulate import MAX_WORKERS, check_strategy
        n_verify = parse_count(verify_rounds, "--verify-rounds")
        n_sim = parse_count(sim_rounds, "--sim-rounds", low=0)
        assert n_sim is not None
        if seed < 0:
            raise InputError(f"--seed must be a whole number 0 or above, not {seed}")
        n_workers = parse_count(workers, "--workers", high=MAX_WORKERS)
        rules = rule_args.build()
        check_output(out, "--out", folder=True)
        check_strategy(strategy)
        exts = ("md", "html", "json", "xlsx")
        if strategy in ("optimal", "chart"):  # named by the rules: refused before any import
            refuse_overwrite([out / f"{report_stem(rules, strategy)}.{ext}" for ext in exts],
                             force)
        # the engine, the simulator and the writers once the options are checked
        from ..export import write_report
        from ..report import ReportStrategy, build_report
        from ..sim import SimulationError
        from ..sim.strategy import tables_hash
        from .simulate import resolve_strategy
        if strategy in ("optimal", "chart"):
            plan = ReportStrategy.parse(strategy)
        else:
            rules, tables, _ = resolve_strategy(strategy, rules, rule_args.given)
            plan = ReportStrategy.given(tables, strategy)
        stem = report_stem(rules, plan.kind,
                           None if plan.tables is None else tables_hash(plan.tables))
        refuse_overwrite([out / f"{stem}.{ext}" for ext in exts], force)
        t0 = time.perf_counter()
        try:
            with progress("report") as bar:
                step = None if bar is None else (lambda what, done, total:
                                                 bar(done, total, what))
                from ..report.warmup import start
                # a first run: the split and simulator kernels compile in a second process
                start(simulates=bool(n_verify or n_sim))
                rep = build_report(rules, strategy=plan,
                                   variations=None if variations else [],
                                   sim_rounds=n_sim, verify_rounds=n_verify,
                                   seed=seed, workers=n_workers, progress=step)
        except SimulationError as e:
            raise InputError(str(e)) from None
        t1 = time.perf_counter()
        paths = write_report(rep, out)
        t2 = time.perf_counter()
        s = rep.summary
        typer.echo(f"21 Burn house-edge report (twentyone-burn {__version__})")
        typer.echo(f"rules hash: {rules.rules_hash}")
        typer.echo(f"strategy: {rep.strategy}")
        typer.echo(f"expected return per initial wager: {s['expected_return']:+.10f} "
                   f"({100 * s['expected_return']:+.4f}%)")
        typer.echo(f"house edge:                        {s['house_edge']:+.10f} "
                   f"({100 * s['house_edge']:+.4f}%)")
        typer.echo(f"element of risk:                   {s['element_of_risk']:+.10f} "
                   f"({100 * s['element_of_risk']:+.4f}%)")
        ref = rep.reference
        if ref is not None:
            typer.echo(f"optimal play (reference):          {ref['expected_return']:+.10f} "
                       f"({100 * ref['expected_return']:+.4f}%)")
            typer.echo(f"cost of the strategy:              {ref['cost']:+.10f} "
                       f"({100 * ref['cost']:.4f}% of a wager)")
        if rep.simulation is not None:
            sim = rep.simulation
            typer.echo(f"SD per round:                      {sim.sd:.6f} (SE {sim.sd_se:.6f}; "
                       f"{sim.label})")
        if rep.verification is not None:
            typer.echo(f"verification: {rep.verification['verdict']}")
        typer.echo("files:")
        for p in paths:
            typer.echo(f"  {p}")
        typer.echo(f"time: {t2 - t0:.1f} s (computing {t1 - t0:.1f} s: "
                   f"{_steps(rep.timings)}; writing {t2 - t1:.1f} s)")

    @app.command()
    @rule_options(*STANDARD)
    def tune(knob: str = typer.Option(..., "--knob", metavar="|".join(KNOBS),
                                      help=f"The payout knob to tune: {', '.join(KNOBS)}."),
             target_edge: str = typer.Option(..., "--target-edge", metavar="X",
                                             help="House edge wanted, e.g. 0.02 or 2% (above "
                                                  "-100%, below 100%)."),
             out: Path = typer.Option(Path("."), "--out", show_default=True,
                                      help=f"Folder for the tuned rules file ({TUNED_NAME}). "
                                           "Deprecated (kept for one release): a path ending "
                                           ".toml names the file itself."),
             strategy: str = typer.Option(
                 "optimal", "--strategy", metavar="optimal|chart|PATH", show_default=True,
                 help="The strategy whose house edge is tuned: optimal play, chart (the chart "
                      "derived for the base rules, printed once and played unchanged at every "
                      "payout), or a strategy's files (chart folder / .xlsx, burn-rule.txt)."),
             force: bool = ForceOpt,
             as_json: bool = JsonOpt, rule_args: RuleArgs = NO_RULES) -> None:
        """Find the knob value that gives the house a target edge under a strategy (optimal
        play by default)."""
        target = parse_edge(target_edge)
        if knob not in KNOBS:
            raise InputError(f"unknown knob {shorten(knob)}; choose one of: {', '.join(KNOBS)}")
        target_file = tuned_path(out)
        if target_file.is_dir():
            raise InputError(f"--out {shorten(str(out))} is a folder; give the rules file to "
                             "write")
        rules = rule_args.build()
        check_output(target_file.parent, "--out", folder=True)
        refuse_overwrite([target_file], force)
        import dataclasses

        from ..engine.game import analyze  # the engine once the options are checked
        from ..tune import TuneError
        from ..tune import tune as run
        from .simulate import resolve_strategy
        t0 = time.perf_counter()
        # a payout knob changes no decision a strategy's tables can hold, so the tables of
        # the base rules serve every payout tried (only their rules, the payoff, change)
        rules, tables, _ = resolve_strategy(strategy, rules, rule_args.given)
        played = "optimal play" if tables is None else (
            "the chart derived for the base rules" if strategy == "chart" else
            f"the strategy of {strategy}")
        with progress("tuning", unit="up cards") as bar:
            state = {"n": 0}

            def evaluate(r: Any) -> Any:
                state["n"] += 1
                label = f"analysis {state['n']}: {knob} = {float(getattr(r, knob)):.12g}"
                return analyze(r, progress=None if bar is None else
                               (lambda k: bar(k, 10, label)),
                               tables=None if tables is None else
                               dataclasses.replace(tables, rules=r))

            try:
                res = run(rules, knob, target, evaluate=evaluate)
            except TuneError as e:
                raise InputError(str(e)) from None
        seconds = time.perf_counter() - t0
        header = (f"# tuned by twentyone-burn {__version__}: {knob} = {res.value!r} gives a "
                  f"house edge of {res.house_edge!r}\n# (target {target!r}) under {played}; "
                  f"base rules hash {rules.rules_hash}\n")
        path = _write_text(target_file, header + res.rules.to_toml())
        d = {"knob": knob, "value": res.value, "target_edge": target, "strategy": played,
             "house_edge": res.house_edge, "expected_return": res.expected_return,
             "element_of_risk": res.element_of_risk, "error": res.house_edge - target,
             "analyses": len(res.evaluations),
             "evaluations": [{"value": x, "house_edge": e} for x, e in res.evaluations],
             "printable": [{"value": _printed(knob, pv.value), "exact": str(pv.value),
                            "house_edge": pv.house_edge, "expected_return": pv.expected_return,
                            "rules_hash": pv.rules.rules_hash} for pv in res.printable],
             "rules": res.rules.to_dict(), "rules_hash": res.rules.rules_hash,
             "base_rules_hash": rules.rules_hash, "version": __version__,
             "rules_file": str(path), "seconds": seconds}
        if as_json:
            typer.echo(json.dumps(d, indent=2))
            return
        typer.echo(f"21 Burn tuning (twentyone-burn {__version__})")
        typer.echo(f"base rules hash: {rules.rules_hash}")
        typer.echo(f"target house edge: {target:+.10f} ({100 * target:+.6f}%)")
        typer.echo(f"{knob} = {res.value!r}")
        typer.echo(f"strategy: {played}")
        typer.echo(f"house edge under {played}: {res.house_edge:+.12f} "
                   f"(off the target by {res.house_edge - target:+.1e})")
        typer.echo(f"expected return: {res.expected_return:+.12f}   element of risk: "
                   f"{res.element_of_risk:+.10f}")
        if res.printable:
            what = "odds p:q with q at most 20" if knob == "win_pays" else \
                "whole steps of 0.5 %"
            typer.echo(f"printable {knob} nearest it ({what}), each valued exactly:")
            for pv in res.printable:
                typer.echo(f"  {_printed(knob, pv.value):>8}  house edge "
                           f"{100 * pv.house_edge:+.4f}%  (rules hash {pv.rules.rules_hash[:16]})")
        typer.echo(f"tuned rules: {path} (rules hash {res.rules.rules_hash})")
        typer.echo(f"{len(res.evaluations)} exact analyses, {seconds:.1f} s")
