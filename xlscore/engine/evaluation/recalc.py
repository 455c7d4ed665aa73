"""``xlscore recalc``: compute every formula of a workbook without Excel, and write the values into a copy.

The output keeps every formula and fills in its cached value, so the numbers show in Excel without the add-in,
in LibreOffice, in pandas and in ``openpyxl.load_workbook(data_only=True)``. Only the worksheets whose values
changed are rewritten (:mod:`xlscore.engine.files.sheetxml`); every other part of the file is copied unchanged.
The input is never changed unless asked to (``in_place``), and then by an atomic replace, so a failure at any
point leaves it as it was.
"""

from __future__ import annotations

import math
import zipfile
from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass, replace
from pathlib import Path

from xlscore.engine.errors import BookError, CellError, shown
from xlscore.engine.evaluation.engine import CellReport, Evaluation, evaluate
from xlscore.engine.files import limits
from xlscore.engine.files.book import Book, read_book
from xlscore.engine.files.print_areas import fitted_print_areas
from xlscore.engine.files.safe_io import replacing, writable
from xlscore.engine.files.safezip import RATIO_FLOOR, open_workbook
from xlscore.engine.files.sheetxml import patched_pieces
from xlscore.engine.files.workbook_parts import FIXED_ZIP_TIME, calculated, dynamic_mark
from xlscore.engine.rewrite.refs import Area, cell_name, parse_area
from xlscore.engine.rewrite.structured import Table, left_out

WORKBOOK_PART = "xl/workbook.xml"

__all__ = [
    "Difference",
    "Recalculation",
    "check_book",
    "packing_level",
    "recalculate",
    "same_value",
    "unexpected_errors",
]


@dataclass(frozen=True)
class Recalculation:
    """The result of a recalculation: the output file, how many formulas, every cell that ended in an error, and a
    line for each table with rows typed below it after a blank row, which no formula counts (:func:`left_out`)."""

    output: Path | None
    formulas: int
    errors: tuple[CellReport, ...]
    evaluation: Evaluation
    left_out: tuple[str, ...] = ()


@dataclass(frozen=True)
class Difference:
    """A cell whose recomputed value differs from the value saved in the file."""

    sheet: str
    cell: str
    saved: object
    computed: object

    def __str__(self) -> str:
        return f"{self.sheet}!{self.cell}: saved {_show(self.saved)}, computed {_show(self.computed)}"


def _show(value: object) -> str:
    if value is None:
        return "blank"
    if isinstance(value, CellError):
        return value.code
    if isinstance(value, bool):
        return "TRUE" if value else "FALSE"
    if isinstance(value, float):
        return f"{value:.15g}"
    return shown(value)


def _grown_table(xml: bytes, table: Table) -> bytes:
    """A table part whose ``ref`` (and its filter's) covers the rows added below it."""
    assert table.saved is not None
    return xml.replace(f'ref="{table.saved}"'.encode(), f'ref="{table.area}"'.encode())


def _kept_areas(book: Book, spills: Mapping[tuple[str, int, int], Area]) -> dict[str, dict[tuple[int, int], Area]]:
    """The area each spilling formula is written over, by sheet and anchor: its spill, or the area the file gave
    its array formula where that is larger (the spill's cells beyond the result left blank).

    A template reserves each table's rows in LibreOffice this way (:meth:`~xlscore.excel.templates.base.Template.
    spill`): LibreOffice reads an array formula's area as a fixed size and shows no row beyond it, so an area cut
    to today's result would hide the next player typed in. Excel spills to the result's size whatever the area
    says.
    """
    saved = {(sheet.name.upper(), f.row, f.col): f.array for sheet in book.sheets for f in sheet.formulas if f.array}
    refs: dict[str, dict[tuple[int, int], Area]] = {}
    for (sheet_name, row, col), area in spills.items():
        given = saved.get((sheet_name, row, col))
        if given is not None and (given.top, given.left) == (area.top, area.left):
            area = replace(area, bottom=max(area.bottom, given.bottom), right=max(area.right, given.right))
        refs.setdefault(sheet_name, {})[(row, col)] = area
    return refs


