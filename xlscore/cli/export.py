"""``xlscore export``: a table, named range or sheet of a workbook, printed after recalculation."""

from __future__ import annotations

from pathlib import Path

import click

from xlscore.cli.app import cli
from xlscore.cli.output import emit, output_options, progress_bar, warn
from xlscore.core.errors import WorkbookError


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

    A sheet gives the table it holds: the one its formulas compute (a template's Standings, Finals, Next season),
    else its one input table, else the block at its A1; a sheet with several names them, and 'SHEET!J1' gives the
    one whose header starts at J1. Without --name: every table and named range, and every sheet computed from A1
    (a template's Standings among them); a workbook with none of these is refused.

    Examples: xlscore export event.xlsx --name Standings --format csv; xlscore export event.xlsx --name 'Seating!J1'
    """
    from xlscore.engine.files.book import read_book
    from xlscore.engine.rewrite.structured import left_out
    from xlscore.excel.results import results

    read = read_book(book)
    total = sum(len(s.formulas) for s in read.sheets)
    with progress_bar() as progress:
        found = results(
            read,
            list(names) or None,
            recalculate=not no_recalc,
            progress=None if progress is None else (lambda done: progress(done, total)),
            dates=True,
        )
    if not found:
        raise WorkbookError(
            f"{book.name} has no table to export: no Excel table, no named range, and no sheet computed from its A1; "
            "give --name SHEET for a sheet's block"
        )
    emit(list(found.values()), kind, output, as_csv, raw_csv)
    warn(left_out(read.tables))
