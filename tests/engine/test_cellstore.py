"""Cells held by column (issue 17): read at once from a sheet written the usual way, the same values as the cell by
cell reader gives, the file's values kept through a recalculation, and the output written in pieces as one."""

from __future__ import annotations

import zipfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.engine import hostile
from xlscore.engine import BookError
from xlscore.engine.evaluation import recalc as recalc_module
from xlscore.engine.evaluation.engine import evaluate
from xlscore.engine.evaluation.recalc import check_book, recalculate
from xlscore.engine.files import book as book_module
from xlscore.engine.files.book import read_book
from xlscore.engine.files.cellstore import CellValues, by_column
from xlscore.engine.files.sheetxml import NotPlainError
from xlscore.excel.functions.cells import CellError

SHEET1 = "xl/worksheets/sheet1.xml"
STRINGS = "xl/sharedStrings.xml"

# Every kind of cell a sheet holds, each written the way Excel or openpyxl writes it.
MIXED = hostile.sheet_of(
    b'<row r="1"><c r="A1"><v>1.5</v></c><c r="B1" s="3" t="n"><v>-2E3</v></c><c r="C1" t="s"><v>1</v></c>'
    b'<c r="D1" t="inlineStr"><is><t>Caf&amp;eacute; _x0007_</t></is></c><c r="E1" t="b"><v>1</v></c>'
    b'<c r="F1" t="e"><v>#N/A</v></c><c r="G1" t="str"><f>"a"&amp;"b"</f><v>ab</v></c>'
    b'<c r="H1" s="2"/><c r="I1"><v></v></c><c r="J1" t="inlineStr"><is><t xml:space="preserve"> x </t></is></c>'
    b"</row>"
    b'<row r="2"><c r="A2"><v>1.5</v></c><c r="B2"><f>A1*2</f><v>3</v></c><c r="C2" t="s"><v>0</v></c>'
    b'<c r="D2" t="inlineStr"><is><t>Caf&amp;eacute; _x0007_</t></is></c><c r="E2" t="d"><v>2026-01-06</v></c>'
    b'<c r="F2" t="inlineStr"><is><r><t>two </t></r><r><t>runs</t></r></is></c></row>'
)
SHARED = (
    f'<sst xmlns="{hostile.MAIN}"><si><t>first</t></si><si><r><t>sec</t></r><r><t>ond</t></r></si></sst>'
).encode()


def _book(path: Path, sheet: bytes) -> Path:
    return hostile.write_zip(path, {**hostile.minimal_parts(), SHEET1: sheet, STRINGS: SHARED})


def _cell_by_cell(monkeypatch: pytest.MonkeyPatch, path: Path) -> dict[tuple[int, int], object]:
    """The values read by the general scan, which takes every cell apart."""

    def not_plain(xml: bytes) -> object:
        raise NotPlainError

    with monkeypatch.context() as patched:
        patched.setattr(book_module, "plain_bodies", not_plain)
        return dict(read_book(path).sheet("Results").values)


