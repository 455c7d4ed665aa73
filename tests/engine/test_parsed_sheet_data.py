"""The sheet reader reads cells as an XML parser does: nothing from comments, processing instructions, CDATA or
elements of other namespaces, and no cell off the sheet's grid."""

from __future__ import annotations

from pathlib import Path

import openpyxl
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.engine import hostile
from xlscore.engine import BookError
from xlscore.engine.evaluation.recalc import recalculate
from xlscore.engine.files import parsed_sheet_data
from xlscore.engine.files.book import read_book
from xlscore.engine.files.sheetxml import patch_sheet, scan_cells, unescape

SHEET1 = "xl/worksheets/sheet1.xml"
ROOT = Path(__file__).resolve().parents[2]
STRICT = b"http://purl.oclc.org/ooxml/spreadsheetml/main"


def _book(path: Path, sheet: bytes) -> Path:
    return hostile.write_zip(path, {**hostile.minimal_parts(), SHEET1: sheet})


def _values(sheet: bytes) -> dict[tuple[int, int], object]:
    return {(row, col): rest[4] or rest[3] or rest[5] for row, col, *rest in scan_cells(sheet)}


@pytest.mark.parametrize("case", list(hostile.HIDDEN_A1))
def test_a_cell_no_xml_parser_sees_is_not_read(case: str, tmp_path: Path) -> None:
    # LibreOffice 7.4 converting each of these to CSV gives ",1": A1 blank, B1 = 1.
    values = _values(hostile.HIDDEN_A1[case])
    assert values.get((1, 1)) is None
    assert values[(1, 2)] == "A1+1"
    book = _book(tmp_path / "hidden.xlsx", hostile.HIDDEN_A1[case])
    out = tmp_path / "out.xlsx"
    assert recalculate(book, out).evaluation.values["RESULTS"][(1, 2)] == 1
    # openpyxl reads B1's value where it was written (its A1 is not checked: openpyxl takes a spreadsheetml <row>
    # inside an element of another namespace for a row of the sheet; LibreOffice does not).
    assert openpyxl.load_workbook(out, data_only=True)["Results"]["B1"].value == 1
    assert read_book(out).sheet("Results").values == {(1, 2): 1}


def test_what_a_parser_reads_through_comments_and_cdata_is_read() -> None:
    sheet = hostile.sheet_of(
        b'<row r="1"><c r="A1"><v>6<!-- a note -->6<?pi?>6</v></c>'
        b'<c r="B1"><f><![CDATA[A1+1]]></f></c>'
        b'<c r="C1" t="inlineStr"><is><t><![CDATA[a<b & "c"]]></t></is></c></row>'
    )
    assert _values(sheet) == {(1, 1): b"666", (1, 2): "A1+1", (1, 3): 'a<b & "c"'}


def test_a_prefixed_or_strict_sheet_with_a_comment_is_read() -> None:
    for main in (hostile.MAIN.encode(), STRICT):
        sheet = (
            b'<x:worksheet xmlns:x="' + main + b'"><!-- made by hand --><x:sheetData><x:row r="2">'
            b'<x:c r="B2"><x:v>7</x:v></x:c><!-- <x:c r="C2"><x:v>8</x:v></x:c> --></x:row></x:sheetData></x:worksheet>'
        )
        assert _values(sheet) == {(2, 2): b"7"}


def test_the_sheets_excel_and_openpyxl_write_are_read_without_parsing(monkeypatch: pytest.MonkeyPatch) -> None:
    def parsed(xml: bytes) -> None:
        raise AssertionError("parsed a sheet the fast check should have taken")

    monkeypatch.setattr(parsed_sheet_data, "_parsed", parsed)
    excel = (
        b'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\r\n<worksheet xmlns="' + hostile.MAIN.encode() + b'" '
        b'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships" '
        b'xmlns:mc="http://schemas.openxmlformats.org/markup-compatibility/2006" mc:Ignorable="x14ac" '
        b'xmlns:x14ac="http://schemas.microsoft.com/office/spreadsheetml/2009/9/ac"><dimension ref="A1"/>'
        b'<sheetFormatPr defaultRowHeight="15" x14ac:dyDescent="0.25"/><sheetData>'
        b'<row r="1" spans="1:1" x14ac:dyDescent="0.25"><c r="A1"><v>5</v></c></row></sheetData>'
        b'<extLst><ext uri="{1}" xmlns:x14="urn:x14"><x14:thing/></ext></extLst><!-- after --></worksheet>'
    )
    assert _values(excel) == {(1, 1): b"5"}
    prefixed = b'<x:worksheet xmlns:x="' + hostile.MAIN.encode() + b'"><x:sheetData><x:row><x:c><x:v>1</x:v></x:c>'
    assert _values(prefixed + b"</x:row></x:sheetData></x:worksheet>") == {(1, 1): b"1"}
    book = read_book(ROOT / "workbooks" / "rplops-event.xlsx")
    assert book.sheet("Results").values


