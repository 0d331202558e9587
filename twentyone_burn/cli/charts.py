"""charts: the ``chart`` and ``value`` commands - derive a printable chart, value one exactly.

``chart`` derives the printable chart for the rules (or takes a given one), values it exactly
against optimal play and writes the workbook with the CSVs beside it; it also derives the
chart's short burn rule, values it exactly and writes it (``burn-rule.txt``) with the one-page
strategy card (``card.pdf``). ``value`` gives the exact expected return of a chart read from
CSVs or a workbook, and its cost against optimal play.

>>> from typer.testing import CliRunner
>>> from twentyone_burn.cli import app
>>> r = CliRunner().invoke(app, ["value", "--strategy", "/no/such/chart"])
>>> r.exit_code != 0, isinstance(r.exception, Exception)
(True, True)
"""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

import typer

from toolkit_cli.checks import check_output, refuse_overwrite
from toolkit_cli.errors import InputError, shorten
from toolkit_cli.options import ForceOpt, JsonOpt
from toolkit_cli.progress import progress

from ..defaults import DERIVED_CHART_NAME
from ..outputs import CHART_EXTRA_FILES, chart_files, chart_paths
from .common import analyze_with_progress
from .rule_options import NO_RULES, STANDARD, RuleArgs, rule_options

__all__ = ["DERIVED_NAME", "chart_strategy", "derive", "register"]


if TYPE_CHECKING:  # pragma: no cover
    from ..charts.model import Chart
    from ..engine.results import Analysis
    from ..rules import Rules
    from ..tables import DecisionTables


def chart_strategy(path: Path | str, rules: Rules | None = None
                   ) -> tuple[Rules, DecisionTables, Chart]:
    """(rules, decision tables, chart) for a chart folder or workbook, for ``--strategy``; or,
    for a short burn rule's text file (``strategy_tables/burn-rule.txt``), the chart of the
    folder that holds it with its burn decided by the rule (the rule's tier).

    ``rules``: value the chart under these rules (None: the rules stored with the chart).
    A chart that cannot be read raises the CLI's one-line :class:`~twentyone_burn.cli.InputError`.

    >>> chart_strategy("/no/such/chart")
    Traceback (most recent call last):
    ...
    toolkit_cli.errors.InputError: /no/such/chart: no such file or folder
    """
    if not Path(path).exists():  # answered before the charts' and engine's imports
        raise InputError(f"{path}: no such file or folder")
    import zipfile

    from ..charts.files import load_chart
    from ..charts.model import ChartError
    try:
        p = Path(path)
        if p.suffix.lower() == ".txt" and p.is_file():
            from ..charts.burn_rule import burn_rule_tables, read_burn_rule
            rule = read_burn_rule(p)
            chart = load_chart(p.parent, rules)
            return chart.rules, burn_rule_tables(chart, rule), chart
        chart = load_chart(path, rules)
        return chart.rules, chart.to_tables(), chart
    except ChartError as e:
        raise InputError(str(e)) from None
    except (zipfile.BadZipFile, EOFError, KeyError, IndexError, ValueError) as e:
        # a workbook cut short or not a workbook at all
        raise InputError(f"{shorten(str(path))}: cannot read the chart ({type(e).__name__}: "
                         f"{shorten(str(e))}); give a chart folder or an .xlsx workbook "
                         "written by `twentyone-burn chart`") from None


DERIVED_NAME = DERIVED_CHART_NAME


def derive(rules: Rules) -> tuple[Chart, dict[str, Any]]:
    """The derived chart for the rules (from the chart store when it holds it) and what the
    derivation reports about itself."""
    from ..charts.model import Chart
    from ..charts.store import derived_chart
    with progress("deriving the chart") as bar:
        step = None if bar is None else (
            lambda it, er: bar(it, None, f"iteration {it}, expected return {er:+.8f}"))
        d = derived_chart(rules, progress=step).chart
    info = {"expected_return": d.expected_return, "optimal_return": d.optimal_return,
            "best_iteration": d.best_iteration, "iterations": d.iterations}
    return Chart.from_arrays(rules, d.hard, d.soft, d.resplit, d.burn_values, DERIVED_NAME), info


def _figures(a: Analysis) -> dict[str, float]:
    return {"expected_return": a.expected_return, "house_edge": a.house_edge,
            "element_of_risk": a.element_of_risk, "average_total_wager": a.average_total_wager}


