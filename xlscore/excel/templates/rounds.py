"""What every event template played in rounds shares (RPLOPS, Puffing Billy, Size Matters, Diplomacy): the Round
column of its results table, the Players sheet and the settings of rounds and byes.

* **Round** (:data:`ROUND_COLUMN`): an optional column of the results table. Blank on every row, the table is one
  round, so a workbook filled before the column existed, or filled without rounds, reads as before
  (:mod:`xlscore.core.events.rounds`).
* **Players** (:func:`add_players_sheet`): a sheet with the players table the standings and the seating both read:
  the player, the round they join (late from), the last round they play (dropped after), the rounds they sit out
  and the rounds they had a bye (:mod:`xlscore.core.events.roster`). Left empty, nobody is checked against it, as
  before; once a name is typed, every result's player must be on it.
* **Settings** (:func:`round_settings`): ``after round`` (blank: all rounds; a number: the standings as they stood
  after that round), and where the system scores byes, ``bye`` (none, fixed or average) and ``bye score``.
"""

from __future__ import annotations

from collections.abc import Sequence

from openpyxl.styles import Alignment, Protection
from openpyxl.utils import get_column_letter
from openpyxl.worksheet.datavalidation import DataValidation
from openpyxl.worksheet.worksheet import Worksheet

from xlscore.core.events.roster import BYE_RULES
from xlscore.excel.templates.base import INPUT_FILL, Column, Template, validate, whole_table

__all__ = [
    "AFTER_ROUND",
    "BYE",
    "BYE_SCORE",
    "PLAYERS_SHEET",
    "PLAYER_COLUMNS",
    "PLAYER_ROWS",
    "ROUND_COLUMN",
    "Setting",
    "add_players_sheet",
    "check_setting",
    "choices",
    "players_table",
    "round_settings",
    "write_settings",
]

ROUND_COLUMN = Column(
    "round", "whole", lo=1, hi=99, width=8, help="The round: 1, 2, 3 ... Leave it blank on every row for one round."
)
"""The optional Round column of an event's results table."""

PLAYERS_SHEET = "Players"
PLAYER_ROWS = 200
PLAYER_COLUMNS = (
    Column("player", "text", width=18, help="The player's name, as the results and the seating write it."),
    Column("late from", "whole", lo=1, hi=99, width=10, help="The first round the player plays; blank: round 1."),
    Column("dropped after", "whole", lo=1, hi=99, width=12, help="The last round the player plays; blank: all."),
    Column("sits out", "text", width=12, help="Rounds the player misses, such as 2 or 2, 4; blank: none."),
    Column("byes", "text", width=10, help="Rounds the player had a bye (left over at full tables): 3 or 1, 5."),
)

Setting = tuple[str, str | float | None, str]
"""A Settings row: its label, its value, what it means."""

AFTER_ROUND: Setting = (
    "after round",
    None,
    "blank: the standings after every round played; a round's number: the standings as they stood after it",
)
BYE: Setting = (
    "bye",
    None,
    "what a bye (a round in the Players sheet's byes column) scores: none, fixed (the bye score) or average (the "
    "player's own average); blank: none",
)
BYE_SCORE: Setting = ("bye score", None, "the score of a bye, for bye fixed; blank otherwise")


def add_players_sheet(template: Template, players: Sequence[str] = ()) -> Worksheet:
    """The Players sheet: the players table, with ``players`` typed in (a sample's roster), and how to read it."""
    rows = [(player,) for player in players]
    ws = template.input_table(PLAYERS_SHEET, "Players", PLAYER_COLUMNS, rows, PLAYER_ROWS)
    column = len(PLAYER_COLUMNS) + 2
    note = ws.cell(1, column)
    note.value = (
        "One row per player. Leave this table empty and every result counts as typed; once a name is here, each "
        "result's player must be here too. Late from: the first round the player plays. Dropped after: the last "
        "round they play (they keep their results and their place). Sits out: rounds they miss. Byes: rounds they "
        "had a bye, scored as the Settings say. The seating reads the same table."
    )
    note.alignment = Alignment(wrap_text=True, vertical="top")
    ws.column_dimensions[get_column_letter(column)].width = 60
    ws.merge_cells(start_row=1, start_column=column, end_row=12, end_column=column)
    template.printable(ws)
    return ws


def players_table() -> str:
    """The players table as a function's argument, by structured reference (it follows the table as it grows)."""
    return whole_table("Players", PLAYER_COLUMNS)


def choices(cell: str, allowed: Sequence[str], message: str) -> DataValidation:
    """A drop-down of ``allowed`` on ``cell``, refusing anything else with ``message``."""
    validation = DataValidation(type="list", formula1=f'"{",".join(allowed)}"', allow_blank=True)
    validation.error, validation.errorTitle, validation.showErrorMessage = message, "xlscore", True
    validation.add(cell)
    return validation


def round_settings(byes: bool = True) -> tuple[Setting, ...]:
    """The Settings rows of rounds, in order: after round, and with ``byes`` the bye and its score."""
    return (AFTER_ROUND, BYE, BYE_SCORE) if byes else (AFTER_ROUND,)


def write_settings(ws: Worksheet, first: int, rows: Sequence[Setting]) -> None:
    """Write ``rows`` on the Settings sheet ``ws`` from row ``first`` (label, a yellow cell, its meaning), with the
    checks of the round settings: after round a whole number, bye one of none, fixed or average."""
    for row, (label, value, note) in enumerate(rows, start=first):
        ws.cell(row, 1, label)
        cell = ws.cell(row, 2)
        Template.text(ws, cell.coordinate, value)
        cell.fill = INPUT_FILL
        cell.protection = Protection(locked=False)
        ws.cell(row, 3, note)
        check_setting(ws, label, cell.coordinate)


def check_setting(ws: Worksheet, label: str, cell: str) -> None:
    """The data validation of a round setting by its label (nothing for another)."""
    if label == AFTER_ROUND[0]:
        validate(ws, Column(label, "whole", lo=1, hi=99, help="blank (all rounds), or a round's number"), cell)
    elif label == BYE[0]:
        ws.add_data_validation(choices(cell, BYE_RULES, f"bye: one of {', '.join(BYE_RULES)}, or blank (none)"))
    elif label == BYE_SCORE[0]:
        validate(ws, Column(label, "number", lo=0, help="the score of a bye, for bye fixed"), cell)
