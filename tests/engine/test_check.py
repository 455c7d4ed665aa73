"""``xlscore recalc --check`` against values saved as Excel saves them, and a workbook whose hidden sheets have no part.

The workbooks are written by hand the way Excel writes them: shared strings with ``xml:space="preserve"``, a
formula's text result as ``t="str"``, truth values as ``t="b"``, errors as ``t="e"`` and a carriage return as
``_x000D_``.
"""

from __future__ import annotations

from pathlib import Path

import openpyxl
import pytest

from tests.engine import hostile
from xlscore.cli import main
from xlscore.engine.evaluation.recalc import check_book, recalculate, same_value
from xlscore.engine.files.book import read_book
from xlscore.excel.functions.cells import CellError

MAIN = hostile.MAIN


def _excel_like(tmp_path: Path, rows: str, strings: tuple[str, ...] = (), name: str = "Saved.xlsx") -> Path:
    parts = hostile.minimal_parts()
    parts["xl/worksheets/sheet1.xml"] = f'<worksheet xmlns="{MAIN}"><sheetData>{rows}</sheetData></worksheet>'.encode()
    if strings:
        items = "".join(f'<si><t xml:space="preserve">{s}</t></si>' for s in strings)
        parts["xl/sharedStrings.xml"] = f'<sst xmlns="{MAIN}">{items}</sst>'.encode()
    return hostile.write_zip(tmp_path / name, parts)


def _check(path: Path) -> list[str]:
    return [str(d) for d in check_book(recalculate(path), read_book(path))]


def test_text_saved_with_leading_and_trailing_spaces_is_compared_whole(tmp_path: Path) -> None:
    path = _excel_like(
        tmp_path,
        '<row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="str"><f>A1</f><v>  padded  </v></c>'
        '<c r="C1" t="str"><f>" x"</f><v> x</v></c><c r="D1" t="str"><f>"y "</f><v>y </v></c>'
        '<c r="E1" t="str"><f>" "</f><v> </v></c></row>',
        ("  padded  ",),
    )
    assert read_book(path).sheets[0].values[1, 2] == "  padded  "
    assert _check(path) == []


def test_a_formula_text_saved_with_xml_space_preserve_is_read(tmp_path: Path) -> None:
    # As Excel saved =IF(F57=8," srpen",...) in PhpSpreadsheet's tests/data/Reader/XLSX/issue.2301.xlsx.
    path = _excel_like(
        tmp_path,
        '<row r="1"><c r="A1"><v>8</v></c><c r="B1" t="str"><f>IF(A1=8," srpen","x")</f>'
        '<v xml:space="preserve"> srpen</v></c><c r="C1" t="str"><f>" "</f><v xml:space="preserve"> </v></c></row>',
    )
    values = read_book(path).sheets[0].values
    assert (values[1, 2], values[1, 3]) == (" srpen", " ")
    assert _check(path) == []


def test_a_saved_value_with_other_spaces_is_a_difference(tmp_path: Path) -> None:
    path = _excel_like(tmp_path, '<row r="1"><c r="A1" t="str"><f>"y "</f><v>y</v></c></row>')
    assert _check(path) == ["Results!A1: saved 'y', computed 'y '"]


def test_a_carriage_return_saved_as_x000d_is_compared_decoded(tmp_path: Path) -> None:
    row = '<row r="1"><c r="A1" t="str"><f>"a"&amp;CHAR(13)&amp;"b"</f><v>a_x000D_b</v></c></row>'
    path = _excel_like(tmp_path, row)
    assert read_book(path).sheets[0].values[1, 1] == "a\rb"
    assert _check(path) == []


def test_zero_is_not_false_and_one_is_not_true(tmp_path: Path) -> None:
    # Excel saved FALSE and TRUE where the formulas give the numbers 0 and 1: two differences.
    path = _excel_like(
        tmp_path, '<row r="1"><c r="A1" t="b"><f>1-1</f><v>0</v></c><c r="B1" t="b"><f>2-1</f><v>1</v></c></row>'
    )
    assert _check(path) == ["Results!A1: saved FALSE, computed 0", "Results!B1: saved TRUE, computed 1"]
    assert not same_value(False, 0.0)
    assert not same_value(0.0, False)
    assert same_value(False, False)
    assert same_value(3.0, 3)


