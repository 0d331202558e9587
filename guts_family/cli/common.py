"""Shared pieces of the ``guts-odds`` commands: option help, amounts, output, the error boundary.

:func:`run` is the one error boundary: every failure ends in ONE line on stderr, never a
traceback (unless ``--debug`` is given):

- bad input (an unknown or repeated card, an unknown game, an amount that is not a positive
  finite number, an impossible request, a usage error) -> ``guts-odds: error: ...``, exit 2;
- the environment (a disk full, a permission, a path inside a file, another run writing the same
  folder, memory) -> one line, exit 1;
- anything else -> ``guts-odds: error: internal error (TypeName: message); rerun with --debug
  for the traceback``, exit 1;
- Ctrl-C -> the line ``interrupted``, exit 130.

Every output carries its provenance (:func:`emit`): text starts with a line ``# guts-odds
VERSION COMMAND OPTIONS...`` (the command line that reproduces it), JSON has ``version``,
``command`` and ``options``.
"""

from __future__ import annotations

import contextlib
import errno
import json
import math
import os
import re
import shlex
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, Protocol, cast, overload

import typer
from typer.core import TyperGroup

from guts_family._version import __version__
from guts_family.cards import CardError, cards_str, parse_cards, quoted
from guts_family.games import GAME_NAMES
from guts_family.odds import PLAYER_TIE_RULES, TIE_RULES, FieldOdds

__all__ = ["GAME_HELP", "TIE_HELP", "PTIE_HELP", "LIMIT_HELP", "EXACT_HELP", "SAMPLE_HELP",
           "TARGET_SE_HELP", "SAMPLES_HELP", "SEED_HELP", "WORKERS_HELP", "sampling_summary",
           "check_method_options", "MAX_AMOUNT", "check_amount_text",
           "parse_amount", "check_seconds", "check_out_folder", "deprecated", "renamed", "pct",
           "emit", "provenance", "odds_text", "parse_opponent_cards", "fail", "run", "Group",
           "PROGRESS_AFTER", "progress"]

# Usage errors (unknown option, bad integer...) are click exceptions; recent typer vendors its
# own click and no longer depends on the click package, so find the class through typer.
_CLICK_ERRORS: tuple[type[Exception], ...] = tuple(
    c for c in typer.BadParameter.__mro__
    if c.__name__ == "ClickException" and issubclass(c, Exception))
_ABORTS = (typer.Abort,)
#: typer turns Ctrl-C inside a command into this exit code
_INTERRUPTED = 130
#: the longest error line printed (a backstop; echoed inputs are cut to 80 characters)
_MAX_LINE = 300


class _ClickError(Protocol):
    """What a click exception offers: its message and its exit code."""

    exit_code: int

    def format_message(self) -> str: ...


GAME_HELP = f"Game: {', '.join(GAME_NAMES)}."
TIE_HELP = (f"Tie with the pot's/dummy/dealer hand: {', '.join(TIE_RULES)} "
            "(default: the game's, see docs/guts.md).")
PTIE_HELP = f"Tie between players only: {', '.join(PLAYER_TIE_RULES)} (default split)."
LIMIT_HELP = "Match limit: the most a loser pays (default: the pot)."
# the sampling options (guts_family.sampling), shared by every command that can sample
EXACT_HELP = "Exact enumeration only (refused if estimated to take over --max-seconds)."
SAMPLE_HELP = "Monte Carlo sampling, even where exact enumeration would fit."
TARGET_SE_HELP = ("Sampling: stop when every equity's standard error is at most this "
                  "(default 0.001).")
SAMPLES_HELP = "Sampling: stop after this many random deals."
SEED_HELP = ("Sampling: the seed (default: a fresh one, printed); the same seed gives the same "
             "figures for any --workers.")
WORKERS_HELP = "Sampling: worker processes (default: every CPU)."


