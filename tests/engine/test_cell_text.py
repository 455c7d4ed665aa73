"""Text values in a sheet's XML as Excel writes them: what XML cannot hold as _xHHHH_, read back as it was."""

from __future__ import annotations

import zipfile
from pathlib import Path
from xml.parsers import expat

import openpyxl
from hypothesis import given
from hypothesis import strategies as st

from xlscore.engine.evaluation.recalc import recalculate
from xlscore.engine.files.book import read_book
from xlscore.engine.files.parsed_sheet_data import cell_text, text_of_cell


def test_control_characters_and_carriage_returns_are_escaped_as_excel_writes_them() -> None:
    assert cell_text("a\x07b") == "a_x0007_b"
    assert cell_text("line1\rline2\nline3\tend") == "line1_x000D_line2\nline3\tend"
    assert cell_text("_x000D_ as typed") == "_x005F_x000D_ as typed"
    assert cell_text("<&>") == "&lt;&amp;&gt;"
    assert text_of_cell("a_x0007_b_x005F_x000D_") == "a\x07b_x000D_"


@given(st.text())
def test_any_text_goes_into_xml_and_comes_back(text: str) -> None:
    written = cell_text(text)
    parser = expat.ParserCreate()
    seen: list[str] = []
    parser.CharacterDataHandler = seen.append
    parser.Parse(f"<t>{written}</t>", True)  # well formed: no character XML 1.0 refuses
    assert text_of_cell("".join(seen)) == text


def test_recalculated_text_with_control_characters_stays_whole(tmp_path: Path) -> None:
    book = openpyxl.Workbook()
    sheet = book.active
    assert sheet is not None
    formulas = {
        "A1": ('="a"&CHAR(7)&"b"', "a\x07b"),
        "A2": ('="  padded  "', "  padded  "),
        "A3": ('="one"&CHAR(13)&"two"', "one\rtwo"),
        "A4": ('="_x000D_ as typed"', "_x000D_ as typed"),
    }
    for cell, (formula, _) in formulas.items():
        sheet[cell] = formula
    for row in range(5, 50):
        sheet[f"A{row}"] = row  # rows after the control characters must survive too
    source, out = tmp_path / "in.xlsx", tmp_path / "out.xlsx"
    book.save(source)
    assert recalculate(source, out).errors == ()
    with zipfile.ZipFile(out) as written:
        expat.ParserCreate().Parse(written.read("xl/worksheets/sheet1.xml"), True)
    again = openpyxl.load_workbook(out).active
    assert again is not None
    assert again.max_row == 49
    values = read_book(out).sheets[0].values
    assert {cell: values[int(cell[1:]), 1] for cell in formulas} == {c: want for c, (_, want) in formulas.items()}


def test_an_engine_failure_is_that_cells_error_not_a_crash(tmp_path: Path) -> None:
    """The formula engine raising inside one formula (ISEVEN of a text: Excel's #VALUE!) costs that cell alone."""
    book = openpyxl.Workbook()
    sheet = book.active
    assert sheet is not None
    sheet["A1"], sheet["A2"], sheet["A3"], sheet["B1"] = '=ISEVEN("x")', "=ISEVEN(B1)", "=1+1", "x"
    source, out = tmp_path / "in.xlsx", tmp_path / "out.xlsx"
    book.save(source)
    result = recalculate(source, out)
    reasons = sorted(str(e) for e in result.errors)
    assert len(reasons) == 2
    assert all("#VALUE! the formula engine failed here: ValueError" in r for r in reasons)
    values = openpyxl.load_workbook(out, data_only=True).active
    assert values is not None
    assert (values["A1"].value, values["A2"].value, values["A3"].value) == ("#VALUE!", "#VALUE!", 2)
