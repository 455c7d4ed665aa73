"""The Diplomacy tournament template: any scoring system, picked on the Settings sheet; scores and standings out.

A tournament director types one row per power per board (round, board, power, player, final supply centres, and
where the system needs them the draw, the year a power went out and the board's final year); Settings picks the
scoring system from a drop-down of every name DIPLOMACY_SYSTEMS lists, how a round scores (the sum of a player's
boards, or their best board), how the tournament adds rounds up (all, the best N, or the best two plus half the
rest) and the tie-breaks. Each row's score appears beside it and the Standings sheet ranks the players, as
:mod:`xlscore.core.systems.diplomacy.event` documents.

Both computed tables are one formula over the Games table: ``DIPLOMACY_POINTS`` and ``DIPLOMACY_STANDINGS``. The
Compare systems sheet is a third, ``DIPLOMACY_COMPARE``: the same results under every system with the same settings,
a row per system, marking the systems under which someone else would win.

Sample data: published boards, scored by Carnage with elimination order as the template opens: the webDiplomacy
announcement's three Carnage boards (7014, 6007, ... in a draw; 28,034 for Russia's solo; 6508 each for a shared
top), the World Diplomacy Database's two C-Diplo 100 boards and the Windy City Weasels' first Tribute game, over
three rounds of two boards (14 players). Switch the system to C-Diplo 100 or Tribute to see those sources' figures.
"""

from __future__ import annotations

from collections.abc import Sequence

from openpyxl.formatting.rule import FormulaRule
from openpyxl.styles import Alignment, PatternFill
from openpyxl.worksheet.datavalidation import DataValidation

from xlscore.core.errors import InputError
from xlscore.core.events.headings import heading
from xlscore.core.systems.diplomacy import SYSTEM_COLUMNS, SYSTEMS, system_row
from xlscore.core.systems.diplomacy.board import POWER_NAMES
from xlscore.core.systems.diplomacy.event import (
    ROUND_SCORES,
    TIE_BREAKS,
    TOURNAMENT_SCORES,
    DiplomacyStanding,
)
from xlscore.engine.files.book import Book
from xlscore.excel.templates import diplomacy_tournament_reader as reader
from xlscore.excel.templates import size_matters_tournament
from xlscore.excel.templates.base import Column, Template, setting_argument, validate, whole_table
from xlscore.excel.templates.rounds import (
    add_by_round_sheet,
    add_players_sheet,
    by_round_area,
    check_setting,
    choices,
    players_table,
    round_settings,
)
from xlscore.excel.templates.seating_sheet import NextRound, add_diplomacy_seating_sheet
from xlscore.excel.templates.shown import count_note, named_in

__all__ = ["DESCRIPTION", "FILE", "ROWS", "SAMPLE", "SYSTEM", "build", "standings"]

SYSTEM = "diplomacy"
FILE = "diplomacy-tournament.xlsx"
DESCRIPTION = "A Diplomacy tournament under any scoring system: boards by round, each power's score, the standings."

ROWS = 420  # 60 boards of seven powers
PLAYERS_SHOWN = 80
PLAYERS_CHARTED = 20
DEFAULT_SYSTEM = "Carnage with elimination order"

Row = tuple[int, int, str, str, int, str | None, int | None, int | None]


def _board(
    round_: int, board: int, players: str, centres: tuple[int, ...], out: dict[str, int], final: int
) -> tuple[Row, ...]:
    return tuple(
        (round_, board, power, player, count, None, out.get(power), final if power == "Austria" else None)
        for power, player, count in zip(POWER_NAMES, players.split(), centres, strict=True)
    )


