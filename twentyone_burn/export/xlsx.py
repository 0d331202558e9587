"""xlsx: the report as a workbook (openpyxl): numbers as numbers (16 significant digits, the
most openpyxl writes), shown with fixed digits; one sheet per part of the report, figures as
PNG images.

Every sheet starts with the line that identifies the report (game, version, rules hash, seed).

>>> number_format("probability")
'0.0000000000'
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from datetime import datetime
from typing import TYPE_CHECKING, Any

import pandas as pd
from openpyxl import Workbook
from openpyxl.drawing.image import Image
from openpyxl.styles import Alignment, Font, PatternFill
from openpyxl.utils import get_column_letter

from ..io import reproducible_zip

if TYPE_CHECKING:  # pragma: no cover
    from ..report.results import Report

__all__ = ["number_format", "render"]

_FORMATS = {
    "probability": "0.0000000000",
    "signed": "+0.0000000000;-0.0000000000;0.0000000000",
    "percent": "+0.0000%;-0.0000%;0.0000%",
    "count": "#,##0",
    "short": "0.0000",
}
_BOLD = Font(bold=True)
_TITLE = Font(bold=True, size=14)
_HEAD_FILL = PatternFill("solid", fgColor="F1F3F6")


def number_format(kind: str) -> str:
    """The Excel number format of a kind of figure (probability, signed, percent, ...)."""
    return _FORMATS[kind]


def _identity(report: Report) -> str:
    sim = report.simulation
    seed = ("" if sim is None else
            f" | simulation seed {sim.seed if sim.seed is not None else 'entropy'} "
            f"(entropy {sim.seed_entropy})")
    return (f"21 Burn house-edge report | twentyone-burn {report.version} | created "
            f"{report.created} | rules hash {report.rules_hash}{seed}")


def _sheet(wb: Workbook, title: str, report: Report, heading: str):
    ws = wb.create_sheet(title)
    ws["A1"] = _identity(report)
    ws["A1"].font = Font(italic=True, size=9, color="555F6D")
    ws["A2"] = heading
    ws["A2"].font = _TITLE
    return ws


def _table(ws, row: int, columns: Sequence[str], rows: Sequence[Sequence[Any]],
           formats: Sequence[str | None] = ()) -> int:
    """Write a header and rows from ``row``; returns the next free row (one blank after)."""
    for c, name in enumerate(columns, 1):
        cell = ws.cell(row, c, name)
        cell.font = _BOLD
        cell.fill = _HEAD_FILL
    for i, values in enumerate(rows, row + 1):
        for c, v in enumerate(values, 1):
            cell = ws.cell(i, c, v)
            fmt = formats[c - 1] if c - 1 < len(formats) else None
            if fmt and isinstance(v, (int, float)) and not isinstance(v, bool):
                cell.number_format = _FORMATS[fmt]
    return row + len(rows) + 2


def _frame(ws, row: int, df: pd.DataFrame, formats: dict[str, str] | None = None) -> int:
    formats = formats or {}
    rows = [[_value(v) for v in rec] for rec in df.itertuples(index=False)]
    return _table(ws, row, list(df.columns), rows, [formats.get(c) for c in df.columns])


def _value(v: Any) -> Any:
    if isinstance(v, dict):
        return ", ".join(f"{k} = {x}" for k, x in v.items())
    if hasattr(v, "item"):
        v = v.item()
    if isinstance(v, float) and v != v:
        return None
    return v


def _widths(ws, widths: Sequence[int]) -> None:
    for i, w in enumerate(widths, 1):
        ws.column_dimensions[get_column_letter(i)].width = w


def render(report: Report, figures_png: dict[str, bytes]) -> bytes:
    """The workbook's bytes; ``figures_png`` maps a figure key to PNG bytes."""
    r = report
    wb = Workbook()
    wb.remove(wb.active)
    when = datetime.fromisoformat(r.created).replace(tzinfo=None)
    wb.properties.created = when
    wb.properties.modified = when
    wb.properties.title = "21 Burn house-edge report"
    wb.properties.creator = f"twentyone-burn {r.version}"

    s, p = r.summary, r.probabilities
    ws = _sheet(wb, "Report", r, "21 Burn: house-edge report (par sheet)")
    row = _table(ws, 4, ["item", "value"], [
        ["created (UTC)", r.created], ["twentyone-burn version", r.version],
        ["rules hash (SHA-256)", r.rules_hash],
        ["rules (canonical JSON)", r.rules.canonical_json()],
        ["simulation seed", None if r.simulation is None else
         (r.simulation.seed if r.simulation.seed is not None else "none given")],
        ["simulation seed entropy", None if r.simulation is None
         else str(r.simulation.seed_entropy)],
    ])
    rows = [["expected return per initial wager (player)", s["expected_return"], "exact"],
            ["house edge per initial wager", s["house_edge"], "exact"],
            ["average total wager per round", s["average_total_wager"], "exact"],
            ["element of risk", s["element_of_risk"], "exact"],
            ["sum of the deal probabilities (check)", s["deal_probability_total"], "exact"]]
    rows += [[f"probability: {k}", v, "exact"] for k, v in p.items()]
    sim = r.simulation
    if sim is not None:
        f = sim.frequencies.set_index("result")
        rows += [["SD of the net result per round", sim.sd, sim.label],
                 ["SE of that SD", sim.sd_se, sim.label]]
        for k in ("win", "push", "loss"):
            rows += [[f"rounds: {k}", float(f.loc[k, "probability"]), sim.label],
                     [f"rounds: {k} (SE)", float(f.loc[k, "se"]), sim.label]]
        rows += [["expected return, simulated", sim.mean, sim.label],
                 ["expected return, simulated (SE)", sim.mean_se, sim.label]]
    row = _table(ws, row, ["figure", "value", "source"], rows,
                 [None, "signed", None])
    for label, text in (("Strategy", r.strategy), ("Post-split strategy",
                                                    r.post_split_strategy),
                        ("Rounding", r.rounding)):
        ws.cell(row, 1, label).font = _BOLD
        ws.cell(row, 2, text).alignment = Alignment(wrap_text=True, vertical="top")
        ws.row_dimensions[row].height = 15 * (len(text) // 90 + 1)
        row += 1
    _widths(ws, [48, 90, 40])

    ws = _sheet(wb, "Rules", r, "The rules")
    row = _table(ws, 4, ["option", "value"],
                 [[k, str(v) if isinstance(v, bool) else v] for k, v in r.rules.to_dict().items()])
    row = _table(ws, row, ["the rules in words"], [[w] for w in r.rules_words])
    row = _table(ws, row, ["rules file (TOML)"], [[line] for line in r.rules_toml.splitlines()])
    _widths(ws, [110, 20])

    if r.return_table is not None:
        ws = _sheet(wb, "Return table", r, "Return table (exact; split rows: expected hands "
                                           "per round)")
        t = r.return_table
        row = _frame(ws, 4, t, {"pays": "short", "probability": "probability",
                                "contribution": "signed"})
        ws.cell(row - 1, 1, "total").font = _BOLD
        c = ws.cell(row - 1, 5, float(t["contribution"].sum()))
        c.number_format = _FORMATS["signed"]
        c.font = _BOLD
        _widths(ws, [42, 16, 8, 16, 16])

    ws = _sheet(wb, "By up card", r, "Expected return by up card (exact)")
    _frame(ws, 4, r.burn["by_up"], {"probability": "probability", "ev": "signed",
                                    "contribution": "signed",
                                    "average_total_wager": "probability"})
    _widths(ws, [8, 16, 16, 16, 20])

    ws = _sheet(wb, "Dealer", r, "Dealer final totals by up card (exact; full shoe less the "
                                 "up card)")
    cols = ["17", "18", "19", "20", "21", "22", "23+", "bust"]
    row = _frame(ws, 4, r.dealer, {c: "probability" for c in cols})
    _frame(ws, row, r.dealer_overall, {c: "probability" for c in cols})
    _widths(ws, [6, 10] + [14] * len(cols))

    b = r.burn
    ws = _sheet(wb, "Burn", r, "The player's burn (exact)")
    row = _table(ws, 4, ["burn", "expected return / figure"],
                 [[k.replace("_", " "), v] for k, v in b["burn_value"].items()],
                 [None, "signed"])
    row = _frame(ws, row, b["burned"], {"probability": "probability"})
    m = b["burned_by_up"]
    row = _table(ws, row, ["up \\ burned"] + list(m.columns),
                 [[u] + [float(x) for x in vals] for u, vals in zip(m.index, m.to_numpy())],
                 [None] + ["probability"] * len(m.columns))
    row = _frame(ws, row, b["kept"], {"probability": "probability", "ev": "signed",
                                      "contribution": "signed"})
    _frame(ws, row, b["pairs"], {"probability": "probability", "split": "probability",
                                 "unavoidable": "probability", "ev": "signed",
                                 "contribution": "signed", "split_hands": "short",
                                 "split_hands_doubled": "short", "split_gain": "signed"})
    _widths(ws, [40, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16])

    if len(r.variations):
        ws = _sheet(wb, "Rule variations", r, "Effect of each rule (exact)")
        v = r.variations.copy()
        _frame(ws, 4, v, {"expected_return": "signed", "house_edge": "percent",
                          "element_of_risk": "percent", "average_total_wager": "probability",
                          "change": "signed"})
        _widths(ws, [12, 34, 30, 8, 66, 16, 12, 14, 18, 16])

    if sim is not None:
        ws = _sheet(wb, "Simulation", r, f"Per-round figures ({sim.label})")
        row = _table(ws, 4, ["item", "value"], [
            ["rounds", sim.rounds], ["seed", sim.seed], ["seed entropy", str(sim.seed_entropy)],
            ["chunk size", sim.chunk_size], ["dealing", sim.dealing],
            ["strategy", sim.strategy], ["strategy tables hash", sim.strategy_hash],
            ["SD per round", sim.sd], ["SE of the SD", sim.sd_se],
            ["expected return", sim.mean], ["SE", sim.mean_se],
            ["average total wager", sim.average_total_wager],
            ["SE", sim.average_total_wager_se], ["hands per round", sim.hands_per_round]],
            [None, "short"])
        row = _frame(ws, row, sim.frequencies, {"probability": "probability",
                                                "se": "probability"})
        _frame(ws, row, sim.net, {"probability": "probability", "se": "probability"})
        _widths(ws, [24, 70, 16])

    if r.verification is not None:
        v = r.verification
        ws = _sheet(wb, "Verification", r, f"Verification: {v['verdict']}")
        row = _table(ws, 4, ["item", "value"], [
            ["verdict", v["verdict"]], ["method", v["method"]], ["rounds", v["rounds"]],
            ["seed entropy", str(v["seed_entropy"])], ["chunk size", v["chunk_size"]],
            ["strategy tables hash", v["strategy_hash"]]])
        _table(ws, row, ["test", "kind", "statistic", "dof", "p-value", "threshold", "result"],
               [[c["name"], c["kind"], c["statistic"], c["dof"], c["p_value"],
                 c["threshold"], c["result"]] for c in v["checks"]],
               [None, None, "short", None, None, None, None])
        _widths(ws, [34, 90, 12, 6, 12, 12, 8])

    ws = _sheet(wb, "Deals", r, "Every deal (exact): probability, best burn, play and EV")
    _frame(ws, 4, r.deals, {"probability": "probability", "ev": "signed",
                            "ev_second": "signed", "wager": "short", "split_hands": "short",
                            "split_doubles": "short"})
    _widths(ws, [6, 8, 14, 6, 6, 6, 8, 16, 10, 12, 14, 8, 16])

    if figures_png:
        ws = _sheet(wb, "Figures", r, "Figures")
        row = 4
        for png in figures_png.values():
            img = Image(io.BytesIO(png))
            scale = 900 / img.width
            img.width, img.height = int(img.width * scale), int(img.height * scale)
            ws.add_image(img, f"A{row}")
            row += img.height // 20 + 3
    out = io.BytesIO()
    wb.save(out)
    return reproducible_zip(out.getvalue())   # SOURCE_DATE_EPOCH pins its times
