"""No total hides an error: one bad cell in a template's input turns every table and total computed from it into an
error, never a figure that silently leaves the row out.

The bad cell is typed into a number column of a sample row: a word, the text classic xlwings shows for a function's
error ("#VALUE! ..."; a SUM would skip it as text), or a formula that ends in an error. Every formula computed from
that input must show an error after ``xlscore recalc``, and ``xlscore standings`` must refuse the workbook.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import openpyxl
import pytest

from tests.excel.programs import WORKBOOKS
from xlscore.core.errors import XlscoreError
from xlscore.engine.evaluation.recalc import recalculate
from xlscore.excel.functions.cells import CellError
from xlscore.excel.templates import standings, template

BAD = {
    "word": "twelve",
    "xlwings error": "#VALUE! score is text",
    "error formula": "=1/0",
}
# system, the input cell made bad (a number column of a sample row), and every formula computed from it.
CASES = [
    # RPLOPS_POINTS scores each game on its own rows: the bad row's own cell is the error, another game's a figure.
    ("rplops", "Results!C7", ("Results!G7", "Standings!A1")),
    ("gibbs", "Games!D2", ("Standings!A1", "History!A1", "History!J1")),
    ("puffing-billy", "Boards!E2", ("Boards!H2", "Boards!I2", "Finals!A3", "Standings!A1")),
    ("size-matters", "Games!E2", ("Games!F2", "Standings!A1")),
    ("diplomacy", "Games!E2", ("Games!I2", "Standings!A1")),
    ("league", "Results!D2", ("Standings!A1", "Next season!D1")),
    ("league", "Leagues!C2", ("Schedule!A1", "Standings!A1", "Next season!D1")),
    ("lifetime", "Seasons!F2", ("Standings!A1", "Season winners!A1")),
]
# The first paper score sheet of the Puffing Billy template: 2nd place's money made bad. Its column (1), with the
# total of (1) and the winner's bonus under it, and its column (2) are one PB_SCORE_SHEET each, from E6 and F6.
SCORE_SHEET = ("puffing-billy", "Score sheets!C7", ("Score sheets!E6", "Score sheets!F6"))


def _bad_copy(system: str, cell: str, bad: str, folder: Path) -> Path:
    path = folder / template(system).FILE
    shutil.copyfile(WORKBOOKS / template(system).FILE, path)
    book = openpyxl.load_workbook(path)
    sheet, _, address = cell.rpartition("!")
    book[sheet][address] = bad
    book.save(path)
    return path


def _shown(path: Path, cells: tuple[str, ...]) -> dict[str, object]:
    values = recalculate(path).evaluation.values
    found: dict[str, object] = {}
    for cell in cells:
        sheet, _, address = cell.rpartition("!")
        column = openpyxl.utils.cell.column_index_from_string(address.rstrip("0123456789"))
        found[cell] = values[sheet.upper()].get((int(address.lstrip("ABCDEFGHIJKLMNOPQRSTUVWXYZ")), column))
    return found


IDS = [f"{system}-{cell}" for system, cell, _ in CASES] + ["puffing-billy-score-sheet"]


@pytest.mark.parametrize("bad", list(BAD), ids=list(BAD))
@pytest.mark.parametrize(("system", "cell", "computed"), [*CASES, SCORE_SHEET], ids=IDS)
def test_every_table_and_total_computed_from_a_bad_cell_is_an_error(
    system: str, cell: str, computed: tuple[str, ...], bad: str, tmp_path: Path
) -> None:
    path = _bad_copy(system, cell, BAD[bad], tmp_path)
    shown = _shown(path, computed)
    assert {c: v for c, v in shown.items() if not isinstance(v, CellError)} == {}
    if not cell.startswith("Score sheets"):
        with pytest.raises(XlscoreError):
            standings(path)


# A formula that reads another computed table, and that table's first cell. Classic xlwings shows a function's
# error as text ("#VALUE! ..."), not as an error value, so the reader must not take the text for data.
READS_COMPUTED = [
    ("gibbs", "Standings!A1", ("History!J1",)),
    ("league", "Standings!A1", ("Next season!D1",)),
]


@pytest.mark.parametrize(("system", "cell", "computed"), READS_COMPUTED, ids=[c[0] for c in READS_COMPUTED])
def test_a_formula_over_computed_cells_is_an_error_when_one_shows_classic_xlwings_error_text(
    system: str, cell: str, computed: tuple[str, ...], tmp_path: Path
) -> None:
    path = _bad_copy(system, cell, BAD["xlwings error"], tmp_path)
    sheet, _, address = cell.rpartition("!")
    if address == "A1":
        # A spilled table in error: classic xlwings shows the text in its anchor alone, the rest of the spill empty.
        book = openpyxl.load_workbook(path)
        for row in book[sheet].iter_rows():
            for other in row:
                if other.coordinate != "A1":
                    other.value = None
        book.save(path)
    shown = _shown(path, computed)
    assert {c: v for c, v in shown.items() if not isinstance(v, CellError)} == {}
