"""burn_rule: the short burn rule a person learns - its text grammar, parser, printer, expansion.

A burn rule is a ranked list of kept two-card hands, written as a few lines of text. The player
keeps the first hand on the list that two of the three cards make and burns the third; a kept
pair is split (the rule sheet's mandatory split). The rule *is* its text: :func:`parse_burn_rule`
turns the printed lines into a :class:`BurnRule`, which decides the burn of every (three cards,
up card), and :func:`burn_rule_tables` joins it with a chart's hit / stand / double / split
tables into the :class:`~twentyone_burn.tables.DecisionTables` that the exact engine values and
the simulator plays. Nothing is kept beside the text. The rule for the standard game is derived
by :mod:`twentyone_burn.charts.derive_burn_rule`.

The grammar, one instruction a line (``#`` starts a comment; blank lines are ignored; case and
spaces do not matter)::

    keep TERM, TERM, ...          the next hands of the ranking, best first, left to right
    v UPS: TERM before TERM       against these up cards, rank the first term's hands
    v UPS: TERM after TERM        just before (after) the second term's hands
    else burn the highest card    optional last line: what it says is always the rule

TERM names kept hands, as the chart writes them (high card first, T for any ten; two cards
2-9, T or A are a hand, so ``92`` is 9-2 and ``99`` the pair):

- ``11``, ``13-16``: hard totals 5-19 (no ace, not a pair); a range lists its totals in the
  order written, so ``16-13`` prefers 16;
- ``A7``, ``A2-A5``: an ace and another card (soft hands A2 ... A9, and AT = 21);
- ``88``, ``22-77``: pairs (always split);
- ``T2``, ``93``: one hard hand, when its cards matter (a total names all its hands).

UPS: up cards in the chart's order 2, 3, ..., 9, T, A: ``6``, ``2-6``, ``7-A``, ``T,A``,
``2-6,8``. The ranking against an up card is the ``keep`` lines in order (a hand takes the
place of its first mention), then every ``v`` line naming that up card, applied in order:
the first term's hands leave their places and go, in the term's own order, just before the
first (after the last) of the second term's hands. Hands the rule never ranks come last; among
them (and on any tie) the player burns the highest card, an ace counting 11, as the dealer does.

>>> r = parse_burn_rule('''
... keep AT, A9, AA, 11, 19, TT, 10
... v 6: TT before A9
... ''')
>>> r.burn_rank(4, (9, 9, 8))          # T T 9 against a 5: keep T9 (19), burn a ten
9
>>> r.burn_rank(5, (9, 9, 8))          # against a 6: keep TT (split), burn the 9
8
>>> r.burn_rank(9, (5, 6, 7))          # 6 7 8 against a ten: none ranked, burn the highest
7
>>> print(r.text(), end="")
keep AT, A9, AA, 11, 19, TT, 10
v 6: TT before A9
else burn the highest card (an ace counts 11)
"""

from __future__ import annotations

import dataclasses
import itertools
import re
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from ..notation import KEPT_HANDS, kept_hand_name, kept_kind, kept_ranks
from ..shoe import BURN_VALUES, RANK_INDEX
from ..tables import DecisionTables
from .model import UP_COLUMNS, UP_RANK, Chart, ChartError

__all__ = ["ELSE_LINE", "BurnRule", "BurnRuleError", "KeepLine", "Move", "Term",
           "burn_rule_tables", "parse_burn_rule", "parse_term", "read_burn_rule"]


#: the printed last line: the rule for hands the ranking does not reach (and for ties)
ELSE_LINE = "else burn the highest card (an ace counts 11)"
_ELSE_RE = re.compile(r"^else\s+burn\s+the\s+highest\s+card\b")
_HARD_TOTALS = range(5, 20)
_TERM_HELP = ("write a hard total 5-19 (11, 13-16), an ace and a card (A7, A2-A5), a pair "
              "(88, 22-77) or two cards (T2)")


class BurnRuleError(ChartError):
    """A burn rule that cannot be used; the message names the file, the line and the fix."""


