"""The Meeple League season template: leagues, schedule and results in; standings and next season's leagues out.

Source: ../shared/seeds/004_b7436f24da9b0589.txt (the Meeple League rules); the rules as xlscore reads them are in
docs/systems/meeple-league.md, the coordinator's steps in docs/guide/meeple-league-season.md.

Sample data: season 1 of an event AGR with 21 players, one division-1 league and two division-2 leagues of 7,
each playing the source's 7-game 4-seat grid with places following the seeding except for a few upsets chosen
so that every tie rule shows: in L1-A a tie for 2nd and 3rd (4.5 each) and two players level on 6 points split by
the percentage of the winner's score; in L2-A two players whose records are identical down to head to head, split
by the prior ranking (the seeding). The next season's sign-ups drop Di and add two new players.
"""

from __future__ import annotations

import dataclasses

from openpyxl.formatting.rule import FormulaRule
from openpyxl.styles import Alignment, Font, PatternFill
from openpyxl.utils import get_column_letter
from openpyxl.worksheet.worksheet import Worksheet

from xlscore.core.cells import is_blank
from xlscore.core.events.headings import heading
from xlscore.core.events.rows import cell_whole, read_rows
from xlscore.core.systems.league.formation import LeagueSeat, league_formation
from xlscore.core.systems.league.history import league_next_season
from xlscore.core.systems.league.schedule import FOUR_PLAYER_GRID
from xlscore.core.systems.league.standings import TIE_BREAKS, LeagueStanding
from xlscore.engine.files.book import Book
from xlscore.excel.functions.cells import table_to_grid
from xlscore.excel.results import results
from xlscore.excel.templates import filled
from xlscore.excel.templates import league_season_reader as reader
from xlscore.excel.templates.base import (
    COMPUTED_FILL,
    Column,
    Template,
    setting_argument,
    table_column,
    whole_table,
)
from xlscore.excel.templates.shown import count_note, named_in

__all__ = ["DESCRIPTION", "FILE", "SYSTEM", "build", "next_season", "standings"]

SYSTEM = "league"
FILE = "meeple-league-season.xlsx"
DESCRIPTION = "A Meeple League season: leagues, schedule, results, standings with tie-breaks, next season's leagues."

PLAYERS = 200  # rows of the Leagues and Sign-up tables
RESULT_ROWS = 800  # 4 result rows per game, 7 or 8 games per league: about 25 leagues
GAMES = 200
SHOWN = 60
LEAGUES: tuple[tuple[int, str, tuple[str, ...]], ...] = (
    (1, "A", ("Ann", "Bo", "Cy", "Di", "Eve", "Fay", "Gus")),
    (2, "A", ("Hal", "Ida", "Jo", "Kit", "Lee", "Max", "Ned")),
    (2, "B", ("Oli", "Pam", "Quin", "Ros", "Sam", "Tia", "Uma")),
)
SCORES = (60, 50, 40, 30)  # 1st to 4th
# Finishing order (slots, best first) and scores where a game departs from "the lower slot finishes higher".
UPSETS: dict[tuple[str, int], tuple[tuple[int, float], ...]] = {
    # L1-A G5: slots 3 and 5 tie for 2nd and 3rd; G7: slot 7 beats slot 6; G2: slot 7 scores 36 in 4th.
    ("L1-A", 5): ((1, 60), (3, 45), (5, 45), (7, 30)),
    ("L1-A", 7): ((2, 60), (3, 50), (7, 40), (6, 30)),
    ("L1-A", 2): ((2, 60), (4, 50), (5, 40), (7, 36)),
    # L2-A G1: slot 4 wins; G7: slot 7 beats slot 6 (their records end identical).
    ("L2-A", 1): ((4, 60), (1, 50), (2, 40), (3, 30)),
    ("L2-A", 7): ((2, 60), (3, 50), (7, 40), (6, 30)),
}
SIGNUPS: tuple[tuple[str, float | None], ...] = (
    *((p, None) for _, _, players in LEAGUES for p in players if p != "Di"),
    ("Vic", None),
    ("Wyn", 3),
)

