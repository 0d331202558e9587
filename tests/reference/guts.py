"""Plain, slow twins of the three-card guts games' exact counts (guts_family.odds, .games).

Each one deals real cards one at a time with ``itertools`` and classes every complete hand with
``HandOrder.class_of``; it shares with the package only the cards, the hand orders and the
result types, none of the counting (no numba kernel, no inclusion-exclusion, no rank grouping).
The equilibrium's twins (``in_ev_naive``; the swap's ``swap_decider_naive`` and
``swap_burned_naive``) play each game's round out from the twin's own reading of the rules
(:data:`ROUNDS`), and ``threshold_deals_naive`` is the plain twin of the sampled EVs' deal
kernel. They are the independent second route the tests compare the fast engine against on
small decks, and ``benchmarks/guts.py`` measures its ratios against ``field_odds_naive``.
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from fractions import Fraction
from math import comb

import numpy as np

from guts_family.cards import CardError, cards_str, check_disjoint, parse_cards
from guts_family.games.phoenix_burn import BURN_TIE_RULES, BurnedOdds
from guts_family.hands import VALUE3, HandOrder
from guts_family.odds import FieldOdds, Seat

__all__ = ["field_odds_naive", "last_card_up_naive", "rank_deal_odds_naive", "in_ev_naive",
           "ROUNDS", "swap_decider_naive", "swap_burned_naive", "threshold_deals_naive",
           "SMALL1", "SMALL3", "SMALL16", "POKER_DECK"]

#: small decks the twins run on
SMALL1 = [c for c in range(52) if c >> 2 >= 6][:14]       # 8 8 8 8 9 9 9 9 T T T T J J
SMALL3 = [c for c in range(52) if c >> 2 >= 9][:13]       # J J J J Q Q Q Q K K K K A
SMALL16 = [c for c in range(52) if c >> 2 >= 9]           # J Q K A, four of each
#: 13 cards with straights (A-2-3, 2-3-4, J-Q-K, Q-K-A), flushes and pairs
POKER_DECK = parse_cards("Ac Ad 2c 2h 3c 3d 4c Jc Jh Qc Qd Kc Kh")


def _unseen(order: HandOrder, hero: Sequence[int], seats: Sequence[Seat],
            dead: Sequence[int], deck: Sequence[int] | None) -> tuple[list[int], list[int]]:
    """The hero's cards as ints and the unseen cards of the deck in play (input checked)."""
    hero = [int(c) for c in hero]
    if len(hero) != order.n_cards:
        raise CardError(f"the hand {cards_str(hero)!r} has {len(hero)} cards, "
                        f"not {order.n_cards}")
    if not seats:
        raise ValueError("there must be at least one opposing hand")
    check_disjoint(hero, dead, *(s.known for s in seats))
    universe = list(range(52)) if deck is None else sorted({int(c) for c in deck})
    used = set(hero) | {int(c) for c in dead} | {int(c) for s in seats for c in s.known}
    return hero, [c for c in universe if c not in used]


def field_odds_naive(order: HandOrder, hero: Sequence[int], seats: Sequence[Seat],
                     dead: Sequence[int] = (), deck: Sequence[int] | None = None) -> FieldOdds:
    """Plain nested-loop twin of ``guts_family.odds.field_odds``.

    Every seat in turn is dealt every completion of its known cards from the cards still
    unseen (a seat restricted to a range skips hands outside ``min_class`` .. ``max_class``; a
    seat that does not play never beats the hero); each complete
    deal is counted once, as a win, a tie with the set of seats holding the hero's class, or a
    loss. Slow: small decks, or one random seat on the full deck.

    >>> from guts_family.cards import parse_cards
    >>> from guts_family.hands import ONE
    >>> deck = parse_cards("Ac Ad Kc Kd Qc Qd")
    >>> o = field_odds_naive(ONE, parse_cards("Kc"), [Seat("pot", is_pot=True)], deck=deck)
    >>> o.win_count, o.tie_count, o.lose_count
    (2, 1, 2)
    """
    hero, unseen = _unseen(order, hero, seats, dead, deck)
    n = order.n_cards
    t = order.class_of(hero)
    seats = tuple(seats)
    ties: dict[tuple[int, ...], int] = {}
    total = 0

    def deal(i: int, avail: frozenset[int], classes: list[int]) -> None:
        nonlocal total
        if i == len(seats):
            total += 1
            playing = [(k, c) for k, c in enumerate(classes) if seats[k].plays]
            if all(c <= t for _, c in playing):
                mask = tuple(k for k, c in playing if c == t)
                ties[mask] = ties.get(mask, 0) + 1
            return
        s = seats[i]
        high = order.n_classes if s.max_class is None else s.max_class
        for extra in itertools.combinations(sorted(avail), n - len(s.known)):
            c = order.class_of(list(s.known) + list(extra))
            if s.min_class <= c <= high:
                deal(i + 1, avail - set(extra), classes + [c])

    deal(0, frozenset(unseen), [])
    lose = total - sum(ties.values())
    return FieldOdds(order.name, tuple(hero), tuple(int(c) for c in dead), seats, total, lose, ties)


