"""Time ``xlscore recalc`` at each size limit and just over it (:mod:`xlscore.engine.files.limits`).

    python benchmarks/bench_limits.py [--only cells,formulas] [--timeout 600]

For each limit, a workbook at the limit (computed) and one just over it (refused with one line), built by
streaming XML into a zip, each recalculated by ``python -m xlscore recalc IN -o OUT`` as a child process measured
alone (:mod:`measure`): wall seconds and peak MiB. There is no peer: these are bounds, not a race.

* formula length: one formula of 8,192 characters (``LEN("xx...")``); then 1,000,000 characters.
* sheets: 1,000 sheets, each with one number and one formula; then 1,001.
* cells: 2,000,000 number cells, 8 a row, and one SUM over them; then 2,000,001.
* formulas: 200,000 formula cells, one formula filled down (``=B1*2``); then 200,001.
* shared strings: 1,000,000 entries, each used once, and a COUNTA; then 1,000,001.

Exits 1 when a workbook at a limit was not computed or one over it was not refused with one line.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import zipfile
from collections.abc import Callable, Iterator
from pathlib import Path

from measure import run_alone, xlscore_argv

from xlscore.engine.files import limits

MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
PACKAGE = "http://schemas.openxmlformats.org/package/2006/relationships"
WORKSHEET = f"{REL}/worksheet"


def _rels(targets: list[tuple[str, str, str]]) -> bytes:
    items = "".join(f'<Relationship Id="{i}" Type="{t}" Target="{target}"/>' for i, t, target in targets)
    return f'<Relationships xmlns="{PACKAGE}">{items}</Relationships>'.encode()


def write_book(path: Path, sheets: int, rows: Callable[[int], Iterator[bytes]], strings: bytes | None = None) -> Path:
    """A workbook of ``sheets`` sheets; sheet i's sheetData streamed from ``rows(i)``."""
    types = (
        '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>'
        '<Default Extension="xml" ContentType="application/xml"/>'
        '<Override PartName="/xl/workbook.xml" '
        'ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/></Types>'
    )
    listed = "".join(f'<sheet name="S{i}" sheetId="{i}" r:id="rId{i}"/>' for i in range(1, sheets + 1))
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED, compresslevel=1) as archive:
        archive.writestr("[Content_Types].xml", types)
        archive.writestr("_rels/.rels", _rels([("rId1", f"{REL}/officeDocument", "xl/workbook.xml")]))
        archive.writestr(
            "xl/workbook.xml", f'<workbook xmlns="{MAIN}" xmlns:r="{REL}"><sheets>{listed}</sheets></workbook>'
        )
        targets = [(f"rId{i}", WORKSHEET, f"worksheets/sheet{i}.xml") for i in range(1, sheets + 1)]
        if strings is not None:
            targets.append((f"rId{sheets + 1}", f"{REL}/sharedStrings", "sharedStrings.xml"))
            archive.writestr("xl/sharedStrings.xml", strings)
        archive.writestr("xl/_rels/workbook.xml.rels", _rels(targets))
        for i in range(1, sheets + 1):
            with archive.open(f"xl/worksheets/sheet{i}.xml", "w") as stream:
                stream.write(f'<worksheet xmlns="{MAIN}"><sheetData>'.encode())
                for piece in rows(i):
                    stream.write(piece)
                stream.write(b"</sheetData></worksheet>")
    return path


def formula_length(path: Path, length: int) -> Path:
    text = 'LEN("' + "x" * (length - 7) + '")'
    return write_book(path, 1, lambda _: iter([f'<row r="1"><c r="A1"><f>{text}</f><v>0</v></c></row>'.encode()]))


def sheets(path: Path, count: int) -> Path:
    row = b'<row r="1"><c r="A1"><v>1</v></c><c r="B1"><f>A1*2</f><v>2</v></c></row>'
    return write_book(path, count, lambda _: iter([row]))


def cells(path: Path, count: int) -> Path:
    def rows(_: int) -> Iterator[bytes]:
        yield b'<row r="1"><c r="A1"><f>SUM(A2:H300000)</f><v>0</v></c></row>'
        left = count - 1
        for r in range(2, left // 8 + 3):
            n = min(8, left)
            left -= n
            if n:
                row = "".join(f'<c r="{c}{r}"><v>{r}</v></c>' for c in "ABCDEFGH"[:n])
                yield f'<row r="{r}">{row}</row>'.encode()

    return write_book(path, 1, rows)


def formulas(path: Path, count: int) -> Path:
    def rows(_: int) -> Iterator[bytes]:
        for r in range(1, count + 1):
            f = f'<f t="shared" ref="A1:A{count}" si="0">B1*2</f>' if r == 1 else '<f t="shared" si="0"/>'
            yield f'<row r="{r}"><c r="A{r}">{f}<v>0</v></c><c r="B{r}"><v>{r}</v></c></row>'.encode()

    return write_book(path, 1, rows)


def shared_strings(path: Path, count: int) -> Path:
    entries = "".join(f"<si><t>p{i}</t></si>" for i in range(count))
    table = f'<sst xmlns="{MAIN}">{entries}</sst>'.encode()

    def rows(_: int) -> Iterator[bytes]:
        yield b'<row r="1"><c r="A1"><f>COUNTA(B:B)</f><v>0</v></c></row>'
        for r in range(2, count + 2):
            yield f'<row r="{r}"><c r="B{r}" t="s"><v>{r - 2}</v></c></row>'.encode()

    return write_book(path, 1, rows, table)


CASES: dict[str, tuple[Callable[[Path, int], Path], int, int]] = {
    "formula length": (formula_length, limits.MAX_FORMULA_LENGTH, 1_000_000),
    "sheets": (sheets, limits.MAX_SHEETS, limits.MAX_SHEETS + 1),
    "cells": (cells, limits.MAX_CELLS, limits.MAX_CELLS + 1),
    "formulas": (formulas, limits.MAX_FORMULAS, limits.MAX_FORMULAS + 1),
    "shared strings": (shared_strings, limits.MAX_SHARED_STRINGS, limits.MAX_SHARED_STRINGS + 1),
}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--only", default="", help="comma-separated limits (default: all)")
    parser.add_argument("--timeout", type=float, default=600.0)
    args = parser.parse_args(argv)
    chosen = [c for c in CASES if not args.only or c.replace(" ", "-") in args.only.split(",") or c in args.only]
    failed = False
    print("| limit | size | outcome | seconds | peak MiB |")
    print("|---|---|---|---|---|")
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        for name in chosen:
            build, at, over = CASES[name]
            for size, computed in ((at, True), (over, False)):
                path = build(folder / f"{name.replace(' ', '-')}-{size}.xlsx", size)
                out = folder / "out.xlsx"
                out.unlink(missing_ok=True)
                run = run_alone(xlscore_argv(path, out), timeout=args.timeout, log=folder / "log.txt")
                log = (folder / "log.txt").read_text(encoding="utf-8", errors="replace").strip()
                refused = [line for line in log.splitlines() if "refused" in line]
                if computed:
                    outcome = "computed" if out.exists() and not run.timed_out else f"NOT computed: {log[-200:]}"
                    failed |= outcome != "computed"
                else:
                    outcome = "refused: " + refused[0] if refused and not out.exists() else f"NOT refused: {log[-200:]}"
                    failed |= not outcome.startswith("refused")
                print(f"| {name} | {size:,} | {outcome} | {run.seconds:.1f} | {run.peak_mib:.0f} |", flush=True)
                path.unlink()
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
