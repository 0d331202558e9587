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
import errno
import functools
import inspect
import json
import math
import os
import re
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

import typer

from .. import __version__
from ..io import write_file
from ..rules import STANDARD as SHEET
from ..rules import Rules, RulesError, load_rules, parse_decks, shorten

if TYPE_CHECKING:  # pragma: no cover
    from ..tables import DecisionTables

__all__ = ["CLASSIC", "NO_RULES", "RULE_OPTIONS", "SHOE", "STANDARD", "ForceOpt", "InputError",
           "Interrupted", "JsonOpt", "RuleArgs", "analyze_with_progress", "check_checkpoint",
           "check_output", "check_scheduler", "describe_error", "flag", "parse_count",
           "parse_fraction", "parse_share", "progress", "provenance", "refuse_overwrite",
           "rule_options", "run_main", "shorten", "write_atomic"]


class InputError(ValueError):
    """Bad command-line input (one line, exit code 2)."""


class Interrupted(BaseException):
    """Ctrl-C, with what to do next (e.g. how to resume from a checkpoint) as its message.

    Not a KeyboardInterrupt: typer turns those into a bare exit code 130, losing the message.
    """


def flag(default: Any, *decls: str, help: str, show_default: bool | str = True,
         hidden: bool = False) -> Any:
    """A typer flag option whose help shows no ``<bool>`` type: typer's rich help prints a
    flag's type unless it has a metavar, so flags get an empty one."""
    return typer.Option(default, *decls, help=help, metavar="", show_default=show_default,
                        hidden=hidden)


JsonOpt = flag(False, "--json", help="Print one JSON object.", show_default=False)
ForceOpt = flag(False, "--force", help="Overwrite output files a previous run wrote.",
                show_default=False)


def _sheet(name: str) -> str:
    return f"rule sheet: {name}"

# -- the rule options, declared once -------------------------------------------------------------
#: parameter name -> (type, typer option); the name is also the key of :class:`RuleArgs`
#: each default shown in help is the rule sheet's value (the option itself defaults to the
#: rules file's value, the sheet's when no file is given)
RULE_OPTIONS: dict[str, tuple[Any, Any]] = {
    "rules_file": (Path | None, typer.Option(
        None, "--rules", metavar="PRESET|FILE", show_default="21-burn, the rule sheet",
        help="Rules: a preset (21-burn, classic-blackjack) or a TOML file; options below "
        "override it.")),
    "decks": (str | None, typer.Option(None, "--decks", metavar="N|inf",
                                       show_default=_sheet(str(SHEET.decks)),
                                       help="Decks in the shoe: 1-8, or 'inf'.")),
    "s17": (bool | None, flag(None, "--s17/--h17", show_default=_sheet("--h17"),
                              help="Dealer stands / hits on soft 17.")),
    "max_hands": (int | None, typer.Option(None, "--max-hands", metavar="N",
                                           show_default=_sheet(str(SHEET.max_hands)),
                                           help="Most hands after splits (2-4).")),
    "resplit_aces": (bool | None, flag(None, "--resplit-aces/--no-resplit-aces",
                                       show_default=_sheet("--no-resplit-aces"),
                                       help="Split aces may resplit.")),
    "das": (bool | None, flag(None, "--das/--no-das", show_default=_sheet("--das"),
                              help="Double after split.")),
    "double_on": (str | None, typer.Option(None, "--double-on", metavar="any|9-11|10-11",
                                           show_default=_sheet(SHEET.double_on),
                                           help="Doubling on: any, 9-11 or 10-11.")),
    "mandatory_split": (bool | None, flag(
        None, "--mandatory-split/--optional-split", show_default=_sheet("--mandatory-split"),
        help="A kept pair must be split, or the split is the player's choice.")),
    "split_aces_one_card": (bool | None, flag(
        None, "--split-aces-one-card/--split-aces-draw",
        show_default=_sheet("--split-aces-one-card"),
        help="Split aces take one card each, or are played like other split hands.")),
    # the game-design knobs
    "win_pays": (str | None, typer.Option(
        None, "--win-pays", metavar="ODDS", show_default=_sheet("1:1"),
        help="A winning hand pays this: odds such as 4:5, 9:10, 1:1, or a decimal (0.9); "
             "kept exactly.")),
    "commission": (str | None, typer.Option(
        None, "--commission", metavar="X", show_default=_sheet("0"),
        help="Share of every win the house keeps: 0.05 or 5%.")),
    "dealer_burn": (str | None, typer.Option(
        None, "--dealer-burn", metavar="highest|lowest|none", show_default=_sheet("highest"),
        help="The dealer burns its highest card, its lowest (keeps its best two), or none "
             "(one concealed card).")),
    "dealer_bust_push": (str | None, typer.Option(
        None, "--dealer-bust-push", metavar="none|22|23", show_default=_sheet("none"),
        help="A dealer bust up to this total pushes the standing hands (22; 23 = 22 and 23).")),
    "dealer_22_pushes": (bool | None, flag(
        None, "--dealer-22-pushes", show_default=False,
        help="Short for --dealer-bust-push 22.")),
    "ties_lose_from": (str | None, typer.Option(
        None, "--ties-lose-from", metavar="none|17-21", show_default=_sheet("none"),
        help="Ties on this total or more lose instead of pushing (17 = every tie).")),
    "ties_lose": (bool | None, flag(None, "--ties-lose", show_default=False,
                                    help="Short for --ties-lose-from 17.")),
    # the classic (two-card) deal
    "naturals": (str | None, typer.Option(
        None, "--naturals", metavar="none|peek|enhc",
        show_default="none; classic-blackjack: peek",
        help="Classic deal: none, peek (US hole card) or enhc (no hole card).")),
    "natural_pays": (str | None, typer.Option(
        None, "--natural-pays", metavar="ODDS",
        show_default="classic-blackjack: 3:2",
        help="Classic deal: a natural pays this (3:2, 6:5, or a decimal such as 1.5).")),
    "surrender": (bool | None, flag(None, "--surrender/--no-surrender",
                                    show_default="classic-blackjack: --no-surrender",
                                    help="Classic deal: late surrender.")),
    "post_split": (str | None, typer.Option(
        None, "--post-split", metavar="cdz-|cdp1|cdp-h",
        show_default=f"{SHEET.post_split}; classic-blackjack: cdz-",
        help="How split hands play: cdp-h (optimal for the hand, the burned card, the pair "
             "cards dealt so far), cdz- (the unsplit hand's optimum, the other pair card "
             "forgotten) or cdp1 (the first split hand's optimum); cdz- and cdp1 always "
             "resplit.")),
}
#: the options of every 21 Burn command
STANDARD = ("rules_file", "decks", "s17", "max_hands", "resplit_aces", "das", "double_on",
            "mandatory_split", "split_aces_one_card", "win_pays", "commission", "dealer_burn",
            "dealer_bust_push", "dealer_22_pushes", "ties_lose_from", "ties_lose",
            "post_split")
