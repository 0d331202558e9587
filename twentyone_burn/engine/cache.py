"""cache: the on-disk result cache of the ``hand`` and ``dealer`` commands.

``hand`` needs the burns of one three-card deal, and the engine values every kept hand of an up
card at once (:func:`~twentyone_burn.engine.player_burn.kept_values`, about 1.5 s with numba's
start);
``dealer`` needs one outcome distribution (numba's start alone is about 0.7 s). So each answer
is kept in a small file and a second run reads it (about 0.1 s, without numpy or numba):

- ``hand-<rules hash>-<up>.json``: the burn choices of all 220 three-card deals against that up
  card (:func:`hand_choices`), exactly as ``hand --json`` prints them;
- ``dealer-<rules hash>-<up>.json``: the dealer's answers (:func:`dealer_answer`) for the last
  :data:`DEALER_ANSWERS` sets of removed cards asked for.

Each file's first line is a header: the format, the entry's key and the SHA-256 of the rest.
The key is the SHA-256 of the package version, the rules hash, the source of every module the
figures come from (``rules.py``, ``shoe.py``, ``tables.py``, ``engine/*.py``), the Python,
numpy and numba versions and the machine type, so an entry made by other code or for other
rules is never used; a header that does not match, a file cut short or altered, or one that
cannot be read is recomputed and rewritten without a word. A hit gives the very bytes a miss
prints (floats pass through JSON unchanged). Files are written by the one atomic writer
(:func:`twentyone_burn.io.write_file`); a cache that cannot be written is skipped.

Where: ``$TWENTYONE_BURN_CACHE`` (``off`` turns the cache off), else
``$XDG_CACHE_HOME/twentyone-burn``, else ``~/.cache/twentyone-burn``.

The engine is imported on a miss only (numba takes most of a second to start), so this module
imports nothing heavy.

>>> import os
>>> from unittest import mock
>>> from twentyone_burn.rules import Rules
>>> with mock.patch.dict(os.environ, {CACHE_ENV: "off"}):     # computed, nothing kept
...     burns = [c["burn"] for c in hand_choices(Rules(decks=None), 5, (4, 9, 9))]
...     answer = dealer_answer(Rules(decks=None), 9, [])
>>> burns                                                     # T T 5 v 6: burn the 5
['5', 'T']
>>> round(sum(answer.detail.values()), 12), sorted(answer.outcomes)
(1.0, ['17', '18', '19', '20', '21', 'bust'])
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..rules import Rules
from ..shoe import NRANKS, RANKS, three_card_multisets
from .disk import (
    CACHE_ENV,
    ENGINE_SOURCES,
    cache_folder,
    code_key,
    read_checked,
    read_code_key,
    source_key,
    write_checked,
)

__all__ = ["CACHE_ENV", "DEALER_ANSWERS", "DealerAnswer", "cache_folder", "dealer_answer",
           "entry_key", "hand_choices", "read_entry", "source_key", "write_entry"]

#: the removed-card sets a dealer entry keeps per rules and up card (the latest asked for)
DEALER_ANSWERS = 256
_FORMAT = 1
#: an entry larger than this is not one of ours
_MAX_BYTES = 8 << 20
#: the modules the cached figures come from, relative to the package
_SOURCES = ENGINE_SOURCES
#: the keys of one burn choice, in the order ``hand --json`` prints them
_CHOICE_KEYS = ("burn", "kept", "stand", "hit", "double", "split", "best_action", "ev",
                "expected_wager")
_DEALER_KEYS = ("17", "18", "19", "20", "21", "bust")


# what, besides the rules, the cached figures depend on (None: unknown, so nothing is
# cached): the engine's one code key, read once per process, and the sources as they are now
_code_key = code_key
_read_code_key = read_code_key


def entry_key(rules: Rules) -> str | None:
    """The key an entry for these rules must carry: the package version, the rules hash, the
    engine's source and the libraries it runs on (None: the cache cannot be used)."""
    code = _code_key()
    if code is None:
        return None
    return hashlib.sha256(f"{_FORMAT}\n{rules.rules_hash}\n{code}".encode()).hexdigest()


def _read(path: Path, key: str) -> Any:
    return read_entry(path, key)


