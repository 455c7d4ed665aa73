"""The xlscore command line: a thin caller of the core.

``xlscore examples`` scores the sources' worked examples, so a coordinator can see each system at work and check it
against the published figures. Every command that prints a table takes the same output options
(:func:`output_options`: ``--format text|csv|json``, ``-o FILE``, ``--raw-csv``). Exit status: 0 done, 1 bad input
or a workbook that cannot be read (a one-line message), 2 a usage error.
"""

from __future__ import annotations

import contextlib
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from xlscore.core.errors import InputError, XlscoreError
from xlscore.core.headings import column_key, heading
from xlscore.excel.templates import MODULES

if TYPE_CHECKING:
    from xlscore.excel.workbook.results import Result

TEMPLATE_SYSTEMS = tuple(MODULES)


# Each command imports what it needs when it runs (a scoring system, the workbook reader, openpyxl), so that
# `xlscore --help` starts in a fraction of a second.


def _rplops_example() -> list[str]:
    from xlscore.core.rplops import plops, rplops2

    lines = ["RPLOPS / PLOPS: a 5-player game with a tie for 2nd (ranks 1, 2, 2, 4, 5), x = 50"]
    for label, rule in (("PLOPS (v1)", plops), ("RPLOPS2", rplops2)):
        points = [rule(1, 5), rule(2, 5, tied=2), rule(2, 5, tied=2), rule(4, 5), rule(5, 5)]
        lines.append(f"  {label:<11}" + "  ".join(f"{p:6.2f}" for p in points))
    return lines


def _puffing_billy_example() -> list[str]:
    from xlscore.core.puffing_billy import pb_board, pb_final

    players = ["Jenny", "Damien", "Stephen", "Sybil", "Ben"]
    money = [252_000, 248_000, 121_000, 98_000, 60_000]
    lines = ["Puffing Billy: the TGA's mock Empire Builder board"]
    for player, cash, score in zip(players, money, pb_board(money), strict=True):
        shown = "no score" if score is None else f"{score:.3f}"
        lines.append(f"  {player:<8}{cash:>9,}  {shown}")
    top = pb_final([money[:4]])[0]
    lines.append(f"  as a final board: Jenny's ratio {top.ratio:.3f}, final bonus {top.bonus}")
    return lines


def _size_matters_example() -> list[str]:
    from xlscore.core.size_matters import size_matters_board

    board = [12, 8, 7, 7, 0, 0, 0]
    lines = [f"Size Matters: a 4-way draw on centres {board}"]
    lines.append("  exact        " + "  ".join(f"{s:6.2f}" for s in size_matters_board(board)[:4]))
    lines.append("  article (m2) " + "  ".join(f"{s:6.2f}" for s in size_matters_board(board, 2)[:4]))
    return lines


def _gibbs_example() -> list[str]:
    from xlscore.core.gibbs import gibbs_game

    lines = ["Gibbs ranking points: four newcomers (1500 RP, no games) play their first 4-player game"]
    for place, rp in enumerate(gibbs_game([1500] * 4, [0] * 4, [1, 2, 3, 4]), start=1):
        lines.append(f"  place {place}  {rp:8.2f}")
    lines.append("  1500 + 0.08 x 503 x (1 - 1/4) = 1530.18 for the winner")
    return lines


def _league_example() -> list[str]:
    from xlscore.core.league import league_points, league_schedule

    players = ["Ann", "Bo", "Cy", "Di", "Eve", "Fay", "Gus"]
    lines = ["Meeple League: league points in a 4-player game, and a league of 7's schedule"]
    lines.append("  places 1, 2, 3, 4:     " + "  ".join(f"{league_points(p, 4):g}" for p in (1, 2, 3, 4)))
    lines.append(f"  a tie for 2nd and 3rd: {league_points(2, 4, 2):g} each")
    for number, game in enumerate(league_schedule(players, 4), start=1):
        lines.append(f"  G{number}  " + "  ".join(f"{p:<4}" for p in game).rstrip())
    return lines


