"""The values-only workbook: no formula left, no dynamic-array metadata, print areas and sheets as they were; and
opened by a stock LibreOffice, without xlscore's extension, it shows every number of the Standings sheet and no
#NAME? or Err:."""

from __future__ import annotations

import csv
import re
import zipfile
from pathlib import Path

import pytest

from tests.excel.publish.pages import SYSTEMS, book_of
from xlscore.engine.files.book import read_book
from xlscore.excel.libreoffice.soffice import Office, find_soffice, sheet_names
from xlscore.excel.publish.values import values_only


@pytest.mark.parametrize("system", SYSTEMS)
def test_no_formula_is_left_and_the_rest_is_kept(system: str, tmp_path: Path) -> None:
    source = book_of(system)
    written = values_only(source, tmp_path / "values.xlsx")
    with zipfile.ZipFile(written) as out, zipfile.ZipFile(source) as before:
        sheets = [n for n in out.namelist() if n.startswith("xl/worksheets/sheet")]
        assert all(not re.search(rb"<f[ >/]", out.read(n)) for n in sheets)
        assert "xl/metadata.xml" not in out.namelist()
        assert {n for n in before.namelist() if "chart" in n} <= set(out.namelist())
        names = re.findall(rb"<definedName[^>]*>[^<]*</definedName>", out.read("xl/workbook.xml"))
        assert all(b"INDEX(" not in n for n in names)
    book, values = read_book(source), read_book(written)
    assert [s.name for s in values.sheets] == [s.name for s in book.sheets]
    assert values.sheet("Standings").values.by_position() == book.sheet("Standings").values.by_position()


@pytest.mark.slow  # a real program (LibreOffice or Chromium): .ci/run runs it with -m slow
@pytest.mark.skipif(find_soffice() is None, reason="LibreOffice (soffice) is not installed")
def test_a_stock_libreoffice_shows_every_number(tmp_path: Path) -> None:
    office = Office(find_soffice() or "soffice", tmp_path / "fresh-profile")  # a new profile: no extension
    books = [values_only(book_of(s), tmp_path / f"{s}.xlsx") for s in SYSTEMS]
    for book in books:
        shown = office.to_csv(book, tmp_path / "csv")  # every sheet, as LibreOffice computes it on opening
        cells = [c for path in shown.values() for row in csv.reader(path.open(encoding="utf-8")) for c in row]
        assert not [c for c in cells if c.startswith(("#NAME?", "Err:"))], book.name
        rows = list(csv.reader(shown["Standings"].open(encoding="utf-8")))
        saved = read_book(book).sheet("Standings").values
        for (row, column), value in saved.by_position().items():
            if isinstance(value, int | float) and not isinstance(value, bool):
                assert float(rows[row - 1][column - 1]) == pytest.approx(value, rel=1e-12), (book.name, row, column)
    assert sheet_names(books[0])


def test_recalc_values_writes_the_same_values_only_copy(tmp_path: Path) -> None:
    from xlscore.cli import main

    out = tmp_path / "values.xlsx"
    assert main(["recalc", str(book_of("rplops")), "--values", "-o", str(out)]) == 0
    with zipfile.ZipFile(out) as written:
        assert not any(re.search(rb"<f[ >/]", written.read(n)) for n in written.namelist() if "worksheets/sheet" in n)
    assert main(["recalc", str(book_of("rplops")), "--values", "--check"]) == 2  # a copy needs somewhere to go
