"""``xlscore seating``: every round's tables, keeping opponents fresh and seats fair, with a quality report."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

import click

from xlscore.cli.app import cli
from xlscore.cli.inputs import read_csv, read_rows
from xlscore.cli.output import deliver, emit, output_format, output_options, step, working
from xlscore.core.events.headings import column_key, heading

if TYPE_CHECKING:
    from xlscore.core.seating import Seating, SeatingQuality
    from xlscore.engine.files.book import Book

BOOK_SUFFIXES = (".xlsx", ".xlsm")
"""The books --next writes into (an .ods is read, never written, as by xlscore recalc)."""
ROSTER_SHEET = "Players"
"""The sheet of the players table (xlscore.excel.templates.rounds_settings_reader reads it)."""


@cli.command("seating")
@click.argument("players", nargs=-1)
@click.option("--rounds", type=int, help="Rounds to seat, 1 to 50 (not with --next).")
@click.option(
    "--next",
    "next_book",
    type=click.Path(path_type=Path),
    metavar="BOOK.xlsx",
    help="Seat the next round of a filled event template (rplops, puffing-billy, size-matters, diplomacy) from its "
    "standings, every earlier meeting in its results kept apart as far as possible.",
)
@click.option(
    "--top-tables",
    type=click.IntRange(min=0),
    default=0,
    help="With --next: seat the leaders together at the first this many tables.",
)
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
@click.option(
    "--seconds",
    type=float,
    help="Search this many seconds (of processor time) or until no seating can do better, instead of stopping "
    "when the search stops improving (at most 2 s).",
)
@click.option(
    "--in-place",
    is_flag=True,
    help="With --next: write the next round into BOOK's own Seating sheet (atomically: a failure leaves it as it was).",
)
@click.option("--force", is_flag=True, help="With --next -o OUT.xlsx: replace OUT if it exists.")
@output_options
def seating_command(
    players: tuple[str, ...],
    rounds: int | None,
    next_book: Path | None,
    top_tables: int,
    table_size: int,
    players_file: Path | None,
    history: Path | None,
    avoid: Path | None,
    fixed: tuple[str, ...],
    top_table: str | None,
    seed: int | None,
    byes: bool,
    seconds: float | None,
    in_place: bool,
    force: bool,
    kind: str | None,
    output: Path | None,
    as_csv: bool,
    raw_csv: bool,
) -> None:
    """Seat PLAYERS for every round: tables that keep opponents fresh and seats fair, and how good they are.

    One row per player per round (round, table, seat, player, and the board's name, R1 T2, as the results take it;
    all but round and player blank for a bye), then the quality report: repeated pairs and seat repeats against the
    fewest possible. With --format csv or -o FILE the report goes to stderr; json holds both.

    --next BOOK.xlsx seats only the round after the last one of a filled event template: its players from the
    standings, the earlier rounds unchanged, --top-tables leaders together, --byes for the players left over;
    before any result, round 1 from the players table (the Players sheet).
    With -o OUT.xlsx it writes a copy of BOOK with that round on its Seating sheet, under the heading "Next
    round:" (the round written there before replaced), and --in-place writes it into BOOK itself; an existing OUT
    is replaced only with --force.

    Examples: xlscore seating --rounds 5 P1 P2 P3 P4 P5 P6 P7 P8 P9 P10 P11 P12 P13 P14 P15 P16;
    xlscore seating --players-file players.csv --rounds 7 --table-size 7 --avoid avoid.csv --format csv;
    xlscore seating --next event.xlsx --top-tables 1; xlscore seating --next event.xlsx --byes --in-place
    """
    from xlscore.core.seating import seating

    if next_book is not None:
        if players or players_file or rounds is not None or history or avoid or fixed or top_table or seconds:
            raise click.UsageError("--next reads the players, rounds and history from the book; give it alone")
        target = _book_target(next_book, output, in_place, force, kind is not None or as_csv)
        _seat_next(next_book, target, (table_size, top_tables, byes, seed), (kind, output, as_csv, raw_csv))
        return
    if in_place or force:
        raise click.UsageError("--in-place and --force write the next round into a book: give them with --next")
    if rounds is None:
        raise click.UsageError("give --rounds N (or --next BOOK.xlsx)")
    listed = _seating_players(players, players_file)
    fixed_at = _fixed_tables(fixed)
    longer = "" if seconds is None else f", searching up to {seconds:g} s"
    with working(f"seating {len(listed)} players for {rounds} rounds{longer}"):  # on a terminal, the seconds spent
        result = seating(
            listed,
            rounds,
            table_size,
            None if history is None else read_csv(history),
            None if avoid is None else read_rows(avoid),
            fixed=fixed_at or None,
            top_table=None if top_table is None else [n.strip() for n in top_table.split(",")],
            seed=seed,
            byes=byes,
            seconds=seconds,
        )
    _show(result, kind, output, as_csv, raw_csv)


def _seat_next(
    book: Path,
    target: Path | None,
    how: tuple[int, int, bool, int | None],
    shown_as: tuple[str | None, Path | None, bool, bool],
) -> None:
    """--next: the round after the book's last, printed (``target`` None) or written into ``target``'s Seating
    sheet with the quality report on stderr. ``how``: table size, top tables, byes and seed; ``shown_as``: the
    output options as :func:`_show` takes them."""
    seated, last = _next_round(book, *how)
    if target is None:
        _show(seated, *shown_as)
        return
    where = _write_next_round(book, target, seated, last)
    click.echo(f"wrote {target}: round {last + 1} in {where}", err=True)
    for line in seated.quality.lines():
        click.echo(line, err=True)


def _book_target(book: Path, output: Path | None, in_place: bool, force: bool, table_format: bool) -> Path | None:
    """Where --next writes the book with its next round: -o OUT.xlsx (OUT new, or --force), BOOK with --in-place;
    None to print the seating (or write it as a table: -o with another suffix, or --format)."""
    if in_place and output is not None:
        raise click.UsageError("give -o/--output or --in-place, not both")
    if in_place:
        target = book
    elif output is not None and output.suffix.lower() in BOOK_SUFFIXES and not table_format:
        target = output
    else:
        if force:
            raise click.UsageError("--force replaces a book written by -o OUT.xlsx; give it with one")
        return None
    from xlscore.core.errors import WorkbookError
    from xlscore.engine.files.safe_io import refuse_existing

    if book.suffix.lower() not in BOOK_SUFFIXES:
        raise WorkbookError(f"{book.name}: xlscore writes the next round only into an .xlsx; save the book as .xlsx")
    if not in_place:
        if target.resolve() == book.resolve():
            raise WorkbookError(f"the output {target} is the input; use --in-place to replace it")
        refuse_existing(target, force)
    return target


def _next_round(book_path: Path, table_size: int, top_tables: int, byes: bool, seed: int | None) -> tuple[Seating, int]:
    """The next round of a filled event template, seated from its standings and its results so far, and the last
    round played."""
    from xlscore.core.errors import InputError
    from xlscore.core.seating.next_round import next_round
    from xlscore.engine.files.book import read_book
    from xlscore.excel.templates import rounds_reader, standings
    from xlscore.excel.templates.filled import table

    book = read_book(book_path)
    system, by_round = standings(book, by_round=True)
    rounds = rounds_reader(system)
    assert rounds is not None  # standings by round are refused for a template without rounds
    roster = _roster(book)
    if not by_round and roster is None:
        raise InputError(
            f"{book_path.name} has no results yet and no players table; expected a round played to seat the next "
            "one from, or the players on the Players sheet to seat round 1"
        )
    last = max((row.round for row in by_round), default=0)  # type: ignore[attr-defined]
    ranked = [row.player for row in by_round if row.round == last]  # type: ignore[attr-defined]
    origin = f"the standings after round {last}" if last else "the players table"
    step(f"seating round {last + 1} of {book_path.name} ({system}) from {origin}")
    history = table(book, rounds.RESULTS_SHEET) if last else None
    powers: Sequence[str] | None = getattr(rounds, "SEAT_POWERS", None)  # Diplomacy: each seat a power
    seated = next_round(
        ranked, history, last + 1, table_size, roster, top_tables=top_tables, byes=byes, seed=seed, powers=powers
    )
    return seated, last


def _roster(book: Book) -> list[list[object]] | None:
    """The event's players table (who plays which rounds): the Players sheet's, as the standings read it; None
    without one or when it names nobody."""
    from xlscore.excel.templates.rounds_settings_reader import players

    return players(book)


NEXT_HEADING = "Next round:"
"""The first words of the heading over the next round that --next writes on the Seating sheet: it is found by
them the next time, and that round replaced."""


def _write_next_round(book_path: Path, target: Path, seated: Seating, last: int) -> str:
    """``book_path`` written to ``target`` with the seated round on its Seating sheet (see :func:`_next_cells`),
    every other part of the file as it was; the area written, as ``Seating!P1:T20``."""
    import zipfile

    from xlscore.core.errors import WorkbookError
    from xlscore.engine.files.book import read_book
    from xlscore.engine.files.safe_io import replacing
    from xlscore.engine.files.safezip import open_workbook
    from xlscore.engine.files.sheetxml import patch_sheet
    from xlscore.engine.rewrite.refs import cell_name
    from xlscore.excel.templates.seating_sheet import SHEET

    book = read_book(book_path)
    if not any(sheet.name.casefold() == SHEET.casefold() for sheet in book.sheets):
        raise WorkbookError(
            f"{book_path.name} has no {SHEET} sheet to write the next round into; without -o or --in-place it is "
            "printed"
        )
    sheet = book.sheet(SHEET)
    origin = f"the standings after round {last}" if last else "the players table"
    heading_text = f"{NEXT_HEADING} round {last + 1}, seated from {origin}"
    cells = _next_cells(book, SHEET, seated, heading_text)
    with (
        open_workbook(book_path) as source,
        replacing(target) as temporary,
        zipfile.ZipFile(temporary, "w", zipfile.ZIP_DEFLATED) as out,
    ):
        for info in source.infos():
            data = source.read(info.filename)
            if info.filename == sheet.part:
                data = patch_sheet(data, cells)
            out.writestr(zipfile.ZipInfo(info.filename, date_time=info.date_time), data, zipfile.ZIP_DEFLATED)
    written = [position for position, value in cells.items() if value is not None]
    top_left = cell_name(min(r for r, _ in written), min(c for _, c in written))
    return f"{sheet.name}!{top_left}:{cell_name(max(r for r, _ in written), max(c for _, c in written))}"


def _next_cells(book: Book, sheet_name: str, seated: Seating, heading_text: str) -> dict[tuple[int, int], object]:
    """The cells of the next round's block: the heading in row 1, the columns' headings in row 2, a row per player
    from row 3 (a bye: the table says bye), then a blank row and the quality report, a line a cell; at the block
    written before (found by :data:`NEXT_HEADING`), whose cells are cleared first, or else two columns right of
    everything on the sheet."""
    sheet = book.sheet(sheet_name)
    values = sheet.values
    found = [c for (r, c), v in values.items() if r == 1 and isinstance(v, str) and v.startswith(NEXT_HEADING)]
    if found:
        left = found[0]
    else:
        used = [c for (_, c) in values]
        used += [f.array.right if f.array is not None else f.col for f in sheet.formulas]
        used += [t.area.right for t in book.tables if t.sheet.casefold() == sheet_name.casefold()]
        left = max(used, default=0) + 2
    columns = _columns(seated)
    width = max(len(columns), len(_NEXT_COLUMNS))
    cells: dict[tuple[int, int], object] = {
        (r, c): None for (r, c) in values if left <= c < left + width and values[r, c] is not None
    }
    cells[1, left] = heading_text
    rows: list[tuple[object, ...]] = [tuple(map(heading, columns))]
    rows += [_row(r, columns, bye="bye") for r in seated.rows]
    rows += [(), *((line,) for line in seated.quality.lines())]
    for r, row in enumerate(rows, start=2):
        for c, value in enumerate(row, start=left):
            cells[r, c] = value
    return cells


_NEXT_COLUMNS = ("round", "table", "seat", "player", "board", "power")
"""The columns of a round written into the book (the power only for a Diplomacy round): the widest block, whose
cells are cleared before a round is written again."""


def _columns(seated: Seating) -> tuple[str, ...]:
    """The seating's columns: round, table, seat, player, board, and for a Diplomacy round the power."""
    from xlscore.core.events.table import row_fields

    return tuple(row_fields(seated.row_type))


