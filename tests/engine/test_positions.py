"""ROW, COLUMN, ROWS and COLUMNS in recalc, with the values of Microsoft's own documentation examples."""

from __future__ import annotations

from pathlib import Path

import openpyxl
import pytest

from xlscore.engine.evaluation.recalc import recalculate


def test_position_functions_give_excels_numbers(tmp_path: Path) -> None:
    book = openpyxl.Workbook()
    sheet = book.active
    assert sheet is not None
    sheet.title = "Data"
    formulas = {
        "A1": ("=ROW(C10)", 10),  # Microsoft's ROW page: =ROW(C10) gives 10
        "A2": ("=ROW()", 2),  # the row of the formula's own cell
        "A3": ("=COLUMN(D10)", 4),  # Microsoft's COLUMN page: =COLUMN(D10) gives 4
        "A4": ("=COLUMN()", 1),
        "A5": ("=ROWS(C1:E4)", 4),  # Microsoft's ROWS page: =ROWS(C1:E4) gives 4
        "A6": ("=COLUMNS(C1:E4)", 3),  # Microsoft's COLUMNS page: =COLUMNS(C1:E4) gives 3
        "A7": ("=ROWS(B:B)", 1_048_576),
        "A8": ("=ROW(Data!$B$7)+COLUMN(C1)", 10),
        "A9": ("=VLOOKUP(ROW($A2),$C$1:$D$3,2,FALSE)", "two"),  # the form that lost a whole sheet of lookups
    }
    for cell, (formula, _) in formulas.items():
        sheet[cell] = formula
    for row, word in enumerate(("one", "two", "three"), start=1):
        sheet[f"C{row}"], sheet[f"D{row}"] = row, word
    for row in range(20, 25):
        sheet[f"F{row}"] = "=ROW()*10"  # the same formula down a column: each cell its own row
    source, out = tmp_path / "in.xlsx", tmp_path / "out.xlsx"
    book.save(source)
    assert recalculate(source, out).errors == ()
    values = openpyxl.load_workbook(out, data_only=True)["Data"]
    assert {cell: values[cell].value for cell in formulas} == {cell: want for cell, (_, want) in formulas.items()}
    assert [values[f"F{row}"].value for row in range(20, 25)] == [200, 210, 220, 230, 240]


def test_named_constants_exponents_and_isref(tmp_path: Path) -> None:
    from openpyxl.workbook.defined_name import DefinedName

    book = openpyxl.Workbook()
    sheet = book.active
    assert sheet is not None
    sheet.title = "Data"
    formulas = {
        "A1": ("=MyValue*2", 6),  # a name that holds 3
        "A2": ('=Greeting&"!"', "hi!"),  # a name that holds a text
        "A3": ("=IF(Flag,1,2)", 1),  # a name that holds TRUE
        "A4": ("=SUM(Scores)", 3),  # a name that holds a range stays a range
        "A5": ("=1E3+1", 1001),  # Excel writes 1E+3; both are 1000
        "A6": ("=ISREF(B1)", True),  # Microsoft's ISREF page: TRUE for a reference
        "A7": ("=ISREF(1)", False),
        "A8": ("=ISREF(Scores)", True),  # a name that holds a reference is one
        "A9": ("=ISREF(MyValue)", False),  # a name that holds a constant is not
    }
    for cell, (formula, _) in formulas.items():
        sheet[cell] = formula
    sheet["B1"], sheet["B2"] = 1, 2
    for name, text in (("MyValue", "3"), ("Greeting", '"hi"'), ("Flag", "TRUE"), ("Scores", "Data!$B$1:$B$2")):
        book.defined_names[name] = DefinedName(name, attr_text=text)
    source, out = tmp_path / "in.xlsx", tmp_path / "out.xlsx"
    book.save(source)
    assert recalculate(source, out).errors == ()
    values = openpyxl.load_workbook(out, data_only=True)["Data"]
    assert {cell: values[cell].value for cell in formulas} == {cell: want for cell, (_, want) in formulas.items()}


