"""exposed: the engine conditioned on dealer concealed cards the player has seen.

Hole-card exposure (a dealer who flashes a concealed card, a player who sees it): the seen
cards leave the shoe like the up card, and the dealer's outcome is conditioned on them - in 21
Burn the dealer's burn is then decided over the up card, the seen card(s) and the unseen one,
so a seen card tells the player more than its rank. The whole engine (stand, hit, double,
splits, the player's burn) runs unchanged against the conditioned dealer
(:func:`~.dealer.exposed_concealed`) on the shoe less the seen cards, so the player's play is
re-optimised for what it knows, exactly.

>>> from twentyone_burn.rules import Rules
>>> r = Rules(decks=None)
>>> er_ten = exposed_return(r, 5, (9,))        # 6 up, a ten seen: the dealer keeps 6 + ?
>>> er_ten > exposed_return(r, 5, ())
True
"""

from __future__ import annotations

import math

import numpy as np

from ..rules import Rules, RulesError
from ..shoe import NRANKS, draw_probability, full_shoe, three_card_multisets
from ..tables import DecisionTables
from .dealer import dealer_distribution, exposed_concealed
from .player_burn import KeptValues, burn_choices, kept_values_for_shoe

__all__ = ["classic_hole_return", "exposed_distribution", "exposed_kept_values",
           "exposed_return", "exposed_shoe", "seen_probability"]


def exposed_shoe(rules: Rules, seen: tuple[int, ...], shoe: np.ndarray | None = None
                 ) -> np.ndarray | None:
    """The shoe the player's cards are dealt from once ``seen`` are out of it (before the up
    card; None for the infinite deck). ``shoe``: the shoe before the deal (default: the rules'
    full shoe).

    >>> exposed_shoe(Rules(decks=1), (9, 9)).tolist()
    [4, 4, 4, 4, 4, 4, 4, 4, 4, 14]
    """
    if rules.infinite:
        return None
    s = (full_shoe(rules.decks) if shoe is None else np.asarray(shoe, np.int64)).copy()
    for c in seen:
        s[c] -= 1
    return s


def seen_probability(rules: Rules, up: int, seen: tuple[int, ...],
                     shoe: np.ndarray | None = None) -> float:
    """P(the up card is ``up`` and the concealed cards seen are ``seen``, in that order).

    >>> round(seen_probability(Rules(decks=1), 9, (9,)), 6)    # 16/52 x 15/51
    0.090498
    """
    if shoe is None and not rules.infinite:
        shoe = full_shoe(rules.decks)
    return draw_probability(None if rules.infinite else shoe, (up, *seen))


def exposed_kept_values(rules: Rules, up: int, seen: tuple[int, ...],
                        shoe: np.ndarray | None = None, *, not_first: int = -1,
                        tables: DecisionTables | None = None) -> KeptValues:
    """:func:`~.player_burn.kept_values` of one up card when the player has seen the dealer's
    concealed cards ``seen`` (ranks; () = none: the ordinary values): optimal play against
    the dealer conditioned on them, from ``shoe`` (the counts before the deal; default the
    rules' full shoe) less the seen cards.

    ``not_first`` >= 0 (with nothing seen): the player knows only that the dealer's first
    concealed card is not of this rank; the values are then unnormalised, E[result x 1{that
    card is not of rank not_first}] (``player_burn.kept_values_for_shoe``'s ``no_hole``).
    ``tables``: value this fixed strategy instead of optimal play (what a player who ignores
    the exposure gets: the checks' sum rule).

    >>> kv = exposed_kept_values(Rules(decks=None), 9, (9, 9))   # T up, T T concealed: 20
    >>> round(float(kv.stand[0, 9, 9]), 12)                     # T-T stands to push a 20
    0.0
    """
    if not_first >= 0 and seen:
        raise ValueError("a concealed card known not to be of a rank, with others seen, is not "
                         "modelled")
    with exposed_concealed(seen):
        return kept_values_for_shoe(rules, up, exposed_shoe(rules, seen, shoe),
                                    no_hole=not_first, tables=tables)


