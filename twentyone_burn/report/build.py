"""report: the house-edge report (par sheet) of one game, and tuning a payout to a target edge.

:func:`build_report` runs the exact engine (and the simulator for the figures the engine does
not give exactly) and assembles every number of the report as plain values and DataFrames in a
:class:`Report`; the writers in :mod:`twentyone_burn.export` turn it into Markdown, HTML, JSON
and a workbook without computing anything. :func:`tune` finds the payout knob value (``win_pays``
or ``commission``) that gives the house a chosen edge under optimal play.

Exact here means: from the engine's complete enumeration, in float64, nothing rounded before the
printed figure. The standard deviation per round, the win / push / loss frequencies of a round
and the distribution of its net result are *simulated* (split hands are correlated through the
dealer, so the engine gives their sums exactly but not their joint distribution) and always
carry their number of rounds, seed and standard errors.

>>> r = describe_rules(Rules())
>>> r[0]
'Six 52-card decks; every round is dealt from a freshly shuffled shoe.'
>>> [v.label for v in variation_specs(Rules()) if v.group == "dealer"]
['dealer stands on soft 17']
"""

from __future__ import annotations

import math
import os
import time
from dataclasses import dataclass, field
from datetime import datetime, timezone
from typing import Any, Callable, Sequence

import numpy as np
import pandas as pd

from .. import __version__
from ..engine.game import analyze, return_table
from ..engine.results import POST_SPLIT_STRATEGY, Analysis, outcome_dict
from ..engine.dealer import dealer_distribution
from ..rules import Rules, RulesError
from ..shoe import NRANKS, RANKS, full_shoe

__all__ = [
    "DEFAULT_SEED", "DEFAULT_SIM_ROUNDS", "KNOBS", "ROUNDING", "Report", "SimulatedFigures",
    "TuneError", "TuneResult", "VariationSpec", "build_report", "burn_statistics",
    "dealer_comparison", "dealer_overall", "describe_rules", "report_stem", "simulated_figures", "tune",
    "variation_specs",
]

#: root seed of the report's simulation when none is given: a report is reproducible by default
DEFAULT_SEED = 21
#: rounds simulated for the SD and the net-result distribution when no verification is asked
DEFAULT_SIM_ROUNDS = 10_000_000

ROUNDING = (
    "None until the final figure: every probability and expected value is computed in float64 "
    "by the exact engine and summed unrounded; the Markdown and HTML pages round only what "
    "they print (to the digits shown); the JSON file holds the full float64 values (shortest "
    "round-trip form) and the workbook 16 significant digits."
)

_DECK_WORDS = {1: "One", 2: "Two", 3: "Three", 4: "Four", 5: "Five", 6: "Six", 7: "Seven",
               8: "Eight"}


