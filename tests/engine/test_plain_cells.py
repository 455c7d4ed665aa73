"""Cells read a kind at a time (issue 34): generated sheets read by :mod:`xlscore.engine.files.plain_cells` give the
values and formulas the cell-by-cell path gives and openpyxl reads; and values written back in one pass over plain
formula cells are the bytes the row-by-row writing gives."""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

import openpyxl
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.engine import hostile
from xlscore.engine import BookError
from xlscore.engine.files import book as book_module
from xlscore.engine.files import sheetxml
from xlscore.engine.files.book import read_book
from xlscore.engine.files.sheetxml import NotPlainError, patch_sheet
from xlscore.excel.functions.cells import CellError

SHEET1 = "xl/worksheets/sheet1.xml"
STRINGS = ("first", "a & b", "_x0041_ escaped")
SHARED = (
    f'<sst xmlns="{hostile.MAIN}">' + "".join(f"<si><t>{s.replace('&', '&amp;')}</t></si>" for s in STRINGS) + "</sst>"
).encode()

# Text as a cell may hold it, escapes of XML and of Excel (_xHHHH_) included; openpyxl reads the latter as written.
_PIECES = ["a", "Z", " ", "&", "<", ">", '"', "'", "é", "\t", "1", "="]
_EXCEL_ESCAPES = ["_x0041_", "_x005F_x0041_", "_x000D_"]
_NUMBERS = ["0", "1", "-2.5", "1E3", "0.1", "123456789.125", " 7 ", "inf", "", "1,5", "-0"]
_ODD_NUMBERS = (" 7 ", "inf", "", "1,5")  # what openpyxl does not read, or reads as no value
_STYLES = [b"", b' s="2"']


def _xml(text: str) -> bytes:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").encode()


def _texts(excel_escapes: bool) -> st.SearchStrategy[str]:
    pieces = _PIECES + (_EXCEL_ESCAPES if excel_escapes else [])
    return st.lists(st.sampled_from(pieces), max_size=6).map("".join)


def _cells(excel_escapes: bool, odd: bool, styled: bool) -> st.SearchStrategy[bytes]:
    """What follows a cell's reference: its style, type and contents, in the shapes writers use (``odd``: and shapes
    that no writer uses or that do not read, which the plain path must leave to the cell-by-cell one; ``styled``:
    some with a style, which openpyxl reads only with a styles part)."""
    text = _texts(excel_escapes)
    number = st.sampled_from(_NUMBERS if odd else [n for n in _NUMBERS if n not in _ODD_NUMBERS])
    style = st.sampled_from(_STYLES if styled else _STYLES[:1])
    formula = st.builds(lambda t: b"<f>" + _xml(t) + b"</f>", _texts(excel_escapes))
    saved = st.one_of(
        st.builds(lambda n: (b"", b"<v>" + n.encode() + b"</v>"), number),
        st.just((b"", b"<v></v>")),
        st.just((b"", b"<v/>")),
        st.just((b"", b"")),
        st.builds(lambda t: (b' t="str"', b"<v>" + _xml(t) + b"</v>"), text),
        st.just((b' t="b"', b"<v>1</v>")),
        st.just((b' t="e"', b"<v>#DIV/0!</v>")),
    )
    typed_n = st.sampled_from([b"", b' t="n"'])
    index = st.integers(0, len(STRINGS) - (1 if excel_escapes else 2))  # the last holds an Excel escape
    shapes = [
        st.builds(lambda s, t, n: s + t + b"><v>" + n.encode() + b"</v></c>", style, typed_n, number),
        st.builds(lambda s, i: s + b' t="s"><v>' + str(i).encode() + b"</v></c>", style, index),
        st.builds(lambda s, t: s + b' t="inlineStr"><is><t>' + _xml(t) + b"</t></is></c>", style, text),
        st.builds(lambda s, f, v: s + v[0] + b">" + f + v[1] + b"</c>", style, formula, saved),
        st.builds(lambda s, t: s + b' t="str"><v>' + _xml(t) + b"</v></c>", style, text),
        st.builds(lambda s: s + b' t="b"><v>0</v></c>', style),
        st.builds(lambda s: s + b' t="e"><v>#N/A</v></c>', style),
        st.builds(lambda s: s + b"/>", style),
    ]  # fmt: skip
    if odd:
        shapes += [
            st.just(b' t="s"><v>9</v></c>'),  # not in the table: refused
            st.just(b' t="inlineStr"><is><t xml:space="preserve"> x </t></is></c>'),
            st.just(b'><f t="shared" ref="A1:A2" si="0">1+1</f><v>2</v></c>'),
            st.just(b' t="d"><v>2026-11-24T10:00:00</v></c>'),
        ]
    return st.one_of(shapes)


def _sheet(excel_escapes: bool, odd: bool, styled: bool = True) -> st.SearchStrategy[bytes]:
    """sheetData bodies of up to 40 rows of up to 5 cells each (columns A to E, a column sometimes left out)."""
    row = st.lists(st.tuples(st.booleans(), _cells(excel_escapes, odd, styled)), min_size=1, max_size=5)
    return st.lists(row, min_size=1, max_size=40).map(_rows)


def _rows(rows: list[list[tuple[bool, bytes]]]) -> bytes:
    written = []
    for r, cells in enumerate(rows, start=1):
        inner = b"".join(
            b'<c r="' + chr(64 + c).encode() + str(r).encode() + b'"' + body
            for c, (kept, body) in enumerate(cells, start=1)
            if kept or c == 1
        )
        written.append(b'<row r="' + str(r).encode() + b'">' + inner + b"</row>")
    return b"".join(written)


