"""space: the design knobs, their default value lists and the rule sets a search values.

A knob is one option of :class:`~twentyone_burn.rules.Rules` an inventor may change; each has a
default list of values (:data:`KNOBS`), which ``--knobs name=v1|v2`` replaces. A search values
the base rules and every combination of at most ``max_changes`` knobs set away from the base
(:func:`rule_sets`). Light: no numpy, so the command line checks its input without the engine.

>>> [k for k in DEFAULT_KNOBS][:3]
['dealer_burn', 'dealer_bust_push', 'ties_lose_from']
>>> sets = rule_sets(Rules(), parse_knobs("dealer_burn,ties_lose_from=17|19"), 1)
>>> [s.words for s in sets]
['the rule sheet', 'the dealer burns its lowest card', 'no dealer burn (a two-card dealer)', \
'every tie loses', 'ties of 19 or more lose']
>>> parse_knobs("insurance")
Traceback (most recent call last):
...
twentyone_burn.design.space.DesignError: unknown knob 'insurance'; knobs: dealer_burn, \
dealer_bust_push, ties_lose_from, hit_soft_17, double_on, max_hands, double_after_split, \
win_pays, commission, decks, resplit_aces, split_aces_one_card, mandatory_split
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from ..rules import Rules, RulesError, format_odds, parse_decks, parse_odds, shorten

__all__ = ["DEFAULT_KNOBS", "KNOBS", "MAX_RULE_SETS", "WIN_PAYS", "DesignError", "Knob",
           "RuleSet", "change_words", "parse_knobs", "rule_sets", "toml_value"]

#: the most rule sets one search values (a larger space: fewer knobs or changes)
MAX_RULE_SETS = 20_000


class DesignError(ValueError):
    """A design search that cannot be run as asked (one line: what and how to fix it)."""


# -- values as text --------------------------------------------------------------------------
def _bool(name: str, text: str) -> bool:
    t = text.strip().lower()
    if t in ("true", "yes", "on", "1"):
        return True
    if t in ("false", "no", "off", "0"):
        return False
    raise DesignError(f"knob {name}: {shorten(text)} is not true or false")


def _optional_int(name: str, text: str) -> int | None:
    t = text.strip().lower()
    if t in ("none", "off"):
        return None
    if not t.isdigit() or len(t) > 6:
        raise DesignError(f"knob {name}: {shorten(text)} is not none or a whole number")
    return int(t)


def _int(name: str, text: str) -> int:
    t = text.strip()
    if not t.isdigit() or len(t) > 6:
        raise DesignError(f"knob {name}: {shorten(text)} is not a whole number")
    return int(t)


def _str(name: str, text: str) -> str:
    return text.strip().lower()


def _odds(name: str, text: str) -> Fraction:
    try:
        return parse_odds(name, text.strip())
    except RulesError as e:
        raise DesignError(f"knob {e}") from None


def _share(name: str, text: str) -> float:
    t = text.strip()
    percent = t.endswith("%")
    try:
        x = float(t[:-1] if percent else t) if len(t) <= 40 else math.nan
    except ValueError:
        x = math.nan
    x = x / 100 if percent else x
    if not (math.isfinite(x) and 0 <= x < 1):
        raise DesignError(f"knob {name}: {shorten(text)} is not a share from 0 to below 1 "
                          "(0.05 or 5%)")
    return x


def _decks(name: str, text: str) -> int | None:
    try:
        return parse_decks(text)
    except RulesError as e:
        raise DesignError(f"knob {name}: {e}") from None


def _pct(x: float) -> str:
    return f"{100 * x:g}%"


# -- the knobs ---------------------------------------------------------------------------------
@dataclass(frozen=True)
class Knob:
    """One option a search may change: its :class:`Rules` field (the TOML key), its default
    values, how a value is read from ``--knobs`` and said in words.

    >>> KNOBS["win_pays"].words(Fraction(4, 5)), KNOBS["ties_lose_from"].words(20)
    ('wins pay 4:5', 'ties of 20 or more lose')
    """

    name: str
    values: tuple[Any, ...]
    parse: Callable[[str, str], Any]
    say: Callable[[Any], str]
    about: str

    def words(self, value: Any) -> str:
        """The value in words, as the table's rule changes say it."""
        return self.say(value)


def _burn_words(v: Any) -> str:
    return {"highest": "the dealer burns its highest card (the rule sheet)",
            "lowest": "the dealer burns its lowest card",
            "none": "no dealer burn (a two-card dealer)"}.get(v, f"dealer burn {v}")


