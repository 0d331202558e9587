"""progress: the one progress display of long work - on a terminal, or as lines for a log.

Two kinds of report, one display policy:

- :func:`progress` yields ``update(done, total=None, step="")``: work that counts (up cards,
  rounds, lines), shown as a bar with the count, the step, the elapsed time and the ETA;
- :func:`status` yields ``update(text)``: work that only says where it is (a table size, a
  sampling step), shown as a spinner and the text.

Where it goes (:func:`display`): ``--quiet`` (:func:`set_quiet`) shows nothing; on a terminal a
live display on stderr, redrawn as the work reports and twice a second between reports (the
clock and the ETA move through a long step; the redrawing thread is held still while the
process forks its workers, so no child inherits a half-written line or a held lock); when
stderr is a file or a pipe (``2>&1 | tee log``) lines a person can follow in a log: none for
work shorter than :data:`LINES_AFTER` seconds, then one line per stage, at most one line every
:data:`LINE_EVERY` seconds within a stage, and a closing line with the stage's time. An
in-process stream without a file descriptor (a test's captured stderr) gets nothing unless asked
with ``lines=True``. The environment variable ``TOOLKIT_PROGRESS`` (``lines``, ``none``)
decides what a stderr that is not a terminal gets (the test suite sets ``none`` for every
command it runs, and ``lines`` where it checks them). rich is imported only when a live display
starts.

>>> with progress("work", quiet=True) as bar:
...     bar is None
True
"""

from __future__ import annotations

import contextlib
import os
import sys
import time
from collections.abc import Callable, Iterator
from typing import Any, Literal, TextIO

from .interrupt import at

__all__ = ["LINES_AFTER", "LINE_EVERY", "REFRESH_PER_SECOND", "STATUS_AFTER", "Lines",
           "display", "eta_seconds", "progress", "quiet", "set_quiet", "status",
           "stderr_is_terminal"]

#: seconds of work before a status display is drawn (shorter work stays quiet)
STATUS_AFTER = 3.0
#: at most one progress line every this many seconds, when the display is lines
LINE_EVERY = 5.0
#: seconds of work before the first line goes to a log (quick commands leave stderr silent);
#: the environment variable ``TOOLKIT_LINES_AFTER`` overrides it (a test seam: 0 = at once)
LINES_AFTER = 3.0

_QUIET = False


def set_quiet(on: bool = True) -> None:
    """``--quiet``: no progress anywhere for the rest of the process (both tools' commands
    take the option, :class:`toolkit_cli.help.Group` adds it)."""
    global _QUIET
    _QUIET = on


def quiet() -> bool:
    """Has ``--quiet`` been given?"""
    return _QUIET


def _stderr_is_a_file() -> bool:
    """Does stderr go to a file or a pipe (a log), rather than to an in-process stream?"""
    try:
        sys.stderr.fileno()
    except (AttributeError, OSError, ValueError):
        return False
    return True


def _lines_after() -> float:
    import os

    try:
        return max(0.0, float(os.environ.get("TOOLKIT_LINES_AFTER", LINES_AFTER)))
    except ValueError:
        return LINES_AFTER

Display = Literal["live", "lines", "none"]


def stderr_is_terminal() -> bool:
    """Is stderr a terminal (a live display, and notes meant for people, go there)?"""
    return sys.stderr.isatty()


def display(quiet: bool = False, lines: bool = False) -> Display:
    """Where progress goes: ``none`` if ``quiet`` (or ``--quiet``), ``live`` on a terminal,
    ``lines`` when stderr is a file or a pipe (a log a person follows) or when asked for,
    else ``none`` (an in-process stream, such as a test's captured stderr).

    >>> display(quiet=True)
    'none'
    """
    import os

    if quiet or _QUIET:
        return "none"
    if stderr_is_terminal():
        return "live"
    forced = os.environ.get("TOOLKIT_PROGRESS", "")
    if forced == "none":
        return "none"
    if forced == "lines":
        return "lines"
    return "lines" if lines or _stderr_is_a_file() else "none"


#: redraws a second of a live display between reports
REFRESH_PER_SECOND = 2.0
#: the live displays being shown (their redrawing threads are held still across a fork)
_SHOWN: list[Any] = []


def _hold_displays() -> None:
    # before a fork: wait until no display is being redrawn, and keep it so until the fork
    # is done (rich redraws under the display's lock)
    for prog in _SHOWN:
        prog.live._lock.acquire()


def _release_displays() -> None:
    for prog in reversed(_SHOWN):
        prog.live._lock.release()


