"""How large a workbook ``xlscore recalc`` takes: a larger one is refused with one line before it is computed.

The zip and XML guards of :mod:`xlscore.engine.files.safezip` bound what reading a file can cost; these bound
what computing it can cost, counted as the workbook is read, so that a file far beyond any tournament is refused in
seconds, not left running for minutes or ending in MemoryError:

* :data:`MAX_FORMULA_LENGTH`: Excel's own limit on a formula's text, 8,192 characters. Excel cannot save a longer
  one, so a file that has one was not made by Excel.
* :data:`MAX_SHEETS`: sheets (worksheets, chart sheets and dialog sheets) in the workbook.
* :data:`MAX_CELLS`: cells with a value or a formula, all sheets together.
* :data:`MAX_FORMULAS`: formula cells, all sheets together (each cell of a filled-down formula counts).
* :data:`MAX_SHARED_STRINGS`: entries of the shared-string table.

docs/recalc.md gives the figures measured at and below each limit. The templates filled to 100,000 result rows are
far below all of them (about 600,000 cells and a few hundred formula cells).
"""

from __future__ import annotations

import contextlib
import signal
import threading
import time
from collections.abc import Iterator
from typing import Final

from xlscore.engine.errors import MAX_CELL_TEXT, BookError, too_long_text

__all__ = [
    "MAX_CELLS",
    "MAX_FORMULAS",
    "MAX_FORMULA_LENGTH",
    "MAX_LAMBDA_CALLS",
    "MAX_LAMBDA_DEPTH",
    "MAX_MEMORY_MIB",
    "MAX_RANGE_CELLS",
    "MAX_SECONDS",
    "MAX_SHARED_STRINGS",
    "MAX_SHEETS",
    "MAX_TEXT_LENGTH",
    "Budget",
    "Deadline",
    "bound_memory",
    "check_array",
    "check_formula",
    "check_shared_strings",
    "check_sheets",
    "too_long_text",
]

MAX_FORMULA_LENGTH: Final = 8_192
MAX_SHEETS: Final = 1_000
MAX_CELLS: Final = 2_000_000
MAX_FORMULAS: Final = 200_000
MAX_SHARED_STRINGS: Final = 1_000_000
MAX_TEXT_LENGTH: Final = MAX_CELL_TEXT
"""Excel's limit on a cell's text, 32,767 characters: a function or operator that would make a longer one gives
#VALUE!, as in Excel (:mod:`xlscore.engine.functions.text.text_limit`), and so does a registered function's result.
Defined with the engine's error value in :mod:`xlscore.engine.errors`, which a host's functions share."""
MAX_RANGE_CELLS: Final = 10_000_000
"""A range a formula reads is read whole, as a grid, up to the sheet's last used row and column: one larger than
this (``=SUM(B:XFD)`` on a sheet with a value in XFD1048576) is #VALUE! in that formula's cell, with the reason."""

MAX_LAMBDA_DEPTH: Final = 1_000
"""Nested calls of a defined-name LAMBDA that calls itself (``FACT(170)`` is 170 deep); past it, #NUM!, the error
Excel gives for too many recursive calls (:mod:`xlscore.engine.rewrite.recursive_lambdas`)."""
MAX_LAMBDA_CALLS: Final = 10_000
"""Distinct calls of such LAMBDAs in one formula (each set of values is computed once: ``FIB(25)`` is 26)."""
MAX_SECONDS: Final = 600.0
"""How long a recalculation may compute (reading the book and evaluating it) before it stops, writing nothing:
ten minutes, where a template filled to 100,000 result rows takes under 6 s and the largest book within the other
limits about 40 s (``xlscore recalc --max-seconds``)."""
MAX_MEMORY_MIB: Final = 4_096
"""How much memory (address space, MiB) ``xlscore recalc`` lets itself use (``--max-memory``): a book at the cell
limit peaks under 1 GiB; past this the run ends with one line instead of the machine swapping."""

_LARGER = "far larger than any tournament's workbook; split it, or recalculate it in Excel"


def _refuse(label: str, what: str) -> BookError:
    return BookError(f"{label} was refused: {what}, {_LARGER}")


def check_sheets(label: str, count: int) -> None:
    if count > MAX_SHEETS:
        raise _refuse(label, f"it has {count:,} sheets, more than the {MAX_SHEETS:,} xlscore recalculates")


def check_shared_strings(label: str, xml: bytes) -> None:
    """Refuse a shared-string table of more than :data:`MAX_SHARED_STRINGS` entries, counted before it is parsed."""
    count = xml.count(b"<si>") + xml.count(b"<si ") + xml.count(b":si>") + xml.count(b":si ")
    if count > MAX_SHARED_STRINGS:
        raise _refuse(
            label, f"its shared-string table has {count:,} entries, more than the {MAX_SHARED_STRINGS:,} xlscore reads"
        )


def check_formula(where: str, text: str) -> None:
    if len(text) > MAX_FORMULA_LENGTH:
        raise BookError(
            f"{where} holds a formula of {len(text):,} characters, more than Excel's limit of {MAX_FORMULA_LENGTH:,} "
            "(Excel cannot have saved it); refused"
        )


