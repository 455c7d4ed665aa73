"""The size limits of ``xlscore recalc`` (:mod:`xlscore.engine.files.limits`), each from both sides.

The files over a real limit are built cheaply, the same row repeated as bytes and streamed into the zip; the
boundary itself (the limit accepted and computed, one more refused) is tested with the limit lowered, so that no
test computes two million cells. How long the refusals and the computations at each limit take is measured by
benchmarks/bench_limits.py, not here.
"""

from __future__ import annotations

import zipfile
from collections.abc import Iterable
from pathlib import Path

import pytest

from tests.engine import hostile
from xlscore.cli import main
from xlscore.engine import BookError
from xlscore.engine.evaluation.recalc import recalculate
from xlscore.engine.files import limits
from xlscore.engine.files.book import read_book

MAIN = hostile.MAIN


def _book(path: Path, sheet: Iterable[bytes], **more: bytes) -> Path:
    """The minimal workbook with its first sheet's sheetData streamed from ``sheet`` and other parts replaced."""
    parts = {**hostile.minimal_parts(), **more}
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED, compresslevel=1) as archive:
        for name, data in parts.items():
            if name != "xl/worksheets/sheet1.xml":
                archive.writestr(name, data)
        with archive.open("xl/worksheets/sheet1.xml", "w") as stream:
            stream.write(f'<worksheet xmlns="{MAIN}"><sheetData>'.encode())
            for piece in sheet:
                stream.write(piece)
            stream.write(b"</sheetData></worksheet>")
    return path


def _refused(path: Path, capsys: pytest.CaptureFixture[str], words: str) -> None:
    assert main(["recalc", str(path), "--check"]) == 1
    printed = capsys.readouterr()
    message = printed.err.strip()
    assert message.startswith("xlscore: ")
    assert "\n" not in message
    assert words in message
    assert "Traceback" not in printed.out + printed.err


def _formula_row(text: str) -> bytes:
    return f'<row r="1"><c r="A1"><f>{text}</f><v>0</v></c></row>'.encode()


def test_a_formula_of_excels_longest_is_computed(tmp_path: Path) -> None:
    text = 'LEN("' + "x" * (limits.MAX_FORMULA_LENGTH - 7) + '")'
    assert len(text) == limits.MAX_FORMULA_LENGTH
    result = recalculate(_book(tmp_path / "Long.xlsx", [_formula_row(text)]))
    assert result.evaluation.values["RESULTS"][1, 1] == limits.MAX_FORMULA_LENGTH - 7


@pytest.mark.parametrize("length", [limits.MAX_FORMULA_LENGTH + 1, 1_000_000])
def test_a_longer_formula_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str], length: int) -> None:
    text = 'LEN("' + "x" * (length - 7) + '")'
    path = _book(tmp_path / "Longer.xlsx", [_formula_row(text)])
    _refused(path, capsys, f"Results!A1 holds a formula of {length:,} characters, more than Excel's limit of 8,192")


def _sheets(count: int) -> dict[str, bytes]:
    """workbook.xml and its relationships for ``count`` sheets, all the same empty part after the first."""
    listed = "".join(f'<sheet name="S{i}" sheetId="{i}" r:id="rId{i}"/>' for i in range(1, count + 1))
    rels = [("rId1", hostile.WORKSHEET, "worksheets/sheet1.xml")] + [
        (f"rId{i}", hostile.WORKSHEET, "worksheets/sheet2.xml") for i in range(2, count + 1)
    ]
    workbook = f'<workbook xmlns="{MAIN}" xmlns:r="{hostile.REL}"><sheets>{listed}</sheets></workbook>'
    return {
        "xl/workbook.xml": workbook.encode(),
        "xl/_rels/workbook.xml.rels": hostile.rels_xml(*rels),
        "xl/worksheets/sheet2.xml": f'<worksheet xmlns="{MAIN}"><sheetData/></worksheet>'.encode(),
    }


def test_more_sheets_than_the_limit_are_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _book(tmp_path / "Sheets.xlsx", [_formula_row("1+1")], **_sheets(limits.MAX_SHEETS + 1))
    _refused(path, capsys, "it has 1,001 sheets, more than the 1,000 xlscore recalculates")