def describe_rules(rules: Rules) -> list[str]:
    """The game in words, one sentence per rule, for the report's first section.

    >>> describe_rules(Rules(decks=None, ties_lose=True))[0]
    'An infinite deck: every card is drawn with the probabilities of a full deck.'
    >>> describe_rules(Rules(win_pays=0.95))[-3]
    'A winning hand pays 0.95 to 1.'
    """
    r = rules
    if r.infinite:
        shoe = "An infinite deck: every card is drawn with the probabilities of a full deck."
    else:
        n = _DECK_WORDS.get(r.decks, str(r.decks))
        shoe = (f"{n} 52-card deck{'s' if r.decks != 1 else ''}; every round is dealt from a "
                f"freshly shuffled shoe.")
    out = [
        shoe,
        "The player and the dealer receive three cards each; the dealer's centre card is "
        "dealt face up.",
        "Seeing its three cards and the up card, the player burns one card and keeps two.",
        ("A kept pair (equal blackjack values, mixed tens included) must be split, with a "
         "matching wager on the second hand." if r.mandatory_split else
         "A kept pair (equal blackjack values) may be split, with a matching wager, or "
         "played as one hand (the player's choice)."),
        (f"A split hand that draws another pair card may split again, up to {r.max_hands} "
         f"hands in all." if r.max_hands > 2 else
         "No resplits: a split makes exactly two hands."),
        ("Split aces take one card each" if r.split_aces_one_card else
         "Split aces are played like any other split hand")
        + ("; a split ace that draws an ace may split again." if r.resplit_aces and
           r.max_hands > 2 else "; split aces may not be resplit."),
        "The player may hit, stand or double down"
        + {"any": " on any two-card hand", "9-11": " on a hard two-card 9, 10 or 11 only",
           "10-11": " on a hard two-card 10 or 11 only"}[r.double_on]
        + ("; doubling after a split is allowed." if r.double_after_split else
           "; no doubling after a split."),
        "After the player's hands are complete the dealer reveals its two concealed cards and "
        "burns the highest of its three cards (ace = 11, the up card included).",
        ("The dealer plays its two kept cards by standard rules and hits soft 17."
         if r.hit_soft_17 else
         "The dealer plays its two kept cards by standard rules and stands on all 17s."),
        "A two-card 21 is an ordinary 21 (no blackjack bonus); there is no dealer peek.",
    ]
    if r.win_pays == 1.0:
        out.append("A winning hand pays even money (1 to 1).")
    else:
        out.append(f"A winning hand pays {r.win_pays:g} to 1.")
    if r.commission:
        out.append(f"The house keeps a commission of {100 * r.commission:g}% of every win.")
    else:
        out.append("No commission is taken on wins.")
    out.append(("A dealer total of 22 pushes every player hand still standing; "
                if r.dealer_22_pushes else "Every dealer bust pays the standing hands; ")
               + ("ties lose." if r.ties_lose else "equal totals push."))
    return out


# -- rule variations ----------------------------------------------------------------------------
@dataclass(frozen=True)
class VariationSpec:
    """One row of the rule-effect table: the base rules with ``changes`` applied.

    >>> v = VariationSpec("decks", "1 deck", {"decks": 1}); v.apply(Rules()).decks
    1
    """

    group: str
    label: str
    changes: dict[str, Any]

    def apply(self, base: Rules) -> Rules:
        """The base rules with this variation's changes (validated by :class:`Rules`)."""
        return base.replace(**self.changes)


def variation_specs(base: Rules) -> list[VariationSpec]:
    """Every rule variation the report values, relative to ``base``.

    Deck counts 1/2/4/6/8/infinite, max hands 2/3/4 and the three doubling rules are listed
    in full (the row equal to the base is marked in the report); the yes/no rules appear as the
    opposite of the base: S17 (or H17), resplit aces, double after split, optional (or
    mandatory) split, and the game-design knobs dealer 22 pushes and ties lose.

    >>> [v.label for v in variation_specs(Rules())][:6]
    ['1 deck', '2 decks', '4 decks', '6 decks', '8 decks', 'infinite deck']
    >>> len(variation_specs(Rules()))
    18
    """
    b = base
    out = [VariationSpec("decks", f"{d} deck{'s' if d != 1 else ''}", {"decks": d})
           for d in (1, 2, 4, 6, 8)]
    out.append(VariationSpec("decks", "infinite deck", {"decks": None}))
    out.append(VariationSpec("dealer", "dealer hits soft 17", {"hit_soft_17": True})
               if not b.hit_soft_17 else
               VariationSpec("dealer", "dealer stands on soft 17", {"hit_soft_17": False}))
    out += [VariationSpec("splits", f"at most {m} hands" + (" (no resplits)" if m == 2 else ""),
                          {"max_hands": m}) for m in (2, 3, 4)]
    out.append(VariationSpec("splits", "split aces may not resplit", {"resplit_aces": False})
               if b.resplit_aces else
               VariationSpec("splits", "split aces may resplit", {"resplit_aces": True}))
    out.append(VariationSpec("splits", "mandatory split of a kept pair",
                             {"mandatory_split": True})
               if not b.mandatory_split else
               VariationSpec("splits", "optional split (player's choice)",
                             {"mandatory_split": False}))
    out.append(VariationSpec("doubling", "double after split", {"double_after_split": True})
               if not b.double_after_split else
               VariationSpec("doubling", "no double after split", {"double_after_split": False}))
    out += [VariationSpec("doubling", label, {"double_on": d}) for d, label in
            (("any", "double on any two cards"), ("9-11", "double on hard 9-11 only"),
             ("10-11", "double on hard 10-11 only"))]
    out.append(VariationSpec("game design", "dealer 22 does not push",
                             {"dealer_22_pushes": False})
               if b.dealer_22_pushes else
               VariationSpec("game design", "dealer 22 pushes", {"dealer_22_pushes": True}))
    out.append(VariationSpec("game design", "ties push", {"ties_lose": False}) if b.ties_lose
               else VariationSpec("game design", "ties lose", {"ties_lose": True}))
    return out


