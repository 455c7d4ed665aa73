"""``xlscore recalc``: every formula of a workbook computed without Excel, written into a copy."""

from __future__ import annotations

import time
from pathlib import Path

import click

from xlscore.cli.app import cli
from xlscore.cli.output import fail, progress_bar, warn


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
    with progress_bar() as progress:
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
    warn(result.left_out)
    written = f"; wrote {result.output}" if result.output is not None else ""
    click.echo(f"computed {result.formulas} formulas in {time.perf_counter() - started:.2f} s{written}", err=True)
    if problems or (check and result.left_out):
        counts = f"{len(errors)} cells in error, {len(differences)} differences from the saved values"
        if check and result.left_out:
            counts += f", {len(result.left_out)} tables with rows left out"
        raise SystemExit(fail(counts))
