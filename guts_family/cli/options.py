"""options: the ``guts-odds`` commands' own options - their help, the money amounts, the
method (exact or sampled) options, the opponents' shown cards and the output folder.

The conventions every option follows (flags, ``--version``, an old name kept for a release)
are :mod:`toolkit_cli.options`'; the checks shared with ``twentyone-burn`` (seconds, counts)
are :mod:`toolkit_cli.checks`'. Like every ``guts-odds`` command module it imports no game,
numpy or numba: the names the help shows come from :mod:`guts_family.defaults`, and the checks
here answer a usage error before a command imports its computation.

>>> parse_amount("12.5", "pot"), parse_opponent_cards(["Ah", "2c 3c"])
(12.5, [[50], [0, 4]])
"""

from __future__ import annotations

import errno
import os
import re
from pathlib import Path
from typing import overload

from guts_family.cards import parse_cards, quoted
from guts_family.defaults import GAME_NAMES, PLAYER_TIE_RULES, TIE_RULES, game_key

__all__ = ["GAME_HELP", "TIE_HELP", "PTIE_HELP", "LIMIT_HELP", "EXACT_HELP", "SAMPLE_HELP",
           "TARGET_SE_HELP", "SAMPLES_HELP", "SEED_HELP", "WORKERS_HELP", "MAX_AMOUNT",
           "MAX_AMOUNT_TEXT", "check_amount_text", "parse_amount", "check_method_options",
           "parse_opponent_cards", "check_out_folder", "check_game"]

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
    if (seed, target_se, samples, workers) != (None, None, None, None):
        from guts_family.sampling import check_sampling  # numpy: only for a sampling option
        check_sampling(seed, target_se, samples, workers)
    if exact and sample:
        raise ValueError("--exact and --sample exclude each other: give one")
    given = [name for name, v in (("--target-se", target_se), ("--samples", samples),
                                  ("--seed", seed), ("--workers", workers)) if v is not None]
    if exact and given:
        raise ValueError(f"{', '.join(given)} only apply to sampling: drop "
                         f"{'them' if len(given) > 1 else 'it'} or --exact")


def parse_opponent_cards(values: list[str] | None) -> list[list[int]]:
    """The shown cards of each opponent given with ``--opponent-cards``."""
    return [parse_cards(v) for v in (values or [])]


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


def check_game(name: str) -> str:
    """The game a ``--game`` (or GAME) value names, checked without importing the games; an
    unknown name is echoed cut to 80 characters.

    >>> check_game("Phoenix-Burn")
    'phoenix'
    >>> check_game("holdem")
    Traceback (most recent call last):
    ...
    ValueError: unknown game 'holdem': choose one of phoenix, guts321, challenge
    """
    key = game_key(name)
    if key is None:
        raise ValueError(f"unknown game {quoted(name)}: choose one of {', '.join(GAME_NAMES)}")
    return key