def test_row_and_column_of_a_range_are_arrays(tmp_path: Path) -> None:
    """Microsoft's ROW page: "If reference is a range of cells ... ROW returns the row numbers of reference as a
    vertical array"; COLUMN's, the column numbers as a horizontal one. The common use: the rows that match."""
    book = openpyxl.Workbook()
    sheet = book.active
    assert sheet is not None
    sheet.title = "Data"
    for row, mark in enumerate(("x", "y", "x", "x"), start=1):
        sheet[f"B{row}"] = mark
    formulas = {
        "D1": ("=INDEX(ROW(C4:D6),2)", 5),
        "D2": ("=SUMPRODUCT(ROW(C4:D6))", 15),
        "D3": ("=INDEX(COLUMN(C4:E4),1,3)", 5),
        "D4": ('=SUMPRODUCT((B1:B4="x")*ROW(B1:B4))', 1 + 3 + 4),
        "D5": ('=SMALL(IF(B1:B4="x",ROW(B1:B4)-ROW(B1)+1),2)', 3),
    }
    for cell, (formula, _) in formulas.items():
        sheet[cell] = formula
    for row in range(10, 14):
        sheet[f"E{row}"] = f"=SUMPRODUCT(ROW(A{row}:A{row + 1}))"  # filled down: compiled once, moved
    source, out = tmp_path / "in.xlsx", tmp_path / "out.xlsx"
    book.save(source)
    assert recalculate(source, out).errors == ()
    values = openpyxl.load_workbook(out, data_only=True)["Data"]
    assert {cell: values[cell].value for cell in formulas} == {cell: want for cell, (_, want) in formulas.items()}
    assert [values[f"E{row}"].value for row in range(10, 14)] == [21, 23, 25, 27]


def test_names_that_hold_formulas_and_relative_references(tmp_path: Path) -> None:
    """PhpSpreadsheet's tests/data/Calculation/DefinedNames/NamedFormulae.xlsx, saved by Excel: HOURS_PER_DAY is
    Worksheet!$B1 (its row relative: the row of the cell that uses it), DAILY_CHARGE = HOURS_PER_DAY*CHARGE_RATE,
    COLUMN_TOTALS = SUM(COLUMN_DATA_VALUES) with COLUMN_DATA_VALUES = Worksheet!A$4:A$8 (its column relative).
    The values are the ones Excel saved."""
    from openpyxl.workbook.defined_name import DefinedName

    book = openpyxl.Workbook()
    sheet = book.active
    assert sheet is not None
    sheet.title = "Worksheet"
    sheet["A1"], sheet["B1"] = "Charge Rate/hour:", 7.5
    for row, hours in enumerate((7.5, 7.25, 6.5, 7, 5.5), start=4):
        sheet[f"B{row}"], sheet[f"C{row}"] = hours, "=DAILY_CHARGE"
    sheet["B10"], sheet["C10"] = "=COLUMN_TOTALS", "=COLUMN_TOTALS"
    for name, text in (
        ("CHARGE_RATE", "Worksheet!$B$1"),
        ("COLUMN_DATA_VALUES", "Worksheet!A$4:A$8"),
        ("COLUMN_TOTALS", "SUM(COLUMN_DATA_VALUES)"),
        ("DAILY_CHARGE", "HOURS_PER_DAY*CHARGE_RATE"),
        ("HOURS_PER_DAY", "Worksheet!$B1"),
    ):
        book.defined_names[name] = DefinedName(name, attr_text=text)
    source, out = tmp_path / "in.xlsx", tmp_path / "out.xlsx"
    book.save(source)
    assert recalculate(source, out).errors == ()
    values = openpyxl.load_workbook(out, data_only=True)["Worksheet"]
    assert [values[f"C{row}"].value for row in range(4, 9)] == [56.25, 54.375, 48.75, 52.5, 41.25]
    assert [values["B10"].value, values["C10"].value] == [33.75, 253.125]


def test_names_with_a_deleted_range_a_sheet_or_a_table(tmp_path: Path) -> None:
    """Apache POI's test-data/spreadsheet files as Excel saved them: in 49783.xlsx sale_1 and sale_2 are
    Sheet1!#REF! and =sale_1*sale_2 is #REF!; in 56737.xlsx NR_To_A1 belongs to the sheet Defines and
    =Defines!NR_To_A1 on the sheet Uses is 'Test A1'; in simple-monthly-budget.xlsx TotalMonthlyIncome is
    SUM(tblIncome[Amount]) and =TotalMonthlyIncome is 3750."""
    from openpyxl.workbook.defined_name import DefinedName
    from openpyxl.worksheet.table import Table

    book = openpyxl.Workbook()
    uses = book.active
    assert uses is not None
    uses.title = "Uses"
    defines = book.create_sheet("Defines")
    defines["A1"] = "Test A1"
    defines.defined_names["NR_To_A1"] = DefinedName("NR_To_A1", attr_text="Defines!$A$1")
    budget = book.create_sheet("Budget")
    budget.append(["Item", "Amount"])
    for row in (["Salary", 2500], ["Other", 1250]):
        budget.append(row)
    budget.add_table(Table(displayName="tblIncome", ref="A1:B3"))
    book.defined_names["sale_1"] = DefinedName("sale_1", attr_text="Sheet1!#REF!")
    book.defined_names["sale_2"] = DefinedName("sale_2", attr_text="Sheet1!#REF!")
    book.defined_names["TotalMonthlyIncome"] = DefinedName("TotalMonthlyIncome", attr_text="SUM(tblIncome[Amount])")
    uses["A2"], uses["D2"], uses["E4"] = "=sale_1*sale_2", "=Defines!NR_To_A1", "=TotalMonthlyIncome"
    source, out = tmp_path / "in.xlsx", tmp_path / "out.xlsx"
    book.save(source)
    recalculate(source, out)
    values = openpyxl.load_workbook(out, data_only=True)["Uses"]
    assert [values["A2"].value, values["D2"].value, values["E4"].value] == ["#REF!", "Test A1", 3750]