def rank_deal_odds_naive(order: HandOrder, hero: Sequence[int], seats: Sequence[Seat],
                         dead: Sequence[int] = ()) -> FieldOdds:
    """Plain seat-by-seat twin of ``guts_family.odds.multiway.multiway_odds`` (suit-blind orders).

    A second route that needs no card loops, so it runs on the full deck: the seats are dealt
    one after another, each every rank multiset its unseen cards can form, from a dictionary of
    (per-rank counts of the cards left, seats holding the hero's class) to the number of deals;
    a rank multiset of ``c_r`` cards of rank r is dealt in ``prod C(left_r, c_r)`` ways. Every
    hand is classed by ``HandOrder.class_of`` on real cards. Python integers throughout; no
    automata, no merging of seats, no numba. Seconds for a few seats on the full deck.

    >>> from guts_family.cards import parse_cards
    >>> from guts_family.hands import ONE
    >>> o = rank_deal_odds_naive(ONE, parse_cards("Jh"), [Seat("pot", is_pot=True), Seat("p2")])
    >>> o.win_count == 36 * 35 and o.total == 51 * 50
    True
    """
    hero, unseen = _unseen(order, hero, seats, dead, None)
    n = order.n_cards
    t = order.class_of(hero)
    seats = tuple(seats)
    left0 = [0] * 13
    for c in unseen:
        left0[c >> 2] += 1
    known_used = [0] * 13
    for s in seats:
        for c in s.known:
            known_used[c >> 2] += 1

    def real_cards(ranks: Sequence[int]) -> list[int]:
        """Cards of the given ranks (suits made up: the order is suit-blind)."""
        seen: dict[int, int] = {}
        out = []
        for r in ranks:
            seen[r] = seen.get(r, 0) + 1
            out.append(4 * r + seen[r] - 1)
        return out

    states: dict[tuple[tuple[int, ...], tuple[int, ...]], int] = {(tuple(left0), ()): 1}
    total_states: dict[tuple[int, ...], int] = {tuple(left0): 1}
    for i, s in enumerate(seats):
        m = n - len(s.known)
        known_ranks = [c >> 2 for c in s.known]
        options = []
        for extra in itertools.combinations_with_replacement(range(13), m):
            ranks = known_ranks + list(extra)
            if max(ranks.count(r) for r in set(ranks)) > 4:
                continue
            options.append((extra, order.class_of(real_cards(ranks))))
        new: dict[tuple[tuple[int, ...], tuple[int, ...]], int] = {}
        new_total: dict[tuple[int, ...], int] = {}
        # the counted deals (every seat so far at or below t) and all deals (for the total)
        jobs = [(left, mask, v) for (left, mask), v in states.items()]
        if any(x.min_class for x in seats):  # else the total is a product of binomials
            jobs += [(left, None, v) for left, v in total_states.items()]
        for left, mask, v in jobs:
            for extra, cls in options:
                if cls < s.min_class or (mask is not None and cls > t):
                    continue
                ways = 1
                rest = list(left)
                for r in set(extra):
                    ways *= comb(rest[r], extra.count(r))
                    rest[r] -= extra.count(r)
                if ways == 0:
                    continue
                if mask is None:
                    new_total[tuple(rest)] = new_total.get(tuple(rest), 0) + v * ways
                else:
                    key = (tuple(rest), mask + ((i,) if cls == t else ()))
                    new[key] = new.get(key, 0) + v * ways
        states, total_states = new, new_total
    ties: dict[tuple[int, ...], int] = {}
    for (_, mask), v in states.items():
        ties[mask] = ties.get(mask, 0) + v
    total = sum(total_states.values())
    if not any(x.min_class for x in seats):
        total, left_n = 1, len(unseen)
        for x in seats:
            total *= comb(left_n, n - len(x.known))
            left_n -= n - len(x.known)
    return FieldOdds(order.name, tuple(hero), tuple(int(c) for c in dead), seats, total,
                     total - sum(ties.values()), ties)


