"""``xlscore new`` and ``xlscore standings``: the template workbooks, made and read."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

import click

from xlscore.cli.app import cli
from xlscore.cli.output import emit, output_format, output_options, table, warn
from xlscore.core.errors import InputError
from xlscore.core.events.rounds import RoundStanding
from xlscore.excel.templates import MODULES, standings_row

if TYPE_CHECKING:
    from xlscore.engine.files.book import Book
    from xlscore.excel.results import Result

TEMPLATE_SYSTEMS = tuple(MODULES)


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
    from xlscore.engine.files.safe_io import refuse_existing
    from xlscore.excel.templates import new_workbook, template

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
@click.option(
    "--after-round",
    type=click.IntRange(min=1),
    metavar="N",
    help="The standings after round N: only the results of rounds 1 to N count (a workbook without a Round column "
    "is one round).",
)
@click.option(
    "--by-round",
    is_flag=True,
    help="The standings after every round: each player's place, total, the round's score and places gained.",
)
@output_options
def standings(
    books: tuple[Path, ...],
    after_round: int | None,
    by_round: bool,
    kind: str | None,
    output: Path | None,
    as_csv: bool,
    raw_csv: bool,
) -> None:
    """Print the standings of filled template workbooks, computed from their inputs by xlscore's core.

    BOOKS are template workbooks (made by 'xlscore new') or folders of them; several give, as CSV, one table whose
    Workbook and System columns say where each row comes from, and as JSON one document keyed by workbook.
    Nothing is recalculated or written: the inputs are read and scored directly, so this works on a workbook Excel
    saved without the add-in. A template with no results yet shows its standings' header alone, and says so.
    --after-round and --by-round are for the events played in rounds (rplops, puffing-billy, size-matters,
    diplomacy).

    Examples: xlscore standings workbooks/rplops-event.xlsx; xlscore standings workbooks;
    xlscore standings season.xlsx -o standings.csv; xlscore standings event.xlsx --after-round 3;
    xlscore standings event.xlsx --by-round
    """
    from xlscore.engine.files.book import read_book
    from xlscore.engine.rewrite.structured import left_out
    from xlscore.excel.results import stacked

    if after_round is not None and by_round:
        raise click.UsageError("give --after-round or --by-round, not both")
    paths = [p for book in books for p in (sorted(book.glob("*.xlsx")) if book.is_dir() else [book])]
    missing: list[str] = []
    found: list[Result] = []
    systems: list[str] = []
    for path in paths:
        book = read_book(path)
        system, rows = _read(book, after_round, by_round)
        systems.append(system)
        if not rows:
            missing.append(f"{path.name} has no results yet: its standings are empty")
        name = f"{path.name} ({system})" if len(paths) > 1 else path.name
        header = (RoundStanding if by_round else standings_row(system)) if not rows else None
        found.append(table(name, rows, header))  # no rows: the header
        missing += left_out(book.tables)
    chosen = output_format(kind, output, as_csv)
    if len(found) > 1 and chosen == "csv":  # one table a program can read, each row naming its workbook
        found = [
            stacked(
                "standings",
                [({"Workbook": p.name, "System": s}, r) for p, s, r in zip(paths, systems, found, strict=True)],
            )
        ]
    emit(found, chosen, output, as_csv, raw_csv)
    warn(missing)
    if any("no results yet" not in m for m in missing):
        raise SystemExit(1)


def _read(book: Book, after_round: int | None, by_round: bool) -> tuple[str, Sequence[object]]:
    """A template's system and standings, a round too many named as the option that asked for it."""
    from xlscore.excel.templates import standings as read_standings

    try:
        return read_standings(book, after_round, by_round=by_round)
    except InputError as exc:
        told = str(exc)
        if after_round is None or not told.startswith("after_round "):
            raise
        said = told.removeprefix("after_round ").removesuffix(" (blank: all rounds)")
        raise InputError(f"{book.path.name}: --after-round {said}") from exc