LEAGUE_COLUMNS = (
    Column("seed", "whole", lo=1, hi=10_000, width=7, help="The player's ranking coming into the season, 1 best."),
    Column("player", "text", width=16),
    Column("division", "whole", lo=1, hi=20, width=9, help="1 for the top division."),
    Column("league", "text", width=8, help="The league's letter in its division: A, B, ..."),
    Column("slot", "whole", lo=1, hi=8, width=6, help="The player's number in the league's schedule, 1 to 7 (or 8)."),
)
ROSTER = f"Leagues!$B$2:$B${PLAYERS + 1}"
"""The names a result's player is checked against (data validation: a list of the Leagues table as built)."""
RESULT_COLUMNS = (
    Column("game", "name", width=20, roster=f"Schedule!$A$2:$A${GAMES + 1}", help="The game's name."),
    Column("player", "name", width=16, roster=ROSTER),
    Column("place", "place", lo=1, hi=8, width=7, help="1 for the winner; tied players share a place."),
    Column("score", "number", lo=0, width=8),
    Column("players", "whole", lo=2, hi=6, width=8, help="How many players started the game."),
    Column("dropped", "text", width=9, help="x for a player who dropped out of the game; blank otherwise."),
)
SIGNUP_COLUMNS = (
    Column("player", "text", width=16, help="Everyone who wants to play next season, in the order they signed up."),
    Column("laurels", "number", lo=0, width=9, help="A new player's lifetime laurels in the game; blank for none."),
)
STANDINGS = tuple(f.name for f in dataclasses.fields(LeagueStanding))
"""The standings table's columns, as LEAGUE_STANDINGS spills them."""


def _seeded() -> list[tuple[int, str, int, str, int]]:
    """The sample leagues as the formation lists them: division 1, then slot 1 of each division-2 league, ..."""
    order = [*LEAGUES[0][2], *(p for pair in zip(LEAGUES[1][2], LEAGUES[2][2], strict=True) for p in pair)]
    seats = league_formation(order)
    return [(s.seed, s.player, s.division, s.league, s.slot) for s in seats]


def _results() -> list[tuple[str | float | None, ...]]:
    rows: list[tuple[str | float | None, ...]] = []
    for division, letter, players in LEAGUES:
        label = f"L{division}-{letter}"
        for number, game in enumerate(FOUR_PLAYER_GRID, start=1):
            finish = UPSETS.get((label, number)) or tuple(zip(sorted(game), SCORES, strict=True))
            places: dict[int, int] = {}
            for i, (slot, score) in enumerate(finish):
                tied = i and score == finish[i - 1][1]
                places[slot] = places[finish[i - 1][0]] if tied else i + 1
            name = f"AGR S1 {label} G{number}"
            for slot, score in finish:
                rows.append((name, players[slot - 1], places[slot], score, len(game), None))
    return rows


INTRO = (
    "1. Settings: the event's short code (such as AGR), the season's number and the seats per game "
    "(4 as in the source's schedule).",
    "2. Leagues: one row per player: seed (ranking coming into the season), player, division (1 the top), "
    "league letter (A, B, ...) and slot (1 to 7, or 8: the player's number in the schedule). List the rows "
    "in seed order: the order is the last tie-break. Next season's sheet of last season's workbook gives "
    "these rows: copy its first five columns and paste them as values.",
    "3. Schedule (computed): every game of the season, named like 'AGR S2 L3-B G5', with its players in "
    "seat order (the source's grid for leagues of 7 with 4 seats).",
    "4. Results: one row per player per game: the game's name from the Schedule, the player, the place "
    "(1 the winner; tied players share a place; or leave a game's places blank and they come from the "
    "scores), the score, how many players started the game, and dropped (x) for a player who dropped out. "
    "The league of each row is looked up from Leagues; a row turns red while its game has a different "
    "number of rows than players.",
    "5. Standings (computed): each league ranked by league points (10, 6, 3, 1; ties split), then games won, "
    "2nd places, 3rd places, percentage of the winner's score, margin of victory, game points, head-to-head "
    "net score and the prior ranking; Decided by names the tie-break that put each player below the one above. "
    "Settings' tie-breaks row lists them: reorder or shorten it for your event.",
    "6. Next season: type everyone who signed up (new players' laurels too). The leagues are formed by the "
    "source's steps 1 to 7: winners move up, the bottom two move down, drop-outs' places are closed, new "
    "players start at the bottom. Copy the first five columns into the next season's Leagues sheet.",
    "Players who sat out this season are read as new here; 'xlscore league next-season' takes every past "
    "season. The functions are =LEAGUE_SEASON_GAMES, =LEAGUE_STANDINGS and =LEAGUE_NEXT_SEASON; without "
    "Excel, run 'xlscore recalc' on this file. The rules: docs/systems/meeple-league.md.",
)
"""The Start here sheet's steps."""