def _release_in_child() -> None:
    # the child has the locks (this thread held them) but no redrawing thread; it never draws
    _release_displays()
    _SHOWN.clear()


os.register_at_fork(before=_hold_displays, after_in_parent=_release_displays,
                    after_in_child=_release_in_child)


class _Live:
    """One transient rich display on stderr, started at the first report it shows."""

    def __init__(self, columns: Callable[[Any], list[Any]]) -> None:
        self._columns = columns
        self._prog: Any = None
        self._task: Any = None

    def _start(self, description: str, total: float | None, done: float, **fields: Any) -> None:
        from rich import progress as rp
        from rich.console import Console

        prog: Any = rp.Progress(*self._columns(rp), console=Console(stderr=True), transient=True,
                                auto_refresh=True, refresh_per_second=REFRESH_PER_SECOND)
        self._task = prog.add_task(description, total=total, completed=done, **fields)
        _SHOWN.append(prog)
        self._prog = prog
        prog.start()

    def stop(self) -> None:
        if self._prog is not None:
            self._prog.stop()
            if self._prog in _SHOWN:
                _SHOWN.remove(self._prog)


class _Bar(_Live):
    """The bar of counted work: label, bar, count or percentage, step, rate, elapsed, ETA."""

    def __init__(self, label: str, unit: str, rate_unit: str | None, rate_scale: float) -> None:
        counted = "{task.completed:,.0f}/{task.total:,.0f} " + unit if unit else \
            "{task.percentage:>3.0f}%"

        def columns(rp: Any) -> list[Any]:
            cols = [rp.TextColumn(label), rp.BarColumn(), rp.TextColumn(counted),
                    rp.TextColumn("{task.description}")]
            if rate_unit:
                cols.append(rp.TextColumn("{task.fields[rate]}"))
            return cols + [rp.TimeElapsedColumn(), rp.TextColumn("ETA"), _eta_column(rp)]

        super().__init__(columns)
        self._rate_unit, self._rate_scale = rate_unit, rate_scale
        self._first: tuple[float, float] = (0.0, 0.0)

    def __call__(self, done: float, total: float | None = None, step: str = "") -> None:
        now = time.perf_counter()
        if self._prog is None:
            # work done before the first report (resumed from a checkpoint) is not this run's
            self._start(step, total, int(done), rate="", reported=None, first=int(done))
            self._first = (done, now)
        else:
            d0, t0 = self._first
            rate = (done - d0) / (now - t0) if now > t0 else 0.0
            self._prog.update(self._task, completed=done, total=total, description=step,
                              rate=f"{rate / self._rate_scale:.2f} {self._rate_unit}",
                              reported=self._prog.get_time())
        self._prog.refresh()
        at("bar-drawn")     # the test seam: Ctrl-C under a drawn bar


def eta_seconds(elapsed: float, done: float, total: float | None, since: float) -> float | None:
    """Seconds left: the average rate so far (``done`` of ``total`` in ``elapsed``
    seconds, as at the last report) projected to the end, less the ``since`` seconds
    gone since that report - so the ETA counts down between reports. None before any
    work is done.

    >>> eta_seconds(10.0, 1, 4, 0.0), eta_seconds(10.0, 1, 4, 2.5), eta_seconds(5, 0, 4, 0)
    (30.0, 27.5, None)
    """
    if not total or done <= 0 or elapsed <= 0:
        return None
    return max(0.0, elapsed * (total - done) / done - since)


def _eta_column(rp: Any) -> Any:
    """A rich column showing :func:`eta_seconds` as h:mm:ss (``-:--:--`` before any work)."""
    from rich.text import Text

    class _Eta(rp.ProgressColumn):
        max_refresh = None

        def render(self, task: Any) -> Any:
            at_report = task.fields.get("reported")
            left = None
            if at_report is not None and task.start_time is not None:
                # this run's work only (a resumed run's first count is not its own)
                first = task.fields.get("first", 0.0)
                left = eta_seconds(at_report - task.start_time, task.completed - first,
                                   None if task.total is None else task.total - first,
                                   task.get_time() - at_report)
            if left is None:
                return Text("-:--:--", style="progress.remaining")
            m, sec = divmod(int(left + 0.5), 60)
            h, m = divmod(m, 60)
            return Text(f"{h}:{m:02d}:{sec:02d}", style="progress.remaining")

    return _Eta()