def _report(chart: Chart, valued: Analysis, optimal: Analysis | None,
            seconds: dict[str, float], files: list[Path] | None) -> dict[str, Any]:
    from .._version import __version__
    r = chart.rules
    out: dict[str, Any] = {
        "rules": r.to_dict(), "rules_hash": r.rules_hash, "version": __version__,
        "chart": chart.name, "strategy": valued.strategy, "chart_value": _figures(valued),
    }
    if optimal is not None:
        out["optimal"] = _figures(optimal)
        out["optimal_strategy"] = optimal.strategy
        out["cost"] = optimal.expected_return - valued.expected_return
    out["seconds"] = seconds
    if files is not None:
        out["files"] = [str(p) for p in files]
    return out


def _print(out: dict[str, Any], title: str) -> None:
    typer.echo(f"{title} (twentyone-burn {out['version']})")
    typer.echo(f"rules: {json.dumps(out['rules'], sort_keys=True, separators=(',', ':'))}")
    typer.echo(f"rules hash: {out['rules_hash']}")
    typer.echo(f"chart: {out['chart']}")
    typer.echo("")
    c, o = out["chart_value"], out.get("optimal")
    typer.echo(f"{'':30s} {'this chart':>14s}" + (f" {'optimal play':>14s}" if o else ""))
    for key, label in (("expected_return", "expected return"), ("house_edge", "house edge"),
                       ("element_of_risk", "element of risk"),
                       ("average_total_wager", "average total wager")):
        if key == "average_total_wager":   # a number of wagers, not a return
            typer.echo(f"{label:30s} {c[key]:14.8f}" + (f" {o[key]:14.8f}" if o else ""))
        else:
            typer.echo(f"{label:30s} {100 * c[key]:+13.6f}%"
                       + (f" {100 * o[key]:+13.6f}%" if o else ""))
    if o:
        typer.echo(f"{'cost of the chart':30s} {100 * out['cost']:13.6f}%  (optimal minus "
                   "chart expected return, % of the initial wager)")
    typer.echo("")
    typer.echo(f"strategy: {out['strategy']}")
    if o:
        typer.echo(f"optimal play: {out['optimal_strategy']}")
    if "files" in out:
        typer.echo("")
        typer.echo("wrote: " + "  ".join(out["files"]))
    typer.echo("timings: " + ", ".join(f"{k} {v:.1f} s" for k, v in out["seconds"].items()))


def _burn_rule_and_card(chart: Chart, valued: Analysis, optimal: Analysis
                        ) -> tuple[str, dict[str, Any], bytes, Any]:
    """The short burn rule for ``chart`` valued exactly: (the text of ``burn-rule.txt``, its
    figures for the output, the strategy card's PDF drawn from the printed rule, the
    workbook's card sheet)."""
    from ..charts.burn_rule import burn_rule_tables, parse_burn_rule
    from ..charts.derive_burn_rule import derive_burn_rule
    from ..export.burn_rule_file import burn_rule_file_text
    from ..export.chart_workbook import CardSheet, rules_summary
    from ..export.strategy_card import strategy_card_pdf
    with progress("deriving the burn rule", unit="lines") as bar:
        step = None if bar is None else (
            lambda n, er: bar(n, 11, f"{n} lines, expected return {er:+.8f}"))
        derived = derive_burn_rule(chart, progress=step)
    exact = analyze_with_progress(chart.rules, burn_rule_tables(chart, derived.rule),
                                  "valuing the burn rule")
    text = burn_rule_file_text(derived, exact.expected_return, optimal.expected_return)
    printed = parse_burn_rule(text, name="short burn rule")     # what the card shows
    assert printed.lines == derived.rule.lines
    card = strategy_card_pdf(chart, printed, rules_line=rules_summary(chart.rules),
                             expected_return=exact.expected_return,
                             chart_return=valued.expected_return,
                             optimal_return=optimal.expected_return)
    res = {"lines": len(printed.lines), "text": printed.text().splitlines(),
           "expected_return": exact.expected_return,
           "cost_vs_chart": valued.expected_return - exact.expected_return,
           "cost_vs_optimal": optimal.expected_return - exact.expected_return,
           "strategy": exact.strategy}
    return text, res, card, CardSheet(printed, exact.expected_return)


def _print_rule(b: dict[str, Any]) -> None:
    """The short burn rule's lines of the ``chart`` command's output."""
    typer.echo("")
    typer.echo(f"short burn rule ({b['lines']} lines and an else line; burn-rule.txt, card.pdf):")
    for line in b["text"]:
        typer.echo(f"  {line}")
    typer.echo(f"{'expected return':30s} {100 * b['expected_return']:+13.6f}%  (exact)")
    typer.echo(f"{'cost against the chart':30s} {100 * b['cost_vs_chart']:13.6f}%  (of a wager)")
    typer.echo(f"{'cost against optimal play':30s} {100 * b['cost_vs_optimal']:13.6f}%  "
               "(of a wager)")