SAMPLE: tuple[Row, ...] = (
    # Round 1, board 1: the Weasels' game #398 (Tribute: France 54.2 ...); Austria and England out (years ours).
    *_board(
        1, 1, "Alice Ben Chloe Dan Eve Finn Gita", (0, 0, 13, 4, 4, 12, 1), {"Austria": 1903, "England": 1904}, 1905
    ),
    # Round 1, board 2: the WDD's first C-Diplo 100 board (France 48, Germany and Italy 18.5 ...).
    *_board(1, 2, "Hugo Iris Jack Kim Leo Mia Noah", (4, 0, 9, 7, 7, 3, 4), {"England": 1906}, 1907),
    # Round 2, board 1: webDiplomacy's Carnage draw: Russia 7014, Turkey 6007, ..., Austria out first 1000.
    *_board(2, 1, "Iris Alice Mia Finn Jack Chloe Eve", (0, 3, 6, 4, 0, 14, 7), {"Austria": 1904, "Italy": 1906}, 1907),
    # Round 2, board 2: webDiplomacy's shared top: England and Russia 6508 each, Germany out 1000.
    *_board(2, 2, "Gita Noah Dan Leo Ben Hugo Kim", (1, 8, 7, 0, 4, 8, 6), {"Germany": 1905}, 1907),
    # Round 3, board 1: webDiplomacy's solo: Russia 28,034, everyone else 0.
    *_board(3, 1, "Kim Eve Hugo Alice Noah Dan Leo", (0, 3, 6, 4, 0, 18, 3), {"Austria": 1903, "Italy": 1905}, 1908),
    # Round 3, board 2: the WDD's second C-Diplo 100 board (England 48, Turkey 22 ...).
    *_board(3, 2, "Chloe Gita Ben Iris Finn Jack Mia", (5, 9, 4, 5, 3, 1, 7), {}, 1907),
)
COLUMNS = (
    *size_matters_tournament.COLUMNS,  # round, board, power, player, centres: a board as Size Matters reads it
    Column("draw", "text", width=8, help="yes for the powers sharing the draw; blank on every row: every survivor."),
    Column("eliminated", "whole", lo=1901, hi=2100, width=11, help="The year the power lost its last centre."),
    Column("final year", "whole", lo=1901, hi=2100, width=11, help="The board's last year (on any of its rows)."),
)
STANDINGS = ("place", "player", "total", "rounds", "boards", "solos", "best_game", "decided_by")
COMPARE = ("system", "family", "winner", "total", "lead", "chosen_winner_place", "winner_changes", "note")
CHANGED_FILL = "F8CBAD"  # the rows of the systems under which the winner changes
YES_NO_FORMAT = '"TRUE";"TRUE";"FALSE"'
SETTINGS = tuple(  # the rows' names are the reader's (reader.SETTINGS): B1 down
    zip(
        reader.SETTINGS,
        (DEFAULT_SYSTEM, ROUND_SCORES[0], TOURNAMENT_SCORES[0], None, None),
        (
            "the scoring system: pick from the list (the Systems sheet says what each needs)",
            "sum: every board of a round added; best: a player's best board in the round",
            "all: every round added; best N: the best N rounds (N below); best two plus half: the best two rounds "
            "and half of the rest",
            "N, for tournament best N; blank otherwise",
            f"after the total, in order, some of: {', '.join(TIE_BREAKS)}; blank: the system's published chain "
            "(Size Matters: solos, head to head; the others publish none); none: equal totals share a place",
        ),
        strict=True,
    )
)
ROUND_SETTINGS = round_settings()
"""After round, bye and bye score: Settings rows 6 to 8, under the five the reader knows."""


INTRO = (
    "1. Settings: pick the scoring system from the list (the Systems sheet lists every system, the inputs it "
    "needs beyond the centres, its source and its other reading where it has one), how a round scores and how "
    "rounds add up.",
    "2. Games: one row per power per board, seven rows for each board: the round, the board's number within "
    "the round, the power, the player and the supply centres at the end (0 for an eliminated power). Where "
    "the system needs them, type the year each eliminated power went out and, on any row of the board, the "
    "game's final year. 'draw': yes on the rows of the powers sharing the draw; leave it blank for a draw "
    "of every survivor; yes on one row alone is a game conceded to that power.",
    "3. Each row's score appears beside it; the Standings sheet adds them up, highest first, and 'decided "
    "by' says which tie-break separated two players. The Compare systems sheet scores the same results "
    "under every system with the same settings: each system's winner and total, shaded where someone else "
    "would win, and a note where a system needs an input the Games table lacks.",
    "4. Players: the players, the round each joins (late from), the last round each plays (dropped after), the "
    "rounds each sits out or had a bye. Leave it empty to count every row as typed. After round on the Settings "
    "shows the standings as they stood after that round (blank: every round); bye and bye score say what a bye "
    "scores.",
    "5. Seating: type the pairs who must not meet, if any, and the rounds; each round's boards of seven "
    "follow, seat 1 to 7 playing Austria, England, France, Germany, Italy, Russia and Turkey, so that "
    "players meet as few times as they can and play each power as evenly as they can. By round: the standings "
    "after every round and a chart of the leaders' places. Beside the seating, the next round's boards appear "
    "as soon as the last round's results are all in, seated from the standings (Top tables, Byes), each player's "
    "power given from the powers they played so far: nobody plays a power again while the board allows it.",
    "A bad board (eight rows, 35 centres, a draw member with no centres, a year the system needs left "
    "blank) shows as an error naming it. The functions are =DIPLOMACY_POINTS(...), "
    "=DIPLOMACY_STANDINGS(...) and =DIPLOMACY_COMPARE(...); without Excel, run 'xlscore recalc' on this file. "
    "The rules: docs/systems/diplomacy/.",
)
"""The Start here sheet's steps."""


