"""What a published page shows, read from a filled template: the event, its standings, its boards, the next round's
seating and, where the workbook has them, the standings by round.

The standings are the core's (:func:`xlscore.excel.templates.standings`, as ``xlscore standings`` prints them). The
other tables are read from the workbook recalculated once (:func:`xlscore.engine.evaluation.engine.evaluate`), so a
workbook saved by Excel without the add-in (its computed cells ``#NAME?``) publishes the same numbers. Each number is
shown as the workbook's own number format shows it (:mod:`xlscore.excel.publish.shown`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from xlscore.core.cells import cell_text, is_blank
from xlscore.engine.files.book import Book, read_book
from xlscore.excel.publish.shown import Formats, formats_of, shown_value
from xlscore.excel.templates import reader

__all__ = ["BY_ROUND_SHEET", "Event", "Grid", "Group", "read_event"]


def _results_table(system: str) -> tuple[str, int]:
    """The template's results table and how many of its first columns name a board (a game, a round and board, a
    season's league), as its reader lays them out: the page shows one small table per board, with the computed
    columns beside the table."""
    read = reader(system)
    return read.RESULTS_SHEET, read.BOARD_COLUMNS


BY_ROUND_SHEET = "By round"
"""The sheet of standings by round, where a template has one: the page shows it, and a chart of places by round."""

SEATING_SHEET = "Seating"
SEATING_ANCHOR = (1, 10)  # J1: the SEATING formula's table (round, table, seat, player, board)

Values = dict[tuple[int, int], object]


@dataclass(frozen=True)
class Grid:
    """A table as the page shows it: its header and its rows, every cell already the text a person reads."""

    header: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    numeric: tuple[bool, ...] = ()  # per column: numbers, aligned right


@dataclass(frozen=True)
class Group:
    """One board (or round) of a table: its title (``Round 1, Board 2``) and its rows."""

    title: str
    grid: Grid
    keys: tuple[tuple[str, str], ...] = ()  # what names the board, by heading: (("Round", "1"), ("Board", "2"))


@dataclass(frozen=True)
class Event:
    """Everything a published page shows."""

    name: str
    date: str
    system: str
    book: str
    standings: Grid
    boards: tuple[Group, ...] = ()
    seating_round: str = ""  # the round the seating is for ("3"), or "" with no seating to show
    seating: tuple[Group, ...] = ()
    by_round: Grid | None = None
    places: dict[str, list[tuple[float, float]]] = field(default_factory=dict)  # player: (round, place) each


def read_event(path: str | Path) -> Event:
    """The page's content of the filled template at ``path`` (an error naming the file if it is not one)."""
    from xlscore.engine.evaluation.engine import evaluate
    from xlscore.excel.headless import register
    from xlscore.excel.templates import standings

    register()
    book = read_book(path)
    system, rows = standings(book)
    values = {sheet.name.upper(): sheet.values.by_position() for sheet in book.sheets}
    for sheet, cells in evaluate(book).values.items():
        values.setdefault(sheet, {}).update(cells)
    formats = formats_of(book, [*_sheets_shown(book, system)])
    name, date = _event_settings(book, values, formats)
    boards = _boards(book, system, values, formats)
    by_round = _block(values, formats, BY_ROUND_SHEET, 1, 1) if _has(book, BY_ROUND_SHEET) else None
    round_seated, seating = _seating(book, values, formats, boards)
    return Event(
        name=name or _title(book, values),
        date=date,
        system=system,
        book=book.path.name,
        standings=_standings_grid(book, system, rows, formats),
        boards=boards,
        seating_round=round_seated,
        seating=seating,
        by_round=by_round if by_round is not None and by_round.rows else None,
        places=_places(by_round) if by_round is not None else {},
    )


def _has(book: Book, sheet: str) -> bool:
    return any(s.name.upper() == sheet.upper() for s in book.sheets)


def _sheets_shown(book: Book, system: str) -> list[str]:
    wanted = ["Settings", "Standings", _results_table(system)[0], SEATING_SHEET, BY_ROUND_SHEET]
    return [name for name in wanted if _has(book, name)]


def _title(book: Book, values: dict[str, Values]) -> str:
    """No event name in Settings: the template's title (the Start here sheet's A1), else the file's name."""
    title = cell_text(values.get("START HERE", {}).get((1, 1))) or ""
    return title or book.path.stem


def _event_settings(book: Book, values: dict[str, Values], formats: Formats) -> tuple[str, str]:
    """The event's name and date: the Settings rows labelled ``event name`` (or ``event``) and ``date``."""
    settings = values.get("SETTINGS", {})
    found: dict[str, str] = {}
    for (row, column), label in settings.items():
        key = label.strip().lower() if column == 1 and isinstance(label, str) else ""
        if key in ("event name", "event", "date") and key not in found:
            value = settings.get((row, 2))
            found[key] = "" if is_blank(value) else shown_value(value, formats.get(("SETTINGS", row, 2)))
    return found.get("event name") or found.get("event", ""), found.get("date", "")


