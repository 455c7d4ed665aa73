"""The command line: LibreOffice computes each workbook again, to check it against ``xlscore recalc`` or draw it::

    python3 -m xlscore.excel.libreoffice check BOOK.xlsx [BOOK2.xlsx ...]
    python3 -m xlscore.excel.libreoffice render BOOK.xlsx [BOOK2.xlsx ...] OUTDIR

``check`` exits 1 if any cell differs from xlscore's or shows an error; ``render`` writes a PNG per sheet.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

from xlscore.core.errors import XlscoreError
from xlscore.engine import BookError
from xlscore.excel.libreoffice.check import check_books
from xlscore.excel.libreoffice.profile import office
from xlscore.excel.libreoffice.render import render
from xlscore.excel.libreoffice.soffice import TIMEOUT, soffice_version

__all__ = ["main"]


def main(argv: Sequence[str] | None = None) -> int:
    """``check BOOK...``: exit 1 if any cell differs or shows an error; ``render BOOK... OUTDIR``: PNG per sheet."""
    parser = argparse.ArgumentParser(prog="python3 -m xlscore.excel.libreoffice", description=__doc__.split("\n")[0])
    parser.add_argument("--soffice", help="the soffice executable (default: soffice on the PATH)")
    parser.add_argument("--timeout", type=float, default=TIMEOUT, help="seconds per soffice run (default %(default)s)")
    commands = parser.add_subparsers(dest="command", required=True)
    check = commands.add_parser("check", help="compare LibreOffice's values with xlscore recalc's, cell by cell")
    check.add_argument("books", nargs="+", type=Path)
    draw = commands.add_parser("render", help="a PNG per sheet, as LibreOffice computes and prints it")
    draw.add_argument("books", nargs="+", type=Path)
    draw.add_argument("outdir", type=Path)
    draw.add_argument("--dpi", type=int, default=96, help="resolution (default %(default)s)")
    options = parser.parse_args(argv)
    try:
        start = time.perf_counter()
        with office(options.soffice, timeout=options.timeout) as lo:
            print(f"{soffice_version(lo.soffice)}: profile ready in {time.perf_counter() - start:.2f} s")
            if options.command == "render":
                for book in options.books:
                    for path in render(book, options.outdir, lo, dpi=options.dpi):
                        print(f"wrote {path} ({path.stat().st_size // 1024} KiB)")
                return 0
            with tempfile.TemporaryDirectory(prefix="xlscore-check-") as work:
                checks = check_books(options.books, lo, Path(work))
    except (XlscoreError, BookError, OSError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    failed = False
    for result in checks:
        print(
            f"{result.book}: {len(result.findings)} finding(s); xlscore {result.xlscore_seconds:.2f} s, "
            f"LibreOffice {result.libreoffice_seconds:.2f} s"
        )
        for finding in result.findings:
            print(f"  {finding}")
        failed = failed or bool(result.findings)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