class Group(TyperGroup):
    """The app's command group: flags show no ``<bool>`` type in the help.

    typer's rich help prints every option's type, flags included (``--json <bool>``); a flag
    takes no value, so its metavar is set to empty, here for the group's options and for every
    command's (the help option included, which click creates on first use).
    """

    def get_params(self, ctx: Any) -> list[Any]:
        return _no_flag_metavar(super().get_params(ctx))

    def get_command(self, ctx: Any, cmd_name: str) -> Any:
        cmd = super().get_command(ctx, cmd_name)
        if cmd is not None:
            _no_flag_metavar(cmd.get_params(ctx))
        return cmd


def _no_flag_metavar(params: list[Any]) -> list[Any]:
    for p in params:
        if getattr(p, "is_flag", False) and p.metavar is None:
            p.metavar = ""
    return params


#: the largest money amount accepted (a pot, limit or fee); larger ones are refused
MAX_AMOUNT = 10 ** 15
#: the longest amount text accepted (so no huge number is ever built from the text)
MAX_AMOUNT_TEXT = 40
_EXPONENT = re.compile(r"[eE]\s*([+-]?\d+)\s*$")


def check_amount_text(text: str, what: str) -> str:
    """The stripped text of an amount, refused if too long or with a huge exponent.

    Run before any conversion, so that ``1e999999999`` never becomes a huge number.

    >>> check_amount_text(" 2.5 ", "pot")
    '2.5'
    >>> check_amount_text("1e999999999", "pot")
    Traceback (most recent call last):
    ...
    ValueError: --pot '1e999999999' is out of range: give an amount of at most 10^15, e.g. --pot 10
    """
    t = text.strip()
    if len(t) > MAX_AMOUNT_TEXT:
        raise ValueError(f"--{what} {quoted(t)} is too long: give an amount of at most "
                         f"{MAX_AMOUNT_TEXT} characters, e.g. --{what} 10")
    m = _EXPONENT.search(t)
    if m is not None and abs(int(m.group(1))) > 30:
        raise ValueError(f"--{what} {quoted(t)} is out of range: give an amount of at most "
                         f"10^15, e.g. --{what} 10")
    return t


@overload
def parse_amount(text: str, what: str, allow_zero: bool = False) -> float: ...


@overload
def parse_amount(text: str | None, what: str, allow_zero: bool = False) -> float | None: ...


def parse_amount(text: str | None, what: str, allow_zero: bool = False) -> float | None:
    """A money amount from the command line; None stays None.

    The amount must be finite, positive (or zero with ``allow_zero``) and at most 10^15.

    >>> parse_amount("12.5", "pot"), parse_amount(None, "limit")
    (12.5, None)
    >>> parse_amount("-3", "pot")
    Traceback (most recent call last):
    ...
    ValueError: --pot must be a positive amount, got '-3'
    """
    if text is None:
        return None
    t = check_amount_text(text, what)
    try:
        value = float(t)
    except ValueError:
        raise ValueError(f"--{what} {quoted(t)} is not a number: give e.g. --{what} 10") from None
    if value != value or value in (float("inf"), float("-inf")) or value < 0 or \
            (value == 0 and not allow_zero):
        kind = "zero or a positive" if allow_zero else "a positive"
        raise ValueError(f"--{what} must be {kind} amount, got {quoted(t)}")
    if value > MAX_AMOUNT:
        raise ValueError(f"--{what} must be at most 10^15, got {quoted(t)}")
    return value


def check_seconds(value: float, what: str = "max-seconds") -> float:
    """A time limit: finite and positive.

    >>> check_seconds(60.0)
    60.0
    >>> check_seconds(float("nan"))  # doctest: +NORMALIZE_WHITESPACE
    Traceback (most recent call last):
    ...
    ValueError: --max-seconds must be a positive number of seconds, got nan: give e.g.
    --max-seconds 60
    """
    if not (math.isfinite(value) and value > 0):
        raise ValueError(f"--{what} must be a positive number of seconds, got {value}: give "
                         f"e.g. --{what} 60")
    return value