def _figures_of(a: Analysis) -> dict[str, float]:
    return {"expected_return": a.expected_return, "house_edge": a.house_edge,
            "element_of_risk": a.element_of_risk,
            "average_total_wager": a.average_total_wager}


# -- the dealer, with and without the burn -----------------------------------------------------
def dealer_comparison(rules: Rules) -> pd.DataFrame:
    """Dealer final totals by up card: the 21 Burn dealer beside an ordinary two-card dealer.

    One row per (up card, dealer), for the full shoe less the up card; columns 17..21, 22, 23+
    (22 apart, for the dealer-22-pushes knob) and bust (= 22 + 23+). The ordinary dealer takes
    one hole card and burns nothing; both follow the rules' soft-17 rule.

    >>> d = dealer_comparison(Rules(decks=None))
    >>> list(d.columns)
    ['up', 'dealer', '17', '18', '19', '20', '21', '22', '23+', 'bust']
    >>> b = d.set_index(["dealer", "up"]).bust
    >>> bool(b["21 Burn", "A"] > 2 * b["ordinary", "A"]), bool(b["21 Burn", "6"] < b["ordinary", "6"])
    (True, True)
    """
    rows = []
    for up in range(NRANKS):
        unseen = None
        if not rules.infinite:
            unseen = full_shoe(rules.decks)
            unseen[up] -= 1
        for name, burn in (("21 Burn", True), ("ordinary", False)):
            d = dealer_distribution(rules, up, unseen, burn=burn)
            o = outcome_dict(d)
            rows.append({"up": RANKS[up], "dealer": name,
                         **{k: o[k] for k in ("17", "18", "19", "20", "21")},
                         "22": float(d[5]), "23+": float(d[6]), "bust": o["bust"]})
    return pd.DataFrame(rows)


def dealer_overall(rules: Rules, dealer: pd.DataFrame) -> pd.DataFrame:
    """Each dealer's final totals over all up cards (weighted by the up card's probability).

    >>> o = dealer_overall(Rules(decks=None), dealer_comparison(Rules(decks=None)))
    >>> list(o.dealer), bool(abs(o.iloc[0, 1:-1].sum() - 1) < 1e-12)
    (['21 Burn', 'ordinary'], True)
    """
    from ..verify import up_card_probabilities
    w = up_card_probabilities(rules)
    cols = ["17", "18", "19", "20", "21", "22", "23+", "bust"]
    rows = []
    for name in ("21 Burn", "ordinary"):
        sub = dealer[dealer["dealer"] == name]
        weights = np.array([w[u] for u in sub["up"]])
        rows.append({"dealer": name, **{c: float(weights @ sub[c].to_numpy()) for c in cols}})
    return pd.DataFrame(rows)


