"""Plain, slow reference implementations of 21 Burn, written from the rule sheet.

They share nothing with the engine but the Rules object: they deal real cards from a shoe of
ten counts, one at a time, in the order the game deals them, and recurse over every card. They
are the independent second route to every exact figure on small shoes.
"""

from __future__ import annotations

import functools
from fractions import Fraction

ACE = 0
VALUE = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]
BURN_VALUE = [11, 2, 3, 4, 5, 6, 7, 8, 9, 10]
#: dealer outcomes: 17, 18, 19, 20, 21, bust on 22, on 23, on 24 or more
NOUT = 8


def best_total(cards: tuple[int, ...]) -> int:
    hard = sum(VALUE[c] for c in cards)
    return hard + 10 if ACE in cards and hard + 10 <= 21 else hard


def is_soft(cards: tuple[int, ...]) -> bool:
    hard = sum(VALUE[c] for c in cards)
    return ACE in cards and hard + 10 <= 21


def take(shoe: tuple[int, ...], r: int) -> tuple[int, ...]:
    s = list(shoe)
    s[r] -= 1
    return tuple(s)


def dealer_must_hit(cards: tuple[int, ...], h17: bool) -> bool:
    t = best_total(cards)
    return t < 17 or (t == 17 and h17 and is_soft(cards))


@functools.cache
def _dealer_draw(shoe: tuple[int, ...], cards: tuple[int, ...], h17: bool) -> tuple:
    if not dealer_must_hit(cards, h17):
        t = best_total(cards)
        out = [0.0] * NOUT
        out[min(t, 24) - 17] = 1.0
        return tuple(out)
    n = sum(shoe)
    out = [0.0] * NOUT
    for r in range(10):
        if shoe[r]:
            sub = _dealer_draw(take(shoe, r), tuple(sorted(cards + (r,))), h17)
            for o in range(NOUT):
                out[o] += shoe[r] / n * sub[o]
    return tuple(out)


def burn_mode(burn: bool | str) -> str:
    """The dealer's burn as a word: True (the rule sheet) = "highest", False = "none"."""
    return {True: "highest", False: "none"}.get(burn, burn) if isinstance(burn, bool) else burn


def dealer_kept(up: int, c1: int, c2: int, burn: bool | str = True) -> tuple[int, int]:
    """The two cards the dealer keeps of its up card and concealed cards c1, c2 (sorted): it
    burns the single highest card, an ace counting 11 (or the lowest); ``burn`` "none": the
    dealer has the one concealed card c1 (c2 is ignored)."""
    mode = burn_mode(burn)
    if mode == "none":
        return tuple(sorted((up, c1)))
    three = sorted([up, c1, c2], key=lambda c: BURN_VALUE[c])
    return tuple(sorted(three[:2] if mode == "highest" else three[1:]))


def may_double(rules, cards: tuple[int, ...], split_hand: bool) -> bool:
    """A hand may double on its first two cards only: on any two cards, or with double_on
    "9-11" / "10-11" on a hard two-card total of 9 to 11 / 10 to 11 (a hand holding an ace is
    soft, and never doubles then); a split hand only with double after split."""
    if len(cards) != 2 or (split_hand and not rules.double_after_split):
        return False
    if rules.double_on == "any":
        return True
    low = {"9-11": 9, "10-11": 10}[rules.double_on]
    return ACE not in cards and low <= sum(VALUE[c] for c in cards) <= 11


def may_resplit(rules, pair: int, hands: int) -> bool:
    """A pair card drawn by a split hand may be split again: not aces (unless the rules say
    so), and only while fewer than max_hands hands are in play."""
    return (pair != ACE or rules.resplit_aces) and hands < rules.max_hands


def one_card(rules, pair: int) -> bool:
    """Split aces take one card each (when the rules say so)."""
    return pair == ACE and rules.split_aces_one_card


@functools.cache
def dealer(shoe: tuple[int, ...], up: int, h17: bool, burn: bool | str = True) -> tuple:
    """Outcome probabilities (17, 18, 19, 20, 21, 22, 23, 24+) dealing the concealed cards for
    real; ``burn``: True or "highest" (the rule sheet), "lowest", False or "none"."""
    mode = burn_mode(burn)
    n = sum(shoe)
    out = [0.0] * NOUT
    for c1 in range(10):
        if not shoe[c1]:
            continue
        s1 = take(shoe, c1)
        if mode == "none":
            sub = _dealer_draw(s1, dealer_kept(up, c1, -1, mode), h17)
            for o in range(NOUT):
                out[o] += shoe[c1] / n * sub[o]
            continue
        for c2 in range(10):
            if not s1[c2]:
                continue
            s2 = take(s1, c2)
            sub = _dealer_draw(s2, dealer_kept(up, c1, c2, mode), h17)
            p = shoe[c1] / n * s1[c2] / (n - 1)
            for o in range(NOUT):
                out[o] += p * sub[o]
    return tuple(out)


