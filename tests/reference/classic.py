"""Plain, slow reference for ordinary (classic) blackjack, written from the rules alone.

It shares nothing with the engine but the Rules object's options (and a few card helpers of
``tests/reference/engine.py``: a hand's total, taking a card from a shoe, the payoff of a
standing total against a dealer total, which hands may double). Cards are ranks 0..9 = A, 2, ..., 9, T (every ten-valued card
is rank 9); a shoe is a tuple of ten counts.

The deal: player card, up card, player card, hole card. The hole card is a real card dealt
before the player draws; the player never sees it, so his decisions may use only what he has
seen (his cards, the up card and, under the peek, the fact that the dealer has no natural).

How the hidden hole card is handled (unsplit hands): the recursion carries, beside the
unseen cards ``R`` (the hole card among them), the vector ``w`` of joint weights
``w[h] = number of ways the hole card is h and the player drew exactly what he drew``, an
integer, starting from ``w[h] = R[h]`` (zero for a natural-making h under the peek). Drawing
card r multiplies ``w[h]`` by the number of r left besides the hole, ``R[r] - [h == r]``.
Every value at a node is the weighted mean over h of the value given the hole h, so every
decision maximises the expectation given exactly what the player has seen; it never looks at
the hole card itself. (The weights are reduced by their gcd to share the cache.)

Splits deal the hole card explicitly (a sum over every hole card) and then every split card
for real, in table order; the split hands' decisions come from a policy that does not see the
hole card.

Under ``naturals="peek"`` every hand-level figure is conditioned on no dealer natural (as
published per-hand tables are); under "enhc" and "none" it is unconditional. ``game_return``
counts every round.
"""

from __future__ import annotations

import functools
import itertools
import math
from fractions import Fraction

from .engine import ACE, NOUT, VALUE, best_total, may_double, result, take

TEN = 9
NEG_INF = float("-inf")
NAN = float("nan")


# -- naturals -----------------------------------------------------------------------------------

def is_natural(cards: tuple[int, ...]) -> bool:
    """An ace and a ten-valued card as the only two cards."""
    return len(cards) == 2 and sorted(cards) == [ACE, TEN]


def natural_hole_rank(rules, up: int):
    """The hole card that gives the dealer a natural with this up card (None if none can)."""
    if rules.naturals == "none":
        return None
    if up == ACE:
        return TEN
    if up == TEN:
        return ACE
    return None


def dealer_has_natural(rules, up: int, hole: int) -> bool:
    return rules.naturals != "none" and is_natural((up, hole))


def hole_weights(rules, up: int, unseen: tuple[int, ...]) -> tuple[int, ...]:
    """Initial hole weights: every unseen card, less the natural-making ones under the peek
    (the player knows, after the peek, that the hole card does not make a natural)."""
    nat = natural_hole_rank(rules, up)
    return tuple(0 if (rules.naturals == "peek" and h == nat) else unseen[h] for h in range(10))