EXAMPLES: Sequence[Callable[[], list[str]]] = (
    _rplops_example,
    _puffing_billy_example,
    _size_matters_example,
    _gibbs_example,
    _league_example,
)

FORMATS = ("text", "csv", "json")


def output_options(command: Callable[..., Any]) -> Callable[..., Any]:
    """The options of every command that prints a table: --format, -o/--output and --raw-csv (and --csv, kept
    hidden for scripts written before --format)."""
    options = (
        click.option(
            "--format",
            "kind",
            type=click.Choice(FORMATS),
            help="text (aligned columns), csv, or json (several tables: one document). Default: text, or with -o the "
            "file's suffix (.csv, .json).",
        ),
        click.option(
            "-o",
            "--output",
            type=click.Path(dir_okay=False, path_type=Path),
            help="Write to this file instead of printing (a file there is replaced whole, and only once written).",
        ),
        click.option("--csv", "as_csv", is_flag=True, hidden=True, help="The same as --format csv."),
        click.option(
            "--raw-csv",
            is_flag=True,
            help="In CSV, keep texts that begin with = + - @, a tab or a carriage return as they are, for a program "
            "to read (by default they get an apostrophe in front, so that a spreadsheet opening the file cannot run "
            "them as formulas).",
        ),
    )
    for option in reversed(options):
        command = option(command)
    return command


def _emit(found: Sequence[Result], kind: str | None, output: Path | None, as_csv: bool, raw_csv: bool) -> None:
    """Print the tables, or write them to ``output``, in the format asked for (see :func:`output_options`)."""
    from xlscore.excel.workbook.results import format_results

    _deliver(format_results(found, _format(kind, output, as_csv), raw=raw_csv), output)


def _format(kind: str | None, output: Path | None, as_csv: bool) -> str:
    """The format asked for: --format, else --csv, else the output file's suffix (.csv, .json), else text."""
    if as_csv:
        if kind not in (None, "csv"):
            raise click.UsageError(f"give --csv or --format {kind}, not both")
        return "csv"
    if kind is None:
        return {".csv": "csv", ".json": "json"}.get(output.suffix.lower(), "text") if output is not None else "text"
    return kind


def _deliver(text: str, output: Path | None) -> None:
    """Print ``text``, or write it to ``output`` (replaced whole, and only once written)."""
    if output is None:
        click.echo(text, nl=False)
        return
    from xlscore.excel.workbook.files import replacing

    with replacing(output) as temporary:
        temporary.write_text(text, encoding="utf-8")
    click.echo(f"wrote {output}", err=True)


_EPILOG = """\b
Exit status: 0 done; 1 bad input, a workbook that cannot be read, or (recalc --check) a difference, with a
one-line message; 2 a usage error (an unknown option, a missing argument).

\b
Tab completion (click's): in bash, eval "$(_XLSCORE_COMPLETE=bash_source xlscore)" in ~/.bashrc;
zsh: zsh_source, fish: fish_source (see docs/guide/README.md).
"""


@click.group(context_settings={"help_option_names": ["-h", "--help"]}, epilog=_EPILOG)
@click.version_option(package_name="xlscore")
def cli() -> None:
    """Tournament scoring for board-game, train-game and Diplomacy events."""


@cli.command()
def examples() -> None:
    """Score the sources' worked examples and print them.

    Example: xlscore examples
    """
    for example in EXAMPLES:
        click.echo("\n".join(example()))
        click.echo()