def _formulas() -> tuple[str, str]:
    games = whole_table("Games", COLUMNS)
    return (
        f"=DIPLOMACY_POINTS({games},{setting_argument('Settings!$B$1')})",
        f"=DIPLOMACY_STANDINGS({games},{_settings()},{_round_settings()})",
    )


def _settings() -> str:
    """The five settings as DIPLOMACY_STANDINGS and DIPLOMACY_COMPARE take them, after the results."""
    return ",".join(setting_argument(f"Settings!$B${row}") for row in range(1, 6))


def _round_settings() -> str:
    """DIPLOMACY_STANDINGS' arguments after the five settings: after round, the players table, bye, bye score."""
    return f"{setting_argument(f'Settings!$B${len(SETTINGS) + 1}')},{players_table()},{_bye_settings()}"


def _bye_settings() -> str:
    """The bye and bye score settings as arguments (the rows under after round)."""
    first = len(SETTINGS) + 2
    return ",".join(setting_argument(f"Settings!$B${row}") for row in (first, first + 1))


def _compare_sheet(template: Template) -> None:
    """Every system side by side over the same Games table and settings; the rows where the winner changes shaded."""
    formula = f"=DIPLOMACY_COMPARE({whole_table('Games', COLUMNS)},{_settings()})"
    # A row per system, kept in LibreOffice even while there are no results (an empty template's answer is its header).
    ws = template.results("Compare systems", "A1", formula, COMPARE, len(SYSTEMS), reserve=len(SYSTEMS))
    last = len(SYSTEMS) + 1
    rule = FormulaRule(  # type: ignore[no-untyped-call]
        formula=["$G2=TRUE"], fill=PatternFill("solid", fgColor=CHANGED_FILL)
    )
    ws.conditional_formatting.add(f"A2:H{last}", rule)
    for row in range(2, last + 1):  # LibreOffice hands TRUE over as 1: shown as the word in both programs
        ws[f"G{row}"].number_format = YES_NO_FORMAT
    for letter, width in zip("ACH", (34, 24, 60), strict=True):
        ws.column_dimensions[letter].width = width
    template.printable(ws, landscape=True)


def _systems_sheet(template: Template) -> str:
    """A sheet listing every system, what it needs, its source and its other reading; the drop-down reads its first
    column."""
    ws = template.workbook.create_sheet("Systems")
    for c, header in enumerate(SYSTEM_COLUMNS, start=1):
        ws.cell(1, c, heading(header))
    for r, system in enumerate(SYSTEMS.values(), start=2):
        for c, value in enumerate(system_row(system), start=1):
            template.text(ws, f"{'ABCDE'[c - 1]}{r}", value)
    for letter, width in zip("ABCDE", (34, 14, 40, 90, 90), strict=True):
        ws.column_dimensions[letter].width = width
    ws.protection.sheet = True
    template.printable(ws)
    return f"Systems!$A$2:$A${len(SYSTEMS) + 1}"


