"""tool: what a command-line tool tells the shared layer - its name, version and bad input.

>>> t = Tool("demo", "1.0", bad_input=(KeyError,))
>>> t.version_text, t.is_bad_input(KeyError("k")), t.is_bad_input(TypeError())
('demo 1.0', True, False)
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["Tool"]


@dataclass(frozen=True)
class Tool:
    """One tool: its program name and version, the exceptions that mean bad input (exit 2),
    and the wording of its own few lines.

    ``bad_input`` holds exception classes, or class names for classes defined in modules the
    tool imports only when a command runs (matched against the exception's class and its
    bases, so naming them imports nothing).
    """

    name: str
    version: str
    bad_input: tuple[type[BaseException] | str, ...] = ()
    #: what ``--version`` prints (default: the name and the version)
    version_line: str | None = None
    #: the line after ``error: `` when no command is given (the help is printed above it)
    no_command: str = "give a command (see --help)"
    #: the line after ``error: `` when memory runs out
    out_of_memory: str = "out of memory; use a smaller computation or a larger machine"
    #: what follows a usage error's message (click's own text)
    usage_hint: str = " (see --help)"

    @property
    def version_text(self) -> str:
        """The line ``--version`` prints."""
        return self.version_line or f"{self.name} {self.version}"

    def is_bad_input(self, e: BaseException) -> bool:
        """Is ``e`` one of this tool's bad-input exceptions (by class, or by class name)?"""
        names = {c.__name__ for c in type(e).__mro__}
        return any(isinstance(e, k) if isinstance(k, type) else k in names
                   for k in self.bad_input)