def result(player_total: int, outcome: int, rules) -> float:
    """Net result of a unit wager standing on player_total against a dealer outcome."""
    if player_total > 21:
        return -1.0
    win = float(rules.win_pays) * (1 - rules.commission)
    d = 17 + outcome
    if d > 21:      # a bust on 22, 23 or more: a push up to the rules' dealer_bust_push
        return 0.0 if rules.dealer_bust_push is not None and d <= rules.dealer_bust_push \
            else win
    if player_total > d:
        return win
    if player_total == d:
        lose_from = rules.ties_lose_from
        return -1.0 if lose_from is not None and d >= lose_from else 0.0
    return -1.0


def stand_ev(shoe, cards, up, rules) -> float:
    d = dealer(shoe, up, rules.hit_soft_17, rules.dealer_burn)
    return sum(d[o] * result(best_total(cards), o, rules) for o in range(NOUT))


@functools.cache
def _hand(shoe, cards, up, rules) -> float:
    """max(stand, hit) of a hand that may no longer double."""
    if best_total(cards) > 21:
        return -1.0
    return max(stand_ev(shoe, cards, up, rules), hit_ev(shoe, cards, up, rules))


def hit_ev(shoe, cards, up, rules) -> float:
    n = sum(shoe)
    return sum(shoe[r] / n * _hand(take(shoe, r), tuple(sorted(cards + (r,))), up, rules)
               for r in range(10) if shoe[r])


def double_ev(shoe, cards, up, rules) -> float:
    n = sum(shoe)
    total = 0.0
    for r in range(10):
        if shoe[r]:
            c2 = tuple(sorted(cards + (r,)))
            total += shoe[r] / n * (-1.0 if best_total(c2) > 21 else stand_ev(take(shoe, r), c2, up, rules))
    return 2 * total


def split_ev(shoe, pair, up, rules, decide, resplit) -> tuple[float, float]:
    """EV and expected wager of a whole split, every card dealt for real in table order.

    ``shoe``: the unseen cards at the split. ``decide(j, u, cards, two_cards)`` returns
    'stand' / 'hit' / 'double' for a split hand holding ``cards`` that took its second card
    after j pair cards and u non-pair cards were dealt as second cards; ``resplit(h, i, j, u)``
    says whether hand i (of h in play) splits a pair card that arrives in that state. The dealer
    draws last from whatever the hands left.
    """
    one = one_card(rules, pair)

    @functools.cache
    def settle(shoe, finished):
        d = dealer(shoe, up, rules.hit_soft_17, rules.dealer_burn)
        ev = sum(d[o] * sum(w * result(t, o, rules) for t, w in finished) for o in range(NOUT))
        return ev, float(sum(w for _, w in finished))

    @functools.cache
    def second(shoe, h, i, j, u, finished):
        if i > h:
            return settle(shoe, finished)
        n = sum(shoe)
        ev = wg = 0.0
        for r in range(10):
            if not shoe[r]:
                continue
            p = shoe[r] / n
            s = take(shoe, r)
            if r == pair and may_resplit(rules, pair, h) and resplit(h, i, j, u):
                e, w = second(s, h + 1, i, j + 1, u, finished)
            else:
                nxt = (h, i + 1, j + 1, u) if r == pair else (h, i + 1, j, u + 1)
                e, w = play(s, tuple(sorted((pair, r))), j, u, True, nxt, finished)
            ev += p * e
            wg += p * w
        return ev, wg

    def play(shoe, cards, j, u, two, nxt, finished):
        if best_total(cards) > 21:
            return second(shoe, *nxt, tuple(sorted(finished + ((22, 1),))))
        act = 'stand' if one else decide(j, u, cards, two)
        if act == 'stand':
            return second(shoe, *nxt, tuple(sorted(finished + ((best_total(cards), 1),))))
        n = sum(shoe)
        ev = wg = 0.0
        for r in range(10):
            if not shoe[r]:
                continue
            p = shoe[r] / n
            c2 = tuple(sorted(cards + (r,)))
            if act == 'double':
                e, w = second(take(shoe, r), *nxt,
                              tuple(sorted(finished + ((min(best_total(c2), 22), 2),))))
            else:
                e, w = play(take(shoe, r), c2, j, u, False, nxt, finished)
            ev += p * e
            wg += p * w
        return ev, wg

    return second(tuple(shoe), 2, 1, 0, 0, ())


def deal_probability(shoe, player, up) -> Fraction:
    """Exact probability of a three-card rank multiset and an up card, by listing orders."""
    import itertools
    n = list(shoe)
    total = Fraction(0)
    for order in set(itertools.permutations(player)):
        s = list(n)
        N = sum(s)
        p = Fraction(1)
        for r in order + (up,):
            p *= Fraction(s[r], N)
            s[r] -= 1
            N -= 1
        total += p
    return total
