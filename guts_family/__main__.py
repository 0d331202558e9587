"""``python -m guts_family``: the same as the script (Ctrl-C handled from the first moment)."""

from guts_family._entry import main

main()
