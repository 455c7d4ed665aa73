"""The RPLOPS event template's reader: the cells :mod:`~xlscore.excel.templates.rplops_event` lays out, read back
into the core's standings without the workbook's formulas (``xlscore standings``; the tests hold the sheet to it).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from xlscore.core.cells import is_blank
from xlscore.excel.templates.filled import setting, table
from xlscore.excel.templates.rounds_settings_reader import labelled, players, round_after

if TYPE_CHECKING:
    from xlscore.core.events.rounds import RoundStanding
    from xlscore.core.systems.rplops_event import RplopsStanding
    from xlscore.engine.files.book import Book

__all__ = ["BOARD_COLUMNS", "RESULTS_SHEET", "SETTINGS", "standings", "standings_by_round"]

RESULTS_SHEET = "Results"
"""The sheet of the results table, whose games are the event's earlier meetings."""
BOARD_COLUMNS = 1
"""How many first columns of the results table name a board (the game): a published page shows each apart."""
SETTINGS = ("x", "version")
"""The Settings sheet, a row each from B1 down."""


def standings(book: Book, after_round: int | None = None) -> tuple[RplopsStanding, ...]:
    """The standings of a filled RPLOPS event workbook, computed by the core from its Results and Settings, after
    ``after_round`` (None: all rounds)."""
    from xlscore.core.systems.rplops_event import rplops_standings

    results, x, version = _inputs(book)
    after = round_after(book, after_round)
    return rplops_standings(results, x, version, after, players(book), **_more(book), decided_by="yes")


def standings_by_round(book: Book) -> tuple[RoundStanding, ...]:
    """The standings after every round of a filled RPLOPS event workbook."""
    from xlscore.core.systems.rplops_event import rplops_standings_by_round

    return rplops_standings_by_round(*_inputs(book), players(book), **_more(book))


def _inputs(book: Book) -> tuple[list[list[object]], float, int]:
    found = table(book, RESULTS_SHEET)  # the table first: its error is the one shown when both are wrong
    x = setting(book, "x", 50.0)
    version = setting(book, "version", 1.0)
    return found, x, version  # type: ignore[return-value]  # the core checks it is whole


def _more(book: Book) -> dict[str, Any]:
    """The settings after the players table, by argument: bye, bye score, best and tie-breaks (blank where a
    workbook made before them has none); the core checks them."""
    labels = {"bye": "bye", "bye_score": "bye score", "best": "best", "tie_breaks": "tie-breaks"}
    return {name: _given(labelled(book, label)) for name, label in labels.items()}


def _given(value: object) -> object:
    """A setting as the core takes it: None when blank."""
    return None if is_blank(value) else value
