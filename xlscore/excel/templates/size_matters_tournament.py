"""The Size Matters Diplomacy tournament template: every power's final centres in, scores and standings out.

A tournament director types one row per power per board (round, board, power, player, supply centres at the end);
each row's score appears beside it and the Standings sheet ranks the players (total, then solos, then head to
head, as :mod:`xlscore.core.systems.size_matters` documents).

Both computed tables are one formula over the Games table: ``SIZE_MATTERS_POINTS`` (each row's score) and
``SIZE_MATTERS_STANDINGS``; the core reads the round column, so boards are numbered within each round.

Sample data: the Size Matters article's own examples, over three rounds of two boards (14 players):

* the 4-way draw on 12, 8, 7 and 7 centres: 74.12, 49.41, 45 and 45 (exact; the article's rounding gives 74.03
  for 12 centres), and a 4-way draw on 12, 3, 10, 9: the 3-centre power scores 6/7 of 52.5 = 45;
* a solo with five powers holding centres: 5 centres score 3.68 (the article's 3.7), and on another solo board
  10 centres score 14.71 (the article's 14.7);
* two 2-way draws on 17 centres each (105 each), so a player with both ties the soloist of round 1 on 210 and is
  placed below, as the article asks; and two players on 45 separated by head to head.
"""

from __future__ import annotations

from collections.abc import Sequence

from openpyxl.styles import Alignment, Protection
from openpyxl.worksheet.datavalidation import DataValidation

from xlscore.core.errors import InputError
from xlscore.core.events.headings import heading
from xlscore.core.systems.size_matters import TIE_BREAKS, SizeMattersStanding
from xlscore.engine.files.book import Book
from xlscore.excel.templates import size_matters_tournament_reader as reader
from xlscore.excel.templates.base import INPUT_FILL, Column, Template, setting_argument, whole_table
from xlscore.excel.templates.rounds import (
    add_by_round_sheet,
    add_players_sheet,
    by_round_area,
    players_table,
    round_settings,
    write_settings,
)
from xlscore.excel.templates.seating_sheet import NextRound, add_diplomacy_seating_sheet
from xlscore.excel.templates.shown import count_note, named_in

__all__ = ["DESCRIPTION", "FILE", "POWERS", "ROWS", "SAMPLE", "SYSTEM", "build", "standings"]

SYSTEM = "size-matters"
FILE = "size-matters-tournament.xlsx"
DESCRIPTION = "A Size Matters Diplomacy tournament: final centres by board, each power's score, the standings."

ROWS = 420  # 60 boards of seven powers
PLAYERS_SHOWN = 80
PLAYERS_CHARTED = 20  # more bars than this would be too thin to read
POWERS = reader.SEAT_POWERS


def _board(round_: int, board: int, seats: tuple[tuple[str, int], ...]) -> tuple[tuple[int, int, str, str, int], ...]:
    return tuple(
        (round_, board, power, player, centres) for power, (player, centres) in zip(POWERS, seats, strict=True)
    )


SAMPLE: tuple[tuple[int, int, str, str, int], ...] = (
    # Round 1, board 1: the article's 4-way draw, 12, 8, 7, 7 and three eliminated.
    *_board(1, 1, (("Alice", 12), ("Ben", 8), ("Chloe", 7), ("Dan", 7), ("Eve", 0), ("Finn", 0), ("Gita", 0))),
    # Round 1, board 2: a solo with five powers holding centres; 5 centres is the article's 5 x 0.74 = 3.7.
    *_board(1, 2, (("Hugo", 1), ("Iris", 5), ("Jack", 18), ("Kim", 9), ("Leo", 1), ("Mia", 0), ("Noah", 0))),
    # Round 2, board 1: a solo with five powers holding centres; 10 centres is the article's 10 x 1.47 = 14.7.
    *_board(2, 1, (("Alice", 18), ("Ben", 10), ("Eve", 1), ("Gita", 1), ("Hugo", 1), ("Iris", 0), ("Kim", 0))),
    # Round 2, board 2: a 2-way draw, 105 each.
    *_board(2, 2, (("Dan", 17), ("Noah", 17), ("Jack", 0), ("Chloe", 0), ("Finn", 0), ("Leo", 0), ("Mia", 0))),
    # Round 3, board 1: another 2-way draw: Noah's second, 210 in all like Jack's solo.
    *_board(3, 1, (("Noah", 17), ("Eve", 17), ("Chloe", 0), ("Dan", 0), ("Hugo", 0), ("Kim", 0), ("Leo", 0))),
    # Round 3, board 2: a 4-way draw in which 3 centres scores the floor, 6/7 of 52.5 = 45 (Finn: 45 in all,
    # like Chloe, who beat him on the board they shared).
    *_board(3, 2, (("Alice", 12), ("Finn", 3), ("Ben", 10), ("Gita", 9), ("Jack", 0), ("Iris", 0), ("Mia", 0))),
)
COLUMNS = (
    Column("round", "whole", lo=1, hi=99, width=8, help="The round: 1, 2, 3 ..."),
    Column("board", "whole", lo=1, hi=99, width=8, help="The board's number within its round."),
    Column(
        "power", "text", width=12, help="The great power: Austria, England, France, Germany, Italy, Russia, Turkey."
    ),
    Column("player", "text", width=18),
    Column("centres", "whole", lo=0, hi=34, width=10, help="Supply centres at the end of the game, 0 to 34."),
)
STANDINGS = ("place", "player", "total", "solos", "head_to_head", "boards", "decided_by")
ROUND_SETTINGS = round_settings()
"""After round, bye and bye score: Settings rows 3 to 5, under modifier digits and tie-breaks."""