def _hard_total_hands(total: int) -> tuple[str, ...]:
    return tuple(h for h in KEPT_HANDS if kept_kind(h) == "hard" and sum(
        r + 1 for r in kept_ranks(h)) == total)


@dataclass(frozen=True)
class Term:
    """Kept hands named by one term of a rule.

    text: the canonical text (``13-16``, ``A2-A5``, ``88``, ``T2``). groups: the hands in the
    term's order of preference, as groups of hands that two of three cards never both make
    (one hard total, one soft hand, one pair), so the order inside a group never matters.

    >>> parse_term("13-14").groups
    (('T3', '94', '85', '76'), ('T4', '95', '86'))
    """

    text: str
    groups: tuple[tuple[str, ...], ...]

    @property
    def hands(self) -> frozenset[str]:
        """Every hand the term names."""
        return frozenset(h for g in self.groups for h in g)


def parse_term(text: str) -> Term:
    """One term of a rule (see the module's grammar); ValueError says what is wrong.

    >>> parse_term("a2-a3").text, parse_term("ta").groups, parse_term("11").text
    ('A2-A3', (('AT',),), '11')
    >>> parse_term("20")
    Traceback (most recent call last):
    ...
    ValueError: '20' is not a hard total of two cards without an ace or a pair (5-19); \
write TT for the pair of tens, A9 for soft 20
    """
    t = re.sub(r"\s+", "", text).upper()
    if re.fullmatch(r"[A2-9T]{2}", t):
        h = _hand(t, text)
        return Term(h, ((h,),))
    m = re.fullmatch(r"([A2-9T]{2})-([A2-9T]{2})", t)
    if m:
        a, b = _hand(m[1], text), _hand(m[2], text)
        ka, kb = kept_kind(a), kept_kind(b)
        if "AA" in (a, b):
            raise ValueError(f"{text!r}: AA is not part of a range; list it alone")
        if ka != kb or ka == "hard":
            raise ValueError(f"{text!r}: a range of hands runs over aces with another card "
                             "(A2-A5) or over pairs (22-77); for other hands give hard totals "
                             "(13-16)")
        if a == b:
            raise ValueError(f"{text!r} is a range from a hand to itself; write {a}")
        ra = max(kept_ranks(a)) if ka == "soft" else kept_ranks(a)[0]
        rb = max(kept_ranks(b)) if ka == "soft" else kept_ranks(b)[0]
        step = 1 if rb > ra else -1
        names = [kept_hand_name(0, r) if ka == "soft" else kept_hand_name(r, r)
                 for r in range(ra, rb + step, step)]
        return Term(f"{a}-{b}", tuple((n,) for n in names))
    if re.fullmatch(r"\d+", t):
        return Term(str(int(t)), (_hard_group(t),))
    m = re.fullmatch(r"(\d+)-(\d+)", t)
    if m:
        lo, hi = int(m[1]), int(m[2])
        _hard_group(m[1]), _hard_group(m[2])
        if lo == hi:
            raise ValueError(f"{text!r} is a range from a total to itself; write {lo}")
        step = 1 if hi > lo else -1
        return Term(f"{lo}-{hi}", tuple(_hard_group(str(x)) for x in range(lo, hi + step, step)))
    raise ValueError(f"unknown term {text.strip()!r}; {_TERM_HELP}")


def _hand(t: str, text: str) -> str:
    if not re.fullmatch(r"[A2-9T]{2}", t):
        raise ValueError(f"unknown hand {t!r} in {text.strip()!r}; {_TERM_HELP}")
    return kept_hand_name(RANK_INDEX[t[0]], RANK_INDEX[t[1]])


def _hard_group(t: str) -> tuple[str, ...]:
    n = int(t)
    if n not in _HARD_TOTALS:
        hint = {4: "; write 22 for the pair of twos", 12: "", 20: "; write TT for the pair "
                "of tens, A9 for soft 20", 21: "; write AT for A-T"}.get(n, "")
        raise ValueError(f"{t!r} is not a hard total of two cards without an ace or a pair "
                         f"(5-19){hint}")
    return _hard_total_hands(n)


