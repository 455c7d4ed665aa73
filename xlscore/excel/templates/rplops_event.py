"""The RPLOPS / PLOPS event template: results in, each row's points and the standings out.

Sample data: the RPLOPS page's own tie example (a 5-player game with a tie for 2nd: 83.33, 58.33, 58.33, 33.33,
16.67 under PLOPS) and two more games, so a new user sees a scored event at once.
"""

from __future__ import annotations

from collections.abc import Sequence

from xlscore.core.errors import InputError
from xlscore.core.events.headings import heading
from xlscore.core.systems.rplops_event import RplopsStanding
from xlscore.engine.files.book import Book
from xlscore.excel.templates import rplops_event_reader as reader
from xlscore.excel.templates.base import Column, Template, setting_argument, whole_table
from xlscore.excel.templates.seating_sheet import add_seating_sheet
from xlscore.excel.templates.shown import count_note, named_in

__all__ = ["DESCRIPTION", "FILE", "ROWS", "SAMPLE", "SYSTEM", "build", "standings"]

SYSTEM = "rplops"
FILE = "rplops-event.xlsx"
DESCRIPTION = "An RPLOPS / PLOPS event: results by game, each row's points, the standings."
SETTINGS = f"{setting_argument('Settings!B1')},{setting_argument('Settings!B2')}"
"""x and version, the last two arguments of RPLOPS_POINTS and RPLOPS_STANDINGS."""

ROWS = 400
PLAYERS_SHOWN = 60
CHARTED = 12  # players in the chart: enough to compare, few enough to read
SAMPLE: tuple[tuple[str | float | None, ...], ...] = (
    # The source's tie example: a 5-player game, ranks 1, 2, 2, 4, 5 (no hours: game length ignored).
    ("Game 1", "Ann", None, 1, None),
    ("Game 1", "Bo", None, 2, None),
    ("Game 1", "Cy", None, 2, None),
    ("Game 1", "Di", None, 4, None),
    ("Game 1", "Eve", None, 5, None),
    # A 3-player game of 2 hours, by score.
    ("Game 2", "Ann", 54, None, 2),
    ("Game 2", "Cy", 61, None, 2),
    ("Game 2", "Fay", 40, None, 2),
    # A 2-player game of half an hour.
    ("Game 3", "Bo", 12, None, 0.5),
    ("Game 3", "Di", 9, None, 0.5),
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
)
STANDINGS = ("place", "player", "games", "hours", "points", "points_per_game", "points_per_hour")


def build(
    sample: bool = True, *, rows: int = ROWS, results: Sequence[Sequence[str | float | None]] | None = None
) -> Template:
    """The RPLOPS event workbook, with the sample event or empty.

    rows: the size of the Results table (the formulas cover it); benchmarks/bench_templates.py makes it 50,000.
    results: result rows (game, player, score, place, hours) to fill it with instead of the sample; at most
        ``rows`` of them.
    """
    if results is not None and len(results) > rows:
        raise InputError(f"results has {len(results):,} rows; expected at most rows = {rows:,}")
    filled = (SAMPLE if sample else ()) if results is None else results
    seated = SEATING_SAMPLE if sample and results is None else ()
    template = Template("RPLOPS event", SYSTEM)
    template.intro(
        [
            "1. Results: one row per player per game. Type the game's name, the player, and either the score "
            "(higher wins) or the place (1 for the winner; tied players share a place). Hours is the game's "
            "length; leave it blank to ignore game length (PLOPS).",
            "2. Settings: x is the average points per player per hour (50 as in PLOPS); version 1 is RPLOPS "
            "(a win in a bigger game is worth more), version 2 is RPLOPS2 (every winner alike).",
            "3. Each result row's points appear beside it, and Standings shows the event table: total points, "
            "highest first; equal totals share a place.",
            "4. Seating: type the players and, if any, pairs who must not meet; set the rounds and players per "
            "table, and every round's tables appear, with opponents kept fresh and seats fair. Each table's board "
            "name (R1 T1) is its game's name in Results.",
            "The functions are =RPLOPS_POINTS(...), =RPLOPS_STANDINGS(...) and =SEATING(...); without Excel, run "
            "'xlscore recalc' on this file. The rules: docs/systems/rplops.md.",
        ]
    )
    template.settings(
        (("x", 50, "average points per player per hour"), ("version", 1, "1: RPLOPS, 2: RPLOPS2")),
        checks={"x": Column("x", "positive"), "version": Column("version", "whole", 1, 2)},
    )
    template.event_settings(4, bool(filled))
    table = template.input_table("Results", "Results", COLUMNS, filled, rows)
    table["F1"] = heading("points")
    results = whole_table("Results", COLUMNS)
    template.results_column(table, "F2", f"=RPLOPS_POINTS({results},{SETTINGS})", rows, "0.00")
    standings = template.results(
        "Standings", "A1", f"=RPLOPS_STANDINGS({results},{SETTINGS})", STANDINGS, PLAYERS_SHOWN, reserve=rows
    )
    count_note(standings, "A1", len(STANDINGS), named_in("Results", COLUMNS, rows), rows)
    template.podium(standings, f"A2:G{PLAYERS_SHOWN + 1}", "A", 2)
    template.printable(standings)
    template.bar_chart(standings, f"Points, top {CHARTED}", 5, 2, CHARTED, "I2").y_axis.title = "points"
    add_seating_sheet(template, seated, rounds=5, table_size=4)
    return template


def standings(book: Book) -> tuple[RplopsStanding, ...]:
    """The standings of a filled RPLOPS event workbook, computed by the core from its Results and Settings."""
    return reader.standings(book)
