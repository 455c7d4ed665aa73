"""``xlscore schedule`` and ``xlscore league``: the Meeple League's games in seat order, and next season."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import click

from xlscore.cli.app import cli
from xlscore.cli.inputs import read_csv
from xlscore.cli.output import emit, fail, output_options, step, table, warn
from xlscore.core.errors import InputError
from xlscore.core.events.headings import heading


@cli.command()
@click.argument("players", nargs=-1)
@click.option("--seats", type=int, default=4, show_default=True, help="Players per game: 3, 4 or 5.")
@click.option(
    "--leagues",
    "leagues_csv",
    type=click.Path(path_type=Path),
    help="A CSV of the season's leagues (columns division, league, slot, player): every league's games, named.",
)
@click.option("--event", default="", help="The event's short code for game names, such as AGR.")
@click.option("--season", type=int, default=1, show_default=True, help="The season's number, for game names.")
@output_options
def schedule(
    players: tuple[str, ...],
    seats: int,
    leagues_csv: Path | None,
    event: str,
    season: int,
    kind: str | None,
    output: Path | None,
    as_csv: bool,
    raw_csv: bool,
) -> None:
    """Print a Meeple League schedule: every game with its players in seat order.

    Give one league's 7 or 8 PLAYERS in slot order (the source's recipe for 7 players and 4 seats: each pair meets
    exactly twice and each player takes each seat once), or --leagues with a whole season's leagues, whose games
    are named like 'AGR S2 L3-B G12' (give --event and --season).

    Examples: xlscore schedule Ann Bo Cy Di Eve Fay Gus; xlscore schedule --leagues leagues.csv --event AGR --season 2
    """
    from xlscore.core.systems.league import league_schedule, league_season_games
    from xlscore.excel.results import Result

    seat_names = tuple(heading(f"seat {i}") for i in range(1, seats + 1))
    if leagues_csv is not None:
        if players:
            raise click.UsageError("give PLAYERS or --leagues, not both")
        if not event.strip():
            raise click.UsageError("--leagues needs --event, the event's short code for the game names (such as AGR)")
        games = league_season_games(event, season, read_csv(leagues_csv), seats)
        header = (*map(heading, ("game", "division", "league")), *seat_names)
        rows = tuple((g.name, g.division, g.league, *g.players) for g in games)
    else:
        if not players:
            raise click.UsageError("give the league's players (7 or 8 names) or --leagues FILE")
        header = (heading("game"), *seat_names)
        rows = tuple((f"G{i}", *game) for i, game in enumerate(league_schedule(players, seats), start=1))
    emit([Result("schedule", header, rows)], kind, output, as_csv, raw_csv)


@cli.group()
def league() -> None:
    """Meeple League bookkeeping between seasons."""


@league.command("next-season")
@click.argument("book", type=click.Path(path_type=Path))
@click.option(
    "--history",
    type=click.Path(path_type=Path),
    help="A CSV of earlier seasons' final standings (columns season, division, league, place, player, "
    "league_points), so players returning after a break are seated by their most recent finish.",
)
@click.option("--force", is_flag=True, help="Form the leagues even though some of the season's games are unplayed.")
@output_options
def next_season(
    book: Path,
    history: Path | None,
    force: bool,
    kind: str | None,
    output: Path | None,
    as_csv: bool,
    raw_csv: bool,
) -> None:
    """Form next season's leagues from a season workbook: its standings and its Next season sign-up table.

    The source's steps 1 to 7: league winners go up, the bottom two go down, drop-outs' places are filled by
    returning players whose last finish was as good, then new players by laurels and sign-up order. A season with
    games of its schedule still missing from Results is refused, naming them (exit status 1); --force goes on,
    still naming them.

    Examples: xlscore league next-season season-2.xlsx; xlscore league next-season season-2.xlsx --history past.csv
    """
    from xlscore.core.systems.league import LeagueSeat
    from xlscore.excel.templates.league_season import next_season as form
    from xlscore.excel.templates.league_season import unplayed

    step(f"reading {book.name}")
    season = _league_book(book)
    missing = unplayed(season)
    if missing:
        shown = ", ".join(missing[:10]) + (f" and {len(missing) - 10} more" if len(missing) > 10 else "")
        warn([f"{book.name}: {len(missing)} games of the schedule have no results yet: {shown}"])
        if not force:
            raise SystemExit(
                fail("the standings are not final; give --force to form next season from them as they are")
            )
    past = None if history is None else read_csv(history)
    step("computing the standings and forming the leagues")
    emit([table("next season", form(season, past), LeagueSeat)], kind, output, as_csv, raw_csv)


def _league_book(path: Path) -> Any:
    from xlscore.engine.files.book import read_book
    from xlscore.excel.templates import marked_system

    book = read_book(path)
    if marked_system(book) != "league":
        raise InputError(f"{path.name} is not a Meeple League season workbook; make one with 'xlscore new league'")
    return book
