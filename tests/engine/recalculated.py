"""One sheet built with openpyxl, recalculated by xlscore, read back: the values its formula cells were given."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

import openpyxl
from openpyxl.worksheet.worksheet import Worksheet

from xlscore.engine.evaluation.recalc import recalculate


def recalculated(
    tmp_path: Path,
    cells: Mapping[str, Any],
    formulas: dict[str, str],
    setup: Callable[[Worksheet], object] | None = None,
) -> dict[str, object]:
    """The values recalc gives ``formulas`` on a sheet named Data holding ``cells``; ``setup`` may hide rows."""
    book = openpyxl.Workbook()
    sheet = book.active
    assert sheet is not None
    sheet.title = "Data"
    for cell, value in {**cells, **formulas}.items():
        sheet[cell] = value
    if setup is not None:
        setup(sheet)
    source, out = tmp_path / "in.xlsx", tmp_path / "out.xlsx"
    book.save(source)
    recalculate(source, out)
    values = openpyxl.load_workbook(out, data_only=True)["Data"]
    return {cell: values[cell].value for cell in formulas}