class _Status(_Live):
    """The status of work that does not count: a spinner, the label and the text, drawn from
    the first report after ``after`` seconds."""

    def __init__(self, label: str, after: float) -> None:
        super().__init__(lambda rp: [rp.SpinnerColumn(), rp.TextColumn("{task.description}"),
                                     rp.TimeElapsedColumn()])
        self._label, self._after = label, after
        self._begun = time.perf_counter()

    def __call__(self, text: str) -> None:
        if self._prog is None:
            if time.perf_counter() - self._begun < self._after:
                return
            self._start(f"{self._label} {text}", None, 0)
        self._prog.update(self._task, description=f"{self._label} {text}")
        self._prog.refresh()


class Lines:
    """Progress as lines for a log: one when the step changes, else at most one every
    ``every`` seconds, each ``label: step, done of total unit, N s``.

    Nothing is written in the first ``after`` seconds (a quick command leaves a log
    silent); once a line has been written, :meth:`close` adds the closing one.

    >>> import io
    >>> clock = iter([0.0, 1.0, 2.0, 9.0, 12.0]).__next__
    >>> out = io.StringIO()
    >>> log = Lines("deriving charts", unit="charts", stream=out, clock=clock, after=0)
    >>> log(1, 20), log(2, 20), log(3, 20), log.close()
    (None, None, None, None)
    >>> print(out.getvalue(), end="")
    deriving charts: 1 of 20 charts, 1 s
    deriving charts: 3 of 20 charts, 9 s
    deriving charts: done, 12 s
    """

    def __init__(self, label: str, unit: str = "", *, every: float = LINE_EVERY,
                 stream: TextIO | None = None,
                 clock: Callable[[], float] = time.monotonic,
                 after: float | None = None) -> None:
        self._label, self._unit, self._every = label, unit, every
        self._stream, self._clock = stream, clock
        self._after = _lines_after() if after is None else after
        self._begun = clock()
        self._step: str | None = None
        self._last = -float("inf")
        self._wrote = False

    def _write(self, text: str, now: float) -> None:
        stream = self._stream or sys.stderr
        stream.write(f"{self._label}: {text}, {now - self._begun:.0f} s\n")
        stream.flush()
        self._last = now
        self._wrote = True

    def _early(self, now: float) -> bool:
        return not self._wrote and now - self._begun < self._after

    def __call__(self, done: float, total: float | None = None, step: str = "") -> None:
        now = self._clock()
        if self._early(now) or (step == self._step and now - self._last < self._every):
            return
        self._step = step
        count = f"{done:,.0f}" + (f" of {total:,.0f}" if total is not None else "")
        parts = [step, count + (f" {self._unit}" if self._unit else "")]
        self._write(", ".join(p for p in parts if p), now)

    def status(self, text: str) -> None:
        """A status report (see :func:`status`): a line at most every ``every`` seconds (the
        first once the work has run ``after`` seconds)."""
        now = self._clock()
        if not self._early(now) and now - self._last >= self._every:
            self._write(text, now)

    def close(self) -> None:
        """The stage's closing line with its time, if it wrote any line at all."""
        if self._wrote:
            self._write("done", self._clock())


@contextlib.contextmanager
def progress(label: str, *, unit: str = "", rate_unit: str | None = None,
             rate_scale: float = 1.0, quiet: bool = False, lines: bool = False
             ) -> Iterator[Callable[..., None] | None]:
    """A progress callback ``update(done, total=None, step="")`` for counted work, shown as
    :func:`display` says; None when nothing is shown.

    ``unit`` names what is counted (the bar shows a percentage without one); ``rate_unit``
    and ``rate_scale`` add a rate (done per second / ``rate_scale``).
    """
    at("work-started")      # the test seam: Ctrl-C once a command's counted work begins
    where = display(quiet, lines)
    if where == "none":
        yield None
        return
    if where == "lines":
        log = Lines(label, unit)
        yield log
        log.close()
        return
    bar = _Bar(label, unit, rate_unit, rate_scale)
    try:
        yield bar
    finally:
        bar.stop()


@contextlib.contextmanager
def status(label: str, *, after: float = STATUS_AFTER, quiet: bool = False,
           lines: bool = False) -> Iterator[Callable[[str], None] | None]:
    """A status callback ``update(text)`` for work that does not count, shown as
    :func:`display` says (on a terminal once the work has run ``after`` seconds); None when
    nothing is shown.

    >>> with status("sampling", quiet=True) as update:
    ...     update is None
    True
    """
    where = display(quiet, lines)
    if where == "none":
        yield None
        return
    if where == "lines":
        log = Lines(label)
        yield log.status
        log.close()
        return
    live = _Status(label, after)
    try:
        yield live
    finally:
        live.stop()
