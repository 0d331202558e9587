"""Exact odds against any number of opposing hands, for the rankings that look only at ranks.

In a value-only order (``value3``, ``two``, ``one``) a hand's class depends only on its ranks,
so a deal of the unseen cards matters only through its *rank composition*: how many cards of
each rank each seat receives. The count runs over the ranks, Ace down to 2 (one "column" at a
time), and never over single cards:

- **Seats as automata.** Reading its ranks from the Ace down, a seat is in one of a few states:
  which of its hands (known cards included) are still possible, folded to what decides the
  result (its hand ends below the hero's class, equal to it, or - the deal is lost - above it
  or outside its calling range). States are built from the last column back and merged
  whenever their futures agree (the minimal automaton), so a seat has a few dozen states at
  most. A state that can still end *equal* keeps the seat's type (known ranks, range, pot or
  player), so the number of tied seats of each type is counted; seats of one type are
  interchangeable, so each set of tied seats of a type gets an equal share (exact).
- **Tables as multisets.** Seats in the same state are interchangeable from then on, so a
  table state is the sorted list of its seats' states. Dealing column ``r`` hands its ``a_r``
  unseen cards out: ``c_i`` cards to seat ``i`` in ``a_r! / ((a_r - s)! * prod c_i!)`` ways
  (``s = sum c_i``), times the ways to pick which seats of a state receive them.
- **Exact integers.** Counts reach 10^23 and beyond, past int64, so the numba kernel
  (``guts_family.odds._kernels.column_step``) counts modulo a few primes below 2^31, as many
  as the total number of deals needs, and the integers are rebuilt by the Chinese remainder
  theorem. Every count is the exact integer.

The cost grows with the number of table states; see ``docs/guts.md``. The three-card poker
order needs the suits (straights, flushes) and is counted by
:func:`~guts_family.odds.field_odds` up to three random seats only.

>>> from guts_family.cards import parse_cards
>>> from guts_family.hands import VALUE3
>>> from guts_family.odds.outcome import Seat
>>> seats = [Seat("pot", is_pot=True)] + [Seat(f"p{i}") for i in range(2, 9)]
>>> o = multiway_odds(VALUE3, parse_cards("Ks Kd 7h"), seats)
>>> o.total == 49 * 48 * 47 // 6 * math.prod(math.comb(46 - 3 * i, 3) for i in range(7))
True
>>> round(o.win, 4)
0.8564
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from functools import cache

import numpy as np

from guts_family.cards import CardError, cards_str
from guts_family.hands import HandOrder
from guts_family.odds._kernels import column_step
from guts_family.odds.deal import validate
from guts_family.odds.outcome import FieldOdds, Seat

__all__ = ["multiway_odds", "multiway_counts", "PRIMES"]

PRIMES = (2147483647, 2147483629, 2147483587, 2147483579, 2147483563, 2147483549, 2147483543,
          2147483497, 2147483489, 2147483477, 2147483423, 2147483399, 2147483353, 2147483323,
          2147483269, 2147483249, 2147483237, 2147483179, 2147483171, 2147483137)
"""The primes below 2^31 the counts are taken modulo (checked prime in the tests)."""

_DEAD = -1
_RANKS = 13


@cache
def _rank_classes(order: HandOrder) -> dict[tuple[int, ...], int]:
    """The class of every rank multiset (ranks sorted) of a suit-blind order."""
    hands, cls = order.all_hands
    ranks = np.sort(hands >> 2, axis=1)
    return {tuple(r): int(c) for r, c in zip(ranks.tolist(), cls.tolist())}


@cache
def _rank_trie(order: HandOrder, known: tuple[int, ...], m: int
               ) -> tuple[list[np.ndarray], np.ndarray]:
    """A seat's rank trie, the same for every hero class: node i of column ``L`` (rank
    ``12 - L``) is a multiset of the ranks dealt so far; ``children[L][i, c]`` is the node of
    column ``L + 1`` after ``c`` more cards of that rank (-1: more cards than the seat takes);
    ``final_cls[i]`` the class of a finished hand (known ranks included), -1 if it has fewer
    than ``m`` cards dealt or no class."""
    classes = _rank_classes(order)
    layer_nodes: list[tuple[int, ...]] = [()]
    children = []
    for layer in range(_RANKS):
        rank = _RANKS - 1 - layer
        nxt: dict[tuple[int, ...], int] = {}
        ch = np.full((len(layer_nodes), 4), -1, np.int64)
        for i, dealt in enumerate(layer_nodes):
            for c in range(m - len(dealt) + 1):
                ch[i, c] = nxt.setdefault(dealt + (rank,) * c, len(nxt))
        children.append(ch)
        layer_nodes = list(nxt)
    final_cls = np.array([classes.get(tuple(sorted(known + d)), -1) if len(d) == m else -1
                          for d in layer_nodes], np.int64)
    return children, final_cls


class _Automata:
    """The seats' automata, column by column (column ``L`` is rank ``12 - L``), as id tables."""

    def __init__(self, order: HandOrder, t: int, seats: Sequence[tuple],
                 types: Sequence[int]):
        self.classes = _rank_classes(order)
        self.classes_key = order
        self.n = order.n_cards
        self.t = t
        self.ids: list[dict[tuple, int]] = [{} for _ in range(_RANKS + 1)]
        self.trans: list[dict[int, list[int]]] = [{} for _ in range(_RANKS)]
        built: dict[int, int] = {}
        self.start = []
        for (known, m, low, high, plays, plays_from), ty in zip(seats, types):
            if ty not in built:
                built[ty] = self._seat(known, m, low, high, plays, ty, plays_from)
            self.start.append(built[ty])
        final = self.ids[_RANKS]
        self.final_type = np.full(len(final), -1, np.int64)
        for key, g in final.items():
            if key[0] == "eq":
                self.final_type[g] = key[1]

    def _intern(self, layer: int, key: tuple) -> int:
        ids = self.ids[layer]
        if key not in ids:
            ids[key] = len(ids)
        return ids[key]

    def _seat(self, known: tuple[int, ...], m: int, low: int, high: int, plays: bool,
              ident: int, plays_from: int = 0) -> int:
        """The seat's start state: its rank trie (cached, the same for every hero class) with
        its leaves folded to below / equal / lost against ``self.t``, minimised column by
        column from the last (rows of equal children get one state), interned in the shared
        id tables. Every state's key is ("s", its four children) or a leaf's, so states of
        different seats with the same future are one state. A hand below ``plays_from`` does
        not compete (a player who goes in with ``plays_from`` or better)."""
        children, final_cls = _rank_trie(self.classes_key, known, m)
        cls = final_cls
        ok = (cls >= 0) & (cls >= low) & (cls <= high)
        below = ok & ((cls < self.t) | (not plays) | (cls < plays_from))
        equal = ok & ~below & (cls == self.t)
        g = np.full(len(cls), _DEAD, np.int64)
        if below.any():
            g[below] = self._intern(_RANKS, ("below",))
        if equal.any():
            g[equal] = self._intern(_RANKS, ("eq", ident))
        for layer in range(_RANKS - 1, -1, -1):
            ch = children[layer]
            rows = np.where(ch >= 0, g[np.maximum(ch, 0)], _DEAD)
            uniq, inv = np.unique(rows, axis=0, return_inverse=True)
            ids = np.full(len(uniq), _DEAD, np.int64)
            for u, nxt in enumerate(uniq.tolist()):
                if any(x != _DEAD for x in nxt):
                    gid = self._intern(layer, ("s", *nxt))
                    self.trans[layer][gid] = nxt
                    ids[u] = gid
            g = ids[inv.reshape(-1)]
        return int(g[0])

    def table(self, layer: int) -> np.ndarray:
        """trans[g, c] of column ``layer`` as an int32 array."""
        out = np.full((max(1, len(self.ids[layer])), 4), _DEAD, np.int32)
        for g, nxt in self.trans[layer].items():
            out[g] = nxt
        return out