def last_card_up_naive(players: int, burn_tie: str = "suit",
                       deck: Sequence[int] | None = None) -> BurnedOdds:
    """Plain card-by-card twin of ``guts_family.games.phoenix_burn.last_card_up``.

    Every burned hand, each of its cards as the face-up one, every pot hand; the other
    ``players - 1`` players' face-up cards are any cards left below the burned up card (by rank
    then suit under ``burn_tie="suit"``, strictly lower rank under ``"redeal"``). Small decks only.

    >>> deck = [c for c in range(52) if c >> 2 >= 10]  # Q, K, A
    >>> o = last_card_up_naive(1, deck=deck)
    >>> o.total == comb(12, 3) * 3 * comb(9, 3)
    True
    >>> from guts_family.games.phoenix_burn import last_card_up
    >>> last_card_up_naive(2, deck=deck) == last_card_up(2, deck=deck)
    True
    """
    if burn_tie not in BURN_TIE_RULES:
        raise ValueError(f"unknown burn tie rule {burn_tie!r}")
    cards = list(range(52)) if deck is None else sorted({int(c) for c in deck})
    if players < 1 or len(cards) < 3 * players + 3:
        raise ValueError(f"{players} players and the pot do not fit in {len(cards)} cards")

    def below(o: int, up: int) -> bool:
        return (o >> 2, o & 3) < (up >> 2, up & 3) if burn_tie == "suit" else o >> 2 < up >> 2

    out = [[0, 0, 0] for _ in range(VALUE3.n_classes)]
    for hand in itertools.combinations(cards, 3):
        hc = VALUE3.class_of(hand)
        rest = [c for c in cards if c not in hand]
        for up in hand:
            for pot in itertools.combinations(rest, 3):
                pc = VALUE3.class_of(pot)
                outcome = 0 if hc > pc else (1 if hc == pc else 2)
                left = [c for c in rest if c not in pot and below(c, up)]
                out[hc][outcome] += comb(len(left), players - 1)
    return BurnedOdds(players, burn_tie, tuple((row[0], row[1], row[2]) for row in out))


def _showdown(me: int, rivals: list[int], house: int | None, gain: Fraction, pay: Fraction,
              tie: str, player_tie: str) -> Fraction:
    """The payoff of the hand (class) ``me`` in a showdown against ``rivals`` and, if not
    None, the pot's hand ``house``: the pot ``gain`` won, ``pay`` lost, ties by the rules."""
    best = max(rivals + ([house] if house is not None else []) + [me])
    if me < best:
        return -pay
    tied = sum(1 for r in rivals if r == me)
    if house is not None and house == me:
        return {"pot": -pay, "split": gain / (tied + 2), "replay": Fraction(0)}[tie]
    if tied:
        return gain / (tied + 1) if player_tie == "split" else Fraction(0)
    return gain


@dataclass(frozen=True)
class _Round:
    """The twin's own reading of one game's in/out round, from its rule sheet - on purpose not
    the package's ``Game`` attributes, so a wrong attribute there is caught here."""

    house: bool          # a hand is dealt to the pot (Phoenix: the pot's hand; Guts: the dummy)
    house_vs_all: bool   # it plays everyone in (Phoenix), not only a lone player (Guts)
    burned: bool         # one other player must play whatever it holds (Phoenix's burned player)


#: Phoenix Burn: "The burned player must play against the pot's hand"; "The burned player, every
#: player who came in, and the pot's hand are compared". Guts 3-2-1, steps 5 and 6: the dummy
#: plays only a player who stays in alone. Challenge guts: no pot hand; a lone caller wins the pot.
ROUNDS = {"phoenix": _Round(house=True, house_vs_all=True, burned=True),
          "guts321": _Round(house=True, house_vs_all=False, burned=False),
          "challenge": _Round(house=False, house_vs_all=False, burned=False)}