def _row(row: object, columns: Sequence[str], bye: str | None = None) -> tuple[object, ...]:
    """A seating row's values under ``columns``; a bye's table shows ``bye`` when given."""
    values = tuple(getattr(row, column) for column in columns)
    return values if bye is None or values[1] is not None else (values[0], bye, *values[2:])


def _show(result: Seating, kind: str | None, output: Path | None, as_csv: bool, raw_csv: bool) -> None:
    """A seating's rows, then its quality report (on stderr with CSV or a file; in the document with JSON)."""
    from xlscore.excel.results import Result

    columns = _columns(result)
    header = tuple(map(heading, columns))
    rows = tuple(_row(r, columns) for r in result.rows)
    report = result.quality.lines()
    kind = output_format(kind, output, as_csv)
    if kind == "json":
        deliver(_as_json(header, rows, result.quality), output)
        return
    emit([Result("seating", header, rows)], kind, output, False, raw_csv)
    if kind == "csv" or output is not None:
        for line in report:
            click.echo(line, err=True)
        return
    click.echo()
    click.echo("\n".join(report))


def _as_json(header: tuple[str, ...], rows: tuple[tuple[object, ...], ...], quality: SeatingQuality) -> str:
    """The rows and the quality report as one JSON document."""
    import dataclasses
    import json

    report = dataclasses.asdict(quality) | {"optimal": quality.optimal}
    rows_json = [dict(zip(header, row, strict=True)) for row in rows]
    return json.dumps({"rows": rows_json, "quality": report}, indent=2) + "\n"