def check_array(where: str, cells: int) -> None:
    """Refuse a legacy array formula over more cells than :data:`MAX_CELLS`: each of its cells is written, so it
    counts against the same cap as the cells of the sheets (``{=1}`` over A1:XFD1048576 is 17 billion)."""
    if cells > MAX_CELLS:
        raise BookError(
            f"{where} holds an array formula over {cells:,} cells, more than the {MAX_CELLS:,} cells xlscore "
            f"recalculates; {_LARGER}"
        )


def _tags(xml: bytes, tag: bytes) -> int:
    """How many start tags ``<tag ...>`` (or ``<x:tag ...>`` in a sheet written with a prefix) the XML has."""
    plain = xml.count(b"<" + tag + b" ") + xml.count(b"<" + tag + b">")
    return plain or xml.count(b":" + tag + b" ") + xml.count(b":" + tag + b">")


class Budget:
    """The cells and formula cells of a workbook's sheets, added up sheet by sheet as each is read, before its
    cells are scanned: a sheet that takes the workbook over :data:`MAX_CELLS` or :data:`MAX_FORMULAS` is refused
    after one count of its tags."""

    def __init__(self, label: str) -> None:
        self.label = label
        self.cells = 0
        self.formulas = 0

    def sheet(self, name: str, xml: bytes) -> None:
        # A cell is a <c> element (<c r=...> or, with a prefix, <x:c r=...>); a formula one <f> in it. The count
        # is of start tags only, so text (which cannot hold "<") never adds to it.
        self.cells += _tags(xml, b"c")
        self.formulas += _tags(xml, b"f")
        if self.cells > MAX_CELLS:
            raise _refuse(
                self.label,
                f"with sheet {name!r} it has {self.cells:,} cells, more than the {MAX_CELLS:,} xlscore recalculates",
            )
        if self.formulas > MAX_FORMULAS:
            raise _refuse(
                self.label,
                f"with sheet {name!r} it has {self.formulas:,} formula cells, more than the {MAX_FORMULAS:,} xlscore "
                "recalculates",
            )


class TimeUp(BaseException):
    """Raised by the watchdog of :class:`Deadline` in the middle of a computation that outran it: a BaseException,
    so that no ``except Exception`` on the way (the engine's, around one formula) takes it for the formula's error."""


class Deadline:
    """The time a recalculation may take: checked before each formula (:meth:`check`), and, for one formula that
    runs long, by a watchdog (:meth:`watchdog`) that interrupts it a second after the time is up.

    ``at`` is where the computation stands (a sheet and how far it got), for the message that stops it.
    """

    def __init__(self, seconds: float | None, label: str = "the workbook") -> None:
        self.seconds = seconds
        self.label = label
        self.end = None if seconds is None else time.monotonic() + seconds
        self.at: object = "reading the workbook"  # a text, or what becomes one only if it is shown

    def check(self) -> None:
        if self.end is not None and time.monotonic() > self.end:
            raise self.stopped()

    def stopped(self) -> BookError:
        return BookError(
            f"{self.label}: stopped after {self.seconds:g} s (--max-seconds), {self.at}; nothing was written. "
            "Give a larger --max-seconds to let it finish"
        )

    @contextlib.contextmanager
    def watchdog(self) -> Iterator[None]:
        """Within the block, a computation still running a second past the end is interrupted and ends in
        :meth:`stopped`. The watchdog is the process's interval timer (SIGALRM), so only in the main thread of a
        system that has one; elsewhere the checks between formulas alone bound the time."""
        usable = (
            self.end is not None
            and hasattr(signal, "setitimer")
            and threading.current_thread() is threading.main_thread()
            and signal.getitimer(signal.ITIMER_REAL)[0] == 0  # never one another part of the program set
        )
        if not usable:
            yield
            return
        assert self.end is not None

        def interrupt(signum: int, frame: object) -> None:
            raise TimeUp

        previous = signal.signal(signal.SIGALRM, interrupt)
        signal.setitimer(signal.ITIMER_REAL, max(self.end - time.monotonic(), 0.0) + 1.0)
        try:
            yield
        except TimeUp:
            raise self.stopped() from None
        finally:
            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM, previous)


@contextlib.contextmanager
def bound_memory(mib: int) -> Iterator[None]:
    """Within the block, this process's address space is limited to ``mib`` MiB (where the system has resource
    limits), so that a workbook asking for more ends in MemoryError, worded by the command line, instead of the
    machine swapping. A limit already lower is kept; the one before is put back after the block."""
    try:
        import resource
    except ImportError:  # Windows: no such limit
        yield
        return
    soft, hard = resource.getrlimit(resource.RLIMIT_AS)
    wanted = mib * 2**20 if hard == resource.RLIM_INFINITY else min(mib * 2**20, hard)
    if soft != resource.RLIM_INFINITY and soft <= wanted:
        yield
        return
    resource.setrlimit(resource.RLIMIT_AS, (wanted, hard))
    try:
        yield
    finally:
        resource.setrlimit(resource.RLIMIT_AS, (soft, hard))