def test_the_patch_writes_the_cell_the_reader_read() -> None:
    sheet = hostile.HIDDEN_A1["sheetData in a comment before the real one"]
    patched = patch_sheet(sheet, {(1, 2): 1.0})
    head = sheet[: sheet.index(b"<sheetData>", sheet.index(b"-->"))]
    assert patched.startswith(head)  # the comment before sheetData is kept as it was
    assert patched.endswith(b'<sheetData><row r="1"><c r="B1"><f>A1+1</f><v>1</v></c></row></sheetData></worksheet>')
    cdata = hostile.sheet_of(b'<row r="1"><c r="B1"><f><![CDATA[A1+1]]></f></c><!-- gone --></row>')
    assert b'<c r="B1"><f>A1+1</f><v>2</v></c></row>' in patch_sheet(cdata, {(1, 2): 2.0})


@pytest.mark.parametrize(
    ("cells", "reference"),
    [
        (b'<c r="ZZZZZ99999999"><v>1</v></c>', "'ZZZZZ99999999'"),
        (b'<c r="XFE1"><v>1</v></c>', "column XFE"),
        (b'<c r="A1048577"><v>1</v></c>', "'A1048577'"),
        (b'<c r="A0"><v>1</v></c>', "'A0'"),
        (b"<c r='ZZZ1'><v>1</v></c>", "'ZZZ1'"),
        (b'<c r="1A"><v>1</v></c>', "'1A'"),
        (b'<c s="1" r="AAAA1"><v>1</v></c>', "'AAAA1'"),
    ],
)
def test_a_cell_off_the_sheet_is_refused_not_moved(cells: bytes, reference: str, tmp_path: Path) -> None:
    book = _book(tmp_path / "Scores.xlsx", hostile.sheet_of(b'<row r="1">' + cells + b"</row>"))
    with pytest.raises(BookError) as caught:
        read_book(book)
    message = str(caught.value)
    assert message.startswith("Scores.xlsx, sheet 'Results': ")
    assert reference in message
    assert message.endswith("the file is damaged")
    assert "\n" not in message


def test_a_row_off_the_sheet_is_refused(tmp_path: Path) -> None:
    for rows, reference in (
        (b'<row r="99999999"><c><v>1</v></c></row>', "row '99999999'"),
        (b'<row r="abc"><c><v>1</v></c></row>', "row 'abc'"),
        (b'<row r="1048576"><c/></row><row><c><v>1</v></c></row>', "row after 1048576"),
        (b'<row r="1">' + b"<c><v>1</v></c>" * 16_385 + b"</row>", "a cell after column XFD"),
    ):
        with pytest.raises(BookError, match=reference):
            read_book(_book(tmp_path / "Scores.xlsx", hostile.sheet_of(rows)))


def test_the_last_cell_of_a_sheet_is_read() -> None:
    sheet = hostile.sheet_of(b'<row r="1048576"><c r="XFD1048576"><v>1</v></c><c r="$A$1048576"><v>2</v></c></row>')
    assert _values(sheet) == {(1_048_576, 16_384): b"1", (1_048_576, 1): b"2"}


def test_an_unbound_prefix_is_one_line(tmp_path: Path) -> None:
    sheet = hostile.sheet_of(b'<row r="1"><zz:c r="A1"><zz:v>1</zz:v></zz:c></row>')
    with pytest.raises(BookError, match=r"^Scores\.xlsx, sheet 'Results': a worksheet is not valid XML \(unbound"):
        read_book(_book(tmp_path / "Scores.xlsx", sheet))


@given(
    rows=st.lists(st.lists(st.integers(0, 99), max_size=4), min_size=1, max_size=4),
    noise=st.lists(st.sampled_from(hostile.NOISE), min_size=1, max_size=40),
    prefixed=st.booleans(),
)
@settings(max_examples=150, deadline=None)
def test_the_reader_reads_the_cells_a_parser_reads(rows: list[list[int]], noise: list[bytes], prefixed: bool) -> None:
    sheet = hostile.noisy_sheet(rows, noise, prefixed)
    read = {(row, col, unescape(value)) for row, col, *_, value, _ in scan_cells(sheet) if value is not None}
    assert read == hostile.parsed_cells(sheet)


def test_a_sheet_parsed_to_be_read_still_refuses_a_dtd() -> None:
    # The patch reads the part again from the file, which may have changed since it was checked.
    with pytest.raises(BookError, match=r"declares XML entities \(a DTD\)"):
        patch_sheet(hostile.BILLION_LAUGHS, {(1, 1): 1.0})
