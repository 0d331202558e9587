"""Plain-Python twin of the simulator kernel: the readable specification of one round.

Written from the rule sheet, card by card, with Python lists and integers; it shares with the
kernel only the rules, the strategy tables and the order in which random numbers are used, so
the two give identical tallies for the same stream. It is slow (tens of thousands of rounds a
second) and is the reference the benchmark's speed ratio is measured against.
"""

from __future__ import annotations

import math
from fractions import Fraction

import numpy as np

from twentyone_burn.sim import EVENT_NAMES, NEVENTS, Counts, round_card_bound
from twentyone_burn.sim.counting import TC_MAX
from twentyone_burn.tables import DOUBLE, STAND, DecisionTables, combo_index_table, hand_table

MASK64 = (1 << 64) - 1
ACE, TEN = 0, 9


class Xoshiro256:
    """xoshiro256** (Blackman & Vigna) on Python integers."""

    def __init__(self, state):
        self.s = [int(x) for x in state]

    @staticmethod
    def _rotl(x: int, k: int) -> int:
        return ((x << k) | (x >> (64 - k))) & MASK64

    def next(self) -> int:
        s = self.s
        result = (self._rotl((s[1] * 5) & MASK64, 7) * 9) & MASK64
        t = (s[1] << 17) & MASK64
        s[2] ^= s[0]
        s[3] ^= s[1]
        s[1] ^= s[2]
        s[0] ^= s[3]
        s[2] ^= t
        s[3] = self._rotl(s[3], 45)
        return result

    def below(self, n: int) -> int:
        """Uniform integer in [0, n): Lemire's multiply-shift with rejection, 32-bit."""
        m = (self.next() >> 32) * n
        if (m & 0xFFFFFFFF) < n:
            threshold = ((1 << 32) - n) % n
            while (m & 0xFFFFFFFF) < threshold:
                m = (self.next() >> 32) * n
        return m >> 32


class Shoe:
    """A real shoe: a list of ranks, dealt by a uniform pick among the undealt cards."""

    def __init__(self, rng: Xoshiro256, decks: int | None, penetration: float | None):
        self.rng = rng
        self.infinite = decks is None
        if not self.infinite:
            counts = [4 * decks] * 9 + [16 * decks]
            self.cards = [r for r in range(10) for _ in range(counts[r])]
            self.top = len(self.cards)
            self.reserve = round_card_bound(np.array(self.cards))
            n = len(self.cards)
            self.cut = 0 if penetration is None else max(1, math.ceil(penetration * n))
        self.shuffles = 0

    def start_round(self) -> None:
        if self.infinite:
            return
        n = len(self.cards)
        shuffle = self.cut <= 0 or n - self.top >= self.cut
        if not shuffle and self.top < self.reserve:
            # the cards left hold too few points for the longest round (four hands of 30
            # hard points at most, the dealer's 26, two burned cards of 10): reshuffle
            shuffle = sum(c + 1 for c in self.cards[:self.top]) <= 4 * 30 + 26 + 2 * 10
        if shuffle:
            self.top = n
            self.shuffles += 1

    def deal(self) -> int:
        if self.infinite:
            v = self.rng.below(13)
            return min(v, TEN)     # A..9 one in 13, T (10, J, Q, K) four in 13
        i = self.rng.below(self.top)
        self.top -= 1
        c = self.cards
        c[i], c[self.top] = c[self.top], c[i]
        return c[self.top]


def value(rank: int) -> int:
    return rank + 1


def best_total(cards: list[int]) -> int:
    hard = sum(value(c) for c in cards)
    return hard + 10 if ACE in cards and hard + 10 <= 21 else hard


