"""The RPLOPS / PLOPS event template: results in, each row's points and the standings out.

Sample data: the RPLOPS page's own tie example (a 5-player game with a tie for 2nd: 83.33, 58.33, 58.33, 33.33,
16.67 under PLOPS) and two more games, so a new user sees a scored event at once.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import cast

from xlscore.core.errors import InputError
from xlscore.core.events.headings import heading
from xlscore.core.events.tie_breaks import TIE_BREAKS
from xlscore.core.systems.rplops_event import RplopsDecided
from xlscore.engine.files.book import Book
from xlscore.excel.templates import rplops_event_reader as reader
from xlscore.excel.templates.base import Column, Template, setting_argument, whole_table
from xlscore.excel.templates.rounds import (
    ROUND_COLUMN,
    add_by_round_sheet,
    add_players_sheet,
    by_round_area,
    check_setting,
    players_table,
    round_settings,
)
from xlscore.excel.templates.seating_sheet import NextRound, add_seating_sheet
from xlscore.excel.templates.shown import count_note, named_in

__all__ = ["DESCRIPTION", "FILE", "ROWS", "SAMPLE", "SYSTEM", "build", "standings"]

SYSTEM = "rplops"
FILE = "rplops-event.xlsx"
DESCRIPTION = "An RPLOPS / PLOPS event: results by game, each row's points, the standings."
SETTINGS = f"{setting_argument('Settings!B1')},{setting_argument('Settings!B2')}"
"""x and version, the last two arguments of RPLOPS_POINTS, and the two after the results of RPLOPS_STANDINGS."""
SETTING_ROWS: tuple[tuple[str, str | float | None, str], ...] = (
    ("x", 50, "average points per player per hour"),
    ("version", 1, "1: RPLOPS, 2: RPLOPS2"),
    *round_settings(),
    ("best", None, "count only each player's best N games' points, whatever their round (blank: every game)"),
    (
        "tie-breaks",
        None,
        f"after the points, in order, some of: {', '.join(TIE_BREAKS)} (separated by commas); blank or none: "
        "equal points share a place, as the source ranks them",
    ),
)
"""The Settings sheet from B1 down; the event's name and date follow a row below."""


def _setting(label: str) -> str:
    """A setting's cell as a function's argument, by its label."""
    row = [name for name, _, _ in SETTING_ROWS].index(label) + 1
    return setting_argument(f"Settings!$B${row}")


def _by_round_arguments() -> str:
    """RPLOPS_STANDINGS_BY_ROUND's arguments after the results: those of the standings but after round (every
    round) and the Decided by column."""
    settings = ",".join(_setting(label) for label in ("bye", "bye score", "best", "tie-breaks"))
    return f"{SETTINGS},{players_table()},{settings}"


def _standings_arguments() -> str:
    """RPLOPS_STANDINGS' arguments after the results: x, version, after round, players, bye, bye score, best,
    tie-breaks, and a Decided by column."""
    settings = ",".join(_setting(label) for label in ("bye", "bye score", "best", "tie-breaks"))
    return f'{SETTINGS},{_setting("after round")},{players_table()},{settings},"yes"'


ROWS = 400
PLAYERS_SHOWN = 60
CHARTED = 12  # players in the chart: enough to compare, few enough to read
SAMPLE: tuple[tuple[str | float | None, ...], ...] = (
    # Round 1: the source's tie example, a 5-player game, ranks 1, 2, 2, 4, 5 (no hours: game length ignored).
    ("Game 1", "Ann", None, 1, None, 1),
    ("Game 1", "Bo", None, 2, None, 1),
    ("Game 1", "Cy", None, 2, None, 1),
    ("Game 1", "Di", None, 4, None, 1),
    ("Game 1", "Eve", None, 5, None, 1),
    # Round 2: a 3-player game of 2 hours, by score (Fay's first), and a 2-player game of half an hour.
    ("Game 2", "Ann", 54, None, 2, 2),
    ("Game 2", "Cy", 61, None, 2, 2),
    ("Game 2", "Fay", 40, None, 2, 2),
    ("Game 3", "Bo", 12, None, 0.5, 2),
    ("Game 3", "Di", 9, None, 0.5, 2),
)
SEATING_SAMPLE = (
    "Ann",
    "Bo",
    "Cy",
    "Di",
    "Eve",
    "Fay",
    "Gus",
    "Hal",
    "Ivy",
    "Jo",
    "Kim",
    "Lu",
    "Max",
    "Ned",
    "Oz",
    "Pam",
)
"""16 players in tables of 4 for 5 rounds: every pair meets exactly once (the affine plane of order 4)."""
COLUMNS = (
    Column("game", "text", width=12, help="The game's name: the rows of one game share it."),
    Column("player", "text", width=16),
    Column("score", "number", width=10, help="The player's score (higher wins), or leave blank and give a place."),
    Column("place", "place", lo=1, hi=99, width=8, help="1 for the winner; tied players share a place."),
    Column("hours", "positive", lo=0, width=8, help="The game's length in hours; blank ignores game length."),
    ROUND_COLUMN,
)
STANDINGS = ("place", "player", "games", "hours", "points", "points_per_game", "points_per_hour", "decided_by")