def _formulas(last: int) -> tuple[str, str, str]:
    """The score column's formula, the standings' and the standings by round's, over the Games table's rows
    1..``last``."""
    del last  # the formulas follow the Games table as it grows
    games = whole_table("Games", COLUMNS)
    digits, tie_breaks, after_round, bye, bye_score = (setting_argument(f"Settings!$B${row}") for row in range(1, 6))
    return (
        f"=SIZE_MATTERS_POINTS({games},{digits})",
        f"=SIZE_MATTERS_STANDINGS({games},{digits},{tie_breaks},{after_round},{players_table()},{bye},{bye_score})",
        f"=SIZE_MATTERS_STANDINGS_BY_ROUND({games},{digits},{tie_breaks},{players_table()},{bye},{bye_score})",
    )


INTRO = (
    "1. Games: one row per power per board, seven rows for each board. Type the round, the board's number "
    "within the round, the power, the player, and the supply centres the power held at the end of the "
    "game (0 for an eliminated power).",
    "2. Each row's score appears beside it. A power on 18 or more centres is a solo: 210 for the soloist, "
    "and every other power with centres scores centres x modifier. Otherwise the game is a draw shared by "
    "every power with centres: the draw-size score (210 / n; 15 for a 7-way draw) x modifier, never below "
    "6/7 of the draw-size score. The modifier is centres / (34 / n).",
    "3. Settings: modifier digits blank computes exactly (12 centres in a 4-way draw: 74.12); 2 rounds the "
    "modifier to 2 decimals as the Size Matters article does (74.03).",
    "4. Standings: each player's total, highest first. Equal totals are separated by the number of solos "
    "(a soloist above a player with two 2-way draws), then head to head: the difference between the tied "
    "players' scores on the boards they shared. 'decided by' says which. Settings' tie-breaks row lists "
    "them: reorder or shorten it for your event. After round shows the standings as they stood after that "
    "round (blank: every round); bye and bye score say what a bye scores.",
    "5. Players: the players, the round each joins (late from), the last round each plays (dropped after), "
    "the rounds each sits out or had a bye. Leave it empty to count every row as typed.",
    "6. Seating: every round's boards for the players listed, seat 1 to 7 playing Austria, England, France, "
    "Germany, Italy, Russia and Turkey. Beside it, the next round's boards appear as soon as the last round's "
    "results are all in, seated from the standings (Top tables, Byes), each player's power given from the powers "
    "the Games table says they played: nobody plays a power again while the board allows it.",
    "A board must have seven rows and at most 34 centres in all; a mistake shows as an error in its scores. "
    "The functions are =SIZE_MATTERS_POINTS(...) and =SIZE_MATTERS_STANDINGS(...); without Excel, run "
    "'xlscore recalc' on this file. The rules: docs/systems/size-matters.md.",
)
"""The Start here sheet's steps."""


