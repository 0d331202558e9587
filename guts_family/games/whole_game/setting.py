"""The whole game's setting: every option of a complete match-the-pot game, checked, with the
defaults the rule sheets give or, where they are silent, the documented ones.

A *game* is a sequence of deals sharing one pot: the pot a deal is played for is what the
last deal carried over (the losers' matches, a pot nobody took) plus the antes of that deal.
The game ends after a deal in which the pot was taken and nothing is carried into a next pot
(one player took it alone; or the players tied for it shared it and nobody else paid), or
when ``max_deals`` deals have been played (the game is then *cut*: the pot left stays on the
table and is reported). What each sheet says between the deals is read from the game's
:class:`~guts_family.games.base.Game` attributes (``round_cycle``, ``reante``, ``free_ride``,
``dealer_challenge``, ``must_play``, ``has_swap``, ``pot_name``, ``pot_with_others``); the
options below change them. The readings are in ``docs/guts.md``, section "The whole game".

>>> s = game_setting("guts321", 4, ante=1, cap=10)
>>> s.cycle, s.reante, s.tie, s.max_deals
((3, 2, 1), 'unwon', 'replay', 1000)
>>> game_setting("phoenix", 3, ante=1, cap=0.5)  # doctest: +NORMALIZE_WHITESPACE
Traceback (most recent call last):
...
ValueError: --cap 0.5 is below the ante 1: a loser would match less than an ante;
give --cap 1 or more, or no cap
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from guts_family.cards import CardError, quoted
from guts_family.games.base import Game
from guts_family.games.registry import get_game
from guts_family.hands import HandOrder

__all__ = ["REANTE_RULES", "CYCLE_RULES", "BURN_TIES", "DEFAULT_MAX_DEALS", "MAX_DEALS",
           "EQ_SEED", "EQ_DEALS", "GameSetting", "game_setting", "parse_thresholds"]

#: who antes before a deal after the first: everyone (less the free riders) every deal; every
#: player after a deal whose pot was not taken (some of it carried over); nobody
REANTE_RULES = ("every", "unwon", "never")
#: how a pot whose equilibrium is a best-response cycle is played: its symmetric mixed
#: equilibrium (the boundary class in with probability q; the default), the cycle's weakest
#: class (more players go in) or its strongest
CYCLE_RULES = ("mixed", "low", "high")
#: two face-up cards tie for highest (Phoenix Burn): suits break it, or the deal is void
BURN_TIES = ("suit", "redeal")
#: the most deals a game is played for by default (then it is cut and reported)
DEFAULT_MAX_DEALS = 1000
#: the most deals a game may be given
MAX_DEALS = 10 ** 6
#: the seed of the sampled EVs of the Guts 3-card round beyond two players (the published
#: equilibrium table's seed)
EQ_SEED = 16
#: random deals a hand class gets for those sampled EVs
EQ_DEALS = 65_536


@dataclass(frozen=True)
class GameSetting:
    """A complete game's options, checked and with every default filled in (see
    :func:`game_setting`, which builds it).

    ``thresholds`` maps a round size to the class every decider goes in with (or better),
    for the rounds the user fixed; the other rounds play the equilibrium of their pot.
    ``swap_below`` (Phoenix Burn, with ``swap_fee``): the burned player swaps hands with the
    pot when its class is below it. ``dealer_min``: the weakest class the dealer calls guts
    with when nobody else did (challenge guts).
    """

    game: str
    players: int
    ante: float
    cap: float | None
    max_deals: int
    tie: str
    player_tie: str
    reante: str
    chicken_fee: float
    cycle: tuple[int, ...]
    burn_tie: str
    swap_fee: float | None
    swap_below: int | None
    dealer_min: int
    cycle_rule: str
    eq_seed: int
    eq_deals: int
    thresholds: tuple[tuple[int, int], ...] = ()

    def given(self, cards: int) -> int | None:
        """The threshold the user fixed for ``cards``-card rounds, or None (the equilibrium).

        >>> game_setting("guts321", 3, thresholds="3=AQ4,2=K5,1=J").given(2) == 58
        True
        """
        return dict(self.thresholds).get(cards)

    @property
    def rules(self) -> Game:
        """The game's :class:`~guts_family.games.base.Game`."""
        return get_game(self.game)

    def order(self, cards: int) -> HandOrder:
        """The hand order of a round of ``cards`` cards."""
        return self.rules.order(cards)

    @property
    def first_pot(self) -> float:
        """The first deal's pot: every player's ante."""
        return self.players * self.ante

    def pay(self, pot: float) -> float:
        """What a loser pays into the next pot: the pot, at most the cap.

        >>> game_setting("phoenix", 3, cap=10).pay(25.0)
        10.0
        """
        return pot if self.cap is None else min(pot, self.cap)

    def as_dict(self) -> dict:
        """Every option, for JSON and the files' meta lines."""
        return {"game": self.game, "title": self.rules.title, "players": self.players,
                "ante": self.ante, "cap": self.cap, "max_deals": self.max_deals,
                "tie": self.tie, "player_tie": self.player_tie, "reante": self.reante,
                "chicken_fee": self.chicken_fee, "rounds": list(self.cycle),
                "burn_tie": self.burn_tie if self.rules.must_play else None,
                "swap_fee": self.swap_fee,
                "swap_below": None if self.swap_below is None
                else self.order(self.cycle[0]).label(self.swap_below),
                "dealer_min": self.order(self.cycle[0]).label(self.dealer_min)
                if self.rules.dealer_challenge else None,
                "cycle_rule": self.cycle_rule,
                "thresholds_given": {str(k): _label(self.order(k), v)
                                     for k, v in self.thresholds},
                "eq_seed": self.eq_seed, "eq_deals": self.eq_deals}


