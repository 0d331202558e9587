"""protection_shoe: the ``protection`` group's shoe commands (see :mod:`.protection`) -
``shoe`` (a shoe dealt to a cut card with a count: the player's return by true count) and
``cut-card`` (the house edge dealt to a cut card against a fresh shoe every round).

>>> from typer.testing import CliRunner
>>> from twentyone_burn.cli.app import app
>>> CliRunner().invoke(app, ["protection", "shoe", "--help"]).exit_code
0
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import typer

from toolkit_cli.checks import check_output, check_scheduler, parse_count, parse_fraction
from toolkit_cli.errors import InputError
from toolkit_cli.options import JsonOpt
from toolkit_cli.progress import progress

from .common import provenance, write_atomic
from .rule_options import NO_RULES, STANDARD, RuleArgs, rule_options

__all__ = ["register"]


def _count_and_rule(count: str, tc_decks: str, tc_round: str) -> tuple[Any, Any]:
    """The parsed count and true-count conversion, or one line saying what to give."""
    from ..sim import SimulationError
    from ..sim.counting import TrueCountRule
    from ..sim.counting import parse_count as count_of
    try:
        return count_of(count), TrueCountRule(tc_decks, tc_round)
    except SimulationError as e:
        raise InputError(str(e)) from None


def _finite(rules: Any) -> None:
    if rules.decks is None:
        raise InputError("shoe play needs a finite shoe, not an infinite deck; give --decks 1 "
                         "to 8")


def _tables(strategy: str, rule_args: RuleArgs) -> tuple[Any, Any, str]:
    from .simulate import resolve_strategy
    rules, tables, label = resolve_strategy(strategy, rule_args.build(), rule_args.given)
    _finite(rules)
    if tables is None:
        raise InputError("shoe play plays a fixed strategy: give --strategy chart, "
                         "always-stand or a chart folder / workbook")
    return rules, tables, label


def _bar(label: str) -> Any:
    return progress(label, unit="rounds", rate_unit="M rounds/s", rate_scale=1e6)


def _run(fn: Any) -> Any:
    from ..sim import SimulationError
    try:
        return fn()
    except SimulationError as e:
        raise InputError(str(e)) from None


def register(group: typer.Typer) -> None:
    """Add this module's commands to the ``protection`` group."""
    RoundsOpt = typer.Option("10000000", "--rounds", metavar="N", show_default=True,
                             help="Rounds to play (1e8 and 100_000_000 work too).")
    SeedOpt = typer.Option(None, "--seed", show_default="fresh entropy, printed",
                           help="Root seed (whole number); omitted: fresh entropy, printed.")
    WorkersOpt = typer.Option(None, "--workers", metavar="N",
                              show_default="the machine's cores", help="Local worker processes.")
    SchedOpt = typer.Option(None, "--scheduler", metavar="HOST:PORT",
                            show_default="local processes",
                            help="Dask scheduler address: run the chunks on that cluster.")
    StrategyOpt = typer.Option(
        "chart", "--strategy", show_default=True,
        help="chart (derive the chart for the rules), always-stand, or a chart folder / "
             ".xlsx workbook: the fixed strategy played at every count.")
    PenOpt = typer.Option(0.75, "--penetration", metavar="X", show_default=True,
                          help="Share of the shoe dealt before the cut card (above 0, below 1).")
    OutOpt = typer.Option(None, "--out", metavar="FILE.json", show_default="none",
                          help="Also write the table (TrueCountTable JSON, with provenance).")

    @group.command()
    @rule_options(*STANDARD)
    def shoe(count: str = typer.Option(
                 "hi-lo", "--count", show_default=True,
                 help="hi-lo, ko, hi-opt-i, hi-opt-ii, omega-ii, zen, wong-halves, or tags "
                      "like A=-1,2=1,3=1,4=1,5=1,6=1,T=-1 (unnamed ranks 0)."),
             penetration: float = PenOpt, rounds: str = RoundsOpt,
             seed: int | None = SeedOpt, workers: str | None = WorkersOpt,
             scheduler: str | None = SchedOpt, strategy: str = StrategyOpt,
             tc_decks: str = typer.Option(
                 "exact", "--tc-decks", show_default=True,
                 help="Decks left for the true count: exact (cards / 52), half or whole "
                      "(the nearest half / whole deck)."),
             tc_round: str = typer.Option(
                 "floor", "--tc-round", show_default=True,
                 help="True count rounding: floor, trunc (toward zero) or nearest."),
             exact_per_tc: str = typer.Option(
                 "0", "--exact-per-tc", metavar="K", show_default=True,
                 help="Also value exactly up to K sampled shoes at each true count (about 2 s "
                      "a shoe; 0: none)."),
             out: Path | None = OutOpt, as_json: bool = JsonOpt,
             rule_args: RuleArgs = NO_RULES) -> None:
        """Shoe play with a count: frequency of each true count and ER by true count."""
        n = parse_count(rounds, "--rounds")
        w = parse_count(workers, "--workers", high=4096)
        k = parse_count(exact_per_tc, "--exact-per-tc", low=0, high=1000)
        assert n is not None and k is not None
        if seed is not None and seed < 0:
            raise InputError(f"--seed must be a whole number 0 or above, not {seed}")
        parse_fraction(penetration, "--penetration")
        check_scheduler(scheduler)
        if out is not None:
            check_output(out, "--out", folder=False)
        rule_args.build()  # a bad rule option now, before the count's check loads the simulator
        c, rule = _count_and_rule(count, tc_decks, tc_round)
        rules, tables, label = _tables(strategy, rule_args)
        import os

        from ..protection.shoe_play import exact_by_true_count, sample_states, shoe_play
        with _bar("shoe play") as prog:
            table = _run(lambda: shoe_play(tables, c, penetration, n, seed=seed, tc_rule=rule,
                                           workers=w or os.cpu_count() or 1,
                                           scheduler=scheduler, progress=prog))
        exact = None
        if k:
            every = max(1, n // (200 * k))
            states = _run(lambda: sample_states(tables, c, penetration, min(n, 200 * k * every),
                                                table.seed + 1, every, rule))
            with progress("valuing shoes", unit="shoes") as bar:
                exact = exact_by_true_count(rules, tables, states, progress=bar,
                                            per_true_count=k)
        meta = dict(table.meta)
        meta["strategy"] = label
        meta["penetration"] = penetration
        if exact is not None:
            meta["exact_by_true_count"] = exact.to_dict()
            meta["exact_states_seed"] = table.seed + 1
        from dataclasses import replace
        table = replace(table, meta=meta)
        if out is not None:
            write_atomic(out, table.to_json() + "\n")
        rows = [{"true_count": t, "rounds": int(table.rounds[i]),
                 "frequency": float(table.frequency[i]), "mean": float(table.mean[i]),
                 "standard_error": float(table.standard_error[i]),
                 "variance": float(table.variance[i])} for i, t in enumerate(table.true_counts)]
        if as_json:
            d = {"rules": rules.to_dict(), "rules_hash": rules.rules_hash,
                 "version": meta["version"], "seed": str(table.seed), "rounds": table.total_rounds,
                 "count": meta["count_tags"], "conversion": meta["true_count"],
                 "penetration": penetration, "strategy": label, "by_true_count": rows,
                 "overall_mean": meta["overall_mean"],
                 "overall_standard_error": meta["overall_standard_error"]}
            if exact is not None:
                d["exact_by_true_count"] = exact.to_dict()
                d["exact_states_seed"] = str(table.seed + 1)
            if out is not None:
                d["out"] = str(out)
            typer.echo(json.dumps(d, indent=2))
            return
        for line in provenance(rules):
            typer.echo(line)
        conv = meta["true_count"]
        typer.echo(f"count: {c.name} ({'balanced' if c.balanced else 'unbalanced'})   true "
                   f"count: running / decks left ({conv['decks_remaining']}), "
                   f"{conv['rounding']}, clamped to {conv['clamp'][0]}..+{conv['clamp'][1]}")
        typer.echo(f"strategy: {label}   penetration: {penetration}   seed entropy: "
                   f"{table.seed}   rounds: {table.total_rounds:,}")
        typer.echo(f"overall ER: {100 * meta['overall_mean']:+.4f}% (SE "
                   f"{100 * meta['overall_standard_error']:.4f}%)")
        typer.echo("")
        ex = {} if exact is None else {t: (exact.states[i], exact.mean[i],
                                           exact.standard_error[i])
                                       for i, t in enumerate(exact.true_counts)}
        head = f"{'TC':>4} {'rounds':>12} {'freq':>8} {'ER %':>9} {'SE %':>7}"
        typer.echo(head + ("   exact ER % (shoes, SE %)" if exact is not None else ""))
        for r in rows:
            line = (f"{r['true_count']:>+4d} {r['rounds']:>12,} {r['frequency']:>8.5f} "
                    f"{100 * r['mean']:>+9.4f} {100 * r['standard_error']:>7.4f}")
            if r["true_count"] in ex:
                s, m, se = ex[r["true_count"]]
                line += f"   {100 * m:+.4f} ({s}, {100 * se:.4f})"
            typer.echo(line)
        if out is not None:
            typer.echo(f"\ntable: {out}")



    @group.command("cut-card")
    @rule_options(*STANDARD)
    def cut_card(penetrations: str = typer.Option(
                     "0.5,0.55,0.6,0.65,0.7,0.75,0.8,0.85", "--penetrations", metavar="LIST",
                     show_default=True, help="Penetrations to deal to, comma-separated."),
                 rounds: str = RoundsOpt, seed: int | None = SeedOpt,
                 workers: str | None = WorkersOpt, scheduler: str | None = SchedOpt,
                 strategy: str = StrategyOpt,
                 crn: bool = typer.Option(False, "--crn/--no-crn", show_default=True,
                                          help="Also simulate a fresh shoe on the same seed "
                                               "(checks the simulator against the engine)."),
                 out: Path | None = typer.Option(None, "--out", metavar="FILE.json",
                                                 show_default="none",
                                                 help="Also write the result as JSON."),
                 as_json: bool = JsonOpt, rule_args: RuleArgs = NO_RULES) -> None:
        """Cut-card effect: house edge dealt to a cut card vs a fresh shoe every round."""
        n = parse_count(rounds, "--rounds")
        w = parse_count(workers, "--workers", high=4096)
        assert n is not None
        if seed is not None and seed < 0:
            raise InputError(f"--seed must be a whole number 0 or above, not {seed}")
        pens = []
        for part in penetrations.split(","):
            try:
                pens.append(float(part))
            except ValueError:
                raise InputError(f"--penetrations: {part.strip()!r} is not a number; give "
                                 f"fractions like 0.5,0.75") from None
            parse_fraction(pens[-1], "--penetrations")
        check_scheduler(scheduler)
        if out is not None:
            check_output(out, "--out", folder=False)
        rules, tables, label = _tables(strategy, rule_args)
        import os

        from ..engine.game import analyze
        from ..protection.cut_card import cut_card_effect
        fresh = float(analyze(rules, tables=tables).expected_return)
        with _bar("cut card") as prog:
            res = _run(lambda: cut_card_effect(tables, pens, n, seed=seed,
                                               workers=w or os.cpu_count() or 1,
                                               scheduler=scheduler, crn=crn, fresh=fresh,
                                               progress=prog))
        d = res.to_dict()
        d["strategy"] = label
        if out is not None:
            write_atomic(out, json.dumps(d, indent=1) + "\n")
        if as_json:
            typer.echo(json.dumps(d, indent=2))
            return
        for line in provenance(rules):
            typer.echo(line)
        typer.echo(f"strategy: {label}   seed entropy: {res.seed}   rounds per penetration: "
                   f"{n:,}")
        typer.echo(f"fresh shoe every round (exact): ER {100 * res.fresh:+.4f}%, house edge "
                   f"{-100 * res.fresh:+.4f}%")
        typer.echo("effect = ER to the cut card - exact fresh-shoe ER (SE: the simulation's)")
        typer.echo("")
        typer.echo(f"{'pen':>5} {'rounds/shoe':>11} {'ER %':>9} {'SE %':>7} {'effect %':>9}"
                   f" {'z':>6}")
        for r in res.rows:
            z = r.effect / r.standard_error if r.standard_error > 0 else float("nan")
            typer.echo(f"{r.penetration:>5.2f} {r.rounds_per_shoe:>11.2f} {100 * r.mean:>+9.4f} "
                       f"{100 * r.standard_error:>7.4f} {100 * r.effect:>+9.4f} {z:>+6.2f}")
        if res.crn:
            typer.echo(f"\nfresh shoe simulated on the same seed: ER "
                       f"{100 * res.crn['fresh_simulated_mean']:+.4f}% (SE "
                       f"{100 * res.crn['fresh_simulated_se']:.4f}%), z vs exact "
                       f"{res.crn['z_vs_exact']:+.2f}")