def read_entry(path: Path, key: str, max_bytes: int = _MAX_BYTES) -> Any:
    """The body of the cache entry at ``path`` (a checksummed JSON header line, then the JSON
    body) if it is whole, at most ``max_bytes`` and carries ``key``, else None."""
    body = read_checked(path, key, max_bytes)
    if body is None:
        return None
    try:
        return json.loads(body)
    except (ValueError, RecursionError):  # not JSON (UnicodeDecodeError is a ValueError)
        return None


def _write(path: Path, key: str, body: Any) -> None:
    """Write an entry atomically; a cache that cannot be written is skipped, and so is an
    entry whose sources changed while it was computed (the key would not be the code's)."""
    if _read_code_key() != _code_key():
        return
    write_entry(path, key, body)


def write_entry(path: Path, key: str, body: Any) -> None:
    """Write a cache entry for :func:`read_entry` (its folder made); a cache that cannot be
    written is skipped."""
    write_checked(path, key, json.dumps(body, separators=(",", ":")).encode())


def _entry(rules: Rules, kind: str, up: int) -> tuple[Path, str] | None:
    folder = cache_folder()
    key = entry_key(rules) if folder is not None else None
    if folder is None or key is None:
        return None
    return folder / f"{kind}-{rules.rules_hash}-{RANKS[up]}.json", key


# -- hand ------------------------------------------------------------------------------------
def _deal_name(cards: tuple[int, int, int]) -> str:
    return ",".join(str(c) for c in cards)


def _all_choices(rules: Rules, up: int) -> dict[str, list[dict[str, Any]]]:
    """Every three-card deal's burn choices against ``up``, as ``hand --json`` prints them."""
    from ..tables import ACTION_NAMES
    from .player_burn import burn_choices, kept_values

    kv = kept_values(rules, up)
    out = {}
    for cards in three_card_multisets():
        out[_deal_name(cards)] = [{
            "burn": RANKS[ch.burn], "kept": [RANKS[ch.kept[0]], RANKS[ch.kept[1]]],
            "stand": ch.stand, "hit": ch.hit, "double": ch.double, "split": ch.split,
            "best_action": ACTION_NAMES[ch.action], "ev": ch.ev, "expected_wager": ch.wager,
        } for ch in burn_choices(kv, cards)]
    return out


def _is_number(x: Any) -> bool:
    return isinstance(x, float)


def _valid_choices(choices: Any, cards: tuple[int, int, int]) -> bool:
    """Are these the burn choices of ``cards`` in the form :func:`_all_choices` makes?"""
    burns = sorted(set(cards))
    if not (isinstance(choices, list) and len(choices) == len(burns)):
        return False
    seen = []
    for ch in choices:
        if not (isinstance(ch, dict) and tuple(ch) == _CHOICE_KEYS):
            return False
        b = RANKS.index(ch["burn"]) if ch["burn"] in RANKS else -1
        if b not in burns:
            return False
        rest = list(cards)
        rest.remove(b)
        if ch["kept"] != [RANKS[rest[0]], RANKS[rest[1]]]:
            return False
        if not all(_is_number(ch[k]) for k in ("stand", "hit", "ev", "expected_wager")):
            return False
        if not all(ch[k] is None or _is_number(ch[k]) for k in ("double", "split")):
            return False
        if ch["best_action"] not in ("stand", "hit", "double", "split"):
            return False
        seen.append(b)
    return sorted(seen) == burns


def hand_choices(rules: Rules, up: int, cards: tuple[int, int, int]) -> list[dict[str, Any]]:
    """The burns of a 21 Burn deal, best first
    (:func:`~twentyone_burn.engine.player_burn.burn_choices`) as the plain dictionaries
    ``hand --json`` prints, from the cache when it has them.

    ``cards``: the player's three ranks, sorted.
    """
    cards = (cards[0], cards[1], cards[2])
    entry = _entry(rules, "hand", up)
    if entry is not None:
        body = _read(*entry)
        if isinstance(body, dict) and body.get("up") == RANKS[up] \
                and isinstance(body.get("choices"), dict):
            choices = body["choices"].get(_deal_name(cards))
            if _valid_choices(choices, cards):
                return choices
    every = _all_choices(rules, up)
    if entry is not None:
        _write(entry[0], entry[1], {"rules_hash": rules.rules_hash, "up": RANKS[up],
                                    "choices": every})
    return every[_deal_name(cards)]


