"""Shared pieces of the ``guts-odds`` commands: option help, amount parsing, output, errors.

Bad input (an unknown card, a card given twice, an unknown game, a pot or limit that is not
positive, a usage error) ends the command with one line on stderr and exit code 2 (see
:func:`run`).
"""

from __future__ import annotations

import json
import sys
from typing import Protocol, cast, overload

import typer

from guts_family.cards import CardError, cards_str, parse_cards
from guts_family.games import GAME_NAMES
from guts_family.odds import PLAYER_TIE_RULES, TIE_RULES, FieldOdds

__all__ = ["GAME_HELP", "TIE_HELP", "PTIE_HELP", "parse_amount", "pct", "emit", "odds_text",
           "parse_opponent_cards", "fail", "run"]

# Usage errors (unknown option, bad integer...) are click exceptions; recent typer vendors its
# own click and no longer depends on the click package, so find the class through typer.
_CLICK_ERRORS: tuple[type[Exception], ...] = tuple(
    c for c in typer.BadParameter.__mro__
    if c.__name__ == "ClickException" and issubclass(c, Exception))
_ABORTS = (typer.Abort,)


class _ClickError(Protocol):
    """What a click exception offers: its message and its exit code."""

    exit_code: int

    def format_message(self) -> str: ...


GAME_HELP = f"Game: {', '.join(GAME_NAMES)}."
TIE_HELP = (f"Tie with the pot's/dummy/dealer hand: {', '.join(TIE_RULES)} "
            "(default: the game's, see docs/guts.md).")
PTIE_HELP = f"Tie between players only: {', '.join(PLAYER_TIE_RULES)} (default split)."


@overload
def parse_amount(text: str, what: str, allow_zero: bool = False) -> float: ...


@overload
def parse_amount(text: str | None, what: str, allow_zero: bool = False) -> float | None: ...


def parse_amount(text: str | None, what: str, allow_zero: bool = False) -> float | None:
    """A money amount from the command line; None stays None.

    >>> parse_amount("12.5", "pot"), parse_amount(None, "limit")
    (12.5, None)
    >>> parse_amount("-3", "pot")
    Traceback (most recent call last):
    ...
    ValueError: --pot must be a positive amount, got '-3'
    """
    if text is None:
        return None
    try:
        value = float(text)
    except ValueError:
        raise ValueError(f"--{what} {text!r} is not a number: give e.g. --{what} 10") from None
    if value != value or value in (float("inf"), float("-inf")) or value < 0 or \
            (value == 0 and not allow_zero):
        kind = "zero or a positive" if allow_zero else "a positive"
        raise ValueError(f"--{what} must be {kind} amount, got {text!r}")
    return value


def pct(x: float) -> str:
    """A probability as a percentage, 8 wide with 4 decimals.

    >>> pct(0.5)
    ' 50.0000%'
    """
    return f"{100 * x:8.4f}%"


def emit(data: dict, as_json: bool, text: str) -> None:
    """Print ``data`` as one JSON object, or ``text``."""
    if as_json:
        typer.echo(json.dumps(data))
    else:
        typer.echo(text)


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


def fail(message: str, code: int = 2) -> None:
    """Print ``message`` as one line on stderr and exit with ``code``."""
    sys.stderr.write(f"guts-odds: error: {' '.join(str(message).split())}\n")
    sys.exit(code)


def run(app: typer.Typer, argv: list[str] | None = None) -> None:
    """Run the app on ``argv`` (default: the command line); bad input -> one line, exit code 2."""
    command = typer.main.get_command(app)
    try:
        rv = command.main(args=argv, prog_name="guts-odds", standalone_mode=False)
    except (CardError, ValueError) as exc:
        fail(str(exc))
    except _ABORTS:
        fail("aborted", 1)
    except _CLICK_ERRORS as exc:
        err = cast(_ClickError, exc)
        fail(err.format_message(), err.exit_code)
    else:
        if isinstance(rv, int) and rv:
            sys.exit(rv)
