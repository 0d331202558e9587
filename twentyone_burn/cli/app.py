"""cli: the ``twentyone-burn`` command (typer); it parses, calls the engine and prints."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Optional

import numpy as np
import typer

from .. import __version__
from ..rules import Rules, RulesError
from ..shoe import RANKS, CardError, full_shoe, parse_rank, parse_ranks, remove_cards
from .common import (
    DasOpt,
    DecksOpt,
    DoubleOnOpt,
    InputError,
    JsonOpt,
    MaxHandsOpt,
    NaturalPaysOpt,
    NaturalsOpt,
    PostSplitOpt,
    RsaOpt,
    RulesOpt,
    S17Opt,
    SplitOpt,
    SurrenderOpt,
    _progress_analyze,
    build_rules,
    write_atomic,
)

app = typer.Typer(add_completion=False, no_args_is_help=True,
                  help="Exact combinatorial analyser for the casino game 21 Burn.")


def _deals_csv(a) -> str:
    game = "classic blackjack" if a.rules.classic else "21 Burn"
    head = (f"# {game} deals; rules {a.rules.canonical_json()}; rules hash {a.rules.rules_hash}; "
            f"version {a.version}; strategy: {a.strategy}\n")
    table = a.deals if a.rules.classic else a.burns
    return head + table.to_csv(index=False, float_format="%.17g")


def _fmt(x: float | None) -> str:
    return "   -    " if x is None else f"{x:+.5f}"


@app.command()
def analyze(rules_file: Optional[Path] = RulesOpt, decks: Optional[str] = DecksOpt,
            s17: Optional[bool] = S17Opt, max_hands: Optional[int] = MaxHandsOpt,
            resplit_aces: Optional[bool] = RsaOpt, das: Optional[bool] = DasOpt,
            double_on: Optional[str] = DoubleOnOpt, mandatory_split: Optional[bool] = SplitOpt,
            strategy: Optional[Path] = typer.Option(
                None, "--strategy", help="Value this chart (CSV folder or .xlsx) exactly "
                "instead of optimal play."),
            deals: Optional[Path] = typer.Option(
                None, "--deals", help="Also write every deal's burns (probability, EV of "
                "each play, best action) as CSV to this file."),
            naturals: Optional[str] = NaturalsOpt, natural_pays: Optional[float] = NaturalPaysOpt,
            surrender: Optional[bool] = SurrenderOpt, post_split: Optional[str] = PostSplitOpt,
            as_json: bool = JsonOpt) -> None:
    """The exact expected return, house edge and element of risk of the game."""
    rules = build_rules(rules_file, decks, s17, max_hands, resplit_aces, das, double_on,
                        mandatory_split, classic_ok=True, naturals=naturals,
                        natural_pays=natural_pays, surrender=surrender, post_split=post_split)
    if strategy is not None and rules.classic:
        raise InputError("--strategy values 21 Burn charts; the classic mode analyses optimal "
                         "play only")
    if deals is not None and not Path(deals).parent.exists():
        raise InputError(f"folder {Path(deals).parent} does not exist; create it or choose "
                         "another path for --deals")
    tables = None
    if strategy is not None:
        # a chart carries the rules it was made for: value it under those unless told otherwise
        from .charts import chart_strategy
        given = any(o is not None for o in (rules_file, decks, s17, max_hands, resplit_aces,
                                            das, double_on, mandatory_split))
        rules, tables, _ = chart_strategy(strategy, rules if given else None)
    a = _progress_analyze(rules, tables)
    if deals is not None:
        write_atomic(deals, _deals_csv(a))
    if as_json:
        typer.echo(json.dumps(a.to_json_dict(), indent=2))
        return
    r = rules
    game = "Classic blackjack" if r.classic else "21 Burn"
    typer.echo(f"{game} exact analysis (twentyone-burn {__version__})")
    typer.echo(f"rules: {r.canonical_json()}")
    typer.echo(f"rules hash: {r.rules_hash}")
    typer.echo(f"strategy: {a.strategy}")
    typer.echo("")
    typer.echo(f"expected return (player, per initial wager): {a.expected_return:+.10f}")
    typer.echo(f"house edge:                                  {a.house_edge:+.10f}")
    typer.echo(f"average total wager per round:               {a.average_total_wager:.10f}")
    typer.echo(f"element of risk:                             {a.element_of_risk:+.10f}")
    if a.expected_return > 0 and not r.classic:
        typer.echo("note: as written the game favours the player (negative house edge).")
    typer.echo("")
    typer.echo("probabilities per round:")
    for k, v in a.probabilities.items():
        typer.echo(f"  {k:32s} {v:.10f}")
    typer.echo("")
    typer.echo("dealer outcomes by up card (full shoe less the up card):")
    cols = ("17", "18", "19", "20", "21", "bust") + (("natural",) if "natural" in a.dealer["A"]
                                                     else ())
    typer.echo("  up " + " ".join(f"{c:>8s}" for c in cols))
    for up, d in a.dealer.items():
        typer.echo(f"  {up:2s} " + " ".join(f"{d[k]:.6f}" for k in cols))


@app.command()
def hand(cards: str = typer.Argument(..., help='The player\'s three cards, e.g. "T 6 5" (two '
                                   'with the classic deal).'),
         up: str = typer.Option(..., "--up", help="The dealer's up card."),
         rules_file: Optional[Path] = RulesOpt, decks: Optional[str] = DecksOpt,
         s17: Optional[bool] = S17Opt, max_hands: Optional[int] = MaxHandsOpt,
         resplit_aces: Optional[bool] = RsaOpt, das: Optional[bool] = DasOpt,
         double_on: Optional[str] = DoubleOnOpt, mandatory_split: Optional[bool] = SplitOpt,
         naturals: Optional[str] = NaturalsOpt, natural_pays: Optional[float] = NaturalPaysOpt,
         surrender: Optional[bool] = SurrenderOpt, post_split: Optional[str] = PostSplitOpt,
         as_json: bool = JsonOpt) -> None:
    """Every burn of a three-card deal: the kept hand and the EV of each play (classic deal:
    the EV of each play of a two-card hand)."""
    from ..engine.burn import burn_choices, kept_values
    from ..tables import ACTION_NAMES
    rules = build_rules(rules_file, decks, s17, max_hands, resplit_aces, das, double_on,
                        mandatory_split, classic_ok=True, naturals=naturals,
                        natural_pays=natural_pays, surrender=surrender, post_split=post_split)
    if rules.classic:
        _classic_hand(rules, cards, up, as_json)
        return
    player = parse_ranks(cards)
    if len(player) != 3:
        raise InputError(f"give exactly three player cards, not {len(player)} ({cards!r})")
    u = parse_rank(up)
    if not rules.infinite:
        remove_cards(full_shoe(rules.decks), player + [u])
    kv = kept_values(rules, u)
    choices = burn_choices(kv, tuple(sorted(player)))
    out = {
        "cards": [RANKS[c] for c in player], "up": RANKS[u],
        "rules_hash": rules.rules_hash, "version": __version__,
        "choices": [{
            "burn": RANKS[ch.burn], "kept": [RANKS[ch.kept[0]], RANKS[ch.kept[1]]],
            "stand": ch.stand, "hit": ch.hit, "double": ch.double, "split": ch.split,
            "best_action": ACTION_NAMES[ch.action], "ev": ch.ev, "expected_wager": ch.wager,
        } for ch in choices],
        "best_burn": RANKS[choices[0].burn],
    }
    if as_json:
        typer.echo(json.dumps(out, indent=2))
        return
    typer.echo(f"cards {' '.join(out['cards'])} against up card {out['up']}")
    typer.echo("burn  kept   stand     hit       double    split     best")
    for c in out["choices"]:
        typer.echo(f"  {c['burn']}   {''.join(c['kept']):4s} {_fmt(c['stand'])} {_fmt(c['hit'])} "
                   f"{_fmt(c['double'])} {_fmt(c['split'])}  {c['best_action']} {c['ev']:+.6f}")
    typer.echo(f"best: burn {out['best_burn']}")


def _classic_hand(rules: Rules, cards: str, up: str, as_json: bool) -> None:
    from ..engine.classic import hand_evs
    player = parse_ranks(cards)
    if len(player) != 2:
        raise InputError(f"give exactly two player cards with the classic deal, not "
                         f"{len(player)} ({cards!r})")
    u = parse_rank(up)
    if not rules.infinite:
        remove_cards(full_shoe(rules.decks), player + [u])
    e = hand_evs(rules, u, (player[0], player[1]))

    def num(x: float) -> float | None:
        return float(x) if np.isfinite(x) else None

    cond = rules.naturals == "peek" and e.p_dealer_natural > 0
    out = {"cards": [RANKS[c] for c in e.cards], "up": RANKS[u], "rules_hash": rules.rules_hash,
           "version": __version__, "conditioned_on_no_dealer_natural": cond,
           "stand": num(e.stand), "hit": num(e.hit), "double": num(e.double),
           "surrender": num(e.surrender), "split": num(e.split), "best_action": e.action,
           "ev": float(e.best), "p_dealer_natural": e.p_dealer_natural,
           "round_ev": e.round_ev, "expected_wager": e.wager}
    if as_json:
        typer.echo(json.dumps(out, indent=2))
        return
    typer.echo(f"cards {' '.join(out['cards'])} against up card {out['up']}"
               + (" (EVs given no dealer natural)" if cond else ""))
    for k in ("stand", "hit", "double", "surrender", "split"):
        typer.echo(f"  {k:9s} {_fmt(out[k])}")
    typer.echo(f"best: {e.action} {e.best:+.10f}")


@app.command()
def dealer(up: str = typer.Option(..., "--up", help="The dealer's up card."),
           removed: str = typer.Option("", "--removed", help='Cards gone from the shoe, e.g. "T 5 A".'),
           rules_file: Optional[Path] = RulesOpt, decks: Optional[str] = DecksOpt,
           s17: Optional[bool] = S17Opt, as_json: bool = JsonOpt) -> None:
    """The dealer's final-total distribution for an up card and removed cards."""
    from ..engine.results import outcome_dict
    from ..engine.dealer import OUTCOME_NAMES, dealer_distribution
    rules = build_rules(rules_file, decks, s17, None, None, None, None, None, classic_ok=True)
    u = parse_rank(up)
    gone = parse_ranks(removed) if removed.strip() else []
    unseen = None
    if not rules.infinite:
        unseen = remove_cards(full_shoe(rules.decks), gone + [u])
    d = dealer_distribution(rules, u, unseen)
    outcomes = outcome_dict(d)
    if rules.classic and rules.naturals != "none":
        # a dealer natural is its own outcome, not a 21
        from ..engine.classic import dealer_row
        shoe = None if unseen is None else remove_cards(full_shoe(rules.decks), gone)
        outcomes = dealer_row(rules, u, shoe)
    out = {"up": RANKS[u], "removed": [RANKS[c] for c in gone], "rules_hash": rules.rules_hash,
           "version": __version__, "outcomes": outcomes,
           "detail": {name: float(x) for name, x in zip(OUTCOME_NAMES, d)}}
    if as_json:
        typer.echo(json.dumps(out, indent=2))
        return
    typer.echo(f"dealer up {out['up']}, removed {' '.join(out['removed']) or 'none'}:")
    for k, v in out["outcomes"].items():
        typer.echo(f"  {k:5s} {v:.10f}")


from . import charts, report, simulate  # noqa: E402  (each adds its commands to the app)

for _module in (simulate, charts, report):
    _module.register(app)


def main() -> None:
    """Entry point: run the app; bad input gives one line on stderr and exit code 2."""
    try:
        app(standalone_mode=False)
    except (RulesError, CardError, InputError) as e:
        typer.echo(f"error: {e}", err=True)
        sys.exit(2)
    except Exception as e:
        # typer ships its own copy of click: recognise its usage errors by their interface
        if type(e).__name__ == "Abort":
            typer.echo("error: aborted", err=True)
            sys.exit(130)
        if hasattr(e, "format_message") and hasattr(e, "exit_code"):
            msg = " ".join(e.format_message().split())
            if msg:
                typer.echo(f"error: {msg} (see --help)", err=True)
            sys.exit(2)
        raise



