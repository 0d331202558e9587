"""warmup_split: what the second process of a first run does (:mod:`.warmup`) - the split
kernels called once, so numba compiles them into its on-disk cache.

Apart from :mod:`.warmup` because it imports the split (which asks :func:`.warmup.join`).

>>> callable(compile_split_kernels)
True
"""

from __future__ import annotations

import sys

__all__ = ["compile_split_kernels", "main"]


def compile_split_kernels() -> None:
    """What the second process runs: one split of a small finite shoe through
    :func:`.split.split_values`, with made-up stand EVs (only the kernels' argument types
    matter, and they are the analysis's own: ``split_values`` builds them)."""
    import numpy as np

    from ..rules import Rules
    from ..shoe import NRANKS, full_shoe
    from ..tables import double_allowed, hidden_combos
    from .player import MONEY, payoff_table
    from .split import split_hands, split_values

    rules = Rules(decks=1)
    pair, up = 7, 5
    order = split_hands(pair, rules.one_card_split(pair))
    base_p = full_shoe(1)
    base_p[up] -= 1
    base_p[pair] -= 1
    stand_p = np.zeros((len(order), NRANKS, len(hidden_combos(rules.max_hands)[0])))
    split_values(rules, pair, list(range(NRANKS)), base_p, stand_p, None, order,
                 payoff_table(rules), double_allowed(rules, split_hands=True), scale=MONEY)


def main() -> None:
    """The second process: the split kernels, then :data:`.warmup.SPLIT_DONE` on stdout."""
    from .warmup import SPLIT_DONE

    try:
        compile_split_kernels()
        print(SPLIT_DONE, flush=True)
    except KeyboardInterrupt:   # Ctrl-C at the terminal reaches this process too
        sys.exit(130)


if __name__ == "__main__":
    main()
