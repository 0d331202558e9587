"""_entry: the ``twentyone-burn`` script. Ctrl-C is handled from its first moment (the app's
imports included) before the command line is imported (:func:`toolkit_cli.entry.launch`).

It names the command line only as a string, so the library still imports nothing of it.

>>> callable(main)
True
"""

from __future__ import annotations

import os

from toolkit_cli.entry import launch

__all__ = ["BLAS_THREADS_ENV", "main"]

#: numpy's BLAS threads: one, unless the user says otherwise (see :func:`main`)
BLAS_THREADS_ENV = "OPENBLAS_NUM_THREADS"


def main() -> None:
    """Run ``twentyone-burn`` (:func:`twentyone_burn.cli.main`): one line and exit code 130
    for Ctrl-C at any stage, start-up and exit included.

    The engine runs its kernels on every core from its own threads (``engine/threads.py``) and
    hands BLAS only short products, so BLAS threads have nothing to share out and only compete
    for the cores: started on the first product and spinning after it, they cost a warm
    six-deck ``analyze`` about 0.9 CPU-seconds. So the tool asks for one (before numpy is
    imported; a value the user set is kept). The products are the same either way: a test
    compares figures computed with one and with several BLAS threads bit for bit.
    """
    os.environ.setdefault(BLAS_THREADS_ENV, "1")
    launch("twentyone_burn.cli:main")