def build(sample: bool = True) -> Template:
    """The season workbook, with the sample season or empty."""
    template = Template("Meeple League season", SYSTEM)
    template.intro(list(INTRO))
    _settings(template)
    template.event_settings(6, sample)
    leagues = template.input_table("Leagues", "Leagues", LEAGUE_COLUMNS, _seeded() if sample else (), PLAYERS)
    leagues.column_dimensions["G"].width = 60
    leagues["G1"] = "List the players in seed order: the order is the last tie-break of the standings."
    template.printable(leagues)
    schedule = template.results(
        "Schedule",
        "A1",
        f"=LEAGUE_SEASON_GAMES({setting_argument('Settings!B1')},{setting_argument('Settings!B2')},"
        f"{whole_table('Leagues', LEAGUE_COLUMNS)},{setting_argument('Settings!B3')})",
        ("name", "division", "league", "game", "seat 1", "seat 2", "seat 3", "seat 4"),
        GAMES,
        reserve=GAMES,
    )
    schedule.column_dimensions["A"].width = 20
    template.printable(schedule)
    _results_sheet(template, sample)
    sheet = template.results(
        "Standings",
        "A1",
        f"=LEAGUE_STANDINGS({whole_table('Results', RESULT_COLUMNS)},{table_column('Leagues', 'player')},"
        f"{setting_argument('Settings!B4')},{whole_table('Leagues', LEAGUE_COLUMNS)})",
        STANDINGS,
        SHOWN,
        reserve=PLAYERS,
    )
    count_note(sheet, "A1", len(STANDINGS), named_in("Leagues", LEAGUE_COLUMNS, PLAYERS), PLAYERS)
    sheet.column_dimensions["O"].width = 28
    template.podium(sheet, f"A2:O{SHOWN + 1}", "C", 2)
    template.printable(sheet, landscape=True)
    _league_charts(template, sheet)
    _next_season_sheet(template, sample)
    return template


CHARTED_LEAGUES = 8
"""Leagues with a chart of their own on the Standings sheet: the 60 rows shown hold 8 leagues of 7 or 8."""
CHART_DATA = 26  # column Z: each chart's data, a block of rows per league, beside the charts
CHART_ROWS = 8  # players in a league, at most
CHART_HEIGHT = 16  # sheet rows a chart takes, with a row between charts


