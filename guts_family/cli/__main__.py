"""``python -m guts_family.cli``: the ``guts-odds`` command (``python -m`` has imported the
app already; Ctrl-C from here on, and at exit, is handled as the script handles it)."""

from guts_family._entry import main

main()