# -- the player's burn --------------------------------------------------------------------------
def burn_statistics(analysis: Analysis) -> dict[str, Any]:
    """The player's burn and kept hands, from the analysis' per-deal and per-burn tables.

    Returns DataFrames ``burned`` (rank, probability), ``burned_by_up`` (P(burned rank | up
    card), rows = up card), ``kept`` (kept-hand kind x first action: probability, EV given it,
    contribution), ``pairs`` (kept pairs by rank: probability, how often split, how often
    unavoidable, EV of the round, split hands, doubled split hands, and the EV the split gains
    over playing the pair as one hand with the same burn), and ``by_up`` (expected return by up
    card); and dict ``burn_value`` (expected return with the best, a random and the worst
    burn, each followed by optimal play, and how often the burn is a real choice).

    >>> s = burn_statistics(analyze(Rules(decks=None)))
    >>> round(float(s["burned"].probability.sum()), 12), sorted(s["burn_value"])[:2]
    (1.0, ['best_burn', 'chance_of_a_choice'])
    """
    d = analysis.deals
    p = d["probability"].to_numpy()
    total = p.sum()
    burned = pd.DataFrame({"rank": list(RANKS),
                           "probability": [float(p[(d["burn"] == r).to_numpy()].sum())
                                           for r in RANKS]})
    by_up = {}
    for up in RANKS:
        m = (d["up"] == up).to_numpy()
        pu = p[m].sum()
        by_up[up] = [float(p[m & (d["burn"] == r).to_numpy()].sum() / pu) for r in RANKS]
    burned_by_up = pd.DataFrame.from_dict(by_up, orient="index", columns=list(RANKS))
    burned_by_up.index.name = "up"

    rows = []
    for kind in ("hard", "soft", "pair"):
        mk = (d["kind"] == kind).to_numpy()
        for action in ("all", "stand", "hit", "double", "split"):
            m = mk if action == "all" else mk & (d["action"] == action).to_numpy()
            pm = float(p[m].sum())
            if pm == 0.0:
                continue
            contrib = float(p[m] @ d["ev"].to_numpy()[m])
            rows.append({"kept": kind, "action": action, "probability": pm,
                         "ev": contrib / pm, "contribution": contrib})
    kept = pd.DataFrame(rows)

    b = analysis.burns
    best_pair = b[b["best"].to_numpy() & (b["kind"] == "pair").to_numpy()]
    unsplit = best_pair[["stand", "hit", "double"]].max(axis=1).to_numpy()
    split_gain = best_pair["split"].to_numpy() - unsplit
    rows = []
    for r in RANKS:
        m = ((d["kind"] == "pair") & (d["kept"].str[0] == r)).to_numpy()
        pm = float(p[m].sum())
        if pm == 0.0:
            continue
        ms = m & (d["action"] == "split").to_numpy()
        ps = float(p[ms].sum())
        mb = (best_pair["kept"].str[0] == r).to_numpy()
        pb = best_pair["probability"].to_numpy()[mb]
        contrib = float(p[m] @ d["ev"].to_numpy()[m])
        rows.append({
            "pair": r + r, "probability": pm, "split": ps,
            "unavoidable": float(p[m & (d["choices"] == 1).to_numpy()].sum()),
            "ev": contrib / pm, "contribution": contrib,
            "split_hands": float(p[ms] @ d["split_hands"].to_numpy()[ms]) / ps if ps else 0.0,
            "split_hands_doubled": (float(p[ms] @ d["split_doubles"].to_numpy()[ms]) / ps
                                    if ps else 0.0),
            "split_gain": float(pb @ split_gain[mb] / pb.sum()),
        })
    pairs = pd.DataFrame(rows)

    rows = []
    for up in RANKS:
        m = (d["up"] == up).to_numpy()
        pm = float(p[m].sum())
        contrib = float(p[m] @ d["ev"].to_numpy()[m])
        rows.append({"up": up, "probability": pm, "ev": contrib / pm, "contribution": contrib,
                     "average_total_wager": float(p[m] @ d["wager"].to_numpy()[m]) / pm})
    by_up_card = pd.DataFrame(rows)

    # A random burn picks each of the three cards with chance 1/3: a burn of a rank held
    # twice has weight 2/3.
    mult = np.array([cards.count(burn) for cards, burn in zip(b["cards"], b["burn"])])
    ev_b = b["ev"].to_numpy()
    worst = b.groupby(["up", "cards"], sort=False).agg(probability=("probability", "first"),
                                                     ev=("ev", "min"))
    choice = (d["choices"] > 1).to_numpy()
    burn_value = {
        "best_burn": analysis.expected_return,
        "random_burn": float(b["probability"].to_numpy() @ (mult / 3.0 * ev_b)),
        "worst_burn": float(worst["probability"].to_numpy() @ worst["ev"].to_numpy()),
        "chance_of_a_choice": float(p[choice].sum() / total),
        "gain_over_second_best": float(p[choice] @ (d["ev"].to_numpy()[choice]
                                                    - d["ev_second"].to_numpy()[choice])),
    }
    return {"burned": burned, "burned_by_up": burned_by_up, "kept": kept, "pairs": pairs,
            "by_up": by_up_card, "burn_value": burn_value}