def build(
    sample: bool = True, *, rows: int = ROWS, results: Sequence[Sequence[str | float | None]] | None = None
) -> Template:
    """The Size Matters tournament workbook, with the sample tournament or empty.

    rows: the size of the Games table (the formulas cover it); a benchmark makes it 50,000.
    results: rows (round, board, power, player, centres) to fill it with instead of the sample; at most ``rows``.
    """
    if results is not None and len(results) > rows:
        raise InputError(f"results has {len(results):,} rows; expected at most rows = {rows:,}")
    filled = (SAMPLE if sample else ()) if results is None else results
    template = Template("Size Matters Diplomacy tournament", SYSTEM)
    template.intro(list(INTRO))
    _settings(template)
    template.event_settings(3 + len(ROUND_SETTINGS) + 1, sample)
    games = template.input_table("Games", "Games", COLUMNS, filled, rows)
    powers = DataValidation(type="list", formula1=f'"{",".join(POWERS)}"', allow_blank=True)
    powers.error, powers.errorTitle, powers.showErrorMessage = "power: one of the seven great powers", "xlscore", True
    powers.add(f"C2:C{rows + 1}")
    games.add_data_validation(powers)
    games["F1"] = heading("score")
    score, table, by_round = _formulas(rows + 1)
    template.results_column(games, "F2", score, rows)
    games.column_dimensions["F"].width = 10
    for row in range(2, rows + 2):
        games[f"F{row}"].number_format = "0.00"
    template.printable(games)
    _standings_sheet(template, table, rows)
    add_by_round_sheet(template, by_round, rows)
    add_players_sheet(
        template, list(dict.fromkeys(str(row[3]) for row in filled)) if sample and results is None else []
    )
    add_diplomacy_seating_sheet(
        template, NextRound(by_round_area(rows), whole_table("Games", COLUMNS), reader.SEAT_POWERS)
    )
    return template


def _standings_sheet(template: Template, formula: str, rows: int) -> None:
    """The Standings sheet: one SIZE_MATTERS_STANDINGS formula, the podium and a chart of the top totals."""
    standings_ws = template.results("Standings", "A1", formula, STANDINGS, PLAYERS_SHOWN, reserve=rows)
    count_note(standings_ws, "A1", len(STANDINGS), named_in("Games", COLUMNS, rows), rows)
    for row in range(2, PLAYERS_SHOWN + 2):
        standings_ws[f"C{row}"].number_format = "0.00"
        standings_ws[f"E{row}"].number_format = "0.00"
    standings_ws.column_dimensions["B"].width = 18
    template.podium(standings_ws, f"A2:G{PLAYERS_SHOWN + 1}", "A", 2)
    template.printable(standings_ws)
    chart = template.bar_chart(standings_ws, f"Total score, top {PLAYERS_CHARTED}", 3, 2, PLAYERS_CHARTED, "I2")
    chart.y_axis.title = "Size Matters points"
    chart.height, chart.width = 12, 16


def _settings(template: Template) -> None:
    settings = template.workbook.create_sheet("Settings")
    settings["A1"], settings["C1"] = (
        "modifier digits",
        "blank: exact; 2: the modifier rounded to 2 decimals, as the article",
    )
    settings["B1"].fill = INPUT_FILL
    settings["B1"].protection = Protection(locked=False)
    digits = DataValidation(type="whole", operator="between", formula1="0", formula2="15", allow_blank=True)
    digits.error, digits.errorTitle, digits.showErrorMessage = (
        "modifier digits: blank, or a whole number 0 to 15",
        "xlscore",
        True,
    )
    digits.add("B1")
    settings.add_data_validation(digits)
    settings["A2"], settings["B2"], settings["C2"] = (
        "tie-breaks",
        ", ".join(TIE_BREAKS),
        "after the total, in order: reorder or shorten this list; blank: the published order; none: equal totals "
        "share a place",
    )
    settings["B2"].fill = INPUT_FILL
    settings["B2"].protection = Protection(locked=False)
    settings.column_dimensions["B"].width = 22
    for cell in ("A2", "B2", "C2"):
        settings[cell].alignment = Alignment(wrap_text=True, vertical="top")
    settings.row_dimensions[2].height = 32  # two lines
    write_settings(settings, 3, ROUND_SETTINGS)
    settings.column_dimensions["A"].width = 18
    settings.column_dimensions["C"].width = 70
    settings.protection.sheet = True
    template.printable(settings, title_rows=None)


def standings(book: Book) -> tuple[SizeMattersStanding, ...]:
    """The standings of a filled tournament workbook, computed by the core from its Games table and Settings."""
    return reader.standings(book)
