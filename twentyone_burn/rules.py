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

__all__ = ["CLASSIC_KEYS", "DOUBLE_ON_CHOICES", "MAX_DECKS", "NATURALS_CHOICES",
           "POST_SPLIT_CHOICES", "PRESETS", "STANDARD", "SURRENDER_CHOICES", "load_rules",
           "parse_decks", "FILE_DECKS", "Rules", "RulesError", "shorten"]

DOUBLE_ON_CHOICES = ("any", "9-11", "10-11")
NATURALS_CHOICES = ("none", "peek", "enhc")
SURRENDER_CHOICES = ("none", "late")
POST_SPLIT_CHOICES = ("cdp-h", "cdz-", "cdp1")
#: options of the ordinary two-card deal (classic blackjack); not listed for 21 Burn's deal
CLASSIC_KEYS = ("player_cards", "dealer_burn", "naturals", "natural_pays", "surrender",
                "post_split")
MAX_DECKS = 100_000  # casino shoes use 1-8; larger finite shoes are for convergence checks
#: the documented range of a rules file and the command line: 1 to 8 decks (or "inf"); only
#: the Python API builds the larger shoes of the convergence checks
FILE_DECKS = 8
#: longest echo of a user's value in a message
SHORT = 80


class RulesError(ValueError):
    """A rules file or option that cannot be used; the message says what and how to fix it."""


def shorten(value: Any, limit: int = SHORT) -> str:
    """``repr(value)`` cut to ``limit`` characters, for echoing user input in a message.

    >>> shorten("x" * 1000)[-6:], len(shorten("x" * 1000))
    ('xxx...', 80)
    >>> shorten(2.5), shorten(10 ** 5000)[:24]
    ('2.5', 'a number of 5001 digits')
    """
    if isinstance(value, str):
        text = repr(value[:limit + 1])  # never repr() a megabyte
    else:
        try:
            text = repr(value)
        except ValueError:  # an int too long to print (sys.set_int_max_str_digits)
            return f"a number of {int(value.bit_length() * 0.30103) + 1} digits"
    return text if len(text) <= limit else text[:limit - 3] + "..."