def check_out_folder(path: str | Path, what: str = "out") -> Path:
    """Check an output folder before any work: a folder (or one that can be created), writable.

    A file where the folder should be is bad input (ValueError, exit 2); a path that runs
    through a file, or a folder that cannot be written, is the environment (OSError, exit 1).
    The folder is not created here (the writer creates it with the files).
    """
    p = Path(path)
    if str(path).strip() == "":
        raise ValueError(f"--{what} is empty: give a folder, e.g. --{what} strategy_tables/guts")
    if p.exists() and not p.is_dir():
        raise ValueError(f"--{what} {quoted(str(p))} is a file: --{what} is a folder the files "
                         "are written into; give a folder")
    existing = p
    while not existing.exists() and existing != existing.parent:
        existing = existing.parent
    if existing.exists() and not existing.is_dir():
        raise NotADirectoryError(errno.ENOTDIR, f"cannot create --{what} {quoted(str(p))}: "
                                 f"{quoted(str(existing))} is a file, not a folder", str(p))
    if existing.exists() and not os.access(existing, os.W_OK | os.X_OK):
        raise PermissionError(errno.EACCES, f"cannot write into --{what} {quoted(str(p))}: "
                              f"permission denied on {quoted(str(existing))}", str(p))
    return p


def _stderr_is_terminal() -> bool:
    return sys.stderr.isatty()


#: seconds of work before a progress line is drawn (shorter work stays quiet)
PROGRESS_AFTER = 3.0


class _Status:
    """One transient line on stderr (rich), drawn from the first report after
    :data:`PROGRESS_AFTER` seconds and redrawn by the reports themselves (no refresh thread,
    so sampling may fork worker processes while it is shown)."""

    def __init__(self, label: str) -> None:
        self._label = label
        self._start = time.perf_counter()
        self._prog: Any = None
        self._task: Any = None

    def __call__(self, text: str) -> None:
        if self._prog is None:
            if time.perf_counter() - self._start < PROGRESS_AFTER:
                return
            from rich.console import Console
            from rich.progress import Progress, SpinnerColumn, TextColumn, TimeElapsedColumn

            self._prog = Progress(SpinnerColumn(), TextColumn("{task.description}"),
                                  TimeElapsedColumn(),
                                  console=Console(stderr=True), transient=True,
                                  auto_refresh=False)
            self._prog.start()
            self._task = self._prog.add_task(f"{self._label} {text}", total=None)
        self._prog.update(self._task, description=f"{self._label} {text}")
        self._prog.refresh()

    def stop(self) -> None:
        if self._prog is not None:
            self._prog.stop()


@contextlib.contextmanager
def progress(label: str) -> Iterator[Callable[[str], None] | None]:
    """A status callback ``update(text)`` that draws one line on stderr when it is a terminal
    and the work has run for :data:`PROGRESS_AFTER` seconds (the ``twentyone-burn``
    convention: a display on a terminal only). Yields None when stderr is not a terminal, so
    piped output stays quiet.

    >>> with progress("sampling") as update:     # doctest output is not a terminal
    ...     update is None
    True
    """
    if not _stderr_is_terminal():
        yield None
        return
    status = _Status(label)
    try:
        yield status
    finally:
        status.stop()


def deprecated(old: str, instead: str) -> None:
    """A one-line note that option ``old`` is deprecated, on stderr when it is a terminal.

    Scripts and pipes (stderr not a terminal) get no note, so their output stays as it was.
    """
    if _stderr_is_terminal():
        sys.stderr.write(f"guts-odds: note: {old} is deprecated and goes in the next release: "
                         f"{instead}\n")


def renamed(ctx: typer.Context, new: str, old: str, value: Any, old_value: Any) -> Any:
    """The value of option ``new``, or of its hidden old name ``old`` (kept for one release).

    The old name prints a one-line deprecation note (:func:`deprecated`); giving both is an
    error. The
    value is recorded under the new name for the output's provenance.
    """
    if old_value is None:
        return value
    new_name, old_name = (n if n.startswith("--") else f"--{n}" for n in (new, old))
    key = new_name[2:].replace("-", "_")
    source = ctx.get_parameter_source(key) if key in ctx.params else None
    if value is not None and getattr(source, "name", "COMMANDLINE") != "DEFAULT":
        raise ValueError(f"{old_name} is the old name of {new_name}: give {new_name} only")
    deprecated(old_name, f"use {new_name}")
    if key in ctx.params:
        ctx.params[key] = old_value
    return old_value