def _ups_text(ups: Sequence[int]) -> str:
    """Up cards (rank indices) as runs in the chart's column order: '2-6,8', 'T-A'."""
    cols = sorted(UP_RANK.index(u) for u in ups)
    runs: list[list[int]] = []
    for c in cols:
        if runs and c == runs[-1][-1] + 1:
            runs[-1].append(c)
        else:
            runs.append([c])
    return ",".join(UP_COLUMNS[r[0]] + ("" if len(r) == 1 else "-" + UP_COLUMNS[r[-1]])
                    for r in runs)


def _parse_ups(text: str) -> tuple[int, ...]:
    """'2-6,8' -> rank indices; ValueError names what is wrong."""
    cols: list[int] = []
    parts = [p for p in re.split(r"[,\s]+", text.strip().upper()) if p]
    if not parts:
        raise ValueError("no up cards after 'v'; write for example 'v 2-6: ...'")
    for part in parts:
        ends = part.split("-")
        names = [{"10": "T", "J": "T", "Q": "T", "K": "T", "1": "A"}.get(e, e) for e in ends]
        if len(ends) > 2 or any(n not in UP_COLUMNS for n in names):
            raise ValueError(f"up cards {part!r}: write cards of {', '.join(UP_COLUMNS)} "
                             "or runs in that order (2-6, 7-A)")
        i, j = UP_COLUMNS.index(names[0]), UP_COLUMNS.index(names[-1])
        if j < i:
            raise ValueError(f"up cards {part!r}: a run goes in the order "
                             f"{', '.join(UP_COLUMNS)} (write {names[-1]}-{names[0]})")
        cols.extend(range(i, j + 1))
    if len(set(cols)) != len(cols):
        raise ValueError(f"up cards {text.strip()!r} name a card twice")
    return tuple(sorted(UP_RANK[c] for c in cols))


@dataclass(frozen=True)
class KeepLine:
    """``keep T1, T2, ...``: the next terms of the ranking, best first."""

    terms: tuple[Term, ...]

    def text(self) -> str:
        """The line as printed."""
        return "keep " + ", ".join(t.text for t in self.terms)


@dataclass(frozen=True)
class Move:
    """``v UPS: X before Y`` (or ``after``): against those up cards, X's hands go just before
    the first (after the last) of Y's hands. ups: rank indices (0 = ace ... 9 = ten)."""

    ups: tuple[int, ...]
    hand: Term
    before: bool
    anchor: Term

    def text(self) -> str:
        """The line as printed."""
        return (f"v {_ups_text(self.ups)}: {self.hand.text} "
                f"{'before' if self.before else 'after'} {self.anchor.text}")