def _write(book: Book, evaluation: Evaluation, target: Path) -> None:
    """The book with its computed values, spills marked as dynamic arrays, grown tables widened, and no request to
    be recalculated on opening (:mod:`xlscore.engine.files.workbook_parts`); every other part copied as it is."""
    parts = {sheet.part: sheet for sheet in book.sheets}
    refs = _kept_areas(book, evaluation.spills)
    with open_workbook(book.path) as source, replacing(target) as temporary, zipfile.ZipFile(temporary, "w") as out:
        changed: dict[str, bytes] = {}
        mark = None
        if evaluation.spills:
            mark, changed = dynamic_mark(lambda name: source.read(name) if source.has(name) else None)
        workbook = calculated(source.read(WORKBOOK_PART))
        changed[WORKBOOK_PART] = fitted_print_areas(workbook, [s.name for s in book.sheets], evaluation.spills)
        for table in book.tables:
            if table.grown and source.has(table.part):
                changed[table.part] = _grown_table(source.read(table.part), table)
        for info in source.infos():
            data = changed.pop(info.filename) if info.filename in changed else source.read(info.filename)
            pieces: list[bytes | memoryview] = [data]
            sheet = parts.get(info.filename)
            if sheet is not None:
                key = sheet.name.upper()
                values = evaluation.values.get(key)
                if values or refs.get(key):
                    pieces = patched_pieces(data, values or {}, refs.get(key), mark)
            copy = zipfile.ZipInfo(info.filename, date_time=info.date_time)
            copy.compress_type = info.compress_type
            copy.external_attr = info.external_attr
            copy.create_system = info.create_system
            _write_part(out, copy, pieces)
        for name, data in changed.items():  # parts the book did not have (the dynamic-array metadata)
            out.writestr(zipfile.ZipInfo(name, date_time=FIXED_ZIP_TIME), data, zipfile.ZIP_DEFLATED)


_BATCH = 1 << 20


def packing_level(size: int) -> int | None:
    """The zlib level a part of ``size`` bytes is written at (None: zlib's default); benchmarks/floor.py packs alike."""
    return 1 if size > RATIO_FLOOR else None


def _write_part(out: zipfile.ZipFile, info: zipfile.ZipInfo, pieces: list[bytes | memoryview]) -> None:
    """A part written from its pieces one after the other (joined a megabyte at a time, never whole: a sheet of
    28 MiB is not held again), as ``ZipFile.writestr`` writes one. A part over 1 MiB is packed about as Excel packs
    it (zlib level 1), so that the ratio bound of safezip never refuses xlscore's own output; a smaller one, which
    that bound leaves alone, at zlib's default."""
    size = sum(map(len, pieces))
    # What writestr(..., compresslevel=) does: the level in _compresslevel (compress_level from Python 3.13), the
    # size in file_size, then the data through open(info, "w").
    setattr(info, "compress_level" if hasattr(info, "compress_level") else "_compresslevel", packing_level(size))
    info.file_size = size
    with out.open(info, "w") as stream:
        batch: list[bytes | memoryview] = []
        size = 0
        for piece in pieces:  # a few hundred thousand small pieces, handed to zlib a megabyte at a time
            batch.append(piece)
            size += len(piece)
            if size >= _BATCH:
                stream.write(b"".join(batch))
                batch, size = [], 0
        stream.write(b"".join(batch))