def _seating_players(players: tuple[str, ...], players_file: Path | None) -> list[str]:
    """The players from the command line or from a file (a CSV with a player column, or one name a line)."""
    if players and players_file is not None:
        raise click.UsageError("give PLAYERS or --players-file, not both")
    if players_file is None:
        if not players:
            raise click.UsageError("give the players' names, or --players-file FILE")
        return list(players)
    from xlscore.engine.files.safe_io import MAX_CSV_SIZE, read_input

    text = read_input(players_file, "players file", MAX_CSV_SIZE).decode("utf-8-sig", errors="replace")
    lines = [line for line in text.splitlines() if line.strip()]
    if lines and column_key(lines[0].split(",")[0]) == "player":
        column = read_csv(players_file)
        column.columns = [column_key(c) for c in column.columns]
        return [str(v) for v in column["player"].dropna()]
    return [line.strip() for line in lines]


def _fixed_tables(fixed: tuple[str, ...]) -> dict[str, object]:
    """--fixed NAME=TABLE, each player once (a second --fixed for one player is refused, not silently taken)."""
    fixed_at: dict[str, object] = {}
    for item in fixed:
        name, _, table = item.rpartition("=")
        if not name.strip() or not table.strip().isdigit():
            raise click.UsageError(f"--fixed {item!r}: expected NAME=TABLE, such as Ann=1")
        if name.strip() in fixed_at:
            raise click.UsageError(
                f"--fixed {item!r}: {name.strip()!r} is already fixed at table {fixed_at[name.strip()]}; give each "
                "player one --fixed"
            )
        fixed_at[name.strip()] = int(table)
    return fixed_at
