"""Phoenix Burn: exact odds of the burned player and of players who come in, swapping, last card up.

Rules: docs/rules.md, "Phoenix Burn". Three-card hands for value only (trips > pair >
high card, aces high). The pot's hand plays against the burned player and everyone who comes
in. Options the sheet leaves to the dealer, with this toolkit's defaults:

- ``tie`` (a tie with the pot's hand): ``pot`` - the pot's hand wins it (also ``split``,
  ``replay``); ``player_tie`` (players tied above the pot): ``split`` (also ``replay``);
- ``burn_tie`` (two face-up cards tie for highest): ``suit`` - suits break it, clubs < diamonds
  < hearts < spades (also ``redeal``: the deal is void and redealt).

Cards seen on the table (the other players' face-up cards) are dead cards; the other players'
face-down cards are unseen like the rest of the deck.

>>> from guts_family.cards import parse_cards
>>> o = vs_pot(parse_cards("Kd Ks 7h"), dead=parse_cards("Qc 9d"))
>>> o.total, round(o.win, 4)
(16215, 0.9801)
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass

import numba
import numpy as np

from guts_family.cards import CardError, card_str, cards_str
from guts_family.games.base import Game
from guts_family.hands import VALUE3
from guts_family.odds import FieldOdds, Seat, check_stakes, field_odds

__all__ = ["GAME", "PhoenixBurn", "BURN_TIE_RULES", "vs_pot", "newcomer_odds", "swapped",
           "SwapDecision", "swap", "BurnedOdds", "last_card_up", "check_burned",
           "MAX_PLAYERS"]

BURN_TIE_RULES = ("suit", "redeal")
MAX_PLAYERS = 10


class PhoenixBurn(Game):
    """Phoenix Burn as a Game: value-only three-card hands, the pot's hand always plays, the
    burned player plays whatever it holds and may swap with the pot."""

    name = "phoenix"
    title = "Phoenix Burn"
    rule_sheet = "phoenix-burn.txt"
    rounds = {3: "value3"}
    pot_name = "pot"
    pot_with_others = True
    must_play = ("burned player",)
    has_swap = True
    tie = "pot"
    player_tie = "split"

    def extra_columns(self, rows: list[FieldOdds], pot: float, limit: float | None, tie: str,
                      player_tie: str, options: dict) -> dict[str, list]:
        """Swap columns (burned player alone against the pot): EV after swapping for the fee."""
        if len(rows[0].seats) != 1:
            return {}
        fee = float(options.get("fee", 0.0))
        ev_swap = [swapped(r).ev(pot, limit, tie, player_tie) - fee for r in rows]
        return {"ev_swap": ev_swap,
                "swap_gain": [s - r.ev(pot, limit, tie, player_tie) for s, r in zip(ev_swap, rows)]}


GAME = PhoenixBurn()


def vs_pot(hand: Sequence[int], dead: Sequence[int] = (), opponents: int = 0,
           opponent_cards: Sequence[Sequence[int]] = ()) -> FieldOdds:
    """Exact odds of ``hand`` against the pot's hand and ``opponents`` players who came in.

    ``dead``: cards seen and out of play (face-up cards of players who stayed out).
    ``opponent_cards``: the face-up card(s) of the players who came in, in order.

    >>> from math import comb
    >>> from guts_family.cards import parse_cards
    >>> o = vs_pot(parse_cards("As Ad 2c"), opponents=1, opponent_cards=[parse_cards("Kh")])
    >>> [s.name for s in o.seats], o.total == comb(48, 3) * comb(45, 2)
    (['pot', 'player 2'], True)
    """
    return GAME.odds(hand, dead, opponents, opponent_cards)


def newcomer_odds(hand: Sequence[int], burned_up: int, dead: Sequence[int] = (),
                  others: int = 0) -> FieldOdds:
    """Odds of a player who comes in against the pot and the burned player showing ``burned_up``.

    ``others``: further players coming in (random hands).

    >>> from guts_family.cards import parse_cards
    >>> o = newcomer_odds(parse_cards("Qs Qd 5c"), parse_cards("Ah")[0])
    >>> [s.name for s in o.seats], o.seats[1].known
    (['pot', 'burned player'], (50,))
    """
    seats = [Seat("pot", is_pot=True), Seat("burned player", known=(int(burned_up),))]
    seats += [Seat(f"player {i + 3}") for i in range(others)]
    return field_odds(VALUE3, hand, seats, dead)


def swapped(odds: FieldOdds) -> FieldOdds:
    """The same deals after swapping hands with the pot: wins and losses trade places.

    Only for a hand alone against the pot (the pot's hand is then the other random hand).

    >>> from guts_family.cards import parse_cards
    >>> o = vs_pot(parse_cards("5c 3d 2h"))
    >>> s = swapped(o)
    >>> (s.win_count, s.lose_count) == (o.lose_count, o.win_count)
    True
    """
    if len(odds.seats) != 1 or not odds.seats[0].is_pot:
        raise ValueError("swap odds are computed for the burned player alone against the pot")
    ties: dict[tuple[int, ...], int] = {(): odds.lose_count}
    if odds.tie_count:
        ties[(0,)] = odds.tie_count
    return FieldOdds(odds.order, odds.hero, odds.dead, odds.seats, odds.total, odds.win_count, ties)


@dataclass(frozen=True)
class SwapDecision:
    """The burned player's EV keeping the hand and swapping it with the pot's for a fee."""

    keep: FieldOdds
    swap: FieldOdds
    pot: float
    limit: float | None
    fee: float
    tie: str
    ev_keep: float
    ev_swap: float

    @property
    def best(self) -> str:
        """'swap' when swapping is worth more than keeping, else 'keep'."""
        return "swap" if self.ev_swap > self.ev_keep else "keep"

    @property
    def break_even_fee(self) -> float:
        """The fee at which keeping and swapping are worth the same."""
        return self.ev_swap + self.fee - self.ev_keep

    def as_dict(self) -> dict:
        """Plain dict for JSON."""
        return {"hand": cards_str(self.keep.hero), "dead": cards_str(self.keep.dead),
                "pot": self.pot, "limit": self.limit, "fee": self.fee, "tie": self.tie,
                "keep": self.keep.as_dict(), "swap": self.swap.as_dict(),
                "ev_keep": self.ev_keep, "ev_swap": self.ev_swap, "best": self.best,
                "break_even_fee": self.break_even_fee}


def swap(hand: Sequence[int], pot: float, fee: float, limit: float | None = None,
         dead: Sequence[int] = (), tie: str = "pot") -> SwapDecision:
    """EV of the burned player keeping ``hand`` or swapping it with the pot's hand for ``fee``.

    The burned player plays the pot alone (no one else came in). Winning takes the pot, losing
    pays ``min(pot, limit)``; the fee is paid whatever happens.

    >>> from guts_family.cards import parse_cards
    >>> d = swap(parse_cards("5c 3d 2h"), pot=10, fee=1)
    >>> d.best, round(d.ev_keep, 3), round(d.ev_swap, 3)
    ('swap', -9.961, 8.932)
    """
    check_stakes(pot, limit, fee)
    GAME.rules(tie, None)
    keep = vs_pot(hand, dead)
    after = swapped(keep)
    return SwapDecision(keep, after, pot, limit, fee, tie,
                        keep.ev(pot, limit, tie), after.ev(pot, limit, tie) - fee)


# ----------------------------------------------------------------------------------------------
# last card up: the burned player's odds before any card is seen
# ----------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class BurnedOdds:
    """Exact odds of the burned player against the pot, by the burned player's hand class.

    ``counts[c] = (win, tie, lose)`` summed over every deal in which the burned player holds a
    hand of class c (VALUE3); each deal is weighted by the ways to give the other players
    face-up cards below the burned card.
    """

    players: int
    burn_tie: str
    counts: tuple[tuple[int, int, int], ...]

    @property
    def total(self) -> int:
        """All deals counted."""
        return sum(sum(c) for c in self.counts)

    def _sum(self, i: int) -> int:
        return sum(c[i] for c in self.counts)

    @property
    def win(self) -> float:
        """Probability the burned player's hand beats the pot's."""
        return self._sum(0) / self.total

    @property
    def tie(self) -> float:
        """Probability of a tie with the pot's hand."""
        return self._sum(1) / self.total

    @property
    def lose(self) -> float:
        """Probability the pot's hand is better."""
        return self._sum(2) / self.total

    def by_category(self) -> dict[str, float]:
        """Probability of the burned player's hand category (three of a kind, pair, high card)."""
        out: dict[str, float] = {}
        for c, cnt in enumerate(self.counts):
            out[VALUE3.category(c)] = out.get(VALUE3.category(c), 0) + sum(cnt)
        return {k: v / self.total for k, v in out.items()}

    def as_dict(self) -> dict:
        """Plain dict for JSON: probabilities and integer counts."""
        return {"players": self.players, "burn_tie": self.burn_tie, "exact": True,
                "win": self.win, "tie": self.tie, "lose": self.lose,
                "counts": {"win": self._sum(0), "tie": self._sum(1), "lose": self._sum(2)},
                "total": self.total, "burned_hand_category": self.by_category()}


@numba.njit(cache=True)
def _choose(n, k):
    if k < 0 or n < k:
        return 0
    r = 1
    for i in range(k):
        r = r * (n - i) // (i + 1)
    return r


@numba.njit(cache=True)
def _last_card_up_kernel(avail, below_rank, cfg, rank_class, others, out):
    """Rank-level count: burned hand H (up card rank u), pot hand P, others' up cards below.

    cfg[u, h, q, b]: suit layouts at rank u with h burned cards (one is the up card) and q pot
    cards leaving b cards of rank u below the up card; out[class(H), outcome] += weights.
    """
    hh = np.zeros(13, np.int64)
    qq = np.zeros(13, np.int64)
    for a in range(13):
        for b in range(a, 13):
            for c in range(b, 13):
                hh[:] = 0
                hh[a] += 1
                hh[b] += 1
                hh[c] += 1
                if hh[a] > avail[a] or hh[b] > avail[b] or hh[c] > avail[c]:
                    continue
                hc = rank_class[a, b, c]
                for u in range(13):
                    if hh[u] == 0:
                        continue
                    w_h = 1
                    h_below = 0
                    for r in range(13):
                        if r != u:
                            w_h *= _choose(avail[r], hh[r])
                        if r < u:
                            h_below += hh[r]
                    for x in range(13):
                        for y in range(x, 13):
                            for z in range(y, 13):
                                qq[:] = 0
                                qq[x] += 1
                                qq[y] += 1
                                qq[z] += 1
                                w_p = 1
                                p_below = 0
                                for r in range(13):
                                    if r != u:
                                        w_p *= _choose(avail[r] - hh[r], qq[r])
                                    if r < u:
                                        p_below += qq[r]
                                if w_p == 0:
                                    continue
                                pc = rank_class[x, y, z]
                                outcome = 0 if hc > pc else (1 if hc == pc else 2)
                                base = below_rank[u] - h_below - p_below
                                acc = 0
                                for bb in range(4):
                                    ways = cfg[u, hh[u], qq[u], bb]
                                    if ways:
                                        acc += ways * _choose(base + bb, others)
                                out[hc, outcome] += w_h * w_p * acc


def _suit_layouts(present: list[int], burn_tie: str) -> np.ndarray:
    """cfg[h, q, b] for one rank: layouts of h burned cards (one up) and q pot cards."""
    cfg = np.zeros((5, 5, 4), dtype=np.int64)
    for h in range(1, 4):
        for burned in itertools.combinations(present, h):
            for up in burned:
                rest = [s for s in present if s not in burned]
                for q in range(0, 4):
                    for pot in itertools.combinations(rest, q):
                        below = 0 if burn_tie == "redeal" else \
                            sum(1 for s in rest if s < up and s not in pot)
                        cfg[h, q, below] += 1
    return cfg


def _deck_and_rules(players: int, burn_tie: str, deck: Sequence[int] | None) -> list[int]:
    if burn_tie not in BURN_TIE_RULES:
        raise ValueError(f"unknown burn tie rule {burn_tie!r}: choose one of "
                         f"{', '.join(BURN_TIE_RULES)}")
    if not 1 <= players <= MAX_PLAYERS:
        raise ValueError(f"the number of players must be 1 to {MAX_PLAYERS}, got {players}")
    cards = list(range(52)) if deck is None else sorted({int(c) for c in deck})
    if len(cards) < 3 * players + 3:
        raise ValueError(f"{players} players and the pot need {3 * players + 3} cards; "
                         f"the deck has {len(cards)}")
    return cards


def last_card_up(players: int, burn_tie: str = "suit", deck: Sequence[int] | None = None
                 ) -> BurnedOdds:
    """Exact odds of the burned player against the pot when every third card is dealt face up.

    ``players`` players are dealt (the burned player included); the burned player plays the pot
    alone. ``burn_tie``: ``suit`` (suits break a tie for the highest face-up card) or ``redeal``
    (ties are redealt, so only deals with a single highest card count). ``deck``: cards in play
    (default all 52; smaller in tests).

    >>> o = last_card_up(4)
    >>> round(o.win, 4), round(o.tie, 4), round(o.lose, 4)
    (0.6202, 0.0013, 0.3785)
    """
    cards = _deck_and_rules(players, burn_tie, deck)
    avail = np.zeros(13, dtype=np.int64)
    for c in cards:
        avail[c >> 2] += 1
    below_rank = np.concatenate([[0], np.cumsum(avail)[:-1]]).astype(np.int64)
    cfg = np.zeros((13, 5, 5, 4), dtype=np.int64)
    for r in range(13):
        cfg[r] = _suit_layouts([c & 3 for c in cards if c >> 2 == r], burn_tie)
    rank_class = np.zeros((13, 13, 13), dtype=np.int64)
    for a, b, c in itertools.product(range(13), repeat=3):
        suits = [0, 1, 2]
        rank_class[a, b, c] = VALUE3.lookup[4 * a + suits[0] + 52 * (4 * b + suits[1])
                                            + 2704 * (4 * c + suits[2])]
    out = np.zeros((VALUE3.n_classes, 3), dtype=np.int64)
    _last_card_up_kernel(avail, below_rank, cfg, rank_class, players - 1, out)
    return BurnedOdds(players, burn_tie,
                      tuple((int(row[0]), int(row[1]), int(row[2])) for row in out))


def check_burned(hand: Sequence[int], up: int, others_up: Sequence[int],
                 burn_tie: str = "suit") -> None:
    """Raise CardError unless ``up`` is in ``hand`` and is the highest face-up card.

    >>> from guts_family.cards import parse_cards
    >>> check_burned(parse_cards("Ks 7d 2c"), parse_cards("Ks")[0], parse_cards("Qh Kd"))
    >>> check_burned(parse_cards("Ks 7d 2c"), parse_cards("Ks")[0],
    ...              parse_cards("Ah"))  # doctest: +NORMALIZE_WHITESPACE
    Traceback (most recent call last):
    ...
    guts_family.cards.CardError: the burned player's face-up card Ks is not the highest:
    Ah is higher
    """
    if up not in hand:
        raise CardError(f"the face-up card {card_str(up)} is not in the hand {cards_str(hand)}")
    for o in others_up:
        if burn_tie == "suit" and (o >> 2, o & 3) > (up >> 2, up & 3):
            raise CardError(f"the burned player's face-up card {card_str(up)} is not the "
                            f"highest: {card_str(o)} is higher")
        if burn_tie == "redeal" and o >> 2 >= up >> 2:
            raise CardError(f"the burned player's face-up card {card_str(up)} is not the "
                            f"highest: {card_str(o)} is as high or higher (ties are redealt)")
