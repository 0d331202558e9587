"""protection_pages: the protection report - a
:class:`~twentyone_burn.protection.results.ProtectionResults` as Markdown, one self-contained
HTML page, JSON (every number) and an xlsx workbook, with SVG figures (the ER by true count
with error bars; the true-count frequencies).

Nothing here computes a figure: each page lays out the results object's numbers (the sections
of :func:`sections` are the one layout every format shares). Every file carries the rules,
the rules hash, the version and - when anything was simulated - the seed and rounds.

>>> from twentyone_burn.rules import Rules
>>> from twentyone_burn.protection.results import ProtectionResults
>>> r = ProtectionResults(Rules(decks=1), None, None)
>>> markdown(r).splitlines()[0]
'# 21 Burn game protection report'
"""

from __future__ import annotations

import html
import io
import json
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from matplotlib import rc_context
from matplotlib.figure import Figure
from openpyxl import Workbook
from openpyxl.styles import Font

from ..io import reproducible_zip
from ..outputs import PROTECTION_FIGURES  # the command line checks them before any work
from ..shoe import RANKS, UP_ORDER
from .figures import _RC, BURN_COLOUR, _save

if TYPE_CHECKING:  # pragma: no cover - the results' modules import the engine; this reads them
    from ..protection.results import ProtectionResults

__all__ = ["FIGURES", "Section", "figures", "html_page", "json_text", "markdown",
           "provenance_lines", "sections", "workbook"]

#: the figure files the report writes (when the results hold a table by true count)
FIGURES = PROTECTION_FIGURES

#: ranks in the printed order (ace last, as the charts print them)
_ORDER = [RANKS.index(u) for u in UP_ORDER]


@dataclass(frozen=True)
class Section:
    """One table of the report: a title, a note (what the figures are), columns and rows."""

    title: str
    note: str
    columns: tuple[str, ...]
    rows: tuple[tuple[Any, ...], ...]


def _pct(x: float | None, digits: int = 4) -> str:
    return "-" if x is None else f"{100 * x:+.{digits}f}"


def _decks(n: int) -> str:
    return f"{n} deck" + ("" if n == 1 else "s")


def provenance_lines(r: ProtectionResults) -> list[str]:
    """The provenance every file carries: rules, rules hash, version, seed and rounds.

    >>> from twentyone_burn.rules import Rules
    >>> from twentyone_burn.protection.results import ProtectionResults
    >>> provenance_lines(ProtectionResults(Rules(decks=1), None, None))[2]
    'seed: none (nothing simulated)'
    """
    p = r.provenance()
    seed = "none (nothing simulated)" if p["seed"] is None else p["seed"]
    rounds = "none" if p["rounds"] is None else f"{p['rounds']:,}"
    return [f"rules: {r.rules.canonical_json()}",
            f"rules hash: {p['rules_hash']}   version: twentyone-burn {p['version']}",
            f"seed: {seed}", f"rounds simulated (per simulation): {rounds}"]


def _eor_section(r: ProtectionResults) -> Section | None:
    tables = [(n, t) for n, t in (("optimal", r.eor_optimal), ("chart", r.eor_chart))
              if t is not None]
    if not tables:
        return None
    rows: list[tuple[Any, ...]] = [(RANKS[k], *(_pct(t.eor[k]) for _, t in tables))
                                   for k in _ORDER]
    rows.append(("full-shoe ER", *(_pct(t.base) for _, t in tables)))
    rows.append(("sum rule", *(f"{100 * t.sum_rule:+.2e}" for _, t in tables)))
    return Section("Effects of removal (exact)",
                   "ER change in % per card of each rank removed from the full shoe; exact "
                   "(complete enumeration). optimal: re-optimised for every shoe; chart: the "
                   "rules' derived chart held fixed.",
                   ("rank", *(f"EoR % ({n})" for n, _ in tables)), tuple(rows))


def _count_sections(r: ProtectionResults) -> list[Section]:
    if not r.counts:
        return []
    names = list(r.counts)
    counts = list(next(iter(r.counts.values())))
    out = [Section("Betting correlations (exact)",
                   "Each field count's betting correlation with the exact EoRs above.",
                   ("count", *(f"BC ({n})" for n in names)),
                   tuple((c, *(f"{r.counts[n][c]:.3f}" for n in names)) for c in counts))]
    rows = []
    for n in names:
        for b in r.best.get(n, ()):
            tags = " ".join(f"{b.tags[k]:+d}" if b.tags[k] else "0" for k in _ORDER)
            rows.append((n, b.level, tags, f"{b.bc:.3f}"))
    if rows:
        out.append(Section("Best whole tags (exact)",
                           "The tags (of 2 3 4 5 6 7 8 9 T A) with the highest BC of each "
                           "level, by exhaustive search.",
                           ("strategy", "level", "tags", "BC"), tuple(rows)))
    return out


