"""document: the report's pages as format-neutral sections (paragraphs, lists, tables, code,
figures) with every number formatted; the Markdown and HTML writers only render them.

Formatting is the one place figures are rounded (see the report's rounding policy).

>>> pct(0.0123456), prob(0.25), signed(0.5, 4)
('+1.2346%', '0.2500000000', '+0.5000')
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import numpy as np
import pandas as pd

if TYPE_CHECKING:  # pragma: no cover
    from ..report.results import Report

__all__ = ["FIGURE_KEYS", "amount", "build", "Bullets", "Code", "Document", "Figure", "figure_keys",
           "frame_records", "Para", "pct", "prob", "Section", "signed", "strategy_words", "Table",
           "with_se"]


# -- number formats ----------------------------------------------------------------------------
def prob(x: float, digits: int = 10) -> str:
    """A probability or a fraction of a wager, fixed digits."""
    return f"{x:.{digits}f}"


def signed(x: float, digits: int = 10) -> str:
    """A signed fraction, fixed digits."""
    return f"{x:+.{digits}f}"


def pct(x: float, digits: int = 4) -> str:
    """A fraction as a signed percentage."""
    return f"{100 * x:+.{digits}f}%"


def amount(x: float, digits: int = 4) -> str:
    """A fraction as a percentage, signed only when negative (a cost, an amount).

    >>> amount(0.000131), amount(-0.5, 1)
    ('0.0131%', '-50.0%')
    """
    return f"{100 * x:.{digits}f}%"


def with_se(x: float, se: float, digits: int = 6) -> str:
    """A simulated figure and its standard error."""
    return f"{x:.{digits}f} (SE {se:.{digits}f})"


# -- blocks ------------------------------------------------------------------------------------
@dataclass
class Para:
    """A paragraph; `code` and **bold** are the only markup."""

    text: str


@dataclass
class Bullets:
    """A bulleted list."""

    items: list[str]


@dataclass
class Code:
    """A preformatted block (the rules file)."""

    text: str
    language: str = ""


@dataclass
class Table:
    """A table of formatted cells; ``align`` has one letter (l or r) per column."""

    columns: list[str]
    rows: list[list[str]]
    align: str = ""
    caption: str = ""

    def alignment(self) -> str:
        """The alignment letters, numbers right-aligned by default."""
        return self.align or "l" + "r" * (len(self.columns) - 1)


@dataclass
class Figure:
    """A figure by key (``dealer-bust``, ``net-result``, ``variations``) and its caption."""

    key: str
    caption: str


@dataclass
class Section:
    """A titled section of blocks."""

    title: str
    anchor: str
    blocks: list[Any] = field(default_factory=list)


@dataclass
class Document:
    """The whole report: title, the identifying facts and the sections."""

    title: str
    meta: list[tuple[str, str]]
    sections: list[Section]


FIGURE_KEYS = ("dealer-bust", "net-result", "variations")


def figure_keys(report: Report) -> list[str]:
    """The figures this report has (the net result needs a simulation, the rule effects need
    variations)."""
    keys = ["dealer-bust"]
    if report.simulation is not None:
        keys.append("net-result")
    if len(report.variations) and (~report.variations["is_base"]).any():
        keys.append("variations")
    return keys


def _seed_text(report: Report) -> str:
    s = report.simulation
    if s is None:
        return "no simulation"
    if s.seed is None:
        return f"none given (entropy {s.seed_entropy})"
    return str(s.seed)


def build(report: Report) -> Document:
    """The report as sections of formatted blocks.

    >>> from twentyone_burn.report import build_report
    >>> from twentyone_burn.rules import Rules
    >>> doc = build(build_report(Rules(decks=None), variations=[], with_return_table=False,
    ...                          sim_rounds=0))
    >>> [s.anchor for s in doc.sections][:3]
    ['rules', 'strategy', 'headline']
    """
    r = report
    s = r.summary
    meta = [("game", "21 Burn"), ("created (UTC)", r.created),
            ("twentyone-burn version", r.version), ("rules hash (SHA-256)", f"`{r.rules_hash}`"),
            ("simulation seed", _seed_text(r))]
    sections = [_rules(r), _strategy(r), _headline(r)]
    if r.return_table is not None:
        sections.append(_return_table(r))
    if r.simulation is not None:
        sections.append(_net(r))
    sections += [_by_up(r), _dealer(r), _burn(r)]
    if len(r.variations):
        sections.append(_variations(r))
    if r.verification is not None:
        sections.append(_verification(r))
    sections.append(_reproduce(r))
    edge = s["house_edge"]
    lead = (f"Under these rules the house edge is **{pct(edge)}** of the initial wager (the "
            f"player's expected return is {pct(s['expected_return'])}), exact for "
            f"{strategy_words(r)}.")
    ref = r.reference
    if ref is not None:
        lead += (f" Optimal composition-dependent play, the reference, gives a house edge of "
                 f"{pct(ref['house_edge'])}: the strategy costs the player "
                 f"{amount(ref['cost'])} of a wager.")
    if edge < 0:
        lead += " These rules favour the player (a negative house edge)."
    sections[0].blocks.insert(0, Para(lead))
    return Document("21 Burn: house-edge report (par sheet)", meta, sections)


def strategy_words(r: Report) -> str:
    """The report's strategy in a few words (the lead sentence, the headline's source column).

    >>> from types import SimpleNamespace as NS
    >>> strategy_words(NS(strategy_kind="given", strategy_source="my-chart"))
    'the strategy of `my-chart`'
    """
    return {"optimal": "optimal play", "chart": "the printed strategy chart",
            "given": f"the strategy of `{r.strategy_source}`"}[r.strategy_kind]


def _rules(r: Report) -> Section:
    return Section("The rules", "rules", [
        Bullets(r.rules_words),
        Para(f"As a rules file (`twentyone-burn report --rules FILE`); rules hash "
             f"`{r.rules_hash}`:"),
        Code(r.rules_toml, "toml"),
    ])


_CHART_WORDS = (
    "The printed total-dependent strategy chart derived for these rules, as `twentyone-burn "
    "chart` writes it (`strategy_tables/chart.xlsx` for the standard rules): the burn by the "
    "chart's kept-hand values, hit / stand / double by the player's total and the up card, "
    "resplits by the chart's resplit table; each cell is the best letter over the compositions "
    "that reach it under the chart, iterated to a fixed point (`docs/charts.md`).")


def _strategy(r: Report) -> Section:
    ref = r.reference
    if ref is None:
        # the engine's strategy statement ends with the post-split strategy: state it once
        head = r.strategy.replace(r.post_split_strategy, "").strip()
        blocks = [Para(f"**Strategy every exact figure holds for.** {head}"),
                  Para(f"**Post-split strategy.** {r.post_split_strategy}")]
    else:
        what = _CHART_WORDS if r.strategy_kind == "chart" else (
            f"The strategy read from `{r.strategy_source}`: {r.strategy}.")
        blocks = [
            Para(f"**Strategy every exact figure holds for.** {what} Split hands play the "
                 f"same tables (a split hand's total, the up card), valued card by card. "
                 f"Strategy tables hash `{r.strategy_hash}`."),
            Para(f"**Reference: optimal play.** Expected return {pct(ref['expected_return'])} "
                 f"(house edge {pct(ref['house_edge'])}), exact: {ref['strategy']} The "
                 f"strategy's cost, optimal play's expected return less the strategy's, is "
                 f"{amount(ref['cost'], 6)} of the initial wager."),
        ]
        if r.strategy_kind == "given" and "chart_expected_return" in ref:
            blocks.append(Para(
                f"**Reference: the chart.** The chart derived for these rules gives an "
                f"expected return of {pct(ref['chart_expected_return'])}; the rule-variation "
                f"table gives each variation's own derived chart."))
    return Section("Strategy, method and rounding", "strategy", [
        *blocks,
        Para("**Exact and simulated figures.** Every figure not marked simulated comes from "
             "the exact combinatorial engine: all 2,200 deals (220 three-card rank multisets "
             "x 10 up cards), each weighted by its exact probability, with the dealer, the "
             "player's hands and the splits enumerated card by card on the finite shoe. The "
             "standard deviation per round, the win / push / loss frequencies of a round and "
             "the distribution of its net result come from the simulator (split hands are "
             "correlated through the dealer), and are labelled with their rounds, seed and "
             "standard errors."),
        Para(f"**Rounding.** {r.rounding}"),
        Para("All figures are per round. Expected returns, house edges, contributions and "
             "costs are percentages of the initial wager (the JSON file keeps them as "
             "fractions); probabilities and wagers are plain numbers. The expected return is "
             "the player's, the house edge its negative."),
    ])


def _headline(r: Report) -> Section:
    s, p = r.summary, r.probabilities
    split_key = "forced_split" if "forced_split" in p else "split"
    rows = [
        ["expected return per initial wager (player)",
         f"{signed(s['expected_return'])} ({pct(s['expected_return'])})", "exact"],
        ["house edge per initial wager",
         f"{signed(s['house_edge'])} ({pct(s['house_edge'])})", "exact"],
        ["average total wager per round (initial wagers)", prob(s["average_total_wager"]),
         "exact: initial + split + double wagers"],
        ["element of risk (house edge / average total wager)",
         f"{signed(s['element_of_risk'])} ({pct(s['element_of_risk'])})", "exact"],
    ]
    ref = r.reference
    if ref is not None:
        rows += [
            ["expected return under optimal play (the reference)",
             f"{signed(ref['expected_return'])} ({pct(ref['expected_return'])})",
             "exact, optimal composition-dependent play"],
            ["cost of the strategy (optimal less the strategy's expected return)",
             f"{signed(ref['cost'])} ({amount(ref['cost'], 6)})", "exact"],
        ]
    rows += [
        ["rounds with a split" if split_key == "split" else "rounds with a (forced) split",
         prob(p[split_key]), "exact"],
        ["rounds whose kept hand doubles", prob(p["double"]), "exact"],
        ["split hands per round (expected)", prob(p["split_hands_per_round"]), "exact"],
        ["doubled split hands per round (expected)",
         prob(p["split_hands_doubled_per_round"]), "exact"],
    ]
    sim = r.simulation
    if sim is not None:
        f = sim.frequencies.set_index("result")
        rows += [
            ["standard deviation of the net result per round", with_se(sim.sd, sim.sd_se),
             sim.label],
            ["rounds won (net result > 0)", with_se(f.loc["win", "probability"],
                                                   f.loc["win", "se"]), sim.label],
            ["rounds pushed (net result 0)", with_se(f.loc["push", "probability"],
                                                    f.loc["push", "se"]), sim.label],
            ["rounds lost (net result < 0)", with_se(f.loc["loss", "probability"],
                                                    f.loc["loss", "se"]), sim.label],
            ["expected return, as simulated (a check)",
             f"{pct(sim.mean)} (SE {amount(sim.mean_se)})", sim.label],
            ["average total wager, as simulated (a check)",
             with_se(sim.average_total_wager, sim.average_total_wager_se), sim.label],
        ]
    else:
        rows.append(["standard deviation, win / push / loss", "not simulated",
                     "run the report with simulation rounds above 0"])
    return Section("Headline figures", "headline",
                   [Table(["figure", "value", "source"], rows, "lrl")])


def _return_table(r: Report) -> Section:
    t = r.return_table
    assert t is not None   # the section is built only for a report with a return table
    rows = [[h, e, f"{pays:+g}", prob(pr), pct(c, 8)]
            for h, e, pays, pr, c in t[["hands", "event", "pays", "probability",
                                        "contribution"]].itertuples(index=False)]
    total = float(t["contribution"].sum())
    rows.append(["**total**", "", "", "", f"**{pct(total, 8)}**"])
    return Section("Return table (test-lab layout)", "return-table", [
        Para("Exact. Unsplit rounds: the probability that the kept hand wins, pushes or loses, "
             "doubled or not. Split rounds: the expected number of split hands per round with "
             "each result (a round can hold up to "
             f"{r.rules.max_hands} split hands, so these are counts, not probabilities). "
             "Pays is the net result of the event in initial wagers; contribution = pays x "
             "probability, in percent of the initial wager. The contributions add up to the "
             f"expected return of {strategy_words(r)} ({pct(r.summary['expected_return'], 8)}; "
             f"difference {total - r.summary['expected_return']:.1e} of a wager)."),
        Table(["hands", "event", "pays", "probability", "contribution"], rows, "llrrr"),
    ])


def _net(r: Report) -> Section:
    sim = r.simulation
    assert sim is not None   # the section is built only for a report with a simulation
    rows = [[f"{v:+g}" if v else "0", prob(pr, 8), prob(se, 8)]
            for v, pr, se in sim.net[["net", "probability", "se"]].itertuples(index=False)]
    return Section("Net result per round (simulated)", "net-result", [
        Para(f"{sim.label[0].upper()}{sim.label[1:]}: chunk size {sim.chunk_size:,}, seed "
             f"entropy {sim.seed_entropy}, {sim.dealing}, strategy: {sim.strategy} (tables "
             f"hash `{sim.strategy_hash}`). A round's net result is its total win "
             "less its total loss over every hand, in initial wagers."),
        Table(["net result", "probability", "SE"], rows, "rrr"),
        Figure("net-result", f"Net result per round ({sim.label})."),
    ])


def _by_up(r: Report) -> Section:
    t = r.burn["by_up"]
    rows = [[u, prob(pu, 6), pct(ev), pct(c), prob(w, 6)]
            for u, pu, ev, c, w in t[["up", "probability", "ev", "contribution",
                                      "average_total_wager"]].itertuples(index=False)]
    rows.append(["**all**", prob(float(t["probability"].sum()), 6), "",
                 f"**{pct(float(t['contribution'].sum()))}**",
                 prob(r.summary["average_total_wager"], 6)])
    return Section("Expected return by up card", "by-up", [
        Para("Exact: the probability of each up card, the player's expected return given it, "
             "its contribution to the expected return and the average total wager given it."),
        Table(["up card", "probability", "expected return", "contribution",
               "average total wager"], rows),
    ])


_DEALER_WORDS = {
    "highest": "The 21 Burn dealer takes two concealed cards, burns the highest of its three "
               "(ace = 11, the up card included) and draws to the two it keeps",
    "lowest": "The 21 Burn dealer of these rules takes two concealed cards, burns the lowest of "
              "its three (ace = 11, the up card included) and draws to the two it keeps",
    "none": "The 21 Burn dealer of these rules takes one concealed card and burns nothing, as "
            "an ordinary dealer does",
}


def _dealer(r: Report) -> Section:
    d = r.dealer
    cols = ["17", "18", "19", "20", "21", "22", "23+", "bust"]
    rows = [[u, name] + [prob(x, 6) for x in vals]
            for u, name, *vals in d[["up", "dealer"] + cols].itertuples(index=False)]
    rows += [["**all**", f"**{name}**"] + [prob(x, 6) for x in vals]
             for name, *vals in r.dealer_overall[["dealer"] + cols].itertuples(index=False)]
    b = d.set_index(["dealer", "up"])["bust"]
    ups = list(dict.fromkeys(d["up"]))
    more = [u for u in ups if b["21 Burn", u] > b["ordinary", u]]
    less = [u for u in ups if b["21 Burn", u] < b["ordinary", u]]
    o = r.dealer_overall.set_index("dealer")["bust"]
    compare = (f"Over all up cards the 21 Burn dealer busts {100 * o['21 Burn']:.4f}% of the "
               f"time against {100 * o['ordinary']:.4f}% for an ordinary dealer")
    if more and less:
        compare += (f"; it busts more often against {', '.join(more)} and less often against "
                    f"{', '.join(less)}")
    return Section("Dealer final totals by up card", "dealer", [
        Para("Exact, for the full shoe less the up card. " + _DEALER_WORDS[r.rules.dealer_burn]
             + "; an ordinary dealer takes one hole card and burns nothing. "
             "Both follow the rules' soft-17 rule. " + compare + ". 22 and 23+ are shown apart "
             "(bust = 22 + 23+) for the dealer-22-pushes rule; the rows 'all' weight each up "
             "card by its probability."),
        Table(["up", "dealer"] + cols, rows, "ll" + "r" * len(cols)),
        Figure("dealer-bust", "Dealer bust rate by up card: the 21 Burn dealer against an "
                              "ordinary two-card dealer (exact)."),
    ])


def _burn(r: Report) -> Section:
    b = r.burn
    bv = b["burn_value"]
    best = ("the best burn (the report's strategy)" if r.reference is None else
            "the strategy's burn")
    value = Table(["burn", "expected return"], [
        [best, pct(bv["best_burn"])],
        ["a random burn (each card with chance 1/3)", pct(bv["random_burn"])],
        ["the worst burn", pct(bv["worst_burn"])],
    ], "lr")
    burned = Table(["burned rank", "probability"],
                   [[k, prob(v)] for k, v in b["burned"].itertuples(index=False)], "lr")
    m = b["burned_by_up"]
    by_up = Table(["up \\ burned"] + list(m.columns),
                  [[u] + [prob(x, 4) for x in row] for u, row in zip(m.index, m.to_numpy())])
    kept = Table(["kept hand", "first action", "probability", "EV given it", "contribution"],
                 [[k if a == "all" else "", "all" if a == "all" else a, prob(p_),
                   pct(ev), pct(c)]
                  for k, a, p_, ev, c in b["kept"][["kept", "action", "probability", "ev",
                                                    "contribution"]].itertuples(index=False)],
                 "llrrr")
    pr = b["pairs"]
    split_word = "forced split" if r.rules.mandatory_split else "split"
    pairs = Table(["pair", "kept", split_word, "unavoidable", "EV given it", "contribution",
                   "split hands", "doubled split hands", "split gain"],
                  [[row.pair, prob(row.probability, 6), prob(row.split, 6),
                    prob(row.unavoidable, 6), pct(row.ev), pct(row.contribution),
                    f"{row.split_hands:.4f}", f"{row.split_hands_doubled:.4f}",
                    pct(row.split_gain)] for row in pr.itertuples(index=False)])
    if r.reference is None:
        gain = (f"the best burn is worth {pct(bv['gain_over_second_best'])} of a wager per "
                "round over the second-best one")
        after = "every hand after the burn played optimally"
    else:
        gain = (f"the strategy's burn is worth {pct(bv['gain_over_second_best'])} of a wager "
                "per round over the best other one")
        after = "every hand after the burn played by the strategy"
    return Section("The player's burn", "burn", [
        Para(f"Exact. The burn is a real choice (two or more distinct ranks) in "
             f"{100 * bv['chance_of_a_choice']:.4f}% of rounds; {gain}. Expected return with "
             f"each way of burning, {after}:"),
        value,
        Para("Which rank the player burns (all rounds), and given each up card:"),
        burned, by_up,
        Para("The kept hand: its kind, the first action on it, the probability, the expected "
             "return of the round given that and its contribution (rows with a kind are the "
             "kind's totals):"),
        kept,
        Para(f"Kept pairs by rank: how often the round keeps the pair, how often it is split "
             f"({'always, the split being mandatory' if r.rules.mandatory_split else 'by choice'}"
             f"), how often it could not be avoided (all three cards of one value), the "
             f"expected return of the round given it, the expected number of split hands and "
             f"of doubled split hands given a split, and the split gain: the EV of splitting "
             f"minus the best EV of playing the pair as one hand, with the same burn (negative "
             f"= the split costs the player)."),
        pairs,
    ])


def _variations(r: Report) -> Section:
    v = r.variations
    chart = "cost" in v.columns
    rows = []
    for row in v.itertuples(index=False):
        label = row.variation + (" (these rules)" if row.is_base else "")
        cells = [row.group, label, pct(row.expected_return), pct(row.house_edge),
                 pct(row.change)]
        if chart:
            cells += [pct(row.optimal_expected_return), amount(row.cost)]
        rows.append(cells + [pct(row.element_of_risk)])
    if chart:
        lead = ("Exact: each row is a complete analysis of these rules with one rule changed, "
                "for the chart derived for the row's rules (as `twentyone-burn chart` derives "
                "it), with optimal play (re-derived for the row) beside it. Change = the row "
                "chart's expected return less this game's chart's; cost = optimal play's "
                "expected return less the chart's; a negative change is a rule that helps the "
                "house.")
        columns = ["rule", "variation", "expected return (chart)", "house edge (chart)",
                   "change", "expected return (optimal)", "cost of the chart",
                   "element of risk (chart)"]
    else:
        lead = ("Exact: each row is a complete analysis of these rules with one rule changed "
                "(optimal play re-derived for it). Change = the row's expected return less "
                "this game's; a negative change is a rule that helps the house.")
        columns = ["rule", "variation", "expected return", "house edge", "change",
                   "element of risk"]
    blocks = [Para(lead), Table(columns, rows, "ll" + "r" * (len(columns) - 2))]
    if (~v["is_base"]).any():
        blocks.append(Figure("variations", "Change in the player's expected return of each "
                                           "rule variation (exact"
                             + (", the chart derived for each)." if chart else ").")))
    return Section("Effect of each rule", "variations", blocks)


def _verification(r: Report) -> Section:
    v = r.verification
    assert v is not None   # the section is built only for a report with a verification
    sim = v["simulation"]
    rows = []
    for c in v["checks"]:
        rows.append([c["name"], c["kind"], f"{c['statistic']:.4f}",
                     str(c["dof"]) if c["dof"] else "", f"{c['p_value']:.4g}",
                     f"{c['threshold']:.4g}", c["result"]])
    lo, hi = sim["interval99"]
    return Section(f"Verification: {v['verdict']}", "verification", [
        Para(f"Theory (the exact engine) against simulation: {v['rounds']:,} rounds, seed "
             f"entropy {v['seed_entropy']}, chunk size {v['chunk_size']:,}, {v['dealing']}, "
             f"strategy tables hash `{v['strategy_hash']}`. {v['method']}."),
        Para(f"Expected return of {strategy_words(r)}: exact "
             f"{pct(v['theory']['expected_return'])}, simulated {pct(sim['mean_return'])} (SE "
             f"{amount(sim['standard_error'])}; 99% interval [{pct(lo)}, {pct(hi)}])."),
        Table(["test", "kind", "statistic", "dof", "p-value", "passes at p >=", "result"],
              rows, "llrrrrl"),
    ])


def _reproduce(r: Report) -> Section:
    cmd = "twentyone-burn report --rules RULES.toml"
    if r.strategy_kind != "optimal":
        cmd += " --strategy " + ("chart" if r.strategy_kind == "chart" else r.strategy_source)
    sim = r.simulation
    if r.verification is not None:
        cmd += f" --verify-rounds {r.verification['rounds']}"
    elif sim is not None:
        cmd += f" --sim-rounds {sim.rounds}"
    else:
        cmd += " --sim-rounds 0"
    if sim is not None and sim.seed is not None:
        cmd += f" --seed {sim.seed}"
    if len(r.variations) == 0:
        cmd += " --no-variations"
    return Section("Reproducing this report", "reproduce", [
        Para("Save the rules file above as `RULES.toml` and run:"),
        Code(cmd),
        Para(f"The exact figures depend only on the rules and the version "
             f"(twentyone-burn {r.version}); the simulated ones also on the seed, the number "
             f"of rounds and the chunk size, never on the number of worker processes."),
    ])


def frame_records(df: pd.DataFrame) -> list[dict[str, Any]]:
    """DataFrame rows as plain dicts (NaN as None), for the JSON writer.

    >>> frame_records(pd.DataFrame({"a": [1.0, float("nan")]}))
    [{'a': 1.0}, {'a': None}]
    """
    out = []
    for rec in df.to_dict(orient="records"):
        out.append({k: _plain(v) for k, v in rec.items()})
    return out


def _plain(v: Any) -> Any:
    if isinstance(v, (np.integer,)):
        return int(v)
    if isinstance(v, (np.floating, float)):
        return None if math.isnan(v) else float(v)
    if isinstance(v, np.bool_):
        return bool(v)
    return v