def in_ev_naive(game: str, order: HandOrder, hero: Sequence[int], players: int, threshold: int,
                pot: float, cap: float | None = None, tie: str = "pot",
                player_tie: str = "split", deck: Sequence[int] | None = None) -> Fraction:
    """Plain card-by-card twin of ``guts_family.games.equilibrium.model.in_ev``: the rules played
    out.

    Every deal of the other hands (Phoenix: the pot's and the burned player's, then the other
    deciders; Guts: the dummy, then the deciders; challenge: the deciders) from the unseen
    cards; a decider goes in with ``threshold`` or better; the hero's payoff is read from the
    round's rules (:data:`ROUNDS`) directly (no seats, no masks). Small decks only.

    >>> from guts_family.cards import parse_cards
    >>> from guts_family.hands import ONE
    >>> o = in_ev_naive("guts321", ONE, parse_cards("Jc"), 3, ONE.n_classes, pot=3, tie="replay",
    ...                 deck=SMALL1)
    >>> o  # the others never in: the dummy alone, 12 of its 13 cards lower, one J (replayed)
    Fraction(36, 13)
    """
    rules = ROUNDS[game]
    hero = [int(c) for c in hero]
    cards = list(range(52)) if deck is None else sorted({int(c) for c in deck})
    unseen = [c for c in cards if c not in hero]
    n = order.n_cards
    m = players - 1 - rules.burned
    fixed = rules.house + rules.burned
    me = order.class_of(hero)
    gain = Fraction(str(pot))
    pay = gain if cap is None else min(gain, Fraction(str(cap)))
    total = Fraction(0)
    deals = 0

    def showdown(mine: int, rivals: list[int], house: int | None) -> Fraction:
        return _showdown(mine, rivals, house, gain, pay, tie, player_tie)

    def deal(i: int, avail: list[int], classes: list[int]) -> None:
        nonlocal total, deals
        if i == fixed + m:
            deals += 1
            house, rest = (classes[0], classes[1:]) if rules.house else (None, classes)
            burned, deciders = (rest[:1], rest[1:]) if rules.burned else ([], rest)
            ins = burned + [c for c in deciders if c >= threshold]
            if ins:
                total += showdown(me, ins, house if rules.house_vs_all else None)
            elif house is not None:  # a lone player plays the dummy
                total += showdown(me, [], house)
            else:  # a lone caller takes the pot unchallenged
                total += gain
            return
        for hand in itertools.combinations(avail, n):
            left = [c for c in avail if c not in hand]
            deal(i + 1, left, classes + [order.class_of(list(hand))])

    deal(0, unseen, [])
    return total / deals


# ----------------------------------------------------------------------------------------------
# Phoenix Burn's swap inside the equilibrium


@functools.cache
def _cls(hand: tuple[int, ...]) -> int:
    """The value class of a three-card hand (cached: the twins class the same hands often)."""
    return VALUE3.class_of(list(hand))


def _deals(avail: list[int], k: int) -> Iterator[list[int]]:
    """Every deal of k three-card hands from ``avail`` (classes), seat by seat."""
    if k == 0:
        yield []
        return
    for hand in itertools.combinations(avail, 3):
        left = [c for c in avail if c not in hand]
        for rest in _deals(left, k - 1):
            yield [_cls(hand)] + rest


def swap_decider_naive(hero: Sequence[int], players: int, s: int, t: int, state: str, pot: float,
                       cap: float | None, tie: str, player_tie: str, deck: Sequence[int]
                       ) -> Fraction:
    """Plain card-by-card twin of ``SwapModel.decider`` (``guts_family.games.equilibrium.swap``):
    a Phoenix Burn decider's EV going in with ``hero``. The pot's and the burned player's hands
    are dealt, the burned player swaps with the pot below class s, the other deciders go in
    with t or better; the mean over the deals of the state ("keep", "swap" or "both"). Small
    decks only."""
    gain = Fraction(str(pot))
    pay = gain if cap is None else min(gain, Fraction(str(cap)))
    me = VALUE3.class_of(list(hero))
    total, n = Fraction(0), 0
    for pot_c, burned_c, *others in _deals([c for c in deck if c not in hero], players):
        swapped = burned_c < s
        if state != "both" and swapped != (state == "swap"):
            continue
        if swapped:
            pot_c, burned_c = burned_c, pot_c
        ins = [burned_c] + [c for c in others if c >= t]
        total += _showdown(me, ins, pot_c, gain, pay, tie, player_tie)
        n += 1
    return total / n


def swap_burned_naive(hero: Sequence[int], players: int, t: int, do_swap: bool, fee: float,
                      pot: float, cap: float | None, tie: str, player_tie: str,
                      deck: Sequence[int]) -> Fraction:
    """Plain card-by-card twin of ``SwapModel.keep`` / ``SwapModel.swap``: the burned player's EV
    with ``hero``, keeping it or swapping it with the pot's hand for ``fee`` (paid whatever
    happens), the others deciding with t. Small decks only."""
    gain = Fraction(str(pot))
    pay = gain if cap is None else min(gain, Fraction(str(cap)))
    me = VALUE3.class_of(list(hero))
    total, n = Fraction(0), 0
    for pot_c, *others in _deals([c for c in deck if c not in hero], players):
        ins = [c for c in others if c >= t]
        if do_swap:
            total += _showdown(pot_c, ins, me, gain, pay, tie, player_tie) - Fraction(str(fee))
        else:
            total += _showdown(me, ins, pot_c, gain, pay, tie, player_tie)
        n += 1
    return total / n


