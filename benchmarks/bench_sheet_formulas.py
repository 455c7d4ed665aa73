"""A coordinator's own sheet of per-row Excel formulas: ``xlscore recalc`` against LibreOffice, in one run.

    python benchmarks/bench_sheet_formulas.py [--sizes 20000,100000] [--timeout 900] [--no-cell-by-cell] [--keep]

Two workbooks per size N, made with openpyxl (a fixed seed), N data rows each:

* sheet A: B a whole number 0..100, C a number with 3 decimals, D one with 2; E
  ``=IF(B2>50,ROUND(C2*D2,2),SUM(B2:D2))&""`` and F ``=TEXT(C2,"0.00")``;
* sheet B: A a key K1..K1100, D a group 1..500; E ``=VLOOKUP(A2,Lookup!$A$1:$B$1000,2,FALSE)`` (keys K1..K1000
  on sheet Lookup, so about one row in eleven is #N/A) and F ``=COUNTIF($D$2:$D$N+1,D2)``, the range to the last row;
* sheet C: A a player P1..P1000 (in upper or lower case), B a round 1..10, C a score with 2 decimals; E
  ``=SUMIF($A$2:$A$N+1,A2,$C$2:$C$N+1)`` (the player's total, the name without regard to case) and F
  ``=COUNTIFS($A$2:$A$N+1,A2,$B$2:$B$N+1,">"&B2)`` (the player's games in later rounds).

How it measures: ``python -m xlscore recalc IN -o OUT`` as a child process, and LibreOffice 25.2 headless
(``soffice --convert-to xlsx`` with a profile set to recalculate on load, proved first on a probe with a stale
value, copied fresh for each run from a profile LibreOffice has started with), each bounded by ``--timeout``; wall
seconds, CPU seconds (the child's and its waited-for descendants') and peak memory from the kernel's accounting
of the child (:func:`run_measured`). Then every value of E and
F is read back from both outputs and compared: text exactly, numbers to 1e-9, errors by code. At the first size
(at most 20,000 rows) the values xlscore wrote are also compared with today's cell-by-cell path
(``evaluate(book, vector=False)`` in this process): every row of sheet A, and every 100th row of sheets B and C,
whose cell-by-cell COUNTIF, SUMIF and COUNTIFS read their whole columns for each row (quadratic: 20,000 rows do not
finish in 600 s).
Ratios: xlscore seconds / LibreOffice seconds (below 1: xlscore is faster). ``os.getloadavg()`` is printed before
and after each size: the machine is shared.

Exits 1 if a run fails or a value differs.
"""

from __future__ import annotations

import argparse
import dataclasses
import os
import random
import shutil
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

import openpyxl
from bench_recalc import check_forced_recalc
from measure import xlscore_argv

from xlscore.engine.errors import CellError
from xlscore.engine.evaluation.engine import evaluate
from xlscore.engine.evaluation.recalc import same_value
from xlscore.engine.files.book import read_book
from xlscore.excel.libreoffice.profile import copy_profile
from xlscore.excel.libreoffice.soffice import Run, convert_to_xlsx, find_soffice, run_measured, soffice_version

SEED = 20261127
LOOKUP_ROWS = 1000
SAMPLE_B = 100  # every 100th row of sheets B and C is checked cell by cell
PLAYERS = 1000


def write_sheet_a(size: int, path: Path) -> None:
    rng = random.Random(SEED)
    book = openpyxl.Workbook()
    sheet = book.active
    assert sheet is not None
    sheet.title = "Data"
    sheet.append(["id", "b", "c", "d", "joined", "text"])
    for r in range(2, size + 2):
        b, c, d = rng.randint(0, 100), round(rng.uniform(0, 1000), 3), round(rng.uniform(0, 10), 2)
        sheet.append([r - 1, b, c, d, f'=IF(B{r}>50,ROUND(C{r}*D{r},2),SUM(B{r}:D{r}))&""', f'=TEXT(C{r},"0.00")'])
    book.save(path)