#: the classic deal's own options (commands that also analyse classic blackjack)
CLASSIC = ("naturals", "natural_pays", "surrender")
#: what the dealer alone depends on
SHOE = ("rules_file", "decks", "s17", "dealer_burn")

# option name -> Rules field, for the options that set one field as they are
_FIELD = {"max_hands": "max_hands", "resplit_aces": "resplit_aces",
          "das": "double_after_split", "double_on": "double_on",
          "mandatory_split": "mandatory_split", "split_aces_one_card": "split_aces_one_card",
          "naturals": "naturals", "natural_pays": "natural_pays", "post_split": "post_split",
          "win_pays": "win_pays", "dealer_burn": "dealer_burn"}
#: option -> (its short form, the value the short form stands for)
_SHORT = {"dealer_bust_push": ("dealer_22_pushes", 22), "ties_lose_from": ("ties_lose", 17)}


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
        for key in ("max_hands", "resplit_aces", "das", "double_on", "mandatory_split",
                    "split_aces_one_card", "win_pays", "dealer_burn"):
            if v.get(key) is not None:
                changes[_FIELD[key]] = v[key]
        if v.get("commission") is not None:
            changes["commission"] = parse_share(v["commission"], "--commission")
        for key, (short, means) in _SHORT.items():
            value = _threshold(v.get(key), key)
            if v.get(short):
                if value is not None and v.get(key) is not None and value != means:
                    raise InputError(f"--{short.replace('_', '-')} is --{key.replace('_', '-')} "
                                     f"{means}; give one of the two")
                value = means
            if v.get(key) is not None or v.get(short):
                changes[key] = value
        rules = base.replace(**changes) if changes else base
        if rules.classic and not classic_ok:
            raise RulesError("this command is for 21 Burn's deal; the classic (two-card) deal "
                             "is analysed by `analyze`, `hand` and `dealer`")
        return rules


def _threshold(text: str | None, key: str) -> int | None:
    """The value of --dealer-bust-push or --ties-lose-from: "none" or a whole number (the
    rules check its range)."""
    if text is None or text.strip().lower() in ("none", "off"):
        return None
    t = text.strip()
    if not t.isdigit() or len(t) > 6:
        raise InputError(f"--{key.replace('_', '-')} must be none or a whole number, not "
                         f"{shorten(text)}")
    return int(t)


