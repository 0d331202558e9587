"""Result tables: the equilibria of every table size asked, with their provenance, as table files
(:class:`ThresholdTable`, and :class:`SwapTable` for Phoenix Burn's swap).

>>> [e.label for e in equilibrium_table("guts321", [2, 3], cards=1)]
['J', 'Q']
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from guts_family._version import __version__
from guts_family.games.equilibrium.model import check_model
from guts_family.games.equilibrium.result import (
    METHOD,
    METHOD_CARDS,
    METHOD_SAMPLED,
    Equilibrium,
    class_label,
)
from guts_family.games.equilibrium.sampled import FIRST_DEALS
from guts_family.games.equilibrium.sampled_evs import RESOLVE_Z
from guts_family.games.equilibrium.search import FIXED_POINT_WINDOW
from guts_family.games.equilibrium.solve import equilibrium
from guts_family.games.equilibrium.swap import SWAP_METHOD, SwapEquilibrium, swap_equilibrium
from guts_family.games.phoenix_burn import GAME as PHOENIX
from guts_family.games.registry import get_game
from guts_family.hands import get_order
from guts_family.sampling import new_seed

__all__ = ["equilibrium_table", "ThresholdTable", "threshold_table", "sizes_text", "SwapTable",
           "swap_threshold_table"]


def equilibrium_table(game: str, players: Sequence[int], ante: float = 1.0,
                      pot: float | None = None, cap: float | None = None,
                      cards: int | None = None, tie: str | None = None,
                      player_tie: str | None = None, *, method: str = "auto",
                      seed: int | None = None, samples: int | None = None,
                      target_se: float | None = None, max_seconds: float | None = None,
                      workers: int | None = 1, progress: Callable[[str], None] | None = None,
                      parallel_after: float | None = None,
                      window: int | None = FIXED_POINT_WINDOW) -> list[Equilibrium]:
    """One :class:`Equilibrium` per table size; sampled rows share one seed (drawn once when
    not given). Every table size is checked before any work.

    >>> [e.label for e in equilibrium_table("guts321", [2, 3], cards=1)]
    ['J', 'Q']
    """
    g = get_game(game)
    order = g.order(cards)
    for n in players:  # bad input is refused before the first row is computed
        check_model(game, n, order, not order.suit_blind and method != "exact")
    if seed is None and not order.suit_blind:
        seed = new_seed()
    out = []
    for i, n in enumerate(players):
        step = None if progress is None else \
            (lambda text, i=i: progress(f"{i + 1}/{len(players)}, {text}"))
        out.append(equilibrium(game, n, ante, pot, cap, cards, tie, player_tie, method=method,
                               seed=seed, samples=samples, target_se=target_se,
                               max_seconds=max_seconds, workers=workers, progress=step,
                               parallel_after=parallel_after, window=window))
    return out


@dataclass(frozen=True)
class ThresholdTable:
    """Equilibrium thresholds by table size, as a table file (meta lines and a frame).

    A table with sampled rows (the 3-card round beyond two players) adds the columns
    ``method``, ``threshold_low`` / ``threshold_high`` (the interval the samples do not
    reject), ``resolved``, the standard errors, ``largest_se``, ``seed``, ``deals`` and
    ``stopped_by``.
    """

    meta: dict
    rows: tuple[Equilibrium, ...]

    @property
    def sampled(self) -> bool:
        """Some row is sampled."""
        return any(not r.exact for r in self.rows)

    @property
    def frame(self):  # noqa: ANN201 - a pandas DataFrame (pandas is imported lazily)
        """One row per table size."""
        import pandas as pd

        cols: dict[str, list] = {
            "players": [r.players for r in self.rows],
            "pot": [r.pot for r in self.rows],
            "threshold": [r.label for r in self.rows],
            "threshold_class": [r.threshold for r in self.rows],
            "share_of_hands_in": [r.share_in for r in self.rows],
            "converged": [r.converged for r in self.rows],
            "iterations": [r.iterations for r in self.rows],
            "ev_at_threshold": [r.ev_at for r in self.rows],
            "ev_below_threshold": [r.ev_below for r in self.rows],
        }
        if self.sampled:
            o = get_order(next(r.order for r in self.rows if not r.exact))
            cols.update({
                "method": [r.method for r in self.rows],
                "threshold_low": [class_label(o, r.low) if r.low is not None else ""
                                  for r in self.rows],
                "threshold_high": [class_label(o, r.high) if r.high is not None else ""
                                   for r in self.rows],
                "resolved": [r.resolved for r in self.rows],
                "ev_at_threshold_se": [r.ev_at_se if not r.exact else 0.0 for r in self.rows],
                "ev_below_threshold_se": [r.ev_below_se if not r.exact else 0.0
                                          for r in self.rows],
                "largest_se": [r.max_se if not r.exact else 0.0 for r in self.rows],
                "seed": [r.seed if not r.exact else "" for r in self.rows],
                "deals": [r.deals if not r.exact else "" for r in self.rows],
                "deals_at_threshold": [r.deals_at_threshold if not r.exact else ""
                                       for r in self.rows],
                "stopped_by": [r.stopped_by for r in self.rows],
            })
        cols["note"] = [r.note for r in self.rows]
        return pd.DataFrame(cols)


def threshold_table(game: str, players: Sequence[int], ante: float = 1.0,
                    pot: float | None = None, cap: float | None = None,
                    cards: int | None = None, tie: str | None = None,
                    player_tie: str | None = None, *, method: str = "auto",
                    seed: int | None = None, samples: int | None = None,
                    target_se: float | None = None, max_seconds: float | None = None,
                    workers: int | None = 1, progress: Callable[[str], None] | None = None,
                    parallel_after: float | None = None,
                    window: int | None = FIXED_POINT_WINDOW) -> ThresholdTable:
    """The equilibrium thresholds of ``game`` for each table size, with their provenance
    (sampled rows: the seed, the deals a class, how the sampling stopped; ``exact`` False).

    >>> t = threshold_table("guts321", [2, 3], cards=1)
    >>> list(t.frame["threshold"]), t.meta["pot"]
    (['J', 'Q'], 'players x ante')
    >>> t = threshold_table("guts321", [3, 4], cards=3, seed=5, samples=65_536)
    >>> list(t.frame["method"]), t.meta["exact"], t.meta["seed"], t.meta["sampled_players"]
    (['sampled', 'sampled'], False, 5, '3-4')
    """
    g = get_game(game)
    if seed is None and not g.order(cards).suit_blind and method != "exact":
        seed = new_seed()
    rows = tuple(equilibrium_table(game, players, ante, pot, cap, cards, tie, player_tie,
                                   method=method, seed=seed, samples=samples,
                                   target_se=target_se, max_seconds=max_seconds,
                                   workers=workers, progress=progress,
                                   parallel_after=parallel_after, window=window))
    order = g.order(cards)
    exact_rows = [r.players for r in rows if r.exact]
    sampled_rows = [r.players for r in rows if not r.exact]
    if not sampled_rows:
        how = METHOD if order.suit_blind else METHOD_CARDS
    elif not exact_rows:
        how = METHOD_SAMPLED
    else:
        how = (f"players {sizes_text(exact_rows)}: {METHOD_CARDS}; players "
               f"{sizes_text(sampled_rows)}: {METHOD_SAMPLED}")
    meta = {"game": g.name, "title": g.title, "rule_sheet": g.rule_sheet,
            "cards": order.n_cards, "order": order.name, "ante": ante,
            "pot": "players x ante" if pot is None else pot, "cap": cap,
            "tie": rows[0].tie if rows else tie, "player_tie": rows[0].player_tie if rows
            else player_tie, "method": how, "exact": not sampled_rows,
            "package": "guts_family"}
    if sampled_rows:
        meta.update({
            "sampled_players": sizes_text(sampled_rows), "seed": seed,
            "samples_per_class": next(r.samples for r in rows if not r.exact),
            "first_deals_per_class": FIRST_DEALS, "resolve_z": RESOLVE_Z,
            "target_se": target_se, "max_seconds": max_seconds,
            "deals": sum(r.deals or 0 for r in rows),
            "streams": "every class and table size: chunks 0, 1, ... of "
                       "SeedSequence(seed, spawn_key=(chunk,)), 16,384 deals a chunk"})
    meta["version"] = __version__
    return ThresholdTable(meta, rows)


def sizes_text(players: Sequence[int]) -> str:
    """'3-8' for a run of table sizes, else '2, 4, 6'.

    >>> sizes_text([3, 4, 5]), sizes_text([2, 4])
    ('3-5', '2, 4')
    """
    ps = sorted(players)
    if len(ps) > 1 and ps == list(range(ps[0], ps[-1] + 1)):
        return f"{ps[0]}-{ps[-1]}"
    return ", ".join(str(p) for p in ps)


@dataclass(frozen=True)
class SwapTable:
    """Swap equilibria by table size, as a table file (meta lines and a frame)."""

    meta: dict
    rows: tuple[SwapEquilibrium, ...]

    @property
    def frame(self):  # noqa: ANN201 - a pandas DataFrame (pandas is imported lazily)
        """One row per table size."""
        import pandas as pd

        return pd.DataFrame({
            "players": [r.players for r in self.rows],
            "pot": [r.pot for r in self.rows],
            "swaps_with": [r.swap_label for r in self.rows],
            "share_swapped": [r.share_swapped for r in self.rows],
            "threshold_after_keep": [r.keep_label for r in self.rows],
            "threshold_after_swap": [r.swap_state_label for r in self.rows],
            "converged": [r.converged for r in self.rows],
            "best_response_checked": [r.best_response_checked for r in self.rows],
            "note": [r.note for r in self.rows],
        })


def swap_threshold_table(players: Sequence[int], fee: float, ante: float = 1.0,
                         pot: float | None = None, cap: float | None = None,
                         timing: str = "public", tie: str | None = None,
                         player_tie: str | None = None) -> SwapTable:
    """:func:`swap_equilibrium` for each table size, with its provenance.

    >>> t = swap_threshold_table([2], fee=4)
    >>> list(t.frame["swaps_with"]), t.meta["swap_timing"]
    (['none'], 'public')
    """
    g = PHOENIX
    rows = tuple(swap_equilibrium(n, fee, ante, pot, cap, timing, tie, player_tie)
                 for n in players)
    meta = {"game": g.name, "title": g.title, "rule_sheet": g.rule_sheet, "cards": 3,
            "order": "value3", "ante": ante, "pot": "players x ante" if pot is None else pot,
            "cap": cap, "swap_fee": fee, "swap_timing": timing,
            "tie": rows[0].tie if rows else tie,
            "player_tie": rows[0].player_tie if rows else player_tie, "method": SWAP_METHOD,
            "exact": True, "package": "guts_family", "version": __version__}
    return SwapTable(meta, rows)
