"""The Meeple League lifetime workbook: every season's final placings in; lifetime standings and season winners out.

Source: ../shared/seeds/004_b7436f24da9b0589.txt (the Meeple League rules, Lifetime Standings): players sorted by
lifetime league points by division, a point in a higher division worth more than any number in a lower one; and
the season winners, the winners of the one division-1 league. The coordinator's steps are in
docs/guide/meeple-league-lifetime.md.

Sample data: two seasons of the event AGR. Season 1 is the season template's sample (one division-1 league and two
division-2 leagues of 7); season 2 is the leagues that season formed (Di left, Vic and Wyn joined, so L2-B has 8),
with placings chosen to show the rule: Hal and Eve end level on 17.5 division-1 points and Hal's 36 in division 2
puts him above; Ida and Quin are level in every division and share a place.
"""

from __future__ import annotations

from xlscore.core.systems.league.lifetime import LifetimeStanding
from xlscore.engine.files.book import Book
from xlscore.excel.templates import league_lifetime_reader as reader
from xlscore.excel.templates.base import Column, Template, whole_table
from xlscore.excel.templates.shown import count_note, named_in

__all__ = ["DESCRIPTION", "FILE", "SAMPLE", "SYSTEM", "build", "standings"]

SYSTEM = "lifetime"
FILE = "meeple-league-lifetime.xlsx"
DESCRIPTION = "Meeple League lifetime standings by division, and the season winners, from every season's placings."

ROWS = 2000
SHOWN = 100


def _season(
    season: int, league: str, rows: tuple[tuple[str, float], ...]
) -> list[tuple[int, int, str, int, str, float]]:
    division = int(league[1])
    return [(season, division, league[3], place, player, points) for place, (player, points) in enumerate(rows, 1)]


SAMPLE = (
    *_season(1, "L1-A", (("Ann", 40), ("Bo", 32), ("Cy", 23.5), ("Di", 19), ("Eve", 13.5), ("Gus", 6), ("Fay", 6))),
    *_season(1, "L2-A", (("Hal", 36), ("Ida", 29), ("Kit", 28), ("Jo", 23), ("Lee", 12), ("Max", 6), ("Ned", 6))),
    *_season(1, "L2-B", (("Oli", 40), ("Pam", 32), ("Quin", 25), ("Ros", 19), ("Sam", 12), ("Tia", 8), ("Uma", 4))),
    *_season(2, "L1-A", (("Oli", 38), ("Ann", 34), ("Bo", 26), ("Hal", 17.5), ("Cy", 17.5), ("Eve", 4), ("Pam", 3))),
    *_season(2, "L2-A", (("Quin", 37), ("Ida", 33), ("Fay", 25), ("Sam", 20), ("Ros", 13), ("Max", 8), ("Uma", 4))),
    *_season(
        2,
        "L2-B",
        (("Kit", 36), ("Jo", 30), ("Lee", 26), ("Gus", 22), ("Tia", 18), ("Ned", 14), ("Wyn", 9), ("Vic", 5)),
    ),
)
COLUMNS = (
    Column("season", "whole", lo=1, hi=1000, width=8, help="The season's number, from 1."),
    Column("division", "whole", lo=1, hi=20, width=9, help="1 for the top division."),
    Column("league", "text", width=8, help="The league's letter in its division: A, B, ..."),
    Column("place", "place", lo=1, hi=8, width=7, help="The player's final place in the league."),
    Column("player", "text", width=16),
    Column("league_points", "number", lo=0, width=14, help="The player's league points that season."),
)
STANDINGS = ("place", "player", "division", "points", "seasons")


def build(sample: bool = True) -> Template:
    """The lifetime workbook, with the two sample seasons or empty."""
    template = Template("Meeple League lifetime standings", SYSTEM)
    template.intro(
        [
            "1. Seasons: after each season, add one row per player: the season's number, the player's division, "
            "league letter and final place, the player's name and league points. The season workbook's Standings "
            "sheet has these columns (copy Division to League points and paste them as values, with the season's "
            "number in front).",
            "2. Standings (computed): every player who has played, by lifetime league points by division: a point "
            "in a higher division outranks any number of points in a lower one, so the table opens with everyone "
            "who has ever scored a point in division 1. division is the highest division where the player has "
            "scored and points their lifetime points there; players level in every division share a place.",
            "3. Season winners (computed): the winner of the one league of division 1, season by season.",
            "The functions are =LEAGUE_LIFETIME_STANDINGS and =LEAGUE_WINNERS; without Excel, run 'xlscore recalc' "
            "on this file. The rules: docs/systems/meeple-league.md.",
        ]
    )
    template.input_table("Seasons", "Seasons", COLUMNS, SAMPLE if sample else (), ROWS)
    seasons = whole_table("Seasons", COLUMNS)
    sheet = template.results(
        "Standings", "A1", f"=LEAGUE_LIFETIME_STANDINGS({seasons})", STANDINGS, SHOWN, reserve=ROWS
    )
    count_note(sheet, "A1", len(STANDINGS), named_in("Seasons", COLUMNS, ROWS), ROWS)
    sheet.column_dimensions["B"].width = 16
    template.podium(sheet, f"A2:E{SHOWN + 1}", "A", 2)
    template.printable(sheet)
    winners = template.results(
        "Season winners",
        "A1",
        f"=LEAGUE_WINNERS({seasons})",
        ("season", "player", "league_points"),
        40,
        reserve=ROWS,
    )
    winners.column_dimensions["B"].width = 16
    winners.column_dimensions["C"].width = 14
    template.printable(winners)
    return template


def standings(book: Book) -> tuple[LifetimeStanding, ...]:
    """The lifetime standings, computed by the core from the Seasons table of a lifetime workbook."""
    return reader.standings(book)
