"""The programs the round-trip tests fill a template with, and how a table they read back is held to the core's.

LibreOffice is driven through UNO by its own Python (``uno_rows.py``), every workbook of a test module in one
session: starting soffice takes seconds, typing into an open document does not.
"""

from __future__ import annotations

import datetime as dt
import json
import math
import subprocess
from collections.abc import Sequence
from pathlib import Path

WORKBOOKS = Path(__file__).resolve().parents[2] / "workbooks"
UNO_SCRIPT = Path(__file__).with_name("uno_rows.py")
LIBREOFFICE_PYTHON = Path("/usr/bin/python3")
EXCEL_EPOCH = dt.date(1899, 12, 30)

__all__ = ["WORKBOOKS", "differences", "has_uno", "libreoffice", "recalculated_standings_are", "serial"]


def has_uno() -> bool:
    """Whether LibreOffice and its Python bridge are installed."""
    from xlscore.excel.libreoffice.soffice import find_soffice

    if find_soffice() is None or not LIBREOFFICE_PYTHON.exists():
        return False
    probe = subprocess.run([str(LIBREOFFICE_PYTHON), "-c", "import uno"], capture_output=True, check=False)
    return probe.returncode == 0


def serial(value: object) -> object:
    """A date as the number a spreadsheet keeps for it (what typing a date into LibreOffice stores)."""
    return (value - EXCEL_EPOCH).days if isinstance(value, dt.date) else value


def libreoffice(jobs: list[dict[str, object]], folder: Path, timeout: float = 600) -> None:
    """Do ``jobs`` (see uno_rows.py) in one LibreOffice session; fail the test with LibreOffice's message."""
    listed = folder / "uno-jobs.json"
    listed.write_text(json.dumps(jobs, default=serial), encoding="utf-8")
    done = subprocess.run(
        [str(LIBREOFFICE_PYTHON), str(UNO_SCRIPT), str(listed)],
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-2000:]


def _close(shown: object, want: object) -> bool:
    if isinstance(want, bool) or isinstance(shown, bool):
        return shown == want
    if isinstance(want, int | float) and isinstance(shown, int | float):
        return math.isclose(float(shown), float(want), rel_tol=1e-9, abs_tol=1e-9)
    if isinstance(want, int | float) and isinstance(shown, str):
        try:
            return math.isclose(float(shown), float(want), rel_tol=1e-9, abs_tol=1e-9)
        except ValueError:
            return False
    return shown == want or (shown in (None, "") and want in (None, ""))


def differences(
    shown: Sequence[Sequence[object]], expected: Sequence[Sequence[object]]
) -> list[tuple[int, int, object, object]]:
    """Every cell of ``expected`` that ``shown`` does not show (numbers to 1e-9, a number shown as text read)."""
    assert len(shown) == len(expected), f"{len(shown)} rows shown, the core has {len(expected)}"
    return [
        (r, c, shown[r][c] if c < len(shown[r]) else None, want)
        for r, row in enumerate(expected)
        for c, want in enumerate(row)
        if not _close(shown[r][c] if c < len(shown[r]) else None, want)
    ]


def recalculated_standings_are(path: Path, out: Path, expected: Sequence[Sequence[object]]) -> None:
    """``xlscore recalc`` of ``path`` into ``out`` computes without an error cell or a row left out, and its Standings
    sheet, read by openpyxl with ``data_only``, shows ``expected`` (header first) and nothing below it."""
    import openpyxl

    from xlscore.engine.evaluation.recalc import recalculate

    result = recalculate(path, out)
    assert [str(e) for e in result.errors] == []
    assert result.left_out == ()
    book = openpyxl.load_workbook(out, data_only=True, read_only=True)
    cells = book["Standings"].iter_rows(max_row=len(expected) + 1, max_col=len(expected[0]), values_only=True)
    shown = [list(row) for row in cells]
    book.close()
    assert differences(shown[: len(expected)], expected) == []
    below = shown[len(expected)] if len(shown) > len(expected) else []
    assert all(v in (None, "") for v in below), "the spilled table ends where the core's standings end"
