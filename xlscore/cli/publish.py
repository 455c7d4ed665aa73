"""``xlscore publish``: a filled template's standings for its players, as a web page, a projector view, a PDF and a
values-only workbook."""

from __future__ import annotations

from pathlib import Path

import click

from xlscore.cli.app import cli


@cli.command()
@click.argument("book", type=click.Path(path_type=Path))
@click.option("-o", "--output", "out_dir", type=click.Path(path_type=Path), help="The folder to write the page into.")
@click.option(
    "--projector",
    is_flag=True,
    help="Also write the projector's pages (projector.html): big type, one "
    "table a page, each passing to the next by itself.",
)
@click.option(
    "--pdf", type=click.Path(dir_okay=False, path_type=Path), help="Also print the page to this PDF (through Chromium)."
)
@click.option(
    "--paper", type=click.Choice(["a4", "letter"]), default="a4", show_default=True, help="The PDF's paper size."
)
@click.option(
    "--xlsx",
    type=click.Path(dir_okay=False, path_type=Path),
    help="Write the values-only workbook here: "
    "every formula replaced by its value, so it opens right in any spreadsheet program.",
)
@click.option("--watch", is_flag=True, help="Publish again each time BOOK is saved, until Ctrl-C.")
@click.option(
    "--interval",
    type=click.FloatRange(min=0.1),
    default=1.0,
    show_default=True,
    help="With --watch, how often BOOK is looked at, in seconds.",
)
@click.option("--polls", type=click.IntRange(min=1), hidden=True, help="With --watch, stop after this many looks.")
def publish(
    book: Path,
    out_dir: Path | None,
    projector: bool,
    pdf: Path | None,
    paper: str,
    xlsx: Path | None,
    watch: bool,
    interval: float,
    polls: int | None,
) -> None:
    """Publish the standings of BOOK, a filled template, for its players.

    -o DIR writes DIR/index.html and its style.css: the event's name and date, the standings with every column the
    Standings sheet has, the next round's seating and every board's scores, on a page that needs no server and runs
    no script (open it from the folder, or copy the folder to any web host). It prints the standings on A4 or
    Letter. --xlsx writes the values-only workbook; --pdf prints the page to a PDF.

    Examples: xlscore publish event.xlsx -o site; xlscore publish event.xlsx -o site --projector --watch;
    xlscore publish event.xlsx --xlsx event-values.xlsx
    """
    from xlscore.core.errors import InputError

    if out_dir is None and xlsx is None:
        raise click.UsageError(
            "give -o/--output DIR for the page, --xlsx OUT.xlsx for the values-only workbook, or both"
        )
    if (pdf is not None or projector or watch) and out_dir is None:
        raise click.UsageError("--pdf, --projector and --watch publish the page: give -o/--output DIR")
    if not book.is_file():
        raise InputError(f"BOOK {book} is not a file; expected a filled template workbook (.xlsx)")

    def once() -> None:
        _publish_once(book, out_dir, projector, pdf, paper, xlsx)

    if not watch:
        once()
        return
    from xlscore.excel.publish.watch import watch as watching

    click.echo(f"xlscore: watching {book} (Ctrl-C stops)", err=True)
    try:
        watching(book, once, lambda line: click.echo(f"xlscore: {line}", err=True), interval=interval, rounds=polls)
    except KeyboardInterrupt:
        click.echo("xlscore: stopped watching", err=True)


def _publish_once(
    book: Path, out_dir: Path | None, projector: bool, pdf: Path | None, paper: str, xlsx: Path | None
) -> None:
    if out_dir is not None:
        from xlscore.excel.publish import publish as publish_page

        page = publish_page(book, out_dir, projector=projector)
        click.echo(f"wrote {page}")
        if pdf is not None:
            from xlscore.excel.publish.pdf import print_pdf

            click.echo(f"wrote {print_pdf(page, pdf, paper)}")
    if xlsx is not None:
        from xlscore.excel.publish.values import values_only

        click.echo(f"wrote {values_only(book, xlsx)}")
