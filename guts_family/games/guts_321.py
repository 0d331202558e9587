"""Guts (3-2-1): exact odds for each round size, against the dummy hand or other players.

Rules: docs/rules.md, "Guts (3-2-1)". Rounds cycle 3, 2, 1 cards. Three-card rounds use
the three-card poker order (straight flush > trips > straight > flush > pair > high card, A-2-3
the lowest straight: "best poker hand"); two-card rounds pair > high card; one-card rounds the
higher card. Aces high; suits never break ties.

As the sheet says, the dummy hand only plays a player who stays in alone (step 6); when two or
more stay in, the best of their hands wins (step 5). Options the sheet leaves open, with this
toolkit's defaults:

- ``tie`` (a lone player ties the dummy): ``replay`` - the player has not beaten the dummy, so
  does not win, and has not lost to it, so does not pay; the pot carries over (also ``pot``:
  the dummy wins ties, ``split``);
- ``player_tie`` (players tied for best): ``split`` (also ``replay``).

>>> from guts_family.cards import parse_cards
>>> round(vs_dummy(parse_cards("Qs Qd")).win, 4)
0.9894
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from guts_family.games.base import Game
from guts_family.odds import FieldOdds, single_seat_counts

__all__ = ["GAME", "Guts321", "ROUND_SIZES", "round_cards", "vs_dummy", "LoneOdds",
           "lone_player_odds"]

ROUND_SIZES = (3, 2, 1)


class Guts321(Game):
    """Guts (3-2-1) as a Game: the dummy hand plays only a lone player; the equilibrium's
    default round is the 2-card one (the 3-card round beyond two players is sampled)."""

    name = "guts321"
    title = "Guts (3-2-1)"
    rule_sheet = "guts-3-2-1.txt"
    rounds = {3: "poker3", 2: "two", 1: "one"}
    pot_name = "dummy"
    pot_with_others = False
    equilibrium_cards = 2
    tie = "replay"
    player_tie = "split"
    round_cycle = ROUND_SIZES   # step 7: 3, 2, 1, 3, ...
    reante = "unwon"            # step 4 and "How to Win": nobody in, or a loss to the dummy


GAME = Guts321()


def round_cards(round_number: int) -> int:
    """Cards dealt in round ``round_number`` (1-based): 3, 2, 1, 3, 2, 1, ...

    >>> [round_cards(r) for r in range(1, 8)]
    [3, 2, 1, 3, 2, 1, 3]
    """
    if round_number < 1:
        raise ValueError(f"rounds are numbered from 1, got {round_number}")
    return ROUND_SIZES[(round_number - 1) % 3]


def vs_dummy(hand: Sequence[int], dead: Sequence[int] = (), opponents: int = 0,
             opponent_cards: Sequence[Sequence[int]] = ()) -> FieldOdds:
    """Exact odds of ``hand`` alone against the dummy, or against ``opponents`` other players.

    The round size is the number of cards in ``hand``.

    >>> from guts_family.cards import parse_cards
    >>> o = vs_dummy(parse_cards("Ah"), opponents=2)
    >>> [s.name for s in o.seats], round(o.win, 4)
    (['player 2', 'player 3'], 0.8847)
    """
    return GAME.odds(hand, dead, opponents, opponent_cards)


@dataclass(frozen=True)
class LoneOdds:
    """Exact odds that a lone player beats the dummy, over every hand the player goes in with."""

    cards: int
    min_hand: str | None
    win_count: int
    tie_count: int
    lose_count: int
    total: int

    @property
    def win(self) -> float:
        """Probability the lone player beats the dummy."""
        return self.win_count / self.total

    @property
    def tie(self) -> float:
        """Probability of a tie with the dummy."""
        return self.tie_count / self.total

    @property
    def lose(self) -> float:
        """Probability the dummy is better."""
        return self.lose_count / self.total

    def as_dict(self) -> dict:
        """Plain dict for JSON."""
        return {"cards": self.cards, "min_hand": self.min_hand, "exact": True,
                "win": self.win, "tie": self.tie, "lose": self.lose,
                "counts": {"win": self.win_count, "tie": self.tie_count, "lose": self.lose_count},
                "total": self.total}


def lone_player_odds(cards: int, min_hand: str | None = None) -> LoneOdds:
    """Probability that a lone player's hand beats the dummy, before the deal.

    ``min_hand``: the player goes in only with this hand class or better (a label such as
    "QQ" or "A5"); default every hand.

    >>> o = lone_player_odds(1)
    >>> (o.win_count, o.tie_count, o.total), round(o.win, 4)
    ((1248, 156, 2652), 0.4706)
    """
    order = GAME.order(cards)
    win, tie, lose, total = single_seat_counts(order)
    _, cls = order.all_hands
    keep = np.ones(len(cls), dtype=bool) if min_hand is None else \
        cls >= order.class_from_label(min_hand)
    return LoneOdds(cards, min_hand, int(win[keep].sum()), int(tie[keep].sum()),
                    int(lose[keep].sum()), int(keep.sum()) * total)
