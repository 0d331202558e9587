"""common: what every ``twentyone-burn`` command shares - rule options, input errors, progress.

The rule options are declared here once, in :data:`RULE_OPTIONS`; a command takes the ones it
needs with the :func:`rule_options` decorator, which adds them to its signature and hands it a
:class:`RuleArgs` that builds the :class:`~twentyone_burn.rules.Rules`. Long work shows one kind
of progress bar (:func:`progress`), on a terminal only.

>>> RuleArgs({"decks": "2", "s17": True}).build().decks
2
>>> RuleArgs({"decks": None}).given
False
"""

from __future__ import annotations

import contextlib
import functools
import inspect
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

import typer

from ..io import write_file
from ..rules import Rules, RulesError, load_rules, parse_decks

if TYPE_CHECKING:  # pragma: no cover
    from ..tables import DecisionTables

__all__ = ["CLASSIC", "NO_RULES", "RULE_OPTIONS", "SHOE", "STANDARD", "InputError", "JsonOpt",
           "RuleArgs", "analyze_with_progress", "progress", "rule_options", "write_atomic"]


class InputError(ValueError):
    """Bad command-line input (one line, exit code 2)."""


JsonOpt = typer.Option(False, "--json", help="Print one JSON object.")

# -- the rule options, declared once -------------------------------------------------------------
#: parameter name -> (type, typer option); the name is also the key of :class:`RuleArgs`
RULE_OPTIONS: dict[str, tuple[Any, Any]] = {
    "rules_file": (Path | None, typer.Option(
        None, "--rules", help="Rules: a preset (21-burn, classic-blackjack) or a TOML file; "
        "options below override it.")),
    "decks": (str | None, typer.Option(None, "--decks",
                                          help="Decks in the shoe: 1-8, or 'inf'.")),
    "s17": (bool | None, typer.Option(None, "--s17/--h17",
                                         help="Dealer stands / hits on soft 17.")),
    "max_hands": (int | None, typer.Option(None, "--max-hands",
                                              help="Most hands after splits (2-4).")),
    "resplit_aces": (bool | None, typer.Option(None, "--resplit-aces/--no-resplit-aces",
                                                  help="Split aces may resplit.")),
    "das": (bool | None, typer.Option(None, "--das/--no-das", help="Double after split.")),
    "double_on": (str | None, typer.Option(None, "--double-on",
                                              help="Doubling on: any, 9-11 or 10-11.")),
    "mandatory_split": (bool | None, typer.Option(
        None, "--mandatory-split/--optional-split",
        help="A kept pair must be split, or the split is the player's choice.")),
    # the classic (two-card) deal
    "naturals": (str | None, typer.Option(
        None, "--naturals", help="Classic deal: none, peek (US hole card) or enhc (no hole "
        "card).")),
    "natural_pays": (float | None, typer.Option(
        None, "--natural-pays",
        help="Classic deal: a natural pays this (3:2 = 1.5, 6:5 = 1.2).")),
    "surrender": (bool | None, typer.Option(None, "--surrender/--no-surrender",
                                               help="Classic deal: late surrender.")),
    "post_split": (str | None, typer.Option(
        None, "--post-split", help="Classic deal: post-split strategy cdz-, cdp1 or cdp-h.")),
}
#: the options of every 21 Burn command
STANDARD = ("rules_file", "decks", "s17", "max_hands", "resplit_aces", "das", "double_on",
            "mandatory_split")
#: the classic deal's own options (commands that also analyse classic blackjack)
CLASSIC = ("naturals", "natural_pays", "surrender", "post_split")
#: what the dealer alone depends on
SHOE = ("rules_file", "decks", "s17")

# option name -> Rules field, for the options that set one field as they are
_FIELD = {"max_hands": "max_hands", "resplit_aces": "resplit_aces",
          "das": "double_after_split", "double_on": "double_on",
          "mandatory_split": "mandatory_split", "naturals": "naturals",
          "natural_pays": "natural_pays", "post_split": "post_split"}


@dataclass(frozen=True)
class RuleArgs:
    """The rule options a command was given (None: not given)."""

    values: dict[str, Any] = field(default_factory=dict)

    @property
    def given(self) -> bool:
        """Was any rule option given (a chart is then valued under these rules, not its own)?"""
        return any(v is not None for v in self.values.values())

    def build(self, *, classic_ok: bool = False) -> Rules:
        """The rules preset or file (default: 21 Burn's sheet) with the options applied.

        ``classic_ok``: the command also handles the classic (two-card) deal.
        """
        v = self.values
        rules_file = v.get("rules_file")
        base = load_rules(rules_file) if rules_file is not None else Rules()
        changes: dict[str, Any] = {}
        for key in ("naturals", "natural_pays", "post_split"):
            if v.get(key) is not None:
                changes[_FIELD[key]] = v[key]
        if v.get("surrender") is not None:
            changes["surrender"] = "late" if v["surrender"] else "none"
        if v.get("decks") is not None:
            changes["decks"] = parse_decks(v["decks"])
        if v.get("s17") is not None:
            changes["hit_soft_17"] = not v["s17"]
        for key in ("max_hands", "resplit_aces", "das", "double_on", "mandatory_split"):
            if v.get(key) is not None:
                changes[_FIELD[key]] = v[key]
        rules = base.replace(**changes) if changes else base
        if rules.classic and not classic_ok:
            raise RulesError("this command is for 21 Burn's deal; the classic (two-card) deal "
                             "is analysed by `analyze`, `hand` and `dealer`")
        return rules


