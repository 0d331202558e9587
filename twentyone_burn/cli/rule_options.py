"""rule_options: the 21 Burn rule options of every ``twentyone-burn`` command, declared once.

The rule options are declared here once, in :data:`RULE_OPTIONS`; a command takes the ones it
needs with the :func:`rule_options` decorator, which adds them to its signature and hands it a
:class:`RuleArgs` that builds the :class:`~twentyone_burn.rules.Rules`.

>>> RuleArgs({"decks": "2", "s17": True}).build().decks
2
>>> RuleArgs({"decks": None}).given
False
"""

from __future__ import annotations

import functools
import inspect
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import typer

from toolkit_cli.checks import parse_share
from toolkit_cli.errors import InputError, shorten
from toolkit_cli.options import flag

from ..rules import STANDARD as SHEET
from ..rules import Rules, RulesError, load_rules, parse_decks
from .common import VersionOpt

__all__ = ["CLASSIC", "NO_RULES", "RULE_OPTIONS", "SHOE", "STANDARD", "RuleArgs",
           "rule_options"]


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
        base = Rules() if rules_file is None else _read_rules_file(rules_file)
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


def _read_rules_file(spec: str) -> Rules:
    """``--rules``: a preset, or a rules file read as one whole set of its folder (a design
    run's rules files, a chart's rules.toml): a write that was killed there mid-switch is
    rolled back first (:func:`twentyone_burn.io.read_settled`)."""
    try:
        is_file = Path(spec).is_file()
    except OSError:         # a name too long for a path: load_rules says what is wrong
        is_file = False
    if not is_file:
        return load_rules(spec)
    from ..io import read_settled
    return read_settled(spec, lambda: load_rules(spec))


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