def write_sheet_b(size: int, path: Path) -> None:
    rng = random.Random(SEED + 1)
    book = openpyxl.Workbook()
    sheet = book.active
    assert sheet is not None
    sheet.title = "Data"
    lookup = book.create_sheet("Lookup")
    for i in range(1, LOOKUP_ROWS + 1):
        lookup.append([f"K{i}", i * 1.5])
    sheet.append(["key", "x", "y", "group", "looked up", "count"])
    last = size + 1
    for r in range(2, size + 2):
        key = f"K{rng.randint(1, LOOKUP_ROWS * 11 // 10)}"
        sheet.append(
            [key, r, 0, rng.randint(1, 500), f"=VLOOKUP(A{r},Lookup!$A$1:$B${LOOKUP_ROWS},2,FALSE)",
             f"=COUNTIF($D$2:$D${last},D{r})"]
        )  # fmt: skip
    book.save(path)


def write_sheet_c(size: int, path: Path) -> None:
    rng = random.Random(SEED + 2)
    book = openpyxl.Workbook()
    sheet = book.active
    assert sheet is not None
    sheet.title = "Data"
    sheet.append(["player", "round", "score", "", "total", "later games"])
    last = size + 1
    for r in range(2, size + 2):
        player = f"P{rng.randint(1, PLAYERS)}"
        sheet.append(
            [player.lower() if rng.random() < 0.2 else player, rng.randint(1, 10), round(rng.uniform(0, 100), 2),
             None, f"=SUMIF($A$2:$A${last},A{r},$C$2:$C${last})",
             f'=COUNTIFS($A$2:$A${last},A{r},$B$2:$B${last},">"&B{r})']
        )  # fmt: skip
    book.save(path)


WRITERS = {"A": write_sheet_a, "B": write_sheet_b, "C": write_sheet_c}


def read_values(path: Path) -> dict[tuple[int, int], object]:
    """Columns E and F of sheet Data, by (row, column), as computed (errors as CellError)."""
    book = openpyxl.load_workbook(path, read_only=True, data_only=True)
    values: dict[tuple[int, int], object] = {}
    for r, row in enumerate(book["Data"].iter_rows(min_row=2, min_col=5, max_col=6, values_only=True), start=2):
        for c, value in enumerate(row, start=5):
            is_error = isinstance(value, str) and value.startswith("#") and value.endswith(("!", "?", "A"))
            values[(r, c)] = CellError(str(value)) if is_error else value
    book.close()
    return values


def differences(got: dict[tuple[int, int], object], want: dict[tuple[int, int], object]) -> list[str]:
    found = []
    for cell, value in want.items():
        other = got.get(cell)
        same = (
            value.code == other.code
            if isinstance(value, CellError) and isinstance(other, CellError)
            else same_value(value, other)
        )
        if not same:
            found.append(f"{cell}: {other!r} against {value!r}")
    return found


def cell_by_cell(source: Path, every: int) -> tuple[dict[tuple[int, int], object], float]:
    """Today's cell-by-cell values of every ``every``-th formula row, and its seconds."""
    book = read_book(source)
    for sheet in book.sheets:
        sheet.formulas = [f for f in sheet.formulas if (f.row - 2) % every == 0]
    start = time.perf_counter()
    evaluation = evaluate(book, vector=False)
    seconds = time.perf_counter() - start
    data = evaluation.values["DATA"]
    return {cell: data[cell] for cell in data if cell[1] in (5, 6)}, seconds


@dataclasses.dataclass
class Result:
    sheet: str
    size: int
    xlscore: Run
    libreoffice: Run
    problems: list[str]
    checked: int
    cell_seconds: float | None = None


def load() -> str:
    return "load " + " ".join(f"{x:.2f}" for x in os.getloadavg())


