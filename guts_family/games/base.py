"""The game base class: a game's hand orders, seating, pot hand, deciders and tie rules, and its
hand table.

Each game module (:mod:`~guts_family.games.phoenix_burn`, :mod:`~guts_family.games.guts_321`,
:mod:`~guts_family.games.challenge_guts`) subclasses :class:`Game`, sets the attributes that say
how its rules differ (so no code asks a game's name) and adds its own questions;
:meth:`Game.table` gives every hand class with its exact odds and EV as a :class:`HandTable`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np

from guts_family._version import __version__
from guts_family.defaults import TABLE_SAMPLES, check_tie_rules
from guts_family.export import write_table
from guts_family.hands import HandOrder, get_order
from guts_family.odds import (
    FieldOdds,
    Seat,
    check_stakes,
    exact_refusal,
    field_odds,
    field_sample,
    representatives,
    single_seat_counts,
)
from guts_family.sampling import check_sampling, new_seed

if TYPE_CHECKING:
    import pandas as pd

__all__ = ["Game", "HandTable", "TABLE_SAMPLES"]



class Game:
    """A match-the-pot game: its hand orders by round size, its pot hand, who decides, its
    default tie rules.

    Subclasses (one per game module) set the attributes and may add table columns.
    """

    name: str = ""
    title: str = ""
    rule_sheet: str = ""
    rounds: dict[int, str] = {}
    pot_name: str | None = "pot"     # the pot's / dummy hand; None when there is none
    pot_with_others: bool = True      # does the pot's hand play when other players are in?
    #: players who play whatever they hold and do not decide (Phoenix Burn: the burned player)
    must_play: tuple[str, ...] = ()
    #: may the player who must play swap hands with the pot for a fee (Phoenix Burn)?
    has_swap: bool = False
    #: the round ``guts-odds equilibrium`` takes by default (None: the first round)
    equilibrium_cards: int | None = None
    tie: str = "pot"
    player_tie: str = "split"
    default_opponents: int = 0
    min_opponents: int = 0
    # the whole game (guts_family.games.whole_game): what the sheet says between the deals
    #: the round sizes dealt in turn, deal after deal (empty: the first round's size every deal)
    round_cycle: tuple[int, ...] = ()
    #: who antes again: "every" deal, after a deal whose pot was not taken ("unwon"), "never"
    reante: str = "never"
    #: a player who stayed out antes nothing the next deal (challenge guts' free ride)
    free_ride: bool = False
    #: nobody but the dealer left to call: the dealer may call and take challenges at 2-1
    dealer_challenge: bool = False

    def order(self, cards: int | None = None) -> HandOrder:
        """The hand order of a round of ``cards`` cards (default: the game's first round)."""
        cards = next(iter(self.rounds)) if cards is None else cards
        if cards not in self.rounds:
            sizes = ", ".join(str(c) for c in self.rounds)
            raise ValueError(f"{self.title} has no {cards}-card round: choose --cards {sizes}")
        return get_order(self.rounds[cards])

    def max_opponents(self, cards: int | None = None) -> int:
        """The most other players a deal of ``cards``-card hands can seat (you and the pot's
        hand, if it plays, take their cards from the same 52).

        >>> from guts_family.games import get_game
        >>> get_game("phoenix").max_opponents(), get_game("guts321").max_opponents(1)
        (15, 51)
        """
        n = self.order(cards).n_cards
        pot = 1 if self.pot_name and self.pot_with_others else 0
        return 52 // n - 1 - pot

    def max_players(self, cards: int | None = None) -> int:
        """The most players a deal of ``cards``-card hands seats when every player is dealt
        in and the pot's hand, if the game has one, is dealt too (the dummy is dealt whether
        or not it plays).

        >>> from guts_family.games import get_game
        >>> get_game("guts321").max_players(3), get_game("challenge").max_players()
        (16, 17)
        """
        n = self.order(cards).n_cards
        return (52 - (n if self.pot_name else 0)) // n

    def deciders(self, players: int) -> int:
        """How many of ``players`` besides one of them decide in or out: every other player
        but those who must play.

        >>> from guts_family.games import get_game
        >>> get_game("phoenix").deciders(5), get_game("guts321").deciders(5)
        (3, 4)
        """
        return players - 1 - len(self.must_play)

    def round_seats(self, deciders_in: int) -> list[Seat]:
        """The hands a player who goes in faces in every deal besides the other deciders,
        when ``deciders_in`` of those go in: the pot's hand (it plays when the game says it
        plays beside other players, or when nobody else is in), then the players who must
        play.

        >>> from guts_family.games import get_game
        >>> [(s.name, s.plays) for s in get_game("guts321").round_seats(1)]
        [('dummy', False)]
        >>> [s.name for s in get_game("phoenix").round_seats(0)]
        ['pot', 'burned player']
        """
        seats = []
        if self.pot_name:
            seats.append(Seat(self.pot_name, is_pot=True,
                              plays=self.pot_with_others or deciders_in == 0))
        seats += [Seat(name) for name in self.must_play]
        return seats

    def seats(self, opponents: int | None = None,
              opponent_cards: Sequence[Sequence[int]] = (), cards: int | None = None
              ) -> list[Seat]:
        """The opposing hands when ``opponents`` other players are in (some cards shown).

        ``cards``: the round size (default the game's first round), which bounds the number of
        players the deck can seat.
        """
        k = self.default_opponents if opponents is None else opponents
        if k < self.min_opponents:
            raise ValueError(f"{self.title} needs at least {self.min_opponents} opposing "
                             f"player(s): give --opponents {self.min_opponents} or more")
        top = self.max_opponents(cards)
        if k > top:
            n = self.order(cards).n_cards
            raise ValueError(f"{self.title} with {n}-card hands seats at most {top} other "
                             f"players (52 cards), got --opponents {k}")
        if len(opponent_cards) > k:
            raise ValueError(f"cards given for {len(opponent_cards)} opponents but only {k} "
                             f"are in: raise --opponents")
        seats = []
        if self.pot_name and (k == 0 or self.pot_with_others):
            seats.append(Seat(self.pot_name, is_pot=True))
        for i in range(k):
            known = tuple(opponent_cards[i]) if i < len(opponent_cards) else ()
            seats.append(Seat(f"player {i + 2}", known=known))
        return seats

    def odds(self, hand: Sequence[int], dead: Sequence[int] = (), opponents: int | None = None,
             opponent_cards: Sequence[Sequence[int]] = ()) -> FieldOdds:
        """Exact odds of ``hand`` against this game's field (round size = len(hand))."""
        order = self.order(len(hand))
        return field_odds(order, hand, self.seats(opponents, opponent_cards, order.n_cards), dead)

    def rules(self, tie: str | None, player_tie: str | None) -> tuple[str, str]:
        """The tie rules in force: the given ones, else the game's documented defaults."""
        tie = self.tie if tie is None else tie
        player_tie = self.player_tie if player_tie is None else player_tie
        check_tie_rules(tie, player_tie)
        return tie, player_tie

    def extra_columns(self, rows: list[FieldOdds], pot: float, limit: float | None, tie: str,
                      player_tie: str, options: dict) -> dict[str, list]:
        """Game-specific table columns (none by default)."""
        return {}

    def class_odds(self, cards: int | None = None, opponents: int | None = None
                   ) -> list[FieldOdds]:
        """For every hand class, the summed exact counts of all hands of that class."""
        order = self.order(cards)
        seats = tuple(self.seats(opponents, cards=order.n_cards))
        rows: list[dict] = [dict() for _ in range(order.n_classes)]
        totals = [0] * order.n_classes
        loses = [0] * order.n_classes
        if len(seats) == 1:
            win, tie, lose, total = single_seat_counts(order)
            _, cls = order.all_hands
            by_class = {}
            for name, arr in (("win", win), ("tie", tie), ("lose", lose)):
                by_class[name] = np.zeros(order.n_classes, dtype=np.int64)
                np.add.at(by_class[name], cls, arr)
            for c in range(order.n_classes):
                rows[c] = {(): int(by_class["win"][c]), (0,): int(by_class["tie"][c])}
                loses[c] = int(by_class["lose"][c])
                totals[c] = int(order.class_sizes[c]) * total
        else:
            reps, cls, mult = representatives(order)
            for hand, c, m in zip(reps.tolist(), cls.tolist(), mult.tolist()):
                o = field_odds(order, hand, seats)
                for mask, v in o.ties.items():
                    rows[c][mask] = rows[c].get(mask, 0) + m * v
                loses[c] += m * o.lose_count
                totals[c] += m * o.total
        return [FieldOdds(order.name, tuple(order.representative(c)), (), seats, totals[c],
                          loses[c], rows[c]) for c in range(order.n_classes)]

    def table_refusal(self, cards: int | None = None, opponents: int | None = None) -> str | None:
        """Why the exact table cannot be counted (the poker order beyond three opposing
        hands), or None when it can.

        >>> from guts_family.games import get_game
        >>> get_game("guts321").table_refusal(3, 2) is None
        True
        >>> get_game("guts321").table_refusal(3, 4)[:30]
        'exact three-card poker odds (s'
        """
        order = self.order(cards)
        return exact_refusal(order, self.seats(opponents, cards=order.n_cards))

    def sampled_table(self, cards: int | None = None, opponents: int | None = None,
                      pot: float = 1.0, limit: float | None = None, tie: str | None = None,
                      player_tie: str | None = None, seed: int | None = None,
                      samples: int = TABLE_SAMPLES) -> HandTable:
        """Every hand class with **sampled** odds and EV (each with its standard error), for
        tables the exact count refuses (the poker order beyond three opposing hands).

        One representative hand per suit pattern (1,755 in the poker order) is sampled with
        ``samples`` random deals of the other hands (:func:`~guts_family.odds.field_sample`),
        pattern ``i`` from the seed ``(seed, i)`` (independent streams); a class's row is
        the mean over its patterns weighted by how many hands each stands for (a random hand
        of the class), with the standard error of that mean. The meta says
        ``exact: False``, the method, the seed and the samples.

        >>> from guts_family.games import get_game
        >>> t = get_game("guts321").sampled_table(1, 6, pot=1, seed=3, samples=500)
        >>> t.meta["exact"], t.meta["seed"], list(t.frame.columns)[4:8]
        (False, 3, ['p_win', 'p_win_se', 'p_tie', 'p_tie_se'])
        """
        import pandas as pd

        check_stakes(pot, limit)
        check_sampling(seed, None, samples)
        tie, player_tie = self.rules(tie, player_tie)
        order = self.order(cards)
        k = self.default_opponents if opponents is None else opponents
        seats = tuple(self.seats(k, cards=order.n_cards))
        seed = new_seed() if seed is None else int(seed)
        reps, cls, mult = representatives(order)
        n = order.n_classes
        acc = {name: np.zeros(n) for name in ("win", "tie", "lose", "ev")}
        var = {name: np.zeros(n) for name in acc}
        weight = np.zeros(n)
        for i, (hand, c, m) in enumerate(zip(reps.tolist(), cls.tolist(), mult.tolist())):
            stream = int(np.random.SeedSequence([seed, i]).generate_state(1, np.uint64)[0])
            r = field_sample(order, hand, seats, seed=stream, samples=samples)
            for name, e in (("win", r.win), ("tie", r.tie), ("lose", r.lose),
                            ("ev", r.ev(pot, limit, tie, player_tie))):
                acc[name][c] += m * e.value
                var[name][c] += (m * e.se) ** 2
            weight[c] += m
        cols: dict[str, object] = {
            "class": range(n), "hand": [order.label(c) for c in range(n)],
            "category": [order.category(c) for c in range(n)],
            "combos": [int(x) for x in order.class_sizes]}
        for name, col in (("win", "p_win"), ("tie", "p_tie"), ("lose", "p_lose"),
                          ("ev", "ev")):
            cols[col] = acc[name] / weight
            cols[col + "_se"] = np.sqrt(var[name]) / weight
        frame = pd.DataFrame(cols)
        meta = {"game": self.name, "title": self.title, "rule_sheet": self.rule_sheet,
                "cards": order.n_cards, "order": order.name, "opponents": k,
                "seats": ", ".join(s.name for s in seats), "pot": pot, "limit": limit,
                "tie": tie, "player_tie": player_tie, "exact": False, "method": "sampled",
                "seed": seed, "samples_per_pattern": samples, "patterns": len(reps),
                "streams": "pattern i: field_sample seed from SeedSequence([seed, i])",
                "package": "guts_family", "version": __version__}
        table = HandTable(meta, frame)
        meta["weakest_hand_worth_going_in"] = table.threshold("ev")
        meta["threshold_note"] = ("sampled: classes near the threshold whose EV is within a "
                                  "few standard errors of 0 may fall either side")
        return table

    def table(self, cards: int | None = None, opponents: int | None = None, pot: float = 1.0,
              limit: float | None = None, tie: str | None = None,
              player_tie: str | None = None, **options: float) -> HandTable:
        """Every hand class with its exact odds and the EV of going in, as a HandTable."""
        import pandas as pd

        check_stakes(pot, limit)
        tie, player_tie = self.rules(tie, player_tie)
        order = self.order(cards)
        k = self.default_opponents if opponents is None else opponents
        rows = self.class_odds(order.n_cards, k)
        frame = pd.DataFrame({
            "class": range(order.n_classes),
            "hand": [order.label(c) for c in range(order.n_classes)],
            "category": [order.category(c) for c in range(order.n_classes)],
            "combos": [int(x) for x in order.class_sizes],
            "win": [r.win_count for r in rows],
            "tie": [r.tie_count for r in rows],
            "lose": [r.lose_count for r in rows],
            "total": [r.total for r in rows],
            "p_win": [r.win for r in rows],
            "p_tie": [r.tie for r in rows],
            "p_lose": [r.lose for r in rows],
            "ev": [r.ev(pot, limit, tie, player_tie) for r in rows],
        })
        if not order.suit_blind and len(rows[0].seats) == 1:
            # odds differ slightly between suit patterns of one class: give the spread
            lo, hi = _ev_spread(order, rows[0].seats, pot, limit, tie, player_tie)
            frame["ev_min"], frame["ev_max"] = lo, hi
        for name, values in self.extra_columns(rows, pot, limit, tie, player_tie, options).items():
            frame[name] = values
        meta = {"game": self.name, "title": self.title, "rule_sheet": self.rule_sheet,
                "cards": order.n_cards, "order": order.name, "opponents": k,
                "seats": ", ".join(s.name for s in rows[0].seats),
                "pot": pot, "limit": limit, "tie": tie, "player_tie": player_tie, **options,
                "exact": True, "package": "guts_family", "version": __version__}
        table = HandTable(meta, frame)
        meta["weakest_hand_worth_going_in"] = table.threshold("ev")
        if "ev_min" in frame:
            meta["weakest_class_all_hands_worth_going_in"] = table.threshold("ev_min")
        return table


def _ev_spread(order: HandOrder, seats: tuple[Seat, ...], pot: float, limit: float | None,
               tie: str, player_tie: str) -> tuple[np.ndarray, np.ndarray]:
    """Lowest and highest EV among the hands of each class, against one random hand."""
    win, tie_n, lose, total = single_seat_counts(order)
    unit = {}
    cases: tuple[tuple[str, dict[tuple[int, ...], int], int], ...] = (
        ("win", {(): 1}, 0), ("tie", {(0,): 1}, 0), ("lose", {}, 1))
    for name, ties, lost in cases:
        unit[name] = float(FieldOdds(order.name, (), (), seats, 1, lost, ties)
                           .ev_exact(pot, limit, tie, player_tie))
    ev = (win * unit["win"] + tie_n * unit["tie"] + lose * unit["lose"]) / total
    _, cls = order.all_hands
    lo = np.full(order.n_classes, np.inf)
    hi = np.full(order.n_classes, -np.inf)
    np.minimum.at(lo, cls, ev)
    np.maximum.at(hi, cls, ev)
    return lo, hi


@dataclass(frozen=True)
class HandTable:
    """A table of every hand class (rows, weakest first) with the options that produced it."""

    meta: dict
    frame: pd.DataFrame

    def threshold(self, column: str = "ev") -> str | None:
        """Weakest hand class from which every stronger class has ``column`` > 0 (None if none).

        >>> from guts_family.games import get_game
        >>> get_game("guts321").table(cards=1, pot=1).threshold()
        '9'
        """
        values = list(self.frame[column])
        labels = list(self.frame["hand"])
        best = None
        for label, v in zip(reversed(labels), reversed(values)):
            if v > 0:
                best = label
            else:
                break
        return best


    def to_csv(self, path: str | Path) -> None:
        """Write the table as CSV, the options first as '# key: value' lines (atomic)."""
        write_table(self, csv=path)

    def to_xlsx(self, path: str | Path) -> None:
        """Write the table as an xlsx workbook: sheet 'odds' and sheet 'about' (atomic)."""
        write_table(self, xlsx=path)