def recalculate(
    path: str | Path,
    output: str | Path | None = None,
    *,
    in_place: bool = False,
    progress: Callable[[int, int], None] | None = None,
    max_seconds: float | None = limits.MAX_SECONDS,
) -> Recalculation:
    """Compute every formula of the workbook at ``path``; write the values to ``output`` (or back, ``in_place``).

    With neither, nothing is written: the caller reads the result (``--check``, exports). Reading and computing
    the book may take ``max_seconds`` (None: no bound); past it, a BookError says where it stopped, and
    nothing is written (:class:`~xlscore.engine.files.limits.Deadline`).
    """
    source = Path(path)
    if output is not None and in_place:
        raise BookError("give either an output file or in_place, not both")
    if source.suffix.lower() == ".ods" and (output is not None or in_place):
        raise BookError(
            f"{source.name} is a LibreOffice .ods: xlscore checks one (recalc --check), exports and scores it, but "
            "writes computed values only into an .xlsx; save it as .xlsx in LibreOffice to get a recalculated copy"
        )
    if output is not None:
        writable(Path(output))  # a path that cannot be written is refused before the book is computed
    deadline = limits.Deadline(max_seconds, source.name)
    with deadline.watchdog():
        book = read_book(source)
        total = sum(len(s.formulas) for s in book.sheets)
        on_progress = None if progress is None else (lambda done: progress(done, total))
        evaluation = evaluate(book, on_progress, deadline=deadline)
    target = source if in_place else (Path(output) if output is not None else None)
    if target is not None:
        if target.resolve() == source.resolve() and not in_place:
            raise BookError(f"the output {target} is the input; use --in-place to replace it")
        _write(book, evaluation, target)
    return Recalculation(target, total, tuple(evaluation.errors), evaluation, tuple(left_out(book.tables)))


def check_book(
    recalculation: Recalculation,
    book: Book,
    tolerance: float = 1e-9,
    skip: Collection[tuple[str, int, int]] = frozenset(),
) -> list[Difference]:
    """Every formula cell whose recomputed value differs from the value Excel saved, beyond ``tolerance``; the
    cells in ``skip`` (sheet in upper case, row, column) are not compared (:func:`drawn.drawn_cells`)."""
    differences = []
    for sheet in book.sheets:
        key = sheet.name.upper()
        computed = recalculation.evaluation.values.get(key, {})
        for (row, col), value in sorted(computed.items()):
            if skip and (key, row, col) in skip:
                continue
            saved = sheet.values.get((row, col))
            if not same_value(saved, value, tolerance):
                differences.append(Difference(sheet.name, cell_name(row, col), saved, value))
    return differences


def unexpected_errors(recalculation: Recalculation, book: Book) -> list[CellReport]:
    """The cells in error but those where Excel saved the same error: what ``--check`` reports as errors."""
    sheets = {sheet.name.upper(): sheet for sheet in book.sheets}
    unexpected = []
    for report in recalculation.errors:
        position = parse_area(report.cell)
        sheet = sheets.get(report.sheet.upper())
        saved = sheet.values.get((position.top, position.left)) if position and sheet else None
        if not (isinstance(saved, CellError) and saved.code == report.code):
            unexpected.append(report)
    return unexpected


def same_value(saved: object, computed: object, tolerance: float = 1e-9) -> bool:
    """Whether a computed value is the one Excel saved: numbers within ``tolerance`` (relative or absolute), text
    exactly (spaces included), a truth value only as the same truth value (``0.0`` is not FALSE), an error as the
    same error code whatever message xlscore gives it, and blank as blank or empty text."""
    if isinstance(saved, CellError) or isinstance(computed, CellError):
        return isinstance(saved, CellError) and isinstance(computed, CellError) and saved.code == computed.code
    if isinstance(saved, bool) or isinstance(computed, bool):
        return type(saved) is type(computed) and saved == computed
    if isinstance(saved, (int, float)) and isinstance(computed, (int, float)):
        return math.isclose(saved, computed, rel_tol=tolerance, abs_tol=tolerance)
    if saved in (None, "") and computed in (None, ""):
        return True
    return type(saved) is type(computed) and saved == computed
