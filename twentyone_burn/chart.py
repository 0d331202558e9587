"""chart: the printable strategy chart - tables, CSV and xlsx files, and expansion to decisions.

A :class:`Chart` is what a player can carry to the table: a burn table (the value of keeping each
two-card hand against each up card; keep the two cards with the highest value, burn the third),
hard and soft total tables of actions, and a pair table saying which pairs are split again
(and, when the split of a kept pair is optional, split at all). :meth:`Chart.to_tables` expands
it into the :class:`~twentyone_burn.strategy.DecisionTables` that the exact engine values and
the simulator plays, so a chart's house edge is computed by the same engine as optimal play.

Letters: ``H`` hit, ``S`` stand, ``D`` double (hit when doubling is not allowed), ``Ds`` double
(stand when doubling is not allowed); pair table: ``P`` split / resplit, ``-`` do not.

Files: a folder of CSVs (``burn.csv``, ``hard.csv``, ``soft.csv``, ``resplit.csv``, plus
``rules.toml`` and ``chart.json``) and an xlsx workbook (sheets Burn, Hard, Soft, Resplit,
Rules, and Summary when the chart's value is known). Both read back to exactly the chart
written; a bad file raises :class:`ChartError` naming the file, sheet, cell and the problem.

>>> c = Chart.simple(Rules(decks=None))
>>> c.hard.loc[11, "6"], c.soft.loc[18, "T"], c.resplit.loc["88", "A"]
('D', 'S', 'P')
>>> t = c.to_tables()
>>> int(t.burn[5, 9, 9, 4])      # T T 5 against a 6: keep T-T (20), burn the 5
4
"""

from __future__ import annotations

import csv
import dataclasses
import io
import json
import math
import os
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Sequence

import numpy as np
import pandas as pd

from . import __version__
from .rules import Rules, RulesError

if TYPE_CHECKING:  # pragma: no cover
    from .analysis import Analysis
    from .strategy import DecisionTables

__all__ = ["ACTIONS", "SPLIT_MARKS", "UP_COLUMNS", "KEPT_HANDS", "PAIRS", "HARD_TOTALS",
           "SOFT_TOTALS", "Chart", "ChartError", "load_chart", "save_chart", "save_csv",
           "save_xlsx", "read_csv_dir", "read_xlsx", "kept_kind", "rules_summary"]

#: hit; stand; double else hit; double else stand
ACTIONS = ("H", "S", "D", "Ds")
#: pair table: split (or resplit) this pair; do not
SPLIT_MARKS = ("P", "-")
#: dealer up cards, in the order printed charts use (ace last)
UP_COLUMNS = ("2", "3", "4", "5", "6", "7", "8", "9", "T", "A")
LEGEND = {
    "H": "hit",
    "S": "stand",
    "D": "double if allowed, otherwise hit",
    "Ds": "double if allowed, otherwise stand",
    "P": "split this pair (again, when a split hand draws another)",
    "-": "do not split this pair",
}
_RANK_OF = {"A": 0, "2": 1, "3": 2, "4": 3, "5": 4, "6": 5, "7": 6, "8": 7, "9": 8, "T": 9}
_NAME_OF = {v: k for k, v in _RANK_OF.items()}
#: up-card column -> rank index (0 = ace ... 9 = ten)
UP_RANK = tuple(_RANK_OF[c] for c in UP_COLUMNS)
# Names are written high card first with the ace highest ("AT", "T9", "22"), as players say them.
_HIGH_FIRST = ("A", "T", "9", "8", "7", "6", "5", "4", "3", "2")
#: the 55 kept two-card hands, in the burn table's row order: AA, AT, ..., A2, TT, ..., 22
KEPT_HANDS = tuple(_HIGH_FIRST[i] + _HIGH_FIRST[j]
                   for i in range(10) for j in range(i, 10))
#: pair table rows, in rank order
PAIRS = tuple(r + r for r in ("A", "2", "3", "4", "5", "6", "7", "8", "9", "T"))
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

CSV_FILES = ("burn.csv", "hard.csv", "soft.csv", "resplit.csv")
SHEETS = ("Burn", "Hard", "Soft", "Resplit", "Rules", "Summary")
_HEADER_ROW = 3  # xlsx: title, subtitle, then the header row


class ChartError(ValueError):
    """A chart that cannot be used; the message names the file, sheet and cell, and the fix."""


def kept_kind(hand: str) -> str:
    """'pair', 'soft' (one ace) or 'hard' for a kept-hand name like "A7".

    >>> kept_kind("88"), kept_kind("A7"), kept_kind("T9")
    ('pair', 'soft', 'hard')
    """
    if hand[0] == hand[1]:
        return "pair"
    return "soft" if "A" in hand else "hard"


