"""toolkit_cli: the command-line layer both tools share (``twentyone-burn`` and ``guts-odds``).

One module per concern, each light (no numpy, numba or pandas; rich only while a bar is drawn):

- :mod:`~toolkit_cli.tool`: what a tool tells the layer - its name, version, bad-input errors;
- :mod:`~toolkit_cli.errors`: the one error boundary (exit 2 bad input, 1 the environment,
  130 Ctrl-C; one line ``error: ...``);
- :mod:`~toolkit_cli.progress`: the one progress display (a bar or a status line on a
  terminal; lines for a log);
- :mod:`~toolkit_cli.checks`: input checks made before any work (counts, fractions, seconds,
  output paths, ``--force``);
- :mod:`~toolkit_cli.provenance`: what every output says about where it came from;
- :mod:`~toolkit_cli.options`: option conventions (flags, ``--version``, ``--json``,
  ``--force``, an option's old name);
- :mod:`~toolkit_cli.help`: the command group both apps use (help without ``<bool>``),
  with :mod:`~toolkit_cli.coercion` (typer's value coercion built only for values given).

It imports nothing of either tool: a tool passes its :class:`~toolkit_cli.tool.Tool`.
"""

__all__: list[str] = []
