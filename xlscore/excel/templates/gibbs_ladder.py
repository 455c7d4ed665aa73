"""The Gibbs ladder template: a club's chronological history of ranked games in, everyone's ranking points out.

A ladder is never finished: the coordinator adds the rows of each new game at the bottom of Games and the
Standings and History sheets follow. Standings is one GIBBS_RATINGS formula over the whole history; History is
the same formula with trajectory TRUE (one row per player per game: RP before and after) and, beside it, a chart
of the current top players' RP game by game.

The chart's data is one more formula, GIBBS_RP_BY_GAME: each charted player's RP after every game of the ladder.
It charts the top :data:`CHARTED` of the standings, so a big club's chart stays readable and nobody has to keep a
list of names up to date. (It replaced a formula of UNIQUE, FILTER and MMULT: LibreOffice 7.4 has neither UNIQUE
nor FILTER, and Excel 2019 neither.)

Pools: a game whose pool cell is blank is rated with its kind of game, as Tropic Euro keeps them (3-5P for 3 to 5
players, 1v1 for 2); typing 2v2 marks a game of two fixed teams. The Settings row "one pool" (the functions' last
argument, one_pool) puts every game without a pool in one pool instead, for a club with one ladder for everything.

Sample: no published ladder exists, so the sample is a short invented one of seven 3-, 4- and 5-player games among
six players; its first game is the docs' four newcomers (1530.18, 1510.06, 1489.94, 1469.82) and the template
test works that game out by hand from the published rule.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence

from openpyxl.chart import Reference, ScatterChart, Series
from openpyxl.chart.data_source import StrRef
from openpyxl.chart.series import SeriesLabel
from openpyxl.chart.shapes import GraphicalProperties
from openpyxl.styles import Alignment, Font
from openpyxl.utils import get_column_letter
from openpyxl.worksheet.datavalidation import DataValidation
from openpyxl.worksheet.worksheet import Worksheet

from xlscore.core.cells import NO, YES
from xlscore.core.systems.gibbs import G_EXP, K2, K3, START_RP, GibbsRating, GibbsStep
from xlscore.core.systems.gibbs.rule import K1_TABLE
from xlscore.engine.files.book import Book
from xlscore.excel.templates import gibbs_ladder_reader as reader
from xlscore.excel.templates.base import COMPUTED_FILL, Column, Template, axis_numbers, setting_argument, whole_table
from xlscore.excel.templates.shown import count_note, named_in

__all__ = ["DESCRIPTION", "FILE", "ROWS", "SAMPLE", "SYSTEM", "build", "history", "standings"]

SYSTEM = "gibbs"
FILE = "gibbs-ladder.xlsx"
DESCRIPTION = "A Gibbs ranking-points ladder: a history of ranked games, everyone's RP, and RP over time."

ROWS = 500
"""Rows of the Games table: about 120 four-player games; a longer ladder extends the table (Excel does on typing)."""
PLAYERS_SHOWN = 60
GAMES_CHARTED = 150
"""Rows the chart reads: the chart data spills one row per game, so rows past the last game stay empty."""
CHARTED = 6
"""How many of the top players the chart follows."""

_JAN = dt.date(2026, 1, 6)
_WEEK = dt.timedelta(days=7)
_GAMES: tuple[tuple[int, dt.date, tuple[tuple[str, int], ...]], ...] = (
    # The docs' four newcomers: 1530.18, 1510.06, 1489.94, 1469.82.
    (1, _JAN, (("Ann", 1), ("Bo", 2), ("Cy", 3), ("Di", 4))),
    (2, _JAN, (("Eve", 1), ("Fay", 2), ("Ann", 3))),
    (3, _JAN + _WEEK, (("Bo", 1), ("Cy", 2), ("Di", 3), ("Eve", 4), ("Fay", 5))),
    (4, _JAN + _WEEK, (("Fay", 1), ("Ann", 2), ("Di", 2), ("Cy", 4))),  # a tie for 2nd
    (5, _JAN + 2 * _WEEK, (("Di", 1), ("Bo", 2), ("Eve", 3))),
    (6, _JAN + 2 * _WEEK, (("Ann", 1), ("Cy", 2), ("Eve", 3), ("Bo", 4), ("Fay", 5))),
    (7, _JAN + 3 * _WEEK, (("Eve", 1), ("Di", 2), ("Fay", 3), ("Ann", 4))),
)
SAMPLE: tuple[tuple[dt.date, int, str, int, None], ...] = tuple(
    (date, game, player, place, None) for game, date, seats in _GAMES for player, place in seats
)
COLUMNS = (
    Column("date", "text", width=12, help="The day the game was played (it is shown, not used to reorder)."),
    Column("game", "text", width=8, help="The game's number or name: the rows of one game share it."),
    Column("player", "text", width=16, help="The player, or a fixed team (2v2), spelt the same every time."),
    Column("place", "place", lo=1, hi=5, width=8, help="1 for the winner; tied players share a place."),
    Column(
        "pool",
        "text",
        width=10,
        help="Blank: the game's kind (3-5P, 1v1). Type 2v2 for a game of two fixed teams, or a pool of your own.",
    ),
)
# The Settings sheet: label, value typed in the sample (None: blank), note. Rows 1..6, values in column B.
SETTINGS: tuple[tuple[str, float | None, str], ...] = (
    ("K1", None, "step size; blank: the published K1 by game size (below); a number: that K1 for every game"),
    ("K2", K2, "exponent on the share of experience 1 - G / G_total (1.0 as published)"),
    ("K3", K3, "success S of the winner; the last gets -K3 (503 as published)"),
    ("G_exp", G_EXP, "games after which experience G stops growing (25 as published)"),
    ("start", START_RP, "everyone's RP before their first game (1500 as published)"),
    (
        "one pool",
        None,
        "blank: kinds of game kept apart (3-5P, 1v1), as published; yes: games with no pool in one pool",
    ),
)
ONE_POOL = setting_argument(reader.ONE_POOL_CELL)
LINE_COLOURS = ("1F77B4", "FF7F0E", "2CA02C", "D62728", "9467BD", "8C564B", "E377C2", "7F7F7F", "BCBD22", "17BECF")
"""Ten colours told apart at a glance (matplotlib's tab10), one per player charted."""
_KINDS = ",".join(f'B1="{kind}"' for kind in K1_TABLE)
_YES_NO = ",".join(f'B6="{word}"' for word in sorted(YES | NO) if word)
SETTING_CHECKS = {
    # The bounds gibbs_ratings enforces: K1 a number greater than 0 or a kind of game, K2 and K3 at least 0,
    # G_exp a whole number from 1, start a number, one pool yes or no.
    "K1": Column("K1", "custom", formula=f"OR(AND(ISNUMBER(B1),B1>0),{_KINDS})", help="blank, a number > 0, or 4p"),
    "K2": Column("K2", "number", lo=0),
    "K3": Column("K3", "number", lo=0),
    "G_exp": Column("G_exp", "whole", lo=1, hi=1_000_000),
    "start": Column("start", "custom", formula="ISNUMBER(B5)", help="a number"),
    "one pool": Column("one pool", "custom", formula=f"OR(ISLOGICAL(B6),B6=0,B6=1,{_YES_NO})", help="yes or no"),
}
"""The one-pool setting, the last argument of GIBBS_RATINGS and GIBBS_RP_BY_GAME."""
STANDINGS = ("place", "player", "pool", "rp", "games", "last_change")
TRAJECTORY = ("game", "pool", "date", "player", "place", "rp_before", "rp", "games")

# The Start here sheet: what to type where, and what is computed.
INTRO = (
    "1. Games: one row per player per game, oldest game first, the rows of one game together. Type the "
    "date, the game's number (or any name the rows of that game share), the player and the place (1 for "
    "the winner; tied players share a place). Leave pool blank and each game is rated with its kind, as "
    "Tropic Euro keeps them apart: 3-5P for 3 to 5 players, 1v1 for 2 (a player has a rating in each). "
    "Type 2v2 as the pool of a game of two fixed teams, or a name of your own to keep a pool apart. A new "
    f"game goes at the bottom; there is room for {ROWS} rows.",
    "2. Settings: leave them as published (K1 blank: 0.07 for 3 players or 1v1, 0.08 for 4, 0.09 for 5; "
    "K2 1.0, K3 503, G_exp 25, start 1500), or type your club's own. One pool: blank keeps each kind of "
    "game apart; yes rates every game without a pool in one pool.",
    "3. Standings: everyone's current ranking points (RP), highest first, per pool, with games played "
    "and the RP won or lost in their last game.",
    "4. History: every game step by step (each player's place, RP before and after) and a chart of the "
    f"RP of the top {CHARTED} of the Standings after each game (game no. counts the games in order).",
    "A misspelt name is a new player who starts at 1500: spell names the same every time. The function is "
    "=GIBBS_RATINGS(...); without Excel, run 'xlscore recalc' on this file. The rules: "
    "docs/systems/gibbs.md.",
)


def _settings_arguments() -> str:
    """The five number settings as GIBBS_RATINGS arguments, in its order: k1, k2, k3, g_exp, start."""
    return ",".join(setting_argument(f"Settings!B{row}") for row in range(1, 6))


def build(sample: bool = True) -> Template:
    """The Gibbs ladder workbook, with the sample ladder or empty."""
    template = Template("Gibbs ladder", SYSTEM)
    template.intro(list(INTRO))
    _settings_sheet(template)
    template.event_settings(15, sample)
    rows = SAMPLE if sample else ()
    games = template.input_table("Games", "Games", COLUMNS, [(None, *row[1:]) for row in rows], ROWS)
    _date_column(games, [row[0] for row in rows])
    for row in range(2, ROWS + 2):
        games[f"B{row}"].alignment = Alignment(horizontal="center")
    template.printable(games)
    arguments = _settings_arguments()
    ratings = template.results(
        "Standings",
        "A1",
        f"=GIBBS_RATINGS({whole_table('Games', COLUMNS)},{arguments},FALSE,{ONE_POOL})",
        STANDINGS,
        PLAYERS_SHOWN,
        reserve=ROWS,
    )
    count_note(ratings, "A1", len(STANDINGS), named_in("Games", COLUMNS, ROWS), ROWS)
    ratings.column_dimensions["B"].width = 18
    template.printable(ratings)
    trajectory = template.results(
        "History",
        "A1",
        f"=GIBBS_RATINGS({whole_table('Games', COLUMNS)},{arguments},TRUE,{ONE_POOL})",
        TRAJECTORY,
        ROWS,
        reserve=ROWS,
    )
    trajectory.column_dimensions["D"].width = 16
    for row in range(2, ROWS + 2):
        trajectory[f"C{row}"].number_format = "yyyy-mm-dd"
    template.printable(trajectory)
    _chart(template, trajectory)
    return template


def _settings_sheet(template: Template) -> None:
    settings = template.settings(SETTINGS, note_width=80, checks=SETTING_CHECKS)
    settings["A8"] = "Published K1 by kind of game (Tropic Euro)"
    settings["A8"].font = Font(bold=True)
    for row, (kind, k1) in enumerate(
        (("3 players", 0.07), ("4 players", 0.08), ("5 players", 0.09), ("1v1", 0.07), ("2v2 (pool 2v2)", 0.12)),
        start=9,
    ):
        settings[f"A{row}"], settings[f"B{row}"] = kind, k1
    settings.column_dimensions["A"].width = 16
    settings.protection.sheet = True
    Template.printable(settings, landscape=True, title_rows=None)


def _date_column(games: Worksheet, dates: Sequence[dt.date]) -> None:
    """Dates shown as dates, and only dates (or blank) accepted; the sample's dates written as dates."""
    validation = DataValidation(type="date", operator="greaterThan", formula1="1", allow_blank=True)
    validation.error = "date: a date, such as 2026-01-06"
    validation.errorTitle = "xlscore"
    validation.showErrorMessage = True
    validation.add(f"A2:A{ROWS + 1}")
    games.add_data_validation(validation)
    for row in range(2, ROWS + 2):
        games[f"A{row}"].number_format = "yyyy-mm-dd"
    for row, date in enumerate(dates, start=2):
        games[f"A{row}"] = date


def _chart(template: Template, ws: Worksheet) -> None:
    """The top players' RP after every game: data at J1 (one GIBBS_RP_BY_GAME formula), the chart beside it."""
    top = f"Standings!$A$1:$C${CHARTED + 1}"
    template.results_column(
        ws,
        "J1",
        f"=GIBBS_RP_BY_GAME({whole_table('Games', COLUMNS)},{top},{_settings_arguments()},{ONE_POOL})",
        GAMES_CHARTED + 1,
    )
    for c in range(10, 11 + CHARTED):
        ws.cell(1, c).font = Font(bold=True)
        for r in range(1, 2 + GAMES_CHARTED):
            ws.cell(r, c).fill = COMPUTED_FILL
            if r > 1 and c > 10:
                ws.cell(r, c).number_format = "0.00"
    chart = ScatterChart(scatterStyle="lineMarker")
    chart.title = "RP of the top players, game by game"
    chart.x_axis.title = "game no."
    chart.y_axis.title = "RP"
    chart.x_axis.delete = False
    chart.y_axis.delete = False
    axis_numbers(chart)
    chart.display_blanks = "gap"
    xs = Reference(ws, min_col=10, min_row=2, max_row=1 + GAMES_CHARTED)
    for c in range(11, 11 + CHARTED):
        ys = Reference(ws, min_col=c, min_row=2, max_row=1 + GAMES_CHARTED)
        series = Series(ys, xs, title_from_data=False)
        series.tx = SeriesLabel(strRef=StrRef(f"'History'!${get_column_letter(c)}$1"))
        # Straight lines between games (a smoothed curve overshoots: it shows RP no game gave), one colour each.
        series.smooth = False
        colour = LINE_COLOURS[(c - 11) % len(LINE_COLOURS)]
        series.graphicalProperties.line.solidFill = colour
        series.marker.symbol = "circle"
        series.marker.graphicalProperties = GraphicalProperties(solidFill=colour)
        series.marker.graphicalProperties.line.solidFill = colour
        chart.series.append(series)
    chart.height, chart.width = 10, 20
    ws.add_chart(chart, "R2")


def standings(book: Book) -> tuple[GibbsRating, ...]:
    """Everyone's current RP in a filled Gibbs ladder workbook, computed by the core from Games and Settings."""
    return reader.standings(book)


def history(book: Book) -> tuple[GibbsStep, ...]:
    """Every step of the ladder (the History sheet's table), computed by the core from Games and Settings."""
    steps = reader.replay(book, trajectory=True).trajectory
    assert steps is not None  # asked for
    return steps
