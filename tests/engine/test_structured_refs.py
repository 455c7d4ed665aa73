"""Structured references in recalc, on Microsoft's own example table (DeptSales, from "Using structured references
with Excel tables"): each row's commission is its sales amount times its commission rate, and the column totals."""

from __future__ import annotations

import zipfile
from pathlib import Path

import openpyxl
import pytest
from openpyxl.worksheet.table import Table as SheetTable

from xlscore.engine.evaluation.recalc import recalculate
from xlscore.engine.rewrite.refs import Area
from xlscore.engine.rewrite.structured import Table, resolve

# Microsoft's DeptSales table: sales person, region, sales amount, % commission; commission amount computed.
DEPT_SALES = [
    ("Joe", "North", 260, 0.10, 26),
    ("Robert", "South", 660, 0.15, 99),
    ("Michelle", "East", 940, 0.15, 141),
    ("Erich", "West", 410, 0.12, 49.2),
    ("Dafna", "North", 800, 0.15, 120),
    ("Rob", "South", 900, 0.15, 135),
]
HEADERS = ["Sales Person", "Region", "Sales Amount", "% Commission", "Commission Amount"]


def _book(path: Path, commission: str, formulas: dict[str, str]) -> None:
    book = openpyxl.Workbook()
    sheet = book.active
    assert sheet is not None
    sheet.title = "Sales"
    sheet.append(HEADERS)
    for person, region, amount, rate, _ in DEPT_SALES:
        sheet.append([person, region, amount, rate, commission])
    sheet["A8"] = "Total"
    sheet["C8"] = "=SUBTOTAL(109,DeptSales[Sales Amount])"  # what Excel writes in a totals row
    sheet["E8"] = "=SUM(DeptSales[Commission Amount])"
    sheet.add_table(SheetTable(displayName="DeptSales", ref="A1:E8", totalsRowCount=1))
    for cell, formula in formulas.items():
        sheet[cell] = formula
    book.save(path)


def test_this_row_and_the_table_parts_give_excels_values(tmp_path: Path) -> None:
    formulas = {
        "G1": "=DeptSales[[#Totals],[Sales Amount]]",
        "G2": "=COUNTA(DeptSales[#Headers])",
        "G3": "=COUNTA(DeptSales[[#Headers],[Region]:[% Commission]])",
        "G4": "=INDEX(DeptSales[#All],1,1)",
        "G5": "=ROWS(DeptSales)",  # the table's name alone: its data rows
        "G6": "=ROWS(DeptSales[#All])",
        "G7": "=SUM(DeptSales[[#Data],[Commission Amount]])",
        "G8": "=DeptSales[@Region]",  # beside the table, in its totals row: that row's Region, blank
        "G20": "=DeptSales[@Region]",  # outside the table: #VALUE!, as in Excel
        "G21": '=DeptSales[[#Headers],[Region]]&"!"',
    }
    source, out = tmp_path / "in.xlsx", tmp_path / "out.xlsx"
    _book(source, "=DeptSales[[#This Row],[Sales Amount]]*DeptSales[[#This Row],[% Commission]]", formulas)
    recalculate(source, out)
    values = openpyxl.load_workbook(out, data_only=True)["Sales"]
    assert [values.cell(row, 5).value for row in range(2, 8)] == pytest.approx([26, 99, 141, 49.2, 120, 135])
    assert values["C8"].value == 3970
    assert values["E8"].value == pytest.approx(570.2)
    got = {cell: values[cell].value for cell in formulas}
    assert got == {
        "G1": 3970,
        "G2": 5,
        "G3": 3,
        "G4": "Sales Person",
        "G5": 6,
        "G6": 8,
        "G7": pytest.approx(570.2),
        "G8": 0,
        "G20": "#VALUE!",
        "G21": "Region!",
    }


def test_short_forms_inside_the_table(tmp_path: Path) -> None:
    """``[@[Sales Amount]]`` and ``Table[@Column]``, as typed (Excel itself saves the long form)."""
    source, out = tmp_path / "in.xlsx", tmp_path / "out.xlsx"
    _book(source, "=[@[Sales Amount]]*DeptSales[@[% Commission]]", {})
    recalculate(source, out)
    values = openpyxl.load_workbook(out, data_only=True)["Sales"]
    assert [values.cell(row, 5).value for row in range(2, 8)] == pytest.approx([26, 99, 141, 49.2, 120, 135])


