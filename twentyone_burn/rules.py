"""rules: every option of 21 Burn in one frozen, hashable object; TOML in, canonical JSON out.

The defaults are the rule sheet (``shared/rules/21-burn.txt``). Where the sheet is silent or
ambiguous the option says so in its comment, and its default is documented in the README.

>>> r = Rules()
>>> r.decks, r.hit_soft_17, r.max_hands
(6, True, 4)
>>> len(r.rules_hash)
64
>>> Rules.from_dict({"decks": "inf"}).infinite
True
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import math
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

DOUBLE_ON_CHOICES = ("any", "9-11", "10-11")
MAX_DECKS = 100_000  # casino shoes use 1-8; larger finite shoes are for convergence checks


class RulesError(ValueError):
    """A rules file or option that cannot be used; the message says what and how to fix it."""


@dataclass(frozen=True)
class Rules:
    """The rules of one 21 Burn game (defaults: the rule sheet).

    decks: number of 52-card decks in the shoe, or ``None`` for an infinite deck.
    hit_soft_17: the dealer hits soft 17 (rule sheet: yes).
    max_hands: most player hands after splits and resplits (rule sheet: four).
    resplit_aces: a split ace that draws an ace may be split again (sheet silent: no).
    double_after_split: a split hand may double (rule sheet: yes).
    double_on: which two-card totals may double: "any", "9-11" or "10-11" (sheet: any).
    mandatory_split: a kept pair must be split (rule sheet: yes; no = the player may choose).
    split_aces_one_card: split aces get one card each (rule sheet: yes).
    win_pays: what a winning hand pays per unit wagered (sheet: even money, 1).
    commission: fraction of a win kept by the house (sheet: none, 0).
    dealer_22_pushes: a dealer total of 22 pushes every standing player hand (sheet: no).
    ties_lose: equal totals lose instead of pushing (sheet: ties push, so no).
    """

    decks: int | None = 6
    hit_soft_17: bool = True
    max_hands: int = 4
    resplit_aces: bool = False
    double_after_split: bool = True
    double_on: str = "any"
    mandatory_split: bool = True
    split_aces_one_card: bool = True
    win_pays: float = 1.0
    commission: float = 0.0
    dealer_22_pushes: bool = False
    ties_lose: bool = False

    def __post_init__(self) -> None:
        d = self.decks
        if d is not None and (isinstance(d, bool) or not isinstance(d, int)):
            raise RulesError(f"decks must be a whole number from 1 to 8 or 'inf', not {d!r}")
        if d is not None and not 1 <= d <= MAX_DECKS:
            raise RulesError(f"decks must be from 1 to 8 (or 'inf'), not {d}")
        if not isinstance(self.max_hands, int) or not 2 <= self.max_hands <= 4:
            raise RulesError(f"max_hands must be 2, 3 or 4, not {self.max_hands!r}")
        if self.double_on not in DOUBLE_ON_CHOICES:
            raise RulesError(
                f"double_on must be one of {', '.join(DOUBLE_ON_CHOICES)}, not {self.double_on!r}"
            )
        for name in ("hit_soft_17", "resplit_aces", "double_after_split", "mandatory_split",
                     "split_aces_one_card", "dealer_22_pushes", "ties_lose"):
            if not isinstance(getattr(self, name), bool):
                raise RulesError(f"{name} must be true or false, not {getattr(self, name)!r}")
        if not (isinstance(self.win_pays, (int, float)) and 0 < self.win_pays <= 100
                and math.isfinite(self.win_pays)):
            raise RulesError(f"win_pays must be a number above 0 (even money = 1), not {self.win_pays!r}")
        if not (isinstance(self.commission, (int, float)) and 0 <= self.commission < 1):
            raise RulesError(f"commission must be a fraction from 0 to below 1, not {self.commission!r}")
        object.__setattr__(self, "win_pays", float(self.win_pays))
        object.__setattr__(self, "commission", float(self.commission))

    # -- predicates the engine asks (a variant changes these, not the recursion) --------------
    @property
    def infinite(self) -> bool:
        """True for an infinite deck."""
        return self.decks is None

    def may_double(self, hard_total: int, soft: bool, split_hand: bool) -> bool:
        """May a two-card hand with this hard total (aces as 1) double?

        >>> Rules(double_on="10-11").may_double(10, False, False)
        True
        >>> Rules(double_on="10-11").may_double(9, False, False)
        False
        """
        if split_hand and not self.double_after_split:
            return False
        if self.double_on == "any":
            return True
        total = hard_total + 10 if soft and hard_total + 10 <= 21 else hard_total
        low = 9 if self.double_on == "9-11" else 10
        # A soft hand counts by its hard total (A-8 is not an "11"), as on most tables.
        return not soft and low <= total <= 11

    def may_resplit(self, pair_rank: int) -> bool:
        """May a split hand that draws a second pair card split again (rank 0 = ace)?"""
        return pair_rank != 0 or self.resplit_aces

    @property
    def win_amount(self) -> float:
        """Net units won by a winning unit wager, after commission."""
        return self.win_pays * (1.0 - self.commission)

    # -- serialisation --------------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        """All options as plain values (decks ``"inf"`` for an infinite deck)."""
        d = dataclasses.asdict(self)
        d["decks"] = "inf" if self.decks is None else self.decks
        return d

    def canonical_json(self) -> str:
        """Sorted, compact JSON of every option: the text the rules hash is taken of."""
        return json.dumps(self.to_dict(), sort_keys=True, separators=(",", ":"))

    @property
    def rules_hash(self) -> str:
        """SHA-256 of the canonical JSON."""
        return hashlib.sha256(self.canonical_json().encode()).hexdigest()

    def to_toml(self) -> str:
        """The rules as a TOML file that :meth:`from_toml` reads back to an equal object."""
        lines = ["# 21 Burn rules (twentyone-burn)"]
        for k, v in self.to_dict().items():
            if isinstance(v, bool):
                lines.append(f"{k} = {'true' if v else 'false'}")
            elif isinstance(v, str):
                lines.append(f'{k} = "{v}"')
            else:
                lines.append(f"{k} = {v!r}")
        return "\n".join(lines) + "\n"

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> "Rules":
        """Build from plain values, rejecting unknown keys with the list of known ones."""
        known = {f.name for f in dataclasses.fields(cls)}
        unknown = sorted(set(data) - known)
        if unknown:
            raise RulesError(
                f"unknown rules key {unknown[0]!r}; known keys: {', '.join(sorted(known))}"
            )
        data = dict(data)
        if "decks" in data:
            data["decks"] = parse_decks(data["decks"])
        return cls(**data)

    @classmethod
    def from_toml(cls, path: str | Path) -> "Rules":
        """Load a rules file; a missing or malformed file raises RulesError naming it."""
        p = Path(path)
        try:
            text = p.read_text()
        except OSError as e:
            raise RulesError(f"cannot read rules file {p}: {e.strerror or e}") from None
        try:
            data = tomllib.loads(text)
        except tomllib.TOMLDecodeError as e:
            raise RulesError(f"rules file {p} is not valid TOML: {e}") from None
        try:
            return cls.from_dict(data)
        except RulesError as e:
            raise RulesError(f"rules file {p}: {e}") from None
        except TypeError as e:  # pragma: no cover - defensive
            raise RulesError(f"rules file {p}: {e}") from None

    def replace(self, **changes: Any) -> "Rules":
        """A copy with some options changed (validated)."""
        return dataclasses.replace(self, **changes)


def parse_decks(value: Any) -> int | None:
    """Read a deck count: a whole number, or "inf"/"infinite" for an infinite deck.

    >>> parse_decks("inf") is None, parse_decks("6"), parse_decks(2)
    (True, 6, 2)
    """
    if value is None:
        return None
    if isinstance(value, str):
        v = value.strip().lower()
        if v in ("inf", "infinite", "infinity"):
            return None
        try:
            return int(v)
        except ValueError:
            raise RulesError(f"decks must be a whole number from 1 to 8 or 'inf', not {value!r}") from None
    if isinstance(value, float) and math.isinf(value):
        return None
    if isinstance(value, float) and value.is_integer():
        return int(value)
    return value


STANDARD = Rules()