def kept_ranks(hand: str) -> tuple[int, int]:
    """The rank indices (ace = 0) of a kept-hand name, low index first.

    >>> kept_ranks("AT"), kept_ranks("95")
    ((0, 9), (4, 8))
    """
    a, c = _RANK_OF[hand[0]], _RANK_OF[hand[1]]
    return (a, c) if a <= c else (c, a)


def _kept_name(a: int, c: int) -> str:
    x, y = _NAME_OF[a], _NAME_OF[c]
    return x + y if _HIGH_FIRST.index(x) <= _HIGH_FIRST.index(y) else y + x


@dataclass(frozen=True, eq=False)
class Chart:
    """A printable strategy for one rules object.

    burn_values: rows :data:`KEPT_HANDS`, columns :data:`UP_COLUMNS`: the value of keeping that
        two-card hand against that up card (for a derived chart: its expected return per initial
        wager, averaged over the burned cards). The player keeps the hand with the highest value.
        Pairs (:func:`kept_kind` "pair") are split when the split is mandatory. Values are
        rounded to :data:`BURN_DECIMALS` decimals when the chart is made (at most
        :data:`BURN_LIMIT` in size), so CSV and xlsx files hold them exactly.
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
                    soft: pd.DataFrame, resplit: pd.DataFrame, name: str) -> "Chart":
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
                    burn_values: np.ndarray, name: str) -> "Chart":
        """A chart from arrays indexed by rank (0 = ace ... 9 = ten), as the derivation
        (:func:`twentyone_burn.strategy.derive_chart`) builds them.

        hard[up, total - 4], soft[up, total - 12]: indices into :data:`ACTIONS`;
        resplit[up, pair]: True for "P"; burn_values[up, a, c]: the value of keeping ranks a, c.

        >>> c = Chart.simple(Rules(decks=None))
        >>> Chart.from_arrays(c.rules, *c.to_arrays(), c.name).equals(c)
        True
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

    def to_arrays(self) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
        """(hard, soft, resplit, burn_values) as rank-indexed arrays (see :meth:`from_arrays`;
        burn_values is symmetric in its last two indices)."""
        code = {a: i for i, a in enumerate(ACTIONS)}
        hard = np.zeros((10, len(HARD_TOTALS)), dtype=np.int64)
        soft = np.zeros((10, len(SOFT_TOTALS)), dtype=np.int64)
        resplit = np.zeros((10, 10), dtype=np.bool_)
        burn = np.zeros((10, 10, 10))
        for col, up in zip(UP_COLUMNS, UP_RANK):
            hard[up] = [code[x] for x in self.hard[col]]
            soft[up] = [code[x] for x in self.soft[col]]
            resplit[up] = (self.resplit[col] == "P").to_numpy()
            for hand, v in self.burn_values[col].items():
                a, c = kept_ranks(hand)
                burn[up, a, c] = burn[up, c, a] = v
        return hard, soft, resplit, burn

    @classmethod
    def simple(cls, rules: Rules, name: str = "simple illustrative chart") -> "Chart":
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

    def with_rules(self, rules: Rules) -> "Chart":
        """The same cells under other rules (the expansion depends on the rules)."""
        return dataclasses.replace(self, rules=rules)

    def equals(self, other: "Chart") -> bool:
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
            v = float(self.burn_values.at[_kept_name(*keep), col])
            if best is None or v > best[0] or (v == best[0] and cards[i] < best[1]):
                best = (v, cards[i])
        assert best is not None
        return best[1]

    def hand_letters(self) -> np.ndarray:
        """letters[up, h]: the chart's letter (index into :data:`ACTIONS`) for every hand of
        :func:`~twentyone_burn.player.hand_table` against each up card (rank index).

        A hand's row is its best total and softness; hands with no row (one-card hands, which
        never take a decision) get :data:`MISSING_ROW_ACTION`.
        """
        from .player import hand_table
        t = hand_table()
        out = np.full((10, len(t.index)), ACTIONS.index(MISSING_ROW_ACTION), dtype=np.int8)
        code = {a: i for i, a in enumerate(ACTIONS)}
        for frame, soft in ((self.hard, 0), (self.soft, 1)):
            for total in frame.index:
                hands = np.nonzero((t.total == total) & (t.soft == soft) & (t.ncards >= 2))[0]
                for col, up in zip(UP_COLUMNS, UP_RANK):
                    out[up, hands] = code[frame.at[total, col]]
        return out

    def to_tables(self) -> "DecisionTables":
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

        >>> from twentyone_burn.player import hand_table
        >>> t, ht = Chart.simple(Rules()).to_tables(), hand_table()
        >>> int(t.play[5, 0, ht.of((3, 5))]), int(t.play[5, 0, ht.of((1, 2, 5))])  # 4-6, 2-3-6
        (2, 1)
        """
        from .player import DOUBLE, HIT, STAND, double_allowed, hand_table
        from .split import one_card_only
        from .strategy import DecisionTables

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
                if one_card_only(rules, p):
                    tables.split_play[up, :, p] = STAND
                else:
                    tables.split_play[up, :, p] = split[up]
                yes = self.resplit.at[PAIRS[p], col] == "P"
                tables.split_kept[up, :, p] = rules.mandatory_split or yes
                tables.resplit[up, :, p, :m] = yes and rules.may_resplit(p)
            for c1 in range(10):
                for c2 in range(c1, 10):
                    for c3 in range(c2, 10):
                        b = self.burn_rank(up, (c1, c2, c3))
                        for perm in {(c1, c2, c3), (c1, c3, c2), (c2, c1, c3),
                                     (c2, c3, c1), (c3, c1, c2), (c3, c2, c1)}:
                            tables.burn[up][perm] = b
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


# -- reading tables (shared by CSV and xlsx) -------------------------------------------------------
@dataclass(frozen=True)
class _Spec:
    """One table of a chart file: what its header says and how its cells parse."""

    table: str          # the Chart attribute
    label_header: str   # first header cell
    labels: tuple
    extra: tuple[str, ...] = ()

    def label(self, raw: Any) -> Any:
        text = _text(raw)
        if self.table in ("hard", "soft"):
            try:
                value = int(float(text)) if text and float(text).is_integer() else None
            except ValueError:
                value = None
            return value if value in self.labels else None
        text = text.upper()
        if self.table == "burn_values" and len(text) == 2 and text not in self.labels:
            text = text[::-1]  # "TA" is A-T: accept either order of the two cards
        return text if text in self.labels else None

    def cell(self, raw: Any) -> Any:
        """The parsed cell, or raise ValueError with what is wrong."""
        if self.table == "burn_values":
            if isinstance(raw, bool):
                raise ValueError(f"{raw!r} is not a number")
            if isinstance(raw, (int, float)):
                x = float(raw)
            else:
                try:
                    x = float(_text(raw))
                except ValueError:
                    raise ValueError(f"{_text(raw)!r} is not a number") from None
            if not math.isfinite(x):
                raise ValueError(f"{_text(raw)!r} is not a finite number")
            return x
        allowed = SPLIT_MARKS if self.table == "resplit" else ACTIONS
        text = _text(raw)
        for a in allowed:
            if text.upper() == a.upper():
                return a
        what = "mark" if self.table == "resplit" else "action"
        raise ValueError(f"unknown {what} {text!r}; expected one of {', '.join(allowed)}")


_SPECS = {
    "burn_values": _Spec("burn_values", "hand", KEPT_HANDS, ("kind",)),
    "hard": _Spec("hard", "hard", HARD_TOTALS),
    "soft": _Spec("soft", "soft", SOFT_TOTALS),
    "resplit": _Spec("resplit", "pair", PAIRS),
}
_CSV_OF = dict(zip(_SPECS, CSV_FILES))
_SHEET_OF = dict(zip(_SPECS, SHEETS))


def _text(raw: Any) -> str:
    return "" if raw is None else str(raw).strip()


def _col_letter(c: int) -> str:
    s = ""
    c += 1
    while c:
        c, rem = divmod(c - 1, 26)
        s = chr(65 + rem) + s
    return s


def _parse_table(rows: list[list[Any]], spec: _Spec,
                 where: Callable[[int, int], str]) -> pd.DataFrame:
    """Cells of one table from its rows (header first); ``where(r, c)`` names a cell."""
    header = [spec.label_header, *spec.extra, *UP_COLUMNS]
    first = len(spec.extra) + 1
    got = list(rows[0]) if rows else []
    for c, want in enumerate(header):
        have = _text(got[c]) if c < len(got) else ""
        if have.upper() != want.upper():
            what = "missing header" if not have else f"header {have!r}"
            raise ChartError(f"{where(0, c)}: {what}, expected {want!r} "
                             f"(the header row is {', '.join(header)})")
    cells: dict[Any, list[Any]] = {}
    seen: dict[Any, int] = {}
    for r in range(1, len(rows)):
        row = list(rows[r])
        if not any(_text(x) for x in row):
            continue
        label = spec.label(row[0] if row else None)
        if label is None:
            raise ChartError(f"{where(r, 0)}: unknown row {_text(row[0])!r}; rows are "
                             f"{spec.labels[0]} to {spec.labels[-1]}")
        if label in seen:
            raise ChartError(f"{where(r, 0)}: row {label!r} appears twice "
                             f"(first at {where(seen[label], 0)})")
        seen[label] = r
        if spec.extra:  # the kind column of the burn table, a reading aid checked for sense
            kind = _text(row[1]) if len(row) > 1 else ""
            if kind.lower() != kept_kind(label):
                raise ChartError(f"{where(r, 1)}: kind {kind!r} for {label}, expected "
                                 f"{kept_kind(label)!r}")
        values = []
        for k, col in enumerate(UP_COLUMNS):
            c = first + k
            raw = row[c] if c < len(row) else None
            if not _text(raw):
                raise ChartError(f"{where(r, c)}: missing cell (row {label}, up card {col})")
            try:
                values.append(spec.cell(raw))
            except ValueError as e:
                raise ChartError(f"{where(r, c)}: {e} (row {label}, up card {col})") from None
        extra = [x for x in row[first + len(UP_COLUMNS):] if _text(x)]
        if extra:
            raise ChartError(f"{where(r, first + len(UP_COLUMNS))}: unexpected cell "
                             f"{_text(extra[0])!r} right of the table (row {label})")
        cells[label] = values
    missing = [lab for lab in spec.labels if lab not in cells]
    if missing:
        raise ChartError(f"{where(len(rows), 0)}: missing row {missing[0]!r} "
                         f"({len(missing)} of {len(spec.labels)} rows missing)")
    return pd.DataFrame([cells[lab] for lab in spec.labels], index=list(spec.labels),
                        columns=list(UP_COLUMNS))


# -- CSV ------------------------------------------------------------------------------------------
def _fmt_value(x: float) -> str:
    # repr is the shortest text that reads back to the same float: exact and stable
    return repr(float(x))


def _csv_texts(chart: Chart) -> dict[str, str]:
    """The files of the CSV form of a chart, by name."""
    out = {}
    for attr, spec in _SPECS.items():
        frame = getattr(chart, attr)
        buf = io.StringIO()
        w = csv.writer(buf, lineterminator="\n")
        w.writerow([spec.label_header, *spec.extra, *UP_COLUMNS])
        for label, row in frame.iterrows():
            cells = [_fmt_value(x) for x in row] if attr == "burn_values" else list(row)
            w.writerow([label, *([kept_kind(label)] if spec.extra else []), *cells])
        out[_CSV_OF[attr]] = buf.getvalue()
    r = chart.rules
    out["rules.toml"] = r.to_toml() + f"# rules hash: {r.rules_hash}\n"
    out["chart.json"] = json.dumps({
        "name": chart.name, "rules_hash": r.rules_hash, "version": __version__,
        "legend": LEGEND,
    }, indent=2) + "\n"
    return out


def read_csv_dir(directory: str | Path, rules: Rules | None = None) -> Chart:
    """Read a chart folder written by :func:`save_csv` (``rules`` replaces rules.toml).

    >>> import tempfile
    >>> c = Chart.simple(Rules(decks=2))
    >>> with tempfile.TemporaryDirectory() as d:
    ...     _ = save_csv(c, d)
    ...     read_csv_dir(d).equals(c)
    True
    """
    d = Path(directory)
    if not d.is_dir():
        raise ChartError(f"{d}: no such chart folder")
    frames = {}
    for attr, spec in _SPECS.items():
        path = d / _CSV_OF[attr]
        try:
            with open(path, newline="", encoding="utf-8-sig") as f:
                rows = list(csv.reader(f))
        except OSError as e:
            raise ChartError(f"{path}: cannot read ({e.strerror or e})") from None
        except (UnicodeDecodeError, csv.Error) as e:
            raise ChartError(f"{path}: not a CSV text file ({e})") from None

        def where(r: int, c: int, path: Path = path, rows: list = rows) -> str:
            return f"{path}, cell {_col_letter(c)}{r + 1}"

        frames[attr] = _parse_table(rows, spec, where)
    if rules is None:
        toml = d / "rules.toml"
        if not toml.exists():
            raise ChartError(f"{toml}: missing (the chart's rules); write one or give --rules")
        try:
            rules = Rules.from_toml(toml)
        except RulesError as e:
            raise ChartError(str(e)) from None
    name = f"chart from {d}"
    meta = d / "chart.json"
    if meta.exists():
        try:
            name = str(json.loads(meta.read_text())["name"])
        except (ValueError, KeyError, TypeError, OSError) as e:
            raise ChartError(f"{meta}: not a chart description with a 'name' ({e})") from None
    return Chart.from_frames(rules, name=name, **frames)


# -- xlsx -----------------------------------------------------------------------------------------
FILLS = {"H": "F4CCCC", "S": "FFF2CC", "D": "B6D7A8", "Ds": "A2C4C9", "P": "B4A7D6",
         "-": "F3F3F3"}
_TITLES = {
    "burn_values": "Burn: keep the two cards with the highest value against the up card; "
                   "burn the third",
    "hard": "Hard totals: action by dealer up card",
    "soft": "Soft totals: action by dealer up card",
    "resplit": "Pairs: split again when a split hand draws another pair card",
}


def _rule_meanings() -> dict[str, str]:
    """Each option's meaning, from the Rules docstring (one source of truth)."""
    out = {}
    for line in (Rules.__doc__ or "").splitlines():
        key, sep, text = line.strip().partition(": ")
        if sep and key in {f.name for f in dataclasses.fields(Rules)}:
            out[key] = text.replace("``", "")
    return out


