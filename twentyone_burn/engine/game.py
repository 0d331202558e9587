"""game: the whole game - expected return, house edge, element of risk and frequencies.

Every one of the 2,200 deals (220 three-card rank multisets x 10 up cards) is weighted by its
exact probability and played by the engine's strategy: the burn with the highest EV, then
composition-dependent play of the kept hand (stand / hit / double), or the forced split under
the post-split strategy of ``split.py``.

>>> a = analyze(Rules(decks=None))
>>> abs(a.deal_probability_total - 1) < 1e-12 and a.expected_return > 0
True
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import numpy as np

from ..notation import kept_hand_name, kept_kind
from ..rules import Rules, RulesError
from ..shoe import NRANKS, RANKS, checked_shoe, full_shoe
from ..shoe import deals as deals_of
from ..tables import ACTION_NAMES, SPLIT, DecisionTables
from .dealer import dealer_distribution
from .player import Valuation
from .player_burn import KeptValues, burn_choices, kept_values
from .results import (
    POST_SPLIT_WORDS,
    Analysis,
    outcome_dict,
    post_split_strategy,
    strategy_text,
)

if TYPE_CHECKING:  # pragma: no cover
    import pandas as pd

__all__ = ["POST_SPLIT_WORDS", "analyze", "dealer_table", "optimal_tables",
           "post_split_strategy", "return_table", "strategy_text"]

def dealer_table(rules: Rules, shoe: np.ndarray | None = None) -> dict[str, dict[str, float]]:
    """Dealer outcome probabilities by up card, for the full shoe (or ``shoe``) less that up
    card; an up card the shoe does not hold is left out."""
    out = {}
    for up in range(NRANKS):
        if rules.infinite:
            d = dealer_distribution(rules, up)
        else:
            unseen = (full_shoe(rules.decks) if shoe is None else np.array(shoe, np.int64))
            if unseen[up] <= 0:
                continue
            unseen[up] -= 1
            d = dealer_distribution(rules, up, unseen)
        out[RANKS[up]] = outcome_dict(d)
    return out


def analyze(rules: Rules, progress: Callable[[int], None] | None = None,
            tables: DecisionTables | None = None, valuation: Valuation | None = None, *,
            shoe: np.ndarray | None = None) -> Analysis:
    """Analyse the game exactly under the engine's strategy, or under a fixed strategy.

    ``tables``: a :class:`~twentyone_burn.tables.DecisionTables` (e.g. a printed chart) whose
    every decision is followed and valued exactly; None for optimal composition-dependent play.
    ``progress`` is called with the number of up cards finished (for a progress bar).
    ``valuation``: with fixed ``tables``, count events instead of money (see
    :func:`return_table`); the "expected return" is then the expected count.
    ``shoe``: the ten counts the round is dealt from (a depleted shoe: every card the player
    has seen gone; None: the rules' full shoe). Optimal play is then re-optimised for that
    shoe, a fixed strategy played as it is; the same engine, as exact.

    A depleted single deck takes a few seconds, so the example is not run here
    (tests/engine/test_game.py runs it):

    >>> from twentyone_burn.shoe import full_shoe
    >>> s = full_shoe(1); s[9] -= 4                  # doctest: +SKIP
    >>> a = analyze(Rules(decks=1), shoe=s)          # doctest: +SKIP
    >>> a.shoe, abs(a.deal_probability_total - 1) < 1e-12   # doctest: +SKIP
    ((4, 4, 4, 4, 4, 4, 4, 4, 4, 12), True)
    """
    if rules.classic:
        raise RulesError("analyze() is 21 Burn's three-card deal; the classic deal is "
                         "classic.analyze_classic()")
    shoe = _checked_shoe(rules, shoe)
    kept: dict[int, KeptValues] = {}
    rows = []
    burn_rows = []
    for up in range(NRANKS):
        kv = kept_values(rules, up, tables, valuation, shoe=shoe)
        kept[up] = kv
        for _, cards, prob in deals_of(rules, up, shoe):
            choices = burn_choices(kv, cards,
                                   None if tables is None else int(tables.burn[up][cards]))
            best = choices[0]
            for n, ch in enumerate(choices):
                burn_rows.append({
                    "up": RANKS[up], "cards": "".join(RANKS[x] for x in cards),
                    "probability": prob, "burn": RANKS[ch.burn],
                    "kept": RANKS[ch.kept[0]] + RANKS[ch.kept[1]],
                    "kind": kept_kind(kept_hand_name(*ch.kept)), "stand": ch.stand, "hit": ch.hit,
                    "double": ch.double, "split": ch.split,
                    "action": ACTION_NAMES[ch.action], "ev": ch.ev, "best": n == 0,
                })
            a, c = best.kept
            sp = kv.splits.get((best.burn, a)) if best.action == SPLIT else None
            rows.append({
                "up": RANKS[up],
                "cards": "".join(RANKS[x] for x in cards),
                "probability": prob,
                "burn": RANKS[best.burn],
                "kept": RANKS[a] + RANKS[c],
                "kind": kept_kind(kept_hand_name(a, c)),
                "action": ACTION_NAMES[best.action],
                "ev": best.ev,
                "wager": best.wager,
                "split_hands": sp.hands if sp else 0.0,
                "split_doubles": sp.doubles if sp else 0.0,
                "choices": len(choices),
                "ev_second": choices[1].ev if len(choices) > 1 else np.nan,
            })
        if progress is not None:
            progress(up + 1)
    # plain columns: the figures below need numpy only, and the tables become DataFrames on
    # first use (``Analysis.deals``), so ``twentyone-burn analyze`` never imports pandas
    deals = _columns(rows)
    p = np.array(deals["probability"], dtype=np.float64)
    total = float(p.sum())
    er = float(p @ np.array(deals["ev"], dtype=np.float64))
    wager = float(p @ np.array(deals["wager"], dtype=np.float64))
    action, kind, burn = (np.array(deals[k]) for k in ("action", "kind", "burn"))
    probs: dict[str, float] = {
        "forced_split": float(p[action == "split"].sum()),
        "kept_hard": float(p[kind == "hard"].sum()),
        "kept_soft": float(p[kind == "soft"].sum()),
        "kept_pair": float(p[kind == "pair"].sum()),
        "double": float(p[action == "double"].sum()),
        "split_hands_doubled_per_round": float(p @ np.array(deals["split_doubles"],
                                                            dtype=np.float64)),
        "split_hands_per_round": float(p @ np.array(deals["split_hands"], dtype=np.float64)),
    }
    if not rules.mandatory_split:   # the figure's name: a split by choice is no forced split
        probs["split"] = probs.pop("forced_split")
    for r in range(NRANKS):
        probs[f"burn_{RANKS[r]}"] = float(p[burn == RANKS[r]].sum())
    return Analysis(rules, er, wager, probs, dealer_table(rules, shoe), deals,
                    _columns(burn_rows), total, kept,
                    strategy=strategy_text(rules) if tables is None else
                    f"{tables.name} (every decision fixed by the strategy's tables; split hands "
                    "valued exactly as in CDP-H)",
                    shoe=None if shoe is None else tuple(int(x) for x in shoe))


def _columns(rows: list[dict]) -> dict[str, list]:
    """Rows (dicts with the same keys, in order) as columns: name -> one value per row.

    >>> _columns([{"a": 1, "b": "x"}, {"a": 2, "b": "y"}])
    {'a': [1, 2], 'b': ['x', 'y']}
    """
    return {k: [r[k] for r in rows] for k in rows[0]} if rows else {}


#: the fewest cards a shoe given to :func:`analyze` may hold (a single deck less a dozen
#: cards). From a smaller shoe a round's longest card sequences could run it dry, and the
#: probability of those sequences would be lost; a cut card ends a real shoe long before.
MIN_SHOE_CARDS = 40


def _checked_shoe(rules: Rules, shoe: np.ndarray | None) -> np.ndarray | None:
    """``shoe`` checked for this engine (:func:`~twentyone_burn.shoe.checked_shoe`)."""
    return checked_shoe(rules, shoe, MIN_SHOE_CARDS)


def return_table(rules: Rules, analysis: Analysis | None = None,
                 tables: DecisionTables | None = None) -> pd.DataFrame:
    """The test-lab return table: event | pays | probability | contribution.

    Under optimal play (``analysis``: its analysis, when already run), or with ``tables``
    under that fixed strategy (e.g. a printed chart's).

    Unsplit rounds: the probability that the kept hand wins, pushes or loses, doubled or not.
    Split rounds: the expected number of split hands per round with each result. Each row is
    an exact linear valuation of the strategy's fixed decisions with an indicator payoff, so
    the contributions add up to the strategy's expected return.

    >>> t = return_table(Rules(decks=None))
    >>> bool(abs(t.contribution.sum() - analyze(Rules(decks=None)).expected_return) < 1e-12)
    True
    """
    import pandas as pd  # heavy: only the return table is a DataFrame from the start

    from .player import payoff_table
    from .player_burn import reuse_dealer_passes

    with reuse_dealer_passes():
        if tables is None:
            a = analysis if analysis is not None else analyze(rules)
            tables = optimal_tables(rules, a.kept)
        pay = payoff_table(rules)
        rows = []
        for name, indicator, bust, unit in (("win", pay > 0, 0.0, rules.win_amount),
                                            ("push", pay == 0, 0.0, 0.0),
                                            ("lose", pay < 0, 1.0, -1.0)):
            for doubled in (False, True):
                scale = np.array([0.0, 1.0, bust] if doubled else [1.0, 0.0, bust])
                ev = analyze(rules, tables=tables,
                             valuation=Valuation(indicator.astype(float), scale))
                d = ev.deals
                split = (d["action"] == "split").to_numpy()
                mass = (d["probability"] * d["ev"]).to_numpy()
                pays = unit * (2.0 if doubled else 1.0)
                label = name + (" doubled" if doubled else "")
                rows.append(("kept hand (unsplit round)", label, pays, float(mass[~split].sum())))
                rows.append(("split hands (expected number per round)", label, pays,
                             float(mass[split].sum())))
    t = pd.DataFrame(rows, columns=["hands", "event", "pays", "probability"])
    t = t.sort_values(["hands", "pays"], ascending=[True, False], kind="stable")
    t["contribution"] = t["pays"] * t["probability"]
    return t.reset_index(drop=True)


def optimal_tables(rules: Rules, kept: dict[int, KeptValues] | None = None) -> DecisionTables:
    """The engine's optimal composition-dependent decisions as lookup tables.

    ``kept``: the per-up-card :class:`~twentyone_burn.engine.player_burn.KeptValues` of an
    analysis already run for these rules (``Analysis.kept``); computed when not given. Burn
    ties (within ``player_burn.TIE``) burn the lowest card, as the analysis does.

    >>> t = optimal_tables(Rules(decks=None))
    >>> int(t.burn[5, 4, 9, 9])        # T T 5 against a 6: the 5 is burned (tens split)
    4
    """
    import itertools


    # the split hands' actions and resplits are the rules' post-split strategy's (CDZ- and
    # CDP1: fixed actions, always resplit), as the SplitValues of ``kept`` hold them
    name = "optimal composition-dependent play (the exact engine's)"
    if rules.post_split != "cdp-h":
        name += f"; split hands {rules.post_split.upper()}"
    t = DecisionTables.empty(rules, name)
    for up in range(NRANKS):
        kv = kept[up] if kept is not None else kept_values(rules, up)
        for cards in itertools.combinations_with_replacement(range(NRANKS), 3):
            if not any(kv.possible[cards[i], *sorted(cards[k] for k in range(3) if k != i)]
                       for i in range(3)):
                continue
            b = burn_choices(kv, cards)[0].burn
            for perm in set(itertools.permutations(cards)):
                t.burn[up][perm] = b
        t.play[up] = kv.play_actions
        for b in range(NRANKS):
            for p in range(NRANKS):
                sv = kv.splits.get((b, p))
                if sv is None:
                    continue
                t.split_kept[up, b, p] = kv.action[b, p, p] == SPLIT
                t.split_play[up, b, p] = sv.actions
                for (h, i, j, u), yes in sv.resplits.items():
                    t.resplit[up, b, p, h, i, j, u] = yes
    return t
