"""Feed the workbook reader broken and hostile files for as long as asked, and count how each was met.

    PYTHONPATH=. python benchmarks/fuzz_files.py [--seconds 300] [--seed 1] [--show 5]

The long run of tests/engine/test_safezip.py and test_parsed_sheet_data.py, with their builders of hostile files
(tests/engine/hostile.py; run from the repository's root so that ``tests`` is found). Each round is one of:

* a sheet with comments, processing instructions, CDATA and elements of other namespaces between and inside its
  cells (``hostile.noisy_sheet``): the cells the reader reads must be the cells ElementTree reads;
* a small workbook, or a shipped template, with random bytes of the file changed, cut out or repeated, or cut short;
* a small workbook with random bytes of one of its XML parts changed, or a part cut short;
* the fixed hostile files: an entity bomb, an external entity, a zip bomb, the sheets hiding a cell.

Every file is read (``read_book``) and recalculated into a copy. Counted: the files, those read whole, those
refused with a WorkbookError; and the failures, each of which must be 0: another exception escaping, a message of
more than one line or over 300 characters, a file that takes over 5 s, and a sheet read otherwise than ElementTree
reads it. The first few failures are printed. Exits 1 if there is any.
"""

from __future__ import annotations

import random
import sys
import tempfile
import time
import zipfile
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

import fuzzing
from fuzzing import Failures, Summary

from tests.engine import hostile
from xlscore.core.errors import XlscoreError
from xlscore.engine.evaluation.recalc import recalculate
from xlscore.engine.files.book import read_book
from xlscore.engine.files.sheetxml import scan_cells, unescape
from xlscore.excel.headless import register, xlscore_errors

ROOT = Path(__file__).resolve().parents[1]
SHEET1 = "xl/worksheets/sheet1.xml"
SLOW_SECONDS = 5.0
LONGEST_MESSAGE = 300


def changed(rng: random.Random, data: bytes) -> bytes:
    """``data`` with a few random changes: bytes replaced, a run cut out or repeated, or the end cut off."""
    out = bytearray(data)
    for _ in range(rng.randint(1, 4)):
        if not out:
            break
        at = rng.randrange(len(out))
        kind = rng.random()
        if kind < 0.5:
            out[at] = rng.randrange(256)
        elif kind < 0.65:
            del out[at : at + rng.randint(1, 64)]
        elif kind < 0.8:
            out[at:at] = out[at : at + rng.randint(1, 64)]
        elif kind < 0.9:
            out[at:at] = rng.choice((b"<", b">", b"&", b'"', b"<!--", b"-->", b"<![CDATA[", b"]]>", b"<?", b"?>"))
        else:
            del out[at:]
    return bytes(out)


@dataclass
class Tally:
    failures: Failures
    files: int = 0
    read: int = 0
    refused: int = 0
    escaped: int = 0
    long_messages: int = 0
    slow: int = 0
    sheets: int = 0
    misread_sheets: int = 0
    slowest: float = 0.0


def meet(path: Path, what: str, tally: Tally) -> None:
    """Read and recalculate one file, counting how it went."""
    tally.files += 1
    started = time.perf_counter()
    register()
    try:
        with xlscore_errors():  # the engine's BookError as the WorkbookError a user sees: its message bounded
            read_book(path)
            recalculate(path, path.with_name("out.xlsx"))
        tally.read += 1
    except XlscoreError as exc:
        tally.refused += 1
        message = str(exc)
        if "\n" in message or len(message) > LONGEST_MESSAGE:
            tally.long_messages += 1
            tally.failures.add(f"{what}: a message of {len(message)} characters: {message[:200]!r}")
    except Exception as exc:  # noqa: BLE001 -- what escapes is what this run counts
        tally.escaped += 1
        tally.failures.add(f"{what}: {type(exc).__name__}: {str(exc)[:200]}")
    took = time.perf_counter() - started
    tally.slowest = max(tally.slowest, took)
    if took > SLOW_SECONDS:
        tally.slow += 1
        tally.failures.add(f"{what}: took {took:.1f} s")


