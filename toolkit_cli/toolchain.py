"""toolchain: whether this machine can compile an extension module (a C compiler and Python's
headers) - the one check both the ahead-of-time build (``twentyone_burn.engine.aot``) and its
background start (:mod:`toolkit_cli.background`) make.

It is about the machine, not the command line, so the libraries may take it
(``tests/test_architecture.py``): it imports nothing of the shared layer and nothing heavy.

>>> isinstance(c_compiler_problem(), (str, type(None)))
True
"""

from __future__ import annotations

import shutil
import sysconfig
from pathlib import Path

__all__ = ["c_compiler_problem"]


def c_compiler_problem() -> str | None:
    """Why ``numba.pycc`` cannot compile here (no C compiler, no Python headers), or None.

    >>> (c_compiler_problem() or "install").count("install")
    1
    """
    cc = (sysconfig.get_config_var("CC") or "cc").split()
    if not cc or shutil.which(cc[0]) is None:
        return f"no C compiler ({cc[0] if cc else 'cc'}): install one (e.g. gcc)"
    include = sysconfig.get_paths().get("include", "")
    if not Path(include, "Python.h").is_file():
        return f"no Python headers (Python.h in {include}): install python3-dev"
    return None
