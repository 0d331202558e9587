"""provenance: what every output says about where it came from - the tool, its version, the
rules or the command line that reproduce it.

Two forms, both given the tool (:class:`~toolkit_cli.tool.Tool`):

- :func:`rules_lines`: the header of an answer computed under a rules object - the rules'
  canonical JSON, their hash and the tool's version (``twentyone-burn``'s text answers);
- :func:`command_line` and :func:`emit`: the command line that reproduces an output, first
  in its text (``# guts-odds VERSION COMMAND OPTIONS...``) or as ``version``, ``command`` and
  ``options`` in its JSON (``guts-odds``).

>>> from toolkit_cli.tool import Tool
>>> rules_lines(Tool("demo", "1.0"), '{"decks": 6}', "ab12")
['rules: {"decks": 6}', 'rules hash: ab12', 'version: demo 1.0']
"""

from __future__ import annotations

import json
from typing import Any

import typer

from .tool import Tool

__all__ = ["command_line", "emit", "rules_lines"]


def rules_lines(tool: Tool, rules_json: str, rules_hash: str) -> list[str]:
    """The header lines of a text answer: the rules (canonical JSON), their hash, the version."""
    return [f"rules: {rules_json}", f"rules hash: {rules_hash}",
            f"version: {tool.name} {tool.version}"]


def command_line(tool: Tool, ctx: typer.Context) -> tuple[str, dict[str, Any]]:
    """The command line that reproduces an output (a ``#`` comment line), and the options as
    a dict.

    Every visible option in force is listed (defaults included; hidden old names and the
    output format are not).
    """
    import shlex  # here: twentyone-burn's start-up needs only rules_lines

    words = [tool.name, tool.version, ctx.info_name or "?"]
    options: dict[str, Any] = {}
    for param in ctx.command.params:
        name = param.name or ""
        if getattr(param, "hidden", False) or name in ("as_json",) or name not in ctx.params:
            continue
        value = ctx.params[name]
        if value is None or value is False or value == "" or value == []:
            continue
        options[name] = value
        flag = next((o for o in param.opts if o.startswith("--")), None)
        if param.param_type_name == "argument" or flag is None:
            words.append(shlex.quote(str(value)))
        elif value is True:
            words.append(flag)
        else:
            for v in value if isinstance(value, (list, tuple)) else [value]:
                words += [flag, shlex.quote(str(v))]
    return "# " + " ".join(words), options


def emit(tool: Tool, data: dict, as_json: bool, text: str,
         ctx: typer.Context | None = None) -> None:
    """Print ``data`` as one JSON object, or ``text``, with the provenance of ``ctx``'s
    command line (see :func:`command_line`).

    JSON gets ``version`` (if not there), ``command`` and ``options``; text gets a first line
    naming the tool, its version, the command and its options.
    """
    line, options = command_line(tool, ctx) if ctx is not None else ("", {})
    if as_json:
        out = dict(data)
        if ctx is not None:
            out.update({"command": ctx.info_name, "options": options})
        out.setdefault("version", tool.version)
        typer.echo(json.dumps(out))
    else:
        typer.echo(f"{line}\n{text}" if line else text)