@cli.command()
@click.option(
    "-o",
    "--output",
    "--write",
    "folder",
    type=click.Path(file_okay=False, path_type=Path),
    help="Write the files into this folder instead of printing them (--write is the same).",
)
@click.option(
    "--libreoffice",
    "oxt_folder",
    type=click.Path(file_okay=False, path_type=Path),
    help="Write xlscore.oxt, the LibreOffice extension, into this existing folder.",
)
def addin(folder: Path | None, oxt_folder: Path | None) -> None:
    """Print (or write) the files that install xlscore's functions into Excel, or write the LibreOffice extension.

    classic/xlwings.conf for classic xlwings on Windows, lite/main.py and lite/requirements.txt for xlwings Lite;
    with --libreoffice, xlscore.oxt for LibreOffice Calc (install it with: unopkg add xlscore.oxt).
    addin/README.md in the repository has the steps.

    Examples: xlscore addin -o addin; xlscore addin --libreoffice .
    """
    from xlscore import __version__
    from xlscore.excel.functions.addin import addin_files, write_addin

    if oxt_folder is not None:
        from xlscore.excel.libreoffice.extension import write_extension

        path = write_extension(oxt_folder, __version__)
        click.echo(f"wrote {path}; install it with: unopkg add {path}")
        if folder is None:
            return
    if folder is not None:
        for path in write_addin(folder, __version__):
            click.echo(f"wrote {path}")
        return
    for name, text in addin_files(__version__).items():
        click.echo(f"==> {name} <==")
        click.echo(text)


@cli.command()
@click.argument("book", type=click.Path(path_type=Path))
@click.option("-o", "--output", type=click.Path(dir_okay=False, path_type=Path), help="Write the result here.")
@click.option("--in-place", is_flag=True, help="Replace BOOK itself (atomically: a failure leaves it as it was).")
@click.option("--check", is_flag=True, help="Compare with the values saved in BOOK; exit 1 on any difference.")
@click.option("--tolerance", type=float, default=1e-9, show_default=True, help="How far --check lets numbers differ.")
def recalc(book: Path, output: Path | None, in_place: bool, check: bool, tolerance: float) -> None:
    """Compute every formula of BOOK without Excel and write the values into a copy.

    The copy keeps every formula, style, table, chart and macro; only the computed values change, so the
    numbers show in Excel, LibreOffice and pandas. Without -o or --in-place the copy is BOOK-recalculated.xlsx
    (with --check alone, nothing is written). Every cell that ends in an error is listed with its reason, and the
    exit status is 1; with --check, a cell where BOOK holds the same error, as Excel saved it, is no error.

    Examples: xlscore recalc event.xlsx -o event-scored.xlsx; xlscore recalc ladder.xlsx --check
    """
    from xlscore.excel.workbook.book import read_book
    from xlscore.excel.workbook.drawn import drawn_cells
    from xlscore.excel.workbook.recalc import check_book, recalculate, unexpected_errors

    if output is not None and in_place:
        raise click.UsageError("give -o/--output or --in-place, not both")
    if output is None and not in_place and not check:
        output = book.with_name(f"{book.stem}-recalculated{book.suffix or '.xlsx'}")
    started = time.perf_counter()
    with _progress() as progress:
        result = recalculate(book, output, in_place=in_place, progress=progress)
    errors = result.errors
    differences: list[str] = []
    if check:  # an error Excel saved too is no problem: --check compares with what Excel computed
        saved = read_book(book)
        errors = tuple(unexpected_errors(result, saved))
        drawn = drawn_cells(saved)
        differences = [str(d) for d in check_book(result, saved, tolerance, skip=drawn)]
        if drawn:
            click.echo(
                f"not compared: {len(drawn)} cells that draw a random number or read the clock (RAND, RANDBETWEEN, "
                "RANDARRAY, NOW, TODAY) or read such a cell; Excel saved the value it drew then",
                err=True,
            )
    problems = [str(e) for e in errors] + differences
    for line in problems:
        click.echo(line)
    _warn(result.left_out)
    written = f"; wrote {result.output}" if result.output is not None else ""
    click.echo(f"computed {result.formulas} formulas in {time.perf_counter() - started:.2f} s{written}", err=True)
    if problems or (check and result.left_out):
        counts = f"{len(errors)} cells in error, {len(differences)} differences from the saved values"
        if check and result.left_out:
            counts += f", {len(result.left_out)} tables with rows left out"
        raise SystemExit(_fail(counts))