def multiway_counts(order: HandOrder, t: int, unseen: Sequence[int] | np.ndarray,
                    seats: Sequence[tuple], bound: int,
                    pot: Sequence[bool] = ()) -> dict[tuple[int, ...], int]:
    """Deals of the unseen cards in which every seat ends at or below class ``t``, by tie set.

    ``seats``: per seat, its known cards, how many cards it still receives and the lowest
    class it may hold (its calling range); optionally also the highest class it may hold and
    whether it competes (``(known, m, low, high, plays)``: a seat with ``plays`` False, a
    player who stayed out, only has to hold a hand of its range), and the weakest class with
    which it competes (``(known, m, low, high, plays, plays_from)``: a player who goes in with
    ``plays_from`` or better and otherwise only takes cards; its range is not restricted).
    Returns {sorted indices of the seats holding class ``t``: deals}; the empty tuple counts
    the deals where every seat is below ``t``. ``bound`` is an upper bound of any count (e.g.
    the number of all deals): it fixes how many primes are needed. ``pot``: which seats are
    the pot's hand (never interchangeable with a player).

    >>> from guts_family.hands import ONE
    >>> deck = [0, 1, 2, 3, 36, 37]  # four deuces, two jacks: a jack against two cards
    >>> multiway_counts(ONE, 9, deck, [((), 1, 0), ((), 1, 0)], 30)
    {(): 12, (0,): 8, (0, 1): 2, (1,): 8}
    """
    if not order.suit_blind:
        raise ValueError(f"the {order.title} order needs the suits: it is not counted by ranks")
    top = order.n_classes - 1
    full = [tuple(s) + (top, True, 0)[len(s) - 3:] for s in seats]  # 3- to 5-tuples: defaults
    rank_known = [(tuple(sorted(int(c) >> 2 for c in known)), m, low,
                   top if high is None else high, bool(plays), int(plays_from))
                  for known, m, low, high, plays, plays_from in full]
    is_pot = list(pot) + [False] * (len(seats) - len(pot))
    kinds: dict[tuple, int] = {}
    types = [kinds.setdefault((*spec, p), len(kinds)) for spec, p in zip(rank_known, is_pot)]
    auto = _Automata(order, t, rank_known, types)
    if any(s == _DEAD for s in auto.start) or not seats:
        return {} if seats else {(): 1}
    avail = np.zeros(_RANKS, np.int64)
    for c in unseen:
        avail[int(c) >> 2] += 1
    n_primes = 1
    while math.prod(PRIMES[:n_primes]) <= bound:
        n_primes += 1
        if n_primes > len(PRIMES):
            raise ValueError("the count is too large to rebuild from the primes available")
    primes = np.array(PRIMES[:n_primes], np.int64)
    rows = np.array([sorted(auto.start)], np.int32)
    vals = np.ones((1, n_primes), np.int64)
    for layer in range(_RANKS):
        rows, vals = column_step(rows, vals, auto.table(layer), int(avail[_RANKS - 1 - layer]),
                                 primes)
        if len(rows) == 0:
            return {}
    # the table states after the last column: each seat is "below" or "eq" (with its type)
    residues: dict[tuple[int, ...], np.ndarray] = {}
    for row, v in zip(rows.tolist(), vals):
        tied = [0] * len(kinds)
        for g in row:
            if auto.final_type[g] >= 0:
                tied[auto.final_type[g]] += 1
        acc = residues.get(tuple(tied))
        residues[tuple(tied)] = v.copy() if acc is None else (acc + v) % primes
    # seats of one type are interchangeable: each choice of the tied ones has an equal share
    members = [[i for i, ty in enumerate(types) if ty == k] for k in range(len(kinds))]
    out: dict[tuple[int, ...], int] = {}
    for tied_t, r in residues.items():
        count = _crt(r.tolist(), PRIMES[:n_primes])
        choices = [itertools.combinations(members[k], e) for k, e in enumerate(tied_t)]
        share, rem = divmod(count, math.prod(math.comb(len(members[k]), e)
                                             for k, e in enumerate(tied_t)))
        assert rem == 0, "interchangeable seats must share the ties equally"
        for pick in itertools.product(*choices):
            out[tuple(sorted(i for part in pick for i in part))] = share
    return dict(sorted(out.items()))


