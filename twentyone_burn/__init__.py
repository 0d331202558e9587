"""Exact combinatorial analyser for 21 Burn."""

__version__ = "0.1.0"
