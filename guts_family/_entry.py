"""_entry: the ``guts-odds`` script. Ctrl-C is handled from its first moment (the app's
imports included) before the command line is imported (:func:`toolkit_cli.entry.launch`).

It names the command line only as a string, so the library still imports nothing of it.

>>> callable(main)
True
"""

from __future__ import annotations

from toolkit_cli.entry import launch

__all__ = ["main"]


def main() -> None:
    """Run ``guts-odds`` (:func:`guts_family.cli.main`): one line and exit code 130 for
    Ctrl-C at any stage, start-up and exit included."""
    launch("guts_family.cli:main")