@dataclass(frozen=True)
class BurnRule:
    """A burn rule: its lines, in order (see the module's grammar), and a name for outputs.

    Use :func:`parse_burn_rule` (which checks every line) to make one from text.
    """

    lines: tuple[KeepLine | Move, ...]
    name: str = "short burn rule"

    def text(self, header: Sequence[str] = ()) -> str:
        """The printed rule: ``header`` lines as comments, the lines, the ``else`` line.

        >>> print(parse_burn_rule("keep 11, 10").text(header=["a header"]), end="")
        # a header
        keep 11, 10
        else burn the highest card (an ace counts 11)
        """
        out = [("# " + h).rstrip() for h in header]
        out += [line.text() for line in self.lines]
        out.append(ELSE_LINE)
        return "\n".join(out) + "\n"

    def prefix(self, n: int) -> BurnRule:
        """The rule of its first ``n`` lines (the ``else`` line always applies).

        >>> parse_burn_rule("keep 11\\nkeep 10").prefix(1).text().splitlines()[0]
        'keep 11'
        """
        return dataclasses.replace(self, lines=self.lines[:n],
                                   name=f"{self.name}, first {n} line{'s' * (n != 1)}")

    def ranking(self, up: int) -> tuple[tuple[str, ...], ...]:
        """The ranked groups of kept hands against an up card (rank index), best first.

        >>> parse_burn_rule("keep AT, 12\\nv 6: 12 before AT").ranking(5)
        (('T2', '93', '84', '75'), ('AT',))
        """
        return _ranking(self.lines, up)

    def place(self, up: int) -> dict[str, int]:
        """Each kept hand's place in the ranking against ``up`` (0 = best); hands the rule
        does not rank get the place after the last."""
        groups = self.ranking(up)
        out = {h: len(groups) for h in KEPT_HANDS}
        for i, g in enumerate(groups):
            for h in g:
                out[h] = i
        return out

    def burn_rank(self, up: int, cards: Sequence[int]) -> int:
        """The rank the rule burns from three player cards (rank indices) against ``up``.

        >>> parse_burn_rule("keep 11").burn_rank(5, (1, 8, 9))   # 2 9 T v 6: keep 92, burn T
        9
        """
        return _choose(self.place(up), cards)

    def burn_table(self) -> np.ndarray:
        """burn[up, c1, c2, c3]: the burned rank for every ordering of three ranks, as in
        :attr:`~twentyone_burn.tables.DecisionTables.burn`.

        >>> int(parse_burn_rule("keep 11").burn_table()[5, 9, 1, 8])
        9
        """
        out = np.zeros((10, 10, 10, 10), dtype=np.int8)
        for up in range(10):
            place = self.place(up)
            for cards in itertools.combinations_with_replacement(range(10), 3):
                b = _choose(place, cards)
                for perm in set(itertools.permutations(cards)):
                    out[up][perm] = b
        return out


def _choose(place: dict[str, int], cards: Sequence[int]) -> int:
    """The burned rank: keep the best-placed hand; on a tie burn the highest card (ace 11, the
    dealer's burn values)."""
    keys = []
    for i in range(3):
        a, c = (cards[k] for k in range(3) if k != i)
        keys.append((place[kept_hand_name(a, c)], -int(BURN_VALUES[cards[i]]), int(cards[i])))
    return min(keys)[2]


def _ranking(lines: Sequence[KeepLine | Move], up: int) -> tuple[tuple[str, ...], ...]:
    groups: list[tuple[str, ...]] = []
    placed: set[str] = set()
    for line in lines:
        if isinstance(line, KeepLine):
            for term in line.terms:
                for g in term.groups:
                    new = tuple(h for h in g if h not in placed)
                    if new:
                        groups.append(new)
                        placed.update(new)
    for line in lines:
        if isinstance(line, Move) and up in line.ups:
            groups = _apply_move(groups, line)
    return tuple(groups)


def _apply_move(groups: list[tuple[str, ...]], move: Move) -> list[tuple[str, ...]]:
    moved = move.hand.hands
    rest = [g2 for g2 in (tuple(h for h in g if h not in moved) for g in groups) if g2]
    at = [i for i, g in enumerate(rest) if move.anchor.hands.intersection(g)]
    if not at:
        raise ValueError(f"{move.anchor.text} is not ranked")
    k = at[0] if move.before else at[-1] + 1
    return rest[:k] + list(move.hand.groups) + rest[k:]


_MOVE_RE = re.compile(r"^(?:v|vs\.?|against)\s+(?P<ups>[^:]*):\s*(?P<x>.*?)\s+"
                      r"(?P<how>before|after)\s+(?P<y>.+)$", re.IGNORECASE)


