"""kernels: ``twentyone-burn build-kernels``, the engine's kernels compiled ahead of time.

>>> from typer.testing import CliRunner
>>> from twentyone_burn.cli.app import app
>>> CliRunner().invoke(app, ["build-kernels", "--help"]).exit_code
0
"""

from __future__ import annotations

import os
import sys

import typer

from toolkit_cli.options import JsonOpt
from toolkit_cli.progress import progress

__all__ = ["build_later", "build_kernels", "register"]


def build_kernels(as_json: bool = JsonOpt) -> None:
    """Compile the engine's kernels ahead of time (about 30 s, once per version and machine),
    so that later runs start without numba: the classic deal in under a second."""
    # the engine's modules take their kernels from the compiled module when they are imported:
    # this process must compile numba's instead
    os.environ["TWENTYONE_BURN_AOT"] = "off"
    from ..engine import aot

    with progress("compiling kernels", unit="steps") as bar:
        step = None if bar is None else (lambda k: bar(k, aot.BUILD_STEPS))
        built = aot.build_kernels(progress=step)
    from toolkit_cli.background import FAILED_NAME
    # a background build that failed is retried by none: this one worked, so forget it
    (built.path.parent / FAILED_NAME).unlink(missing_ok=True)
    if as_json:
        import json
        typer.echo(json.dumps({"path": str(built.path), "exports": list(built.exports),
                               "seconds": round(built.seconds, 1)}, indent=2))
        return
    typer.echo(f"compiled {len(built.exports)} kernels ahead of time in {built.seconds:.0f} s: "
               f"{built.path}")
    typer.echo("later runs of this version on this machine use them (TWENTYONE_BURN_AOT=off "
               "turns them off)")


def build_later() -> bool:
    """At a command's exit: when it ran the engine's kernels through numba's JIT (no
    ahead-of-time module for this version and machine), start ``build-kernels`` once in the
    background (:func:`toolkit_cli.background.start_build`: a lock, nice'd, its log in the
    module's folder; never with the cache off, ``TWENTYONE_BURN_AOT=off``,
    ``TOOLKIT_AOT_BUILD=off``, ``CI`` set or no C compiler). True if it started one.

    >>> build_later() in (True, False)      # doctest: +SKIP
    True
    """
    compiled = sys.modules.get("twentyone_burn.engine.compiled")
    # a command that never imported the engine (help, errors, the simulator) ran no kernel
    if compiled is None or not compiled.jit_ran():
        return False
    from toolkit_cli.background import start_build
    return start_build(compiled.aot_folder(),
                       [sys.executable, "-m", "twentyone_burn.cli", "build-kernels"],
                       compiled.AOT_ENV)


def register(app: typer.Typer) -> None:
    """Add ``build-kernels`` to the main app."""
    app.command("build-kernels")(build_kernels)