def _workbook(chart: Chart, optimal: "Analysis | None" = None,
              valued: "Analysis | None" = None):
    """The chart as an openpyxl workbook (Summary only when both analyses are given)."""
    from openpyxl import Workbook
    from openpyxl.formatting.rule import ColorScaleRule
    from openpyxl.styles import Alignment, Border, Font, PatternFill, Side
    from openpyxl.utils import get_column_letter

    r = chart.rules
    wb = Workbook()
    wb.remove(wb.active)
    bold = Font(bold=True)
    title_font = Font(bold=True, size=13)
    thin = Side(style="thin", color="999999")
    box = Border(left=thin, right=thin, top=thin, bottom=thin)
    centre = Alignment(horizontal="center", vertical="center")
    header_fill = PatternFill("solid", fgColor="D9D9D9")
    fills = {k: PatternFill("solid", fgColor=v) for k, v in FILLS.items()}
    subtitle = (f"{rules_summary(r)} | rules hash {r.rules_hash[:16]} | "
                f"twentyone-burn {__version__}")

    def page(ws, landscape: bool = False) -> None:
        ws.page_setup.orientation = "landscape" if landscape else "portrait"
        ws.page_setup.fitToWidth = 1
        ws.page_setup.fitToHeight = 1
        ws.sheet_properties.pageSetUpPr.fitToPage = True
        ws.print_options.horizontalCentered = True
        ws.page_margins.left = ws.page_margins.right = 0.4

    def legend(ws, col: int, letters: Sequence[str]) -> None:
        ws.cell(_HEADER_ROW, col, "Legend").font = bold
        for i, a in enumerate(letters, 1):
            c = ws.cell(_HEADER_ROW + i, col, a)
            c.fill, c.alignment, c.border, c.font = fills[a], centre, box, bold
            ws.cell(_HEADER_ROW + i, col + 1, LEGEND[a])
        ws.column_dimensions[get_column_letter(col)].width = 5
        ws.column_dimensions[get_column_letter(col + 1)].width = 48

    for attr, spec in _SPECS.items():
        frame = getattr(chart, attr)
        ws = wb.create_sheet(_SHEET_OF[attr])
        ws.cell(1, 1, _TITLES[attr]).font = title_font
        ws.cell(2, 1, subtitle).font = Font(italic=True, size=9)
        header = [spec.label_header, *spec.extra, *UP_COLUMNS]
        first = len(spec.extra) + 1
        for c, h in enumerate(header, 1):
            cell = ws.cell(_HEADER_ROW, c, h)
            cell.font, cell.alignment, cell.fill, cell.border = bold, centre, header_fill, box
        for i, (label, row) in enumerate(frame.iterrows(), _HEADER_ROW + 1):
            cell = ws.cell(i, 1, label)
            cell.font, cell.alignment, cell.fill, cell.border = bold, centre, header_fill, box
            if spec.extra:
                cell = ws.cell(i, 2, kept_kind(label))
                cell.alignment, cell.border = centre, box
                if kept_kind(label) == "pair":
                    cell.font = bold
            for k, x in enumerate(row):
                cell = ws.cell(i, first + 1 + k, float(x) if attr == "burn_values" else x)
                cell.alignment, cell.border = centre, box
                if attr == "burn_values":
                    cell.number_format = "+0.0000;-0.0000;0.0000"
                else:
                    cell.fill = fills[x]
        last_row = _HEADER_ROW + len(frame)
        last_col = first + len(UP_COLUMNS)
        ws.freeze_panes = ws.cell(_HEADER_ROW + 1, first + 1)
        ws.column_dimensions["A"].width = 8
        for c in range(2, last_col + 1):
            ws.column_dimensions[get_column_letter(c)].width = 8 if attr == "burn_values" else 5
        if attr == "burn_values":
            # one scale per up card: the player compares values within a column
            for k in range(len(UP_COLUMNS)):
                colr = get_column_letter(first + 1 + k)
                ws.conditional_formatting.add(
                    f"{colr}{_HEADER_ROW + 1}:{colr}{last_row}",
                    ColorScaleRule(start_type="min", start_color="F8696B",
                                   mid_type="percentile", mid_value=50, mid_color="FFEB84",
                                   end_type="max", end_color="63BE7B"))
            notes = ["Keep the two cards whose row has the highest value in the up card's "
                     "column; burn the third.",
                     "Value = expected return of keeping that hand, per initial wager.",
                     "pair: the kept pair is split" + (" (mandatory)." if r.mandatory_split
                                                       else " when Resplit says P."),
                     "Colours: red = low, green = high, within each column."]
            ws.cell(_HEADER_ROW, last_col + 2, "How to read").font = bold
            for i, text in enumerate(notes, 1):
                ws.cell(_HEADER_ROW + i, last_col + 2, text)
            ws.column_dimensions[get_column_letter(last_col + 2)].width = 60
        else:
            legend(ws, last_col + 2, SPLIT_MARKS if attr == "resplit" else ACTIONS)
            if attr == "resplit":
                ws.cell(_HEADER_ROW + 4, last_col + 2,
                        "Kept pairs: " + ("always split (mandatory)." if r.mandatory_split
                                          else "split when P."))
                if not r.resplit_aces:
                    ws.cell(_HEADER_ROW + 5, last_col + 2,
                            "Aces: the rules forbid resplitting aces; AA row is not used.")
            else:
                ws.cell(_HEADER_ROW + 6, last_col + 2,
                        "Split hands use these tables too" +
                        ("; split aces take one card." if r.split_aces_one_card else "."))
        ws.print_title_rows = f"{_HEADER_ROW}:{_HEADER_ROW}"
        page(ws, landscape=attr != "burn_values")

    ws = wb.create_sheet("Rules")
    ws.cell(1, 1, "Rules of the game this chart is for").font = title_font
    meanings = _rule_meanings()
    for c, h in enumerate(("option", "value", "meaning"), 1):
        cell = ws.cell(_HEADER_ROW, c, h)
        cell.font, cell.fill, cell.border = bold, header_fill, box
    row = _HEADER_ROW
    for key, value in r.to_dict().items():
        row += 1
        ws.cell(row, 1, key).border = box
        ws.cell(row, 2, value).border = box
        ws.cell(row, 3, meanings.get(key, "")).border = box
    row += 2
    for key, value in (("rules hash", r.rules_hash), ("version", __version__),
                       ("chart", chart.name)):
        ws.cell(row, 1, key).font = bold
        ws.cell(row, 2, value)
        row += 1
    ws.column_dimensions["A"].width = 22
    ws.column_dimensions["B"].width = 18
    ws.column_dimensions["C"].width = 80
    ws.freeze_panes = ws.cell(_HEADER_ROW + 1, 1)
    page(ws, landscape=True)

    if optimal is not None and valued is not None:
        _summary_sheet(wb.create_sheet("Summary"), chart, optimal, valued, fills, bold,
                       title_font, header_fill, box)
        page(wb["Summary"], landscape=True)
    return wb


