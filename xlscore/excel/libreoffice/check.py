"""Checking xlscore against LibreOffice: every cell of a recalculated workbook computed again, and compared.

:func:`check_books` recalculates each book with xlscore, lets LibreOffice compute the result again through the
extension, and :func:`compare_books` lists every cell where the two differ and every cell where LibreOffice shows an
error.
"""

from __future__ import annotations

import math
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import openpyxl

from xlscore.engine.evaluation.recalc import recalculate
from xlscore.excel.functions.cells import ERROR_CODES
from xlscore.excel.headless import register
from xlscore.excel.libreoffice.soffice import Office

__all__ = ["Check", "Finding", "check_books", "compare_books"]


@dataclass(frozen=True)
class Finding:
    """A cell where LibreOffice shows an error, or a value other than the one ``xlscore recalc`` wrote."""

    sheet: str
    cell: str
    xlscore: object
    libreoffice: object
    error: bool

    def __str__(self) -> str:
        what = "error" if self.error else "differs"
        return f"{self.sheet}!{self.cell}: {what}: xlscore {_show(self.xlscore)}, LibreOffice {_show(self.libreoffice)}"


def _show(value: object) -> str:
    if value is None:
        return "blank"
    if isinstance(value, float):
        return f"{value:.15g}"
    return repr(value)


def _is_error(value: object) -> bool:
    """An error as LibreOffice saves it: an error cell, or Calc's own Err:nnn."""
    if not isinstance(value, str):
        return False
    return value.split(" ", 1)[0] in ERROR_CODES or value.startswith("Err:")


def _same(a: object, b: object, tolerance: float) -> bool:
    if a in (None, "") and b in (None, ""):
        return True
    if isinstance(a, (int, float)) and isinstance(b, (int, float)):
        return math.isclose(float(a), float(b), rel_tol=tolerance, abs_tol=tolerance)
    return a == b


def compare_books(xlscore_book: Path, libreoffice_book: Path, *, tolerance: float = 1e-9) -> list[Finding]:
    """Every cell whose value LibreOffice saved differs from xlscore's (numbers within ``tolerance`` relative, a
    boolean equal to 1 or 0, a blank equal to empty text), and every cell where LibreOffice shows an error."""
    ours = openpyxl.load_workbook(xlscore_book, data_only=True)
    theirs = openpyxl.load_workbook(libreoffice_book, data_only=True)
    findings: list[Finding] = []
    try:
        for sheet in ours.worksheets:
            if sheet.title not in theirs.sheetnames:
                findings.append(Finding(sheet.title, "-", "a sheet", None, error=True))
                continue
            other = theirs[sheet.title]
            rows = max(sheet.max_row, other.max_row)
            cols = max(sheet.max_column, other.max_column)
            for r in range(1, rows + 1):
                for c in range(1, cols + 1):
                    mine = sheet.cell(r, c).value
                    shown = other.cell(r, c).value
                    error = _is_error(shown)
                    if error or not _same(mine, shown, tolerance):
                        findings.append(Finding(sheet.title, sheet.cell(r, c).coordinate, mine, shown, error))
    finally:
        ours.close()
        theirs.close()
    return findings


@dataclass(frozen=True)
class Check:
    """One workbook checked: its findings, and the seconds spent in xlscore and in LibreOffice."""

    book: Path
    findings: tuple[Finding, ...]
    xlscore_seconds: float
    libreoffice_seconds: float


def check_books(books: Sequence[Path], office: Office, workdir: Path, *, tolerance: float = 1e-9) -> list[Check]:
    """Recalculate each book with xlscore, let LibreOffice compute the result again (one soffice run for all),
    and compare every cell (:func:`compare_books`)."""
    register()
    computed: list[Path] = []
    spent: list[float] = []
    for index, book in enumerate(books):
        # Own folder per book, so two books of the same name cannot overwrite each other's output.
        target = workdir / f"{index}" / f"{book.stem}.xlsx"
        target.parent.mkdir(parents=True, exist_ok=True)
        start = time.perf_counter()
        recalculate(book, target)
        spent.append(time.perf_counter() - start)
        computed.append(target)
    results: list[Check] = []
    by_name: dict[str, list[int]] = {}
    for index, path in enumerate(computed):
        by_name.setdefault(path.name, []).append(index)
    # soffice names its outputs by the input's stem: books of the same name go in separate runs.
    batches = [
        [indexes[i] for indexes in by_name.values() if i < len(indexes)]
        for i in range(max(map(len, by_name.values()), default=0))
    ]
    lo_seconds: dict[int, float] = {}
    outputs: dict[int, Path] = {}
    for number, batch in enumerate(batches):
        start = time.perf_counter()
        written = office.to_xlsx([computed[i] for i in batch], workdir / f"libreoffice-{number}")
        seconds = (time.perf_counter() - start) / len(batch)
        for i, path in zip(batch, written, strict=True):
            outputs[i] = path
            lo_seconds[i] = seconds
    for index, book in enumerate(books):
        findings = compare_books(computed[index], outputs[index], tolerance=tolerance)
        results.append(Check(book, tuple(findings), spent[index], lo_seconds[index]))
    return results