@cli.command()
@click.argument("book", type=click.Path(path_type=Path))
@click.option(
    "--name", "names", multiple=True, help="A table, named range or sheet (repeatable; default: all tables and names)."
)
@click.option("--no-recalc", is_flag=True, help="Read the values saved in BOOK instead of recomputing them.")
@output_options
def export(
    book: Path,
    names: tuple[str, ...],
    no_recalc: bool,
    kind: str | None,
    output: Path | None,
    as_csv: bool,
    raw_csv: bool,
) -> None:
    """Print a table, named range or sheet of BOOK after recalculation, as text, CSV or JSON.

    A sheet gives the table that starts at its A1 (a template's Standings, History, Schedule ...). Without --name:
    every table and named range, and every sheet computed from A1 (a template's Standings among them).

    Example: xlscore export event.xlsx --name Standings --format csv
    """
    from xlscore.excel.workbook.book import read_book
    from xlscore.excel.workbook.results import results
    from xlscore.excel.workbook.structured import left_out

    read = read_book(book)
    total = sum(len(s.formulas) for s in read.sheets)
    with _progress() as progress:
        found = results(
            read,
            list(names) or None,
            recalculate=not no_recalc,
            progress=None if progress is None else (lambda done: progress(done, total)),
            dates=True,
        )
    _emit(list(found.values()), kind, output, as_csv, raw_csv)
    _warn(left_out(read.tables))


@cli.command()
@click.argument("system", type=click.Choice([*TEMPLATE_SYSTEMS, "all"]))
@click.argument("out", type=click.Path(path_type=Path))
@click.option("--empty", is_flag=True, help="Leave out the sample event.")
@click.option("--force", is_flag=True, help="Replace OUT (or, with 'all', the files in it) if it exists.")
def new(system: str, out: Path, empty: bool, force: bool) -> None:
    """Write the template workbook of SYSTEM to OUT, with a sample event from the source's worked examples.

    An existing file is never replaced without --force: it may be a filled workbook. With SYSTEM 'all', OUT is a
    folder (made if missing) and every template is written into it under its usual name (this is how workbooks/
    is made).

    Examples: xlscore new rplops event.xlsx; xlscore new league season.xlsx --empty;
    xlscore new all workbooks --force
    """
    from xlscore.excel.templates import new_workbook, template
    from xlscore.excel.workbook.files import refuse_existing

    if system != "all":
        refuse_existing(out, force)
        click.echo(f"wrote {new_workbook(system, out, sample=not empty)}")
        return
    if out.exists() and not out.is_dir():
        raise InputError(f"{out} is a file; 'xlscore new all' writes its templates into a folder")
    targets = [out / template(name).FILE for name in TEMPLATE_SYSTEMS]
    for target in targets:
        refuse_existing(target, force)
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise InputError(f"cannot make the folder {out}: {exc.strerror or exc}") from exc
    for name, target in zip(TEMPLATE_SYSTEMS, targets, strict=True):
        click.echo(f"wrote {new_workbook(name, target, sample=not empty)}")