def test_the_same_error_as_excel_saved_agrees(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _excel_like(
        tmp_path,
        '<row r="1"><c r="A1" t="e"><f>1/0</f><v>#DIV/0!</v></c><c r="B1" t="e"><f>NA()</f><v>#N/A</v></c>'
        '<c r="C1" t="e"><f>NOSUCHFUNCTION(1)</f><v>#NAME?</v></c></row>',
    )
    assert _check(path) == []
    assert same_value(CellError("#NAME?"), CellError("#NAME?", "unknown function NOSUCHFUNCTION"))
    assert not same_value(CellError("#N/A"), CellError("#VALUE!"))
    assert not same_value(CellError("#N/A"), "#N/A")
    # --check compares with what Excel computed: the same errors are no problem, and the exit status is 0.
    assert main(["recalc", str(path), "--check"]) == 0
    assert capsys.readouterr().out == ""
    # Without --check every cell in error is still listed, with its reason; errors are results: status 0.
    assert main(["recalc", str(path), "-o", str(tmp_path / "out.xlsx")]) == 0
    assert "Results!C1: #NAME? unknown function NOSUCHFUNCTION" in capsys.readouterr().out


def test_an_error_where_excel_saved_another_is_a_difference(tmp_path: Path) -> None:
    path = _excel_like(tmp_path, '<row r="1"><c r="A1" t="e"><f>1/0</f><v>#N/A</v></c></row>')
    assert _check(path) == ["Results!A1: saved #N/A, computed #DIV/0!"]


def _hidden_sheets_without_parts(tmp_path: Path) -> Path:
    """An Excel 2010 .xlsm as reported: two hidden sheets listed with an empty link (r:id="")."""
    parts = hostile.minimal_parts()
    parts["[Content_Types].xml"] = hostile.CONTENT_TYPES.replace(
        b"spreadsheetml.sheet.main+xml", b"spreadsheetml.sheet.main+xml"
    ).replace(
        b"application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml",
        b"application/vnd.ms-excel.sheet.macroEnabled.main+xml",
    )
    parts["xl/workbook.xml"] = (
        f'<workbook xmlns="{MAIN}" xmlns:r="{hostile.REL}"><sheets>'
        '<sheet name="Results" sheetId="1" r:id="rId1"/>'
        '<sheet name="Hidden1" sheetId="2" state="hidden" r:id=""/>'
        '<sheet name="Hidden2" sheetId="3" state="veryHidden" r:id=""/>'
        '<sheet name="Totals" sheetId="4" r:id="rId2"/></sheets>'
        '<definedNames><definedName name="Rate" localSheetId="3">Totals!$A$1</definedName></definedNames>'
        "</workbook>"
    ).encode()
    parts["xl/worksheets/sheet2.xml"] = (
        f'<worksheet xmlns="{MAIN}"><sheetData><row r="1"><c r="A1"><v>21</v></c>'
        '<c r="B1"><f>A1*2</f><v>42</v></c><c r="C1"><f>Rate+1</f><v>22</v></c></row></sheetData></worksheet>'
    ).encode()
    return hostile.write_zip(tmp_path / "Macro2010.xlsm", parts)


def test_hidden_sheets_listed_without_a_part_are_empty_sheets(tmp_path: Path) -> None:
    path = _hidden_sheets_without_parts(tmp_path)
    book = read_book(path)
    assert [(s.name, s.part, dict(s.values)) for s in book.sheets[1:3]] == [("Hidden1", "", {}), ("Hidden2", "", {})]
    assert "TOTALS!RATE" in book.names  # localSheetId 3 counts the hidden sheets, as Excel does
    output = tmp_path / "out.xlsm"
    result = recalculate(path, output)
    assert check_book(result, book) == []
    loaded = openpyxl.load_workbook(output, data_only=True, keep_vba=True)
    assert loaded["Totals"]["B1"].value == 42
    assert loaded["Totals"]["C1"].value == 22


def test_a_sheet_without_a_name_is_still_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    parts = hostile.minimal_parts()
    parts["xl/workbook.xml"] = (
        f'<workbook xmlns="{MAIN}" xmlns:r="{hostile.REL}"><sheets><sheet sheetId="1" r:id="rId1"/></sheets></workbook>'
    ).encode()
    path = hostile.write_zip(tmp_path / "Nameless.xlsx", parts)
    assert main(["recalc", str(path), "--check"]) == 1
    assert "lists a sheet without a name" in capsys.readouterr().err


def test_line_ends_typed_in_the_file_are_line_feeds(tmp_path: Path) -> None:
    # As Excel saved them: SheetJS's crlf.xlsx has ="abc"&CHAR(13)&CHAR(10)&"def" saved as abc_x000D_ followed by a
    # carriage return and a line feed typed in the XML (one line feed to any XML reader); Apache POI's
    # dataValidationTableRange.xlsx has a formula whose text holds a typed line break, saved the same way.
    path = _excel_like(
        tmp_path,
        '<row r="2"><c r="B2" t="str"><f>"abc"&amp;CHAR(13)&amp;CHAR(10)&amp;"def"</f><v>abc_x000D_\r\ndef</v></c>'
        '<c r="C2" t="str"><f>IF(1=2,"Select a County \r\n(Highlighted)","Select a Hospice \r\n(Service Area)")</f>'
        "<v>Select a Hospice \r\n(Service Area)</v></c></row>",
    )
    values = read_book(path).sheets[0].values
    assert values[2, 2] == "abc\r\ndef"
    assert values[2, 3] == "Select a Hospice \n(Service Area)"
    assert _check(path) == []
