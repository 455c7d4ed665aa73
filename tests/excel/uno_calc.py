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

import contextlib
import json
import os
import subprocess
import sys
import time
from typing import Any

import uno  # type: ignore[import-not-found]
from com.sun.star.beans import PropertyValue  # type: ignore[import-not-found]

FORMULA = 2  # com.sun.star.table.CellContentType.FORMULA


def _property(name: str, value: Any) -> Any:
    found = PropertyValue()
    found.Name, found.Value = name, value
    return found


def _shown(cell: Any) -> Any:
    if cell.getType().value == "EMPTY":
        return None
    if cell.getError():
        return {"error": cell.getError()}
    if cell.getType().value == "TEXT" or (cell.getType().value == "FORMULA" and cell.FormulaResultType2 == 2):
        return cell.getString()
    return cell.getValue()


def _formulas(desktop: Any, step: dict[str, Any]) -> dict[str, Any]:
    document = desktop.loadComponentFromURL("private:factory/scalc", "_blank", 0, (_property("Hidden", True),))
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


def _open(desktop: Any, path: str) -> Any:
    url = uno.systemPathToFileUrl(os.path.abspath(path))
    for _ in range(20):
        document = desktop.loadComponentFromURL(url, "_blank", 0, (_property("Hidden", True),))
        if document is not None:
            return document
        time.sleep(0.5)
    raise SystemExit(f"LibreOffice could not open {path}")


def _workbook(desktop: Any, step: dict[str, Any]) -> dict[str, Any]:
    document = _open(desktop, step["open"])
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
            document.storeToURL(url, (_property("FilterName", "Calc Office Open XML"),))
        return result
    finally:
        document.close(True)


def _soffice_env() -> dict[str, str]:
    """This environment with /usr/bin first on the PATH and no PYTHONHOME or PYTHONPATH: LibreOffice's Python finds
    its standard library from the first python3 on the PATH, and a pyenv or virtualenv one there breaks the
    extension's Python component (xlscore.excel.libreoffice.soffice.soffice_env, which this script cannot import)."""
    env = {k: v for k, v in os.environ.items() if k not in {"PYTHONHOME", "PYTHONPATH"}}
    env["PATH"] = os.pathsep.join(["/usr/bin", env.get("PATH", "")])
    return env


def main(argv: list[str]) -> None:
    with open(argv[1], encoding="utf-8") as job_file:
        job = json.load(job_file)
    profile = os.path.abspath(job["profile"])
    pipe = f"xlscore{os.getpid()}"
    office = subprocess.Popen(
        [
            "soffice",
            f"-env:UserInstallation={uno.systemPathToFileUrl(profile)}",
            f"-env:UNO_SHARED_PACKAGES_CACHE={uno.systemPathToFileUrl(os.path.join(profile, 'shared-extensions'))}",
            "--headless",
            "--norestore",
            f"--accept=pipe,name={pipe};urp;",
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        env=_soffice_env(),
    )
    results: list[Any] = []
    try:
        local = uno.getComponentContext()
        resolver = local.ServiceManager.createInstanceWithContext("com.sun.star.bridge.UnoUrlResolver", local)
        for _ in range(240):
            try:
                context = resolver.resolve(f"uno:pipe,name={pipe};urp;StarOffice.ComponentContext")
                break
            except Exception:  # noqa: BLE001 - NoConnectException until soffice listens
                time.sleep(0.25)
        else:
            raise SystemExit("LibreOffice did not start")
        desktop = context.ServiceManager.createInstanceWithContext("com.sun.star.frame.Desktop", context)
        for step in job["steps"]:
            if "formulas" in step or "array" in step:
                results.append(_formulas(desktop, step))
            elif "describe" in step:
                results.append(_describe(context, step["describe"]))
            else:
                results.append(_workbook(desktop, step))
        with contextlib.suppress(Exception):  # the bridge closes as soffice exits
            desktop.terminate()
        office.wait(60)
    finally:
        if office.poll() is None:
            office.kill()
    with open(argv[2], "w", encoding="utf-8") as out:
        json.dump(results, out)


if __name__ == "__main__":
    main(sys.argv)
