"""_entry: the ``twentyone-burn`` script. Ctrl-C is handled from its first moment (the app's
imports included) before the command line is imported (:func:`toolkit_cli.entry.launch`).

It names the command line only as a string, so the library still imports nothing of it.

>>> callable(main)
True
"""

from __future__ import annotations

from toolkit_cli.entry import launch

__all__ = ["main"]


def main() -> None:
    """Run ``twentyone-burn`` (:func:`twentyone_burn.cli.main`): one line and exit code 130
    for Ctrl-C at any stage, start-up and exit included."""
    launch("twentyone_burn.cli:main")