def _shoe_section(r: ProtectionResults) -> Section | None:
    t = r.shoe
    if t is None:
        return None
    rows = tuple((f"{tc:+d}", int(t.rounds[i]), f"{t.frequency[i]:.5f}", _pct(t.mean[i]),
                  f"{100 * t.standard_error[i]:.4f}") for i, tc in enumerate(t.true_counts))
    return Section("Shoe play by true count (simulated)",
                   f"{t.count} count, {_decks(t.decks)}, {100 * t.penetration:g} % penetration, "
                   f"the chart played; seed {t.seed}, {t.total_rounds:,} rounds. ER per "
                   "initial wager, +/- its standard error (SE).",
                   ("true count", "rounds", "frequency", "ER %", "SE %"), rows)


def _cut_section(r: ProtectionResults) -> Section | None:
    c = r.cut_card
    if c is None:
        return None
    rows = tuple((f"{x.penetration:g}", x.rounds, _pct(x.mean), f"{100 * x.standard_error:.4f}",
                  _pct(x.effect), f"{x.rounds_per_shoe:.2f}") for x in c.rows)
    return Section("Cut-card effect (simulated against exact)",
                   f"ER dealt to a cut card against the exact fresh-shoe ER "
                   f"{_pct(c.fresh)} %; seed {c.seed}. The effect's SE is the simulation's.",
                   ("penetration", "rounds", "ER %", "SE %", "effect %", "rounds per shoe"),
                   rows)


def _counter_section(r: ProtectionResults) -> Section | None:
    f = r.counter
    if f is None:
        return None
    se = f.standard_errors()

    def v(x: float | None, s: float | None, d: int) -> str:
        return "-" if x is None else f"{x:.{d}f}" + ("" if s is None else f" +/- {s:.{d}f}")
    rows = (("ramp (units by true count)", "-" if r.ramp is None else r.ramp.text),
            ("win a round (units)", v(f.win, se["win"], 4)),
            ("win per 100 rounds", v(f.win_per_100, se["win_per_100"], 2)),
            ("win an hour", v(f.win_per_hour, se["win_per_hour"], 2)),
            ("SD a round", v(f.sd, None, 3)),
            ("average bet (units)", v(f.average_bet, None, 3)),
            ("return of the average bet %",
             v(100 * f.initial_unit_return, 100 * (se["initial_unit_return"] or 0.0), 3)),
            ("N0 (rounds)", v(f.n0, se["n0"], 0)),
            ("SCORE", v(f.score, se["score"], 2)),
            ("verdict", r.verdict or "-"))
    return Section("A counter at the table (simulated)",
                   "From the table by true count above, every round played; each figure +/- "
                   "its standard error.", ("figure", "value"), rows)


def _exposure_section(r: ProtectionResults) -> Section | None:
    e = r.exposure
    if e is None:
        return None
    levels = e.to_dict()["levels"]
    assert isinstance(levels, dict)
    rows = tuple((text, _pct(e.value(lv)), _pct(e.gain(lv))) for lv, text in levels.items())
    return Section("Hole-card exposure (exact)",
                   "The player's exact ER (optimal play) when a concealed card is seen.",
                   ("what the player sees", "ER %", "gain %"), rows)


def sections(r: ProtectionResults) -> list[Section]:
    """The report's tables, in order; a part the results lack has no section.

    >>> from twentyone_burn.rules import Rules
    >>> from twentyone_burn.protection.results import ProtectionResults
    >>> sections(ProtectionResults(Rules(decks=1), None, None))
    []
    """
    parts = [_eor_section(r), *_count_sections(r), _shoe_section(r), _cut_section(r),
             _counter_section(r), _exposure_section(r)]
    return [s for s in parts if s is not None]


def _skipped(r: ProtectionResults) -> list[str]:
    missing = {"shoe": "shoe play, the cut-card effect and the counter (not simulated)",
               "exposure": "hole-card exposure (not computed)"}
    return [why for p, why in missing.items() if p not in r.parts]


def markdown(r: ProtectionResults) -> str:
    """The report as Markdown (GitHub tables), provenance first."""
    lines = ["# 21 Burn game protection report", "",
             *(f"- {x}" for x in provenance_lines(r)), ""]
    for why in _skipped(r):
        lines.append(f"- left out: {why}")
    for s in sections(r):
        lines += ["", f"## {s.title}", "", s.note, "",
                  "| " + " | ".join(s.columns) + " |",
                  "| " + " | ".join("---" for _ in s.columns) + " |"]
        lines += ["| " + " | ".join(str(c) for c in row) + " |" for row in s.rows]
    if r.shoe is not None:
        lines += ["", "## Figures", ""] + [f"![{n[:-4]}]({n})" for n in FIGURES]
    return "\n".join(lines) + "\n"


