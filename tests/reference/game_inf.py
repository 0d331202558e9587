"""A total-dependent twin of 21 Burn's whole game on the infinite deck, written from the rule
sheet in plain Python: it shares nothing with the engine but the Rules object.

tests/engine/test_game_twin.py checks ``engine/game.py``'s ``analyze`` against it under the rule
sheet and every design knob; ``benchmarks/warm_process.py`` times it beside ``twentyone-burn
analyze --decks inf`` (the issue's "independent pure-Python reference of the same analysis").

>>> from twentyone_burn.rules import Rules
>>> round(float(game_inf(Rules(decks=None))), 6)
0.278343
"""

from __future__ import annotations

import functools
import itertools

import numpy as np

__all__ = ["dealer_inf", "game_inf"]

Q = [1 / 13] * 9 + [4 / 13]
VAL = list(range(1, 11))
BURN = [11] + list(range(2, 11))


def total(hard, ace):
    return hard + 10 if ace and hard + 10 <= 21 else hard


def dealer_inf(up, h17, burn="highest"):
    """Outcomes 17, 18, 19, 20, 21, bust 22, 23, 24+; ``burn``: highest, lowest or none."""
    @functools.cache
    def draw(hard, ace):
        t = total(hard, ace)
        soft = ace and hard + 10 <= 21
        out = np.zeros(8)
        if t > 21:
            out[min(t, 24) - 17] = 1
            return out
        if t >= 17 and not (t == 17 and soft and h17):
            out[t - 17] = 1
            return out
        for r in range(10):
            out = out + Q[r] * draw(hard + VAL[r], ace or r == 0)
        return out

    d = np.zeros(8)
    if burn == "none":
        for c1 in range(10):
            d += Q[c1] * draw(VAL[up] + VAL[c1], 0 in (up, c1))
        return d
    for c1, c2 in itertools.product(range(10), repeat=2):
        ordered = sorted([up, c1, c2], key=lambda c: BURN[c])
        kept = ordered[:2] if burn == "highest" else ordered[1:]
        d += Q[c1] * Q[c2] * draw(VAL[kept[0]] + VAL[kept[1]], 0 in kept)
    return d


def game_inf(rules):
    """Expected return of the whole game, infinite deck, written from scratch by totals."""
    win = float(rules.win_pays) * (1 - rules.commission)
    push_to = rules.dealer_bust_push or 0
    lose_from = rules.ties_lose_from or 99

    def res(t, o):
        dt = 17 + o
        if t > 21:
            return -1.0
        if dt > 21:
            return 0.0 if dt <= push_to else win
        if t == dt:
            return -1.0 if dt >= lose_from else 0.0
        return win if t > dt else -1.0

    er = 0.0
    for up in range(10):
        d = dealer_inf(up, rules.hit_soft_17, rules.dealer_burn)
        def stand(h, a):
            return sum(d[o] * res(total(h, a), o) for o in range(8))

        @functools.cache
        def value(h, a):
            if h > 21:
                return -1.0
            return max(stand(h, a), sum(Q[r] * value(h + VAL[r], a or r == 0) for r in range(10)))

        def best2(x, y, split_hand):
            h, a = VAL[x] + VAL[y], 0 in (x, y)
            dbl = 2 * sum(Q[r] * (-1.0 if h + VAL[r] > 21 else stand(h + VAL[r], a or r == 0))
                          for r in range(10))
            hit = sum(Q[r] * value(h + VAL[r], a or r == 0) for r in range(10))
            return max(stand(h, a), hit, dbl)

        def split(p):
            w = [stand(VAL[p] + VAL[t], True) if p == 0 else best2(p, t, True) for t in range(10)]

            @functools.cache
            def go(hands, i):
                if i > hands:
                    return 0.0
                v = sum(Q[t] * w[t] for t in range(10) if t != p) + (1 - Q[p]) * go(hands, i + 1)
                stay = w[p] + go(hands, i + 1)
                if hands < rules.max_hands and p != 0:
                    stay = max(stay, go(hands + 1, i))
                return v + Q[p] * stay

            return go(2, 1)

        for cards in itertools.combinations_with_replacement(range(10), 3):
            perms = len(set(itertools.permutations(cards)))
            prob = perms * Q[cards[0]] * Q[cards[1]] * Q[cards[2]] * Q[up]
            best = -9.0
            for i in range(3):
                x, y = sorted(cards[k] for k in range(3) if k != i)
                best = max(best, split(x) if x == y else best2(x, y, False))
            er += prob * best
    return er