def test_the_sheet_limit_itself_is_read(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(limits, "MAX_SHEETS", 3)
    at_limit = _book(tmp_path / "Three.xlsx", [_formula_row("1+1")], **_sheets(3))
    assert [s.name for s in read_book(at_limit).sheets] == ["S1", "S2", "S3"]
    with pytest.raises(BookError, match="it has 4 sheets, more than the 3"):
        read_book(_book(tmp_path / "Four.xlsx", [_formula_row("1+1")], **_sheets(4)))


def _strings(count: int) -> bytes:
    return f'<sst xmlns="{MAIN}">'.encode() + b"<si><t>a</t></si>" * count + b"</sst>"


def test_more_shared_strings_than_the_limit_are_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _book(
        tmp_path / "Strings.xlsx",
        [_formula_row("1+1")],
        **{"xl/sharedStrings.xml": _strings(limits.MAX_SHARED_STRINGS + 1)},
    )
    _refused(path, capsys, "its shared-string table has 1,000,001 entries, more than the 1,000,000")


def test_the_shared_string_limit_itself_is_read(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(limits, "MAX_SHARED_STRINGS", 5)
    row = b'<row r="1"><c r="A1" t="s"><v>4</v></c><c r="B1" t="str"><f>A1&amp;"b"</f><v>ab</v></c></row>'
    at_limit = _book(tmp_path / "Five.xlsx", [row], **{"xl/sharedStrings.xml": _strings(5)})
    assert recalculate(at_limit).evaluation.values["RESULTS"][1, 2] == "ab"
    with pytest.raises(BookError, match="6 entries, more than the 5"):
        read_book(_book(tmp_path / "Six.xlsx", [row], **{"xl/sharedStrings.xml": _strings(6)}))


def _cells(count: int) -> Iterable[bytes]:
    """``count`` number cells, eight a row (the same row repeated: the limit refuses before rows are read)."""
    row = b'<row r="2">' + b"".join(f'<c r="{c}2"><v>1</v></c>'.encode() for c in "ABCDEFGH") + b"</row>"
    whole, rest = divmod(count, 8)
    yield row * whole
    yield b'<row r="3">' + b"".join(f'<c r="{c}3"><v>1</v></c>'.encode() for c in "ABCDEFGH"[:rest]) + b"</row>"


def test_more_cells_than_the_limit_are_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _book(tmp_path / "Cells.xlsx", _cells(limits.MAX_CELLS + 1))
    _refused(path, capsys, "it has 2,000,001 cells, more than the 2,000,000 xlscore recalculates")


def test_the_cell_limit_itself_is_computed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(limits, "MAX_CELLS", 20)
    numbers = (f'<row r="{r}"><c r="A{r}"><v>{r}</v></c></row>'.encode() for r in range(2, 20))
    rows = [_formula_row("SUM(A2:H9)"), *numbers]
    at_limit = _book(tmp_path / "Twenty.xlsx", rows)  # A1, A2:A19 and Totals!A1: 20 cells
    assert recalculate(at_limit).evaluation.values["RESULTS"][1, 1] == sum(range(2, 10))
    with pytest.raises(BookError, match="21 cells, more than the 20"):
        read_book(_book(tmp_path / "TwentyOne.xlsx", [*rows, b'<row r="21"><c r="A21"><v>1</v></c></row>']))


def _formulas(count: int) -> Iterable[bytes]:
    yield b'<row r="1">' + b'<c r="A1"><f>1+1</f><v>2</v></c>' * count + b"</row>"


def test_more_formula_cells_than_the_limit_are_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _book(tmp_path / "Formulas.xlsx", _formulas(limits.MAX_FORMULAS + 1))
    _refused(path, capsys, "it has 200,001 formula cells, more than the 200,000 xlscore recalculates")


def test_the_formula_limit_itself_is_computed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(limits, "MAX_FORMULAS", 3)
    shared = [
        b'<row r="1"><c r="A1"><v>5</v></c><c r="B1"><f t="shared" ref="B1:B3" si="0">A1*2</f><v>10</v></c></row>',
        b'<row r="2"><c r="A2"><v>6</v></c><c r="B2"><f t="shared" si="0"/><v>12</v></c></row>',
        b'<row r="3"><c r="A3"><v>7</v></c><c r="B3"><f t="shared" si="0"/><v>14</v></c></row>',
    ]
    at_limit = _book(tmp_path / "Three.xlsx", shared)  # a formula filled down: each of its cells counts
    values = recalculate(at_limit).evaluation.values["RESULTS"]
    assert [values[r, 2] for r in (1, 2, 3)] == [10.0, 12.0, 14.0]
    more = [*shared, b'<row r="4"><c r="B4"><f>1+1</f><v>2</v></c></row>']
    with pytest.raises(BookError, match="4 formula cells, more than the 3"):
        read_book(_book(tmp_path / "Four.xlsx", more))