def test_cells_read_at_once_are_the_cells_read_one_by_one(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = _book(tmp_path / "mixed.xlsx", MIXED)
    values = dict(read_book(path).sheet("Results").values)
    assert values == _cell_by_cell(monkeypatch, path)
    assert values == {
        (1, 1): 1.5,
        (1, 2): -2000.0,
        (1, 3): "second",
        (1, 4): "Caf&eacute; \x07",
        (1, 5): True,
        (1, 6): CellError("#N/A"),
        (1, 7): "ab",
        (1, 10): " x ",
        (2, 1): 1.5,
        (2, 2): 3.0,
        (2, 3): "first",
        (2, 4): "Caf&eacute; \x07",
        (2, 5): "2026-01-06",
        (2, 6): "two runs",
    }


# Cells as Excel and openpyxl write them, and some as no writer does: what each holds after the reference and style.
CELL_BODIES = (
    b"><v>3</v></c>",
    b' t="n"><v>-1.25E-3</v></c>',
    b"><v> 7 </v></c>",
    b"><v>inf</v></c>",
    b"><v></v></c>",
    b"/>",
    b' t="s"><v>1</v></c>',
    b' t="s"><v>01</v></c>',
    b' t="s"><v>9</v></c>',
    b"><v>1,5</v></c>",
    b' t="inlineStr"><is><t>a &amp; b_x0009_</t></is></c>',
    b' t="inlineStr"><is><t xml:space="preserve"> padded </t></is></c>',
    b' t="inlineStr"/>',
    b' t="b"><v>0</v></c>',
    b' t="e"><v>#DIV/0!</v></c>',
    b' t="str"><f>"x"</f><v>x</v></c>',
    b"><f>1+1</f><v>2</v></c>",
    b' t="d"><v>2026-11-24T10:00:00</v></c>',
)


@given(cells=st.lists(st.tuples(st.integers(1, 6), st.sampled_from(CELL_BODIES), st.booleans()), max_size=30))
@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
def test_any_mix_of_cells_reads_the_same_at_once_as_one_by_one(
    cells: list[tuple[int, bytes, bool]], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    rows = []
    for r, (width, body, styled) in enumerate(cells, start=1):
        style = b' s="2"' if styled else b""
        row = b"".join(b'<c r="' + bytes([64 + c]) + str(r).encode() + b'"' + style + body for c in range(1, width + 1))
        rows.append(b'<row r="' + str(r).encode() + b'">' + row + b"</row>")
    path = _book(tmp_path / "any.xlsx", hostile.sheet_of(b"".join(rows)))
    try:
        at_once: object = dict(read_book(path).sheet("Results").values)
    except BookError as exc:
        at_once = str(exc)  # a value that does not read: the same refusal, naming the same cell, both ways
    try:
        one_by_one: object = _cell_by_cell(monkeypatch, path)
    except BookError as exc:
        one_by_one = str(exc)
    assert at_once == one_by_one


def test_equal_texts_and_short_numbers_are_held_once(tmp_path: Path) -> None:
    values = read_book(_book(tmp_path / "mixed.xlsx", MIXED)).sheet("Results").values
    assert values[(1, 4)] is values[(2, 4)]
    assert values[(1, 1)] is values[(2, 1)]


@pytest.mark.parametrize(
    ("cell", "wording"),
    [
        (b'<c r="B2"><v>twelve</v></c>', "Results!B2 holds 'twelve', not a valid 'n' value"),
        (b'<c r="B2" t="s"><v>7</v></c>', "Results!B2 holds '7', not a valid 's' value"),
        (b'<c r="B2" t="s"><v>x</v></c>', "Results!B2 holds 'x', not a valid 's' value"),
    ],
)
def test_a_value_that_does_not_read_is_worded_with_its_cell(cell: bytes, wording: str, tmp_path: Path) -> None:
    path = _book(tmp_path / "bad.xlsx", hostile.sheet_of(b'<row r="2"><c r="A2"><v>1</v></c>' + cell + b"</row>"))
    with pytest.raises(BookError, match=wording):
        read_book(path)


def test_the_book_keeps_the_saved_values_while_the_engine_writes_its_own(tmp_path: Path) -> None:
    sheet = hostile.sheet_of(b'<row r="1"><c r="A1"><v>2</v></c><c r="B1"><f>A1*3</f><v>5</v></c></row>')
    book = read_book(_book(tmp_path / "stale.xlsx", sheet))
    evaluation = evaluate(book)
    assert evaluation.values["RESULTS"][(1, 2)] == 6
    assert book.sheet("Results").values[(1, 2)] == 5  # what --check compares with
    differences = check_book(recalculate(book.path), book)
    assert [str(d) for d in differences] == ["Results!B1: saved 5, computed 6"]


def test_cell_values_are_a_mapping_by_position() -> None:
    values = CellValues(by_column({(1, 1): "a", (3, 1): 2.0, (2, 4): None}))
    assert len(values) == 3
    assert sorted(values) == [(1, 1), (2, 4), (3, 1)]
    assert (3, 1) in values
    assert (3, 2) not in values
    assert values.get((9, 9), "none") == "none"
    values[(5, 2)] = True
    del values[(1, 1)]
    assert dict(values) == {(3, 1): 2.0, (2, 4): None, (5, 2): True}
    assert values.max_row() == 5
    with pytest.raises(KeyError):
        values[(1, 1)]


def test_a_part_written_in_pieces_is_the_part_writestr_writes(tmp_path: Path) -> None:
    large = b"<worksheet>" + b"<row>" * 300_000 + b"</worksheet>"  # over 1 MiB: packed at level 1
    small = large[:200_000] + b"</worksheet>"  # under: zlib's default
    for data, level in ((small, None), (large, 1)):
        pieces: list[bytes | memoryview] = [data[:10], memoryview(data)[10:150_000], data[150_000:]]
        whole, split = tmp_path / "whole.zip", tmp_path / "split.zip"
        with zipfile.ZipFile(whole, "w") as out:
            info = zipfile.ZipInfo("xl/worksheets/sheet1.xml", date_time=(2026, 1, 6, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            out.writestr(info, data, compresslevel=level)
        with zipfile.ZipFile(split, "w") as out:
            info = zipfile.ZipInfo("xl/worksheets/sheet1.xml", date_time=(2026, 1, 6, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            recalc_module._write_part(out, info, pieces)
        assert split.read_bytes() == whole.read_bytes()