def _push_words(v: Any) -> str:
    return {None: "every dealer bust pays", 22: "a dealer 22 pushes",
            23: "a dealer 22 or 23 pushes"}.get(v, f"dealer bust push {v}")


def _tie_words(v: Any) -> str:
    if v is None:
        return "ties push"
    return "every tie loses" if v == 17 else f"ties of {v} or more lose"


def _double_words(v: Any) -> str:
    return "double on any two cards" if v == "any" else f"double on {v} only"


#: printable wins from even money down to 1:2: every twentieth, and the thirds, sixths and
#: eighths between (15 odds; denominators at most 20, as ``tune`` prints them)
WIN_PAYS: tuple[Fraction, ...] = tuple(sorted(
    {Fraction(k, 20) for k in range(10, 21)}
    | {Fraction(2, 3), Fraction(5, 6), Fraction(5, 8), Fraction(7, 8)}, reverse=True))

#: every knob, in the order a search lists them; the first eight are searched by default
KNOBS: dict[str, Knob] = {k.name: k for k in (
    Knob("dealer_burn", ("highest", "lowest", "none"), _str, _burn_words,
         "which card the dealer burns: highest, lowest, none"),
    Knob("dealer_bust_push", (None, 22, 23), _optional_int, _push_words,
         "a dealer bust up to this total pushes: none, 22, 23"),
    Knob("ties_lose_from", (None, 17, 18, 19, 20, 21), _optional_int, _tie_words,
         "ties on this total or more lose: none, 17-21"),
    Knob("hit_soft_17", (True, False), _bool,
         lambda v: "the dealer hits soft 17" if v else "the dealer stands on soft 17",
         "the dealer hits soft 17: true, false"),
    Knob("double_on", ("any", "9-11", "10-11"), _str, _double_words,
         "which two-card totals may double: any, 9-11, 10-11"),
    Knob("max_hands", (4, 3, 2), _int, lambda v: f"at most {v} hands after splits",
         "most hands after splits: 4, 3, 2"),
    Knob("double_after_split", (True, False), _bool,
         lambda v: "double after split" if v else "no double after split",
         "a split hand may double: true, false"),
    Knob("win_pays", WIN_PAYS, _odds, lambda v: f"wins pay {format_odds(v)}",
         "a win pays: " + ", ".join(format_odds(v) for v in WIN_PAYS)),
    Knob("commission", tuple(k / 200 for k in range(21)), _share,
         lambda v: f"a {_pct(v)} commission on wins" if v else "no commission",
         "the house's share of a win: 0 to 10% in 0.5% steps"),
    Knob("decks", (1, 2, 4, 6, 8), _decks,
         lambda v: "an infinite deck" if v is None else f"{v} deck{'s' if v != 1 else ''}",
         "decks in the shoe: 1, 2, 4, 6, 8"),
    Knob("resplit_aces", (False, True), _bool,
         lambda v: "split aces may resplit" if v else "split aces do not resplit",
         "split aces may resplit: false, true"),
    Knob("split_aces_one_card", (True, False), _bool,
         lambda v: "split aces take one card" if v else "split aces are played out",
         "split aces take one card each: true, false"),
    Knob("mandatory_split", (True, False), _bool,
         lambda v: "a kept pair must split" if v else "splitting a kept pair is optional",
         "a kept pair must be split: true, false"),
)}
#: the knobs searched when ``--knobs`` is not given: the house-favouring rule changes and the
#: payout (commission is left out: with wins paying less it only repeats the same edges)
DEFAULT_KNOBS: tuple[str, ...] = ("dealer_burn", "dealer_bust_push", "ties_lose_from",
                                  "hit_soft_17", "double_on", "max_hands",
                                  "double_after_split", "win_pays")


def toml_value(value: Any) -> str:
    """A knob value as a rules file writes it.

    >>> toml_value(Fraction(4, 5)), toml_value(None), toml_value(True), toml_value("lowest")
    ('"4:5"', '"none"', 'true', '"lowest"')
    >>> toml_value(0.025), toml_value(1)
    ('0.025', '1')
    """
    if value is None:
        return '"none"'
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, Fraction):
        return f'"{value.numerator}:{value.denominator}"'
    if isinstance(value, str):
        return f'"{value}"'
    return repr(value)