def run_one(sheet: str, size: int, folder: Path, soffice: str, profile: Path, args: argparse.Namespace) -> Result:
    source = folder / f"sheet-{sheet}-{size}.xlsx"
    WRITERS[sheet](size, source)
    ours = folder / f"sheet-{sheet}-{size}-xlscore.xlsx"
    print(f"  sheet {sheet}, {size:,} rows: xlscore ({load()})", flush=True)
    xlscore = run_measured(xlscore_argv(source, ours), timeout=args.timeout, log=folder / "xlscore.log")
    print(f"  sheet {sheet}, {size:,} rows: LibreOffice ({load()})", flush=True)
    run_profile = copy_profile(profile, folder / f"profile-{sheet}-{size}")
    libreoffice, theirs = convert_to_xlsx(
        soffice, source, folder / f"lo-{sheet}-{size}", run_profile, timeout=args.timeout
    )
    shutil.rmtree(run_profile, ignore_errors=True)
    problems = [f"xlscore {xlscore.failure}"] if not xlscore.ok else []
    problems += [f"LibreOffice {libreoffice.failure}"] if not libreoffice.ok or not theirs.exists() else []
    if problems:
        return Result(sheet, size, xlscore, libreoffice, problems, 0)
    mine = read_values(ours)
    problems += [f"against LibreOffice {d}" for d in differences(mine, read_values(theirs))]
    result = Result(sheet, size, xlscore, libreoffice, problems, len(mine))
    if args.cell_by_cell and size <= 20_000:
        print(f"  sheet {sheet}, {size:,} rows: cell by cell ({load()})", flush=True)
        old, result.cell_seconds = cell_by_cell(source, 1 if sheet == "A" else SAMPLE_B)
        result.problems += [f"against cell by cell {d}" for d in differences(mine, old)]
    return result


def report(results: Sequence[Result]) -> None:
    print()
    print(
        "| sheet | rows | xlscore s | LibreOffice s | ratio | xlscore CPU s | LibreOffice CPU s | CPU ratio | "
        "xlscore MiB | LibreOffice MiB | cells equal |"
    )
    print("|---|---|---|---|---|---|---|---|---|---|---|")
    for r in results:
        ratio = r.xlscore.seconds / r.libreoffice.seconds
        cpu_ratio = r.xlscore.cpu_seconds / r.libreoffice.cpu_seconds
        equal = "yes" if not r.problems else f"NO ({len(r.problems)})"
        print(
            f"| {r.sheet} | {r.size:,} | {r.xlscore.seconds:.2f} | {r.libreoffice.seconds:.2f} | {ratio:.2f}x | "
            f"{r.xlscore.cpu_seconds:.2f} | {r.libreoffice.cpu_seconds:.2f} | {cpu_ratio:.2f}x | "
            f"{r.xlscore.peak_mib:.0f} | {r.libreoffice.peak_mib:.0f} | {equal} of {r.checked:,} |"
        )
    for r in results:
        if r.cell_seconds is not None:
            sample = "every row" if r.sheet == "A" else f"every {SAMPLE_B}th row"
            print(f"sheet {r.sheet}, {r.size:,} rows: cell by cell ({sample}) {r.cell_seconds:.1f} s in process")
        for problem in r.problems[:5]:
            print(f"sheet {r.sheet}, {r.size:,} rows: {problem}")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="20000,100000")
    parser.add_argument("--sheets", default="A,B,C")
    parser.add_argument("--timeout", type=float, default=900.0)
    parser.add_argument("--no-cell-by-cell", dest="cell_by_cell", action="store_false")
    parser.add_argument("--keep", action="store_true", help="keep the workbooks (the folder is printed)")
    args = parser.parse_args(argv)
    soffice = find_soffice()
    if soffice is None:
        print("LibreOffice (soffice) not found; docs/guide/libreoffice.md says how to install it", file=sys.stderr)
        return 1
    print(f"{soffice_version(soffice)}; {os.cpu_count()} processors; {load()}")
    folder = Path(tempfile.mkdtemp(prefix="bench-sheet-formulas-"))
    results = []
    try:
        profile, _ = check_forced_recalc(soffice, folder / "libreoffice", args.timeout)
        for size in (int(s) for s in args.sizes.split(",")):
            for sheet in args.sheets.split(","):
                results.append(run_one(sheet, size, folder, soffice, profile, args))
                print(f"  done ({load()})", flush=True)
    finally:
        if args.keep:
            print(f"workbooks kept in {folder}")
        else:
            shutil.rmtree(folder, ignore_errors=True)
    report(results)
    return 1 if any(r.problems for r in results) else 0


if __name__ == "__main__":
    sys.exit(main())
