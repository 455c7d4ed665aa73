"""The Puffing Billy event template: boards in, board scores, finals and standings out, and paper score sheets.

Sample data: the TGA page's mock Empire Builder board (Jenny 252,000 ... Ben 60,000: 3.028, 2.492, 1.240, 0.194,
no score), a second Empire Builder table, a Rail Baron board where 2nd place out-scored the winner, and a two-board
Empire Builder final played on Jenny's figures (her ratio 1.402; 3.028 + 0.3 = 3.328) in which the page's
third-place rule gives Damien 3rd.

Every board score on the Boards sheet comes from one =PB_POINTS(...) formula over the whole table, each row's final
bonus from one =PB_FINAL_BONUSES(...), the Finals sheet from one =PB_FINALS(...), so the rules live in the core
alone. :func:`standings` computes the standings from the core directly, and the tests hold the sheet to it.
The layout of the Finals sheet and the paper score sheets is in :mod:`xlscore.excel.templates.puffing_billy_sheets`.
"""

from __future__ import annotations

from typing import cast

from openpyxl.styles import Protection
from openpyxl.worksheet.datavalidation import DataValidation

from xlscore.core.events.headings import heading
from xlscore.core.events.tie_breaks import TIE_BREAKS
from xlscore.core.systems.puffing_billy import PbDecided
from xlscore.engine.files.book import Book
from xlscore.excel.templates import puffing_billy_event_reader as reader
from xlscore.excel.templates import puffing_billy_sheets as sheets
from xlscore.excel.templates.base import (
    INPUT_FILL,
    Column,
    Template,
    setting_argument,
    validate,
    whole_table,
)
from xlscore.excel.templates.puffing_billy_event_reader import (
    FINAL_MARK,
    REQUIRED_ROWS,
)
from xlscore.excel.templates.rounds import (
    ROUND_COLUMN,
    Setting,
    add_by_round_sheet,
    add_players_sheet,
    by_round_area,
    players_table,
    round_settings,
    write_settings,
)
from xlscore.excel.templates.seating_sheet import NextRound, add_seating_sheet
from xlscore.excel.templates.shown import count_note, named_in

__all__ = ["DESCRIPTION", "FILE", "ROWS", "SAMPLE", "SYSTEM", "build", "standings"]

SYSTEM = "puffing-billy"
FILE = "puffing-billy-event.xlsx"
DESCRIPTION = "A Puffing Billy tournament: boards by game, board scores, finals, standings and paper score sheets."

ROWS = sheets.ROWS
PLAYERS_SHOWN = 60
PLAYERS_CHARTED = 12