# -- simulated figures -------------------------------------------------------------------------
@dataclass(frozen=True)
class SimulatedFigures:
    """Per-round figures from a simulation, each with its standard error.

    ``net``: DataFrame [net, probability, se] of the round's net result in initial wagers;
    ``frequencies``: DataFrame [result, probability, se] of rounds won / pushed / lost (by
    the sign of the net result). The SE of the SD is the delta-method one,
    sqrt((m4 - m2^2) / n) / (2 SD), from the simulated moments.
    """

    rounds: int
    seed: int | None
    seed_entropy: int
    chunk_size: int
    strategy: str
    strategy_hash: str
    dealing: str
    mean: float
    mean_se: float
    sd: float
    sd_se: float
    average_total_wager: float
    average_total_wager_se: float
    frequencies: pd.DataFrame
    net: pd.DataFrame
    hands_per_round: float

    @property
    def label(self) -> str:
        """How every simulated figure is labelled."""
        seed = self.seed if self.seed is not None else f"entropy {self.seed_entropy}"
        return f"simulated, {self.rounds:,} rounds, seed {seed}, with standard errors"


def simulated_figures(sim: Any, seed: int | None) -> SimulatedFigures:
    """The report's per-round figures from a :class:`~twentyone_burn.sim.SimResult`.

    >>> from twentyone_burn.sim import Counts, SimResult
    >>> c = Counts.zeros(); c.hist[1, 0, 0] = 3; c.hist[0, 1, 0] = 1
    >>> f = simulated_figures(SimResult(Rules(), "x", "h", 7, 4, 4, None, c), 7)
    >>> f.mean, list(f.net.net), list(f.frequencies.probability)
    (0.5, [-1.0, 1.0], [0.75, 0.0, 0.25])
    """
    n = sim.rounds
    dist = sim.net_distribution()
    x = np.array(list(dist.keys()), dtype=np.float64)
    px = np.array(list(dist.values()), dtype=np.float64)
    m = float(px @ x)
    m2 = float(px @ (x - m) ** 2)
    m4 = float(px @ (x - m) ** 4)
    sd = sim.sd
    sd_se = math.sqrt(max(0.0, m4 - m2 * m2) / n) / (2 * sd) if sd > 0 else float("nan")

    def se(q: float) -> float:
        return math.sqrt(q * (1 - q) / n)

    net = pd.DataFrame({"net": x, "probability": px, "se": [se(q) for q in px]})
    fr = sim.frequencies
    freq = pd.DataFrame({"result": ["win", "push", "loss"],
                         "probability": [fr["win"], fr["push"], fr["loss"]]})
    freq["se"] = [se(q) for q in freq["probability"]]
    js = sim.to_json_dict()
    return SimulatedFigures(n, seed, int(sim.seed_entropy), int(sim.chunk_size), sim.strategy,
                            sim.strategy_hash, js["dealing"], sim.mean, sim.se, sd, sd_se,
                            sim.average_total_wager, sim.wager_se, freq, net,
                            float(js["hands_per_round"]))


# -- the report ---------------------------------------------------------------------------------
#: verification record fields that describe the run, not the game (they differ run to run)
_RUN_ONLY = {"seconds", "rounds_per_second", "engine_seconds", "workers", "executor", "created"}


def _strip_run_fields(x: Any) -> Any:
    if isinstance(x, dict):
        return {k: _strip_run_fields(v) for k, v in x.items() if k not in _RUN_ONLY}
    if isinstance(x, list):
        return [_strip_run_fields(v) for v in x]
    return x


