"""The package version, in one place: a leaf module that every layer may import.

>>> __version__
'0.1.0'
"""

__all__ = ["__version__"]

__version__ = "0.1.0"
