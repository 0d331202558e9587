"""cli: the ``twentyone-burn`` command line (typer). It parses, calls the layers below and prints.

Nothing in the package imports this layer.
"""

from .app import app, main

__all__ = ["app", "main"]