_EB, _RB = "Empire Builder", "Rail Baron"
SAMPLE: tuple[tuple[str | float | None, ...], ...] = (
    # Round 1, the TGA page's mock board: not a final; Ben, 5th, gets no score.
    (_EB, "R1 T1", 1, "Jenny", 252_000, None, 1),
    (_EB, "R1 T1", 2, "Damien", 248_000, None, 1),
    (_EB, "R1 T1", 3, "Stephen", 121_000, None, 1),
    (_EB, "R1 T1", 4, "Sybil", 98_000, None, 1),
    (_EB, "R1 T1", 5, "Ben", 60_000, None, 1),
    (_EB, "R1 T2", 1, "Alice", 180_000, None, 1),
    (_EB, "R1 T2", 2, "Bruno", 150_000, None, 1),
    (_EB, "R1 T2", 3, "Carla", 135_000, None, 1),
    (_EB, "R1 T2", 4, "Dev", 90_000, None, 1),
    # Round 2, Rail Baron: the 2nd-place finisher ended with more money than the winner, so her bonus is 0.5.
    (_RB, "R1 T1", 1, "Ben", 220_000, None, 2),
    (_RB, "R1 T1", 2, "Sybil", 240_000, None, 2),
    (_RB, "R1 T1", 3, "Stephen", 100_000, None, 2),
    (_RB, "R1 T1", 4, "Carla", 50_000, None, 2),
    # Round 3, a two-board final: the page's multi-board example on Jenny's figures (ratio 1.402), and board A whose
    # 2nd place is below the table average, so Damien (1.380) takes 3rd.
    (_EB, "Final 1", 1, "Jenny", 252_000, FINAL_MARK, 3),
    (_EB, "Final 1", 2, "Damien", 248_000, FINAL_MARK, 3),
    (_EB, "Final 1", 3, "Stephen", 121_000, FINAL_MARK, 3),
    (_EB, "Final 1", 4, "Sybil", 98_000, FINAL_MARK, 3),
    (_EB, "Final A", 1, "Alice", 150_000, FINAL_MARK, 3),
    (_EB, "Final A", 2, "Bruno", 120_000, FINAL_MARK, 3),
    (_EB, "Final A", 3, "Carla", 115_000, FINAL_MARK, 3),
    (_EB, "Final A", 4, "Dev", 115_000, FINAL_MARK, 3),
)
SEATING_SAMPLE = (
    *("Jenny", "Damien", "Stephen", "Sybil", "Ben", "Alice", "Bruno", "Carla", "Dev"),
    *("Erin", "Farid", "Gail", "Hugo", "Iris", "Jules", "Kate"),
)
"""The sample's nine players and seven more: 16 in boards of 4 for 3 rounds, no two meeting twice."""
COLUMNS = (
    Column("game", "text", width=16, help="The game (category), such as Empire Builder: its boards share it."),
    Column("board", "text", width=10, help="The round or table: the rows of one board share game and board."),
    Column("place", "place", lo=1, hi=6, width=7, help="Finishing place as listed on the score sheet, 1 to 6."),
    Column("player", "text", width=16),
    Column("money", "number", lo=0, width=12, help="The player's game score (money), as written on the sheet."),
    Column("final", "text", width=7, help=f"'{FINAL_MARK}' for a board of the game's final; else leave blank."),
    ROUND_COLUMN,
)
COMPUTED = (("H", "score", 9, "0.000"), ("I", "final_bonus", 11, "0.0"))
STANDINGS = ("place", "player", "total", "decided_by")
ROUND_SETTINGS_ROW = REQUIRED_ROWS + 4
"""The Settings row of after round, under the required games; tie-breaks under it, the event's name and date
below them."""
ROUND_SETTINGS: tuple[Setting, ...] = (
    *round_settings(byes=False),
    (
        "tie-breaks",
        None,
        f"after the total, in order, some of: {', '.join(TIE_BREAKS)} (separated by commas); blank or none: "
        "equal totals share a place, as the source ranks them",
    ),
)


def _formulas(last: int) -> dict[str, str]:
    """Each computed column of the Boards sheet as one formula over the whole table.

    H: every row's board score (blank for 5th and 6th). I: the player's final bonus in the row's game, on each of
    their rows of it that has a score (0 without one).
    """
    del last  # the formulas follow the Boards table as it grows
    boards = whole_table("Boards", COLUMNS)
    return {"H2": f"=PB_POINTS({boards})", "I2": f"=PB_FINAL_BONUSES({boards})"}


def build(sample: bool = True) -> Template:
    """The Puffing Billy event workbook, with the sample event or empty."""
    template = Template("Puffing Billy tournament", SYSTEM)
    template.intro(
        [
            "1. Boards: one row per player per board, copied from the paper score sheet. Game is the category "
            "(Empire Builder), board the round or table (R1 T1), place the finishing place as listed (1 to 6), "
            "money the player's game score. Mark each board of a game's final 'yes' under final. Round: the "
            "board's round (1, 2, 3 ...); leave it blank on every row for an event of one round.",
            "2. Beside each row: score (the PB score, column (2) of the paper sheet) and the player's final bonus "
            "in that game. 5th and 6th place get no score for the board.",
            "3. Finals: filled in by itself from the boards marked final: the top three of each game's final, "
            "the board and place each came from, their ratio and their 0.3 / 0.2 / 0.1 bonus.",
            "4. Settings: best counts only a player's best N games (blank: every game); required lists games "
            "that always count. Standings adds up each player's best score per game plus final bonus. After round "
            "shows the standings as they stood after that round (blank: every round); tie-breaks separate equal "
            "totals, and 'decided by' says what put each player below the one above.",
            "Players: the players, the round each joins (late from), the last round each plays (dropped after) "
            "and the rounds each sits out. Leave it empty to count every board as typed; the seating reads it too.",
            "5. Score sheets: the TGA's paper board score sheet, two per page. Print it blank for the tables, "
            "or type a board into it to check the arithmetic.",
            "6. Seating: type the pairs who must not meet, if any, set the rounds and players per board, "
            "and every round's boards appear, opponents kept fresh and seats fair; each board's name (R1 T1) is "
            "what Boards takes under board. By round: the standings after every round and a chart of the "
            "leaders' places. Beside the seating, the next round's boards appear as soon as the last round's "
            "results are all in, seated from the standings (Top tables, Byes).",
            "The functions are =PB_POINTS(...), =PB_FINAL_BONUSES(...), =PB_FINALS(...), =PB_BOARD(...), "
            "=PB_STANDINGS(...) and =SEATING(...); without "
            "Excel, run 'xlscore recalc' on this file. The rules: docs/systems/puffing-billy.md.",
        ]
    )
    _settings(template)
    template.event_settings(ROUND_SETTINGS_ROW + len(ROUND_SETTINGS) + 1, sample)
    boards = template.input_table("Boards", "Boards", COLUMNS, SAMPLE if sample else (), ROWS)
    final_check = DataValidation(type="list", formula1=f'"{FINAL_MARK}"', allow_blank=True)
    final_check.error = f"final: '{FINAL_MARK}' or blank"
    final_check.showErrorMessage = True
    final_check.add(f"F2:F{ROWS + 1}")
    boards.add_data_validation(final_check)
    last = ROWS + 1
    formulas = _formulas(last)
    for letter, header, width, shown in COMPUTED:
        boards[f"{letter}1"] = heading(header)
        template.results_column(boards, f"{letter}2", formulas[f"{letter}2"], ROWS, shown)
        boards.column_dimensions[letter].width = width
    template.printable(boards, landscape=False)
    sheets.finals(template)
    _standings(template)
    sheets.score_sheets(template, sample)
    add_players_sheet(template, SEATING_SAMPLE if sample else ())
    next_round = NextRound(by_round_area(ROWS), whole_table("Boards", COLUMNS))
    add_seating_sheet(template, rounds=3, table_size=4, next_round=next_round)
    return template