def _number(name: str, value: Any, hint: str) -> float:
    """A finite real number (not a bool), or RulesError naming the option."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise RulesError(f"{name} must be a number ({hint}), not {shorten(value)}")
    try:
        x = float(value)
    except OverflowError:
        raise RulesError(f"{name} must be a number ({hint}), not {shorten(value)}") from None
    if not math.isfinite(x):
        raise RulesError(f"{name} must be a finite number ({hint}), not {shorten(value)}")
    return x


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

    Options that turn the game into ordinary blackjack (the classic mode; preset
    ``classic-blackjack``). With 21 Burn's deal they must keep their defaults, and they are
    then left out of the canonical JSON, so 21 Burn's rules hash does not depend on them:

    player_cards: 3 = 21 Burn's deal (three cards, one burned); 2 = the ordinary two-card deal.
    dealer_burn: the dealer takes three cards and burns the highest (21 Burn); false = one
        hole card, no burn (ordinary blackjack; needs player_cards = 2).
    naturals: "none" = a two-card 21 is an ordinary 21 (21 Burn); "peek" = naturals, and the
        dealer checks for one with an ace or ten up (US hole card: a dealer natural takes the
        original wager only; per-hand EVs are conditioned on no dealer natural); "enhc" =
        European no hole card (a dealer natural takes every wager, doubles and splits too).
    natural_pays: what a player natural pays (3:2 = 1.5, 6:5 = 1.2, 1:1 = 1).
    surrender: "late" = an unsplit two-card hand may give up half its wager after the peek
        (needs naturals = "peek").
    post_split: how split hands are played - "cdp-h" (21 Burn's: optimal for the hand's
        cards, the pair cards dealt to the split so far and how many second cards were not
        pair cards), "cdz-" (the optimum of an unsplit hand of the same cards, the other pair
        card forgotten), "cdp1" (the first split hand's optimum, on the shoe less both pair
        cards, for every split hand); see ``classic.py``.
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
    player_cards: int = 3
    dealer_burn: bool = True
    naturals: str = "none"
    natural_pays: float = 1.5
    surrender: str = "none"
    post_split: str = "cdp-h"

    def __post_init__(self) -> None:
        d = self.decks
        if d is not None and (isinstance(d, bool) or not isinstance(d, int)):
            raise RulesError(f"decks must be a whole number from 1 to 8 or 'inf', not "
                             f"{shorten(d)}")
        if d is not None and not 1 <= d <= MAX_DECKS:
            raise RulesError(f"decks must be from 1 to 8 (or 'inf'), not {shorten(d)}")
        if isinstance(self.max_hands, bool) or not isinstance(self.max_hands, int) \
                or not 2 <= self.max_hands <= 4:
            raise RulesError(f"max_hands must be 2, 3 or 4, not {shorten(self.max_hands)}")
        if not isinstance(self.double_on, str) or self.double_on not in DOUBLE_ON_CHOICES:
            raise RulesError(f"double_on must be one of {', '.join(DOUBLE_ON_CHOICES)}, not "
                             f"{shorten(self.double_on)}")
        for name in ("hit_soft_17", "resplit_aces", "double_after_split", "mandatory_split",
                     "split_aces_one_card", "dealer_22_pushes", "ties_lose"):
            if not isinstance(getattr(self, name), bool):
                raise RulesError(f"{name} must be true or false, not "
                                 f"{shorten(getattr(self, name))}")
        if not 0 < _number("win_pays", self.win_pays, "above 0; even money = 1") <= 100:
            raise RulesError("win_pays must be a number above 0 and at most 100 (even money = "
                             f"1), not {shorten(self.win_pays)}")
        if not 0 <= _number("commission", self.commission, "a fraction from 0 to below 1") < 1:
            raise RulesError("commission must be a fraction from 0 to below 1, not "
                             f"{shorten(self.commission)}")
        self._check_classic()
        object.__setattr__(self, "win_pays", float(self.win_pays))
        object.__setattr__(self, "natural_pays", float(self.natural_pays))
        object.__setattr__(self, "commission", float(self.commission))

    def _check_classic(self) -> None:
        if self.player_cards not in (2, 3) or isinstance(self.player_cards, bool):
            raise RulesError(f"player_cards must be 3 (21 Burn's deal) or 2 (the ordinary "
                             f"two-card deal), not {shorten(self.player_cards)}")
        if not isinstance(self.dealer_burn, bool):
            raise RulesError(f"dealer_burn must be true or false, not {shorten(self.dealer_burn)}")
        for name, choices in (("naturals", NATURALS_CHOICES), ("surrender", SURRENDER_CHOICES),
                              ("post_split", POST_SPLIT_CHOICES)):
            value = getattr(self, name)
            if not isinstance(value, str) or value not in choices:
                raise RulesError(f"{name} must be one of {', '.join(choices)}, not "
                                 f"{shorten(value)}")
        if not 0 < _number("natural_pays", self.natural_pays, "above 0; 3:2 = 1.5") <= 100:
            raise RulesError(f"natural_pays must be a number above 0 and at most 100 (3:2 = "
                             f"1.5), not {shorten(self.natural_pays)}")
        if self.player_cards == 3:
            wrong = [k for k in CLASSIC_KEYS[1:] if getattr(self, k) != _CLASSIC_DEFAULTS[k]]
            if wrong:
                raise RulesError(f"{wrong[0]} is an option of the two-card deal; set "
                                 "player_cards = 2 (or use --rules classic-blackjack)")
        if self.naturals != "none" and self.dealer_burn:
            raise RulesError("naturals need the ordinary two-card dealer; set dealer_burn = "
                             "false")
        if self.surrender != "none" and self.naturals != "peek":
            raise RulesError("late surrender is defined after the dealer's peek; set naturals "
                             "= \"peek\" or surrender = \"none\"")

    @property
    def classic(self) -> bool:
        """True for the ordinary two-card deal (classic mode)."""
        return self.player_cards == 2

    def natural_hole(self, up: int) -> int:
        """The hole-card rank that makes a dealer natural with this up card, or -1.

        >>> Rules(player_cards=2, dealer_burn=False, naturals="peek").natural_hole(0)
        9
        >>> Rules().natural_hole(0)
        -1
        """
        if self.naturals == "none":
            return -1
        return 9 if up == 0 else (0 if up == 9 else -1)

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
        if not self.classic:
            for k in CLASSIC_KEYS:
                del d[k]
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
    def from_dict(cls, data: dict[str, Any]) -> Rules:
        """Build from plain values, rejecting unknown keys with the list of known ones."""
        known = {f.name for f in dataclasses.fields(cls)}
        unknown = sorted(set(data) - known)
        if unknown:
            raise RulesError(
                f"unknown rules key {shorten(unknown[0])}; known keys: {', '.join(sorted(known))}"
            )
        empty = [k for k, v in data.items() if v is None]
        if empty:  # plain values never spell an infinite deck as None: that is "inf"
            raise RulesError(f"{empty[0]} has no value; give one (decks: a whole number from 1 "
                             "to 8 or \"inf\")")
        data = dict(data)
        if "decks" in data:
            data["decks"] = parse_decks(data["decks"])
        return cls(**data)

    @classmethod
    def from_toml(cls, path: str | Path) -> Rules:
        """Load a rules file; a missing or malformed file raises RulesError naming it."""
        p = Path(path)
        try:
            raw = p.read_bytes()
        except OSError as e:
            raise RulesError(f"cannot read rules file {p}: {e.strerror or e}") from None
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError as e:
            raise RulesError(f"rules file {p} is not UTF-8 text (byte {raw[e.start]:#04x} at "
                             f"position {e.start}); save it as UTF-8") from None
        try:
            data = tomllib.loads(text)
        except tomllib.TOMLDecodeError as e:
            raise RulesError(f"rules file {p} is not valid TOML: {e}") from None
        except RecursionError:
            raise RulesError(f"rules file {p} is nested too deeply to be a rules file; give "
                             "one key = value per option") from None
        try:
            rules = cls.from_dict(data)
        except RulesError as e:
            raise RulesError(f"rules file {p}: {e}") from None
        except TypeError as e:  # pragma: no cover - defensive
            raise RulesError(f"rules file {p}: {e}") from None
        stored = _stored_hash(text)
        if stored is not None and stored != rules.rules_hash:
            raise RulesError(f"rules file {p}: its '# rules hash:' line ({stored[:16]}...) is not "
                             f"the hash of its options ({rules.rules_hash[:16]}...): the file was "
                             "edited; delete that line or restore the options")
        return rules

    def replace(self, **changes: Any) -> Rules:
        """A copy with some options changed (validated)."""
        return dataclasses.replace(self, **changes)


def _stored_hash(text: str) -> str | None:
    r"""The hash a ``# rules hash: HEX`` comment line stores (written with chart rules files).

    >>> _stored_hash("decks = 6\n# rules hash: abc\n"), _stored_hash("decks = 6\n")
    ('abc', None)
    """
    for line in text.splitlines():
        head, sep, value = line.strip().partition("# rules hash:")
        if sep and not head:
            return value.strip()
    return None


def parse_decks(value: Any) -> int | None:
    """Read a deck count of a rules file or the command line: a whole number from 1 to 8, or
    "inf"/"infinite" for an infinite deck.

    >>> parse_decks("inf") is None, parse_decks("6"), parse_decks(2)
    (True, 6, 2)
    """
    if value is None:
        return None
    if isinstance(value, str):
        v = value.strip().lower()
        if v in ("inf", "infinite", "infinity"):
            return None
        if len(v) > 20 or not v.isdigit():
            raise RulesError("decks must be a whole number from 1 to 8 or 'inf', not "
                             f"{shorten(value)}")
        value = int(v)
    if isinstance(value, float):
        # only the string "inf" means an infinite deck: a float inf or nan is refused
        if not math.isfinite(value) or not value.is_integer():
            raise RulesError("decks must be a whole number from 1 to 8 or the string \"inf\", "
                             f"not {shorten(value)}")
        value = int(value)
    if isinstance(value, bool) or not isinstance(value, int):
        raise RulesError(f"decks must be a whole number from 1 to 8 or 'inf', not "
                         f"{shorten(value)}")
    if not 1 <= value <= FILE_DECKS:
        raise RulesError(f"decks must be from 1 to {FILE_DECKS} (or 'inf'), not {shorten(value)}")
    return value


PRESETS = ("21-burn", "classic-blackjack")


def load_rules(spec: str | Path) -> Rules:
    """Rules from a preset name (shipped inside the package) or a TOML file's path.

    >>> load_rules("classic-blackjack").naturals, load_rules("21-burn") == Rules()
    ('peek', True)
    """
    p = Path(spec)
    try:
        exists = p.exists()
    except OSError as e:
        raise RulesError(f"cannot read rules file {shorten(str(spec))}: {e.strerror or e}") \
            from None
    if str(spec) in PRESETS and not exists:
        from importlib import resources
        text = resources.files(__package__).joinpath("presets", f"{spec}.toml").read_text()
        return Rules.from_dict(tomllib.loads(text))
    if not exists:
        raise RulesError(f"no rules file {shorten(str(spec))}; give a TOML file's path or a "
                         f"preset: {', '.join(PRESETS)}")
    return Rules.from_toml(p)


_CLASSIC_DEFAULTS = {f.name: f.default for f in dataclasses.fields(Rules) if f.name in CLASSIC_KEYS}
STANDARD = Rules()
