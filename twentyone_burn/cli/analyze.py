"""analyze: the ``analyze``, ``hand`` and ``dealer`` commands - the exact engine's answers.

>>> from typer.testing import CliRunner
>>> from twentyone_burn.cli import app
>>> r = CliRunner().invoke(app, ["dealer", "--up", "6", "--decks", "inf", "--json"],
...                        env={"TWENTYONE_BURN_CACHE": "off"})   # the result cache off
>>> r.exit_code, '"up": "6"' in r.stdout
(0, True)
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import typer

from toolkit_cli.checks import check_output, refuse_overwrite
from toolkit_cli.errors import InputError, shorten
from toolkit_cli.options import ForceOpt, JsonOpt

from .._version import __version__
from ..notation import kept_hand_name
from ..rules import Rules
from ..shoe import NRANKS, RANK_INDEX, RANKS, UP_ORDER, check_cards, parse_rank, parse_ranks
from .charts import chart_strategy, derive
from .common import analyze_with_progress, provenance, write_atomic
from .rule_options import CLASSIC, NO_RULES, SHOE, STANDARD, RuleArgs, rule_options

__all__ = ["ShoeChoice", "analyze", "dealer", "hand", "register", "shoe_choice"]


@dataclass(frozen=True)
class ShoeChoice:
    """The shoe ``--removed`` / ``--shoe`` ask for: ``counts`` (ten counts A, 2, ..., 9, T;
    None: the rules' full shoe), the ranks ``removed`` from the full shoe (``--removed``),
    and a line saying which shoe it is."""

    counts: list[int] | None
    removed: list[int]
    text: str

    def to_json_dict(self) -> dict[str, Any]:
        """The shoe as the JSON output names it."""
        out: dict[str, Any] = {"shoe_counts": self.counts, "shoe_description": self.text}
        if self.removed:
            out["removed"] = [RANKS[r] for r in self.removed]
        return out


def _parse_counts(text: str) -> list[int]:
    """Ten whole counts A, 2, ..., 9, T from ``--shoe``; no numpy."""
    parts = [p for p in text.replace(";", ",").replace(" ", ",").split(",") if p]
    if len(parts) != NRANKS:
        raise InputError(f"--shoe takes ten counts A,2,...,9,T (e.g. 24,24,24,24,24,24,24,24,"
                         f"24,96), not {len(parts)} ({shorten(text)})")
    out = []
    for name, p in zip(RANKS, parts):
        t = p.strip()
        if not t.lstrip("-").isdigit() or len(t) > 6:
            raise InputError(f"--shoe: the count of {name} must be a whole number, not "
                             f"{shorten(p)}")
        if int(t) < 0:
            raise InputError(f"--shoe: the count of {name} is negative ({t}); give 0 or more")
        out.append(int(t))
    return out


def shoe_choice(rules: Rules, removed: str | None, shoe: str | None) -> ShoeChoice:
    """The shoe of ``--removed CARDS`` (ranks gone from the rules' full shoe) or ``--shoe
    A,2,...,T`` (a whole composition); neither: the rules' full shoe. Bad input raises the
    one-line :class:`~toolkit_cli.errors.InputError` (or CardError): both options, an
    infinite deck, an unknown rank, more cards removed than the shoe holds, a negative count.

    >>> shoe_choice(Rules(decks=1), "5 5 T A", None).counts
    [3, 4, 4, 4, 2, 4, 4, 4, 4, 15]
    >>> shoe_choice(Rules(decks=1), None, None).text
    'full shoe: 1 deck (52 cards)'
    """
    gone = removed is not None and removed.strip() != ""
    if gone and shoe is not None:
        raise InputError("give --removed (cards gone from the full shoe) or --shoe (a whole "
                         "composition), not both")
    if (gone or shoe is not None) and rules.infinite:
        raise InputError("an infinite deck has no shoe to deplete; give --decks 1 to 8 with "
                         "--removed or --shoe")
    decks = rules.decks
    full = [4 * (decks or 0)] * (NRANKS - 1) + [16 * (decks or 0)]
    if decks is None:
        return ShoeChoice(None, [], "infinite deck")
    deck_word = f"{decks} deck{'s' if decks != 1 else ''}"
    if gone:
        assert removed is not None
        ranks = parse_ranks(removed)
        check_cards(decks, ranks)
        counts = list(full)
        for r in ranks:
            counts[r] -= 1
        names = " ".join(RANKS[r] for r in sorted(ranks))
        return ShoeChoice(counts, ranks, f"{deck_word} less {names} ({sum(counts)} cards: "
                                         f"{','.join(map(str, counts))})")
    if shoe is not None:
        counts = _parse_counts(shoe)
        return ShoeChoice(counts, [], f"given composition A,2,...,T = {','.join(map(str, counts))}"
                                      f" ({sum(counts)} cards)")
    return ShoeChoice(None, [], f"full shoe: {deck_word} ({52 * decks} cards)")


#: the shoe options of ``analyze`` (and of every command that values one shoe)
RemovedOpt = typer.Option(None, "--removed", metavar="CARDS", show_default="none",
                          help='Ranks gone from the full shoe, e.g. "5 5 T A": the game dealt '
                               "from what is left, exactly.")
ShoeOpt = typer.Option(None, "--shoe", metavar="COUNTS", show_default="the full shoe",
                       help="Deal from this composition: ten counts, of A, 2 to 9 and T, "
                            "comma-separated (e.g. 24,24,24,24,24,24,24,24,24,96).")



def _deals_csv(a) -> str:
    game = "classic blackjack" if a.rules.classic else "21 Burn"
    head = (f"# {game} deals; rules {a.rules.canonical_json()}; rules hash {a.rules.rules_hash}; "
            f"version {a.version}; strategy: {a.strategy}\n")
    table = a.deals if a.rules.classic else a.burns
    return head + table.to_csv(index=False, float_format="%.17g")


def _header(rules: Rules) -> None:
    """The provenance of a text answer: the rules, their hash and the version."""
    for line in provenance(rules):
        typer.echo(line)


def _fmt(x: float | None) -> str:
    return "   -    " if x is None else f"{x:+.5f}"


def _pct(x: float) -> str:
    return f"({100 * x:+.4f} %)"


@rule_options(*STANDARD, *CLASSIC)
def analyze(strategy: str = typer.Option(
                "optimal", "--strategy", metavar="optimal|chart|PATH", show_default=True,
                help="optimal play, chart (the rules' derived chart), or a chart (CSV folder "
                     "or .xlsx) valued exactly as it is printed."),
            removed: str | None = RemovedOpt, shoe: str | None = ShoeOpt,
            deals: Path | None = typer.Option(
                None, "--deals", show_default="none",
                help="Also write every deal's burns (probability, EV of each play, best action) "
                     "as CSV to this file (its folder must exist)."),
            force: bool = ForceOpt,
            as_json: bool = JsonOpt, rule_args: RuleArgs = NO_RULES) -> None:
    """The exact expected return, house edge and element of risk of the game, from the full
    shoe or a depleted one (optimal play re-optimised for it, a chart played as printed)."""
    rules = rule_args.build(classic_ok=True)
    if strategy != "optimal" and rules.classic:
        raise InputError("--strategy values 21 Burn charts; the classic deal is analysed under "
                         "optimal play only (give --strategy optimal)")
    if deals is not None:
        if not Path(deals).parent.exists():
            raise InputError(f"folder {shorten(str(Path(deals).parent))} does not exist; "
                             "create it or choose another path for --deals")
        check_output(deals, "--deals", folder=False)
        refuse_overwrite([Path(deals)], force)
    tables = None
    if strategy == "chart":
        chart, _ = derive(rules)
        tables = chart.to_tables()
    elif strategy != "optimal":
        if not Path(strategy).exists():
            raise InputError(f"--strategy {shorten(strategy)}: no such chart; give optimal, "
                             "chart, or a chart folder / .xlsx workbook")
        # a chart carries the rules it was made for: value it under those unless told otherwise
        given = any(rule_args.values[n] is not None for n in STANDARD)
        rules, tables, _ = chart_strategy(strategy, rules if given else None)
    which = shoe_choice(rules, removed, shoe)
    counts = None
    if which.counts is not None:
        import numpy as np  # the engine's arrays, once the input is checked
        counts = np.array(which.counts, np.int64)
    a = analyze_with_progress(rules, tables, shoe=counts)
    if deals is not None:
        write_atomic(deals, _deals_csv(a))
    if as_json:
        typer.echo(json.dumps(a.to_json_dict() | which.to_json_dict(), indent=2))
        return
    r = rules
    game = "Classic blackjack" if r.classic else "21 Burn"
    typer.echo(f"{game} exact analysis (twentyone-burn {__version__})")
    typer.echo(f"rules: {r.canonical_json()}")
    typer.echo(f"rules hash: {r.rules_hash}")
    typer.echo(f"strategy: {a.strategy}")
    typer.echo(f"shoe: {which.text}")
    typer.echo("")
    typer.echo(f"expected return (player, per initial wager): {a.expected_return:+.10f} "
               f"{_pct(a.expected_return)}")
    typer.echo(f"house edge:                                  {a.house_edge:+.10f} "
               f"{_pct(a.house_edge)}")
    typer.echo(f"average total wager per round:               {a.average_total_wager:.10f}")
    typer.echo(f"element of risk:                             {a.element_of_risk:+.10f} "
               f"{_pct(a.element_of_risk)}")
    if a.expected_return > 0 and not r.classic:
        typer.echo("note: as written the game favours the player (negative house edge).")
    typer.echo("")
    typer.echo("probabilities per round:")
    for k, v in a.probabilities.items():
        typer.echo(f"  {k:32s} {v:.10f}")
    typer.echo("")
    typer.echo("dealer outcomes by up card (the shoe less the up card):")
    cols = ("17", "18", "19", "20", "21", "bust") + (("natural",) if "natural" in a.dealer["A"]
                                                     else ())
    typer.echo("  up " + " ".join(f"{c:>8s}" for c in cols))
    for up in (u for u in UP_ORDER if u in a.dealer):   # (a shoe may hold none of a rank)
        d = a.dealer[up]
        typer.echo(f"  {up:2s} " + " ".join(f"{d[k]:.6f}" for k in cols))


@rule_options(*STANDARD, *CLASSIC)
def hand(cards: str = typer.Argument(..., help='The player\'s three cards, e.g. "T 6 5" (two '
                                   'with the classic deal).'),
         up: str = typer.Option(..., "--up", help="The dealer's up card."),
         as_json: bool = JsonOpt, rule_args: RuleArgs = NO_RULES) -> None:
    """Every burn of a three-card deal: the kept hand and the EV of each play (classic deal:
    the EV of each play of a two-card hand)."""
    rules = rule_args.build(classic_ok=True)
    if rules.classic:
        _classic_hand(rules, cards, up, as_json)
        return
    player, u = _deal(rules, cards, up, 3, "give exactly three player cards")
    a, b, c = sorted(player)
    # the engine's burn choices, from the result cache when it has them (the engine, and
    # numba, are imported on a miss only; the cache itself once a deal is checked)
    from ..engine.cache import hand_choices
    choices = hand_choices(rules, u, (a, b, c))
    for ch in choices:
        # a kept pair must be split under a mandatory split: its other plays are shown (what
        # the split gains) but are not the player's to take
        forced = rules.must_split(*(RANK_INDEX[k] for k in ch["kept"]))
        ch["allowed"] = {k: not forced for k in ("stand", "hit", "double")} | {
            "split": ch["split"] is not None}
    out: dict[str, Any] = {
        "cards": [RANKS[c] for c in player], "up": RANKS[u],
        "rules": rules.to_dict(), "rules_hash": rules.rules_hash, "version": __version__,
        "choices": choices,
        "best_burn": choices[0]["burn"],
    }
    if as_json:
        typer.echo(json.dumps(out, indent=2))
        return
    _header(rules)
    typer.echo(f"cards {' '.join(out['cards'])} against up card {out['up']}")
    typer.echo("EVs per unit of the initial wager; n/a: not allowed (a kept pair must be split)")
    typer.echo("burn  kept   stand     hit       double    split     best")
    for c in out["choices"]:
        cells = [_fmt(c[k]) if c["allowed"][k] else "   n/a  "
                 for k in ("stand", "hit", "double", "split")]
        kept = kept_hand_name(*(RANK_INDEX[k] for k in c["kept"]))
        typer.echo(f"  {c['burn']}   {kept:4s} {' '.join(cells)}  "
                   f"{c['best_action']} {c['ev']:+.6f}")
    typer.echo(f"best: burn {out['best_burn']}")


def _deal(rules: Rules, cards: str, up: str, count: int, wanted: str) -> tuple[list[int], int]:
    """The player's ranks and the up card, checked: ``count`` cards that the shoe can deal."""
    player = parse_ranks(cards)
    if len(player) != count:
        raise InputError(f"{wanted}, not {len(player)} ({shorten(cards)})")
    u = parse_rank(up)
    if not rules.infinite:
        check_cards(rules.decks, player + [u])
    return player, u


def _classic_hand(rules: Rules, cards: str, up: str, as_json: bool) -> None:
    player, u = _deal(rules, cards, up, 2, "give exactly two player cards with the classic deal")
    from ..engine.classic import hand_evs

    e = hand_evs(rules, u, (player[0], player[1]))

    def num(x: float) -> float | None:
        return float(x) if math.isfinite(x) else None

    cond = rules.naturals == "peek" and e.p_dealer_natural > 0
    out: dict[str, Any] = {
           "cards": [RANKS[c] for c in e.cards], "up": RANKS[u], "rules": rules.to_dict(),
           "rules_hash": rules.rules_hash,
           "version": __version__, "conditioned_on_no_dealer_natural": cond,
           "stand": num(e.stand), "hit": num(e.hit), "double": num(e.double),
           "surrender": num(e.surrender), "split": num(e.split), "best_action": e.action,
           "ev": float(e.best), "p_dealer_natural": e.p_dealer_natural,
           "round_ev": e.round_ev, "expected_wager": e.wager}
    if as_json:
        typer.echo(json.dumps(out, indent=2))
        return
    _header(rules)
    typer.echo(f"cards {' '.join(out['cards'])} against up card {out['up']}"
               + (" (EVs given no dealer natural)" if cond else ""))
    for k in ("stand", "hit", "double", "surrender", "split"):
        typer.echo(f"  {k:9s} {_fmt(out[k])}")
    typer.echo(f"best: {e.action} {e.best:+.10f}")


@rule_options(*SHOE)
def dealer(up: str = typer.Option(..., "--up", help="The dealer's up card."),
           removed: str = typer.Option("", "--removed", show_default="none",
                                       help='Cards gone from the shoe, e.g. "T 5 A".'),
           as_json: bool = JsonOpt, rule_args: RuleArgs = NO_RULES) -> None:
    """The dealer's final-total distribution for an up card and removed cards."""
    rules = rule_args.build(classic_ok=True)
    u = parse_rank(up)
    gone = parse_ranks(removed) if removed.strip() else []
    if not rules.infinite:
        check_cards(rules.decks, gone + [u])
    # from the result cache when it has the answer (the engine, and numba, on a miss only)
    from ..engine.cache import dealer_answer
    answer = dealer_answer(rules, u, gone)
    if rules.decks is not None and not answer.complete:   # (an infinite deck always finishes)
        left = 52 * rules.decks - len(gone) - 1
        raise InputError(f"the shoe left ({left} cards) is too small for the dealer "
                         "to finish every hand; remove fewer cards or use more --decks")
    out: dict[str, Any] = {
           "up": RANKS[u], "removed": [RANKS[c] for c in gone], "rules": rules.to_dict(),
           "rules_hash": rules.rules_hash,
           "version": __version__, "outcomes": answer.outcomes,
           "detail": answer.detail}
    if as_json:
        typer.echo(json.dumps(out, indent=2))
        return
    _header(rules)
    typer.echo(f"dealer up {out['up']}, removed {' '.join(out['removed']) or 'none'}:")
    for k, v in out["outcomes"].items():
        typer.echo(f"  {k:5s} {v:.10f}")


def register(app: typer.Typer) -> None:
    """Add ``analyze``, ``hand`` and ``dealer`` to the main app."""
    app.command()(analyze)
    app.command()(hand)
    app.command()(dealer)