# ----------------------------------------------------------------------------------------------
# the sampled EVs' deal kernel


def threshold_deals_naive(u: np.ndarray, hands: np.ndarray, unseen: np.ndarray,
                          order: HandOrder, hero_class: int, others: int
                          ) -> tuple[np.ndarray, np.ndarray]:
    """Plain twin of the kernel ``threshold_deals`` (``guts_family.odds._kernels``, the sampled
    EVs of the Guts 3-card round): the same reading of the uniforms, one deal at a time with
    lists, every hand classed by ``order.class_of``."""
    best = np.zeros((order.n_classes, 3), dtype=np.int64)
    ties = np.zeros(others + 1, dtype=np.int64)
    for row in u:
        h = min(int(row[0] * len(hands)), len(hands) - 1)
        deck = [int(c) for c in unseen[h]]
        for j in range(3 * (others + 1)):
            k = j + int(row[1 + j] * (len(deck) - j))
            deck[j], deck[k] = deck[k], deck[j]
        dummy = order.class_of(deck[0:3])
        rivals = [order.class_of(deck[3 * s:3 * s + 3]) for s in range(1, others + 1)]
        top = max(rivals)
        result = 0 if hero_class > dummy else (1 if hero_class == dummy else 2)
        best[top, result] += 1
        if top == hero_class:
            ties[rivals.count(hero_class)] += 1
    return best, ties


# ----------------------------------------------------------------------------------------------
# the whole game (guts_family.games.whole_game): the kernel's twin and an exact Markov chain


@dataclass(frozen=True)
class _Whole:
    """The twin's own reading of a whole game, from its rule sheet - on purpose not the
    package's ``Game`` attributes."""

    house: bool            # a hand is dealt to the pot (Phoenix: the pot's hand; Guts: the dummy)
    house_vs_all: bool     # it plays everyone in (Phoenix), not only a lone player (Guts)
    burned: bool           # the highest face-up card must play (Phoenix)
    orders: tuple[str, ...]  # the hand order of each round size, cards 3, 2, 1
    cycle: tuple[int, ...]   # the round sizes dealt in turn
    reante: str            # who antes again after the first deal
    free_ride: bool        # who called no guts antes nothing next deal (challenge guts)
    dealer: bool           # nobody called up to the dealer: the dealer's call and challenges
    tie: str
    player_tie: str


#: Phoenix Burn: the sheet names the first pot's ante only; the pot's hand plays everyone;
#: the burned player must play. Guts 3-2-1: steps 4, 6, 7 and "How to Win" (re-ante when
#: nobody is in or the lone player loses to the dummy; 3-, 2-, 1-card rounds). Challenge guts:
#: "All no-guts players get a free ride (no ante) on next round"; the dealer's challenge.
WHOLE_GAMES = {
    "phoenix": _Whole(True, True, True, ("value3", "", ""), (3,), "never", False, False, "pot",
                      "split"),
    "guts321": _Whole(True, False, False, ("poker3", "two", "one"), (3, 2, 1), "unwon", False,
                      False, "replay", "split"),
    "challenge": _Whole(False, False, False, ("value3", "", ""), (3,), "every", True, True,
                        "replay", "split"),
}

_MASK = (1 << 64) - 1


class SplitMix64:
    """The kernel's per-game random stream, in plain Python integers."""

    def __init__(self, state: int):
        self.state = int(state) & _MASK

    def uniform(self) -> float:
        """The next uniform in [0, 1) (the top 53 bits of the mixed state)."""
        self.state = (self.state + 0x9E3779B97F4A7C15) & _MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        z ^= z >> 31
        return (z >> 11) * (1.0 / 9007199254740992.0)


@dataclass
class NaiveGame:
    """One game played by :func:`play_game_naive`."""

    deals: int
    last_pot: float
    ended: bool
    winner: int
    nets: list[float]
    events: dict[str, int]
    pot_left: float


