"""protection: game protection for 21 Burn and the classic deal - what a depleted shoe, a
counter, a cut card or a flashed concealed card is worth.

Exact figures come from the exact engine run on a depleted shoe (complete enumeration); shoe
play comes from the simulator and is always reported with its seed, rounds and standard error.

Modules (one concern each):

- :mod:`.tc_table`: :class:`~.tc_table.TrueCountTable`, simulated rounds grouped by the true
  count before each round - what shoe play produces and what the counter's figures read.
- :mod:`.shoe_play`: shoe play to a cut card with a count (the table by true count), the shoe
  states met and their exact value by true count.
- :mod:`.cut_card`: the cut-card effect against the exact fresh-shoe value.
"""

from .tc_table import TrueCountTable

__all__ = ["TrueCountTable"]
