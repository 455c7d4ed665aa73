"""The RPLOPS event template's reader: the cells :mod:`~xlscore.excel.templates.rplops_event` lays out, read back
into the core's standings without the workbook's formulas (``xlscore standings``; the tests hold the sheet to it).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from xlscore.excel.templates.filled import setting, table

if TYPE_CHECKING:
    from xlscore.core.events.rounds import RoundStanding
    from xlscore.core.systems.rplops_event import RplopsStanding
    from xlscore.engine.files.book import Book

__all__ = ["RESULTS_SHEET", "standings", "standings_by_round"]

RESULTS_SHEET = "Results"
"""The sheet of the results table, whose games are the event's earlier meetings."""


def standings(book: Book, after_round: int | None = None) -> tuple[RplopsStanding, ...]:
    """The standings of a filled RPLOPS event workbook, computed by the core from its Results and Settings, after
    ``after_round`` (None: all rounds)."""
    from xlscore.core.systems.rplops_event import rplops_standings

    return rplops_standings(*_inputs(book), after_round=after_round)


def standings_by_round(book: Book) -> tuple[RoundStanding, ...]:
    """The standings after every round of a filled RPLOPS event workbook."""
    from xlscore.core.systems.rplops_event import rplops_standings_by_round

    return rplops_standings_by_round(*_inputs(book))


def _inputs(book: Book) -> tuple[list[list[object]], float, int]:
    found = table(book, RESULTS_SHEET)  # the table first: its error is the one shown when both are wrong
    x = setting(book, "Settings", (1, 2), "x", 50.0)
    version = setting(book, "Settings", (2, 2), "version", 1.0)
    return found, x, version  # type: ignore[return-value]  # the core checks it is whole
