"""protection_shoe: the ``protection`` group's shoe commands (see :mod:`.protection`)."""

from __future__ import annotations

import typer

__all__ = ["register"]


def register(group: typer.Typer) -> None:
    """Add this module's commands to the ``protection`` group."""
