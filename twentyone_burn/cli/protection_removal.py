"""protection_removal: the ``protection`` group's removal commands (see :mod:`.protection`):
``eor`` (the exact effects of removal, and the linear model against exact shoes) and
``counts`` (each field count's betting correlation with those EoRs, and the best whole tags
of level 1, 2 and 3).

>>> from typer.testing import CliRunner
>>> from twentyone_burn.cli.app import app
>>> CliRunner().invoke(app, ["protection", "eor", "--help"]).exit_code
0
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Any

import typer

from toolkit_cli.checks import check_output, refuse_overwrite
from toolkit_cli.errors import InputError, shorten
from toolkit_cli.options import ForceOpt, JsonOpt, flag
from toolkit_cli.progress import progress

from ..shoe import NRANKS, RANKS, UP_ORDER, check_cards, parse_ranks
from .common import provenance, write_atomic
from .rule_options import CLASSIC, NO_RULES, STANDARD, RuleArgs, rule_options

if TYPE_CHECKING:  # pragma: no cover
    from ..rules import Rules
    from ..tables import DecisionTables

__all__ = ["counts", "eor", "linear_counts", "register", "rules_and_strategy"]

#: the ranks in the one order of every printed table (ace last, as the charts print them)
_ORDER = [RANKS.index(u) for u in UP_ORDER]

ClassicOpt = flag(False, "--classic", show_default=False,
                  help="The classic (two-card) deal: short for --rules classic-blackjack.")
StrategyOpt = typer.Option(
    "optimal", "--strategy", metavar="optimal|chart|PATH", show_default=True,
    help="optimal play (re-optimised for every shoe), chart (the rules' derived chart) or a "
         "chart folder / .xlsx, held fixed on every shoe.")


def rules_and_strategy(rule_args: RuleArgs, classic: bool, strategy: str
                       ) -> tuple[Rules, DecisionTables | None]:
    """The rules of ``--rules``/``--classic`` and the rule options, and the fixed tables of
    ``--strategy`` (None: optimal play); bad input raises the one-line InputError."""
    values = dict(rule_args.values)
    if classic:
        if values.get("rules_file") is not None:
            raise InputError("--classic is --rules classic-blackjack; give one of the two")
        values["rules_file"] = Path("classic-blackjack")
    rules = RuleArgs(values).build(classic_ok=True)
    if rules.decks is None:
        raise InputError("effects of removal need a finite shoe; give --decks 1 to 8")
    if strategy == "optimal":
        return rules, None
    if rules.classic:
        raise InputError("the classic deal is analysed under optimal play only; give "
                         "--strategy optimal")
    if strategy == "chart":
        from .charts import derive
        chart, _ = derive(rules)
        return rules, chart.to_tables()
    if not Path(strategy).exists():
        raise InputError(f"--strategy {shorten(strategy)}: no such chart; give optimal, chart, "
                         "or a chart folder / .xlsx workbook")
    from .charts import chart_strategy
    given = any(values.get(n) is not None for n in STANDARD)
    rules, tables, _ = chart_strategy(strategy, rules if given else None)
    return rules, tables


def linear_counts(text: str, decks: int) -> list[int]:
    """The cards of one ``--linear`` as ten counts: "deck" (one whole deck), or ranks such as
    "5 5 5 5" or "2 3 4 5 6"; a full shoe of ``decks`` decks must hold them.

    >>> linear_counts("deck", 2)
    [4, 4, 4, 4, 4, 4, 4, 4, 4, 16]
    >>> linear_counts("5 5 T", 1)
    [0, 0, 0, 0, 2, 0, 0, 0, 0, 1]
    """
    if text.strip().lower() == "deck":
        if decks < 2:
            raise InputError("--linear deck removes a whole deck; give --decks 2 or more")
        return [4] * (NRANKS - 1) + [16]
    ranks = parse_ranks(text)
    if not ranks:
        raise InputError('--linear takes cards such as "5 5 5 5", or "deck"')
    check_cards(decks, ranks)
    return [ranks.count(r) for r in range(NRANKS)]


@rule_options(*STANDARD, *CLASSIC)
def eor(classic: bool = ClassicOpt, strategy: str = StrategyOpt,
        linear: list[str] | None = typer.Option(
            None, "--linear", metavar="CARDS|deck", show_default="none",
            help='Also check the linear model on the full shoe less these cards ("5 5 5 5", '
                 "or deck: one whole deck); repeat for more."),
        out: Path | None = typer.Option(None, "--out", metavar="FILE.csv", show_default="none",
                                        help="Also write the table as CSV to this file."),
        force: bool = ForceOpt, as_json: bool = JsonOpt,
        rule_args: RuleArgs = NO_RULES) -> None:
    """Exact effects of removal: the player's ER change when one card of each rank leaves
    the full shoe, under optimal play or a chart held fixed."""
    rules, tables = rules_and_strategy(rule_args, classic, strategy)
    assert rules.decks is not None
    checks_asked = [linear_counts(t, rules.decks) for t in (linear or [])]
    if out is not None:
        check_output(out, "--out", folder=False)
        refuse_overwrite([Path(out)], force)
    from ..protection.removal import effects_of_removal, linear_check
    total = 11 + len(checks_asked)
    with progress("effects of removal", unit="shoes") as bar:
        step = None if bar is None else (lambda k: bar(k, total))
        table = effects_of_removal(rules, tables, progress=step)
        checks = []
        for k, counts in enumerate(checks_asked):
            checks.append(linear_check(table, counts, tables))
            if bar is not None:
                bar(12 + k, total)
    if out is not None:
        write_atomic(Path(out), table.to_csv())
    d: dict[str, Any] = table.to_json_dict()
    d["linear_checks"] = [c.to_json_dict() for c in checks]
    if as_json:
        typer.echo(json.dumps(d, indent=2))
        return
    for line in provenance(rules):
        typer.echo(line)
    game = "Classic blackjack" if rules.classic else "21 Burn"
    typer.echo(f"{game} exact effects of removal, {rules.decks} deck"
               f"{'s' if rules.decks != 1 else ''} ({table.cards} cards)")
    typer.echo(f"strategy: {table.strategy}"
               + (" (re-optimised for every shoe)" if tables is None else
                  " (held fixed on every shoe)"))
    typer.echo(f"expected return, full shoe: {table.base:+.10f} ({100 * table.base:+.4f} %)")
    typer.echo("")
    typer.echo("rank  ER less one card   EoR (%)    EoR x cards")
    for r in _ORDER:
        e = table.eor[r]
        typer.echo(f"  {RANKS[r]}   {table.removed[r]:+.10f}  {100 * e:+.5f}  "
                   f"{e * table.cards:+.5f}")
    typer.echo(f"sum rule: sum f_r EoR_r = {100 * table.sum_rule:+.6f} % (exactly 0 for a "
               "fixed chart, >= 0 under optimal play)")
    for c in checks:
        gone = " ".join(f"{n}x{RANKS[r]}" for r, n in enumerate(c.counts) if n)
        typer.echo(f"linear model, less {gone}: predicted {100 * c.predicted:+.4f} %, exact "
                   f"{100 * c.exact:+.4f} %, error {100 * c.error:+.4f} %")


def _tags(tags: Any) -> str:
    return " ".join(f"{RANKS[r]}:{tags[r]:+g}" for r in _ORDER)


@rule_options(*STANDARD, *CLASSIC)
def counts(classic: bool = ClassicOpt, strategy: str = StrategyOpt,
           levels: str = typer.Option("1,2,3", "--levels", metavar="1,2,3", show_default=True,
                                      help="Search the best whole tags of these levels "
                                           "(|tag| <= level; level 3 takes a few seconds)."),
           as_json: bool = JsonOpt, rule_args: RuleArgs = NO_RULES) -> None:
    """Betting correlation of Hi-Lo, KO, Hi-Opt I/II, Omega II, Zen and Wong Halves with the
    game's exact effects of removal, and the best whole tags of level 1, 2, 3."""
    wanted = _levels(levels)
    rules, tables = rules_and_strategy(rule_args, classic, strategy)
    from ..protection.counts import COUNTS, best_count, count_table
    from ..protection.removal import effects_of_removal
    with progress("effects of removal", unit="shoes") as bar:
        step = None if bar is None else (lambda k: bar(k, 11))
        table = effects_of_removal(rules, tables, progress=step)
    with progress("best tags", unit="levels") as bar:
        best = []
        for k, level in enumerate(wanted):
            best.append(best_count(table.eor, level))
            if bar is not None:
                bar(k + 1, len(wanted))
    bcs = count_table(table.eor)
    head = table.to_json_dict()
    d: dict[str, Any] = {
        **{k: head[k] for k in ("rules", "rules_hash", "version", "game", "decks", "strategy",
                                "effects_of_removal")},
        "counts": {name: {"tags": {RANKS[r]: COUNTS[name][r] for r in range(NRANKS)},
                          "bc": bcs[name]} for name in COUNTS},
        "best": [b.to_json_dict() for b in best],
        "bc_definition": "frequency-weighted (tens 4/13), centred correlation of tags and EoRs"}
    if as_json:
        typer.echo(json.dumps(d, indent=2))
        return
    for line in provenance(rules):
        typer.echo(line)
    typer.echo(f"{d['game']} counts against the exact effects of removal, {rules.decks} deck"
               f"{'s' if rules.decks != 1 else ''}; strategy: {table.strategy}")
    typer.echo("BC: the tags' centred correlation with the EoRs over a deck's faces (tens "
               "4/13)")
    typer.echo("")
    typer.echo(f"  {'count':12s} {'BC':>6s}   tags")
    for name in COUNTS:
        typer.echo(f"  {name:12s} {bcs[name]:6.3f}   {_tags(COUNTS[name])}")
    typer.echo("")
    for b in best:
        typer.echo(f"  best level {b.level}  {b.bc:6.3f}   {_tags(b.tags)}")


def _levels(text: str) -> list[int]:
    """The levels of ``--levels``: 1 to 3, comma-separated."""
    parts = [p.strip() for p in text.split(",") if p.strip()]
    if not parts or any(p not in ("1", "2", "3") for p in parts):
        raise InputError(f"--levels takes 1, 2 and 3, comma-separated (e.g. 1,2), not "
                         f"{shorten(text)}")
    return sorted({int(p) for p in parts})


def register(group: typer.Typer) -> None:
    """Add this module's commands to the ``protection`` group."""
    group.command()(eor)
    group.command()(counts)