@cli.command()
@click.argument("books", nargs=-1, required=True, type=click.Path(path_type=Path))
@output_options
def standings(books: tuple[Path, ...], kind: str | None, output: Path | None, as_csv: bool, raw_csv: bool) -> None:
    """Print the standings of filled template workbooks, computed from their inputs by xlscore's core.

    BOOKS are template workbooks (made by 'xlscore new') or folders of them. Nothing is recalculated or written:
    the inputs are read and scored directly, so this works on a workbook Excel saved without the add-in. A
    template with no results yet shows its standings' header alone, and says so.

    Examples: xlscore standings workbooks/rplops-event.xlsx; xlscore standings workbooks;
    xlscore standings season.xlsx -o standings.csv
    """
    from xlscore.excel.templates import standings as read_standings
    from xlscore.excel.workbook.book import read_book
    from xlscore.excel.workbook.structured import left_out

    paths = [p for book in books for p in (sorted(book.glob("*.xlsx")) if book.is_dir() else [book])]
    missing: list[str] = []
    found: list[Result] = []
    for path in paths:
        book = read_book(path)
        system, rows = read_standings(book)
        if not rows:
            missing.append(f"{path.name} has no results yet: its standings are empty")
        name = f"{path.name} ({system})" if len(paths) > 1 else path.name
        found.append(_table(name, rows, None if rows else _standings_row(system)))  # no rows: the header
        missing += left_out(book.tables)
    _emit(found, kind, output, as_csv, raw_csv)
    _warn(missing)
    if any("no results yet" not in m for m in missing):
        raise SystemExit(1)


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
    from xlscore.core.league import league_schedule, league_season_games
    from xlscore.excel.workbook.results import Result

    seat_names = tuple(heading(f"seat {i}") for i in range(1, seats + 1))
    if leagues_csv is not None:
        if players:
            raise click.UsageError("give PLAYERS or --leagues, not both")
        if not event.strip():
            raise click.UsageError("--leagues needs --event, the event's short code for the game names (such as AGR)")
        games = league_season_games(event, season, _read_csv(leagues_csv), seats)
        header = (*map(heading, ("game", "division", "league")), *seat_names)
        rows = tuple((g.name, g.division, g.league, *g.players) for g in games)
    else:
        if not players:
            raise click.UsageError("give the league's players (7 or 8 names) or --leagues FILE")
        header = (heading("game"), *seat_names)
        rows = tuple((f"G{i}", *game) for i, game in enumerate(league_schedule(players, seats), start=1))
    _emit([Result("schedule", header, rows)], kind, output, as_csv, raw_csv)


@cli.command("seating")
@click.argument("players", nargs=-1)
@click.option("--rounds", type=int, required=True, help="Rounds to seat, 1 to 50.")
@click.option("--table-size", type=int, default=4, show_default=True, help="Players per table, 3 to 7.")
@click.option(
    "--players-file",
    type=click.Path(path_type=Path),
    help="A CSV with a player column (or a text file, one name a line) instead of PLAYERS.",
)
@click.option(
    "--history",
    type=click.Path(path_type=Path),
    help="A CSV of past games (a player column and round and table, or game): pairs in it count as having met.",
)
@click.option(
    "--avoid",
    type=click.Path(path_type=Path),
    help="A CSV of players who must not meet, one row each of two or more names (a header row 'player,...' is "
    "skipped).",
)
@click.option("--fixed", multiple=True, metavar="NAME=TABLE", help="Seat NAME at TABLE in every round (repeatable).")
@click.option(
    "--top-table",
    metavar="NAMES",
    help="The standings, best first, separated by commas: the last round's table 1 seats the top players.",
)
@click.option("--seed", type=int, help="Another seed gives another seating of the same quality.")
@click.option(
    "--byes", is_flag=True, help="Every table full; the players left over sit the round out, in turn (a bye)."
)
@output_options
def seating_command(
    players: tuple[str, ...],
    rounds: int,
    table_size: int,
    players_file: Path | None,
    history: Path | None,
    avoid: Path | None,
    fixed: tuple[str, ...],
    top_table: str | None,
    seed: int | None,
    byes: bool,
    kind: str | None,
    output: Path | None,
    as_csv: bool,
    raw_csv: bool,
) -> None:
    """Seat PLAYERS for every round: tables that keep opponents fresh and seats fair, and how good they are.

    One row per player per round (round, table, seat, player, and the board's name, R1 T2, as the results take it;
    all but round and player blank for a bye), then the quality report: repeated pairs and seat repeats against the
    fewest possible. With --format csv or -o FILE the report goes to stderr; json holds both.

    Examples: xlscore seating --rounds 5 P1 P2 P3 P4 P5 P6 P7 P8 P9 P10 P11 P12 P13 P14 P15 P16;
    xlscore seating --players-file players.csv --rounds 7 --table-size 7 --avoid avoid.csv --format csv
    """
    import json

    from xlscore.core.seating import seating
    from xlscore.excel.workbook.results import Result

    listed = _seating_players(players, players_file)
    fixed_at: dict[str, object] = {}
    for item in fixed:
        name, _, table = item.rpartition("=")
        if not name.strip() or not table.strip().isdigit():
            raise click.UsageError(f"--fixed {item!r}: expected NAME=TABLE, such as Ann=1")
        fixed_at[name.strip()] = int(table)
    _step(f"seating {len(listed)} players for {rounds} rounds")
    result = seating(
        listed,
        rounds,
        table_size,
        None if history is None else _read_csv(history),
        None if avoid is None else _read_rows(avoid),
        fixed=fixed_at or None,
        top_table=None if top_table is None else [n.strip() for n in top_table.split(",")],
        seed=seed,
        byes=byes,
    )
    header = tuple(map(heading, ("round", "table", "seat", "player", "board")))
    rows = tuple((r.round, r.table, r.seat, r.player, r.board) for r in result.rows)
    report = result.quality.lines()
    kind = _format(kind, output, as_csv)
    if kind == "json":
        import dataclasses

        quality = dataclasses.asdict(result.quality) | {"optimal": result.quality.optimal}
        rows_json = [dict(zip(header, row, strict=True)) for row in rows]
        _deliver(json.dumps({"rows": rows_json, "quality": quality}, indent=2) + "\n", output)
        return
    _emit([Result("seating", header, rows)], kind, output, False, raw_csv)
    if kind == "csv" or output is not None:
        for line in report:
            click.echo(line, err=True)
        return
    click.echo()
    click.echo("\n".join(report))