# -- dealer ----------------------------------------------------------------------------------
@dataclass(frozen=True)
class DealerAnswer:
    """What ``dealer`` prints: the 8 outcome probabilities by name
    (:data:`~twentyone_burn.engine.dealer.OUTCOME_NAMES`: 17 to 21, 22, 23, 24 and more) and the
    outcomes it shows (17 to 21 and bust, and the classic deal's natural when it has one)."""

    detail: dict[str, float]
    outcomes: dict[str, float]

    @property
    def complete(self) -> bool:
        """Does the dealer finish every hand from this shoe (a shoe too small does not)?"""
        return sum(self.detail.values()) > 1 - 1e-9


def _outcome_dict(d: Any) -> dict[str, float]:
    """:func:`twentyone_burn.engine.results.outcome_dict` (that module imports pandas; a test
    checks the two agree)."""
    res = {str(17 + i): float(d[i]) for i in range(5)}
    res["bust"] = float(sum(d[5:]))
    return res


def _compute_dealer(rules: Rules, up: int, gone: list[int]) -> DealerAnswer:
    from ..shoe import full_shoe, remove_cards
    from .dealer import OUTCOME_NAMES, dealer_distribution

    unseen = None if rules.infinite else remove_cards(full_shoe(rules.decks), gone + [up])
    d = dealer_distribution(rules, up, unseen)
    answer = DealerAnswer({name: float(x) for name, x in zip(OUTCOME_NAMES, d)},
                          _outcome_dict(d))
    if answer.complete and rules.classic and rules.naturals != "none":
        from .classic import dealer_row  # a dealer natural is its own outcome, not a 21
        shoe = None if unseen is None else remove_cards(full_shoe(rules.decks), gone)
        return DealerAnswer(answer.detail, dealer_row(rules, up, shoe))
    return answer


def _removed_name(gone: list[int]) -> str:
    counts = [0] * NRANKS
    for r in gone:
        counts[r] += 1
    return ",".join(str(c) for c in counts)


def _valid_answer(a: Any, classic: bool) -> bool:
    if not isinstance(a, dict) or set(a) != {"detail", "outcomes"}:
        return False
    detail, outcomes = a["detail"], a["outcomes"]
    keys = _DEALER_KEYS + (("natural",) if classic else ())
    return (isinstance(detail, dict) and len(detail) == 8
            and all(map(_is_number, detail.values()))
            and isinstance(outcomes, dict) and tuple(outcomes) == keys
            and all(map(_is_number, outcomes.values())))


def dealer_answer(rules: Rules, up: int, gone: list[int]) -> DealerAnswer:
    """The dealer's outcomes for an up card and the cards gone from the shoe (checked by the
    caller: the shoe holds them), from the cache when it has them. An answer that is not
    :attr:`~DealerAnswer.complete` (the shoe is too small) is not kept.
    """
    classic = rules.classic and rules.naturals != "none"
    name = _removed_name(gone)
    entry = _entry(rules, "dealer", up)
    answers: dict[str, Any] = {}
    if entry is not None:
        body = _read(*entry)
        if isinstance(body, dict) and body.get("up") == RANKS[up] \
                and isinstance(body.get("answers"), dict):
            answers = body["answers"]
            a = answers.get(name)
            if a is not None and _valid_answer(a, classic):
                return DealerAnswer(dict(a["detail"]), dict(a["outcomes"]))
    answer = _compute_dealer(rules, up, gone)
    if entry is not None and answer.complete:
        kept = {k: v for k, v in answers.items() if k != name and _valid_answer(v, classic)}
        kept = dict(list(kept.items())[-(DEALER_ANSWERS - 1):]) if DEALER_ANSWERS > 1 else {}
        kept[name] = {"detail": answer.detail, "outcomes": answer.outcomes}
        _write(entry[0], entry[1], {"rules_hash": rules.rules_hash, "up": RANKS[up],
                                    "answers": kept})
    return answer