def dealer_final(up: int, concealed: tuple[int, ...], shoe: Shoe, h17: bool,
                 burn: str = "highest") -> tuple[int, int]:
    """The dealer's final total (24 for any bust above 23) and the cards it drew; ``burn``:
    the dealer burns its highest card, its lowest, or none (one concealed card)."""
    three = [up, *concealed]
    if burn == "none":
        hand = three
    else:
        burn_value = [11 if c == ACE else value(c) for c in three]
        burned = burn_value.index(max(burn_value) if burn == "highest" else min(burn_value))
        hand = [c for k, c in enumerate(three) if k != burned]
    drawn = 0
    while True:
        hard = sum(value(c) for c in hand)
        soft = ACE in hand and hard + 10 <= 21
        t = hard + 10 if soft else hard
        if t < 17 or (t == 17 and soft and h17):
            hand.append(shoe.deal())
            drawn += 1
            continue
        return min(t, 24), drawn


def play_round(tables: DecisionTables, shoe: Shoe, counts: Counts) -> tuple[int, int, int]:
    """Deal and settle one round, adding it to ``counts``; its (won, lost, pushed) units."""
    rules = tables.rules
    ht = hand_table()
    combo = combo_index_table(rules.max_hands)
    ev = {name: 0 for name in EVENT_NAMES}

    def index(cards: list[int]) -> int:
        return ht.of(cards)

    shoe.start_round()
    player = [shoe.deal() for _ in range(3)]
    up = shoe.deal()
    concealed = (shoe.deal(),) if rules.dealer_burn == "none" else (shoe.deal(), shoe.deal())
    c1, c2, c3 = sorted(player)
    burned = int(tables.burn[up, c1, c2, c3])
    kept = sorted(player)
    kept.remove(burned)
    counts.burn[burned] += 1
    a, b = kept
    ev["kept_pair" if a == b else "kept_soft" if a == ACE else "kept_hard"] += 1

    def play(cards: list[int], acts) -> tuple[int, int]:
        """(final total, 22 = bust; wager) of a hand played by its action row."""
        while True:
            act = acts[index(cards)]
            if act == STAND:
                return best_total(cards), 1
            cards.append(shoe.deal())
            ev["player_draws"] += 1
            if act == DOUBLE:
                t = best_total(cards)
                return (22 if t > 21 else t), 2
            if best_total(cards) > 21:
                return 22, 1

    hands: list[tuple[int, int]] = []
    if a == b and tables.split_kept[up, burned, a]:
        pair = a
        line = 2                 # hands in play
        j = u = 0
        number = 1
        while number <= line:
            second = shoe.deal()
            if (second == pair and rules.may_resplit(pair) and line < rules.max_hands
                    and tables.resplit[up, burned, pair, line, number, j, u]):
                line += 1
                j += 1
                ev["resplits"] += 1
                continue
            cmb = combo[j, u]
            if second == pair:
                j += 1
            else:
                u += 1
            cards = [pair, second]
            if pair == ACE and rules.split_aces_one_card:
                hands.append((best_total(cards), 1))
            else:
                t, w = play(cards, tables.split_play[up, burned, pair, cmb])
                hands.append((t, w))
                ev["split_hands_doubled"] += w == 2
            number += 1
        ev["split_rounds"] += 1
        ev["split_hands"] += line
        counts.split[line] += 1
    else:
        t, w = play([a, b], tables.play[up, burned])
        hands.append((t, w))
        ev["kept_doubled"] += w == 2
        counts.split[0] += 1

    final, drawn = dealer_final(up, concealed, shoe, rules.hit_soft_17, rules.dealer_burn)
    ev["dealer_draws"] += drawn
    counts.dealer[up, final - 17] += 1
    won = lost = pushed = 0
    for t, w in hands:
        if t > 21:
            res = -1
        elif final > 21 and final <= (rules.dealer_bust_push or 0):
            res = 0
        elif final > 21 or t > final:
            res = 1
        elif t == final:
            res = -1 if final >= (rules.ties_lose_from or 99) else 0
        else:
            res = -1
        if res > 0:
            won += w
            ev["hands_won"] += 1
        elif res < 0:
            lost += w
            ev["hands_lost"] += 1
        else:
            pushed += w
            ev["hands_pushed"] += 1
    counts.hist[won, lost, pushed] += 1
    for k, name in enumerate(EVENT_NAMES):
        counts.events[k] += ev[name]
    return won, lost, pushed


