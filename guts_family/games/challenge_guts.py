"""Challenge guts: exact odds against other players, the 2-1 challenge, the dealer's qualifier.

Rules: docs/rules.md, "Challenge guts". Three-card hands for value only (AAA high, 2-3-4
low; no straights, suits worthless). There is no pot hand: players who call guts show down
against each other. When everyone before the dealer calls no guts, the dealer may call guts and
be challenged at 2-1: the challenger puts up two bets each matching the pot, the dealer one; the
winner takes the pot, losing bets go forward to the next pot. In the variation without
challenges the dealer needs at least ace high to take the pot.

Options the sheet leaves open, with this toolkit's defaults:

- ``tie`` (challenger and dealer tie): ``replay`` - no result, bets returned, the pot stays
  (also ``pot``: the dealer, who defends the pot, wins ties; ``split``);
- ``player_tie`` (guts callers tied for best): ``split`` (also ``replay``);
- ``dealer_min``: the weakest hand the dealer calls guts with (default: any hand - the dealer's
  hand is a random hand).

>>> from guts_family.cards import parse_cards
>>> round(vs_players(parse_cards("Js Jd 4c")).win, 4)
0.9515
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from guts_family.cards import RANK_CHARS, CardError, check_disjoint
from guts_family.games.base import Game
from guts_family.hands import VALUE3
from guts_family.odds import FieldOdds, Seat, check_stakes, field_odds
from guts_family.ranges import HandRange

__all__ = ["GAME", "ChallengeGuts", "vs_players", "min_class", "dealer_qualifies",
           "ChallengeResult", "challenge", "CHALLENGE_ODDS"]

CHALLENGE_ODDS = 2
"""The challenger risks two bets matching the pot to win the pot (2-1)."""


class ChallengeGuts(Game):
    """Challenge guts as a Game: no pot hand; the table adds the EV of challenging the dealer."""

    name = "challenge"
    title = "Challenge guts"
    rule_sheet = "challenge-guts.txt"
    rounds = {3: "value3"}
    pot_name = None
    pot_with_others = False
    tie = "replay"
    player_tie = "split"
    default_opponents = 1
    min_opponents = 1
    reante = "every"            # "free ride (no ante) on next round": the others ante
    free_ride = True
    dealer_challenge = True

    def extra_columns(self, rows: list[FieldOdds], pot: float, limit: float | None, tie: str,
                      player_tie: str, options: dict) -> dict[str, list]:
        """EV of challenging a dealer holding a random hand, at 2-1 (one opposing hand only)."""
        if len(rows[0].seats) != 1:
            return {}
        dealer = (Seat("dealer", is_pot=True),)
        return {"ev_challenge": [
            FieldOdds(r.order, r.hero, r.dead, dealer, r.total, r.lose_count, r.ties)
            .ev(pot, limit, tie, player_tie, loss_multiple=CHALLENGE_ODDS) for r in rows]}


GAME = ChallengeGuts()


def vs_players(hand: Sequence[int], dead: Sequence[int] = (), opponents: int = 1,
               opponent_cards: Sequence[Sequence[int]] = ()) -> FieldOdds:
    """Exact odds of ``hand`` against ``opponents`` other players who called guts.

    >>> from math import comb
    >>> from guts_family.cards import parse_cards
    >>> vs_players(parse_cards("As Ks Qs"), opponents=2).total == comb(49, 3) * comb(46, 3)
    True
    """
    return GAME.odds(hand, dead, opponents, opponent_cards)


def min_class(text: str) -> int:
    """Class of the weakest qualifying hand: a rank ("A" = ace high or better) or a label.

    >>> VALUE3.label(min_class("A")), VALUE3.label(min_class("q")), VALUE3.label(min_class("77"))
    ('A32', 'Q32', '772')
    """
    t = text.strip().upper().replace("10", "T")
    if len(t) == 1 and t in RANK_CHARS:
        r = RANK_CHARS.index(t)
        if r < 2:
            raise CardError(f"no three-card hand is only {t} high: the lowest is 4 high (432)")
        return VALUE3.class_from_label(t + "32")
    if len(t) == 2 and t[0] == t[1] and t[0] in RANK_CHARS:  # a pair: its lowest kicker
        low = "3" if t[0] == "2" else "2"
        return VALUE3.class_from_label(t + low if t[0] > low else low + t)
    return VALUE3.class_from_label(t)


def dealer_qualifies(qualify: str = "A", dead: Sequence[int] = ()) -> tuple[int, int]:
    """Hands the dealer can hold that qualify (``qualify`` high or better), and all hands.

    ``dead``: cards the dealer cannot hold (e.g. your own hand).

    >>> dealer_qualifies("A")          # 8,020 of 22,100 hands are ace high or better
    (8020, 22100)
    """
    lowest = min_class(qualify)
    check_disjoint(dead, names=["the dead cards"])
    gone = {int(c) for c in dead}
    hands, cls = VALUE3.all_hands
    ok = [not (gone & set(h)) for h in hands.tolist()] if gone else None
    if ok is None:
        return int((cls >= lowest).sum()), len(cls)
    good = sum(1 for keep, c in zip(ok, cls.tolist()) if keep and c >= lowest)
    return good, sum(ok)


@dataclass(frozen=True)
class ChallengeResult:
    """The challenger's exact odds against the dealer and the EV of challenging at 2-1."""

    odds: FieldOdds
    pot: float
    limit: float | None
    tie: str
    dealer_min: str | None
    ev: float
    qualify: str
    qualify_count: int
    qualify_total: int
    challenger_range: HandRange | None = None
    dealer_range: HandRange | None = None

    @property
    def best(self) -> str:
        """'challenge' when the EV is positive, else 'pass'."""
        return "challenge" if self.ev > 0 else "pass"

    def as_dict(self) -> dict:
        """Plain dict for JSON."""
        return {**self.odds.as_dict(), "pot": self.pot, "limit": self.limit, "tie": self.tie,
                "dealer_min": self.dealer_min, "odds_risked": CHALLENGE_ODDS,
                "range": None if self.challenger_range is None else self.challenger_range.as_dict(),
                "dealer_range": None if self.dealer_range is None
                else self.dealer_range.as_dict(),
                "challengers": 1 + sum(1 for s in self.odds.seats if not s.is_pot),
                "ev_challenge": self.ev, "best": self.best,
                "dealer_qualifies": {"at_least": self.qualify, "count": self.qualify_count,
                                     "total": self.qualify_total,
                                     "p": self.qualify_count / self.qualify_total}}


