"""Whether a computed table shows every player it should, said in words (issue 29).

A spreadsheet program that keeps an array formula's area at a fixed size (LibreOffice Calc, Excel before dynamic
arrays) shows no row of the answer beyond that area, without a sign. The templates put this sentence beside each
standings table, so a table that cannot show every row says so: the players its input names, each counted once,
against the rows the table shows.
"""

from __future__ import annotations

from collections.abc import Iterable

from xlscore.core.cells import cell_text
from xlscore.core.errors import InputError
from xlscore.core.validate import items, whole
from xlscore.core.validate import shown as shown_value

__all__ = ["MISSING", "TABLE_FAILED", "players_shown"]

MISSING = "shown: the table is too small"
"""The words of the sentence when rows are missing."""
TABLE_FAILED = "the table to the left cannot be shown: its first cell is an error, whose own message says why"
"""The sentence's error when the table it counts is an error (a plan that cannot seat its players): the error's code
passed on with these words, since an error passed on from another cell comes without its message."""
AFTER = ", or names lie below its input table (docs/guide/libreoffice.md says what to do)"


def players_shown(table: Iterable[object], players: Iterable[object], noun: str = "players", times: int = 1) -> str:
    """Whether a table shows every player, in words: "All 6 players shown", or "7 players, 6 shown: the table is
    too small, ..." when its area cannot hold them all (a fixed-size array formula in LibreOffice).

    table: the table's first column, its header cell first, down as far as the table may reach; the rows shown
        are its filled cells below the header
    players: the players the table lists: its input table's player column, and below it (LibreOffice does not
        grow an input table as rows are typed under it); each name counted once (as xlscore reads names: trimmed,
        "Ann" and "ann" two players), blanks left out
    noun: what a row of the table is, for the sentence: players, seats
    times: the rows the table gives each player: 1, or the rounds of a seating (a row per player per round)
    """
    if not isinstance(noun, str) or not noun.strip():
        raise InputError(f"noun is {shown_value(noun)}; expected a word for the table's rows, such as players")
    each = whole("times", times, lo=1)
    rows = items("table", table, "cells: the table's first column, its header first")
    names = {text for text in map(cell_text, items("players", players, "names")) if text is not None}
    shown = sum(1 for text in map(cell_text, rows[1:]) if text is not None)
    expected = len(names) * each
    if expected == 0:
        return f"No {noun.strip()} yet"
    if expected > shown:
        return f"{expected} {noun.strip()}, {shown} {MISSING}{AFTER}"
    return f"All {shown} {noun.strip()} shown"
