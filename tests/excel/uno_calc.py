"""Use xlscore's functions in LibreOffice Calc through UNO, as a coordinator would, and report what Calc shows.

Run by LibreOffice's own Python (``/usr/bin/python3`` with python3-uno), not the project's:

    uno_calc.py JOB.json RESULT.json

JOB.json is ``{"profile": FOLDER, "steps": [...]}``: FOLDER is a started profile with xlscore's extension installed
(its shared extensions in FOLDER/shared-extensions, as xlscore.excel.libreoffice.profile makes it). One soffice
session does every step, each adding one entry to the list in RESULT.json:

* ``{"formulas": {"A1": "=RPLOPS(2;5)", ...}, "array": {"C1:C5": "=..."}}``: a new sheet; every cell as Calc shows
  it after computing: ``{"cell": {"value", "text", "error"}}`` (array formulas fill their range);
* ``{"describe": [NAME, ...]}``: what the Function Wizard shows for each function (com.sun.star.sheet.
  FunctionDescriptions): ``{NAME: {"description", "category", "arguments": [[name, description, optional]]}}``;
* ``{"open": PATH, "calculate": true|false}``: the workbook opened (and, if asked, every formula computed again):
  ``{sheet: {cell: value}}`` for every formula cell, a value being a number, a text, or ``{"error": n}``;
* ``{"open": PATH, "type": {"sheet": S, "at": "A12", "rows": [[...]]}, "read": {"sheet": S, "range": "A1:G9"},
  "save": OUT}``: the workbook opened, rows typed in (Calc recomputes as it would for a coordinator typing), the
  range read (as text as shown, and values) and the workbook stored as .xlsx at OUT.

Prints nothing on success; any failure exits non-zero with a message.
"""

import json
import os
import sys
from typing import Any

import uno  # type: ignore[import-not-found]
from uno_session import open_document, property_value, session  # type: ignore[import-not-found]

FORMULA = 2  # com.sun.star.table.CellContentType.FORMULA


def _shown(cell: Any) -> Any:
    if cell.getType().value == "EMPTY":
        return None
    if cell.getError():
        return {"error": cell.getError()}
    if cell.getType().value == "TEXT" or (cell.getType().value == "FORMULA" and cell.FormulaResultType2 == 2):
        return cell.getString()
    return cell.getValue()


def _formulas(desktop: Any, step: dict[str, Any]) -> dict[str, Any]:
    document = desktop.loadComponentFromURL("private:factory/scalc", "_blank", 0, (property_value("Hidden", True),))
    try:
        sheet = document.Sheets.getByIndex(0)
        for address, formula in step.get("formulas", {}).items():
            sheet.getCellRangeByName(address).setFormula(formula)
        for address, formula in step.get("array", {}).items():
            sheet.getCellRangeByName(address).setArrayFormula(formula)
        document.calculateAll()
        cursor = sheet.createCursor()
        cursor.gotoEndOfUsedArea(False)
        end = cursor.getRangeAddress()
        shown: dict[str, Any] = {}
        for row in range(end.EndRow + 1):
            for column in range(end.EndColumn + 1):
                cell = sheet.getCellByPosition(column, row)
                if cell.getType().value != "EMPTY":
                    name = cell.AbsoluteName.split(".")[-1].replace("$", "")
                    shown[name] = {"value": cell.getValue(), "text": cell.getString(), "error": cell.getError()}
        return shown
    finally:
        document.close(True)


def _describe(context: Any, names: list[str]) -> dict[str, Any]:
    descriptions = context.ServiceManager.createInstanceWithContext("com.sun.star.sheet.FunctionDescriptions", context)
    found: dict[str, Any] = {}
    for index in range(descriptions.getCount()):
        entry = {p.Name: p.Value for p in descriptions.getByIndex(index)}
        if entry.get("Name") in names:
            found[entry["Name"]] = {
                "description": entry.get("Description"),
                "category": entry.get("Category"),
                "arguments": [[a.Name, a.Description, bool(a.IsOptional)] for a in entry.get("Arguments", ())],
            }
    return found


def _formula_cells(document: Any) -> dict[str, dict[str, Any]]:
    cells: dict[str, dict[str, Any]] = {}
    for sheet in document.Sheets:
        cursor = sheet.createCursor()
        cursor.gotoEndOfUsedArea(False)
        end = cursor.getRangeAddress()
        found: dict[str, Any] = {}
        for row in range(end.EndRow + 1):
            for column in range(end.EndColumn + 1):
                cell = sheet.getCellByPosition(column, row)
                if cell.getType().value == "FORMULA":
                    found[cell.AbsoluteName.split(".")[-1].replace("$", "")] = _shown(cell)
        cells[sheet.Name] = found
    return cells


def _workbook(desktop: Any, step: dict[str, Any]) -> dict[str, Any]:
    document = open_document(desktop, step["open"])
    try:
        if step.get("calculate"):
            document.calculateAll()
        result: dict[str, Any] = {}
        if "type" in step:
            typed = step["type"]
            sheet = document.Sheets.getByName(typed["sheet"])
            first = sheet.getCellRangeByName(typed["at"]).getCellAddress()
            rows = typed["rows"]
            for r, row in enumerate(rows):
                for c, value in enumerate(row):
                    cell = sheet.getCellByPosition(first.Column + c, first.Row + r)
                    if isinstance(value, str):
                        cell.setString(value)
                    else:
                        cell.setValue(float(value))
        if "read" in step:
            area = document.Sheets.getByName(step["read"]["sheet"]).getCellRangeByName(step["read"]["range"])
            result["read"] = [
                [_shown(area.getCellByPosition(c, r)) for c in range(area.Columns.Count)]
                for r in range(area.Rows.Count)
            ]
        else:
            result["cells"] = _formula_cells(document)
        if "save" in step:
            url = uno.systemPathToFileUrl(os.path.abspath(step["save"]))
            document.storeToURL(url, (property_value("FilterName", "Calc Office Open XML"),))
        return result
    finally:
        document.close(True)


def main(argv: list[str]) -> None:
    with open(argv[1], encoding="utf-8") as job_file:
        job = json.load(job_file)
    results: list[Any] = []
    with session(os.path.abspath(job["profile"])) as (context, desktop):
        for step in job["steps"]:
            if "formulas" in step or "array" in step:
                results.append(_formulas(desktop, step))
            elif "describe" in step:
                results.append(_describe(context, step["describe"]))
            else:
                results.append(_workbook(desktop, step))
    with open(argv[2], "w", encoding="utf-8") as out:
        json.dump(results, out)


if __name__ == "__main__":
    main(sys.argv)
