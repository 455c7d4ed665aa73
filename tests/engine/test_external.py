"""References to another workbook (``=[1]Uses!$A$1``), computed from the values Excel keeps of it in the file.

The parts repeat Apache POI's test-data/spreadsheet/ref-56737.xlsx as Excel saved it: its externalLink1.xml keeps
Uses!A1 = "Hello!", Defines!A1 = "Test A1", Defines!B2 = 142, the global name NR_Global_B2 (Defines!$B$2) and
the name NR_To_A1 of the sheet Defines, and nothing of the sheet 56737 (refreshError); Excel saved =[1]Uses!$A$1
as "Hello!", =[1]Defines!NR_To_A1 as "Test A1" and =[1]!NR_Global_B2 as 142. PhpSpreadsheet's
tests/data/Reader/XLSX/bug1686b.xlsx shows a sheet with refreshError read as #REF!.
"""

from __future__ import annotations

import zipfile
from pathlib import Path

from tests.engine import hostile
from xlscore.engine.evaluation.recalc import check_book, recalculate
from xlscore.engine.files.book import read_book

MAIN, REL = hostile.MAIN, hostile.REL

_LINK = (
    f'<externalLink xmlns="{MAIN}"><externalBook xmlns:r="{REL}" r:id="rId1">'
    '<sheetNames><sheetName val="Uses"/><sheetName val="Defines"/><sheetName val="56737"/></sheetNames>'
    '<definedNames><definedName name="NR_Global_B2" refersTo="=\'Defines\'!$B$2"/>'
    '<definedName name="NR_To_A1" refersTo="=\'Defines\'!$A$1" sheetId="1"/></definedNames>'
    '<sheetDataSet><sheetData sheetId="0"><row r="1"><cell r="A1" t="str"><v>Hello!</v></cell></row></sheetData>'
    '<sheetData sheetId="1"><row r="1"><cell r="A1" t="str"><v>Test A1</v></cell></row>'
    '<row r="2"><cell r="B2"><v>142</v></cell></row></sheetData>'
    '<sheetData sheetId="2" refreshError="1"/></sheetDataSet></externalBook></externalLink>'
)


def _book(tmp_path: Path) -> Path:
    parts = hostile.minimal_parts()
    parts["xl/workbook.xml"] = (
        f'<workbook xmlns="{MAIN}" xmlns:r="{REL}"><sheets><sheet name="Refs" sheetId="1" r:id="rId1"/></sheets>'
        '<externalReferences><externalReference r:id="rId4"/></externalReferences></workbook>'
    ).encode()
    parts["xl/_rels/workbook.xml.rels"] = hostile.rels_xml(
        ("rId1", hostile.WORKSHEET, "worksheets/sheet1.xml"),
        ("rId4", f"{REL}/externalLink", "externalLinks/externalLink1.xml"),
    )
    parts["xl/worksheets/sheet1.xml"] = (
        f'<worksheet xmlns="{MAIN}"><sheetData><row r="3">'
        '<c r="E3" t="str"><f>[1]Uses!$A$1</f><v>Hello!</v></c>'
        '<c r="G3" t="str"><f>[1]Defines!NR_To_A1</f><v>Test A1</v></c>'
        '<c r="I3"><f>[1]!NR_Global_B2</f><v>142</v></c>'
        '<c r="J3"><f>[1]Uses!$B$7</f><v>0</v></c>'
        '<c r="K3" t="e"><f>[1]Missing!$A$1</f><v>#REF!</v></c>'
        '<c r="L3" t="e"><f>\'[1]56737\'!$A$1</f><v>#REF!</v></c>'
        "</row></sheetData></worksheet>"
    ).encode()
    parts.pop("xl/worksheets/sheet2.xml")
    parts["xl/externalLinks/externalLink1.xml"] = _LINK.encode()
    parts["xl/externalLinks/_rels/externalLink1.xml.rels"] = hostile.rels_xml(
        ("rId1", f"{REL}/externalLinkPath", "56737.xlsx", "External")
    )
    return hostile.write_zip(tmp_path / "refs.xlsx", parts)


def test_linked_values_are_read_from_the_file(tmp_path: Path) -> None:
    path = _book(tmp_path)
    result = recalculate(path)
    values = result.evaluation.values["REFS"]
    assert (values[3, 5], values[3, 7], values[3, 9], values[3, 10]) == ("Hello!", "Test A1", 142, 0)
    assert check_book(result, read_book(path)) == []
    # A sheet the link does not list, and one Excel could not read when it updated the link (refreshError).
    assert [(e.cell, e.code) for e in result.errors] == [("K3", "#REF!"), ("L3", "#REF!")]


def test_linked_sheets_are_read_never_written(tmp_path: Path) -> None:
    path = _book(tmp_path)
    out = tmp_path / "out.xlsx"
    recalculate(path, out)
    with zipfile.ZipFile(path) as before, zipfile.ZipFile(out) as after:
        assert before.namelist() == after.namelist()
        assert after.read("xl/externalLinks/externalLink1.xml") == _LINK.encode()