@dataclass
class Report:
    """Every number of the report of one game (see :func:`build_report`).

    ``timings`` (seconds per step) describe the run, not the game, and are not written to the
    report files.
    """

    rules: Rules
    created: str
    strategy: str
    summary: dict[str, float]
    probabilities: dict[str, float]
    return_table: pd.DataFrame | None
    dealer: pd.DataFrame
    burn: dict[str, Any]
    dealer_overall: pd.DataFrame
    variations: pd.DataFrame
    deals: pd.DataFrame
    simulation: SimulatedFigures | None = None
    verification: dict[str, Any] | None = None
    seed: int | None = None
    version: str = __version__
    timings: dict[str, float] = field(default_factory=dict)

    @property
    def rules_hash(self) -> str:
        """SHA-256 of the rules' canonical JSON."""
        return self.rules.rules_hash

    @property
    def rules_words(self) -> list[str]:
        """The rules in words."""
        return describe_rules(self.rules)

    @property
    def rules_toml(self) -> str:
        """The rules as a rules file."""
        return self.rules.to_toml()

    @property
    def post_split_strategy(self) -> str:
        """The named post-split strategy the split EVs hold for."""
        return POST_SPLIT_STRATEGY

    @property
    def rounding(self) -> str:
        """The rounding policy."""
        return ROUNDING

    @property
    def stem(self) -> str:
        """The report files' common name (see :func:`report_stem`)."""
        return report_stem(self.rules)


def report_stem(rules: Rules) -> str:
    """File name stem of a report: ``21burn-standard`` for the rule sheet's game, else
    ``21burn-`` and the first 12 hex digits of the rules hash.

    >>> report_stem(Rules()), report_stem(Rules(decks=None))[:7]
    ('21burn-standard', '21burn-')
    """
    return "21burn-standard" if rules == Rules() else f"21burn-{rules.rules_hash[:12]}"


def _created() -> str:
    # SOURCE_DATE_EPOCH (reproducible builds) pins the date of a regenerated report
    epoch = os.environ.get("SOURCE_DATE_EPOCH")
    when = (datetime.fromtimestamp(int(epoch), timezone.utc) if epoch and epoch.isdigit()
            else datetime.now(timezone.utc))
    return when.isoformat(timespec="seconds")


Progress = Callable[[str, float, float], None]