def play_game_naive(game: str, players: int, ante: float, cap: float | None, rule, state: int,
                    *, max_deals: int = 1000, tie: str | None = None,
                    player_tie: str | None = None, reante: str | None = None,
                    chicken_fee: float = 0.0, rounds: Sequence[int] | None = None,
                    burn_tie: str = "suit", swap_fee: float | None = None,
                    swap_below: int | None = None, dealer_min: int = 0) -> NaiveGame:
    """Plain twin of the whole game's kernel (``guts_family.games.whole_game._kernel``): one
    game from the SplitMix64 ``state``, deal by deal, with the rules of :data:`WHOLE_GAMES`.

    ``rule(cards, pot)`` gives (threshold, mix, challenge threshold) of a deal. The uniforms
    are read as the kernel reads them (the cards by a partial Fisher-Yates shuffle, players'
    hands then the pot's hand, then one uniform per player for a mixed decision); the rest -
    who goes in, who pays, who takes the pot, what is carried, who antes - is written again
    here from the rule sheets, with lists and ``HandOrder.class_of``.
    """
    from guts_family.hands import get_order

    w = WHOLE_GAMES[game]
    tie = w.tie if tie is None else tie
    player_tie = w.player_tie if player_tie is None else player_tie
    reante = w.reante if reante is None else reante
    cycle = tuple(rounds) if rounds else w.cycle
    rng = SplitMix64(state)
    pot = players * ante
    nets = [-ante] * players
    events = dict.fromkeys(("nobody_in", "void", "swap", "dealer_calls", "challenged",
                            "nobody_played", "carried"), 0)
    deals = 0
    while True:
        cards = cycle[deals % len(cycle)]
        order = get_order(w.orders[3 - cards])
        t, mix, chal = rule(cards, pot)
        deck = list(range(52))
        for j in range((players + w.house) * cards):
            k = j + int(rng.uniform() * (52 - j))
            deck[j], deck[k] = deck[k], deck[j]
        hands = [deck[i * cards:(i + 1) * cards] for i in range(players)]
        mixing = [rng.uniform() for _ in range(players)]
        cls = [order.class_of(h) for h in hands]
        house = order.class_of(deck[players * cards:(players + 1) * cards]) if w.house else None
        stake = pot
        pay = stake if cap is None else min(stake, cap)
        deals += 1

        want = [c >= t or (c == t - 1 and u < mix) for c, u in zip(cls, mixing)]
        called = [False] * players   # who called guts / went in (free rides: who did not)
        played = True                # did any hand play this deal
        void = False
        result = None                # (next pot, some of the stake kept, lone winner)
        if w.burned:
            ups = [h[-1] for h in hands]
            b = ups.index(max(ups))
            if burn_tie == "redeal" and sum(1 for u in ups if u >> 2 == ups[b] >> 2) > 1:
                void = True
            else:
                if swap_fee is not None and cls[b] < swap_below:
                    cls[b], house = house, cls[b]
                    nets[b] -= swap_fee
                    stake += swap_fee
                    events["swap"] += 1
                ins = [i for i in range(players) if i != b and want[i]]
                if not ins:
                    events["nobody_in"] += 1
                result = _settle_naive(cls, sorted(ins + [b]), {}, house, None, stake, pay,
                                       tie, player_tie, nets)
        elif w.dealer:
            ins = [i for i in range(players) if want[i]]
            if [i for i in ins if i != 0]:
                called = [i in ins for i in range(players)]
                if len(ins) == 1:
                    nets[ins[0]] += stake
                    result = (0.0, False, ins[0])
                else:
                    result = _settle_naive(cls, ins, {}, None, None, stake, pay, tie,
                                           player_tie, nets)
            else:
                events["nobody_in"] += 1
                if cls[0] >= dealer_min:
                    events["dealer_calls"] += 1
                    called[0] = True
                    challengers = [i for i in range(1, players) if cls[i] >= chal]
                    if not challengers:
                        nets[0] += stake
                        result = (0.0, False, 0)
                    else:
                        events["challenged"] += 1
                        result = _settle_naive(cls, challengers, {i: 2 for i in challengers},
                                               cls[0], 0, stake, pay, tie, player_tie, nets)
                else:
                    played = False
        else:
            ins = [i for i in range(players) if want[i]]
            if not ins:
                events["nobody_in"] += 1
                played = False
            else:
                plays = w.house_vs_all or len(ins) == 1
                result = _settle_naive(cls, ins, {}, house if plays else None, None, stake,
                                       pay, tie, player_tie, nets)
        if void:
            events["void"] += 1
            nxt, kept, winner = stake, True, -1
        elif not played:
            events["nobody_played"] += 1
            nxt, kept, winner = stake, True, -1
        else:
            nxt, kept, winner = result
        if kept:
            events["carried"] += 1
        if nxt == 0.0 and not kept:
            return NaiveGame(deals, pot, True, winner, nets, events, 0.0)
        if deals >= max_deals:
            return NaiveGame(deals, pot, False, -1, nets, events, nxt)
        if not void:
            for i in range(players):
                antes = reante == "every" or (reante == "unwon" and kept)
                if antes and w.free_ride and played and not called[i]:
                    antes = False
                if antes:
                    nets[i] -= ante
                    nxt += ante
                if not played and chicken_fee > 0:
                    nets[i] -= chicken_fee
                    nxt += chicken_fee
        pot = nxt


