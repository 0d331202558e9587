"""The one-round in/out model: the exact EV of going in when the other deciders use a threshold.

A *threshold strategy* goes in with a hand of class ``t`` or better (the game's own order,
:mod:`guts_family.hands`) and stays out below it. The round, as each game's :class:`Game`
attributes describe it (the readings are in ``docs/guts.md``, section "Equilibrium"):

- the hero and :meth:`~guts_family.games.base.Game.deciders` other players decide at once;
  :meth:`~guts_family.games.base.Game.round_seats` are the hands dealt besides them - the pot's
  hand (``pot_name``; it plays beside other players when ``pot_with_others``, else only a lone
  player, as the Guts dummy) and the players who must play (``must_play``: Phoenix Burn's
  burned player, who holds a random hand);
- a lone player in plays the pot's hand if there is one (win: the pot; lose: pay; tie: the
  game's tie rule) or takes the pot unchallenged (challenge guts); two or more in show down
  (best hand takes the pot, every other one in pays); nobody in: re-ante, or (challenge guts)
  the dealer takes the pot with the qualifier - that happens only when the hero stayed out, so
  the qualifier never moves the threshold in this one-round model.

A player who goes in and does not win pays ``min(pot, cap)``. Staying out is worth 0: the ante
is sunk and the next pot's value is not counted (the same convention as every EV of the
package).

**Exact odds inside.** The EV of going in with class ``c`` against others using ``t`` sums,
over ``k`` = how many of the ``m`` other deciders go in, ``C(m, k)`` times the exact counts of
:func:`~guts_family.odds.multiway.multiway_odds` with ``k`` seats restricted to ``t`` or better
and ``m - k`` seats restricted below ``t`` that do not play (they only take cards): every deal
of the unseen cards is counted once, card removal included. The EV is a ``Fraction``. The
3-card poker order (which needs the suits) is counted by cards for one other decider against
a dummy (:func:`in_ev_poker3`, the Guts 3-card round with two players); beyond that it is
sampled (:mod:`~guts_family.games.equilibrium.sampled`).

>>> from guts_family.hands import ONE
>>> from guts_family.cards import parse_cards
>>> in_ev("guts321", ONE, parse_cards("Ah"), 3, ONE.n_classes, pot=3)  # the others never in
Fraction(48, 17)

(the dummy alone: 48 of its 51 cards lose to the ace and win the pot of 3, 3 tie: replayed.)
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from fractions import Fraction

import numpy as np

# the games the model answers (every game of the registry), named where the help reads them
from guts_family.defaults import EQUILIBRIUM_GAMES
from guts_family.games.base import Game
from guts_family.games.registry import get_game
from guts_family.hands import HandOrder
from guts_family.odds import FieldOdds, Seat, field_odds
from guts_family.odds.multiway import multiway_odds

__all__ = ["EQUILIBRIUM_GAMES", "check_model", "dummy_model", "counted_by_cards", "in_ev",
           "in_ev_poker3"]



def dummy_model(game: Game) -> bool:
    """True for the round the card count (:func:`in_ev_poker3`) and the sampler
    (:mod:`~guts_family.games.equilibrium.sampled_evs`) are written for: a pot's hand that plays
    only a lone player (the Guts dummy) and no player who must play.

    >>> dummy_model(get_game("guts321")), dummy_model(get_game("phoenix"))
    (True, False)
    """
    return game.pot_name is not None and not game.pot_with_others and not game.must_play


def counted_by_cards(game: Game, players: int) -> bool:
    """True when the poker order's round is counted exactly by cards at this table size: one
    other decider against a dummy (:func:`in_ev_poker3`).

    >>> g = get_game("guts321"); counted_by_cards(g, 2), counted_by_cards(g, 3)
    (True, False)
    """
    return dummy_model(game) and game.deciders(players) == 1


def check_model(game: str, players: int, order: HandOrder, sampled: bool = False) -> Game:
    """The game called ``game``, or a one-line ValueError when the model cannot answer: an
    unknown game, the poker order counted exactly beyond one other decider (``sampled``: the
    question is sampled instead), more players than the deck seats.

    >>> check_model("phoenix", 9, get_game("phoenix").order()).title
    'Phoenix Burn'
    """
    if game not in EQUILIBRIUM_GAMES:
        raise ValueError(f"no equilibrium model for {game!r}: choose one of "
                         f"{', '.join(EQUILIBRIUM_GAMES)}")
    g = get_game(game)
    if not order.suit_blind and not dummy_model(g):
        raise ValueError(f"the {order.title} order is modelled for a dummy that plays a lone "
                         f"player only, not for {g.title}")
    if not order.suit_blind and not sampled and not counted_by_cards(g, players):
        raise ValueError(f"the {order.title} order (straights and flushes need the suits) is "
                         "counted exactly by cards for 2 players only (one other player, "
                         f"either in or out), got --players {players}: choose --players 2, or "
                         f"drop --exact to sample it, or --cards 2 or 1 for {g.name}")
    lowest = 2
    top = g.max_players(order.n_cards)
    if not lowest <= players <= top:
        raise ValueError(f"{game} with {order.n_cards}-card hands seats 2 to {top} players "
                         f"(52 cards), got --players {players}")
    return g


def in_ev(game: str, order: HandOrder, hero: Sequence[int], players: int, threshold: int,
          pot: float, cap: float | None = None, tie: str | None = None,
          player_tie: str | None = None, deck: Sequence[int] | None = None) -> Fraction:
    """Exact EV of going in with ``hero`` when the others go in with ``threshold`` or better.

    ``threshold`` = ``order.n_classes`` means the others never go in. ``deck``: the cards in
    play (tests use small decks).

    >>> from guts_family.cards import parse_cards
    >>> from guts_family.hands import ONE
    >>> float(in_ev("challenge", ONE, parse_cards("Ah"), 2, ONE.n_classes, pot=1))  # alone: pot
    1.0
    """
    g = get_game(game)
    tie_r, ptie_r = g.rules(tie, player_tie)
    if not order.suit_blind:
        check_model(game, players, order)
        return in_ev_poker3(order, hero, threshold, pot, cap, tie_r, ptie_r, deck)
    m = g.deciders(players)
    top = order.n_classes
    num = Fraction(0)
    den = 0
    for k in range(m + 1):
        if (k > 0 and threshold >= top) or (k < m and threshold <= 0):
            continue  # nobody holds a hand above the top class / below the bottom one
        seats = g.round_seats(k)
        seats += [Seat(f"in {i + 1}", min_class=threshold) for i in range(k)]
        seats += [Seat(f"out {i + 1}", max_class=threshold - 1, plays=False)
                  for i in range(m - k)]
        if not seats:  # heads-up, the other player out, no pot hand: the pot, unchallenged
            seats = [Seat("out", plays=False)]
        o = multiway_odds(order, hero, seats, deck=deck, allow_empty=True)
        if o.total == 0:  # e.g. more players above the threshold than such hands are left
            continue
        w = math.comb(m, k) * o.total
        num += w * o.ev_exact(pot, cap, tie_r, ptie_r)
        den += w
    return num / den


def _dummy_alone_counts(order: HandOrder, hero: Sequence[int], threshold: int,
                       deck: Sequence[int] | None) -> tuple[int, int, int]:
    """Win / tie / lose counts of ``hero`` against the dummy over every deal of the dummy and
    one other hand below ``threshold`` (which stays out and only takes cards), by cards.

    The other hands avoiding a dummy hand d are counted by inclusion-exclusion over d's cards:
    |G| - sum_x G(x) + sum_{x<y} G(x, y) - [d in G], G the hands below the threshold and G(..)
    those of them holding the given cards; every dummy hand is enumerated.
    """
    from itertools import combinations

    cards = list(range(52)) if deck is None else sorted({int(c) for c in deck})
    unseen = np.array([c for c in cards if c not in set(hero)], dtype=np.int64)
    combos = unseen[np.array(list(combinations(range(len(unseen)), order.n_cards)),
                             dtype=np.int64)]
    idx = np.zeros(len(combos), dtype=np.int64)
    for j in range(order.n_cards - 1, -1, -1):
        idx = idx * 52 + combos[:, j]
    cls = np.asarray(order.lookup)[idx].astype(np.int64)
    in_g = cls < threshold
    g = combos[in_g]
    g1 = np.zeros(52, dtype=np.int64)
    g2 = np.zeros((52, 52), dtype=np.int64)
    for a in range(order.n_cards):
        g1 += np.bincount(g[:, a], minlength=52)
        for b in range(a + 1, order.n_cards):
            pairs = np.bincount(g[:, a] * 52 + g[:, b], minlength=2704).reshape(52, 52)
            g2 += pairs + pairs.T
    avoid = np.full(len(combos), len(g), dtype=np.int64) - in_g
    for a in range(order.n_cards):
        avoid -= g1[combos[:, a]]
        for b in range(a + 1, order.n_cards):
            avoid += g2[combos[:, a], combos[:, b]]
    me = order.class_of(list(hero))
    return (int(avoid[cls < me].sum()), int(avoid[cls == me].sum()),
            int(avoid[cls > me].sum()))


def in_ev_poker3(order: HandOrder, hero: Sequence[int], threshold: int, pot: float,
                 cap: float | None = None, tie: str = "replay", player_tie: str = "split",
                 deck: Sequence[int] | None = None) -> Fraction:
    """Exact EV of going in with ``hero`` in a two-player Guts 3-card round (poker order) when
    the other player goes in with ``threshold`` or better, counted by cards.

    Every deal of the other player's hand and the dummy's counts once. The other player in
    (a hand of ``threshold`` or better): a showdown with them (the card engine's one ranged
    seat; the dummy's cards do not matter). The other player out: ``hero`` plays the dummy,
    whose deals are weighed by the other hands below the threshold they leave (card removal,
    see ``_dummy_alone_counts``). ``tie`` settles a tie with the dummy, ``player_tie`` one
    with the other player.

    >>> from guts_family.cards import parse_cards
    >>> from guts_family.hands import POKER3
    >>> ev = in_ev_poker3(POKER3, parse_cards("Ks Kd 7h"), POKER3.n_classes, pot=2)
    >>> round(float(ev), 4)  # the other player never in: K K 7 against the dummy alone
    1.5872
    """
    hero = [int(c) for c in hero]
    top = order.n_classes
    cards = 52 if deck is None else len({int(c) for c in deck})
    dummy_ways = math.comb(cards - 2 * order.n_cards, order.n_cards)
    num = Fraction(0)
    den = 0
    if threshold > 0:
        win, tied, lose = _dummy_alone_counts(order, hero, min(threshold, top), deck)
        total = win + tied + lose
        if total:
            seats = (Seat("dummy", is_pot=True), Seat("out", max_class=min(threshold, top) - 1,
                                                      plays=False))
            o = FieldOdds(order.name, tuple(hero), (), seats, total, lose,
                          {(): win, (0,): tied})
            num += total * o.ev_exact(pot, cap, tie, player_tie)
            den += total
    if threshold < top:
        o = field_odds(order, hero, [Seat("in 1", min_class=threshold)], deck=deck)
        if o.total:
            num += o.total * dummy_ways * o.ev_exact(pot, cap, tie, player_tie)
            den += o.total * dummy_ways
    return num / den