def build_report(rules: Rules, *, variations: Sequence[VariationSpec] | None = None,
                 with_return_table: bool = True, sim_rounds: int = DEFAULT_SIM_ROUNDS,
                 verify_rounds: int | None = None, seed: int | None = DEFAULT_SEED,
                 workers: int | None = None, progress: Progress | None = None) -> Report:
    """Analyse ``rules`` and gather every figure of the report.

    variations: the rule-variation rows (None = :func:`variation_specs`; [] = none); each is
    a direct :func:`~twentyone_burn.engine.game.analyze` run (a variation equal to the base rules
    reuses the base analysis). sim_rounds: rounds simulated for the per-round figures (0 =
    none); verify_rounds: when given, run the verification (theory vs simulation) with that
    many rounds instead, and take the per-round figures from its simulation. seed: the
    simulation's root seed. progress(step, done, total) is called as the work advances.

    >>> rep = build_report(Rules(decks=None), variations=[], with_return_table=False,
    ...                    sim_rounds=20_000, workers=1)
    >>> rep.summary["house_edge"] == -rep.summary["expected_return"], rep.simulation.rounds
    (True, 20000)
    """
    specs = list(variation_specs(rules) if variations is None else variations)
    if verify_rounds is not None and verify_rounds < 1:
        raise RulesError(f"verify rounds must be at least 1, not {verify_rounds}")
    if sim_rounds < 0:
        raise RulesError(f"simulation rounds must be 0 or more, not {sim_rounds}")
    var_rules = [s.apply(rules) for s in specs]   # bad variations fail before any work
    distinct = {r.rules_hash: r for r in var_rules if r != rules}
    workers = workers or os.cpu_count() or 1
    created = _created()
    total = 1.0 + (3.0 if with_return_table else 0.0) + len(distinct) \
        + (1.0 if verify_rounds or sim_rounds else 0.0)
    done = 0.0
    timings: dict[str, float] = {}

    def step(label: str, frac: float = 0.0) -> None:
        if progress is not None:
            progress(label, done + frac, total)

    def run(label: str, r: Rules) -> Analysis:
        nonlocal done
        step(label)
        t0 = time.perf_counter()
        a = analyze(r, progress=lambda k: step(label, k / NRANKS))
        timings[label] = time.perf_counter() - t0
        done += 1
        return a

    a = run("exact analysis", rules)
    rt = None
    if with_return_table:
        step("return table")
        t0 = time.perf_counter()
        rt = return_table(rules, a)
        timings["return table"] = time.perf_counter() - t0
        done += 3
    t0 = time.perf_counter()
    dealer = dealer_comparison(rules)
    burn = burn_statistics(a)
    timings["dealer and burn statistics"] = time.perf_counter() - t0

    figures: dict[str, dict[str, float]] = {rules.rules_hash: _figures_of(a)}
    for spec, r in zip(specs, var_rules):
        if r.rules_hash not in figures:
            figures[r.rules_hash] = _figures_of(run(f"rule variation: {spec.label}", r))
    base_er = a.expected_return
    rows = []
    for spec, r in zip(specs, var_rules):
        f = figures[r.rules_hash]
        rows.append({"group": spec.group, "variation": spec.label,
                     "changes": {k: ("inf" if k == "decks" and v is None else v)
                                 for k, v in spec.changes.items()},
                     "is_base": r == rules, "rules_hash": r.rules_hash, **f,
                     "change": f["expected_return"] - base_er})
    variations_df = pd.DataFrame(rows, columns=[
        "group", "variation", "changes", "is_base", "rules_hash", "expected_return",
        "house_edge", "element_of_risk", "average_total_wager", "change"])

    sim = None
    verification = None
    if verify_rounds or sim_rounds:
        label = "verification" if verify_rounds else "simulation"
        step(label)
        t0 = time.perf_counter()
        sim_progress = (lambda k, n: step(label, k / n if n else 0.0))
        if verify_rounds:
            from ..verify import verify
            v = verify(rules, verify_rounds, seed=seed, workers=workers, analysis=a,
                       progress=sim_progress)
            verification = _strip_run_fields(v.to_json_dict())
            res = v.sim
        else:
            from ..sim import simulate
            from ..engine.game import optimal_tables
            res = simulate(optimal_tables(rules, a.kept), sim_rounds, seed=seed,
                           workers=workers, progress=sim_progress)
        sim = simulated_figures(res, seed)
        timings[label] = time.perf_counter() - t0
        done += 1
    step("done")
    summary = {**_figures_of(a), "deal_probability_total": a.deal_probability_total}
    return Report(rules, created, a.strategy, summary, dict(a.probabilities), rt, dealer, burn,
                  dealer_overall(rules, dealer), variations_df, a.deals, sim, verification, seed, a.version, timings)


# -- tuning a payout to a target edge ------------------------------------------------------------
class TuneError(ValueError):
    """A target edge that no value of the knob gives (one line: what and the reachable range)."""


#: knob -> (lowest value, highest value, sign of d(house edge)/d(knob))
KNOBS: dict[str, tuple[float, float, int]] = {
    "win_pays": (1e-9, 100.0, -1),
    "commission": (0.0, 1.0 - 1e-9, +1),
}


@dataclass(frozen=True)
class TuneResult:
    """The knob value that gives the target edge, the tuned rules and the edge they give."""

    knob: str
    value: float
    target_edge: float
    house_edge: float
    expected_return: float
    element_of_risk: float
    rules: Rules
    evaluations: list[tuple[float, float]]   # (knob value, house edge) of every analysis run


