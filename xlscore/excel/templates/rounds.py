"""What every event template played in rounds shares (RPLOPS, Puffing Billy, Size Matters, Diplomacy): the Round
column of its results table, the Players sheet and the settings of rounds and byes.

* **Round** (:data:`ROUND_COLUMN`): an optional column of the results table. Blank on every row, the table is one
  round, so a workbook filled before the column existed, or filled without rounds, reads as before
  (:mod:`xlscore.core.events.rounds`).
* **Players** (:func:`add_players_sheet`): a sheet with the players table the standings and the seating both read:
  the player, the round they join (late from), the last round they play (dropped after), the rounds they sit out
  and the rounds they had a bye (:mod:`xlscore.core.events.roster`). Left empty, nobody is checked against it, as
  before; once a name is typed, every result's player must be on it.
* **By round** (:func:`add_by_round_sheet`): the standings after every round (the system's
  ``*_STANDINGS_BY_ROUND``), and a line chart of the leaders' places round by round, 1st at the top, drawn from
  ``PLACES_BY_ROUND`` of that table.
* **Settings** (:func:`round_settings`): ``after round`` (blank: all rounds; a number: the standings as they stood
  after that round), and where the system scores byes, ``bye`` (none, fixed or average) and ``bye score``.
"""

from __future__ import annotations

from collections.abc import Sequence

from openpyxl.chart import LineChart, Reference
from openpyxl.chart.shapes import GraphicalProperties
from openpyxl.styles import Alignment, Font, Protection
from openpyxl.utils import get_column_letter
from openpyxl.worksheet.datavalidation import DataValidation
from openpyxl.worksheet.worksheet import Worksheet

from xlscore.core.events.roster import BYE_RULES
from xlscore.excel.templates.base import COMPUTED_FILL, INPUT_FILL, Column, Template, validate, whole_table

__all__ = [
    "AFTER_ROUND",
    "BYE",
    "BYE_SCORE",
    "BY_ROUND",
    "BY_ROUND_SHEET",
    "PLAYERS_SHEET",
    "PLAYER_COLUMNS",
    "PLAYER_ROWS",
    "ROUND_COLUMN",
    "Setting",
    "add_by_round_sheet",
    "add_players_sheet",
    "by_round_area",
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


BY_ROUND_SHEET = "By round"
BY_ROUND = ("round", "place", "player", "score", "total", "games", "change", "note")
"""The columns of every system's standings by round (:class:`xlscore.core.events.rounds.RoundStanding`)."""
CHARTED_PLAYERS = 7
"""Lines in the chart of places: the leaders after the last round (the chart's data is as wide as the table)."""
CHARTED_ROUNDS = 12
MARKER_COLOURS = ("4472C4", "ED7D31", "A5A5A5", "FFC000", "5B9BD5", "70AD47", "7030A0")
"""A colour per charted player (Office's own first six, then purple), the same in every program."""
PLACES_ANCHOR = "J24"
"""Where PLACES_BY_ROUND spills the chart's data: a row per round, a column per charted player."""


def by_round_area(reserve: int) -> str:
    """The By round sheet's table (as :func:`add_by_round_sheet` reserves it for ``reserve`` rows) as a reference
    from another sheet."""
    return f"'{BY_ROUND_SHEET}'!$A$1:${get_column_letter(len(BY_ROUND))}${reserve + 1}"


def add_by_round_sheet(template: Template, formula: str, reserve: int) -> Worksheet:
    """The By round sheet: ``formula`` (a ``*_STANDINGS_BY_ROUND`` call) spilling the standings after every round at
    A1, with ``reserve`` rows kept for it (as many as the results table has: a row per result at most, for an event
    whose players play every round), and beside it a line chart of the leaders' places by round."""
    ws = template.results(BY_ROUND_SHEET, "A1", formula, BY_ROUND, 60, reserve=reserve)
    ws.column_dimensions["C"].width = 18
    ws.column_dimensions["H"].width = 10
    last = reserve + 1
    template.spill(
        ws,
        PLACES_ANCHOR,
        f"=PLACES_BY_ROUND($A$1:$H${last},{CHARTED_PLAYERS})",
        rows=CHARTED_ROUNDS + 1,
        columns=CHARTED_PLAYERS + 1,
    )
    top, left = ws[PLACES_ANCHOR].row, ws[PLACES_ANCHOR].column
    ws.cell(top - 1, left, "The chart's data: each leader's place after each round.").font = Font(italic=True)
    for r in range(top, top + CHARTED_ROUNDS + 1):
        for c in range(left, left + CHARTED_PLAYERS + 1):
            ws.cell(r, c).fill = COMPUTED_FILL
            ws.cell(r, c).font = Font(bold=r == top)
    ws.add_chart(_places_chart(ws, top, left), "J2")
    return ws


def _places_chart(ws: Worksheet, top: int, left: int) -> LineChart:
    """A series per leader, a point at their place after each round, 1st at the top (the places axis reversed).

    Points without lines: LibreOffice reads a blank answer cell (a round not played yet, a round before a late
    player's first) as 0, which the reversed axis starting at 1 leaves out of sight; a line would run to it."""
    chart = LineChart()
    chart.title = f"Places by round, top {CHARTED_PLAYERS}"
    data = Reference(ws, min_col=left + 1, max_col=left + CHARTED_PLAYERS, min_row=top, max_row=top + CHARTED_ROUNDS)
    chart.add_data(data, titles_from_data=True)
    chart.set_categories(Reference(ws, min_col=left, min_row=top + 1, max_row=top + CHARTED_ROUNDS))
    chart.y_axis.scaling.orientation = "maxMin"  # 1st at the top
    chart.y_axis.scaling.min = 1
    chart.y_axis.majorUnit = 1
    chart.y_axis.title = "place"
    chart.x_axis.title = "after round"
    chart.x_axis.crosses = "max"  # the rounds along the bottom, where the reversed axis ends
    chart.x_axis.delete = False
    chart.y_axis.delete = False
    chart.display_blanks = "gap"  # a round before a late player's first: no point
    for series, colour in zip(chart.series, MARKER_COLOURS, strict=False):
        series.graphicalProperties.line.noFill = True
        series.marker.symbol = "circle"
        series.marker.size = 9
        series.marker.graphicalProperties = GraphicalProperties(solidFill=colour)
        series.marker.graphicalProperties.line.solidFill = colour
        series.smooth = False
    chart.height, chart.width = 10, 18
    return chart
