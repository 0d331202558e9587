"""``python -m twentyone_burn.cli``: the same entry point as the ``twentyone-burn`` script."""

from twentyone_burn.cli.app import main

main()
