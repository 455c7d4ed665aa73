"""What Excel saved, read as Excel wrote it: a formula's text result of spaces (``<v xml:space="preserve">``), and an
empty formula element (``<f ca="1"/>``), whose saved value stands."""

from __future__ import annotations

import zipfile
from pathlib import Path

import openpyxl

from xlscore.engine.evaluation.recalc import check_book, recalculate
from xlscore.engine.files.book import read_book


def _edited(tmp_path: Path) -> Path:
    book = openpyxl.Workbook()
    sheet = book.active
    assert sheet is not None
    sheet.title = "Data"
    sheet["A1"] = '=IF(TRUE," ","x")'
    sheet["A2"] = "=1+1"
    source = tmp_path / "made.xlsx"
    book.save(source)
    edited = tmp_path / "excel.xlsx"
    with zipfile.ZipFile(source) as zin, zipfile.ZipFile(edited, "w", zipfile.ZIP_DEFLATED) as zout:
        for info in zin.infolist():
            data = zin.read(info.filename)
            if info.filename == "xl/worksheets/sheet1.xml":
                text = data.decode()
                text = text.replace(
                    '<c r="A1"><f>IF(TRUE," ","x")</f><v></v></c>',
                    '<c r="A1" t="str"><f>IF(TRUE," ","x")</f><v xml:space="preserve"> </v></c>',
                )
                text = text.replace('<c r="A2"><f>1+1</f><v></v></c>', '<c r="A2" t="b"><f ca="1"/><v>1</v></c>')
                assert 'xml:space="preserve"> </v>' in text
                assert '<f ca="1"/>' in text
                data = text.encode()
            zout.writestr(info, data)
    return edited


def test_spaces_and_empty_formulas_as_excel_saved_them(tmp_path: Path) -> None:
    path = _edited(tmp_path)
    book = read_book(path)
    sheet = book.sheet("Data")
    assert sheet.values[(1, 1)] == " "
    assert sheet.values[(2, 1)] is True
    assert [(f.row, f.col) for f in sheet.formulas] == [(1, 1)]  # the empty formula is no formula
    assert check_book(recalculate(path), book) == []
