"""What every command that prints a table shares: the output options, the formats, writing a file whole,
warnings and progress on stderr."""

from __future__ import annotations

import contextlib
import re
import sys
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

if TYPE_CHECKING:
    from xlscore.excel.results import Result

FORMATS = ("text", "csv", "json")
_HALF_PAIR = re.compile("[\ud800-\udfff]")


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


def emit(found: Sequence[Result], kind: str | None, output: Path | None, as_csv: bool, raw_csv: bool) -> None:
    """Print the tables, or write them to ``output``, in the format asked for (see :func:`output_options`)."""
    from xlscore.excel.results import format_results

    deliver(format_results(found, output_format(kind, output, as_csv), raw=raw_csv), output)


def output_format(kind: str | None, output: Path | None, as_csv: bool) -> str:
    """The format asked for: --format, else --csv, else the output file's suffix (.csv, .json), else text."""
    if as_csv:
        if kind not in (None, "csv"):
            raise click.UsageError(f"give --csv or --format {kind}, not both")
        return "csv"
    if kind is None:
        return {".csv": "csv", ".json": "json"}.get(output.suffix.lower(), "text") if output is not None else "text"
    return kind


def deliver(text: str, output: Path | None) -> None:
    """Print ``text``, or write it to ``output`` (replaced whole, and only once written). Half a surrogate pair
    (``UNICHAR`` cannot make one, but a file may hold ``_xD800_``), which no UTF-8 can hold, is written as Excel
    writes it in a sheet, ``_xD800_``."""
    text = _HALF_PAIR.sub(lambda found: f"_x{ord(found.group()):04X}_", text)
    if output is None:
        click.echo(text, nl=False)
        return
    from xlscore.engine.files.safe_io import replacing

    with replacing(output) as temporary:
        temporary.write_text(text, encoding="utf-8")
    click.echo(f"wrote {output}", err=True)


def table(name: str, rows: Sequence[object], row_type: type | None) -> Result:
    """Rows of a core result (frozen dataclasses) as a named table; no rows: the header of ``row_type`` alone."""
    from xlscore.excel.functions.cells import table_to_grid
    from xlscore.excel.results import Result

    grid = table_to_grid(rows, row_type)
    header = tuple(str(h) for h in grid[0]) if grid[0] != [""] else ()
    return Result(name, header, tuple(tuple(r) for r in grid[1:]))


def step(message: str) -> None:
    """A line of progress on a terminal (stderr), for work that takes a moment; nothing when piped."""
    if sys.stderr.isatty():
        click.echo(f"xlscore: {message} ...", err=True)


@contextlib.contextmanager
def working(message: str, every: float = 1.0) -> Iterator[None]:
    """Long work whose end cannot be foreseen (a seating search): on a terminal, ``message`` and the seconds spent,
    rewritten in place every ``every`` seconds and cleared at the end; nothing when stderr is not a terminal."""
    if not sys.stderr.isatty():
        yield
        return
    import threading
    import time

    done = threading.Event()
    started = time.monotonic()

    def tick() -> None:
        while not done.wait(every):
            sys.stderr.write(f"\rxlscore: {message} ... {time.monotonic() - started:.0f} s")
            sys.stderr.flush()

    sys.stderr.write(f"xlscore: {message} ...")
    sys.stderr.flush()
    ticker = threading.Thread(target=tick, daemon=True)
    ticker.start()
    try:
        yield
    finally:
        done.set()
        ticker.join()
        sys.stderr.write(f"\rxlscore: {message}: {time.monotonic() - started:.1f} s\n")
        sys.stderr.flush()


def warn(lines: Sequence[str]) -> None:
    """Rows typed below a table after a blank row, which nothing counts: one line each on stderr."""
    for line in lines:
        click.echo(f"xlscore: warning: {line}", err=True)


def fail(message: str) -> int:
    click.echo(f"xlscore: {message}", err=True)
    return 1


@contextlib.contextmanager
def progress_bar() -> Iterator[Callable[[int, int], None] | None]:
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