#: the declared default of a command's ``rule_args``: :func:`rule_options` always passes the
#: real rule arguments
NO_RULES = RuleArgs()


def rule_options(*names: str) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """Add the rule options ``names`` to a command; it receives them as ``rule_args``.

    The command declares a parameter ``rule_args: RuleArgs`` (not an option itself); the
    options are appended to its command-line signature in the order given.

    >>> @rule_options(*SHOE)
    ... def cmd(rule_args: RuleArgs) -> None:
    ...     print(sorted(rule_args.values))
    >>> list(inspect.signature(cmd).parameters)
    ['rules_file', 'decks', 's17']
    >>> cmd(rules_file=None, decks="2", s17=None)
    ['decks', 'rules_file', 's17']
    """
    def decorate(fn: Callable[..., Any]) -> Callable[..., Any]:
        sig = inspect.signature(fn)
        own = [p for p in sig.parameters.values() if p.name != "rule_args"]
        extra = [inspect.Parameter(n, inspect.Parameter.KEYWORD_ONLY,
                                   default=RULE_OPTIONS[n][1], annotation=RULE_OPTIONS[n][0])
                 for n in names]

        @functools.wraps(fn)
        def command(*args: Any, **kwargs: Any) -> Any:
            values = {n: kwargs.pop(n, None) for n in names}
            return fn(*args, rule_args=RuleArgs(values), **kwargs)

        own = [p.replace(kind=inspect.Parameter.KEYWORD_ONLY)
               if p.kind is inspect.Parameter.POSITIONAL_OR_KEYWORD else p for p in own]
        command.__signature__ = sig.replace(parameters=own + extra)  # type: ignore[attr-defined]
        hints = {k: v for k, v in getattr(fn, "__annotations__", {}).items()
                 if k != "rule_args"}
        command.__annotations__ = {**hints, **{n: RULE_OPTIONS[n][0] for n in names}}
        return command

    return decorate


# -- progress -----------------------------------------------------------------------------------
class _Bar:
    """One rich progress bar on stderr, started at the first report and refreshed by the
    reports themselves (no refresh thread, so the simulator may fork while it is shown)."""

    def __init__(self, label: str, unit: str, rate_unit: str | None, rate_scale: float) -> None:
        from rich.console import Console
        from rich.progress import (
            BarColumn,
            Progress,
            TextColumn,
            TimeElapsedColumn,
            TimeRemainingColumn,
        )
        counted = "{task.completed:,.0f}/{task.total:,.0f} " + unit if unit else \
            "{task.percentage:>3.0f}%"
        columns = [TextColumn(label), BarColumn(), TextColumn(counted),
                   TextColumn("{task.description}")]
        if rate_unit:
            columns.append(TextColumn("{task.fields[rate]}"))
        columns += [TimeElapsedColumn(), TextColumn("ETA"), TimeRemainingColumn()]
        self._prog = Progress(*columns, console=Console(stderr=True), transient=True,
                              auto_refresh=False)
        self._rate_unit, self._rate_scale = rate_unit, rate_scale
        self._task: Any = None
        self._start: tuple[float, float] = (0.0, 0.0)

    def __call__(self, done: float, total: float | None = None, step: str = "") -> None:
        now = time.perf_counter()
        if self._task is None:
            # work done before the first report (resumed from a checkpoint) is not this run's
            self._prog.start()
            self._task = self._prog.add_task(step, total=total, completed=int(done), rate="")
            self._start = (done, now)
        else:
            d0, t0 = self._start
            rate = (done - d0) / (now - t0) if now > t0 else 0.0
            self._prog.update(self._task, completed=done, total=total, description=step,
                              rate=f"{rate / self._rate_scale:.2f} {self._rate_unit}")
        self._prog.refresh()

    def stop(self) -> None:
        if self._task is not None:
            self._prog.stop()


@contextlib.contextmanager
def progress(label: str, *, unit: str = "", rate_unit: str | None = None,
             rate_scale: float = 1.0) -> Iterator[Callable[..., None] | None]:
    """A progress callback ``update(done, total=None, step="")`` drawing a bar on a terminal.

    Yields None when stderr is not a terminal: long work stays quiet when piped.

    >>> with progress("work") as bar:     # doctest output is not a terminal
    ...     bar is None
    True
    """
    if not sys.stderr.isatty():
        yield None
        return
    bar = _Bar(label, unit, rate_unit, rate_scale)
    try:
        yield bar
    finally:
        bar.stop()


def analyze_with_progress(rules: Rules, tables: DecisionTables | None = None,
                          label: str = "analysing") -> Any:
    """The exact analysis (21 Burn's, or the classic deal's) with a bar over the up cards."""
    from ..engine.classic import analyze_classic
    from ..engine.game import analyze

    with progress(label, unit="up cards") as bar:
        step = None if bar is None else (lambda k: bar(k, 10))
        if rules.classic:
            return analyze_classic(rules, progress=step)
        return analyze(rules, progress=step, tables=tables)


def write_atomic(path: Path, text: str) -> None:
    """Write an output file atomically; a missing folder is the user's to create."""
    path = Path(path)
    if not path.parent.exists():
        raise InputError(f"folder {path.parent} does not exist; create it or choose another path")
    write_file(path, text)