def provenance(ctx: typer.Context) -> tuple[str, dict[str, Any]]:
    """The command line that reproduces an output, and the options as a dict.

    Every visible option in force is listed (defaults included; hidden old names and the output
    format are not).
    """
    words = ["guts-odds", ctx.info_name or "?"]
    options: dict[str, Any] = {}
    for param in ctx.command.params:
        name = param.name or ""
        if getattr(param, "hidden", False) or name in ("as_json",) or name not in ctx.params:
            continue
        value = ctx.params[name]
        if value is None or value is False or value == "" or value == []:
            continue
        options[name] = value
        flag = next((o for o in param.opts if o.startswith("--")), None)
        if param.param_type_name == "argument" or flag is None:
            words.append(shlex.quote(str(value)))
        elif value is True:
            words.append(flag)
        else:
            for v in value if isinstance(value, (list, tuple)) else [value]:
                words += [flag, shlex.quote(str(v))]
    words.insert(1, __version__)
    return "# " + " ".join(words), options


def emit(data: dict, as_json: bool, text: str, ctx: typer.Context | None = None) -> None:
    """Print ``data`` as one JSON object, or ``text``, with the provenance (see :func:`provenance`).

    JSON gets ``version`` (if not there), ``command`` and ``options``; text gets a first line
    naming the tool, its version, the command and its options.
    """
    line, options = provenance(ctx) if ctx is not None else ("", {})
    if as_json:
        out = dict(data)
        if ctx is not None:
            out.update({"command": ctx.info_name, "options": options})
        out.setdefault("version", __version__)
        typer.echo(json.dumps(out))
    else:
        typer.echo(f"{line}\n{text}" if line else text)


def pct(x: float) -> str:
    """A probability as a percentage, 8 wide with 4 decimals.

    >>> pct(0.5)
    ' 50.0000%'
    """
    return f"{100 * x:8.4f}%"


def odds_text(title: str, o: FieldOdds) -> str:
    """The text block of one hand's exact odds: the seats, win / tie / lose, the deals."""
    against = ", ".join(s.name + (" showing " + cards_str(s.known) if s.known else "")
                        for s in o.seats)
    lines = [title,
             f"  against: {against}" + (f"; dead: {cards_str(o.dead)}" if o.dead else ""),
             f"  win  {pct(o.win)}   {o.win_count:,}",
             f"  tie  {pct(o.tie)}   {o.tie_count:,}",
             f"  lose {pct(o.lose)}   {o.lose_count:,}",
             f"  of {o.total:,} deals (exact, complete enumeration)"]
    return "\n".join(lines)


def parse_opponent_cards(values: list[str] | None) -> list[list[int]]:
    """The shown cards of each opponent given with ``--opponent-cards``."""
    return [parse_cards(v) for v in (values or [])]


def check_method_options(exact: bool, sample: bool, seed: int | None, target_se: float | None,
                         samples: int | None, workers: int | None) -> None:
    """The one check of the method options every sampling command takes: the sampling
    options' values, ``--exact`` and ``--sample`` not both, no sampling option with
    ``--exact``; ValueError (one line) otherwise.

    >>> check_method_options(True, False, 3, None, None, None)
    Traceback (most recent call last):
    ...
    ValueError: --seed only apply to sampling: drop it or --exact
    """
    from guts_family.sampling import check_sampling
    check_sampling(seed, target_se, samples, workers)
    if exact and sample:
        raise ValueError("--exact and --sample exclude each other: give one")
    given = [name for name, v in (("--target-se", target_se), ("--samples", samples),
                                  ("--seed", seed), ("--workers", workers)) if v is not None]
    if exact and given:
        raise ValueError(f"{', '.join(given)} only apply to sampling: drop "
                         f"{'them' if len(given) > 1 else 'it'} or --exact")


