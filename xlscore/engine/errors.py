"""The engine's errors: the exception of a workbook it will not take, and the error value a cell shows.

:class:`BookError` is raised, with a one-line message naming the file and the problem, for a workbook the engine
cannot read, compute within its bounds, or write. :class:`CellError` is the value of a cell whose formula ends in an
Excel error (``#VALUE!``), with the reason a reader should see; the functions a host registers
(:func:`xlscore.engine.register_functions`) return it and receive it, so that one error value crosses every cell.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

__all__ = ["MAX_CELL_TEXT", "BookError", "CellError", "shown", "too_long_text"]

MAX_CELL_TEXT: Final = 32_767
"""Excel's limit on a cell's text (Microsoft's "Excel specifications and limits"): a longer text is #VALUE!, in any
formula the engine computes and in a registered function's result (listed with the engine's other bounds in
:mod:`xlscore.engine.files.limits`)."""

_SHOWN: Final = 40
"""Characters of a value quoted in a message: a longer value is cut, so that the message stays one readable line."""


class BookError(Exception):
    """A workbook the engine cannot read, compute or write: not a spreadsheet, damaged, hostile, past a bound, or a
    file it may not replace. The message is one line naming the file and the problem."""


@dataclass(frozen=True)
class CellError:
    """An Excel error value with the message a reader should see (empty for a passed-through error)."""

    code: str
    message: str = ""

    def __str__(self) -> str:
        return f"{self.code} {self.message}".rstrip()


def too_long_text(length: int) -> str:
    """The reason a text over :data:`MAX_CELL_TEXT` is #VALUE!."""
    return f"a text of {length:,} characters, more than the {MAX_CELL_TEXT:,} a cell holds (Excel's limit)"


def shown(value: object) -> str:
    """A value as a message quotes it (its repr), cut to a readable length.

    The same rule as :func:`xlscore.core.validate.shown`, written again here because neither side of the wall may
    import the other; ``tests/engine/test_errors.py`` checks that the two agree."""
    text = repr(value)
    return text if len(text) <= _SHOWN else f"{text[: _SHOWN - 3]}..."