def parse_share(text: str, option: str) -> float:
    """A share from 0 to below 1, written as a fraction (0.05) or a percentage (5%).

    >>> parse_share("5%", "--commission"), parse_share("0.05", "--commission")
    (0.05, 0.05)
    """
    t = text.strip()
    percent = t.endswith("%")
    try:
        x = float(t[:-1] if percent else t)
    except ValueError:
        raise InputError(f"{option} must be a number such as 0.05 or 5%, not {shorten(text)}") \
            from None
    x = x / 100 if percent else x
    if not (math.isfinite(x) and 0 <= x < 1):
        raise InputError(f"{option} must be from 0 to below 1 (0 to below 100%), not "
                         f"{shorten(text)}")
    return x


#: the declared default of a command's ``rule_args``: :func:`rule_options` always passes the
#: real rule arguments
NO_RULES = RuleArgs()


def _print_version(value: bool) -> None:
    if value:
        typer.echo(f"twentyone-burn {__version__}")
        raise typer.Exit()


#: ``--version`` on the app and every command
VersionOpt = typer.Option(False, "--version", callback=_print_version, is_eager=True,
                          metavar="", help="Print the version and exit.")


def rule_options(*names: str) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """Add the rule options ``names`` to a command; it receives them as ``rule_args``.

    The command declares a parameter ``rule_args: RuleArgs`` (not an option itself); the
    options are appended to its command-line signature in the order given.

    >>> @rule_options(*SHOE)
    ... def cmd(rule_args: RuleArgs) -> None:
    ...     print(sorted(rule_args.values))
    >>> list(inspect.signature(cmd).parameters)
    ['rules_file', 'decks', 's17', 'dealer_burn', 'show_version']
    >>> cmd(rules_file=None, decks="2", s17=None, dealer_burn=None)
    ['dealer_burn', 'decks', 'rules_file', 's17']
    """
    def decorate(fn: Callable[..., Any]) -> Callable[..., Any]:
        sig = inspect.signature(fn)
        own = [p for p in sig.parameters.values() if p.name != "rule_args"]
        extra = [inspect.Parameter(n, inspect.Parameter.KEYWORD_ONLY,
                                   default=RULE_OPTIONS[n][1], annotation=RULE_OPTIONS[n][0])
                 for n in names]
        extra.append(inspect.Parameter("show_version", inspect.Parameter.KEYWORD_ONLY,
                                       default=VersionOpt, annotation=bool))

        @functools.wraps(fn)
        def command(*args: Any, **kwargs: Any) -> Any:
            values = {n: kwargs.pop(n, None) for n in names}
            kwargs.pop("show_version", None)
            return fn(*args, rule_args=RuleArgs(values), **kwargs)

        own = [p.replace(kind=inspect.Parameter.KEYWORD_ONLY)
               if p.kind is inspect.Parameter.POSITIONAL_OR_KEYWORD else p for p in own]
        command.__signature__ = sig.replace(parameters=own + extra)  # type: ignore[attr-defined]
        hints = {k: v for k, v in getattr(fn, "__annotations__", {}).items()
                 if k != "rule_args"}
        command.__annotations__ = {**hints, **{n: RULE_OPTIONS[n][0] for n in names},
                                   "show_version": bool}
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
    with progress(label, unit="up cards") as bar:
        step = None if bar is None else (lambda k: bar(k, 10))
        # each engine imported only for its own deal: the classic one needs no pandas
        if rules.classic:
            from ..engine.classic import analyze_classic
            return analyze_classic(rules, progress=step)
        from ..engine.game import analyze
        return analyze(rules, progress=step, tables=tables)


def write_atomic(path: Path, text: str) -> None:
    """Write an output file atomically; a missing folder is the user's to create."""
    path = Path(path)
    if not path.parent.exists():
        raise InputError(f"folder {path.parent} does not exist; create it or choose another path")
    write_file(path, text)


# -- validating before computing ---------------------------------------------------------------
MAX_COUNT = 10 ** 12
_COUNT = re.compile(r"[0-9]+(?:[_,][0-9]+)*|[0-9]+(?:\.[0-9]*)?[eE]\+?[0-9]{1,3}")