def test_names_that_hold_subtotal_or_indirect(tmp_path: Path) -> None:
    """PhpSpreadsheet's tests/data files as Excel saved them: in Calculation/TableFormulae.xlsx CommissionTotal is
    SUBTOTAL(109,DeptSales[Commission Amount]) and =CommissionTotal is 570.2 (the commissions 26, 99, 141,
    49.2, 120 and 135); in Calculation/LookupRef/IndirectFormulaSelection.xlsx CURRENCY_SELECTOR is
    INDIRECT("CURRENCY_"&Sheet1!$D$1), D1 is USD, CURRENCY_USD is Sheet1!$B$2 (100) and =CURRENCY_SELECTOR is 100."""
    from openpyxl.workbook.defined_name import DefinedName
    from openpyxl.worksheet.table import Table

    book = openpyxl.Workbook()
    sheet = book.active
    assert sheet is not None
    sheet.title = "Sheet1"
    sheet["G1"] = "Commission Amount"
    for row, amount in enumerate((26, 99, 141, 49.2, 120, 135), start=2):
        sheet[f"G{row}"] = amount
    sheet.add_table(Table(displayName="DeptSales", ref="G1:G7"))
    sheet["A1"], sheet["B1"], sheet["D1"] = "EUR", 80, "USD"
    sheet["A2"], sheet["B2"], sheet["A3"], sheet["B3"] = "USD", 100, "GBP", 120
    sheet["A5"], sheet["C10"] = "=CURRENCY_SELECTOR", "=CommissionTotal"
    for name, text in (
        ("CommissionTotal", "SUBTOTAL(109,DeptSales[Commission Amount])"),
        ("CURRENCY_EUR", "Sheet1!$B$1"),
        ("CURRENCY_USD", "Sheet1!$B$2"),
        ("CURRENCY_GBP", "Sheet1!$B$3"),
        ("CURRENCY_SELECTOR", 'INDIRECT("CURRENCY_"&Sheet1!$D$1)'),
    ):
        book.defined_names[name] = DefinedName(name, attr_text=text)
    source, out = tmp_path / "in.xlsx", tmp_path / "out.xlsx"
    book.save(source)
    recalculate(source, out)
    values = openpyxl.load_workbook(out, data_only=True)["Sheet1"]
    assert values["A5"].value == 100
    assert values["C10"].value == pytest.approx(570.2, abs=1e-9)


def test_an_unknown_name_is_name_error_where_it_is_read(tmp_path: Path) -> None:
    """Apache POI's test-data/spreadsheet/46535.xlsx as Excel saved it: Vlook1 is defined nowhere, and
    =IF(ISERROR(VLOOKUP("Customer Code",Vlook1,2,FALSE)),"",VLOOKUP(...)) is the empty text (Others!T19); a formula
    whose result the unknown name reaches is #NAME?, reported with the name."""
    book = openpyxl.Workbook()
    sheet = book.active
    assert sheet is not None
    sheet["T19"] = '=IF(ISERROR(VLOOKUP("Customer Code",Vlook1,2,FALSE)),"",VLOOKUP("Customer Code",Vlook1,2,FALSE))'
    sheet["T20"] = "=Vlook1+1"
    # SheetJS's named_ranges_2011.xlsx: col2_ is defined nowhere and =SLOPE(col1_,col2_) is #NAME?, as Excel saved it.
    sheet["T21"] = "=SLOPE(T1:T3,col2_)"
    source = tmp_path / "in.xlsx"
    book.save(source)
    result = recalculate(source)
    values = result.evaluation.values[sheet.title.upper()]
    assert values[19, 20] == ""
    assert [str(e) for e in result.errors] == [
        f"{sheet.title}!T20: #NAME? unknown name VLOOK1",
        f"{sheet.title}!T21: #NAME? unknown name COL2_",
    ]