def tune(rules: Rules, knob: str, target_edge: float, *,
         progress: Callable[[int, float, float], None] | None = None,
         evaluate: Callable[[Rules], Analysis] | None = None) -> TuneResult:
    """Find the value of ``knob`` (``win_pays`` or ``commission``) that gives the house
    ``target_edge`` per initial wager under optimal play, with scipy's ``brentq`` on the exact
    engine.

    The edge under optimal play is a maximum of functions linear in the win amount, so it is
    continuous and monotone in either knob (down in win_pays, up in commission), and nearly
    linear: secant steps from the rules' current value bracket the root in a few analyses,
    then ``brentq`` closes it to the last bit of the knob. progress(evaluation, knob value,
    edge) is called after each analysis; ``evaluate`` replaces :func:`analyze` (for tests).

    >>> from types import SimpleNamespace as NS
    >>> fake = lambda r: NS(house_edge=0.3 - 0.5 * r.win_pays, expected_return=0,
    ...                     element_of_risk=0)
    >>> t = tune(Rules(), "win_pays", 0.05, evaluate=fake)
    >>> round(t.value, 12), len(t.evaluations) <= 6
    (0.5, True)
    """
    from scipy.optimize import brentq

    if knob not in KNOBS:
        raise TuneError(f"unknown knob {knob!r}; choose one of: {', '.join(KNOBS)}")
    if not (isinstance(target_edge, (int, float)) and math.isfinite(target_edge)
            and -1.0 < target_edge < 1.0):
        raise TuneError(f"target edge must be a fraction between -1 and 1 (e.g. 0.02 for 2%), "
                        f"not {target_edge!r}")
    lo, hi, sign = KNOBS[knob]
    evaluate = evaluate or analyze
    cache: dict[float, Any] = {}
    history: list[tuple[float, float]] = []

    def at(x: float) -> Any:
        x = float(x)
        if x not in cache:
            cache[x] = evaluate(rules.replace(**{knob: x}))
            history.append((x, cache[x].house_edge))
            if progress is not None:
                progress(len(history), x, cache[x].house_edge)
        return cache[x]

    def g(x: float) -> float:
        """Increasing in x, zero at the root."""
        return sign * (at(x).house_edge - target_edge)

    x0 = min(max(float(getattr(rules, knob)), lo), hi)
    below: tuple[float, float] | None = None   # (x, g) with g < 0
    above: tuple[float, float] | None = None   # (x, g) with g > 0
    pts: list[tuple[float, float]] = []
    x = x0
    for _ in range(40):
        gx = g(x)
        if gx == 0.0:
            return _tuned(rules, knob, x, target_edge, at(x), history)
        pts.append((x, gx))
        if gx < 0 and (below is None or x > below[0]):
            below = (x, gx)
        if gx > 0 and (above is None or x < above[0]):
            above = (x, gx)
        if below is not None and above is not None:
            break
        # the root lies above x when g(x) < 0
        if (gx < 0 and x >= hi) or (gx > 0 and x <= lo):
            raise TuneError(
                f"no {knob} gives a house edge of {_pct(target_edge)}: {knob} = {x:.12g} "
                f"(its {'highest' if x >= hi else 'lowest'} value) gives "
                f"{_pct(at(x).house_edge)}")
        if len(pts) >= 2 and pts[-1][1] != pts[-2][1]:
            (xa, ga), (xb, gb) = pts[-2], pts[-1]
            slope = (gb - ga) / (xb - xa)
        else:
            # the edge moves by about one unit of the win amount per unit of the knob
            other = rules.commission if knob == "win_pays" else rules.win_pays
            slope = max(1.0 - other if knob == "win_pays" else other, 1e-3)
        if not (slope > 0 and math.isfinite(slope)):
            slope = 1.0
        step_ = -gx / slope
        # overshoot a little, so the next point lands past the root and brackets it
        step_ += math.copysign(1e-9 * max(1.0, abs(x)) + 1e-4 * abs(step_), step_)
        x = min(max(x + step_, lo), hi)
    else:  # pragma: no cover - the edge is monotone and continuous; 40 steps always bracket
        raise TuneError(f"could not bracket a house edge of {_pct(target_edge)} with {knob}")
    brentq(g, below[0], above[0], xtol=1e-15, rtol=4 * np.finfo(float).eps)
    # every point brentq tried was analysed: keep the one whose edge is nearest the target
    root = min(cache, key=lambda x: (abs(cache[x].house_edge - target_edge), x))
    return _tuned(rules, knob, float(root), target_edge, at(root), history)


def _tuned(rules: Rules, knob: str, x: float, target: float, a: Any,
           history: list[tuple[float, float]]) -> TuneResult:
    return TuneResult(knob, x, target, a.house_edge, a.expected_return, a.element_of_risk,
                      rules.replace(**{knob: x}), list(history))


def _pct(x: float) -> str:
    return f"{100 * x:.6g}%"