def noisy(rng: random.Random, folder: Path, tally: Tally) -> None:
    rows = [[rng.randint(0, 99) for _ in range(rng.randint(0, 6))] for _ in range(rng.randint(1, 8))]
    noise = [rng.choice(hostile.NOISE) for _ in range(rng.randint(1, 12))]
    sheet = hostile.noisy_sheet(rows, noise, rng.random() < 0.3)
    tally.sheets += 1
    read = {(row, col, unescape(value)) for row, col, *_, value, _ in scan_cells(sheet) if value is not None}
    if read != hostile.parsed_cells(sheet):
        tally.misread_sheets += 1
        tally.failures.add(f"sheet read otherwise than ElementTree reads it: {sheet[:300]!r}")
    meet(hostile.write_zip(folder / "noisy.xlsx", {**hostile.minimal_parts(), SHEET1: sheet}), "noisy sheet", tally)


def _with_sheet(sheet: bytes) -> Callable[[Path], Path]:
    return lambda path: hostile.write_zip(path, {**hostile.minimal_parts(), SHEET1: sheet})


def fixed_files() -> list[tuple[str, Callable[[Path], Path]]]:
    parts = hostile.minimal_parts()
    cases: list[tuple[str, Callable[[Path], Path]]] = [
        ("entity bomb", _with_sheet(hostile.BILLION_LAUGHS)),
        ("external entity", _with_sheet(hostile.EXTERNAL_ENTITY)),
        ("zip bomb", lambda path: hostile.write_zeros_part(path, SHEET1, 300 * 2**20, parts)),
        ("stored, not compressed", lambda path: hostile.write_zip(path, parts, zipfile.ZIP_STORED)),
    ]
    cases += [(f"hidden A1: {name}", _with_sheet(sheet)) for name, sheet in hostile.HIDDEN_A1.items()]
    return cases


def run(seconds: float, seed: int, failures: Failures) -> Tally:
    rng = random.Random(seed)
    tally = Tally(failures)
    templates = sorted((ROOT / "workbooks").glob("*.xlsx"))
    with tempfile.TemporaryDirectory() as temporary:
        folder = Path(temporary)
        for name, build in fixed_files():
            meet(build(folder / "fixed.xlsx"), name, tally)
        small = hostile.write_zip(folder / "small.xlsx", hostile.minimal_parts()).read_bytes()
        deadline = time.perf_counter() + seconds
        while time.perf_counter() < deadline:
            kind = rng.random()
            path = folder / "case.xlsx"
            if kind < 0.4:
                noisy(rng, folder, tally)
                continue
            if kind < 0.7:
                path.write_bytes(changed(rng, small))
                what = "small workbook, bytes changed"
            elif kind < 0.75 and templates:
                template = rng.choice(templates)
                path.write_bytes(changed(rng, template.read_bytes()))
                what = f"{template.name}, bytes changed"
            else:
                parts = hostile.minimal_parts()
                part = rng.choice(sorted(parts))
                parts[part] = changed(rng, parts[part])
                hostile.write_zip(path, parts)
                what = f"small workbook, {part} changed"
            meet(path, what, tally)
    return tally


def summary(tally: Tally) -> Summary:
    return (
        [
            f"files {tally.files:,}: {tally.read:,} read and recalculated, {tally.refused:,} refused with one line",
        ],
        [
            ("exceptions escaping", tally.escaped),
            ("messages not one short line", tally.long_messages),
            (f"files over {SLOW_SECONDS:g} s", tally.slow),
            (f"noisy sheets misread (of {tally.sheets:,})", tally.misread_sheets),
        ],
        [("slowest file", f"{tally.slowest:.2f} s")],
    )


def main(argv: Sequence[str] | None = None) -> int:
    return fuzzing.main(__doc__, argv, run, summary)


if __name__ == "__main__":
    sys.exit(main())