def _reduce(w: tuple[int, ...]) -> tuple[int, ...]:
    g = 0
    for x in w:
        g = math.gcd(g, x)
    return tuple(x // g for x in w) if g > 1 else w


def _add(cards: tuple[int, ...], r: int) -> tuple[int, ...]:
    return tuple(sorted(cards + (r,)))


def _remove(shoe, cards) -> tuple[int, ...]:
    s = list(shoe)
    for c in cards:
        s[c] -= 1
        if s[c] < 0:
            raise ValueError(f"the shoe {tuple(shoe)} does not hold the cards {cards}")
    return tuple(s)


# -- the dealer, given the hole card ------------------------------------------------------------

@functools.cache
def dealer_final(shoe: tuple[int, ...], hard: int, has_ace: bool, h17: bool) -> tuple:
    """Probabilities of the dealer's final total (17, 18, 19, 20, 21, 22, 23, 24+) when he holds
    cards of hard total ``hard`` (aces as 1), ``has_ace`` if one is among them, and draws from
    ``shoe``: he hits below 17, and a soft 17 if ``h17``."""
    soft = has_ace and hard <= 11
    total = hard + 10 if soft else hard
    if total > 17 or (total == 17 and not (soft and h17)):
        out = [0.0] * NOUT
        out[min(total, 24) - 17] = 1.0
        return tuple(out)
    n = sum(shoe)
    if n == 0:
        raise ValueError("the shoe ran out of cards during the dealer's draw")
    acc = [0.0] * NOUT
    for r in range(10):
        k = shoe[r]
        if k:
            d = dealer_final(take(shoe, r), hard + VALUE[r], has_ace or r == ACE, h17)
            p = k / n
            for o in range(NOUT):
                acc[o] += p * d[o]
    return tuple(acc)


def dealer_given_hole(shoe, up: int, hole: int, h17: bool) -> tuple:
    """The dealer's final totals with ``up`` and ``hole`` in hand, drawing from ``shoe``
    (which no longer holds either card)."""
    return dealer_final(tuple(shoe), VALUE[up] + VALUE[hole], ACE in (up, hole), h17)


def stand_given_hole(unseen, total: int, up: int, hole: int, rules) -> float:
    """Result of one unit standing on ``total`` when the hole card is ``hole``; ``unseen``
    still holds the hole card (the dealer draws from unseen less the hole card)."""
    if total > 21:
        return -1.0
    if rules.naturals == "enhc" and dealer_has_natural(rules, up, hole):
        return -1.0
    d = dealer_given_hole(take(unseen, hole), up, hole, rules.hit_soft_17)
    return sum(d[o] * result(total, o, rules) for o in range(NOUT))


# -- item 1: unsplit hands, the hole card carried as weights ----------------------------------

def _draws(unseen, w):
    """Every card r the player can draw next: (r, probability given what he saw, unseen after,
    hole weights after)."""
    n = sum(unseen)
    W = sum(w)
    if n < 2:
        raise ValueError("the shoe ran out of cards for the player")
    for r in range(10):
        w2 = tuple(w[h] * (unseen[r] - (1 if h == r else 0)) for h in range(10))
        W2 = sum(w2)
        if W2:
            yield r, W2 / (W * (n - 1)), take(unseen, r), _reduce(w2)


@functools.cache
def stand_w(unseen, cards, up, w, rules) -> float:
    """Stand EV given what the player has seen: the weighted mean over the hole card."""
    t = best_total(cards)
    W = sum(w)
    return sum(w[h] * stand_given_hole(unseen, t, up, h, rules) for h in range(10) if w[h]) / W


@functools.cache
def hit_w(unseen, cards, up, w, rules) -> float:
    """Hit, then play on optimally (stand or hit again)."""
    return sum(p * play_on_w(u2, _add(cards, r), up, w2, rules)
               for r, p, u2, w2 in _draws(unseen, w))


@functools.cache
def play_on_w(unseen, cards, up, w, rules) -> float:
    """max(stand, hit) of a hand that may no longer double (bust: -1)."""
    if best_total(cards) > 21:
        return -1.0
    return max(stand_w(unseen, cards, up, w, rules), hit_w(unseen, cards, up, w, rules))


@functools.cache
def double_w(unseen, cards, up, w, rules) -> float:
    """Double: one card, then stand, on twice the wager."""
    return 2.0 * sum(p * stand_w(u2, _add(cards, r), up, w2, rules)
                     for r, p, u2, w2 in _draws(unseen, w))


class HandEVs:
    """The EVs of one initial two-card hand (per initial wager)."""

    def __init__(self, **kw):
        self.__dict__.update(kw)

    def __repr__(self):
        return "HandEVs(" + ", ".join(f"{k}={v!r}" for k, v in self.__dict__.items()) + ")"


def unsplit_evs(rules, up: int, cards: tuple[int, ...], shoe) -> HandEVs:
    """Stand, hit, double (-inf if not allowed), surrender (nan if not allowed) and the best
    unsplit play of an initial hand, from the whole shoe before the deal. Under the peek the
    figures are conditioned on no dealer natural. A player natural (naturals on) has no
    decisions; its value is in ``natural``.
    """
    cards = tuple(sorted(cards))
    unseen = _remove(shoe, (up,) + cards)
    w = _reduce(hole_weights(rules, up, unseen))
    st = stand_w(unseen, cards, up, w, rules)
    hi = hit_w(unseen, cards, up, w, rules)
    db = double_w(unseen, cards, up, w, rules) if may_double(rules, cards, False) else NEG_INF
    su = -0.5 if rules.surrender == "late" and rules.naturals == "peek" else NAN
    best = max(x for x in (st, hi, db, su) if not math.isnan(x))
    natural = None
    if rules.naturals != "none" and is_natural(cards):
        natural = natural_value(rules, up, unseen)
    return HandEVs(stand=st, hit=hi, double=db, surrender=su, best=best, natural=natural)


def natural_value(rules, up: int, unseen) -> float:
    """A player natural: paid natural_pays unless the dealer has a natural too (push).
    Conditioned on no dealer natural under the peek; unconditional under ENHC."""
    pays = rules.natural_pays * (1 - rules.commission)  # the house's cut of any win
    if rules.naturals == "peek":
        return pays
    nat = natural_hole_rank(rules, up)
    p_nat = Fraction(unseen[nat], sum(unseen)) if nat is not None else Fraction(0)
    return float(1 - p_nat) * pays


# -- item 2: splits, every card dealt for real ------------------------------------------------

def cdz_policy(rules, up: int, shoe, also_removed: tuple[int, ...] = ()):
    """CDZ-: a split hand holding H plays what the optimal unsplit play would choose for H
    against the same up card, on the whole shoe less the up card less H (the other pair
    card and the other split hands are forgotten); no surrender; double only if a split hand
    may; ties go to stand, then hit, then double.

    ``also_removed``: cards removed as well (CDP1: the other pair card, see cdp1_policy).
    """
    shoe = tuple(shoe)

    @functools.cache
    def action(cards, two_cards):
        unseen = _remove(shoe, (up,) + tuple(also_removed) + cards)
        w = _reduce(hole_weights(rules, up, unseen))
        opts = [("stand", stand_w(unseen, cards, up, w, rules)),
                ("hit", hit_w(unseen, cards, up, w, rules))]
        if two_cards and may_double(rules, cards, True):
            opts.append(("double", double_w(unseen, cards, up, w, rules)))
        best_name, best_ev = opts[0]
        for name, ev in opts[1:]:
            if ev > best_ev:
                best_name, best_ev = name, ev
        return best_name

    def decide(cards, two_cards, info=None):
        return action(tuple(sorted(cards)), bool(two_cards))

    return decide


def cdp1_policy(rules, up: int, pair: int, shoe):
    """CDP1: CDZ-'s rule on the shoe less the up card, the other pair card and H - what the
    first split hand knows - applied to every split hand."""
    return cdz_policy(rules, up, shoe, also_removed=(pair,))


def always_resplit(h, i, j, u) -> bool:
    return True


def split_given_hole(rules, up, pair, hole, shoe_after, decide, resplit):
    """(EV, expected total wager) of a split when the hole card is ``hole``; ``shoe_after``:
    the cards left after the up card, both pair cards and the hole card.

    Hand i (of h in play) receives its second card when play reaches it; j pair cards and u
    non-pair cards have been dealt as second cards before it. A pair card arriving while
    fewer than max_hands hands are in play is split off (if the pair may resplit and
    ``resplit(h, i, j, u)`` says so) to a new hand at the end of the line, and hand i takes
    another second card. The dealer draws last from what the hands left.
    """
    m = rules.max_hands
    can_resplit = pair != ACE or rules.resplit_aces
    one_card = pair == ACE and rules.split_aces_one_card

    @functools.cache
    def settle(shoe, finished):
        wager = float(sum(wg for _, wg in finished))
        if rules.naturals == "enhc" and dealer_has_natural(rules, up, hole):
            return -wager, wager
        d = dealer_given_hole(shoe, up, hole, rules.hit_soft_17)
        ev = sum(d[o] * sum(wg * result(t, o, rules) for t, wg in finished) for o in range(NOUT))
        return ev, wager

    def deal(shoe):
        n = sum(shoe)
        if n == 0:
            raise ValueError("the shoe ran out of cards during the split")
        for r in range(10):
            if shoe[r]:
                yield r, shoe[r] / n, take(shoe, r)

    @functools.cache
    def second(shoe, h, i, j, u, finished):
        if i > h:
            return settle(shoe, finished)
        ev = wg = 0.0
        for r, p, s in deal(shoe):
            if r == pair and can_resplit and h < m and resplit(h, i, j, u):
                e, w = second(s, h + 1, i, j + 1, u, finished)
            else:
                nxt = (h, i + 1, j + 1, u) if r == pair else (h, i + 1, j, u + 1)
                e, w = play(s, tuple(sorted((pair, r))), True, (h, i, j, u), nxt, finished)
            ev += p * e
            wg += p * w
        return ev, wg

    def done(shoe, nxt, finished, total, wager):
        return second(shoe, *nxt, tuple(sorted(finished + ((min(total, 22), wager),))))

    def play(shoe, cards, two, info, nxt, finished):
        t = best_total(cards)
        if t > 21:
            return done(shoe, nxt, finished, 22, 1)
        act = "stand" if one_card else decide(cards, two, info)
        if act == "stand":
            return done(shoe, nxt, finished, t, 1)
        if act == "double" and not two:
            raise ValueError("the policy doubled a hand of more than two cards")
        ev = wg = 0.0
        for r, p, s in deal(shoe):
            c2 = _add(cards, r)
            if act == "double":
                e, w = done(s, nxt, finished, best_total(c2), 2)
            else:
                e, w = play(s, c2, False, info, nxt, finished)
            ev += p * e
            wg += p * w
        return ev, wg

    return second(tuple(shoe_after), 2, 1, 0, 0, ())


def split_ev(rules, up, pair, shoe, decide=None, resplit=always_resplit, with_wager=False):
    """EV per initial wager of splitting the pair against the up card, from the whole shoe
    before the deal, under ``decide(cards, two_cards, (h, i, j, u))`` (default CDZ-) and the
    resplit policy; conditioned on no dealer natural under the peek. The hole card is summed
    over explicitly.
    ``resplit``: a callable (h, i, j, u) -> bool, or a dict {(h, i, j, u): bool}."""
    if decide is None:
        decide = cdz_policy(rules, up, shoe)
    if isinstance(resplit, dict):
        table = dict(resplit)
        resplit = lambda h, i, j, u: bool(table.get((h, i, j, u), False))  # noqa: E731
    unseen = _remove(shoe, (up, pair, pair))
    w = hole_weights(rules, up, unseen)
    W = sum(w)
    ev = wager = 0.0
    for hole in range(10):
        if not w[hole]:
            continue
        e, g = split_given_hole(rules, up, pair, hole, take(unseen, hole), decide, resplit)
        ev += w[hole] / W * e
        wager += w[hole] / W * g
    return (ev, wager) if with_wager else ev


def resplit_keys(max_hands: int, can_resplit: bool = True) -> list[tuple[int, int, int, int]]:
    """Every (h, i, j, u) at which a resplit decision can be asked."""
    keys = set()
    if not can_resplit:
        return []

    def walk(h, i, j, u):
        if i > h:
            return
        walk(h, i + 1, j, u + 1)          # a non-pair second card
        if h < max_hands:
            keys.add((h, i, j, u))
            walk(h + 1, i, j + 1, u)      # a pair card, resplit
        walk(h, i + 1, j + 1, u)          # a pair card played (not resplit, or no room)

    walk(2, 1, 0, 0)
    return sorted(keys)


def best_split_ev(rules, up, pair, shoe, decide=None):
    """The best split EV over every resplit policy that depends on (h, i, j, u) only (all
    2^k of them, brute force) - the policy the engine finds by backward induction."""
    if decide is None:
        decide = cdz_policy(rules, up, shoe)
    keys = resplit_keys(rules.max_hands, pair != ACE or rules.resplit_aces)
    best = NEG_INF
    for bits in itertools.product((False, True), repeat=len(keys)):
        ev = split_ev(rules, up, pair, shoe, decide, dict(zip(keys, bits)))
        best = max(best, ev)
    return best


# -- item 3: the whole game ---------------------------------------------------------------------

def deal_probability(shoe, cards, up) -> Fraction:
    """Probability of the player's two cards (a multiset) and the up card."""
    a, b = sorted(cards)
    s = list(shoe)
    n = sum(s)
    orders = [(a, b)] if a == b else [(a, b), (b, a)]
    total = Fraction(0)
    for first, second in orders:
        t = list(s)
        p = Fraction(t[first], n)
        t[first] -= 1
        p *= Fraction(t[up], n - 1)   # the up card is dealt between the player's cards
        t[up] -= 1
        p *= Fraction(t[second], n - 2)
        total += p
    return total


def rules_split_value(rules, up, pair, shoe) -> float:
    """The split under the rules' post-split strategy: CDZ- or CDP1, both always resplitting
    while fewer than max_hands hands are in play (as the field defines them)."""
    if rules.post_split == "cdz-":
        decide = cdz_policy(rules, up, shoe)
    elif rules.post_split == "cdp1":
        decide = cdp1_policy(rules, up, pair, shoe)
    else:
        raise ValueError(f"the reference has no game-level {rules.post_split!r} strategy")
    return split_ev(rules, up, pair, shoe, decide, always_resplit)


def round_value(rules, up, cards, shoe, split_value=None) -> float:
    """Expected result of the round, every outcome counted (dealer naturals too), playing
    the best of the unsplit options and (pairs) the split (``split_value(rules, up, pair,
    shoe)``, default: the rules' post-split strategy)."""
    cards = tuple(sorted(cards))
    unseen = _remove(shoe, (up,) + cards)
    nat = natural_hole_rank(rules, up)
    p_dealer_nat = unseen[nat] / sum(unseen) if nat is not None else 0.0
    if rules.naturals != "none" and is_natural(cards):
        return (1.0 - p_dealer_nat) * rules.natural_pays * (1 - rules.commission)
    best = unsplit_evs(rules, up, cards, shoe).best
    if cards[0] == cards[1]:
        sp = (split_value or rules_split_value)(rules, up, cards[0], shoe)
        best = max(best, sp)
    if rules.naturals == "peek":
        return p_dealer_nat * -1.0 + (1.0 - p_dealer_nat) * best
    return best


def game_return(rules, shoe, split_value=None) -> float:
    """The player's expected return per initial wager over every deal from ``shoe``."""
    shoe = tuple(shoe)
    total = 0.0
    mass = Fraction(0)
    for up in range(10):
        for a in range(10):
            for b in range(a, 10):
                p = deal_probability(shoe, (a, b), up)
                if p == 0:
                    continue
                mass += p
                total += float(p) * round_value(rules, up, (a, b), shoe, split_value)
    assert mass == 1
    return total


# -- a second route for self-checks: a fixed strategy valued with the hole card dealt first --

def strategy_value_hole_first(rules, up, cards, shoe, policy) -> float:
    """Value of an unsplit hand under a fixed ``policy(cards, two_cards) -> action`` by
    dealing the hole card first, then the player's cards, then the dealer's, with no weights:
    a plain sum over every hole card and card sequence (conditioned on no dealer natural
    under the peek)."""
    cards = tuple(sorted(cards))
    unseen = _remove(shoe, (up,) + cards)
    w = hole_weights(rules, up, unseen)

    def play(rest, hand, hole, two):
        t = best_total(hand)
        if t > 21:
            return -1.0
        act = policy(hand, two)
        full = tuple(rest[r] + (1 if r == hole else 0) for r in range(10))
        if act == "stand":
            return stand_given_hole(full, t, up, hole, rules)
        if act == "surrender":
            return -0.5
        n = sum(rest)
        ev = 0.0
        for r in range(10):
            if rest[r]:
                h2 = _add(hand, r)
                if act == "double":
                    full2 = tuple(full[k] - (1 if k == r else 0) for k in range(10))
                    ev += rest[r] / n * 2 * stand_given_hole(full2, best_total(h2), up, hole, rules)
                else:
                    ev += rest[r] / n * play(take(rest, r), h2, hole, False)
        return ev

    W = sum(w)
    return sum(w[h] / W * play(take(unseen, h), cards, h, True) for h in range(10) if w[h])


def optimal_policy(rules, up, shoe):
    """The unsplit optimum of this module as a plain policy (for the self-check above)."""
    shoe = tuple(shoe)

    def policy(hand, two):
        unseen = _remove(shoe, (up,) + hand)
        w = _reduce(hole_weights(rules, up, unseen))
        opts = [("stand", stand_w(unseen, hand, up, w, rules)),
                ("hit", hit_w(unseen, hand, up, w, rules))]
        if two and may_double(rules, hand, False):
            opts.append(("double", double_w(unseen, hand, up, w, rules)))
        if two and rules.surrender == "late" and rules.naturals == "peek":
            opts.append(("surrender", -0.5))
        return max(opts, key=lambda o: o[1])[0]

    return policy
