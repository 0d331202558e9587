"""text: how both tools echo a user's input in a message - the one part of the shared layer
the libraries use too.

``twentyone_burn.rules`` words its errors with :func:`shorten`, as the command lines do, so
an echoed value reads the same wherever the error is raised. This module imports nothing,
so a library layer that takes it takes no part of the command line with it
(``tests/test_architecture.py`` checks that the tools import nothing else of
``toolkit_cli`` outside their ``cli`` packages).

>>> shorten("a" * 100)[-5:]
'aa...'
"""

from __future__ import annotations

from typing import Any

__all__ = ["SHORT", "shorten"]

#: longest echo of a user's value in a message
SHORT = 80


def shorten(value: Any, limit: int = SHORT) -> str:
    """``repr(value)`` cut to ``limit`` characters, for echoing user input in a message.

    >>> shorten("x" * 1000)[-6:], len(shorten("x" * 1000)), shorten(2.5)
    ('xxx...', 80, '2.5')
    >>> shorten(10 ** 5000)[:24]
    'a number of 5001 digits'
    """
    if isinstance(value, str):
        text = repr(value[:limit + 1])  # never repr() a megabyte
    else:
        try:
            text = repr(value)
        except ValueError:  # an int too long to print (sys.set_int_max_str_digits)
            return f"a number of {int(value.bit_length() * 0.30103) + 1} digits"
    return text if len(text) <= limit else text[:limit - 3] + "..."