def _league_charts(template: Template, sheet: Worksheet) -> None:
    """A bar chart of league points per league, the league's leader on top, every name shown.

    The standings list the leagues one after another, each by place. Each chart reads a block of rows beside
    the charts (Z:AA; hidden beside them, AB:AF, the rows it takes): the k-th league's first row is the
    (k-1)-th's plus its players (counted by division and league), and its players and points are read from there
    by INDEX. A league not there (fewer leagues) leaves its block and chart blank. A chart's title is fixed (league 1
    of the standings, ...): LibreOffice shows "Chart Title" for a title read from a cell; the block beside it names the
    league (L1-A).
    """
    table = f"Standings!$A$2:$O${SHOWN + 1}"
    division = f"Standings!$A$2:$A${SHOWN + 1}"
    name, points = get_column_letter(CHART_DATA), get_column_letter(CHART_DATA + 1)
    start = get_column_letter(CHART_DATA + 2)  # the league's first row in the standings, counted from 1
    size = get_column_letter(CHART_DATA + 3)  # and its players
    key = get_column_letter(CHART_DATA + 4)  # its division and league: 2-B
    keys = get_column_letter(CHART_DATA + 5)  # every standings row's division and league
    rest = get_column_letter(CHART_DATA + 6)  # and how many rows of its league there are from it down
    listed = f"${keys}$2:${keys}${SHOWN + 1}"
    # A league's players counted down a column of plain formulas, each row's count one more than the next row's
    # while the league goes on: over the add-in's spilled standings themselves, LibreOffice counted 0 with
    # COUNTIFS, and every league of the division with SUMPRODUCT (as 'python3 -m xlscore.excel.libreoffice check'
    # showed), and a COUNTIF would load the general formula engine into 'xlscore recalc' (issue 34). The
    # standings' rows by COUNT of their divisions (numbers): COUNTA would count the empty texts LibreOffice fills
    # the table's reserved rows with.
    for r in range(2, SHOWN + 2):
        sheet[f"{keys}{r}"] = f'=IF({r - 1}>COUNT({division}),"",A{r}&"-"&B{r})'
        after = f"IF({keys}{r + 1}={keys}{r},{rest}{r + 1}+1,1)" if r <= SHOWN else "1"
        sheet[f"{rest}{r}"] = f'=IF({keys}{r}="",0,{after})'
    for k in range(CHARTED_LEAGUES):
        top = 1 + k * (CHART_ROWS + 2)
        first = "1" if k == 0 else f"{start}{top - CHART_ROWS - 2}+{size}{top - CHART_ROWS - 2}"
        sheet[f"{start}{top}"] = f"={first}"
        sheet[f"{key}{top}"] = f'=IF({start}{top}>COUNT({division}),"",INDEX({listed},{start}{top}))'
        sheet[f"{size}{top}"] = f'=IF({key}{top}="",0,INDEX(${rest}$2:${rest}${SHOWN + 1},{start}{top}))'
        sheet[f"{name}{top}"] = f'=IF({size}{top}=0,"","L"&{key}{top})'
        sheet[f"{points}{top}"] = heading("league_points")
        for i in range(1, CHART_ROWS + 1):
            row = top + i
            inside = f"{i}<={size}{top}"
            sheet[f"{name}{row}"] = f'=IF({inside},INDEX({table},{start}{top}+{i - 1},4),"")'
            sheet[f"{points}{row}"] = f'=IF({inside},INDEX({table},{start}{top}+{i - 1},6),"")'
        chart = template.bar_chart(
            sheet,
            f"League points, league {k + 1}",
            CHART_DATA + 1,
            CHART_DATA,
            CHART_ROWS,
            f"Q{2 + k * CHART_HEIGHT}",
            top,
        )
        chart.height = 7.5
    for column in (name, points):
        sheet.column_dimensions[column].width = 14
    for column in (start, size, key, keys, rest):
        sheet.column_dimensions[column].hidden = True


def _settings(template: Template) -> None:
    template.settings(
        (
            ("event", "AGR", "the event's short code, the first part of every game's name"),
            ("season", 1, "the season's number, from 1"),
            ("seats", 4, "players per game, 3 to 5 (4 is the source's)"),
            (
                "tie-breaks",
                ", ".join(TIE_BREAKS[1:]),
                "after league points, in order: reorder or shorten this list; blank: the published order; "
                "none: equal league points share a place",
            ),
        ),
        note_width=60,
        checks={
            "event": Column("event", "custom", formula="ISTEXT(B1)", help="the event's short code, such as AGR"),
            "season": Column("season", "whole", lo=1, hi=1_000_000),
            "seats": Column("seats", "whole", lo=3, hi=5),
        },
    )
    settings = template.workbook["Settings"]
    settings.column_dimensions["B"].width = 40
    for cell in ("A4", "B4", "C4"):  # the chain is long: shown whole, wrapped
        settings[cell].alignment = Alignment(wrap_text=True, vertical="top")
    settings.row_dimensions[4].height = 50  # three lines: programs keep a row's stored height on opening


def _results_sheet(template: Template, sample: bool) -> None:
    last = RESULT_ROWS + 1
    sheet = template.input_table("Results", "Results", RESULT_COLUMNS, _results() if sample else (), RESULT_ROWS)
    # The league of each row, from the player's row on Leagues, for the coordinator to see (LEAGUE_STANDINGS looks
    # it up itself): one LEAGUE_OF over both tables by structured reference, so rows typed below either count. An
    # xlscore call, so that recalculating the template needs no general formula engine (issue 34).
    template.spill(
        sheet,
        "G1",
        f"=LEAGUE_OF({whole_table('Results', RESULT_COLUMNS)},{whole_table('Leagues', LEAGUE_COLUMNS)})",
        rows=last,
        columns=2,
    )
    for column in "GH":
        sheet[f"{column}1"].font = Font(bold=True)
        sheet.column_dimensions[column].width = 12
        for r in range(2, last + 1):
            sheet[f"{column}{r}"].fill = COMPUTED_FILL
    # A game whose rows do not number its players is missing a row or has one too many (the whole column: the table
    # grows).
    warn = FormulaRule(  # type: ignore[no-untyped-call]
        formula=['AND($A2<>"",$E2<>"",COUNTIF($A:$A,$A2)<>$E2)'],
        fill=PatternFill("solid", fgColor="F4CCCC"),
    )
    sheet.conditional_formatting.add(f"A2:F{last}", warn)
    # A player the Schedule does not seat in that game: the row's player cell turns red.
    stray = FormulaRule(  # type: ignore[no-untyped-call]
        formula=[not_seated(2)], fill=PatternFill("solid", fgColor="E06666")
    )
    sheet.conditional_formatting.add(f"B2:B{last}", stray)
    template.printable(sheet)