def _summary_sheet(ws, chart: Chart, optimal: "Analysis", valued: "Analysis", fills, bold,
                   title_font, header_fill, box) -> None:
    from openpyxl.styles import Alignment
    r = chart.rules
    ws.cell(1, 1, "21 Burn: the value of this chart").font = title_font
    ws.cell(2, 1, f"chart: {chart.name}")
    ws.cell(3, 1, f"rules: {rules_summary(r)} | rules hash {r.rules_hash} | "
                  f"twentyone-burn {__version__}")
    top = 5
    for c, h in enumerate(("", "optimal play", "this chart"), 1):
        cell = ws.cell(top, c, h)
        cell.font, cell.fill, cell.border = bold, header_fill, box
    rows = [
        ("expected return (per initial wager)", optimal.expected_return, valued.expected_return),
        ("house edge", optimal.house_edge, valued.house_edge),
        ("element of risk", optimal.element_of_risk, valued.element_of_risk),
        ("average total wager", optimal.average_total_wager, valued.average_total_wager),
    ]
    row = top
    for label, a, b in rows:
        row += 1
        ws.cell(row, 1, label).border = box
        for c, x in ((2, a), (3, b)):
            cell = ws.cell(row, c, float(x))
            cell.number_format, cell.border = "+0.000000;-0.000000", box
    row += 1
    ws.cell(row, 1, "cost of the chart (optimal - chart expected return)").font = bold
    cell = ws.cell(row, 3, float(optimal.expected_return - valued.expected_return))
    cell.number_format = "0.000000"
    row += 2
    ws.cell(row, 1, "Letters").font = bold
    for a in (*ACTIONS, *SPLIT_MARKS):
        row += 1
        cell = ws.cell(row, 1, a)
        cell.fill, cell.font = fills[a], bold
        ws.cell(row, 2, LEGEND[a])
    row += 2
    wrap = Alignment(wrap_text=True, vertical="top")
    for label, text in (("strategy (optimal play)", optimal.strategy),
                        ("strategy (this chart)", valued.strategy)):
        ws.cell(row, 1, label).font = bold
        ws.merge_cells(start_row=row, start_column=2, end_row=row, end_column=6)
        cell = ws.cell(row, 2, text)
        cell.alignment = wrap
        ws.row_dimensions[row].height = 15 * (1 + len(text) // 70)
        row += 1
    ws.column_dimensions["A"].width = 48
    for c in "BCDEF":
        ws.column_dimensions[c].width = 16
    ws.freeze_panes = ws.cell(top + 1, 1)


def rules_summary(r: Rules) -> str:
    """The rules in a few words, for a chart's subtitle.

    >>> rules_summary(Rules())
    '6 decks, H17, double any 2 cards, DAS, split to 4 hands, no RSA, split aces 1 card'
    """
    parts = ["infinite deck" if r.decks is None else f"{r.decks} deck{'s' * (r.decks != 1)}",
             "H17" if r.hit_soft_17 else "S17",
             "double any 2 cards" if r.double_on == "any" else f"double {r.double_on}",
             "DAS" if r.double_after_split else "no DAS",
             f"split to {r.max_hands} hands", "RSA" if r.resplit_aces else "no RSA"]
    if r.split_aces_one_card:
        parts.append("split aces 1 card")
    if not r.mandatory_split:
        parts.append("optional split")
    if r.win_pays != 1.0 or r.commission:
        parts.append(f"wins pay {r.win_pays:g}" + (f" less {r.commission:g}" if r.commission
                                                    else ""))
    if r.dealer_22_pushes:
        parts.append("dealer 22 pushes")
    if r.ties_lose:
        parts.append("ties lose")
    return ", ".join(parts)


def _xlsx_bytes(chart: Chart, optimal: "Analysis | None" = None,
                valued: "Analysis | None" = None) -> bytes:
    buf = io.BytesIO()
    _workbook(chart, optimal, valued).save(buf)
    return buf.getvalue()


def read_xlsx(path: str | Path, rules: Rules | None = None) -> Chart:
    """Read a chart workbook written by :func:`save_xlsx` (``rules`` replaces its Rules sheet).

    >>> import tempfile
    >>> c = Chart.simple(Rules(decks=None))
    >>> with tempfile.TemporaryDirectory() as d:
    ...     _ = save_xlsx(c, Path(d) / "c.xlsx")
    ...     read_xlsx(Path(d) / "c.xlsx").equals(c)
    True
    """
    import zipfile

    from openpyxl import load_workbook
    from openpyxl.utils.exceptions import InvalidFileException

    p = Path(path)
    try:
        wb = load_workbook(p, read_only=True, data_only=True)
    except FileNotFoundError:
        raise ChartError(f"{p}: no such chart workbook") from None
    except (InvalidFileException, zipfile.BadZipFile, KeyError, OSError) as e:
        raise ChartError(f"{p}: not an xlsx workbook ({e})") from None
    try:
        frames = {}
        for attr, spec in _SPECS.items():
            sheet = _SHEET_OF[attr]
            if sheet not in wb.sheetnames:
                raise ChartError(f"{p}: sheet {sheet!r} missing "
                                 f"(sheets: {', '.join(wb.sheetnames)})")
            ws = wb[sheet]
            ws.reset_dimensions()  # some writers store a wrong used range; read every row
            width = len(spec.extra) + 1 + len(UP_COLUMNS)
            # only the table's columns: notes and the legend sit to its right
            rows = [list(v) for v in ws.iter_rows(min_row=_HEADER_ROW, max_col=width,
                                                  values_only=True)]

            def where(r: int, c: int, sheet: str = sheet) -> str:
                return f"{p}, sheet {sheet}, cell {_col_letter(c)}{_HEADER_ROW + r}"

            frames[attr] = _parse_table(rows, spec, where)
        name = f"chart from {p}"
        if "Rules" not in wb.sheetnames:
            if rules is None:
                raise ChartError(f"{p}: sheet 'Rules' missing; add it or give --rules")
        else:
            options, meta = _read_rules_sheet(wb["Rules"], p)
            name = str(meta.get("chart", name))
            if rules is None:
                try:
                    rules = Rules.from_dict(options)
                except (RulesError, TypeError) as e:
                    raise ChartError(f"{p}, sheet Rules: {e}") from None
    finally:
        wb.close()
    return Chart.from_frames(rules, name=name, **frames)


def _read_rules_sheet(ws, p: Path) -> tuple[dict[str, Any], dict[str, Any]]:
    """(options, meta) from the Rules sheet: option rows until the first empty one, then the
    rules hash, version and chart name."""
    options: dict[str, Any] = {}
    meta: dict[str, Any] = {}
    ws.reset_dimensions()
    rows = [(list(r) + [None, None])[:2]
            for r in ws.iter_rows(min_row=_HEADER_ROW, max_col=2, values_only=True)]
    if not rows or [_text(x).lower() for x in rows[0]] != ["option", "value"]:
        raise ChartError(f"{p}, sheet Rules, cell A{_HEADER_ROW}: header must be option, value")
    i = 1
    while i < len(rows) and _text(rows[i][0]):
        key, value = rows[i]
        options[_text(key)] = value
        i += 1
    for key, value in rows[i:]:
        if _text(key) in ("rules hash", "version", "chart"):
            meta[_text(key)] = value
    return options, meta


# -- writing and loading --------------------------------------------------------------------------
def _write_files(files: dict[Path, bytes]) -> list[Path]:
    """Write every file under a temporary name first, then rename them all into place, so a
    failure leaves no partial file behind (and no half-written workbook under the real name)."""
    temps: list[tuple[Path, Path]] = []
    mask = os.umask(0)  # mkstemp makes private files; give them the usual permissions
    os.umask(mask)
    try:
        for path, data in files.items():
            path.parent.mkdir(parents=True, exist_ok=True)
            fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
            temps.append((Path(tmp), path))
            os.fchmod(fd, 0o666 & ~mask)
            with os.fdopen(fd, "wb") as f:
                f.write(data)
        for tmp, path in temps:
            os.replace(tmp, path)
    finally:
        for tmp, _ in temps:
            if tmp.exists():
                tmp.unlink()
    return list(files)


def save_csv(chart: Chart, directory: str | Path) -> list[Path]:
    """Write the CSV form of the chart into a folder (created); returns the files written."""
    d = Path(directory)
    return _write_files({d / name: text.encode() for name, text in _csv_texts(chart).items()})


def save_xlsx(chart: Chart, path: str | Path, optimal: "Analysis | None" = None,
              valued: "Analysis | None" = None) -> Path:
    """Write the chart workbook; with ``optimal`` and ``valued`` (the analyses of optimal play
    and of the chart's tables) it gets a Summary sheet."""
    p = Path(path)
    _write_files({p: _xlsx_bytes(chart, optimal, valued)})
    return p


def chart_paths(out: str | Path) -> tuple[Path, Path]:
    """(workbook, CSV folder) for an output path: a path ending in .xlsx names the workbook and
    the CSVs go beside it; any other path is a folder that gets chart.xlsx and the CSVs.

    >>> [str(p) for p in chart_paths("tables") + chart_paths("x/my.xlsx")]
    ['tables/chart.xlsx', 'tables', 'x/my.xlsx', 'x']
    """
    p = Path(out)
    if p.suffix.lower() == ".xlsx":
        return p, p.parent
    return p / "chart.xlsx", p


def save_chart(chart: Chart, out: str | Path, optimal: "Analysis | None" = None,
               valued: "Analysis | None" = None) -> list[Path]:
    """Write the workbook and the CSVs beside it (see :func:`chart_paths`), all or nothing."""
    xlsx, folder = chart_paths(out)
    files = {folder / name: text.encode() for name, text in _csv_texts(chart).items()}
    files[xlsx] = _xlsx_bytes(chart, optimal, valued)
    return _write_files(files)


def load_chart(path: str | Path, rules: Rules | None = None) -> Chart:
    """Read a chart from a CSV folder, a folder holding chart.xlsx, or an .xlsx file.

    ``rules`` replaces the rules stored with the chart. A folder with both reads the CSVs
    (the diffable, authoritative form).

    >>> load_chart("/no/such/chart")
    Traceback (most recent call last):
    ...
    twentyone_burn.chart.ChartError: /no/such/chart: no such file or folder
    """
    p = Path(path)
    if p.is_dir():
        if (p / CSV_FILES[0]).exists():
            return read_csv_dir(p, rules)
        if (p / "chart.xlsx").exists():
            return read_xlsx(p / "chart.xlsx", rules)
        raise ChartError(f"{p}: neither chart CSVs ({', '.join(CSV_FILES)}) nor chart.xlsx here")
    if not p.exists():
        raise ChartError(f"{p}: no such file or folder")
    if p.suffix.lower() in (".xlsx", ".xlsm"):
        return read_xlsx(p, rules)
    raise ChartError(f"{p}: give a chart folder (CSV files) or an .xlsx workbook")
