"""Field odds results: the opposing seats, the exact outcome counts, the tie rules and the EV.

Ah against one random card (the pot's): 48 lower cards, 3 aces that tie, no higher card.

>>> o = FieldOdds("one", (51,), (), (Seat("pot", is_pot=True),), 51, 0, {(): 48, (0,): 3})
>>> o.win_count, o.tie_count, round(o.ev(10), 4)  # a tie with the pot's hand loses
(48, 3, 8.8235)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

from guts_family.cards import cards_str
from guts_family.defaults import PLAYER_TIE_RULES, TIE_RULES  # their home: the help shows them

__all__ = ["Seat", "FieldOdds", "TIE_RULES", "PLAYER_TIE_RULES", "MAX_FORMULA_SEATS",
           "check_stakes"]

MAX_FORMULA_SEATS = 2
"""Random opposing hands counted by formula besides the one enumerated card by card."""


@dataclass(frozen=True)
class Seat:
    """One opposing hand: its name, its known cards, whether it is the pot's hand.

    ``min_class`` restricts the seat to hands of that class or better (a calling range, e.g. a
    dealer who only calls with ace high or better), ``max_class`` (None: no bound) to hands of
    that class or worse. ``plays=False`` marks a seat that holds cards but does not compete (a
    player who stayed out: their hand, in its range, only takes cards from the deck). The card
    route (:func:`~guts_family.odds.field_odds`) takes one ``min_class`` restriction; anything
    more is counted by ranks (:mod:`~guts_family.odds.multiway`, value-only orders).

    >>> Seat("player 2", known=(51,))
    Seat(name='player 2', known=(51,), is_pot=False, min_class=0, max_class=None, plays=True)
    """

    name: str
    known: tuple[int, ...] = ()
    is_pot: bool = False
    min_class: int = 0
    max_class: int | None = None
    plays: bool = True

    @property
    def restricted(self) -> bool:
        """True when the seat's hand is bounded (a range) or the seat does not compete.

        >>> [s.restricted for s in (Seat("p"), Seat("p", min_class=3), Seat("p", plays=False))]
        [False, True, True]
        """
        return self.min_class > 0 or self.max_class is not None or not self.plays


def check_stakes(pot: float, limit: float | None = None, fee: float | None = None) -> None:
    """Raise ValueError unless the pot (and the limit, if any) are positive and the fee >= 0.

    >>> check_stakes(10, 5)
    >>> check_stakes(0)
    Traceback (most recent call last):
    ...
    ValueError: the pot must be a positive amount, got 0: give e.g. --pot 10
    """
    if not (pot > 0) or pot != pot or pot == float("inf"):
        raise ValueError(f"the pot must be a positive amount, got {pot}: give e.g. --pot 10")
    if limit is not None and (not (limit > 0) or limit != limit):
        raise ValueError(f"the limit must be a positive amount, got {limit}: "
                         "give e.g. --limit 5, or leave it out for no limit")
    if fee is not None and (not (fee >= 0) or fee == float("inf")):
        raise ValueError(f"the fee must be zero or a positive amount, got {fee}: give e.g. --fee 1")


def _frac(x: float | int | Fraction) -> Fraction:
    return x if isinstance(x, Fraction) else Fraction(str(x))


@dataclass(frozen=True)
class FieldOdds:
    """Exact outcome counts of the hero's hand against the seats.

    ``ties`` maps each set of seats (indices into ``seats``) that tie the hero for the best hand
    to its count; the empty set is an outright win. ``lose_count`` counts deals where some
    seat's hand is strictly better. All counts are over the same ``total`` deals.
    """

    order: str
    hero: tuple[int, ...]
    dead: tuple[int, ...]
    seats: tuple[Seat, ...]
    total: int
    lose_count: int
    ties: dict[tuple[int, ...], int] = field(hash=False)

    @property
    def win_count(self) -> int:
        """Deals where the hero's hand is strictly best."""
        return self.ties.get((), 0)

    @property
    def tie_count(self) -> int:
        """Deals where the hero ties for best with at least one seat."""
        return sum(v for k, v in self.ties.items() if k)

    @property
    def win(self) -> float:
        """Probability of an outright win."""
        return self.win_count / self.total

    @property
    def tie(self) -> float:
        """Probability of a tie for best."""
        return self.tie_count / self.total

    @property
    def lose(self) -> float:
        """Probability that some seat's hand is strictly better."""
        return self.lose_count / self.total

    def ev_exact(self, pot: float | Fraction, limit: float | Fraction | None = None,
                 tie: str = "pot", player_tie: str = "split", loss_multiple: int = 1,
                 win_amount: float | Fraction | None = None) -> Fraction:
        """Exact expected gain of playing the hand, against not playing (0).

        A win takes the pot (``win_amount``, default the pot); a loss pays
        ``loss_multiple * min(pot, limit)``; ties follow ``tie`` (a tie involving the pot's hand:
        pot / split / replay) and ``player_tie`` (a tie between players only: split / replay).

        >>> from guts_family.cards import parse_cards
        >>> from guts_family.hands import VALUE3
        >>> from guts_family.odds import field_odds
        >>> o = field_odds(VALUE3, parse_cards("As Ad Kh"), [Seat("pot", is_pot=True)])
        >>> o.ev_exact(10) == Fraction(10 * (18376 - 45 - 3), 18424)  # a tie with the pot loses
        True
        """
        if tie not in TIE_RULES:
            raise ValueError(f"unknown tie rule {tie!r}: choose one of {', '.join(TIE_RULES)}")
        if player_tie not in PLAYER_TIE_RULES:
            raise ValueError(f"unknown player tie rule {player_tie!r}: "
                             f"choose one of {', '.join(PLAYER_TIE_RULES)}")
        check_stakes(float(pot), None if limit is None else float(limit))
        p = _frac(pot)
        gain = p if win_amount is None else _frac(win_amount)
        paid = loss_multiple * (p if limit is None else min(p, _frac(limit)))
        total = Fraction(0)
        for mask, count in self.ties.items():
            if not mask:
                value = gain
            else:
                pot_tied = any(self.seats[i].is_pot for i in mask)
                players = sum(1 for i in mask if not self.seats[i].is_pot)
                if pot_tied:
                    value = {"pot": -paid, "split": gain / (players + 2),
                             "replay": Fraction(0)}[tie]
                else:
                    value = gain / (players + 1) if player_tie == "split" else Fraction(0)
            total += count * value
        total -= self.lose_count * paid
        return total / self.total

    def ev(self, pot: float, limit: float | None = None, tie: str = "pot",
           player_tie: str = "split", loss_multiple: int = 1,
           win_amount: float | None = None) -> float:
        """``ev_exact`` as a float.

        >>> from guts_family.cards import parse_cards
        >>> from guts_family.hands import ONE
        >>> from guts_family.odds import field_odds
        >>> round(field_odds(ONE, parse_cards("Ah"), [Seat("pot", is_pot=True)]).ev(10), 4)
        8.8235
        """
        return float(self.ev_exact(pot, limit, tie, player_tie, loss_multiple, win_amount))

    def as_dict(self) -> dict:
        """Plain dict for JSON: probabilities, the integer counts behind them and their total."""
        return {
            "hand": cards_str(self.hero),
            "dead": cards_str(self.dead),
            "order": self.order,
            "seats": [{"name": s.name, "known": cards_str(s.known), "is_pot": s.is_pot}
                      for s in self.seats],
            "exact": True,
            "win": self.win, "tie": self.tie, "lose": self.lose,
            "counts": {"win": self.win_count, "tie": self.tie_count, "lose": self.lose_count},
            "total": self.total,
            "tie_detail": [{"with": [self.seats[i].name for i in mask], "count": c}
                           for mask, c in sorted(self.ties.items()) if mask and c],
        }