def _settle_naive(cls: list[int], ins: list[int], mult: dict[int, int], house: int | None,
                  house_seat: int | None, stake: float, pay: float, tie: str, player_tie: str,
                  nets: list[float]) -> tuple[float, bool, int]:
    """A showdown: the best hand among ``ins`` and the house (the pot's hand; in a challenge
    the dealer's, at ``house_seat``) takes ``stake``; players in below it pay, each its
    ``mult`` (challengers 2) times ``pay``; the dealer below it pays once; ties with the house
    by ``tie``, among players by ``player_tie``. Returns (next pot: payments in seat order,
    the dealer's, then what stays of the stake; whether some stays; the lone taker or -1)."""
    best = max([cls[i] for i in ins] + ([house] if house is not None else []))
    tied = [i for i in ins if cls[i] == best]
    house_best = house is not None and house == best
    paid = 0.0
    for i in ins:
        if cls[i] < best or (house_best and tie == "pot" and cls[i] == best):
            nets[i] -= mult.get(i, 1) * pay
            paid += mult.get(i, 1) * pay
    if house_seat is not None and not house_best:
        nets[house_seat] -= pay
        paid += pay
    if house_best and (not tied or tie == "pot"):
        if house_seat is not None:
            nets[house_seat] += stake
            return paid, False, house_seat
        return paid + stake, True, -1
    if house_best and tie == "split":
        share = stake / (len(tied) + 1)
        for i in tied:
            nets[i] += share
        if house_seat is not None:
            nets[house_seat] += share
            return paid, False, -1
        return paid + share, True, -1
    if house_best:
        return paid + stake, True, -1
    if len(tied) == 1:
        nets[tied[0]] += stake
        return paid, False, tied[0]
    if player_tie == "split":
        for i in tied:
            nets[i] += stake / len(tied)
        return paid, False, -1
    return paid + stake, True, -1


@dataclass(frozen=True)
class MarkovGame:
    """The exact answer of :func:`whole_game_markov`: the distribution of the deals per game
    (``deals[d]``: P(d deals), a cut game counting ``max_deals``), of the final pot of the
    games that end (``final_pot[p]``), P(cut), each seat's expected net result, and the
    expected number of deals in which nobody goes in."""

    deals: dict[int, Fraction]
    final_pot: dict[Fraction, Fraction]
    cut: Fraction
    nets: tuple[Fraction, ...]
    nobody_in: Fraction

    @property
    def mean_deals(self) -> Fraction:
        """The expected number of deals per game."""
        return sum((d * p for d, p in self.deals.items()), Fraction(0))