def build(
    sample: bool = True, *, rows: int = ROWS, results: Sequence[Sequence[str | float | None]] | None = None
) -> Template:
    """The Diplomacy tournament workbook, with the sample tournament or empty.

    rows: the size of the Games table (the formulas cover it).
    results: rows (round, board, power, player, centres, draw, eliminated, final year) to fill it with instead of
        the sample; at most ``rows``.
    """
    if results is not None and len(results) > rows:
        raise InputError(f"results has {len(results):,} rows; expected at most rows = {rows:,}")
    filled = (SAMPLE if sample else ()) if results is None else results
    template = Template("Diplomacy tournament", SYSTEM)
    template.intro(list(INTRO))
    _settings_sheet(template, sample)
    games = template.input_table("Games", "Games", COLUMNS, filled, rows)
    powers = DataValidation(type="list", formula1=f'"{",".join(POWER_NAMES)}"', allow_blank=True)
    powers.error, powers.errorTitle, powers.showErrorMessage = "power: one of the seven great powers", "xlscore", True
    powers.add(f"C2:C{rows + 1}")
    games.add_data_validation(powers)
    games["I1"] = heading("score")
    score, table = _formulas()
    template.results_column(games, "I2", score, rows, "0.00")
    template.printable(games, landscape=True)
    _standings_sheet(template, table, rows)
    games_table = whole_table("Games", COLUMNS)
    by_round = f"=DIPLOMACY_STANDINGS_BY_ROUND({games_table},{_settings()},{players_table()},{_bye_settings()})"
    add_by_round_sheet(template, by_round, rows)
    _compare_sheet(template)
    seated = list(dict.fromkeys(str(row[3]) for row in SAMPLE)) if sample and results is None else []
    add_players_sheet(template, seated)
    add_diplomacy_seating_sheet(
        template, NextRound(by_round_area(rows), whole_table("Games", COLUMNS), reader.SEAT_POWERS)
    )
    return template


def _settings_sheet(template: Template, sample: bool) -> None:
    """The Settings sheet: the system from the Systems sheet's list, how rounds score and add up, the tie-breaks,
    the round settings, then the event's name and date."""
    settings = template.settings((*SETTINGS, *ROUND_SETTINGS))
    template.event_settings(len(SETTINGS) + len(ROUND_SETTINGS) + 2, sample)
    names = _systems_sheet(template)
    system = DataValidation(type="list", formula1=f"={names}", allow_blank=False)
    system.error, system.errorTitle, system.showErrorMessage = (
        "system: one of the Systems sheet's names",
        "xlscore",
        True,
    )
    system.add("B1")
    settings.add_data_validation(system)
    settings.add_data_validation(choices("B2", ROUND_SCORES, "round score: sum or best"))
    settings.add_data_validation(choices("B3", TOURNAMENT_SCORES, "tournament: all, best N or best two plus half"))
    # best as DIPLOMACY_STANDINGS takes it (1 to 1000); the tie-breaks are names the function checks, naming the
    # ones it knows, as no validation rule can check a list typed in one cell.
    validate(settings, Column("best", "whole", lo=1, hi=1000, help="N, for tournament best N; blank otherwise"), "B4")
    for row, (label, _, _) in enumerate(ROUND_SETTINGS, start=len(SETTINGS) + 1):
        check_setting(settings, label, f"B{row}")
    settings.column_dimensions["B"].width = 32
    for row in range(1, len(SETTINGS) + len(ROUND_SETTINGS) + 1):
        for column in "ABC":
            settings[f"{column}{row}"].alignment = Alignment(wrap_text=True, vertical="top")
    settings.row_dimensions[5].height = 45


def _standings_sheet(template: Template, formula: str, rows: int) -> None:
    """The Standings sheet: one DIPLOMACY_STANDINGS formula, the podium and a chart of the top players' totals."""
    standings_ws = template.results("Standings", "A1", formula, STANDINGS, PLAYERS_SHOWN, reserve=rows)
    count_note(standings_ws, "A1", len(STANDINGS), named_in("Games", COLUMNS, rows), rows)
    standings_ws.column_dimensions["B"].width = 18
    template.podium(standings_ws, f"A2:H{PLAYERS_SHOWN + 1}", "A", 2)
    template.printable(standings_ws)
    chart = template.bar_chart(standings_ws, f"Total score, top {PLAYERS_CHARTED}", 3, 2, PLAYERS_CHARTED, "J2")
    chart.y_axis.title = "points"
    chart.height, chart.width = 12, 16


def standings(book: Book) -> tuple[DiplomacyStanding, ...]:
    """The standings of a filled tournament workbook, computed by the core from its Games table and Settings."""
    return reader.standings(book)
