"""model: the printable strategy chart and its expansion into decision tables.

A :class:`Chart` is what a player can carry to the table: a burn table (the value of keeping each
two-card hand against each up card; keep the two cards with the highest value, burn the third),
hard and soft total tables of actions, and a pair table saying which pairs are split again
(and, when the split of a kept pair is optional, split at all). :meth:`Chart.to_tables` expands
it into the :class:`~twentyone_burn.tables.DecisionTables` that the exact engine values and
the simulator plays, so a chart's house edge is computed by the same engine as optimal play.

Letters: ``H`` hit, ``S`` stand, ``D`` double (hit when doubling is not allowed), ``Ds`` double
(stand when doubling is not allowed); pair table: ``P`` split / resplit, ``-`` do not.
The chart's files are read by :mod:`twentyone_burn.charts.files` and written by
:mod:`twentyone_burn.export.chart_workbook`.

>>> c = Chart.simple(Rules(decks=None))
>>> c.hard.loc[11, "6"], c.soft.loc[18, "T"], c.resplit.loc["88", "A"]
('D', 'S', 'P')
>>> t = c.to_tables()
>>> int(t.burn[5, 9, 9, 4])      # T T 5 against a 6: keep T-T (20), burn the 5
4
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import pandas as pd

from ..notation import KEPT_HANDS, kept_hand_name, kept_ranks
from ..rules import Rules
from ..shoe import RANK_INDEX, RANKS, UP_ORDER
from ..tables import DOUBLE, HIT, STAND, DecisionTables, double_allowed, hand_table

__all__ = ["ACTIONS", "BURN_DECIMALS", "BURN_LIMIT", "HARD_TOTALS", "LEGEND",
           "MISSING_ROW_ACTION", "PAIRS", "SOFT_TOTALS", "SPLIT_MARKS", "UP_COLUMNS", "UP_RANK",
           "Chart", "ChartError"]


#: hit; stand; double else hit; double else stand
ACTIONS = ("H", "S", "D", "Ds")
#: pair table: split (or resplit) this pair; do not
SPLIT_MARKS = ("P", "-")
#: dealer up cards, in the order printed charts use (ace last; the shoe's one printed order)
UP_COLUMNS = UP_ORDER
LEGEND = {
    "H": "hit",
    "S": "stand",
    "D": "double if allowed, otherwise hit",
    "Ds": "double if allowed, otherwise stand",
    "P": "split this pair (again, when a split hand draws another)",
    "-": "do not split this pair",
}
#: up-card column -> rank index (0 = ace ... 9 = ten)
UP_RANK = tuple(RANK_INDEX[c] for c in UP_COLUMNS)
#: pair table rows, in rank order
PAIRS = tuple(r + r for r in RANKS)
#: hard totals with a row (smaller totals occur only on one-card hands)
HARD_TOTALS = tuple(range(4, 22))
#: soft totals with a row (soft 12 is A-A played unsplit)
SOFT_TOTALS = tuple(range(12, 22))
#: burn values are rounded to this many decimals when a chart is made (see Chart)
BURN_DECIMALS = 12
#: largest burn value allowed (with 12 decimals it still fits 16 significant digits)
BURN_LIMIT = 1000.0
#: the letter used for a hand the tables have no row for (one-card hands: never a decision)
MISSING_ROW_ACTION = "S"


class ChartError(ValueError):
    """A chart that cannot be used; the message names the file, sheet and cell, and the fix."""


@dataclass(frozen=True, eq=False)
class Chart:
    """A printable strategy for one rules object.

    burn_values: rows :data:`~twentyone_burn.notation.KEPT_HANDS`, columns :data:`UP_COLUMNS`:
        the value of keeping that two-card hand against that up card (for a derived chart: its
        expected return per initial wager, averaged over the burned cards). The player keeps
        the hand with the highest value. Pairs (:func:`~twentyone_burn.notation.kept_kind`
        "pair") are split when the split is mandatory. Values are rounded to
        :data:`BURN_DECIMALS` decimals when the chart is made (at most :data:`BURN_LIMIT` in
        size), so CSV and xlsx files hold them exactly.
    hard: rows :data:`HARD_TOTALS`, letters in :data:`ACTIONS`.
    soft: rows :data:`SOFT_TOTALS`, letters in :data:`ACTIONS`.
    resplit: rows :data:`PAIRS`, "P" or "-": resplit a split hand that draws another pair card;
        when ``rules.mandatory_split`` is False it also decides whether a kept pair is split.
    name: what the chart is, printed with every result that uses it.

    Charts compare by content with :meth:`equals` (frames are not hashable).
    """

    rules: Rules
    burn_values: pd.DataFrame
    hard: pd.DataFrame
    soft: pd.DataFrame
    resplit: pd.DataFrame
    name: str

    def __post_init__(self) -> None:
        if not isinstance(self.rules, Rules):
            raise ChartError(f"chart rules must be a Rules object, not {type(self.rules).__name__}")
        _check_frame("burn_values", self.burn_values, KEPT_HANDS)
        v = self.burn_values.to_numpy()
        if v.dtype.kind != "f" or not np.isfinite(v).all() or np.abs(v).max() > BURN_LIMIT:
            raise ChartError(f"burn_values must be finite floats of size at most {BURN_LIMIT:g}")
        # Kept to 12 decimals (the engine's burn tie tolerance): every file format then holds
        # them exactly (openpyxl writes 16 significant digits, not always enough for a double).
        # (+ 0.0 turns -0.0 into 0.0, which a workbook cannot tell apart)
        object.__setattr__(self, "burn_values", self.burn_values.round(BURN_DECIMALS) + 0.0)
        for attr, labels, allowed in (("hard", HARD_TOTALS, ACTIONS),
                                      ("soft", SOFT_TOTALS, ACTIONS),
                                      ("resplit", PAIRS, SPLIT_MARKS)):
            frame = getattr(self, attr)
            _check_frame(attr, frame, labels)
            bad = ~frame.isin(allowed).to_numpy()
            if bad.any():
                r, c = (int(x[0]) for x in np.nonzero(bad))
                raise ChartError(f"{attr} cell ({labels[r]}, {UP_COLUMNS[c]}) is "
                                 f"{frame.iat[r, c]!r}; expected one of {', '.join(allowed)}")
            object.__setattr__(self, attr, frame.astype(str))  # one dtype, whatever the source

    # -- building -------------------------------------------------------------------------------
    @classmethod
    def from_frames(cls, rules: Rules, burn_values: pd.DataFrame, hard: pd.DataFrame,
                    soft: pd.DataFrame, resplit: pd.DataFrame, name: str) -> Chart:
        """A chart from frames in any row / column order (reordered to the canonical one).

        >>> c = Chart.simple(Rules(decks=None))
        >>> d = Chart.from_frames(c.rules, c.burn_values[::-1], c.hard, c.soft, c.resplit, c.name)
        >>> d.equals(c)
        True
        """
        def canon(frame: pd.DataFrame, labels: Sequence, index_name: str) -> pd.DataFrame:
            f = frame.reindex(index=list(labels), columns=list(UP_COLUMNS))
            f.index.name = index_name
            f.columns.name = None
            return f

        return cls(rules, canon(burn_values, KEPT_HANDS, "hand").astype(float),
                   canon(hard, HARD_TOTALS, "hard"), canon(soft, SOFT_TOTALS, "soft"),
                   canon(resplit, PAIRS, "pair"), name)

    @classmethod
    def from_arrays(cls, rules: Rules, hard: np.ndarray, soft: np.ndarray, resplit: np.ndarray,
                    burn_values: np.ndarray, name: str) -> Chart:
        """A chart from arrays indexed by rank (0 = ace ... 9 = ten), as the derivation
        (:func:`twentyone_burn.charts.derive.derive_chart`) builds them.

        hard[up, total - 4], soft[up, total - 12]: indices into :data:`ACTIONS`;
        resplit[up, pair]: True for "P"; burn_values[up, a, c]: the value of keeping ranks a, c.

        >>> hard = np.zeros((10, len(HARD_TOTALS)), dtype=int); hard[:, 11 - 4] = 2
        >>> soft, resplit = np.ones((10, len(SOFT_TOTALS)), dtype=int), np.eye(10, dtype=bool)
        >>> burn = np.zeros((10, 10, 10)); burn[:, 0, 9] = 1.0           # keep A-T
        >>> c = Chart.from_arrays(Rules(), hard, soft, resplit, burn, "by hand")
        >>> c.hard.loc[11, "6"], c.hard.loc[12, "6"], c.soft.loc[18, "A"], c.resplit.loc["88", "8"]
        ('D', 'H', 'S', 'P')
        >>> float(c.burn_values.loc["AT", "T"]), c.resplit.loc["88", "9"]
        (1.0, '-')
        """
        cols = list(UP_COLUMNS)
        hard_f = pd.DataFrame([[ACTIONS[int(hard[up, t - 4])] for up in UP_RANK]
                               for t in HARD_TOTALS], index=list(HARD_TOTALS), columns=cols)
        soft_f = pd.DataFrame([[ACTIONS[int(soft[up, t - 12])] for up in UP_RANK]
                               for t in SOFT_TOTALS], index=list(SOFT_TOTALS), columns=cols)
        res_f = pd.DataFrame([["P" if resplit[up, p] else "-" for up in UP_RANK]
                              for p in range(10)], index=list(PAIRS), columns=cols)
        burn_f = pd.DataFrame([[float(burn_values[up, *kept_ranks(h)]) for up in UP_RANK]
                               for h in KEPT_HANDS], index=list(KEPT_HANDS), columns=cols)
        return cls.from_frames(rules, burn_f, hard_f, soft_f, res_f, name)

    @classmethod
    def simple(cls, rules: Rules, name: str = "simple illustrative chart") -> Chart:
        """A hand-made chart for examples and tests (not derived; far from optimal).

        Burn: keep the highest two-card total (value = total / 21). Hard: hit to 16, double
        10-11, stand 17+. Soft: hit to soft 17, stand soft 18+. Split and resplit aces and eights.

        >>> float(Chart.simple(Rules()).burn_values.loc["AT", "2"])
        1.0
        """
        values = []
        for hand in KEPT_HANDS:
            a, c = kept_ranks(hand)
            total = a + c + 2
            if a == 0 and total + 10 <= 21:
                total += 10
            values.append([total / 21] * len(UP_COLUMNS))
        burn = pd.DataFrame(values, index=list(KEPT_HANDS), columns=list(UP_COLUMNS))
        hard = pd.DataFrame([["D" if t in (10, 11) else ("H" if t <= 16 else "S")] * 10
                             for t in HARD_TOTALS], index=list(HARD_TOTALS),
                            columns=list(UP_COLUMNS))
        soft = pd.DataFrame([["H" if t <= 17 else "S"] * 10 for t in SOFT_TOTALS],
                            index=list(SOFT_TOTALS), columns=list(UP_COLUMNS))
        resplit = pd.DataFrame([["P" if p in ("AA", "88") else "-"] * 10 for p in PAIRS],
                               index=list(PAIRS), columns=list(UP_COLUMNS))
        return cls.from_frames(rules, burn, hard, soft, resplit, name)

    def with_rules(self, rules: Rules) -> Chart:
        """The same cells under other rules (the expansion depends on the rules)."""
        return dataclasses.replace(self, rules=rules)

    def equals(self, other: Chart) -> bool:
        """Same rules, name and every cell (burn values bit for bit).

        >>> Chart.simple(Rules()).equals(Chart.simple(Rules(decks=2)))
        False
        """
        return (isinstance(other, Chart) and self.rules == other.rules
                and self.name == other.name
                and all(getattr(self, f).equals(getattr(other, f))
                        for f in ("burn_values", "hard", "soft", "resplit")))

    # -- expansion ------------------------------------------------------------------------------
    def burn_rank(self, up: int, cards: Sequence[int]) -> int:
        """The rank the chart burns from three player cards (rank indices) against ``up``.

        Keep the two cards whose hand has the highest value in the up card's column; on equal
        values burn the lowest rank (rank order A, 2, ..., T; as the exact engine breaks ties).

        >>> c = Chart.simple(Rules())
        >>> c.burn_rank(5, (9, 0, 4))     # T A 5 v 6: keep A-T (21), burn the 5
        4
        """
        col = UP_COLUMNS[UP_RANK.index(up)]
        best: tuple[float, int] | None = None
        for i in range(3):
            keep = [cards[k] for k in range(3) if k != i]
            v = float(self.burn_values.at[kept_hand_name(*keep), col])
            if best is None or v > best[0] or (v == best[0] and cards[i] < best[1]):
                best = (v, cards[i])
        assert best is not None
        return best[1]

    def _burn_table(self) -> np.ndarray:
        """burn[up, c1, c2, c3]: :meth:`burn_rank` of every ordered deal, all at once (the
        same comparison of the same float64 values, so the very ranks; the per-deal method
        costs a DataFrame lookup a kept hand, a second per expansion)."""
        value = np.empty((10, 10, 10))      # value[up, a, c] of keeping ranks a and c
        frame = self.burn_values
        rows = {name: i for i, name in enumerate(frame.index)}
        cols = frame.to_numpy(dtype=np.float64)
        for a in range(10):
            for c in range(10):
                row = cols[rows[kept_hand_name(a, c)]]
                for col, up in zip(UP_COLUMNS, UP_RANK):
                    value[up, a, c] = row[UP_COLUMNS.index(col)]
        c1, c2, c3 = np.meshgrid(np.arange(10), np.arange(10), np.arange(10), indexing="ij")
        cards = (c1, c2, c3)
        keep = ((c2, c3), (c1, c3), (c1, c2))      # burning card i keeps the other two
        out = np.empty((10, 10, 10, 10), dtype=np.int8)
        for up in range(10):
            best_v = value[up][keep[0]]
            best_b = c1.copy()
            for i in (1, 2):
                v = value[up][keep[i]]
                # higher value wins; on equal values the lower burned rank
                better = (v > best_v) | ((v == best_v) & (cards[i] < best_b))
                best_v = np.where(better, v, best_v)
                best_b = np.where(better, cards[i], best_b)
            out[up] = best_b
        return out

    def hand_letters(self) -> np.ndarray:
        """letters[up, h]: the chart's letter (index into :data:`ACTIONS`) for every hand of
        :func:`~twentyone_burn.tables.hand_table` against each up card (rank index).

        A hand's row is its best total and softness; hands with no row (one-card hands, which
        never take a decision) get :data:`MISSING_ROW_ACTION`.
        """
        t = hand_table()
        out = np.full((10, len(t.index)), ACTIONS.index(MISSING_ROW_ACTION), dtype=np.int8)
        code = {a: i for i, a in enumerate(ACTIONS)}
        for frame, soft in ((self.hard, 0), (self.soft, 1)):
            for total in frame.index:
                hands = np.nonzero((t.total == total) & (t.soft == soft) & (t.ncards >= 2))[0]
                for col, up in zip(UP_COLUMNS, UP_RANK):
                    out[up, hands] = code[frame.at[total, col]]
        return out

    def to_tables(self) -> DecisionTables:
        """Expand the chart into decision tables for its rules.

        - burn[up, c1, c2, c3]: :meth:`burn_rank` (keep the highest-valued two-card hand).
        - play[up, burned, h] and split_play[up, burned, pair, combo, h]: the letter of the
          row for the hand's best total and softness (a hand without a row - one card - stands),
          whatever the burned card and hidden combination. ``D`` doubles where the hand has two
          cards and ``rules.may_double(hard, soft, split_hand)`` allows it (split hands ask with
          split_hand=True), else hits; ``Ds`` doubles where allowed, else stands. Split aces that
          take one card (``split_aces_one_card``) stand whatever the chart says.
        - resplit[up, burned, pair, hands_in_play, hand_number, j, u]: the pair's cell is "P",
          fewer than ``max_hands`` hands are in play and the rules let that pair resplit.
        - split_kept[up, burned, pair]: True when the split is mandatory, else the pair's cell.

        >>> from twentyone_burn.tables import hand_table
        >>> t, ht = Chart.simple(Rules()).to_tables(), hand_table()
        >>> int(t.play[5, 0, ht.of((3, 5))]), int(t.play[5, 0, ht.of((1, 2, 5))])  # 4-6, 2-3-6
        (2, 1)
        """

        rules = self.rules
        tables = DecisionTables.empty(rules, self.name)
        letters = self.hand_letters()
        allowed_code = np.array([HIT, STAND, DOUBLE, DOUBLE], dtype=np.int8)
        fallback_code = np.array([HIT, STAND, HIT, STAND], dtype=np.int8)
        unsplit = np.where(double_allowed(rules, split_hands=False)[None, :],
                           allowed_code[letters], fallback_code[letters])
        split = np.where(double_allowed(rules, split_hands=True)[None, :],
                         allowed_code[letters], fallback_code[letters])
        m = rules.max_hands
        for up in range(10):
            col = UP_COLUMNS[UP_RANK.index(up)]
            tables.play[up, :, :] = unsplit[up]
            for p in range(10):
                if rules.one_card_split(p):
                    tables.split_play[up, :, p] = STAND
                else:
                    tables.split_play[up, :, p] = split[up]
                yes = self.resplit.at[PAIRS[p], col] == "P"
                tables.split_kept[up, :, p] = rules.must_split(p, p) or yes
                tables.resplit[up, :, p, :m] = yes and rules.may_resplit(p)
        tables.burn[:] = self._burn_table()
        assert hand_table().ncards.shape[0] == tables.play.shape[2]
        return tables


def _check_frame(attr: str, frame: Any, labels: Sequence) -> None:
    if not isinstance(frame, pd.DataFrame):
        raise ChartError(f"{attr} must be a DataFrame, not {type(frame).__name__}")
    if list(frame.columns) != list(UP_COLUMNS):
        raise ChartError(f"{attr} columns must be {', '.join(UP_COLUMNS)}; "
                         f"got {', '.join(map(str, frame.columns))}")
    if list(frame.index) != list(labels):
        raise ChartError(f"{attr} rows must be {labels[0]} ... {labels[-1]} in order "
                         "(Chart.from_frames reorders)")