def _crt(residues: Sequence[int], moduli: Sequence[int]) -> int:
    """The integer in [0, prod moduli) with the given residues (Chinese remainder theorem)."""
    x, m = 0, 1
    for r, p in zip(residues, moduli):
        k = ((int(r) - x) * pow(m, -1, p)) % p
        x += m * k
        m *= p
    return x


def multiway_odds(order: HandOrder, hero: Sequence[int], seats: Sequence[Seat],
                  dead: Sequence[int] = (), deck: Sequence[int] | None = None,
                  allow_empty: bool = False) -> FieldOdds:
    """Exact odds of ``hero`` against any number of seats, counted by ranks (suit-blind orders).

    Same arguments and result as :func:`~guts_family.odds.field_odds`, which calls this for
    more than three random seats or several calling ranges; every seat may show known cards
    and have a calling range (``min_class``). The total counts only the deals in which every
    restricted seat holds a hand of its range; when no deal does, a CardError is raised (or,
    with ``allow_empty``, a result of total 0 is returned).

    >>> from guts_family.cards import parse_cards
    >>> from guts_family.hands import TWO
    >>> o = multiway_odds(TWO, parse_cards("Qh Qd"), [Seat(f"player {i}") for i in range(2, 10)])
    >>> o.total == math.prod(math.comb(50 - 2 * i, 2) for i in range(8)), round(o.win, 4)
    (True, 0.9173)
    """

    hero, unseen = validate(order, hero, seats, dead, deck)
    n = order.n_cards
    t = order.class_of(hero)
    seats = tuple(seats)
    fixed_mask: tuple[int, ...] = ()
    beaten = False
    random_idx: list[int] = []
    for i, s in enumerate(seats):
        if len(s.known) == n:
            c = order.class_of(list(s.known))
            if not s.min_class <= c <= (order.n_classes if s.max_class is None else s.max_class):
                raise ValueError(f"{s.name}'s hand {cards_str(s.known)} is outside its range")
            if s.plays:
                beaten |= c > t
                if c == t:
                    fixed_mask += (i,)
        else:
            random_idx.append(i)
    spec = [(seats[i].known, n - len(seats[i].known), seats[i].min_class, seats[i].max_class,
             seats[i].plays) for i in random_idx]
    pots = [seats[i].is_pot for i in random_idx]
    free = math.prod(math.comb(len(unseen) - sum(sp[1] for sp in spec[:j]), spec[j][1])
                     for j in range(len(spec)))
    if any(seats[i].restricted for i in random_idx):  # deals with every seat in its range
        top = order.n_classes
        total = int(sum(multiway_counts(order, top, unseen, spec, free, pots).values()))
        if total == 0 and allow_empty:
            return FieldOdds(order.name, tuple(hero), tuple(int(c) for c in dead), seats, 0, 0,
                             {})
        if total == 0:
            raise CardError("no deal gives every seat a hand of its range: widen the range")
    else:
        total = free
    ties: dict[tuple[int, ...], int] = {}
    if not beaten:
        for mask, count in multiway_counts(order, t, unseen, spec, total, pots).items():
            key = tuple(sorted(fixed_mask + tuple(random_idx[j] for j in mask)))
            ties[key] = ties.get(key, 0) + count
    lose = total - sum(ties.values())
    return FieldOdds(order.name, tuple(hero), tuple(int(c) for c in dead), seats, total, lose, ties)
