"""Omaha Burn: exact pot equity by complete enumeration of the rest of the deal.

Every way the rest of the deal can fall is enumerated - every board run-out (every river at the
burn, every turn and river from the flop, every board preflop) and, for unknown opponents, every
holding each of them can have from the unseen cards. Each deal counts once; nothing is sampled.
Results are exact fractions.

Pot shares: high only, the best Omaha high hand takes the pot, tied hands split it evenly. High-
low (eight or better), half the pot goes to the best high and half to the best qualifying low,
each half split evenly among tied hands (so a hand can be quartered); with no qualifying low the
high takes the whole pot. A player "loses" a deal when they get no part of the pot; in Omaha Burn
a losing burner must match the pot (up to the cap): :mod:`~guts_family.omaha.decision` weighs
that against folding (the burn decision).

The cost of an enumeration is estimated first; one that would take more than about a minute is
refused with a ValueError saying so (give more hands, or a later street): nothing here is
sampled. :mod:`~guts_family.omaha.sample` samples such questions instead, with error bars,
and :func:`~guts_family.omaha.sample.omaha_odds` picks the method.

The enumeration itself is the numba kernel ``_enumerate`` of :mod:`guts_family.omaha._kernels`
(where all of this package's kernels live); :func:`omaha_equity` is its typed wrapper.

The rule sheet's example at the burn (A: As 3s Jh Td, B: Qc Qh 5c 6d, board Ks Qs 7d 2s):

>>> r = omaha_equity(["As3sJhTd", "QcQh5c6d"], "KsQs7d2s")
>>> r.boards, [str(p.equity) for p in r.players]
(40, ['3/4', '1/4'])
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from math import comb, factorial, lcm

import numpy as np

from guts_family.cards import CardError, card_str, cards_str, check_disjoint, parse_cards
from guts_family.defaults import OMAHA_MAX_SECONDS
from guts_family.omaha._kernels import (
    LOSE,
    N_STATS,
    SCOOP,
    SHARE,
    TIE_HIGH,
    TIE_LOW,
    WIN_HIGH,
    WIN_LOW,
    _enumerate,
)
from guts_family.omaha.evaluator import Tables, tables
from guts_family.omaha.ranges import OmahaRange, combo_base, describe_holdings
from guts_family.omaha.text import MAX_PLAYERS, parse_hands  # light: the command line's checks

__all__ = [
    "MAX_PLAYERS",
    "check_deal",
    "MAX_SECONDS",
    "SHARE",
    "SCOOP",
    "WIN_HIGH",
    "TIE_HIGH",
    "WIN_LOW",
    "TIE_LOW",
    "LOSE",
    "N_STATS",
    "PlayerOdds",
    "OmahaEquity",
    "omaha_equity",
    "check_range",
    "estimate_seconds",
    "deal_count",
    "parse_hands",
]

MAX_SECONDS = OMAHA_MAX_SECONDS  # the help shows it: its home is guts_family.defaults
# SHARE, SCOOP, WIN_HIGH, TIE_HIGH, WIN_LOW, TIE_LOW, LOSE (0..6) and N_STATS: the statistic
# columns per player slot that the kernel accumulates, defined in _kernels beside it

# ---------------------------------------------------------------------------------------------
# Counting and cost
# ---------------------------------------------------------------------------------------------


def _holdings(n_unknown: int, cards: int) -> int:
    """Unordered sets of n_unknown disjoint four-card holdings from `cards` cards."""
    if 4 * n_unknown > cards:
        return 0
    return factorial(cards) // (factorial(4) ** n_unknown * factorial(n_unknown)
                                * factorial(cards - 4 * n_unknown))


def deal_count(n_known: int, board_cards: int, n_unknown: int) -> tuple[int, int]:
    """(board run-outs, deals) that an exact enumeration visits.

    >>> deal_count(1, 4, 1)  # heads-up at the burn against one unknown hand
    (44, 5430040)
    >>> deal_count(2, 0, 0)  # two known hands preflop
    (1086008, 1086008)
    """
    unseen = 52 - 4 * n_known - board_cards
    m = 5 - board_cards
    boards = comb(unseen, m)
    return boards, boards * _holdings(n_unknown, unseen - m)


# measured on the project's 2-core machine (benchmarks/omaha.py), rounded up
_SECONDS_PER_BOARD = 150e-9  # board set-up and the known hands' values
_SECONDS_PER_HOLDING = 12e-9  # one opponent holding valued and counted (one unknown opponent)
_SECONDS_PER_SCAN = 3e-9  # one step of the search for disjoint holdings (two or more unknown)
_SECONDS_PER_PLAYER_DEAL = 12e-9  # one deal shared out, per player (two or more unknown)


def estimate_seconds(n_known: int, board_cards: int, n_unknown: int,
                     in_range: int | None = None) -> float:
    """Rough single-core time of an exact enumeration, used to refuse ones over a minute.

    in_range: with a range, how many of its holdings avoid the known cards (two or more
    unknown opponents search only those; one unknown opponent still scans every holding).

    >>> estimate_seconds(1, 4, 1) < 1.0, estimate_seconds(1, 4, 2) > 60.0
    (True, True)
    >>> estimate_seconds(1, 4, 2, in_range=3000) < 60.0  # two opponents holding AA** or so
    True
    """
    boards, deals = deal_count(n_known, board_cards, n_unknown)
    if n_unknown <= 1:
        return boards * _SECONDS_PER_BOARD + deals * _SECONDS_PER_HOLDING
    left = 52 - 4 * n_known - 5
    all_listed = comb(left, 4)
    listed = all_listed if in_range is None else min(in_range, all_listed)
    if in_range is None:
        scans = sum(_holdings(level - 1, left) * listed // level
                    for level in range(1, n_unknown + 1))
    else:  # an upper bound: sets of holdings from the listed ones, disjoint or not
        scans = sum(comb(listed, level - 1) * listed // level
                    for level in range(1, n_unknown + 1))
        deals = boards * min(_holdings(n_unknown, left), comb(listed, n_unknown))
    per_board = _SECONDS_PER_BOARD + listed * _SECONDS_PER_HOLDING + scans * _SECONDS_PER_SCAN
    if in_range is not None:  # the range test of every holding
        per_board += all_listed * _SECONDS_PER_HOLDING / 4
    return boards * per_board + deals * (n_known + n_unknown) * _SECONDS_PER_PLAYER_DEAL


# ---------------------------------------------------------------------------------------------
# Results
# ---------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class PlayerOdds:
    """One player's exact odds. For an unknown opponent, the average over the unknown seats.

    equity is the expected share of the pot; scoop the chance of taking all of it; win_high /
    tie_high the chance of the best high hand alone / shared (likewise low); lose the chance of
    getting no part of the pot.
    """

    hand: str
    equity: Fraction
    scoop: Fraction
    win_high: Fraction
    tie_high: Fraction
    win_low: Fraction
    tie_low: Fraction
    lose: Fraction

    def as_dict(self) -> dict[str, object]:
        """Plain floats for JSON.

        >>> PlayerOdds("As Ah Ks Kh", *[Fraction(1, 2)] * 7).as_dict()["equity"]
        0.5
        """
        return {"hand": self.hand, "equity": float(self.equity),
                "equity_exact": str(self.equity), "scoop": float(self.scoop),
                "win_high": float(self.win_high), "tie_high": float(self.tie_high),
                "win_low": float(self.win_low), "tie_low": float(self.tie_low),
                "lose": float(self.lose)}


@dataclass(frozen=True)
class OmahaEquity:
    """Exact odds of every player over every remaining deal.

    players: the known hands in order, then one entry per unknown opponent (all equal).
    boards: board run-outs enumerated; deals: run-outs times opponent holdings.
    rivers: at the burn (four board cards), each river card with every player's equity on it.
    opponent_range: the range every unknown opponent's holding is drawn from (None: any); the
    deals are then only those in which every unknown holding is in it.
    """

    hands: tuple[tuple[int, ...], ...]
    board: tuple[int, ...]
    hilo: bool
    opponents: int
    boards: int
    deals: int
    players: tuple[PlayerOdds, ...]
    rivers: tuple[tuple[int, tuple[Fraction, ...]], ...] = ()
    opponent_range: OmahaRange | None = None

    @property
    def stage(self) -> str:
        """'preflop', 'flop', 'burn' (turn dealt, river to come) or 'river'.

        >>> omaha_equity(["AsAhKsKh", "JdTc9d8c"], "Qd7c2h3s").stage
        'burn'
        """
        return {0: "preflop", 3: "flop", 4: "burn", 5: "river"}[len(self.board)]

    @property
    def method(self) -> str:
        """'exact', or 'exact over a range cut from a sampled preflop ordering' when the
        opponents' range is a ``top P%`` (the count is complete over the range; which holdings
        the range holds comes from the sampled preflop table).

        >>> omaha_equity(["AsAhKsKh", "JdTc9d8c"], "Qd7c2h3s").method
        'exact'
        """
        r = self.opponent_range
        return "exact" if r is None else r.method_label("exact")

    def as_dict(self) -> dict[str, object]:
        """JSON-ready summary: players, boards, deals, stage, and the rivers at the burn.

        >>> sorted(omaha_equity(["AsAhKsKh", "JdTc9d8c"], "Qd7c2h3s").as_dict())
        ... # doctest: +NORMALIZE_WHITESPACE
        ['board', 'boards', 'deals', 'exact', 'game', 'method', 'opponents', 'players', 'rivers',
         'stage']
        """
        out: dict[str, object] = {
            "game": "omaha-hilo" if self.hilo else "omaha-high",
            "board": cards_str(self.board),
            "stage": self.stage,
            "opponents": self.opponents,
            "boards": self.boards,
            "deals": self.deals,
            "exact": True,
            "method": self.method,
            "players": [p.as_dict() for p in self.players],
        }
        if self.opponent_range is not None:
            out["range"] = self.opponent_range.as_dict()
        if self.rivers:
            out["rivers"] = [{"card": card_str(c), "equity": [float(e) for e in eq]}
                             for c, eq in self.rivers]
        return out


# ---------------------------------------------------------------------------------------------
# Public functions
# ---------------------------------------------------------------------------------------------


def _cards(x: Sequence[int] | str) -> list[int]:
    return parse_cards(x) if isinstance(x, str) else [int(c) for c in x]


def check_deal(hands: Sequence[Sequence[int] | str] | str, board: Sequence[int] | str = (),
               opponents: int = 0) -> tuple[list[list[int]], list[int]]:
    """The hands and board as card lists, checked (the one check of an Omaha question, for
    the exact count and for sampling, before any method is chosen).

    >>> check_deal("AsAhKsKh", "Qd7c2h", opponents=1)
    ([[51, 50, 47, 46]], [41, 20, 2])
    >>> check_deal("AsAhKsKh", "Qd7c2h3s4s5s")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    guts_family.cards.CardError: board 'Qd 7c 2h 3s 4s 5s' has 6 cards; an Omaha board has 0 ...
    """
    known = parse_hands(hands) if isinstance(hands, str) else [_cards(h) for h in hands]
    b = _cards(board)
    for i, h in enumerate(known):
        if len(h) != 4:
            raise CardError(f"hand {i + 1} {cards_str(h)!r} has {len(h)} cards; "
                            "an Omaha hand has 4")
    if len(b) not in (0, 3, 4, 5):
        raise CardError(f"board {cards_str(b)!r} has {len(b)} cards; an Omaha board has "
                        "0 (preflop), 3 (flop), 4 (turn, the burn) or 5 (river) cards")
    check_disjoint(*known, b, names=[f"hand {i + 1}" for i in range(len(known))] + ["the board"])
    if not isinstance(opponents, (int, np.integer)) or opponents < 0:
        raise ValueError(f"opponents must be 0 or more, got {opponents}")
    n_players = len(known) + opponents
    if n_players < 1:
        raise ValueError("give at least one hand")
    if n_players > MAX_PLAYERS:
        raise ValueError(f"{n_players} players: Omaha Burn is played by up to {MAX_PLAYERS}")
    need = 5 - len(b) + 4 * opponents
    left = 52 - 4 * len(known) - len(b)
    if need > left:  # pragma: no cover - unreachable with 11 players at most
        raise CardError(f"{need} cards to deal but only {left} left in the deck")
    return known, b


def check_range(opponent_range: OmahaRange | None, known: Sequence[Sequence[int]],
                board: Sequence[int], opponents: int) -> np.ndarray | None:
    """The range's holdings the known hands and board leave (L x 4 cards), or None for no
    range; a range with none left, or a range without unknown opponents, is refused.

    >>> from guts_family.omaha.ranges import parse_omaha_range
    >>> check_range(parse_omaha_range("AA**"), [parse_cards("AsAhKsKh")], [], 1).shape
    (1035, 4)
    >>> check_range(parse_omaha_range("AsAd**"), [parse_cards("AsAhKsKh")], [], 1)
    ... # doctest: +NORMALIZE_WHITESPACE
    Traceback (most recent call last):
    ...
    guts_family.cards.CardError: no holding of the range 'AsAd**' is left beside the known cards
    (As Ah Ks Kh): widen the range
    """
    if opponent_range is None:
        return None
    if opponents < 1:
        raise ValueError("a range is for unknown opponents: give --opponents K as well")
    dead = [c for h in known for c in h] + list(board)
    left = opponent_range.available(dead)
    if len(left) == 0:
        raise CardError(f"no holding of the range {opponent_range.text!r} is left beside the "
                        f"known cards ({cards_str(dead)}): widen the range")
    return left


def omaha_equity(hands: Sequence[Sequence[int] | str] | str, board: Sequence[int] | str = (), *,
                 hilo: bool = False, opponents: int = 0, max_seconds: float = MAX_SECONDS,
                 opponent_range: OmahaRange | None = None) -> OmahaEquity:
    """Exact equity of known Omaha hands (and unknown opponents) by complete enumeration.

    hands: four-card hands (card indices or text such as "AsAhKsKh"), or one text of several
    hands as :func:`parse_hands` reads it; board: 0, 3, 4 or 5 cards; opponents: unknown hands
    dealt from the unseen cards; hilo: eight-or-better split; opponent_range: every unknown
    hand is one of its holdings (only those deals are counted, each once).

    >>> r = omaha_equity(["AsAhKsKh"], "Qd7c2h3s", opponents=1, hilo=True)
    >>> r.deals, r.players[0].equity, r.players[0].equity + r.players[1].equity
    (5430040, Fraction(231877, 543004), Fraction(1, 1))
    >>> from guts_family.omaha.ranges import parse_omaha_range
    >>> r = omaha_equity(["JdTc9d8c"], "Qd8h7h3s", opponents=1,
    ...                  opponent_range=parse_omaha_range("AA**"))
    >>> r.deals, round(float(r.players[0].equity), 4)  # the rundown vs aces, at the burn
    (193640, 0.3302)
    >>> omaha_equity(["AsAhKs"], "Qd7c2h3s")
    Traceback (most recent call last):
    ...
    guts_family.cards.CardError: hand 1 'As Ah Ks' has 3 cards; an Omaha hand has 4
    >>> omaha_equity(["AsAhKsKh"], "Qd7c2h3s", opponents=2)  # doctest: +NORMALIZE_WHITESPACE
    Traceback (most recent call last):
    ...
    ValueError: exact enumeration of 223,313,110,020 deals would take about 3 hours (limit 60 s):
    give more known hands, a later street, or fewer unknown opponents
    """
    known, b = check_deal(hands, board, opponents)
    listed = check_range(opponent_range, known, b, opponents)
    n_players = len(known) + opponents
    secs = estimate_seconds(len(known), len(b), opponents,
                            None if listed is None else len(listed))
    if secs > max_seconds:
        _, deals = deal_count(len(known), len(b), opponents)
        raise ValueError(f"exact enumeration of {deals:,} deals would take about "
                         f"{_duration(secs)} (limit {max_seconds:g} s): give more known hands, "
                         "a later street, or fewer unknown opponents")

    t: Tables = tables()
    dead = {c for h in known for c in h} | set(b)
    unseen = np.array([c for c in range(52) if c not in dead], dtype=np.int64)
    m = 5 - len(b)
    unit = 2 * lcm(*range(1, n_players + 1))  # every share of one pot is a whole number of units
    stats = np.zeros((len(known) + 1, N_STATS), dtype=np.int64)
    n_boards = comb(len(unseen), m)
    per_board = m == 1
    board_share = np.zeros((n_boards if per_board else 0, len(known) + 1), dtype=np.int64)
    board_deals = np.zeros(n_boards if per_board else 0, dtype=np.int64)
    known_arr = np.array(known, dtype=np.int64).reshape(len(known), 4)
    ranged = opponent_range is not None
    in_range = opponent_range.mask if opponent_range is not None else np.zeros(0, dtype=bool)
    deals = _enumerate(t, known_arr, np.array(b, dtype=np.int64), unseen, m, opponents, hilo,
                       unit, stats, board_share, board_deals, ranged, in_range, combo_base())
    expected = deal_count(len(known), len(b), opponents)
    if not ranged and (n_boards, deals) != expected:  # pragma: no cover - a kernel bug
        raise AssertionError(f"enumerated {deals} deals, expected {expected}")
    if deals == 0:
        assert listed is not None and opponent_range is not None
        raise CardError(f"no deal gives {opponents} unknown opponents disjoint holdings of the "
                        f"range {opponent_range.text!r} beside the known cards (it holds "
                        f"{len(listed):,} such holdings, e.g. {describe_holdings(listed)}): "
                        "widen the range")

    def odds(label: str, row: np.ndarray, seats: int) -> PlayerOdds:
        d = deals * seats
        return PlayerOdds(label, Fraction(int(row[SHARE]), d * unit),
                          *(Fraction(int(row[k]), d) for k in range(1, N_STATS)))

    players = [odds(cards_str(h), stats[i], 1) for i, h in enumerate(known)]
    if opponents:
        label = "random" if opponent_range is None else "range"
        players += [odds(label, stats[len(known)], opponents)] * opponents
    rivers: list[tuple[int, tuple[Fraction, ...]]] = []
    if per_board:
        for i, c in enumerate(unseen.tolist()):
            d = int(board_deals[i]) * unit
            if not d:  # no holding of the range is left beside this river
                continue
            eq = [Fraction(int(board_share[i, k]), d) for k in range(len(known))]
            if opponents:
                eq += [Fraction(int(board_share[i, len(known)]), d * opponents)] * opponents
            rivers.append((c, tuple(eq)))
    return OmahaEquity(tuple(tuple(h) for h in known), tuple(b), hilo, opponents, n_boards,
                       deals, tuple(players), tuple(rivers), opponent_range)


def _duration(seconds: float) -> str:
    for unit, size in (("years", 365 * 86400), ("days", 86400), ("hours", 3600),
                       ("minutes", 60)):
        if seconds >= 2 * size:
            return f"{seconds / size:,.0f} {unit}"
    return f"{seconds:,.0f} s"