def _settings(template: Template) -> None:
    settings = template.workbook.create_sheet("Settings")
    settings["A1"], settings["C1"] = "best", "count each player's best N games besides the required ones (blank: all)"
    settings["A2"] = "required"
    settings["C2"] = "games that always count (a player without one scores 0 for it), one per cell below"
    cells = ["B1", *(f"B{r}" for r in range(3, 3 + REQUIRED_ROWS))]
    for cell in cells:
        settings[cell].fill = INPUT_FILL
        settings[cell].protection = Protection(locked=False)
    validate(settings, Column("best", "whole", lo=1, hi=1_000_000, help="blank (all games), or N from 1"), "B1")
    # A required game is one of the Boards' games: a name spelt otherwise would score 0 for everyone. A warning,
    # not a refusal, so the required games can be typed before the boards.
    required = DataValidation(type="list", formula1=f"=Boards!$A$2:$A${ROWS + 1}", allow_blank=True)
    required.errorStyle = "warning"
    required.error = "required: not a game on the Boards sheet (a game not there scores 0 for every player)"
    required.errorTitle, required.showErrorMessage = "xlscore", True
    required.add(f"B3:B{2 + REQUIRED_ROWS}")
    settings.add_data_validation(required)
    write_settings(settings, ROUND_SETTINGS_ROW, ROUND_SETTINGS)
    settings.column_dimensions["A"].width = 12
    settings.column_dimensions["B"].width = 18
    settings.protection.sheet = True
    template.printable(settings, title_rows=None)


def _standings(template: Template) -> None:
    table = whole_table("Boards", COLUMNS)  # PB_STANDINGS scores the boards as PB_POINTS does
    required = f"Settings!B3:B{2 + REQUIRED_ROWS}"
    after_round, tie_breaks = (setting_argument(f"Settings!$B${ROUND_SETTINGS_ROW + i}") for i in range(2))
    best = setting_argument("Settings!B1")
    formula = f'=PB_STANDINGS({table},{best},{required},{after_round},{players_table()},{tie_breaks},"yes")'

    ws = template.results("Standings", "A1", formula, STANDINGS, 60, decimals=3, reserve=ROWS)
    count_note(ws, "A1", len(STANDINGS), named_in("Boards", COLUMNS, ROWS), ROWS)
    template.podium(ws, f"A2:D{PLAYERS_SHOWN + 1}", "A", 2)
    template.printable(ws)
    # The top players only, one bar each with its name: every name of 60 on one axis would run into each other.
    chart = template.bar_chart(ws, f"PB total, top {PLAYERS_CHARTED}", 3, 2, PLAYERS_CHARTED, "F2")
    chart.y_axis.title = "PB points"
    by_round = f"=PB_STANDINGS_BY_ROUND({table},{best},{required},{players_table()},{tie_breaks})"
    add_by_round_sheet(template, by_round, ROWS)


def standings(book: Book) -> tuple[PbDecided, ...]:
    """The standings of a filled Puffing Billy workbook, computed by the core from its Boards, Players and Settings,
    with the Decided by column its Standings sheet shows."""
    return cast(tuple[PbDecided, ...], reader.standings(book))