def html_page(r: ProtectionResults, svgs: dict[str, bytes] | None = None) -> str:
    """One self-contained HTML page (the SVG figures inline), provenance first."""
    e = html.escape
    body = ["<h1>21 Burn game protection report</h1>",
            "<ul class='provenance'>" + "".join(f"<li>{e(x)}</li>" for x in provenance_lines(r))
            + "".join(f"<li>left out: {e(w)}</li>" for w in _skipped(r)) + "</ul>"]
    for s in sections(r):
        head = "".join(f"<th>{e(c)}</th>" for c in s.columns)
        rows = "".join("<tr>" + "".join(f"<td>{e(str(c))}</td>" for c in row) + "</tr>"
                       for row in s.rows)
        body.append(f"<h2>{e(s.title)}</h2><p>{e(s.note)}</p><table><thead><tr>{head}</tr>"
                    f"</thead><tbody>{rows}</tbody></table>")
    for name, svg in (svgs or {}).items():
        text = svg.decode("utf-8")
        text = text[text.find("<svg"):]     # inline: no XML prolog inside the page
        body.append(f"<figure>{text}<figcaption>{e(name)}</figcaption></figure>")
    style = ("body{font-family:sans-serif;max-width:60em;margin:auto}table{border-collapse:"
             "collapse}td,th{border:1px solid #999;padding:2px 6px;text-align:right}"
             "td:first-child,th:first-child{text-align:left}"
             # the rules' JSON is one long word: wrapped anywhere, not past the page
             "li{overflow-wrap:anywhere}svg{max-width:100%;height:auto}")
    return ("<!DOCTYPE html>\n<html lang='en'><head><meta charset='utf-8'><title>21 Burn game "
            f"protection report</title><style>{style}</style></head><body>\n"
            + "\n".join(body) + "\n</body></html>\n")


def json_text(r: ProtectionResults) -> str:
    """Every number of the results as JSON (floats exactly, as ``repr`` writes them)."""
    return json.dumps(r.to_dict(), indent=1, sort_keys=False, default=str) + "\n"


def workbook(r: ProtectionResults) -> bytes:
    """An xlsx workbook: a provenance sheet, then one sheet per section (time stamps pinned
    by ``SOURCE_DATE_EPOCH`` when it is set)."""
    wb = Workbook()
    ws = wb.active
    assert ws is not None
    ws.title = "provenance"
    ws.append(["21 Burn game protection report"])
    ws["A1"].font = Font(bold=True)
    for x in provenance_lines(r) + [f"left out: {w}" for w in _skipped(r)]:
        ws.append([x])
    for k, s in enumerate(sections(r), 1):
        sh = wb.create_sheet(f"{k} {s.title.split(' (')[0]}"[:31])
        sh.append([s.title])
        sh["A1"].font = Font(bold=True)
        sh.append([s.note])
        sh.append([provenance_lines(r)[1]])
        sh.append(list(s.columns))
        for c in sh[4]:
            c.font = Font(bold=True)
        for row in s.rows:
            sh.append([row[0], *(_cell(c) for c in row[1:])])   # labels stay text
        sh.column_dimensions["A"].width = max(12, max(len(str(x[0])) for x in s.rows) + 2)
    out = io.BytesIO()
    wb.save(out)
    return reproducible_zip(out.getvalue())


def _cell(c: Any) -> Any:
    """A number stays a number in the workbook; "+0.1234" text becomes 0.1234."""
    if isinstance(c, (int, float)):
        return c
    try:
        return float(c)
    except ValueError:
        return c


def figures(r: ProtectionResults) -> dict[str, bytes]:
    """The SVG figures (:data:`FIGURES`) of the table by true count; none without one."""
    t = r.shoe
    if t is None:
        return {}
    prov = " | ".join(provenance_lines(r))
    tcs = list(t.true_counts)
    out = {}
    with rc_context(_RC):
        fig = Figure(figsize=(7, 3.6))
        ax = fig.subplots()
        ax.errorbar(tcs, 100 * t.mean, yerr=2 * 100 * t.standard_error, fmt="o",
                    color=BURN_COLOUR, capsize=3, ms=4)
        ax.axhline(0, color="#999", lw=0.8)
        ax.set_xlabel("true count before the round")
        ax.set_ylabel("player's ER % (+/- 2 SE)")
        ax.set_title(f"ER by true count: {t.count}, {_decks(t.decks)}, "
                     f"{100 * t.penetration:g} % penetration ({t.total_rounds:,} rounds)",
                     fontsize=9)
        out[FIGURES[0]] = _save(fig, "svg", prov)
        fig = Figure(figsize=(7, 3.2))
        ax = fig.subplots()
        ax.bar(tcs, 100 * t.frequency, color=BURN_COLOUR)
        ax.set_xlabel("true count before the round")
        ax.set_ylabel("share of rounds %")
        ax.set_title(f"True-count frequencies: {t.count}, seed {t.seed}", fontsize=9)
        out[FIGURES[1]] = _save(fig, "svg", prov)
    return out