def not_seated(row: int) -> str:
    """TRUE when the result in ``row`` of Results names a game on the Schedule that does not seat its player (the
    conditional format that flags it; relative to the row, as Excel reads a rule for each cell of its range)."""
    games = f"Schedule!$A$2:$A${GAMES + 1}"
    seats = f"Schedule!$E$2:$I${GAMES + 1}"
    return f'AND($A{row}<>"",$B{row}<>"",COUNTIF({games},$A{row})>0,SUMPRODUCT(({games}=$A{row})*({seats}=$B{row}))=0)'


def _next_season_sheet(template: Template, sample: bool) -> None:
    sheet = template.input_table("Next season", "SignUp", SIGNUP_COLUMNS, SIGNUPS if sample else (), PLAYERS)
    anchor = "D1"
    signed = table_column("SignUp", "player")
    template.spill(
        sheet,
        anchor,
        f"=LEAGUE_NEXT_SEASON({signed},Standings!A1:O{RESULT_ROWS + 1},{whole_table('SignUp', SIGNUP_COLUMNS)})",
        rows=PLAYERS + 1,
        columns=6,
    )
    template.printable(sheet)
    for c, width in enumerate((7, 16, 9, 8, 6, 12), start=4):  # seed, player, division, league, slot, status
        sheet.column_dimensions[chr(ord("A") + c - 1)].width = width
        sheet.cell(1, c).font = Font(bold=True)
        for r in range(1, SHOWN + 2):
            sheet.cell(r, c).fill = COMPUTED_FILL


def standings(book: Book) -> tuple[LeagueStanding, ...]:
    """The season's standings, computed by the core from the Results and Leagues tables of a season workbook."""
    return reader.standings(book)


def next_season(book: Book, history: object = None) -> tuple[LeagueSeat, ...]:
    """Next season's leagues, computed by the core from the standings and the Sign-up table of a season workbook.

    history: earlier seasons' final standings in one table with a season column (a DataFrame or rows with a header);
        this season counts as the one after the last of them. Without it, only this season is known, and a player
        who sat it out counts as new.
    """
    signup = results(book, ["SignUp"], recalculate=False)["SIGNUP"]
    players = [str(row[0]) for row in signup.rows if not is_blank(row[0])]
    laurels = [list(signup.header), *[list(row) for row in signup.rows]]
    this_season = table_to_grid(list(standings(book)))
    if history is None:
        return league_next_season(players, this_season, laurels)
    columns = [str(c) for c in this_season[0]]
    past = read_rows(history, ["season"], columns, name="history")
    season = max((cell_whole(row, "season", 1, table="history") for row in past), default=0) + 1
    earlier = [[row.get(c) for c in columns] + [row["season"]] for row in past]
    table = [[*columns, "season"], *earlier, *([*row, season] for row in this_season[1:])]
    return league_next_season(players, table, laurels)


def unplayed(book: Book) -> list[str]:
    """The season's games with no row in Results: every game of the schedule (from Settings and Leagues, as the
    Schedule sheet computes it) whose name the Results table does not hold."""
    from xlscore.core.cells import cell_text
    from xlscore.core.systems.league.schedule import league_season_games

    event = cell_text(filled.labelled(book, "event")) or ""
    season = int(filled.setting(book, "season", 1))
    seats = int(filled.setting(book, "seats", 4))
    games = league_season_games(event, season, filled.table(book, "Leagues"), seats)
    played = {cell_text(row[0]) for row in filled.table(book, "Results")[1:]}
    return [game.name for game in games if game.name not in played]
