"""``python -m guts_family.cli``: the ``guts-odds`` command."""

from guts_family.cli.app import main

main()
