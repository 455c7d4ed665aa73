"""Cells that draw a random number or read the clock, and those that read them: ``recalc --check`` leaves them out.

The workbook imitates PhpSpreadsheet's samples/templates/32readwriteRadarChart1.xlsx (in the corpus): Excel saved
``=RANDBETWEEN(120,150)`` in B20, ``=B23`` in C20, ``=B20+RANDBETWEEN(20,120)`` below; every value there is a
draw Excel made when it saved the file, which no recalculation repeats.
"""

from __future__ import annotations

from pathlib import Path

import openpyxl
import pytest

from tests.engine.recalculated import recalculated
from xlscore.cli import main
from xlscore.engine.evaluation.volatile import drawn_cells, draws
from xlscore.engine.files.book import read_book


def _book(tmp_path: Path) -> Path:
    book = openpyxl.Workbook()
    data = book.active
    assert data is not None
    data.title = "Data"
    data["A1"] = 146
    data["B20"] = "=RANDBETWEEN(120,150)"
    data["B21"] = "=B20+RANDBETWEEN(20,120)"
    data["B23"] = "=RANDBETWEEN(B20,B21)"
    data["C20"] = "=B23"
    data["C21"] = "=SUM(B20:B23)*2"
    data["D1"] = "=A1*2"
    data["D2"] = '="RAND()"&"TODAY"'  # names in text: not drawn
    other = book.create_sheet("Other")
    other["A1"] = "=Data!C21+1"
    other["A2"] = "=NOW()"
    other["A3"] = "=Data!D1"
    path = tmp_path / "drawn.xlsx"
    book.save(path)
    return path


def test_drawn_cells_follow_every_reader_across_sheets(tmp_path: Path) -> None:
    drawn = drawn_cells(read_book(_book(tmp_path)))
    assert drawn == {
        ("DATA", 20, 2),
        ("DATA", 21, 2),
        ("DATA", 23, 2),
        ("DATA", 20, 3),
        ("DATA", 21, 3),
        ("OTHER", 1, 1),
        ("OTHER", 2, 1),
    }


@pytest.mark.parametrize(
    ("formula", "expected"),
    [
        ("RAND()", True),
        ("_xlfn.RANDARRAY(3)", True),
        ("1+now( )", True),
        ('"TODAY()"&A1', False),
        ("MYRAND()", False),
        ("SUM(RANDOM)", False),
    ],
)
def test_draws_reads_calls_not_text(formula: str, expected: bool) -> None:
    assert draws(formula) is expected


def test_check_leaves_drawn_cells_out_and_says_how_many(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # Recalculated once, the file holds computed values as Excel would have saved them; recalculated again, every
    # drawn cell draws anew and differs, and --check, leaving them out, finds nothing to report.
    computed = tmp_path / "computed.xlsx"
    assert main(["recalc", str(_book(tmp_path)), "-o", str(computed)]) == 0
    capsys.readouterr()
    assert main(["recalc", str(computed), "--check"]) == 0
    captured = capsys.readouterr()
    assert captured.out == ""
    assert "not compared: 7 cells that draw a random number or read the clock" in captured.err
    # A real difference beside them is still reported.
    book = openpyxl.load_workbook(computed)
    book["Data"]["D1"] = "=A1*3"
    book.save(computed)
    assert main(["recalc", str(computed), "--check"]) == 1
    assert "Data!D1: saved blank, computed 438" in capsys.readouterr().out


def test_randbetween_draws_a_whole_number_in_each_cell(tmp_path: Path) -> None:
    # Microsoft's RANDBETWEEN page: "a random integer number between the numbers you specify". The engine drew one
    # number once, as it compiled the formula, and not a whole one; 40 cells drawing from a million now differ.
    formulas = {f"A{row}": "=RANDBETWEEN(1,1000000)" for row in range(1, 41)}
    formulas |= {"B1": "=RANDBETWEEN(1.5,2.5)", "B2": "=RANDBETWEEN(2.2,2.8)", "B3": "=RANDBETWEEN(-3,-3)"}
    values = recalculated(tmp_path, {}, formulas)
    drawn = [values[f"A{row}"] for row in range(1, 41)]
    assert all(isinstance(v, int | float) and v == int(v) and 1 <= v <= 1_000_000 for v in drawn)
    assert len(set(drawn)) > 1
    assert (values["B1"], values["B2"], values["B3"]) == (2, "#NUM!", -3)


def test_a_name_for_a_drawn_cell_is_followed(tmp_path: Path) -> None:
    # As in Apache POI's 56688_4.xlsx: DATE_CELL is Sheet1!$A$1, which holds =TODAY(); =EDATE(DATE_CELL,INCREMENT)
    # changes with the day the file is computed. A name for a cell that draws nothing is no reason to leave out.
    from openpyxl.workbook.defined_name import DefinedName

    book = openpyxl.Workbook()
    sheet = book.active
    assert sheet is not None
    sheet.title = "Sheet1"
    sheet["A1"], sheet["A2"], sheet["A3"] = "=TODAY()", 3, '="DATE_CELL"'
    sheet["B2"], sheet["B3"] = "=EDATE(DATE_CELL,INCREMENT)", "=INCREMENT*2"
    book.defined_names["DATE_CELL"] = DefinedName("DATE_CELL", attr_text="Sheet1!$A$1")
    book.defined_names["INCREMENT"] = DefinedName("INCREMENT", attr_text="Sheet1!$A$2")
    path = tmp_path / "named.xlsx"
    book.save(path)
    assert drawn_cells(read_book(path)) == {("SHEET1", 1, 1), ("SHEET1", 2, 2)}
