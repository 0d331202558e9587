"""protection_exposure: the ``protection`` group's exposure commands (see :mod:`.protection`).

``twentyone-burn protection exposure``: the exact expected return when the player sees the
dealer's concealed cards - none, (a) one named card, (b) both, (c) whether the named card is
ten-valued - and the gain of each; with classic rules (``--classic``), the hole card's value.

>>> from typer.testing import CliRunner
>>> from twentyone_burn.cli.app import app
>>> CliRunner().invoke(app, ["protection", "exposure", "--help"]).exit_code
0
"""

from __future__ import annotations

import json

import typer

from toolkit_cli.errors import InputError
from toolkit_cli.options import JsonOpt
from toolkit_cli.progress import progress

from .common import TOOL, provenance
from .rule_options import CLASSIC, NO_RULES, STANDARD, RuleArgs, rule_options

__all__ = ["exposure", "register"]


def _pct(x: float) -> str:
    return f"{x:+.10f} ({100 * x:+.4f} %)"


@rule_options(*STANDARD, *CLASSIC)
def exposure(classic: bool = typer.Option(
                 False, "--classic", show_default="21 Burn's deal",
                 help="The classic deal's hole card (the classic-blackjack preset, or the "
                      "classic rules of --rules): its value when seen."),
             as_json: bool = JsonOpt,
             rule_args: RuleArgs = NO_RULES) -> None:
    """Exact expected return when the dealer's concealed cards are seen, and the gain."""
    if classic and rule_args.values.get("rules_file") is None:
        # the classic preset under the options given (--decks, --s17, ...)
        rule_args = RuleArgs({**rule_args.values, "rules_file": "classic-blackjack"})
    rules = rule_args.build(classic_ok=True)
    if classic and not rules.classic:
        raise InputError("--classic values the classic deal's hole card, but --rules gives "
                         "21 Burn's deal; drop --rules or give classic rules")
    with progress("exposure", unit="up cards") as bar:
        step = None if bar is None else (lambda k: bar(k, 10))
        if rules.classic:
            from ..protection.exposure import classic_hole_card
            h = classic_hole_card(rules, progress=step)
            data = h.to_dict()
        else:
            from ..protection.exposure import LEVEL_TEXT, exposure_returns
            e = exposure_returns(rules, progress=step)
            data = e.to_dict()
    head = {"rules": rules.to_dict(), "rules_hash": rules.rules_hash,
            "version": TOOL.version, "exact": True,
            "method": "complete enumeration: the exact engine conditioned on the seen cards"}
    if as_json:
        typer.echo(json.dumps({**head, **data}, indent=2))
        return
    for line in provenance(rules):
        typer.echo(line)
    typer.echo("exact (complete enumeration); expected return per initial wager, the "
               "player's")
    typer.echo("")
    if rules.classic:
        typer.echo(f"  hole card unseen (ordinary play)   {_pct(h.none)}")
        typer.echo(f"  hole card seen (optimal play)      {_pct(h.hole)}")
        typer.echo(f"  gain of seeing the hole card       {_pct(h.gain)}")
        return
    for lv, text in LEVEL_TEXT.items():
        typer.echo(f"  {text:52s} {_pct(e.value(lv))}")
    typer.echo("")
    typer.echo("gain over no exposure:")
    for lv, text in LEVEL_TEXT.items():
        if lv != "none":
            typer.echo(f"  {text:52s} {_pct(e.gain(lv))}")


def register(group: typer.Typer) -> None:
    """Add this module's commands to the ``protection`` group."""
    group.command("exposure")(exposure)