def parse_count(text: str | int | None, option: str, *, low: int = 1,
                high: int = MAX_COUNT) -> int | None:
    """A whole number of rounds, workers, ...: ``100000000``, ``100_000_000``, ``100,000,000``
    or ``1e8``, from ``low`` to ``high`` (None stays None).

    >>> parse_count("1e8", "--rounds"), parse_count("100_000_000", "--rounds")
    (100000000, 100000000)
    >>> parse_count("1.5", "--rounds")
    Traceback (most recent call last):
    ...
    twentyone_burn.cli.common.InputError: --rounds must be a whole number from 1 to \
1,000,000,000,000 (like 1000000, 1_000_000 or 1e6), not '1.5'
    """
    if text is None:
        return None
    if isinstance(text, int):
        value: int | None = text
    else:
        t = text.strip()
        value = None
        if len(t) <= 40 and _COUNT.fullmatch(t):
            if "e" in t.lower():
                mantissa, exp = t.lower().split("e")
                whole, _, frac = mantissa.partition(".")
                e = int(exp) - len(frac)
                digits = int(whole + frac)
                if e >= 0 and e <= 13:
                    value = digits * 10 ** e
                elif e < 0 and digits % 10 ** -e == 0:
                    value = digits // 10 ** -e
            else:
                value = int(t.replace("_", "").replace(",", ""))
    if value is None or not low <= value <= high:
        raise InputError(f"{option} must be a whole number from {low:,} to {high:,} (like "
                         f"1000000, 1_000_000 or 1e6), not {shorten(text)}")
    return value


def parse_fraction(value: float | None, option: str) -> float | None:
    """A number strictly between 0 and 1 (None stays None)."""
    if value is not None and not (math.isfinite(value) and 0 < value < 1):
        raise InputError(f"{option} must be a fraction above 0 and below 1, not "
                         f"{shorten(value)}")
    return value


_HOST = re.compile(r"[A-Za-z0-9._-]+|\[[0-9A-Fa-f:.]+\]")


def check_scheduler(address: str | None) -> None:
    """A Dask scheduler address: ``host:port`` or ``tcp://host:port``, port 1-65535.

    >>> check_scheduler("tcp://10.0.0.5:8786"), check_scheduler("localhost:8786")
    (None, None)
    """
    if address is None:
        return
    a = address.strip()
    rest = a[6:] if a.startswith("tcp://") else a
    host, sep, port = rest.rpartition(":")
    if not (sep and _HOST.fullmatch(host) and port.isdigit() and len(port) <= 5
            and 1 <= int(port) <= 65535):
        raise InputError(f"--scheduler must be host:port or tcp://host:port with a port from "
                         f"1 to 65535, not {shorten(address)}")


def _existing_ancestor(path: Path) -> Path:
    p = path.absolute()
    while not p.exists() and p != p.parent:
        p = p.parent
    return p


def _probe(folder: Path, path: Path) -> None:
    """Can a file be created in ``folder``? Raise the OSError naming ``path`` if not."""
    if not os.access(folder, os.W_OK | os.X_OK):
        raise OSError(errno.EACCES, os.strerror(errno.EACCES), str(path))
    try:  # a nameless file, gone when closed (the one atomic writer stays io.py)
        with tempfile.TemporaryFile(dir=folder, prefix=".twentyone-burn-probe-"):
            pass
    except OSError as e:
        raise OSError(e.errno, e.strerror, str(path)) from None


def check_output(path: Path | None, option: str, *, folder: bool) -> None:
    """Fail now, not after the work, if ``path`` cannot be written: a folder (``folder``) or a
    file, whose missing parents can be created, in a writable place.

    A path inside a file or of the wrong kind is bad input (:class:`InputError`); a place the
    user may not write is the environment's (:class:`OSError`).
    """
    if path is None:
        return
    p = Path(path)
    shown = shorten(str(p))
    try:
        if p.exists():
            if folder and not p.is_dir():
                raise InputError(f"{option} {shown} is a file, not a folder; give a folder")
            if not folder and p.is_dir():
                raise InputError(f"{option} {shown} is a folder; give a file name")
        base = _existing_ancestor(p if folder or not p.exists() else p.parent)
    except OSError as e:  # a name too long, a loop of links, ...
        raise InputError(f"{option} {shown}: {e.strerror or e}") from None
    if not base.is_dir():
        raise InputError(f"{option} {shown}: {shorten(str(base))} is a file, not a folder")
    _probe(base, p if folder or base == p.absolute().parent else p.parent)


def check_checkpoint(path: Path | None) -> None:
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


