"""``python -m twentyone_burn.cli``: the same entry point as the ``twentyone-burn`` script
(``python -m`` has imported the app already; Ctrl-C from here on, and at exit, is handled as
the script handles it)."""

from twentyone_burn._entry import main

main()