def test_resolve_words_each_form() -> None:
    table = Table("T", "My Sheet", Area("My Sheet", 1, 2, 6, 4), ("a", "b [x]", "c"), totals_rows=1)
    tables = {"T": table}
    assert resolve("=T[[#This Row],[a]]", tables, "My Sheet", 3, 9) == "='My Sheet'!$B3"
    assert resolve("=T[@[a]:[c]]", tables, "My Sheet", 3, 9) == "='My Sheet'!$B3:$D3"
    assert resolve("=[@[b '[x']]]*2", tables, "My Sheet", 4, 3) == "='My Sheet'!$C4*2"
    assert resolve("=SUM(T)", tables) == "=SUM('My Sheet'!$B$2:$D$5)"
    assert resolve('=T[#Headers]&"T[a]"', tables) == "='My Sheet'!$B$1:$D$1&\"T[a]\""
    assert resolve("=T[#Totals]+T[[#Headers],[a]]", tables) == "='My Sheet'!$B$6:$D$6+'My Sheet'!$B$1"
    headless = {"T": Table("T", "S", Area("S", 2, 1, 4, 1), ("a",), header_rows=0)}
    assert resolve("=T[#Headers]+T[#Totals]", headless) == "=#REF!+#REF!"
    assert resolve("=[1]Sheet1!A1+T[a]", headless, "S", 3, 1) == "=[1]Sheet1!A1+S!$A$2:$A$4"
    assert resolve("='T'!A1+T1", tables) == "='T'!A1+T1"  # a sheet named T, a cell T1


def test_a_column_name_with_a_line_break(tmp_path: Path) -> None:
    # ClosedXML's TryToLoad/TableHeadersWithLineBreaks.xlsx as Excel saved it: the table's column is named
    # "Purchase_x000a_ price" (Excel's escape for a line feed), the header cell holds the line break, and
    # =SUBTOTAL(109,Table1[Purchase<line break> price]) is the column's sum.
    book = openpyxl.Workbook()
    sheet = book.active
    assert sheet is not None
    sheet.append(["Item", "Purchase\n price"])
    for row in (["a", 30000], ["b", 3059]):
        sheet.append(row)
    sheet["B5"] = "=SUBTOTAL(109,Table1[Purchase\n price])"
    sheet.add_table(SheetTable(displayName="Table1", ref="A1:B3"))
    plain = tmp_path / "plain.xlsx"
    book.save(plain)
    source = tmp_path / "in.xlsx"
    with zipfile.ZipFile(plain) as before, zipfile.ZipFile(source, "w", zipfile.ZIP_DEFLATED) as after:
        for item in before.infolist():
            data = before.read(item)
            if item.filename.startswith("xl/tables/"):
                data = data.replace(b'name="Purchase&#10; price"', b'name="Purchase_x000a_ price"')
                data = data.replace(b'name="Purchase\n price"', b'name="Purchase_x000a_ price"')
                assert b"Purchase_x000a_ price" in data
            after.writestr(item, data)
    result = recalculate(source)
    assert result.evaluation.values[sheet.title.upper()][5, 2] == 33059


def test_excel_2007s_row_form_and_a_column_name_ending_in_a_space(tmp_path: Path) -> None:
    # Apache POI's test-data/spreadsheet/table-sample.xlsx as Excel saved it: the table Tabelle1 (C4:G9, a totals
    # row) has a column "Field 4 "; G5 =Tabelle1[Tabelle1!$C5:$G5,[Field 4 ]]/Tabelle1[Tabelle1!$C$9:$G$9,[Field 4 ]]
    # (one row of one column, in the form the file keeps) is 6/36, and F9 =SUBTOTAL(109,Tabelle1[[Field 4 ]]) is 36.
    book = openpyxl.Workbook()
    sheet = book.active
    assert sheet is not None
    sheet.title = "Tabelle1"
    sheet.append([])
    sheet.append([])
    sheet.append([])
    sheet["C4"], sheet["D4"], sheet["E4"], sheet["F4"], sheet["G4"] = (
        "Field 1",
        "Field 2",
        "Field 3",
        "Field 4 ",
        "Field 5",
    )
    for row, (label, two, three) in enumerate((("a", 1, 5), ("b", 2, 6), ("c", 3, 7), ("d", 4, 8)), start=5):
        sheet[f"C{row}"], sheet[f"D{row}"], sheet[f"E{row}"], sheet[f"F{row}"] = label, two, three, two + three
        sheet[f"G{row}"] = f"=Tabelle1[Tabelle1!$C{row}:$G{row},[Field 4 ]]/Tabelle1[Tabelle1!$C$9:$G$9,[Field 4 ]]"
    sheet["C9"], sheet["F9"] = "Ergebnis", "=SUBTOTAL(109,Tabelle1[[Field 4 ]])"
    sheet.add_table(SheetTable(displayName="Tabelle1", ref="C4:G9", totalsRowCount=1))
    source = tmp_path / "in.xlsx"
    book.save(source)
    values = recalculate(source).evaluation.values["TABELLE1"]
    assert values[9, 6] == 36
    assert [values[row, 7] for row in range(5, 9)] == pytest.approx([6 / 36, 8 / 36, 10 / 36, 12 / 36])