def _seating_players(players: tuple[str, ...], players_file: Path | None) -> list[str]:
    """The players from the command line or from a file (a CSV with a player column, or one name a line)."""
    if players and players_file is not None:
        raise click.UsageError("give PLAYERS or --players-file, not both")
    if players_file is None:
        if not players:
            raise click.UsageError("give the players' names, or --players-file FILE")
        return list(players)
    from xlscore.excel.workbook.files import MAX_CSV_SIZE, read_input

    text = read_input(players_file, "players file", MAX_CSV_SIZE).decode("utf-8-sig", errors="replace")
    lines = [line for line in text.splitlines() if line.strip()]
    if lines and column_key(lines[0].split(",")[0]) == "player":
        column = _read_csv(players_file)
        column.columns = [column_key(c) for c in column.columns]
        return [str(v) for v in column["player"].dropna()]
    return [line.strip() for line in lines]


def _read_rows(path: Path) -> list[list[str]]:
    """A CSV file as rows of text (no header row assumed), or a one-line error naming the file."""
    import csv
    import io

    from xlscore.excel.workbook.files import MAX_CSV_SIZE, read_input

    text = read_input(path, "CSV file", MAX_CSV_SIZE).decode("utf-8-sig", errors="replace")
    return [row for row in csv.reader(io.StringIO(text)) if any(cell.strip() for cell in row)]


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
@output_options
def next_season(
    book: Path, history: Path | None, kind: str | None, output: Path | None, as_csv: bool, raw_csv: bool
) -> None:
    """Form next season's leagues from a season workbook: its standings and its Next season sign-up table.

    The source's steps 1 to 7: league winners go up, the bottom two go down, drop-outs' places are filled by
    returning players whose last finish was as good, then new players by laurels and sign-up order.

    Examples: xlscore league next-season season-2.xlsx; xlscore league next-season season-2.xlsx --history past.csv
    """
    from xlscore.core.league import LeagueSeat
    from xlscore.excel.templates.league_season import next_season as form

    _step(f"reading {book.name}")
    season = _league_book(book)
    past = None if history is None else _read_csv(history)
    _step("computing the standings and forming the leagues")
    _emit([_table("next season", form(season, past), LeagueSeat)], kind, output, as_csv, raw_csv)