def parse_knobs(text: str | None) -> dict[str, tuple[Any, ...]]:
    """The knobs of ``--knobs``: comma-separated names (``-`` or ``_``), each with its default
    values or with its own as ``name=v1|v2|...``; None: :data:`DEFAULT_KNOBS`.

    >>> parse_knobs("win-pays=4:5|0.9, hit_soft_17")
    {'win_pays': (Fraction(4, 5), Fraction(9, 10)), 'hit_soft_17': (True, False)}
    """
    if text is None:
        return {k: KNOBS[k].values for k in DEFAULT_KNOBS}
    out: dict[str, tuple[Any, ...]] = {}
    for part in text.split(","):
        part = part.strip()
        if not part:
            continue
        name, sep, values = part.partition("=")
        name = name.strip().lower().replace("-", "_")
        if name not in KNOBS:
            raise DesignError(f"unknown knob {shorten(name)}; knobs: {', '.join(KNOBS)}")
        if name in out:
            raise DesignError(f"knob {name} is given twice; give each knob once")
        knob = KNOBS[name]
        if sep:
            vals = [v for v in values.split("|") if v.strip()]
            if not vals:
                raise DesignError(f"knob {name}= has no values; write {name}=v1|v2")
            parsed = [knob.parse(name, v) for v in vals]
            out[name] = tuple(dict.fromkeys(parsed))
        else:
            out[name] = knob.values
    if not out:
        raise DesignError("--knobs names no knob; give e.g. win_pays,ties_lose_from")
    return out


# -- the rule sets ---------------------------------------------------------------------------
@dataclass(frozen=True)
class RuleSet:
    """One rule set of a search: the base rules with ``changes`` ((knob, value) pairs, in the
    knobs' order) applied."""

    changes: tuple[tuple[str, Any], ...]
    rules: Rules

    @property
    def words(self) -> str:
        """The changes in words, "; " between them ("the rule sheet" for none)."""
        return change_words(self.changes)

    @property
    def toml(self) -> str:
        """The changes as rules-file keys, "; " between them."""
        return "; ".join(f"{k} = {toml_value(v)}" for k, v in self.changes)


def change_words(changes: Sequence[tuple[str, Any]]) -> str:
    """Rule changes in words.

    >>> change_words([("dealer_bust_push", 22), ("win_pays", Fraction(9, 10))])
    'a dealer 22 pushes; wins pay 9:10'
    """
    if not changes:
        return "the rule sheet"
    return "; ".join(KNOBS[k].words(v) for k, v in changes)


def _same(a: Any, b: Any) -> bool:
    """Is a knob value the base's (1 and Fraction(1), 0 and 0.0 are the same payout)?"""
    return a == b and isinstance(a, bool) == isinstance(b, bool)


def rule_sets(base: Rules, knobs: dict[str, tuple[Any, ...]], max_changes: int) -> list[RuleSet]:
    """The base rules and every rule set that changes 1 to ``max_changes`` of the knobs away
    from the base's value, fewest changes first, then in the knobs' and values' order; every
    one built (a combination the engine cannot value raises :class:`DesignError` naming it).

    >>> len(rule_sets(Rules(), parse_knobs(None), 2))
    331
    """
    if isinstance(max_changes, bool) or not isinstance(max_changes, int) or max_changes < 1:
        raise DesignError(f"--max-changes must be a whole number from 1 up, not "
                          f"{shorten(max_changes)}")
    if base.classic:
        raise DesignError("a design search is for 21 Burn's three-card deal, not the classic "
                          "deal")
    moves = {k: [v for v in vals if not _same(v, getattr(base, k))] for k, vals in knobs.items()}
    names = list(knobs)
    size = 1 + sum(math.prod(len(moves[k]) for k in combo)
                   for n in range(1, min(max_changes, len(names)) + 1)
                   for combo in itertools.combinations(names, n))
    if size > MAX_RULE_SETS:
        raise DesignError(f"the search would value {size:,} rule sets (at most "
                          f"{MAX_RULE_SETS:,}); give fewer --knobs, fewer values or a smaller "
                          "--max-changes")
    out = [RuleSet((), base)]
    for n in range(1, min(max_changes, len(names)) + 1):
        for combo in itertools.combinations(names, n):
            for values in itertools.product(*(moves[k] for k in combo)):
                changes = tuple(zip(combo, values, strict=True))
                try:
                    rules = base.replace(**dict(changes))
                except (RulesError, TypeError) as e:
                    raise DesignError(f"the engine cannot value {change_words(changes)} "
                                      f"({'; '.join(f'{k} = {toml_value(v)}' for k, v in changes)}"
                                      f"): {e}") from None
                out.append(RuleSet(changes, rules))
    return out
