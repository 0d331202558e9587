"""Exact pot-vs-player odds for the match-the-pot guts games."""

__version__ = "0.1.0"