def exposed_return(rules: Rules, up: int, seen: tuple[int, ...],
                   shoe: np.ndarray | None = None, kv: KeptValues | None = None, *,
                   not_first: int = -1, tables: DecisionTables | None = None) -> float:
    """Expected return of the round given the up card and the seen concealed cards, with
    optimal play (the best burn and play of every three-card deal) for what the player knows.

    ``kv``: :func:`exposed_kept_values` of these arguments, when already computed.
    ``not_first`` >= 0 (nothing seen): the unnormalised E[result x 1{the first concealed card
    is not of this rank}] given the up card, the player knowing that it is not.
    ``tables``: the return of this fixed strategy instead (burns included).

    >>> r = Rules(decks=None)        # T up, an ace seen: it burns; the dealer keeps T + ?
    >>> exposed_return(r, 9, (0,)) < 0 < exposed_return(r, 9, ())
    True
    """
    if kv is None:
        kv = exposed_kept_values(rules, up, seen, shoe, not_first=not_first, tables=tables)
    rest = exposed_shoe(rules, seen, shoe)
    if rest is not None:
        rest = rest.copy()
        rest[up] -= 1
    total = 0.0
    er = 0.0
    for cards in three_card_multisets():
        orderings = math.factorial(3)
        for c in np.bincount(np.asarray(cards), minlength=NRANKS):
            orderings //= math.factorial(int(c))
        p = orderings * draw_probability(rest, cards)
        if p == 0.0:
            continue
        total += p
        fixed = None if tables is None else int(tables.burn[up][cards])
        er += p * burn_choices(kv, cards, fixed)[0].ev
    return er / total


def exposed_distribution(rules: Rules, up: int, seen: tuple[int, ...],
                         unseen: np.ndarray | None) -> np.ndarray:
    """The dealer's 8 outcome probabilities given the up card and the seen concealed cards;
    ``unseen``: every card the dealer may still take (the shoe less the up card, the seen
    cards and the player's cards; None for the infinite deck).

    >>> d = exposed_distribution(Rules(decks=None), 5, (9,), None)   # 6 up, a ten seen
    >>> round(float(d.sum()), 12)
    1.0
    """
    return dealer_distribution(rules, up, unseen, seen=seen)


def classic_hole_return(rules: Rules, up: int, hole: int,
                        shoe: np.ndarray | None = None) -> float:
    """The classic deal's expected return given the up card and the *seen* hole card
    (hole-carding), with optimal play for it: every two-card deal from the shoe less the up
    and hole cards.

    A dealer natural (with naturals on) is then known: the round is lost, a player natural
    pushed (under a peek the player has no decision). Otherwise a player natural is paid, and
    every other hand is played by the engine against the dealer's known two cards (naturals
    and their peek play no further part: the player knows there is none; late surrender, if
    the rules have it, is worth -0.5). No hole card is dealt under ENHC: a RulesError.

    >>> r = Rules(decks=None, player_cards=2, dealer_burn=False, naturals="peek")
    >>> classic_hole_return(r, 5, 9) > 0.2 > -0.9 > classic_hole_return(r, 9, 0)  # 16; natural
    True
    """
    from .classic import deal_hand, require_classic, up_values

    require_classic(rules)
    if rules.natural_takes_all:
        raise RulesError("under ENHC the dealer has no hole card to see; set naturals = "
                         "\"peek\" or \"none\"")
    rest = exposed_shoe(rules, (hole,), shoe)
    after_up = None if rest is None else rest.copy()
    if after_up is not None:
        after_up[up] -= 1
    dealer_natural = rules.natural_hole(up) == hole
    plain = rules.replace(naturals="none", surrender="none")
    v = None
    if not dealer_natural:
        with exposed_concealed((hole,)):
            v = up_values(plain, up, rest)
    total = 0.0
    er = 0.0
    for a in range(NRANKS):
        for c in range(a, NRANKS):
            p = draw_probability(after_up, (a, c)) * (1 if a == c else 2)
            if p == 0.0:
                continue
            if dealer_natural:
                ev = 0.0 if rules.is_natural(a, c) else -1.0
            elif rules.is_natural(a, c):
                ev = rules.natural_amount
            else:
                assert v is not None
                e = deal_hand(plain, v, (a, c), rest)
                if e is None:
                    continue
                ev = max(e.best, -0.5) if rules.may_surrender() else e.best
            total += p
            er += p * ev
    return er / total