def _book(path: Path, body: bytes) -> Path:
    """A workbook of the generated sheet, its shared strings listed where openpyxl looks for them too."""
    parts = {**hostile.minimal_parts(), SHEET1: hostile.sheet_of(body), "xl/sharedStrings.xml": SHARED}
    parts["[Content_Types].xml"] = hostile.CONTENT_TYPES.replace(
        b"</Types>",
        b'<Override PartName="/xl/sharedStrings.xml" '
        b'ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/></Types>',
    )
    parts["xl/_rels/workbook.xml.rels"] = hostile.rels_xml(
        ("rId1", hostile.WORKSHEET, "worksheets/sheet1.xml"),
        ("rId2", hostile.WORKSHEET, "worksheets/sheet2.xml"),
        ("rId3", f"{hostile.REL}/sharedStrings", "sharedStrings.xml"),
    )
    return hostile.write_zip(path, parts)


def _read(path: Path) -> object:
    """The sheet's values and formulas as read, or the refusal's words."""
    try:
        sheet = read_book(path).sheet("Results")
    except BookError as exc:
        return str(exc)
    formulas = [(f.row, f.col, f.text, f.anchor, f.array, f.dynamic, f.shared) for f in sheet.formulas]
    return dict(sheet.values), formulas


def _cell_by_cell(monkeypatch: pytest.MonkeyPatch, path: Path) -> object:
    def not_plain(xml: bytes) -> Any:
        raise NotPlainError

    with monkeypatch.context() as patched:
        patched.setattr(book_module, "plain_bodies", not_plain)
        return _read(path)


def _stretch_by_stretch(monkeypatch: pytest.MonkeyPatch, path: Path) -> object:
    """As read with every stretch of rows taken apart cell by cell (the plain reading refused)."""
    with monkeypatch.context() as patched:
        patched.setattr(book_module, "read_plain", lambda *args: None)
        return _read(path)


_SETTINGS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])


@given(body=_sheet(excel_escapes=True, odd=True))
@_SETTINGS
def test_a_sheet_reads_a_kind_at_a_time_as_cell_by_cell(
    body: bytes, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = _book(tmp_path / "generated.xlsx", body)
    read = _read(path)
    assert read == _stretch_by_stretch(monkeypatch, path)
    assert read == _cell_by_cell(monkeypatch, path)


def _openpyxl_reading(path: Path) -> tuple[dict[tuple[int, int], object], dict[tuple[int, int], str]]:
    values: dict[tuple[int, int], object] = {}
    for row in openpyxl.load_workbook(path, data_only=True)["Results"].iter_rows():
        for cell in row:
            value: object = cell.value
            if value in ("#N/A", "#DIV/0!"):
                value = CellError(str(value))
            elif isinstance(value, int | float) and not isinstance(value, bool):
                value = float(value)
            if value is not None:
                values[cell.row or 0, cell.column or 0] = value
    formulas = {
        (cell.row or 0, cell.column or 0): cell.value[1:]
        for row in openpyxl.load_workbook(path)["Results"].iter_rows()
        for cell in row
        if isinstance(cell.value, str) and cell.value.startswith("=") and cell.data_type == "f"
    }
    return values, formulas


@given(body=_sheet(excel_escapes=False, odd=False, styled=False))
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
def test_a_sheet_reads_as_openpyxl_reads_it(body: bytes, tmp_path: Path) -> None:
    path = _book(tmp_path / "generated.xlsx", body)
    sheet = read_book(path).sheet("Results")
    values, formulas = _openpyxl_reading(path)
    ours = {at: value for at, value in sheet.values.items() if value != ""}  # openpyxl reads an empty text as None
    assert ours.keys() == {at for at, value in values.items() if value != ""}
    for at, value in ours.items():
        want = values[at]
        assert value == want or (isinstance(value, float) and math.isclose(value, float(str(want))))
    # A formula of spaces alone is left out, its saved value standing (as Excel writes some: <f ca="1"/>).
    assert {(f.row, f.col): f.text for f in sheet.formulas} == {at: t for at, t in formulas.items() if t.strip()}


# The values a recalculation writes over the cells of a generated sheet.
_WRITTEN = st.one_of(
    st.floats(allow_nan=True, allow_infinity=True),
    st.integers(-(10**16), 10**16).map(float),
    _texts(excel_escapes=True),
    st.text(max_size=5),
    st.sampled_from([None, "", True, False, CellError("#N/A"), CellError("#VALUE!")]),
)


@given(body=_sheet(excel_escapes=True, odd=False), data=st.data())
@_SETTINGS
def test_values_written_in_one_pass_are_the_row_by_row_writing(
    body: bytes, data: st.DataObject, monkeypatch: pytest.MonkeyPatch
) -> None:
    xml = hostile.sheet_of(body)
    cells = [(row, col) for row, col, *_ in sheetxml.scan_cells(xml)]
    chosen = data.draw(st.lists(st.sampled_from(cells), unique=True), label="cells")
    values = {cell: data.draw(_WRITTEN, label=str(cell)) for cell in chosen}
    with monkeypatch.context() as patched:
        patched.setattr(sheetxml, "_patch_in_order", lambda *args: None)
        row_by_row = patch_sheet(xml, values)
    assert patch_sheet(xml, values) == row_by_row
