"""An event's workbook, typed into round by round as a coordinator would without Excel: the empty template, its
players table, each round's results typed into the results table, and each round's seating read from the
Seating sheet.

Cells are typed by patching the sheet's XML (the engine's own :func:`~xlscore.engine.files.sheetxml.patch_sheet`,
as ``xlscore recalc`` writes values), so every other part of the file stays as the template wrote it.
"""

from __future__ import annotations

import zipfile
from collections.abc import Mapping, Sequence
from pathlib import Path

from xlscore.cli.seating import NEXT_HEADING, ROSTER_SHEET
from xlscore.core.cells import is_blank
from xlscore.core.events.headings import column_key
from xlscore.engine.files.book import Book, read_book
from xlscore.engine.files.safe_io import replacing
from xlscore.engine.files.safezip import open_workbook
from xlscore.engine.files.sheetxml import patch_sheet
from xlscore.excel.templates import rounds_reader, template

from .events import DIPLOMACY_SYSTEM, ROSTER_HEADER, Event, Seat

Cells = dict[tuple[int, int], object]


def event_book(event: Event, path: Path) -> Path:
    """The empty template of ``event``'s system with its Players sheet filled as the coordinator keeps it (every
    player, the late arrival's first round, the drop's last; byes are typed as they are given), and for Diplomacy
    the scoring system picked. The Seating sheet's plan of a whole event is set to one round: the event is seated a
    round at a time, by ``xlscore seating --next``."""
    built = template(event.system).build(False)
    workbook = built.workbook
    roster = workbook[ROSTER_SHEET]
    for r, row in enumerate(event.roster({})[1:], start=2):
        for c, value in enumerate(row, start=1):
            roster.cell(r, c, value)  # type: ignore[call-overload]  # names and round numbers
    workbook["Seating"]["G1"] = 1
    if event.system == "diplomacy":
        workbook["Settings"]["B1"] = DIPLOMACY_SYSTEM
    built.save(path)
    return path


def type_cells(path: Path, typed: Mapping[str, Cells]) -> None:
    """Type ``typed`` (cells by sheet name) into the workbook at ``path``, in place."""
    book = read_book(path)
    parts = {book.sheet(name).part: cells for name, cells in typed.items()}
    with (
        open_workbook(path) as source,
        replacing(path) as temporary,
        zipfile.ZipFile(temporary, "w", zipfile.ZIP_DEFLATED) as out,
    ):
        for info in source.infos():
            data = source.read(info.filename)
            if info.filename in parts:
                data = patch_sheet(data, parts[info.filename])
            out.writestr(zipfile.ZipInfo(info.filename, date_time=info.date_time), data, zipfile.ZIP_DEFLATED)


def results_sheet(system: str) -> str:
    """The sheet of ``system``'s results table (the template reader's)."""
    found = rounds_reader(system)
    assert found is not None
    return found.RESULTS_SHEET


def result_cells(book: Book, system: str, rows: Sequence[dict[str, object]]) -> tuple[str, Cells]:
    """The results table's sheet and the cells that type ``rows`` into its first blank rows, each value under the
    column of its name (a column the table lacks, such as RPLOPS's round before the template has one, is left
    out: its game names, R3 T2, say the round)."""
    sheet_name = results_sheet(system)
    table = next(t for t in book.tables if t.sheet.casefold() == sheet_name.casefold())
    columns = {column_key(name): table.area.left + i for i, name in enumerate(table.columns)}
    values = book.sheet(sheet_name).values
    first = next(
        r
        for r in range(table.area.top + 1, table.area.bottom + 2)
        if all(is_blank(values.get((r, c))) for c in columns.values())
    )
    cells: Cells = {}
    for r, row in enumerate(rows, start=first):
        for name, value in row.items():
            if name in columns:
                cells[r, columns[name]] = value
    return sheet_name, cells


def bye_cells(event: Event, byes: Mapping[str, set[int]]) -> Cells:
    """The players table's byes column as ``byes`` says (a coordinator types each bye given)."""
    column = ROSTER_HEADER.index("byes") + 1
    return {
        (r, column): ", ".join(map(str, sorted(byes.get(player, ())))) or None
        for r, player in enumerate(event.players, start=2)
    }


def next_round_written(book: Book) -> tuple[int, list[Seat]]:
    """The round ``xlscore seating --next`` wrote on the Seating sheet, and its seats (a bye: no table)."""
    values = book.sheet("Seating").values
    left = next(c for (r, c), v in values.items() if r == 1 and isinstance(v, str) and v.startswith(NEXT_HEADING))
    seats: list[Seat] = []
    numbers = set()
    for r in range(3, 3 + 400):
        round_, table, seat, player = (values.get((r, c)) for c in range(left, left + 4))
        if is_blank(player):
            break
        numbers.add(_whole(round_))
        seats.append((None if table == "bye" else _whole(table), _whole(seat), str(player)))
    (number,) = numbers
    assert number is not None
    return number, seats


def _whole(value: object) -> int | None:
    if is_blank(value):
        return None
    assert isinstance(value, int | float)
    return int(value)


def standings_shown(book: Book, rows: int, columns: int) -> list[list[object]]:
    """The Standings sheet's first ``rows`` rows and ``columns`` columns, as computed."""
    values = book.sheet("Standings").values
    return [[values.get((r, c)) for c in range(1, columns + 1)] for r in range(1, rows + 1)]