def register(app: typer.Typer) -> None:
    """Add ``chart`` and ``value`` to the main app."""
    StrategyOpt = typer.Option(..., "--strategy",
                               help="A chart: folder of CSVs (burn.csv, hard.csv, soft.csv, "
                                    "resplit.csv, rules.toml) or an .xlsx workbook; or a short "
                                    "burn rule (burn-rule.txt) beside a chart's CSVs.")

    @app.command()
    @rule_options(*STANDARD)
    def chart(out: Path = typer.Option(Path("chart"), "--out", show_default=True,
                                       help="Folder for chart.xlsx and the CSVs. Deprecated "
                                            "(kept for one release): a path ending .xlsx "
                                            "names the workbook, the CSVs go beside it."),
              strategy: Path | None = typer.Option(
                  None, "--strategy", show_default="derive the chart for the rules",
                  help="Write this chart (folder or .xlsx) instead of deriving one."),
              force: bool = ForceOpt,
              as_json: bool = JsonOpt, rule_args: RuleArgs = NO_RULES) -> None:
        """Derive the printable strategy chart, value it exactly and write the workbook; derive
        and value its short burn rule and write it with the strategy card (card.pdf)."""
        rules = rule_args.build()
        rule_files = CHART_EXTRA_FILES[2:]  # the short burn rule and the strategy card
        xlsx, folder = chart_paths(out)
        check_output(folder, "--out", folder=True)
        if xlsx.exists() and xlsx.is_dir():
            raise InputError(f"--out {shorten(str(xlsx))} is a folder; give a folder for the "
                             "chart (or a path ending .xlsx)")
        refuse_overwrite(chart_files(out), force)  # all before the charts and the engine load
        if strategy is not None and not strategy.exists():
            raise InputError(f"{strategy}: no such file or folder")  # chart_strategy's check
        from ..export.chart_workbook import save_chart  # the charts and the writers from here
        seconds: dict[str, float] = {}
        derivation: dict[str, Any] = {}
        t0 = time.perf_counter()
        if strategy is not None:
            rules, tables, the_chart = chart_strategy(strategy, rules if rule_args.given else None)
            the_chart = the_chart.with_rules(rules)
        else:
            the_chart, derivation = derive(rules)
            tables = the_chart.to_tables()
            seconds["derive"] = time.perf_counter() - t0
        t1 = time.perf_counter()
        valued = analyze_with_progress(rules, tables, "valuing the chart")
        seconds["value chart"] = time.perf_counter() - t1
        t1 = time.perf_counter()
        optimal = analyze_with_progress(rules, None, "optimal play")
        seconds["optimal play"] = time.perf_counter() - t1
        t1 = time.perf_counter()
        rule_text, rule_res, card, sheet = _burn_rule_and_card(the_chart, valued, optimal)
        seconds["burn rule"] = time.perf_counter() - t1
        files = save_chart(the_chart, out, optimal, valued, card=sheet,
                           extra={rule_files[0]: rule_text, rule_files[1]: card})
        seconds["total"] = time.perf_counter() - t0
        res = _report(the_chart, valued, optimal, seconds, files)
        res["burn_rule"] = rule_res
        if derivation:
            res["derivation"] = derivation
        if as_json:
            typer.echo(json.dumps(res, indent=2))
        else:
            _print(res, "21 Burn strategy chart")
            _print_rule(res["burn_rule"])

    @app.command()
    @rule_options(*STANDARD)
    def value(strategy: Path = StrategyOpt,
              compare: bool = typer.Option(True, "--compare/--no-compare", show_default=True,
                                           help="Also value optimal play (the chart's cost)."),
              as_json: bool = JsonOpt, rule_args: RuleArgs = NO_RULES) -> None:
        """The exact expected return of a chart and its cost against optimal play.

        The chart is played under its own rules unless rules options are given.
        """
        rules = rule_args.build()
        rules, tables, the_chart = chart_strategy(strategy, rules if rule_args.given else None)
        seconds: dict[str, float] = {}
        t0 = time.perf_counter()
        valued = analyze_with_progress(rules, tables, "valuing the chart")
        seconds["value chart"] = time.perf_counter() - t0
        optimal = None
        if compare:
            t1 = time.perf_counter()
            optimal = analyze_with_progress(rules, None, "optimal play")
            seconds["optimal play"] = time.perf_counter() - t1
        res = _report(the_chart, valued, optimal, seconds, None)
        if as_json:
            typer.echo(json.dumps(res, indent=2))
        else:
            _print(res, "21 Burn: exact value of a chart")