def sampling_summary(run: Any, what: str = "random deals") -> str:
    """The line that says a figure was sampled, how, and what reproduces it.

    ``run`` is a :class:`guts_family.sampling.SampleRun`.

    >>> from guts_family.sampling import CoinFlips, sample
    >>> print(sampling_summary(sample(CoinFlips(), seed=4, samples=1000), "flips"))
    ... # doctest: +ELLIPSIS
    sampled (Monte Carlo, not exact): 1,000 flips, seed 4, 1 worker, ... s; stopped at --samples
    """
    if run.stopped_by == "target-se":
        stop = f"stopped at the target standard error {run.target_se:g}"
    elif run.stopped_by == "max-seconds":
        stop = (f"stopped at --max-seconds (--samples {run.samples} --seed {run.seed} reproduces "
                "these figures)")
    else:
        stop = "stopped at --samples"
    return (f"sampled (Monte Carlo, not exact): {run.samples:,} {what}, seed {run.seed}, "
            f"{run.workers} worker{'s' if run.workers > 1 else ''}, {run.seconds:.2f} s; {stop}")


def _one_line(message: str) -> str:
    """One line of at most ``_MAX_LINE`` characters, long words cut (a backstop for echoes)."""
    # an input cut by quoted() is at most 86 characters with its quotes and a colon
    words = [w if len(w) <= 100 else w[:96] + "..." for w in str(message).split()]
    line = " ".join(words)
    return line if len(line) <= _MAX_LINE else line[:_MAX_LINE - 3] + "..."


def fail(message: str, code: int = 2) -> None:
    """Print ``message`` as one line on stderr and exit with ``code``."""
    sys.stderr.write(f"guts-odds: error: {_one_line(message)}\n")
    sys.exit(code)


def _os_message(exc: OSError) -> str:
    """One line for an OSError: its own message if it names the file, else 'cannot use FILE'."""
    text = exc.strerror or str(exc) or type(exc).__name__
    name = exc.filename
    if name is not None and str(name) not in text:
        text = f"cannot use {quoted(str(name))}: {text}"
    return text


def _debug(args: list[str]) -> tuple[list[str], bool]:
    """``--debug`` anywhere before ``--``: taken out of the arguments, and whether it was there."""
    cut = args.index("--") if "--" in args else len(args)
    kept = [a for a in args[:cut] if a != "--debug"]
    return kept + args[cut:], len(kept) < cut


def run(app: typer.Typer, argv: list[str] | None = None) -> None:
    """Run the app on ``argv`` (default: the command line) inside the one error boundary.

    Bad input -> one line, exit 2; the environment -> one line, exit 1; another exception ->
    one line naming it, exit 1; Ctrl-C -> ``interrupted``, exit 130. ``--debug`` (anywhere
    before ``--``) lets the exception through, with its traceback.
    """
    args, debug = _debug(list(sys.argv[1:] if argv is None else argv))
    try:
        command = typer.main.get_command(app)
        rv = command.main(args=args, prog_name="guts-odds", standalone_mode=False)
    except KeyboardInterrupt:
        rv = _INTERRUPTED
    except _CLICK_ERRORS as exc:
        if debug:
            raise
        err = cast(_ClickError, exc)
        message = err.format_message()
        if not message.strip():  # no command given: typer printed the help
            message = "no command given: choose one of the commands above"
        fail(message, err.exit_code)
    except _ABORTS:
        if debug:
            raise
        fail("aborted", 1)
    except (CardError, ValueError, OverflowError) as exc:
        if debug:
            raise
        fail(str(exc))
    except OSError as exc:  # OutputBusy too: its message as is
        if debug:
            raise
        fail(_os_message(exc), 1)
    except MemoryError:
        if debug:
            raise
        fail("out of memory: ask for a smaller computation (fewer opponents, a later street)", 1)
    except Exception as exc:
        if debug:
            raise
        fail(f"internal error ({type(exc).__name__}: {quoted(str(exc), repr_=False)}); "
             "rerun with --debug for the traceback", 1)
    if rv == _INTERRUPTED:
        sys.stderr.write("interrupted\n")
        sys.exit(_INTERRUPTED)
    if isinstance(rv, int) and rv:
        sys.exit(rv)