def whole_game_markov(players: int, ante: float, cap: float | None, rule, *,
                      max_deals: int = 1000, tie: str = "replay", player_tie: str = "split",
                      chicken_fee: float = 0.0) -> MarkovGame:
    """Exact whole game of Guts (3-2-1) dealt as one-card rounds only, as a Markov chain over the
    pot, in fractions: the independent check of the simulation (``guts-odds game guts321
    --rounds 1``).

    The state before a deal is the pot it is played for. A deal: every player and the dummy
    get one card (every ordered deal of distinct cards equally likely, counted by ranks);
    each player goes in with ``rule(1, pot)``'s threshold or better (and with the rank just
    below with its mix probability); nobody in: everyone antes again (and pays the chicken
    fee); one in plays the dummy (beat it: takes the pot and the game ends; lose: pays
    ``min(pot, cap)``, everyone antes again; a tie: ``tie``); two or more show down without
    the dummy (the best takes the pot, the others pay, nothing more is anted; a tie for best:
    ``player_tie``, shared pots ending the game when nobody else paid). A game still going
    after ``max_deals`` deals is cut. Written from the Guts sheet (steps 3-6, 10 and "How to
    Win"), not from the package.
    """
    a, fee = Fraction(str(ante)), Fraction(str(chicken_fee))
    capf = None if cap is None else Fraction(str(cap))
    ways = [4, 12, 24, 24]  # ordered draws of 1-4 cards of one rank
    deal_ranks = []
    for ranks in itertools.product(range(13), repeat=players + 1):
        w = 1
        for r in set(ranks):
            m = ranks.count(r)
            w = w * ways[m - 1] if m <= 4 else 0
        deal_ranks.append((ranks, w))
    total = sum(w for _, w in deal_ranks)
    moves: dict[Fraction, list] = {}

    def settle(pot: Fraction, pay: Fraction, cls: Sequence[int], ins: list[int],
               dummy: int) -> tuple:
        """One deal's result: (next pot before antes, carried, nets change, nobody in, ends)."""
        d = [Fraction(0)] * players
        if not ins:
            return pot, True, d, True, False
        if len(ins) == 1:
            i = ins[0]
            if cls[i] > dummy:
                d[i] += pot
                return Fraction(0), False, d, False, True
            if cls[i] < dummy or tie == "pot":
                d[i] -= pay
                return pot + pay, True, d, False, False
            if tie == "split":
                d[i] += pot / 2
                return pot / 2, True, d, False, False
            return pot, True, d, False, False
        best = max(cls[i] for i in ins)
        top = [i for i in ins if cls[i] == best]
        paid = Fraction(0)
        for i in ins:
            if cls[i] < best:
                d[i] -= pay
                paid += pay
        if len(top) == 1:
            d[top[0]] += pot
            return paid, False, d, False, paid == 0
        if player_tie == "split":
            for i in top:
                d[i] += pot / len(top)
            return paid, False, d, False, paid == 0
        return paid + pot, True, d, False, False

    def outcomes(pot: Fraction) -> list:
        """(probability, next pot before antes, carried, nets change, nobody in, ends)."""
        t, mix, _ = rule(1, float(pot))
        q = Fraction(str(mix))
        pay = pot if capf is None else min(pot, capf)
        weights: dict[tuple, Fraction | int] = {}
        for ranks, w in deal_ranks:
            cls, dummy = ranks[:players], ranks[players]
            chance = [1 if c >= t else q if c == t - 1 else 0 for c in cls]
            for bits in itertools.product((0, 1), repeat=players):
                p: Fraction | int = w
                for c, b in zip(chance, bits):
                    p *= c if b else 1 - c
                if p:  # the deal matters through who is in and how their cards compare
                    ins = [i for i in range(players) if bits[i]]
                    seen = sorted({cls[i] for i in ins} | {dummy})
                    key = (bits, tuple(seen.index(cls[i]) if bits[i] else -1
                                       for i in range(players)), seen.index(dummy))
                    weights[key] = weights.get(key, 0) + p
        merged: dict[tuple, Fraction] = {}
        for (bits, pattern, dummy), p in weights.items():
            ins = [i for i in range(players) if bits[i]]
            left, carried, d, none_in, ends = settle(pot, pay, pattern, ins, dummy)
            key = (left, carried, tuple(d), none_in, ends)
            merged[key] = merged.get(key, Fraction(0)) + Fraction(p) / total
        return [(p, left, carried, list(d), none_in, ends)
                for (left, carried, d, none_in, ends), p in merged.items()]

    state = {Fraction(players) * a: Fraction(1)}
    nets = [-a] * players
    deals: dict[int, Fraction] = {}
    final: dict[Fraction, Fraction] = {}
    cut = nobody = Fraction(0)
    for step in range(1, max_deals + 1):
        nxt: dict[Fraction, Fraction] = {}
        for pot, sp in state.items():
            if pot not in moves:
                moves[pot] = outcomes(pot)
            for p, left, carried, d, none_in, ends in moves[pot]:
                pr = sp * p
                nobody += pr * none_in
                for i in range(players):
                    nets[i] += pr * d[i]
                if ends:
                    deals[step] = deals.get(step, Fraction(0)) + pr
                    final[pot] = final.get(pot, Fraction(0)) + pr
                    continue
                if step == max_deals:
                    deals[step] = deals.get(step, Fraction(0)) + pr
                    cut += pr
                    continue
                extra = (a if carried else 0) + (fee if none_in else 0)
                for i in range(players):
                    nets[i] -= pr * extra
                new = left + players * extra
                nxt[new] = nxt.get(new, Fraction(0)) + pr
        state = nxt
        if not state:
            break
    return MarkovGame(deals, final, cut, tuple(nets), nobody)
