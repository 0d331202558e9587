"""rules: every option of 21 Burn in one frozen, hashable object; TOML in, canonical JSON out.

The defaults are the rule sheet. Where the sheet is silent or ambiguous the option says so in
its comment, and its default is documented in the README.

Every clause of the rule sheet the exact engine asks about is a predicate or attribute of
:class:`Rules` (``dealer_keeps``, ``dealer_draws``, ``must_split``, ``may_double``,
``may_resplit``, ``one_card_split``, ``payoff``, ``is_natural``, ...): a variant changes these,
not the engine's recursions (docs/architecture.md, "Rule -> code: 21 Burn", names each one).
The simulator keeps its own copy of the dealer and the settlement on purpose
(``sim/_kernel.py``), so it stays a second opinion.

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
from fractions import Fraction
from pathlib import Path
from typing import Any

from toolkit_cli.text import shorten  # the one echo of an input in a message, both tools'

__all__ = ["BURN_KEYS", "BURN_VALUE", "BUST_PUSH_CHOICES", "CLASSIC_KEYS", "DEALER_BURN_CHOICES",
           "DOUBLE_ON_CHOICES", "MAX_DECKS", "NATURALS_CHOICES", "POST_SPLIT_CHOICES",
           "PRESETS", "STANDARD", "SURRENDER_CHOICES", "TIE_TOTALS", "format_odds",
           "load_rules", "parse_decks", "parse_odds", "FILE_DECKS", "Rules", "RulesError",
           "shorten"]

DOUBLE_ON_CHOICES = ("any", "9-11", "10-11")
NATURALS_CHOICES = ("none", "peek", "enhc")
SURRENDER_CHOICES = ("none", "late")
POST_SPLIT_CHOICES = ("cdp-h", "cdz-", "cdp1")
#: which of its three cards the dealer burns: the highest (the rule sheet), the lowest (the
#: dealer keeps its best two), or none (a two-card dealer: one concealed card, no burn)
DEALER_BURN_CHOICES = ("highest", "lowest", "none")
#: each rank's value for the dealer's burn (ranks A, 2, ..., 9, T): the ace is the highest card
#: (11), tens 10, the others their pips (rule sheet: "an Ace has a value of 11")
BURN_VALUE = (11, 2, 3, 4, 5, 6, 7, 8, 9, 10)
#: the dealer bust totals that may push (``dealer_bust_push``): 22, or 22 and 23
BUST_PUSH_CHOICES = (22, 23)
#: the totals a tie can have (the dealer stands on 17 to 21): ``ties_lose_from``'s range
TIE_TOTALS = (17, 18, 19, 20, 21)
#: options of the ordinary two-card deal (classic blackjack); not listed for 21 Burn's deal
#: at their defaults
CLASSIC_KEYS = ("player_cards", "naturals", "natural_pays", "surrender", "post_split")
#: the classic options 21 Burn's deal takes too; listed in its canonical JSON only away from
#: the default, so the standard rules hash is the one published before they were its options
BURN_KEYS = ("post_split",)

MAX_DECKS = 100_000  # casino shoes use 1-8; larger finite shoes are for convergence checks
#: the documented range of a rules file and the command line: 1 to 8 decks (or "inf"); only
#: the Python API builds the larger shoes of the convergence checks
FILE_DECKS = 8


class RulesError(ValueError):
    """A rules file or option that cannot be used; the message says what and how to fix it."""


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


def _whole(name: str, value: Any, choices: tuple[int, ...], hint: str) -> None:
    """None, or a whole number among ``choices``; else RulesError naming the option."""
    if value is None:
        return
    if isinstance(value, bool) or not isinstance(value, int) or value not in choices:
        raise RulesError(f"{name} must be none or {hint}, not {shorten(value)}")


def parse_odds(name: str, value: Any) -> Fraction:
    """A payout, exactly: odds ``"p:q"`` (or ``"p/q"``), a decimal, or a number.

    A decimal means what it says in decimal (``0.9`` is 9:10, not the binary float nearest
    it), so a payout typed as a decimal and the same payout typed as odds are the same rules.

    >>> parse_odds("win_pays", "4:5"), parse_odds("win_pays", 0.9), parse_odds("x", "3/2")
    (Fraction(4, 5), Fraction(9, 10), Fraction(3, 2))
    >>> parse_odds("win_pays", "1:0")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    twentyone_burn.rules.RulesError: win_pays: odds '1:0' have a zero second number; ...
    """
    hint = "odds p:q such as 4:5 or 1:1, or a decimal such as 0.8"
    if isinstance(value, Fraction):
        odds = value
    elif isinstance(value, bool) or not isinstance(value, (int, float, str)):
        raise RulesError(f"{name} must be {hint}, not {shorten(value)}")
    elif isinstance(value, str) and (":" in value or "/" in value):
        p, _, q = value.replace("/", ":").partition(":")
        p, q = p.strip(), q.strip()
        if not (_plain_number(p) and q.isdigit()) or len(p) + len(q) > 40:
            raise RulesError(f"{name}: {shorten(value)} is not odds; write {hint}")
        if int(q) == 0:
            raise RulesError(f"{name}: odds {shorten(value)} have a zero second number; write "
                             "odds as p:q with q above 0, e.g. 4:5")
        odds = Fraction(p) / int(q)
    else:
        text = value.strip() if isinstance(value, str) else repr(value)
        if isinstance(value, float) and not math.isfinite(value):
            raise RulesError(f"{name} must be a finite number ({hint}), not {shorten(value)}")
        if not _plain_number(text) or len(text) > 40:
            raise RulesError(f"{name} must be {hint}, not {shorten(value)}")
        odds = Fraction(text)
    return odds


def _plain_number(text: str) -> bool:
    """A plain decimal numeral (digits, at most one point, an optional exponent)?"""
    mantissa, _, exponent = text.lower().partition("e")
    if exponent and not exponent.lstrip("+-").isdigit():
        return False
    digits = mantissa.lstrip("+-").replace(".", "", 1)
    return digits.isdigit()


def format_odds(value: Fraction | float, *, limit: int = 1000) -> str:
    """A payout as a person reads it: odds ``p:q`` where the numbers are small, else a decimal.

    >>> format_odds(Fraction(1)), format_odds(Fraction(9, 10)), format_odds(Fraction(3, 2))
    ('1:1', '9:10', '3:2')
    >>> format_odds(0.6116937057520226)
    '0.611694:1'
    """
    f = value if isinstance(value, Fraction) else Fraction(value)
    if f.denominator <= limit and f.numerator <= 100 * limit:
        return f"{f.numerator}:{f.denominator}"
    return f"{float(f):.6g}:1"


def _plain_odds(f: Fraction) -> float | str:
    """The canonical JSON value of a payout: a number where the binary float is the fraction
    exactly (1, 3:2 - every hash published before payouts were fractions), else ``"p:q"``."""
    x = float(f)
    return x if Fraction(x) == f else f"{f.numerator}:{f.denominator}"


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
    win_pays: what a winning hand pays per unit wagered, exactly, as a fraction (sheet: even
        money, 1:1); a rules file writes it as odds ``"4:5"`` or a decimal.
    commission: fraction of a win kept by the house (sheet: none, 0).
    dealer_burn: which of its three cards the dealer burns: "highest" (the sheet; ace = 11),
        "lowest" (the dealer keeps its best two; ace = 11, so an ace is burned last), or
        "none" (a two-card dealer: the up card and one concealed card, no burn). A rules
        file may also write true (= "highest") or false (= "none").
    dealer_bust_push: the highest dealer bust total that pushes every standing player hand:
        None (the sheet: every dealer bust pays), 22 (a dealer 22 pushes) or 23 (22 and 23
        push). Older rules files write ``dealer_22_pushes = true`` for 22.
    ties_lose_from: equal totals from this total up lose instead of pushing: None (the sheet:
        every tie pushes) or 17 to 21 (17: every tie loses). Older rules files write
        ``ties_lose = true`` for 17.

    Options that turn the game into ordinary blackjack (the classic mode; preset
    ``classic-blackjack``). With 21 Burn's deal they must keep their defaults (but
    ``post_split``, an option of both deals), and they are then left out of the canonical
    JSON, so 21 Burn's rules hash does not depend on them:

    player_cards: 3 = 21 Burn's deal (three cards, one burned); 2 = the ordinary two-card deal.
    naturals: "none" = a two-card 21 is an ordinary 21 (21 Burn); "peek" = naturals, and the
        dealer checks for one with an ace or ten up (US hole card: a dealer natural takes the
        original wager only; per-hand EVs are conditioned on no dealer natural); "enhc" =
        European no hole card (a dealer natural takes every wager, doubles and splits too).
    natural_pays: what a player natural pays, exactly (3:2, 6:5, 1:1; or 1.5, 1.2, 1).
    surrender: "late" = an unsplit two-card hand may give up half its wager after the peek
        (needs naturals = "peek").
    post_split: how split hands are played, in either deal - "cdp-h" (the default: optimal
        for the hand's cards, the pair cards dealt to the split so far and how many second
        cards were not pair cards; resplits by the higher EV), "cdz-" (the optimum of an
        unsplit hand of the same cards, the other pair card forgotten), "cdp1" (the first
        split hand's optimum, on the shoe less both pair cards, for every split hand); CDZ-
        and CDP1 always resplit. In 21 Burn's deal every one of them also knows the burned
        card. Listed in 21 Burn's canonical JSON only when it is not "cdp-h". See
        ``engine/split.py`` and ``engine/classic.py``.

    >>> Rules(post_split="cdz-").to_dict()["post_split"], "post_split" in Rules().to_dict()
    ('cdz-', False)
    """

    decks: int | None = 6
    hit_soft_17: bool = True
    max_hands: int = 4
    resplit_aces: bool = False
    double_after_split: bool = True
    double_on: str = "any"
    mandatory_split: bool = True
    split_aces_one_card: bool = True
    win_pays: Fraction = Fraction(1)
    commission: float = 0.0
    dealer_burn: str = "highest"
    dealer_bust_push: int | None = None
    ties_lose_from: int | None = None
    player_cards: int = 3
    naturals: str = "none"
    natural_pays: Fraction = Fraction(3, 2)
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
                     "split_aces_one_card"):
            if not isinstance(getattr(self, name), bool):
                raise RulesError(f"{name} must be true or false, not "
                                 f"{shorten(getattr(self, name))}")
        for name in ("win_pays", "natural_pays"):
            odds = parse_odds(name, getattr(self, name))
            if not 0 < odds <= 100:
                raise RulesError(f"{name} must be above 0 and at most 100:1 (even money = 1:1), "
                                 f"not {shorten(getattr(self, name))}")
            object.__setattr__(self, name, odds)
        if not 0 <= _number("commission", self.commission, "a fraction from 0 to below 1") < 1:
            raise RulesError("commission must be a fraction from 0 to below 1, not "
                             f"{shorten(self.commission)}")
        burn = {True: "highest", False: "none"}.get(self.dealer_burn, self.dealer_burn) \
            if isinstance(self.dealer_burn, bool) else self.dealer_burn
        if not isinstance(burn, str) or burn not in DEALER_BURN_CHOICES:
            raise RulesError(f"dealer_burn must be one of {', '.join(DEALER_BURN_CHOICES)} (or "
                             f"true / false), not {shorten(self.dealer_burn)}")
        object.__setattr__(self, "dealer_burn", burn)
        _whole("dealer_bust_push", self.dealer_bust_push, BUST_PUSH_CHOICES,
               "22 (a dealer 22 pushes) or 23 (22 and 23 push)")
        _whole("ties_lose_from", self.ties_lose_from, TIE_TOTALS,
               "a total from 17 (every tie loses) to 21")
        self._check_classic()
        object.__setattr__(self, "commission", float(self.commission))

    def _check_classic(self) -> None:
        if self.player_cards not in (2, 3) or isinstance(self.player_cards, bool):
            raise RulesError(f"player_cards must be 3 (21 Burn's deal) or 2 (the ordinary "
                             f"two-card deal), not {shorten(self.player_cards)}")
        for name, choices in (("naturals", NATURALS_CHOICES), ("surrender", SURRENDER_CHOICES),
                              ("post_split", POST_SPLIT_CHOICES)):
            value = getattr(self, name)
            if not isinstance(value, str) or value not in choices:
                raise RulesError(f"{name} must be one of {', '.join(choices)}, not "
                                 f"{shorten(value)}")
        if self.player_cards == 3:
            wrong = [k for k in CLASSIC_KEYS[1:] if k not in BURN_KEYS
                     and getattr(self, k) != _CLASSIC_DEFAULTS[k]]
            if wrong:
                raise RulesError(f"{wrong[0]} is an option of the two-card deal; set "
                                 "player_cards = 2 (or use --rules classic-blackjack)")
        if self.naturals != "none" and self.dealer_burn != "none":
            raise RulesError("naturals need the ordinary two-card dealer; set dealer_burn = "
                             "\"none\"")
        if self.surrender != "none" and self.naturals != "peek":
            raise RulesError("late surrender is defined after the dealer's peek; set naturals "
                             "= \"peek\" or surrender = \"none\"")

    @property
    def classic(self) -> bool:
        """True for the ordinary two-card deal (classic mode).

        >>> Rules().classic, Rules(player_cards=2, dealer_burn="none").classic
        (False, True)
        """
        return self.player_cards == 2

    # -- predicates the engine asks (a variant changes these, not the recursion) --------------
    # One home per clause of the rule sheet; docs/architecture.md ("Rule -> code: 21 Burn")
    # lists each with its plain twin in tests/reference/.
    @property
    def infinite(self) -> bool:
        """True for an infinite deck (``decks = "inf"``).

        >>> Rules(decks=None).infinite, Rules().infinite
        (True, False)
        """
        return self.decks is None

    # the dealer ------------------------------------------------------------------------------
    def dealer_keeps(self, up: int, concealed: tuple[int, ...]) -> tuple[int, int]:
        """The two cards the dealer plays, from its up card and its concealed cards.

        ``dealer_burn = "highest"`` (the rule sheet): of the three cards the one of the highest
        :data:`BURN_VALUE` is burned (an ace counts 11), the up card included; "lowest": the
        lowest is burned. Ties do not matter: equal burn values are equal ranks. "none": the
        dealer has one concealed card and burns nothing (``concealed`` holds that card first).

        >>> Rules().dealer_keeps(9, (0, 4))       # T up, A and 5 concealed: the ace burns
        (9, 4)
        >>> Rules(dealer_burn="lowest").dealer_keeps(9, (0, 4))   # the 5 burns: T-A is kept
        (9, 0)
        >>> Rules(dealer_burn="none").dealer_keeps(9, (0,))
        (9, 0)
        """
        if self.dealer_burn == "none":
            return up, concealed[0]
        three = (up, concealed[0], concealed[1])
        pick = min if self.dealer_burn == "lowest" else max
        burn_at = pick(range(3), key=lambda i: BURN_VALUE[three[i]])
        rest = [c for i, c in enumerate(three) if i != burn_at]
        return rest[0], rest[1]

    def dealer_draws(self, total: int, soft: bool) -> bool:
        """Does the dealer draw to a hand of this best total (``soft``: an ace counts 11)?

        Below 17 it draws; on soft 17 it draws when ``hit_soft_17`` (the rule sheet: yes);
        from hard 17 and soft 18 up it stands.

        >>> Rules().dealer_draws(17, True), Rules(hit_soft_17=False).dealer_draws(17, True)
        (True, False)
        >>> Rules().dealer_draws(16, False), Rules().dealer_draws(17, False)
        (True, False)
        """
        return total < 17 or (total == 17 and soft and self.hit_soft_17)

    # the player's hands -----------------------------------------------------------------------
    def must_split(self, a: int, c: int) -> bool:
        """Must a kept two-card hand of ranks ``a`` and ``c`` be split?

        A kept pair (equal blackjack values: ranks are values, every ten-valued card is rank
        9) must be split when ``mandatory_split`` (the rule sheet); otherwise the player may
        choose, and nothing else may be split.

        >>> Rules().must_split(9, 9), Rules().must_split(9, 8)
        (True, False)
        >>> Rules(mandatory_split=False).must_split(9, 9)
        False
        """
        return a == c and self.mandatory_split

    def may_double(self, hard_total: int, soft: bool, split_hand: bool) -> bool:
        """May a two-card hand with this hard total (aces as 1) double?

        ``double_on``: any two cards (the rule sheet), or only totals 9-11 / 10-11 (a soft
        hand counts by its hard total: A-8 is not an "11"); a split hand only with
        ``double_after_split`` (the rule sheet: yes).

        >>> Rules(double_on="10-11").may_double(10, False, False)
        True
        >>> Rules(double_on="10-11").may_double(9, False, False)
        False
        >>> Rules(double_after_split=False).may_double(10, False, True)
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

    def may_resplit(self, pair_rank: int, hands_in_play: int | None = None) -> bool:
        """May a split hand that draws another pair card split again (rank 0 = ace)?

        Aces only with ``resplit_aces`` (the sheet is silent: no); ``hands_in_play``: with
        that many hands in play, only while fewer than ``max_hands`` (the rule sheet: four).
        None: the rank's rule alone.

        >>> Rules().may_resplit(7, 3), Rules().may_resplit(7, 4), Rules().may_resplit(0)
        (True, False, False)
        >>> Rules(resplit_aces=True).may_resplit(0, 2)
        True
        """
        if pair_rank == 0 and not self.resplit_aces:
            return False
        return hands_in_play is None or hands_in_play < self.max_hands

    def one_card_split(self, pair_rank: int) -> bool:
        """Does each split hand of this pair take exactly one card (split aces, when
        ``split_aces_one_card``: the rule sheet)?

        >>> Rules().one_card_split(0), Rules().one_card_split(7)
        (True, False)
        >>> Rules(split_aces_one_card=False).one_card_split(0)
        False
        """
        return pair_rank == 0 and self.split_aces_one_card

    # settling a hand --------------------------------------------------------------------------
    @property
    def win_amount(self) -> float:
        """Net units won by a winning unit wager: ``win_pays`` less the ``commission``.

        >>> Rules().win_amount, Rules(win_pays="4:5", commission=0.5).win_amount
        (1.0, 0.4)
        """
        return float(self.win_pays) * (1.0 - self.commission)

    def payoff(self, player_total: int, dealer_total: int) -> float:
        """Net result of a finished unit wager: the player's best total against the dealer's
        final total (either above 21: a bust).

        A player bust loses, whatever the dealer does. A dealer bust pays
        :attr:`win_amount`, but pushes up to ``dealer_bust_push`` (22, or 22 and 23; the
        rule sheet: never). A higher total wins, a lower one loses; equal totals push, but
        lose from ``ties_lose_from`` up (the rule sheet: every tie pushes).

        >>> r = Rules()
        >>> r.payoff(20, 19), r.payoff(20, 20), r.payoff(12, 22), r.payoff(22, 23)
        (1.0, 0.0, 1.0, -1.0)
        >>> r = Rules(dealer_bust_push=23, ties_lose_from=20)
        >>> r.payoff(12, 23), r.payoff(12, 24), r.payoff(19, 19), r.payoff(20, 20)
        (0.0, 1.0, 0.0, -1.0)
        """
        if player_total > 21:
            return -1.0
        if dealer_total > 21:
            return 0.0 if dealer_total <= (self.dealer_bust_push or 0) else self.win_amount
        if player_total == dealer_total:
            return -1.0 if dealer_total >= (self.ties_lose_from or 99) else 0.0
        return self.win_amount if player_total > dealer_total else -1.0

    # the classic deal's naturals and surrender ------------------------------------------------
    def is_natural(self, a: int, c: int) -> bool:
        """Is a player's two-card hand of ranks ``a`` and ``c`` a natural (an ace and a ten,
        with ``naturals`` on)? In 21 Burn (``naturals = "none"``) a two-card 21 is an
        ordinary 21, paid as any win.

        >>> Rules(player_cards=2, dealer_burn="none", naturals="peek").is_natural(9, 0)
        True
        >>> Rules().is_natural(0, 9)
        False
        """
        return self.naturals != "none" and {a, c} == {0, 9}

    @property
    def natural_amount(self) -> float:
        """Net units won by a player natural's unit wager: ``natural_pays`` less the
        ``commission`` (a dealer natural too pushes it).

        >>> Rules(player_cards=2, dealer_burn="none", naturals="peek").natural_amount
        1.5
        """
        return float(self.natural_pays) * (1.0 - self.commission)

    def natural_hole(self, up: int) -> int:
        """The hole-card rank that makes a dealer natural with this up card, or -1 (no
        naturals: 21 Burn's dealer has no natural and no peek).

        >>> Rules(player_cards=2, dealer_burn=False, naturals="peek").natural_hole(0)
        9
        >>> Rules().natural_hole(0)
        -1
        """
        if self.naturals == "none":
            return -1
        return 9 if up == 0 else (0 if up == 9 else -1)

    @property
    def dealer_peeks(self) -> bool:
        """Does the dealer check for a natural before the player plays (``naturals =
        "peek"``, the US hole card)? Then a dealer natural takes only the original wager,
        and every hand is played knowing the dealer has none.

        >>> Rules(player_cards=2, dealer_burn="none", naturals="peek").dealer_peeks
        True
        >>> Rules().dealer_peeks
        False
        """
        return self.naturals == "peek"

    @property
    def natural_takes_all(self) -> bool:
        """Does a dealer natural take every wager, doubles and split hands included
        (``naturals = "enhc"``, European no hole card)?

        >>> Rules(player_cards=2, dealer_burn="none", naturals="enhc").natural_takes_all
        True
        """
        return self.naturals == "enhc"

    def may_surrender(self, split_hand: bool = False) -> bool:
        """May an unsplit two-card hand give up half its wager (``surrender = "late"``, after
        the dealer's peek)? A split hand never may.

        >>> Rules(player_cards=2, dealer_burn="none", naturals="peek",
        ...       surrender="late").may_surrender()
        True
        >>> Rules().may_surrender()
        False
        """
        return self.surrender == "late" and not split_hand

    # -- serialisation --------------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        """The options as plain values: what a rules file holds and the rules hash is taken of.

        Decks ``"inf"`` for an infinite deck; payouts a number where the float is exact, else
        odds ``"p:q"``. Options added since hashes were first published are written in the
        spelling those hashes used wherever it can say their value (``dealer_22_pushes``,
        ``ties_lose``, ``dealer_burn`` true / false) and left out at the rule sheet's value,
        so every earlier rules file keeps its hash.

        >>> Rules(ties_lose_from=17).to_dict()["ties_lose"]
        True
        >>> Rules(win_pays="4:5").to_dict()["win_pays"], Rules(win_pays=0.5).to_dict()["win_pays"]
        ('4:5', 0.5)
        >>> "dealer_burn" in Rules().to_dict(), Rules(dealer_burn="none").to_dict()["dealer_burn"]
        (False, False)
        """
        d = dataclasses.asdict(self)
        d["decks"] = "inf" if self.decks is None else self.decks
        d["win_pays"] = _plain_odds(self.win_pays)
        d["natural_pays"] = _plain_odds(self.natural_pays)
        push, tie = d.pop("dealer_bust_push"), d.pop("ties_lose_from")
        if push in (None, 22):
            d["dealer_22_pushes"] = push == 22
        else:
            d["dealer_bust_push"] = push
        if tie in (None, 17):
            d["ties_lose"] = tie == 17
        else:
            d["ties_lose_from"] = tie
        burn = d.pop("dealer_burn")
        if burn != "highest":
            d["dealer_burn"] = {"none": False}.get(burn, burn)
        if not self.classic:
            for k in CLASSIC_KEYS:
                if k not in BURN_KEYS or d[k] == _CLASSIC_DEFAULTS[k]:
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
        unknown = sorted(set(data) - known - set(_LEGACY))
        if unknown:
            raise RulesError(
                f"unknown rules key {shorten(unknown[0])}; known keys: {', '.join(sorted(known))}"
            )
        empty = [k for k, v in data.items() if v is None]
        if empty:  # plain values never spell an infinite deck as None: that is "inf"
            raise RulesError(f"{empty[0]} has no value; give one (decks: a whole number from 1 "
                             "to 8 or \"inf\"; \"none\" where an option may be off)")
        data = dict(data)
        for old, (new, on) in _LEGACY.items():
            if old in data:
                if new in data:
                    raise RulesError(f"give {old} or {new}, not both ({new} is its newer form)")
                flag = data.pop(old)
                if not isinstance(flag, bool):
                    raise RulesError(f"{old} must be true or false, not {shorten(flag)}")
                data[new] = on if flag else None
        for key in ("dealer_bust_push", "ties_lose_from"):
            if isinstance(data.get(key), str) and data[key].strip().lower() in ("none", "off"):
                data[key] = None
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


#: the keys of rules files written before the thresholds: old key -> (option, its value when
#: the old key is true; false = None)
_LEGACY: dict[str, tuple[str, int]] = {"dealer_22_pushes": ("dealer_bust_push", 22),
                                       "ties_lose": ("ties_lose_from", 17)}
_CLASSIC_DEFAULTS = {f.name: f.default for f in dataclasses.fields(Rules) if f.name in CLASSIC_KEYS}
STANDARD = Rules()