def _label(order: HandOrder, c: int) -> str:
    return order.label(c) if c < order.n_classes else "none"


def _class(order: HandOrder, text: str, what: str) -> int:
    """The class of a hand label of ``order`` ("none": never in), or a one-line error."""
    if text.strip().lower() == "none":
        return order.n_classes
    try:
        return order.class_from_label(text)
    except CardError:
        raise ValueError(f"{what} {quoted(text)} is not a hand class of the {order.title} "
                         f"order: write its ranks high to low, e.g. "
                         f"{order.label(order.n_classes - 1)!r}") from None


def parse_thresholds(text: str | None, game: Game, cycle: Sequence[int]) -> dict[int, int]:
    """Thresholds from ``"AQ8"`` (a game with one round size) or ``"3=AQ4,2=K5,1=J"`` (one per
    round size); ``none`` means never in.

    >>> g = get_game("guts321")
    >>> parse_thresholds("2=K5, 1=J", g, (3, 2, 1)) == {2: 58, 1: 9}
    True
    >>> parse_thresholds("K5", g, (3, 2, 1))  # doctest: +NORMALIZE_WHITESPACE
    Traceback (most recent call last):
    ...
    ValueError: --thresholds 'K5': this game deals 3-, 2- and 1-card rounds;
    give one per size, e.g. 3=AQ4,2=K5,1=J
    """
    if text is None or not text.strip():
        return {}
    out: dict[int, int] = {}
    parts = [p.strip() for p in text.split(",") if p.strip()]
    sizes = sorted(set(cycle), reverse=True)
    for part in parts:
        size, sep, label = part.partition("=")
        if not sep:
            if len(sizes) > 1 or len(parts) > 1:
                names = ", ".join(f"{s}-" for s in sizes[:-1]) + f" and {sizes[-1]}-card"
                raise ValueError(f"--thresholds {quoted(text)}: this game deals {names} rounds;"
                                 " give one per size, e.g. 3=AQ4,2=K5,1=J")
            size, label = str(sizes[0]), part
        if not size.strip().isdigit() or int(size) not in cycle:
            raise ValueError(f"--thresholds {quoted(part)}: no {size.strip()}-card round is "
                             f"dealt; the rounds are {', '.join(str(s) for s in sizes)} cards")
        out[int(size)] = _class(game.order(int(size)), label, "--thresholds")
    return out


def _amount(value: float | None, what: str, zero: bool = False) -> float | None:
    if value is None:
        return None
    v = float(value)
    if not math.isfinite(v) or v < 0 or (v == 0 and not zero):
        kind = "zero or a positive" if zero else "a positive"
        raise ValueError(f"--{what} must be {kind} amount, got {value}")
    return v