def simulate_twin(tables: DecisionTables, state, rounds: int,
                  penetration: float | None = None) -> Counts:
    """Tallies of ``rounds`` rounds from a xoshiro256** state, like one kernel chunk."""
    rng = Xoshiro256(state)
    shoe = Shoe(rng, tables.rules.decks, penetration)
    counts = Counts.zeros()
    for _ in range(rounds):
        play_round(tables, shoe, counts)
    counts.events[EVENT_NAMES.index("shuffles")] += shoe.shuffles
    assert counts.events.shape == (NEVENTS,)
    return counts


# -- counting: written from the definition in twentyone_burn/sim/counting.py, with fractions --

class CountingShoe(Shoe):
    """A shoe that remembers every card dealt since the shuffle and, at the start of each
    round, the true count of those cards (the count's stated tags, exact fractions)."""

    def __init__(self, rng: Xoshiro256, decks: int, penetration: float | None,
                 tags: tuple[Fraction, ...], decks_mode: str, rounding: str):
        super().__init__(rng, decks, penetration)
        self.tags, self.decks_mode, self.rounding = tags, decks_mode, rounding
        self.seen: list[int] = []
        self.tc = 0
        self.running = Fraction(0)

    def start_round(self) -> None:
        before = self.shuffles
        super().start_round()
        if self.shuffles != before:
            self.seen = []
        self.running = sum((self.tags[c] for c in self.seen), Fraction(0))
        left = len(self.cards) - len(self.seen)
        if self.decks_mode == "exact":
            decks = Fraction(left, 52)
        elif self.decks_mode == "half":
            decks = max(Fraction(math.floor(Fraction(left, 26) + Fraction(1, 2)), 2),
                        Fraction(1, 2))
        else:
            decks = Fraction(max(math.floor(Fraction(left, 52) + Fraction(1, 2)), 1))
        x = self.running / decks
        if self.rounding == "floor":
            tc = math.floor(x)
        elif self.rounding == "trunc":
            tc = int(x)
        else:
            tc = math.floor(abs(x) + Fraction(1, 2)) * (1 if x >= 0 else -1)
        self.tc = max(-TC_MAX, min(TC_MAX, tc))

    def deal(self) -> int:
        c = super().deal()
        self.seen.append(c)
        return c


def simulate_twin_counted(tables: DecisionTables, state, rounds: int, penetration: float | None,
                          tags: tuple[float, ...], decks_mode: str = "exact",
                          rounding: str = "floor", sample_every: int = 0
                          ) -> tuple[Counts, list[list[int]]]:
    """Tallies (with the rounds by true count) and the sampled shoe states of ``rounds``
    rounds, like one counting kernel chunk; ``tags`` as the count states them (halves too).

    A sampled state is the ten rank counts left, the true count and the running count (in
    the kernel's doubled units when a tag is a half)."""
    assert penetration is not None, "the counted twin deals to a cut card"
    rng = Xoshiro256(state)
    ftags = tuple(Fraction(t) for t in tags)
    scale = 2 if any(t.denominator == 2 for t in ftags) else 1
    shoe = CountingShoe(rng, tables.rules.decks, penetration, ftags, decks_mode, rounding)
    counts = Counts.zeros_counted()
    samples: list[list[int]] = []
    full = [4 * tables.rules.decks] * 9 + [16 * tables.rules.decks]
    for rnd in range(rounds):
        shoe.start_round()
        if sample_every and rnd % sample_every == 0:
            left = list(full)
            for c in shoe.seen:
                left[c] -= 1
            samples.append(left + [shoe.tc, int(shoe.running * scale)])
        tc = shoe.tc
        w, lo, p = play_round(tables, shoe, counts)
        counts.tc[tc + TC_MAX, w, lo, p] += 1
    counts.events[EVENT_NAMES.index("shuffles")] += shoe.shuffles
    return counts, samples
