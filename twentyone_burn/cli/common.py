"""common: what every command shares - the rule options, the rules they build, input errors.

The rule options are declared here once; commands take them through :func:`build_rules`.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Optional

import typer

from ..io import write_file
from ..rules import Rules, RulesError, load_rules, parse_decks


class InputError(ValueError):
    """Bad command-line input (one line, exit code 2)."""


# -- shared rule options ---------------------------------------------------------------------------
RulesOpt = typer.Option(None, "--rules", help="Rules: a preset (21-burn, classic-blackjack) or "
                        "a TOML file; options below override it.")
DecksOpt = typer.Option(None, "--decks", help="Decks in the shoe: 1-8, or 'inf'.")
S17Opt = typer.Option(None, "--s17/--h17", help="Dealer stands / hits on soft 17.")
MaxHandsOpt = typer.Option(None, "--max-hands", help="Most hands after splits (2-4).")
RsaOpt = typer.Option(None, "--resplit-aces/--no-resplit-aces", help="Split aces may resplit.")
DasOpt = typer.Option(None, "--das/--no-das", help="Double after split.")
DoubleOnOpt = typer.Option(None, "--double-on", help="Doubling on: any, 9-11 or 10-11.")
SplitOpt = typer.Option(None, "--mandatory-split/--optional-split",
                        help="A kept pair must be split, or the split is the player's choice.")
JsonOpt = typer.Option(False, "--json", help="Print one JSON object.")
# options of the classic (two-card) deal
NaturalsOpt = typer.Option(None, "--naturals", help="Classic deal: none, peek (US hole card) or "
                           "enhc (no hole card).")
NaturalPaysOpt = typer.Option(None, "--natural-pays", help="Classic deal: a natural pays this "
                              "(3:2 = 1.5, 6:5 = 1.2).")
SurrenderOpt = typer.Option(None, "--surrender/--no-surrender",
                            help="Classic deal: late surrender.")
PostSplitOpt = typer.Option(None, "--post-split", help="Classic deal: post-split strategy cdz-, "
                            "cdp1 or cdp-h.")


def build_rules(rules_file: Optional[Path], decks: Optional[str], s17: Optional[bool],
                max_hands: Optional[int], resplit_aces: Optional[bool], das: Optional[bool],
                double_on: Optional[str], mandatory_split: Optional[bool], *,
                classic_ok: bool = False, naturals: Optional[str] = None,
                natural_pays: Optional[float] = None, surrender: Optional[bool] = None,
                post_split: Optional[str] = None) -> Rules:
    """The rules preset or file (default: 21 Burn's sheet) with command-line overrides applied.

    ``classic_ok``: the command also handles the classic (two-card) deal.
    """
    base = load_rules(rules_file) if rules_file is not None else Rules()
    changes: dict = {}
    for key, value in (("naturals", naturals), ("natural_pays", natural_pays),
                       ("post_split", post_split)):
        if value is not None:
            changes[key] = value
    if surrender is not None:
        changes["surrender"] = "late" if surrender else "none"
    if decks is not None:
        changes["decks"] = parse_decks(decks)
    if s17 is not None:
        changes["hit_soft_17"] = not s17
    if max_hands is not None:
        changes["max_hands"] = max_hands
    if resplit_aces is not None:
        changes["resplit_aces"] = resplit_aces
    if das is not None:
        changes["double_after_split"] = das
    if double_on is not None:
        changes["double_on"] = double_on
    if mandatory_split is not None:
        changes["mandatory_split"] = mandatory_split
    rules = base.replace(**changes) if changes else base
    if rules.classic and not classic_ok:
        raise RulesError("this command is for 21 Burn's deal; the classic (two-card) deal is "
                         "analysed by `analyze`, `hand` and `dealer`")
    return rules


def _progress_analyze(rules: Rules, tables=None):
    from ..engine.game import analyze
    from ..engine.classic import analyze_classic

    def run(progress=None):
        if rules.classic:
            return analyze_classic(rules, progress=progress)
        return analyze(rules, progress=progress, tables=tables)

    if not sys.stderr.isatty():
        return run()
    from rich.progress import BarColumn, Progress, TextColumn, TimeElapsedColumn
    with Progress(TextColumn("analysing"), BarColumn(), TextColumn("{task.completed}/10 up cards"),
                  TimeElapsedColumn(), transient=True) as prog:
        task = prog.add_task("up", total=10)
        return run(progress=lambda k: prog.update(task, completed=k))


def write_atomic(path: Path, text: str) -> None:
    """Write a file under a temporary name and rename it: no partial file on failure."""
    path = Path(path)
    if not path.parent.exists():
        raise InputError(f"folder {path.parent} does not exist; create it or choose another path")
    write_file(path, text)