def challenge(hand: Sequence[int], pot: float, dead: Sequence[int] = (),
              limit: float | None = None, tie: str = "replay", dealer_min: str | None = None,
              qualify: str = "A", challengers: int = 1,
              challenger_range: HandRange | None = None,
              dealer_range: HandRange | None = None) -> ChallengeResult:
    """EV of challenging the dealer at 2-1 with ``hand``: win the pot, or lose two pot-sized bets.

    ``limit`` caps each bet; ``dealer_min`` restricts the dealer's hand to that class or better
    (see ``min_class``). Also reports how often the dealer holds ``qualify`` high or better
    given your hand. ``challengers``: players challenging the dealer, you included; the best
    hand among the dealer and every challenger takes the pot (this toolkit's reading - the sheet
    does not say), the other challengers' hands are random, or of ``challenger_range`` (a
    :class:`~guts_family.ranges.HandRange` of the value order: who challenges holds a strong
    hand). ``dealer_range`` bounds the dealer's hand to a range (instead of ``dealer_min``).
    Exact at every table size: value-only hands are counted by ranks.

    >>> from guts_family.cards import parse_cards
    >>> r = challenge(parse_cards("Ks Kd 9c"), pot=10)
    >>> r.best, round(r.ev, 3), r.qualify_count, r.qualify_total
    ('challenge', 9.459, 6904, 18424)
    >>> r = challenge(parse_cards("Ks Kd 9c"), pot=10, challengers=5)
    >>> [s.name for s in r.odds.seats][:2], round(r.ev, 3)
    (['dealer', 'challenger 2'], 7.346)
    >>> from guts_family.ranges import parse_range
    >>> r = challenge(parse_cards("Ks Kd 9c"), pot=10, challengers=3,
    ...               challenger_range=parse_range("pair+", VALUE3))
    >>> r.odds.seats[1].min_class == VALUE3.class_from_label("322"), round(r.ev, 3)
    (True, 3.407)
    """
    check_stakes(pot, limit)
    GAME.rules(tie, None)
    top = GAME.max_opponents()
    if not 1 <= challengers <= top:
        raise ValueError(f"the number of challengers must be 1 to {top} (52 cards, the dealer "
                         f"holds 3), got {challengers}")
    top_class = VALUE3.n_classes - 1
    for r, what in ((challenger_range, "challenger_range"), (dealer_range, "dealer_range")):
        if r is not None and r.order != VALUE3.name:
            raise ValueError(f"{what} is a range of the {r.order} order: challenge guts "
                             f"plays {VALUE3.name}")
    if dealer_range is not None and dealer_min is not None:
        raise ValueError("--dealer-min and --dealer-range both bound the dealer: give one")
    if challenger_range is not None and challengers < 2:
        raise ValueError("--range restricts the other challengers: give --challengers 2 or more")
    lowest = 0 if dealer_min is None else min_class(dealer_min)
    d_high = None
    if dealer_range is not None:
        lowest = dealer_range.low
        d_high = None if dealer_range.high == top_class else dealer_range.high
    seats = [Seat("dealer", is_pot=True, min_class=lowest, max_class=d_high)]
    c_low, c_high = 0, None
    if challenger_range is not None:
        c_low = challenger_range.low
        c_high = None if challenger_range.high == top_class else challenger_range.high
    seats += [Seat(f"challenger {i + 2}", min_class=c_low, max_class=c_high)
              for i in range(challengers - 1)]
    odds = field_odds(VALUE3, hand, seats, dead)
    if odds.total == 0:
        raise ValueError(f"the dealer cannot hold {dealer_min} or better with these cards")
    ev = odds.ev(pot, limit, tie, "split", loss_multiple=CHALLENGE_ODDS)
    q, total = dealer_qualifies(qualify, list(hand) + list(dead))
    return ChallengeResult(odds, pot, limit, tie, dealer_min, ev, qualify, q, total,
                           challenger_range, dealer_range)
