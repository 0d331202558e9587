"""``python -m twentyone_burn``: the same as the script (Ctrl-C handled from the first moment)."""

from twentyone_burn._entry import main

main()