INTRO = (
    "1. Results: one row per player per game. Type the game's name, the player, and either the score "
    "(higher wins) or the place (1 for the winner; tied players share a place). Hours is the game's "
    "length; leave it blank to ignore game length (PLOPS). Round: the round of the game (1, 2, 3 ...); leave it "
    "blank on every row for an event of one round.",
    "2. Settings: x is the average points per player per hour (50 as in PLOPS); version 1 is RPLOPS "
    "(a win in a bigger game is worth more), version 2 is RPLOPS2 (every winner alike). After round shows the "
    "standings as they stood after that round (blank: every round). Bye and bye score say what a bye scores; "
    "best counts only each player's best N games; tie-breaks separate equal points.",
    "3. Players: the players, the round each joins (late from), the last round each plays (dropped after), the "
    "rounds each sits out or had a bye. Leave it empty to count every result as typed; the seating reads it too.",
    "4. Each result row's points appear beside it, and Standings shows the event table: total points, "
    "highest first; equal totals share a place unless the tie-breaks separate them, and 'decided by' says what "
    "put each player below the one above.",
    "5. Seating: type the pairs who must not meet, if any; set the rounds and players per "
    "table, and every round's tables appear, with opponents kept fresh and seats fair. Each table's board "
    "name (R1 T1) is its game's name in Results. By round: the standings after every round and a chart of the "
    "leaders' places. Beside the seating, the next round's tables appear as soon as the last round's results "
    "are all in, seated from the standings (Top tables, Byes).",
    "The functions are =RPLOPS_POINTS(...), =RPLOPS_STANDINGS(...) and =SEATING(...); without Excel, run "
    "'xlscore recalc' on this file. The rules: docs/systems/rplops.md.",
)
"""The Start here sheet's steps."""


def build(
    sample: bool = True, *, rows: int = ROWS, results: Sequence[Sequence[str | float | None]] | None = None
) -> Template:
    """The RPLOPS event workbook, with the sample event or empty.

    rows: the size of the Results table (the formulas cover it); benchmarks/bench_templates.py makes it 50,000.
    results: result rows (game, player, score, place, hours, round) to fill it with instead of the sample; at most
        ``rows`` of them.
    """
    if results is not None and len(results) > rows:
        raise InputError(f"results has {len(results):,} rows; expected at most rows = {rows:,}")
    filled = (SAMPLE if sample else ()) if results is None else results
    seated = SEATING_SAMPLE if sample and results is None else ()
    template = Template("RPLOPS event", SYSTEM)
    template.intro(INTRO)
    settings = template.settings(
        SETTING_ROWS,
        checks={
            "x": Column("x", "positive"),
            "version": Column("version", "whole", 1, 2),
            "best": Column("best", "whole", 1, 1_000_000, help="blank (every game), or N from 1"),
        },
    )
    for row, (label, _, _) in enumerate(SETTING_ROWS, start=1):
        check_setting(settings, label, f"B{row}")
    template.event_settings(len(SETTING_ROWS) + 2, bool(filled))
    table = template.input_table("Results", "Results", COLUMNS, filled, rows)
    table["G1"] = heading("points")
    results_table = whole_table("Results", COLUMNS)
    template.results_column(table, "G2", f"=RPLOPS_POINTS({results_table},{SETTINGS})", rows, "0.00")
    _standings_sheet(template, results_table, rows)
    add_by_round_sheet(template, f"=RPLOPS_STANDINGS_BY_ROUND({results_table},{_by_round_arguments()})", rows)
    add_players_sheet(template, seated)
    add_seating_sheet(template, rounds=5, table_size=4, next_round=NextRound(by_round_area(rows), results_table))
    return template


def _standings_sheet(template: Template, results: str, rows: int) -> None:
    """The Standings sheet: one RPLOPS_STANDINGS formula, the podium and a chart of the top players' points."""
    formula = f"=RPLOPS_STANDINGS({results},{_standings_arguments()})"
    standings = template.results("Standings", "A1", formula, STANDINGS, PLAYERS_SHOWN, reserve=rows)
    count_note(standings, "A1", len(STANDINGS), named_in("Results", COLUMNS, rows), rows)
    template.podium(standings, f"A2:H{PLAYERS_SHOWN + 1}", "A", 2)
    template.printable(standings)
    template.bar_chart(standings, f"Points, top {CHARTED}", 5, 2, CHARTED, "J2").y_axis.title = "points"


def standings(book: Book) -> tuple[RplopsDecided, ...]:
    """The standings of a filled RPLOPS event workbook, computed by the core from its Results, Players and Settings,
    with the Decided by column its Standings sheet shows."""
    return cast(tuple[RplopsDecided, ...], reader.standings(book))
