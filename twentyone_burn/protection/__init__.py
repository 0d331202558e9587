"""protection: game protection for 21 Burn and the classic deal - what a depleted shoe, a
counter, a cut card or a flashed concealed card is worth.

Exact figures come from the exact engine run on a depleted shoe (complete enumeration); shoe
play comes from the simulator and is always reported with its seed, rounds and standard error.

Modules (one concern each):

- :mod:`.exposure`: hole-card exposure - the exact return when the player sees one or both of
  21 Burn's concealed cards, or whether one is ten-valued, and the classic deal's hole card
  (docs/protection.md, "Hole-card exposure").
- :mod:`.tc_table`: :class:`~.tc_table.TrueCountTable`, simulated rounds grouped by the true
  count before each round - what shoe play produces and what the counter's figures read.
- :mod:`.removal`: the exact effects of removal (:func:`~.removal.effects_of_removal`) and the
  linear model against exact depleted shoes.
- :mod:`.counts`: the betting correlation of a count's tags with an EoR table, and the best
  whole tags of level 1, 2 and 3.
- :mod:`.shoe_play`: shoe play to a cut card with a count (the table by true count), the shoe
  states met and their exact value by true count.
- :mod:`.cut_card`: the cut-card effect against the exact fresh-shoe value.
"""

from .tc_table import TrueCountTable

__all__ = ["TrueCountTable"]