def parse_burn_rule(text: str, source: str = "burn rule", name: str | None = None) -> BurnRule:
    """Parse a burn rule's text (see the module's grammar); a bad line raises
    :class:`BurnRuleError` naming ``source``, the line and what is wrong.

    >>> parse_burn_rule("keep AT, A9\\nkeep 11, 12-16").lines[1].text()
    'keep 11, 12-16'
    >>> parse_burn_rule("keep AT, A9\\nv 6: AT before 19", source="r.txt")
    Traceback (most recent call last):
    ...
    twentyone_burn.charts.burn_rule.BurnRuleError: r.txt, line 2: 19 is not ranked against 6: \
name a hand of a 'keep' line after 'before' / 'after'
    """
    lines: list[KeepLine | Move] = []
    seen: dict[str, int] = {}
    ended = 0
    for no, raw in enumerate(text.splitlines(), start=1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue

        def fail(what: str, no: int = no) -> BurnRuleError:
            return BurnRuleError(f"{source}, line {no}: {what}")

        if ended:
            raise fail(f"nothing may follow the 'else' line (line {ended})")
        low = re.sub(r"\s+", " ", line.lower())
        if low.startswith("else"):
            if not _ELSE_RE.match(low):
                raise fail(f"{line!r}: the last line can only be {ELSE_LINE!r}")
            ended = no
            continue
        if low.startswith("keep"):
            body = line[4:].strip()
            if not body:
                raise fail("'keep' names no hands; write for example 'keep AT, A9, 11'")
            terms = []
            for part in body.split(","):
                if not part.strip():
                    raise fail(f"an empty term in {body!r} (two commas, or one at an end)")
                try:
                    term = parse_term(part)
                except ValueError as e:
                    raise fail(str(e)) from None
                if term.hands <= seen.keys():
                    first = min(seen[h] for h in term.hands)
                    raise fail(f"{term.text} adds nothing: its hands are already ranked "
                               f"(line {first})")
                for h in term.hands:
                    seen.setdefault(h, no)
                terms.append(term)
            lines.append(KeepLine(tuple(terms)))
            continue
        m = _MOVE_RE.match(line)
        if m is None:
            raise fail(f"{line!r}: a line is 'keep HANDS', 'v UPS: HAND before HAND' "
                       f"(or after), or {ELSE_LINE!r}")
        try:
            ups = _parse_ups(m["ups"])
            x, y = parse_term(m["x"]), parse_term(m["y"])
        except ValueError as e:
            raise fail(str(e)) from None
        if x.hands & y.hands:
            raise fail(f"{x.text} and {y.text} share hands; a hand cannot move next to itself")
        move = Move(ups, x, m["how"].lower() == "before", y)
        for up in ups:
            try:
                _ranking([*lines, move], up)
            except ValueError:
                raise fail(f"{y.text} is not ranked against {UP_COLUMNS[UP_RANK.index(up)]}: "
                           "name a hand of a 'keep' line after 'before' / 'after'") from None
        lines.append(move)
    return BurnRule(tuple(lines), name if name is not None else "short burn rule")


def read_burn_rule(path: str | Path) -> BurnRule:
    """Read a burn-rule text file (``burn-rule.txt``); errors name the file and line.

    >>> read_burn_rule("/no/such/burn-rule.txt")
    Traceback (most recent call last):
    ...
    twentyone_burn.charts.burn_rule.BurnRuleError: /no/such/burn-rule.txt: no such burn-rule file
    """
    p = Path(path)
    if p.is_dir():
        p = p / "burn-rule.txt"
    try:
        data = p.read_bytes()
    except FileNotFoundError:
        raise BurnRuleError(f"{p}: no such burn-rule file") from None
    except OSError as e:
        raise BurnRuleError(f"{p}: cannot read ({e.strerror or e})") from None
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        raise BurnRuleError(f"{p}: not a UTF-8 text file ({e})") from None
    return parse_burn_rule(text, source=str(p), name=f"burn rule from {p}")


def burn_rule_tables(chart: Chart, rule: BurnRule | str) -> DecisionTables:
    """The complete strategy: the chart's play (hit / stand / double / split tables) with the
    burn decided by ``rule`` (a :class:`BurnRule`, or its text).

    >>> from twentyone_burn.rules import Rules
    >>> t = burn_rule_tables(Chart.simple(Rules(decks=None)), "keep 11, 10")
    >>> int(t.burn[5, 1, 8, 9]), t.name
    (9, 'simple illustrative chart, burning by the short burn rule')
    """
    if isinstance(rule, str):
        rule = parse_burn_rule(rule)
    tables = chart.to_tables()
    return dataclasses.replace(tables, burn=rule.burn_table(),
                               name=f"{chart.name}, burning by the {rule.name}")