def _standings_grid(book: Book, system: str, rows: Sequence[object], formats: Formats) -> Grid:
    """The core's standings, every column the Standings sheet has, each number shown as the sheet shows it."""
    from xlscore.excel.functions.cells import table_to_grid

    row_type = None
    if not rows:
        from xlscore.excel.templates import standings_row  # the header of a template with no results yet

        row_type = standings_row(system)
    grid = table_to_grid(rows, row_type)
    header = tuple(str(h) for h in grid[0]) if grid[0] != [""] else ()
    body = [list(r) for r in grid[1:]]
    return _grid(header, body, lambda r, c: formats.get(("STANDINGS", r + 2, c + 1)))


def _grid(header: Sequence[str], rows: Sequence[Sequence[object]], code_of: Callable[[int, int], str | None]) -> Grid:
    """Cells as the text a person reads, each number in its cell's format (``code_of(row, column)``, from 0)."""
    numeric = tuple(
        any(isinstance(row[c], int | float) and not isinstance(row[c], bool) for row in rows if c < len(row))
        for c in range(len(header))
    )
    shown = tuple(
        tuple("" if is_blank(value) else shown_value(value, code_of(r, c)) for c, value in enumerate(row))
        for r, row in enumerate(rows)
    )
    return Grid(tuple(header), shown, numeric)


def _block(values: dict[str, Values], formats: Formats, sheet: str, top: int, left: int) -> Grid:
    """The table whose header starts at (``top``, ``left``) of ``sheet``: rightwards to the first blank header,
    downwards to the first blank row."""
    cells = values.get(sheet.upper(), {})
    right = left
    while not is_blank(cells.get((top, right + 1))):
        right += 1
    bottom = top
    while any(not is_blank(cells.get((bottom + 1, c))) for c in range(left, right + 1)):
        bottom += 1
    header = [cell_text(cells.get((top, c))) or "" for c in range(left, right + 1)]
    rows = [[cells.get((r, c)) for c in range(left, right + 1)] for r in range(top + 1, bottom + 1)]
    return _grid(header, rows, lambda r, c: formats.get((sheet.upper(), top + 1 + r, left + c)))


def _boards(book: Book, system: str, values: dict[str, Values], formats: Formats) -> tuple[Group, ...]:
    """The results table with its computed columns, a small table per board (its first ``keys`` columns)."""
    name, keys = _results_table(system)
    table = next((t for t in book.tables if t.name.upper() == name.upper()), None)
    if table is None:
        return ()
    whole = _block(values, formats, table.sheet, table.area.top, table.area.left)
    groups: dict[tuple[str, ...], list[tuple[str, ...]]] = {}
    for row in whole.rows:
        if any(row[keys:]):
            groups.setdefault(row[:keys], []).append(row[keys:])
    header, numeric = whole.header[keys:], whole.numeric[keys:]
    return tuple(
        Group(
            ", ".join(_named(h, k) for h, k in zip(whole.header, key, strict=False)),
            Grid(header, tuple(rows), numeric),
            tuple(zip(whole.header, key, strict=False)),
        )
        for key, rows in groups.items()
    )


def _named(heading: str, value: str) -> str:
    """A board's name part: a number with its heading (``Round 1``), a name as it is (``R1 T1``, ``Game 1``)."""
    return f"{heading} {value}" if value.replace(".", "", 1).isdigit() else value


def _seating(
    book: Book, values: dict[str, Values], formats: Formats, boards: Sequence[Group]
) -> tuple[str, tuple[Group, ...]]:
    """The next round's tables from the Seating sheet: the first seated round none of whose boards (``R1 T1``) has
    a result yet (a board's name, or its round in a Round column, found among the results' boards)."""
    if not _has(book, SEATING_SHEET):
        return "", ()
    seated = _block(values, formats, SEATING_SHEET, *SEATING_ANCHOR)
    columns = [h.lower() for h in seated.header]
    if not seated.rows or not {"round", "table", "board"} <= set(columns):
        return "", ()
    named = {value.lower() for group in boards for _, value in group.keys}
    played_rounds = {value for group in boards for key, value in group.keys if key.lower() == "round"}
    at = {name: columns.index(name) for name in ("round", "table", "board")}
    rounds = list(dict.fromkeys(row[at["round"]] for row in seated.rows))
    for number in rounds:
        rows = [row for row in seated.rows if row[at["round"]] == number]
        if number in played_rounds or any(row[at["board"]].lower() in named for row in rows):
            continue
        keep = [c for c in range(len(columns)) if c not in (at["round"], at["table"], at["board"])]
        tables: dict[str, list[tuple[str, ...]]] = {}
        for row in rows:
            tables.setdefault(row[at["board"]], []).append(tuple(row[c] for c in keep))
        header = tuple(seated.header[c] for c in keep)
        numeric = tuple(seated.numeric[c] for c in keep)
        return number, tuple(Group(board, Grid(header, tuple(r), numeric)) for board, r in tables.items())
    return "", ()


def _places(grid: Grid) -> dict[str, list[tuple[float, float]]]:
    """Each player's place after each round, from a by-round table with Round, Player and Place columns (a row per
    player per round); nothing when the table has no such columns."""
    columns = [h.lower() for h in grid.header]
    if not {"round", "player", "place"} <= set(columns):
        return {}
    at = {name: columns.index(name) for name in ("round", "player", "place")}
    places: dict[str, list[tuple[float, float]]] = {}
    for row in grid.rows:
        try:
            point = (float(row[at["round"]]), float(row[at["place"]]))
        except ValueError:
            continue
        places.setdefault(row[at["player"]], []).append(point)
    return places
