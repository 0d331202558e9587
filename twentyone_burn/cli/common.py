"""common: ``twentyone-burn``'s binding of the shared command-line layer - its tool, the
provenance of an answer, the exact analysis with its bar, an output file written atomically.

The conventions themselves (the error boundary, progress, checks, options) are
:mod:`toolkit_cli`'s; :mod:`.tool` tells it the tool (its name, version and bad-input errors:
``TOOL``, here too) and registers nothing; this module, which every command that writes
imports, adds the overwrite check to the writer.

>>> TOOL.version_text.startswith("twentyone-burn ")
True
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from toolkit_cli.checks import check_unchanged
from toolkit_cli.errors import InputError
from toolkit_cli.progress import progress
from toolkit_cli.provenance import rules_lines

from ..io import add_commit_check
from .tool import TOOL, VersionOpt

if TYPE_CHECKING:  # pragma: no cover
    from ..rules import Rules
    from ..tables import DecisionTables

__all__ = ["TOOL", "VersionOpt", "analyze_with_progress", "provenance", "write_atomic"]

# the overwrite check is made again at commit, under the writer's lock: a file another run
# wrote while this one computed is refused then, not silently replaced
add_commit_check(check_unchanged)


def provenance(rules: Rules) -> list[str]:
    """The header lines of a text output: rules (canonical JSON), rules hash and version."""
    return rules_lines(TOOL, rules.canonical_json(), rules.rules_hash)


def analyze_with_progress(rules: Rules, tables: DecisionTables | None = None,
                          label: str = "analysing", shoe: Any = None) -> Any:
    """The exact analysis (21 Burn's, or the classic deal's) with a bar over the up cards;
    ``shoe``: the ten counts dealt from (None: the rules' full shoe)."""
    with progress(label, unit="up cards") as bar:
        step = None if bar is None else (lambda k: bar(k, 10))
        from ..engine.warmup import start
        start()   # a first run: the split kernels compile in a second process meanwhile
        # each engine imported only for its own deal: the classic one needs no pandas
        if rules.classic:
            from ..engine.classic import analyze_classic
            return analyze_classic(rules, shoe=shoe, progress=step)
        from ..engine.game import analyze
        return analyze(rules, progress=step, tables=tables, shoe=shoe)


def write_atomic(path: Path, text: str) -> None:
    """Write an output file atomically; a missing folder is the user's to create."""
    from ..io import write_file  # the writer when there is something to write

    path = Path(path)
    if not path.parent.exists():
        raise InputError(f"folder {path.parent} does not exist; create it or choose another path")
    write_file(path, text)