def game_setting(game: str, players: int, ante: float = 1.0, cap: float | None = None, *,
                 max_deals: int = DEFAULT_MAX_DEALS, tie: str | None = None,
                 player_tie: str | None = None, reante: str | None = None,
                 chicken_fee: float = 0.0, rounds: Sequence[int] | None = None,
                 burn_tie: str | None = None, swap_fee: float | None = None,
                 swap_below: str | None = None, dealer_min: str | None = None,
                 thresholds: str | Mapping[int, int] | None = None, cycle_rule: str = "mixed",
                 eq_seed: int = EQ_SEED, eq_deals: int = EQ_DEALS) -> GameSetting:
    """A checked :class:`GameSetting`: every bad value is one ValueError line saying what to
    give instead (exit 2 on the command line).

    ``rounds``: the round sizes dealt in turn (Guts 3-2-1: 3, 2, 1 by default; ``(1,)``
    deals one-card rounds only). ``reante``: who antes again (default: the game's, see
    :data:`REANTE_RULES`); ``chicken_fee``: what every player adds after a deal nobody
    played. ``thresholds``: fixed thresholds (text as :func:`parse_thresholds`, or round
    size -> class). Phoenix Burn: ``burn_tie``, and the swap (``swap_fee`` with
    ``swap_below``, the weakest hand the burned player keeps). Challenge guts:
    ``dealer_min``, the weakest hand the dealer calls guts with when nobody else did (default
    any hand). ``cycle_rule``: how a pot whose equilibrium cycles is played.

    >>> s = game_setting("challenge", 5, cap=20, dealer_min="A")
    >>> s.reante, s.rules.free_ride, s.order(3).label(s.dealer_min)
    ('every', True, 'A32')
    """
    g = get_game(game)
    if isinstance(players, bool) or not isinstance(players, int) or players < 2:
        raise ValueError(f"--players must be a whole number of at least 2 (a game needs two "
                         f"players), got {players}")
    ante_v = _amount(ante, "ante")
    if ante_v is None:
        raise ValueError("--ante is required: give each player's ante, e.g. --ante 1")
    cap_v = _amount(cap, "cap")
    if cap_v is not None and cap_v < ante_v:
        raise ValueError(f"--cap {cap_v:g} is below the ante {ante_v:g}: a loser would match "
                         f"less than an ante; give --cap {ante_v:g} or more, or no cap")
    fee = _amount(chicken_fee, "chicken-fee", zero=True)
    if isinstance(max_deals, bool) or not isinstance(max_deals, int) or \
            not 1 <= max_deals <= MAX_DEALS:
        raise ValueError(f"--max-deals must be a whole number from 1 to {MAX_DEALS:,}, got "
                         f"{max_deals}")
    cycle = tuple(rounds) if rounds else (g.round_cycle or (next(iter(g.rounds)),))
    bad = [c for c in cycle if c not in g.rounds]
    if bad:
        raise ValueError(f"--rounds: {g.title} has no {bad[0]}-card round; its rounds are "
                         f"{', '.join(str(c) for c in g.rounds)} cards")
    top = min(g.max_players(c) for c in cycle)
    if players > top:
        raise ValueError(f"--players {players}: {g.title} seats at most {top} players (52 "
                         f"cards{', and the pot hand' if g.pot_name else ''})")
    tie_r, ptie_r = g.rules(tie, player_tie)
    reante_r = g.reante if reante is None else reante
    if reante_r not in REANTE_RULES:
        raise ValueError(f"unknown --reante {quoted(reante_r)}: choose one of "
                         f"{', '.join(REANTE_RULES)}")
    if cycle_rule not in CYCLE_RULES:
        raise ValueError(f"unknown --cycle-rule {quoted(cycle_rule)}: choose one of "
                         f"{', '.join(CYCLE_RULES)}")
    burned = bool(g.must_play)
    if burn_tie is not None and not burned:
        raise ValueError(f"--burn-tie is a Phoenix Burn rule (the burned player), not a rule "
                         f"of {g.title}")
    burn_r = "suit" if burn_tie is None else burn_tie
    if burn_r not in BURN_TIES:
        raise ValueError(f"unknown --burn-tie {quoted(burn_r)}: choose one of "
                         f"{', '.join(BURN_TIES)}")
    if (swap_fee is not None or swap_below is not None) and not g.has_swap:
        raise ValueError(f"--swap-fee and --swap-below are a Phoenix Burn rule (the burned "
                         f"player's swap with the pot), not a rule of {g.title}")
    if (swap_fee is None) != (swap_below is None):
        raise ValueError("the swap needs both --swap-fee F and --swap-below HAND (the weakest "
                         "hand the burned player keeps)")
    swap_v = _amount(swap_fee, "swap-fee", zero=True)
    order = g.order(cycle[0])
    below = None if swap_below is None else _class(order, swap_below, "--swap-below")
    if dealer_min is not None and not g.dealer_challenge:
        raise ValueError(f"--dealer-min is a challenge guts rule (the dealer's call when "
                         f"nobody else called), not a rule of {g.title}")
    dmin = 0
    if dealer_min is not None:
        from guts_family.games.challenge_guts import min_class  # the qualifier's syntax

        try:
            dmin = min_class(dealer_min)
        except CardError:
            raise ValueError(f"--dealer-min {quoted(dealer_min)} is not a hand of "
                             f"{g.title}: give a rank (A = ace high) or a hand, e.g. "
                             "'A' or 'KQ9'") from None
    given = thresholds if isinstance(thresholds, Mapping) else \
        parse_thresholds(thresholds, g, cycle)
    for size, c in given.items():
        if size not in cycle or not 0 <= c <= g.order(size).n_classes:
            raise ValueError(f"threshold class {c} for {size}-card rounds is not a class of "
                             f"{g.title}'s rounds")
    if isinstance(eq_seed, bool) or not isinstance(eq_seed, int) or not 0 <= eq_seed < 2 ** 63:
        raise ValueError(f"--eq-seed must be a whole number from 0 to 2^63 - 1, got {eq_seed}")
    if isinstance(eq_deals, bool) or not isinstance(eq_deals, int) or \
            not 1 <= eq_deals <= 2 ** 30:
        raise ValueError(f"--eq-deals must be a whole number from 1 to 2^30, got {eq_deals}")
    return GameSetting(g.name, players, ante_v, cap_v, max_deals, tie_r, ptie_r, reante_r,
                       float(fee or 0.0), cycle, burn_r, swap_v, below, dmin, cycle_rule,
                       eq_seed, eq_deals, tuple(sorted(given.items())))