def _league_book(path: Path) -> Any:
    from xlscore.excel.workbook.book import read_book

    book = read_book(path)
    if book.names.get("XLSCORE_SYSTEM", "").strip().strip('"') != "league":
        raise InputError(f"{path.name} is not a Meeple League season workbook; make one with 'xlscore new league'")
    return book


def _table(name: str, rows: Sequence[object], row_type: type | None) -> Result:
    """Rows of a core result (frozen dataclasses) as a named table; no rows: the header of ``row_type`` alone."""
    from xlscore.excel.functions.cells import table_to_grid
    from xlscore.excel.workbook.results import Result

    grid = table_to_grid(rows, row_type)
    header = tuple(str(h) for h in grid[0]) if grid[0] != [""] else ()
    return Result(name, header, tuple(tuple(r) for r in grid[1:]))


def _standings_row(system: str) -> type | None:
    """The row type of a template's standings, as its ``standings`` function declares it (``tuple[Row, ...]``)."""
    import typing

    from xlscore.excel.templates import template

    returned = typing.get_type_hints(template(system).standings).get("return")
    row = typing.get_args(returned)[0] if typing.get_origin(returned) is tuple else None
    return row if isinstance(row, type) else None


def _step(message: str) -> None:
    """A line of progress on a terminal (stderr), for work that takes a moment; nothing when piped."""
    if sys.stderr.isatty():
        click.echo(f"xlscore: {message} ...", err=True)


def _read_csv(path: Path) -> Any:
    """A CSV file as a DataFrame of text and numbers, or a one-line error naming the file.

    Only a regular file of at most 50 MiB is read (:func:`~xlscore.excel.workbook.files.read_input`).
    """
    import io

    import pandas as pd

    from xlscore.excel.workbook.files import MAX_CSV_SIZE, read_input

    data = read_input(path, "CSV file", MAX_CSV_SIZE)
    try:
        return pd.read_csv(io.BytesIO(data))
    except (ValueError, UnicodeDecodeError, OSError) as exc:  # pandas' parser errors are ValueErrors
        raise InputError(f"{path} is not a readable CSV table: {str(exc).splitlines()[0]}") from exc


def _warn(lines: Sequence[str]) -> None:
    """Rows typed below a table after a blank row, which nothing counts: one line each on stderr."""
    for line in lines:
        click.echo(f"xlscore: warning: {line}", err=True)


def _fail(message: str) -> int:
    click.echo(f"xlscore: {message}", err=True)
    return 1


@contextlib.contextmanager
def _progress() -> Iterator[Callable[[int, int], None] | None]:
    """A progress bar on a terminal for long work; nothing when the output is not a terminal."""
    if not sys.stderr.isatty():
        yield None
        return
    bar: Any = None

    def update(done: int, total: int) -> None:
        nonlocal bar
        if bar is None:
            bar = click.progressbar(length=total, label="computing", file=sys.stderr)
            bar.__enter__()
        bar.update(done - bar.pos)

    try:
        yield update
    finally:
        if bar is not None:
            bar.__exit__(None, None, None)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line: exit status 0 done, 1 bad input (an XlscoreError, shown as one line), 2 a usage error."""
    try:
        cli.main(args=list(argv) if argv is not None else None, prog_name="xlscore", standalone_mode=False)
    except XlscoreError as exc:
        click.echo(f"xlscore: {exc}", err=True)
        return 1
    except click.ClickException as exc:
        exc.show()
        return exc.exit_code
    except SystemExit as exc:
        return exc.code if isinstance(exc.code, int) else 1
    except click.exceptions.Abort:
        click.echo("xlscore: aborted", err=True)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