def refuse_overwrite(paths: list[Path], force: bool) -> None:
    """Refuse (one line naming ``--force``) if an output file already exists: a previous run
    wrote it, and it may be a published one."""
    if force:
        return
    there = [p for p in paths if p.exists()]
    if there:
        more = f" (and {len(there) - 1} more)" if len(there) > 1 else ""
        raise InputError(f"{shorten(str(there[0]))}{more} already exists (written by a previous "
                         "run); give --force to overwrite it, or another --out")


def provenance(rules: Rules) -> list[str]:
    """The header lines of a text output: version, rules (canonical JSON) and rules hash."""
    return [f"rules: {rules.canonical_json()}", f"rules hash: {rules.rules_hash}",
            f"version: twentyone-burn {__version__}"]


# -- the error boundary ------------------------------------------------------------------------
_MAX_LINE = 400
_BAD_INPUT = ("RulesError", "CardError", "InputError", "ChartError", "SimulationError",
              "TuneError")
_WRITE_ERRNOS = {errno.ENOSPC, errno.EROFS, errno.EACCES, errno.EPERM, errno.ENOTDIR,
                 errno.EISDIR, errno.EFBIG, errno.EEXIST, getattr(errno, "EDQUOT", -1)}


def _one_line(text: str) -> str:
    t = " ".join(str(text).split())
    return t if len(t) <= _MAX_LINE else t[:_MAX_LINE - 3] + "..."


def describe_error(e: BaseException) -> tuple[int, str]:
    """(exit code, the one line for stderr) of an exception that ended a command."""
    from .. import io
    names = {c.__name__ for c in type(e).__mro__}
    if isinstance(e, (KeyboardInterrupt, Interrupted)) or "Abort" in names:
        hint = str(e) if isinstance(e, Interrupted) else ""
        return 130, _one_line(f"interrupted{hint}")
    busy = getattr(io, "OutputBusy", None)
    if busy is not None and isinstance(e, busy):  # its message is the whole story
        text = getattr(e, "strerror", None) or str(e)
        return 1, _one_line(text if text.startswith("error") else f"error: {text}")
    if names & set(_BAD_INPUT):
        return 2, _one_line(f"error: {e}")
    if isinstance(e, UnicodeDecodeError):
        return 2, _one_line(f"error: an input file is not UTF-8 text ({e.reason} at byte "
                            f"{e.start}); save it as UTF-8")
    if isinstance(e, RecursionError):
        return 2, "error: an input file is nested too deeply; check its structure"
    if "TOMLDecodeError" in names:
        return 2, _one_line(f"error: not valid TOML: {e}")
    if "NoArgsIsHelpError" in names:  # the help is printed: say what is missing
        return 2, "error: give a command (see --help)"
    if hasattr(e, "format_message") and hasattr(e, "exit_code"):  # click's usage errors
        msg = _one_line(e.format_message())
        return 2, f"error: {msg} (see --help)" if msg else "error: bad usage (see --help)"
    if isinstance(e, MemoryError):
        return 1, "error: out of memory; use a smaller computation or a larger machine"
    if isinstance(e, OSError):
        reason = e.strerror or str(e) or type(e).__name__
        if e.filename is not None:
            verb = "write" if e.errno in _WRITE_ERRNOS else "use"
            name = str(e.filename)
            name = name if len(name) <= 80 else name[:77] + "..."
            return 1, _one_line(f"error: cannot {verb} {name}: {reason}")
        return 1, _one_line(f"error: {reason}")
    text = str(e)
    text = text if len(text) <= 80 else text[:77] + "..."
    return 1, _one_line(f"error: internal error ({type(e).__name__}: {text}); "
                        "rerun with --debug for the traceback")


def run_main(command: Any, args: list[str] | None = None) -> None:
    """Run a click command behind the one error boundary: any exception becomes one line on
    stderr and an exit code (2 bad input, 1 environment or internal, 130 Ctrl-C), unless
    ``--debug`` is among the arguments (then it is raised with its traceback)."""
    args = sys.argv[1:] if args is None else list(args)
    debug = "--debug" in args
    try:
        rv = command.main(args=args, prog_name="twentyone-burn", standalone_mode=False)
    except SystemExit:
        raise
    except BaseException as e:
        if debug:
            raise
        _fail(*describe_error(e))
    if rv == 130:  # typer's answer to a KeyboardInterrupt (the command's bars are stopped)
        _fail(130, "interrupted")
    if isinstance(rv, int) and rv:
        sys.exit(rv)


def _fail(code: int, line: str) -> None:
    if code == 130 and sys.stderr.isatty():
        sys.stderr.write("\r\x1b[K")  # past a bar's remains and the terminal's ^C
    typer.echo(line, err=True)
    sys.exit(code)
