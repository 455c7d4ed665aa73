"""``xlscore recalc``: every formula of a workbook computed without Excel, written into a copy."""

from __future__ import annotations

import time
from pathlib import Path
from typing import TYPE_CHECKING

import click

from xlscore.cli.app import cli
from xlscore.cli.output import fail, progress_bar, warn
from xlscore.core.errors import WorkbookError
from xlscore.engine.files import limits

if TYPE_CHECKING:
    from collections.abc import Sequence

    from xlscore.engine.evaluation.engine import CellReport
    from xlscore.engine.evaluation.recalc import Recalculation


@cli.command()
@click.argument("book", type=click.Path(path_type=Path))
@click.option("-o", "--output", type=click.Path(dir_okay=False, path_type=Path), help="Write the result here.")
@click.option("--in-place", is_flag=True, help="Replace BOOK itself (atomically: a failure leaves it as it was).")
@click.option("--check", is_flag=True, help="Compare with the values saved in BOOK; exit 1 on any difference.")
@click.option(
    "--values",
    "values_only",
    is_flag=True,
    help="Write every formula replaced by its value (the "
    "values-only workbook 'xlscore publish --xlsx' writes), for programs without xlscore's functions.",
)
@click.option("--tolerance", type=float, default=1e-9, show_default=True, help="How far --check lets numbers differ.")
@click.option(
    "--max-seconds",
    type=click.FloatRange(min=0, min_open=True),
    default=limits.MAX_SECONDS,
    show_default=True,
    help="Stop after this long computing (with one line saying how far it got), writing nothing.",
)
@click.option(
    "--max-memory",
    type=click.IntRange(min=256),
    default=limits.MAX_MEMORY_MIB,
    show_default=True,
    metavar="MIB",
    help="Stop with one line, writing nothing, past this much memory (MiB).",
)
def recalc(
    book: Path,
    output: Path | None,
    in_place: bool,
    check: bool,
    values_only: bool,
    tolerance: float,
    max_seconds: float,
    max_memory: int,
) -> None:
    """Compute every formula of BOOK without Excel and write the values into a copy.

    The copy keeps every formula, style, table, chart and macro; only the computed values change, so the
    numbers show in Excel, LibreOffice and pandas. Without -o or --in-place the copy is BOOK-recalculated.xlsx
    (with --check alone, nothing is written). Every cell that ends in an error is listed with its reason: an error
    is a result, as in Excel, and the exit status stays 0. With --check, a cell in error or a value that differs
    from the one saved in BOOK makes it 1 (a cell where BOOK holds the same error, as Excel saved it, is no error).

    \b
    Exit status: 0 computed (and, with --check, every value as saved); 1 with --check, a cell in error or a
    difference; 1 a book that cannot be read or is refused, an output that cannot be written, or a run stopped by
    --max-seconds or --max-memory (one line; nothing written); 2 a usage error.

    Examples: xlscore recalc event.xlsx -o event-scored.xlsx; xlscore recalc ladder.xlsx --check
    """
    if output is not None and in_place:
        raise click.UsageError("give -o/--output or --in-place, not both")
    if output is None and not in_place and not check:
        output = book.with_name(f"{book.stem}-recalculated{book.suffix or '.xlsx'}")
    if values_only:
        if check or in_place or output is None:
            raise click.UsageError("--values writes a copy: give -o/--output, without --check or --in-place")
        _values_copy(book, output, max_seconds, max_memory)
        return
    started = time.perf_counter()
    result = _computed(book, output, in_place, max_seconds, max_memory)
    errors, differences = _compared(book, result, tolerance) if check else (result.errors, [])
    problems = [str(e) for e in errors] + differences
    for line in problems:
        click.echo(line)
    warn(result.left_out)
    written = f"; wrote {result.output}" if result.output is not None else ""
    click.echo(f"computed {result.formulas} formulas in {time.perf_counter() - started:.2f} s{written}", err=True)
    if not check:
        if errors:
            cells = sum(1 for e in errors if e.code)
            circular = f", {len(errors) - cells} in a circular reference" if len(errors) > cells else ""
            click.echo(f"xlscore: {cells} cells in error{circular} (listed above), as Excel shows them", err=True)
        return
    if problems or result.left_out:
        counts = f"{len(errors)} cells in error, {len(differences)} differences from the saved values"
        if result.left_out:
            counts += f", {len(result.left_out)} tables with rows left out"
        raise SystemExit(fail(counts))


def _compared(book: Path, result: Recalculation, tolerance: float) -> tuple[Sequence[CellReport], list[str]]:
    """What --check reports: the cells in error but where Excel saved the same error (it compares with what Excel
    computed), and the values that differ from those saved."""
    from xlscore.engine.evaluation.recalc import check_book, unexpected_errors
    from xlscore.engine.evaluation.volatile import drawn_cells
    from xlscore.engine.files.book import read_book

    saved = read_book(book)
    drawn = drawn_cells(saved)
    if drawn:
        click.echo(
            f"not compared: {len(drawn)} cells that draw a random number or read the clock (RAND, RANDBETWEEN, "
            "RANDARRAY, NOW, TODAY) or read such a cell; Excel saved the value it drew then",
            err=True,
        )
    return unexpected_errors(result, saved), [str(d) for d in check_book(result, saved, tolerance, skip=drawn)]


def _values_copy(book: Path, output: Path, max_seconds: float, max_memory: int) -> None:
    """--values: the values-only copy (:mod:`xlscore.excel.publish.values`), within the same bounds."""
    from xlscore.excel.publish.values import values_only

    try:
        with limits.bound_memory(max_memory):
            click.echo(f"wrote {values_only(book, output, max_seconds=max_seconds)}", err=True)
    except MemoryError:
        raise WorkbookError(f"{book.name}: stopped on reaching {max_memory:,} MiB of memory (--max-memory)") from None


def _computed(book: Path, output: Path | None, in_place: bool, max_seconds: float, max_memory: int) -> Recalculation:
    """The recalculation, within the time and memory given; running out of either is one line, nothing written."""
    from xlscore.engine.evaluation.recalc import recalculate
    from xlscore.excel.headless import register

    register()
    try:
        with limits.bound_memory(max_memory), progress_bar() as progress:
            return recalculate(book, output, in_place=in_place, progress=progress, max_seconds=max_seconds)
    except MemoryError:
        raise WorkbookError(
            f"{book.name}: stopped on reaching {max_memory:,} MiB of memory (--max-memory); nothing was written"
        ) from None
