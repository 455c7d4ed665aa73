"""Scanning a worksheet's cells and writing values back, in the forms Excel and other writers use."""

from __future__ import annotations

from typing import Any

import pytest

from xlscore.engine.files import sheetxml
from xlscore.engine.files.sheetxml import patch_sheet, scan_cells
from xlscore.engine.rewrite.refs import Area
from xlscore.excel.functions.cells import CellError

MAIN = b"http://schemas.openxmlformats.org/spreadsheetml/2006/main"
PLAIN = (
    b'<?xml version="1.0"?><worksheet xmlns="' + MAIN + b'"><dimension ref="A1:C3"/><sheetData>'
    b'<row r="1" spans="1:3"><c r="A1" t="s"><v>0</v></c><c r="C1" s="2"><f>A1*2</f><v>1</v></c></row>'
    b'<row r="3"><c r="B3" cm="1"><f t="array" ref="B3:B4">X()</f><v>9</v></c></row>'
    b"</sheetData><ext/></worksheet>"
)
PREFIXED = (
    b'<x:worksheet xmlns:x="'
    + MAIN
    + b'"><x:sheetData><x:row r="2"><x:c r="B2" t="inlineStr"><x:is><x:t>a &amp; b</x:t>'
    b"</x:is></x:c><x:c><x:v>7</x:v></x:c></x:row><x:row><x:c><x:f>B2</x:f></x:c></x:row></x:sheetData></x:worksheet>"
)


def test_scan_plain_cells() -> None:
    cells = {(r, c): rest for r, c, *rest in scan_cells(PLAIN)}
    assert cells[(1, 1)] == ["s", False, None, None, b"0", None]
    assert cells[(1, 3)][2:5] == [{}, "A1*2", b"1"]
    kind, dynamic, f_attrs, text, value, _ = cells[(3, 2)]
    assert kind == "n"
    assert dynamic
    assert f_attrs == {b"t": b"array", b"ref": b"B3:B4"}
    assert (text, value) == ("X()", b"9")


def test_scan_prefixed_cells_and_cells_without_references() -> None:
    cells = {(r, c): rest for r, c, *rest in scan_cells(PREFIXED)}
    assert cells[(2, 2)][0] == "inlineStr"
    assert cells[(2, 2)][5] == "a & b"
    assert cells[(2, 3)][4] == b"7"  # no r: the cell after B2
    assert cells[(3, 1)][3] == "B2"  # no r on the row or the cell: row 3, column A


def test_patch_writes_values_keeps_formulas_and_inserts_cells_and_rows() -> None:
    out = patch_sheet(
        PLAIN,
        {
            (1, 3): "hi & <x>",
            (1, 2): 5.0,
            (2, 1): True,
            (3, 2): 1.5,
            (4, 2): 2.0,
            (5, 2): "z",
            (5, 4): CellError("#N/A"),
        },
        {(3, 2): Area(None, 3, 2, 5, 2)},
    )
    text = out.decode()
    assert '<dimension ref="A1:D5"/>' in text
    assert '<c r="B1"><v>5</v></c><c r="C1" s="2" t="str"><f>A1*2</f><v>hi &amp; &lt;x&gt;</v></c>' in text
    assert '<row r="2"><c r="A2" t="b"><v>1</v></c></row>' in text
    assert '<c r="B3" cm="1"><f t="array" ref="B3:B5">X()</f><v>1.5</v></c>' in text
    assert '<c r="B5" t="inlineStr"><is><t xml:space="preserve">z</t></is></c><c r="D5" t="e"><v>#N/A</v></c>' in text
    assert text.endswith("</sheetData><ext/></worksheet>")


def test_patch_keeps_a_namespace_prefix() -> None:
    out = patch_sheet(PREFIXED, {(3, 1): 14.0, (2, 4): 1.0}).decode()
    assert '<x:c r="A3"><x:f>B2</x:f><x:v>14</x:v></x:c>' in out
    assert '<x:c r="D2"><x:v>1</x:v></x:c></x:row>' in out


ROWS = (
    b'<?xml version="1.0"?><worksheet xmlns="' + MAIN + b'"><dimension ref="A1:C4"/><sheetData>'
    b'<row r="1"><c r="A1" s="1"><v>1</v></c><c r="B1" s="3"><v>2</v></c><c r="C1" t="s"><v>0</v></c></row>'
    b'<row r="2"><c r="A2"/><c r="B2" s="3"></c><c r="C2" s="2"><f>A1*2</f><v>2</v></c></row>'
    b'<row r="3"><c r="A3" s="4" t="n"><v>3</v></c><c r="B3" cm="1"><f t="array" ref="B3:B4">X()</f><v>9</v></c></row>'
    b'<row r="4"><c r="B4" s="3"><v>9</v></c></row>'
    b"</sheetData></worksheet>"
)


def _row_by_row(monkeypatch: pytest.MonkeyPatch, *args: Any) -> bytes:
    with monkeypatch.context() as patched:
        patched.setattr(sheetxml, "_patch_in_order", lambda *a: None)
        return patch_sheet(*args)


@pytest.mark.parametrize(
    "values",
    [
        {(1, 1): 5.0, (1, 2): 0.1, (2, 2): 1e20, (4, 2): -3.0},  # plain cells: written in one pass
        {(1, 3): 4.0, (2, 1): "text", (2, 3): CellError("#N/A"), (3, 1): 2.5},  # typed, formulas, other values
        {(3, 2): 1.0, (4, 2): 2.0, (5, 2): 3.0},  # a spill past the last row: row by row
        {(1, 1): float("inf"), (2, 2): None, (4, 2): True},
    ],
)
def test_one_pass_writing_is_the_row_by_row_writing(
    values: dict[tuple[int, int], object], monkeypatch: pytest.MonkeyPatch
) -> None:
    refs = {(3, 2): Area(None, 3, 2, 5, 2)} if (5, 2) in values else {}
    assert patch_sheet(ROWS, values, refs, b"1") == _row_by_row(monkeypatch, ROWS, values, refs, b"1")
