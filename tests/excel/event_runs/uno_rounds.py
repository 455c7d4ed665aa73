"""Play one round of an event in LibreOffice Calc through UNO, as a coordinator would, and report what Calc shows.

Run by LibreOffice's own Python (``/usr/bin/python3`` with python3-uno), not the project's:

    uno_rounds.py JOB.json RESULT.json

JOB.json is ``{"profile": FOLDER, "open": BOOK, "type": [...], "array": [...], "read": [...], "save": OUT}``:
FOLDER a started profile with xlscore's extension (its shared extensions in FOLDER/shared-extensions). In one
soffice session the workbook BOOK is opened, each ``{"sheet", "at", "rows"}`` of ``type`` typed cell by cell
(Calc recomputes as it goes; a null leaves the cell blank), each ``{"sheet", "range", "formula"}`` of ``array``
entered as an array formula over its range (Ctrl+Shift+Enter), every formula computed, each ``{"sheet",
"range"}`` of ``read`` read as Calc shows it (a number, a text, or ``{"error": n}``; an empty cell null) into
RESULT.json, a list in the order asked, and the workbook stored as .xlsx at OUT.

Prints nothing on success; any failure exits non-zero with a message.
"""

import json
import os
import sys
from typing import Any

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import uno  # type: ignore[import-not-found]
from uno_session import open_document, property_value, session  # type: ignore[import-not-found]


def _shown(cell: Any) -> Any:
    if cell.getType().value == "EMPTY":
        return None
    if cell.getError():
        return {"error": cell.getError()}
    if cell.getType().value == "TEXT" or (cell.getType().value == "FORMULA" and cell.FormulaResultType2 == 2):
        return cell.getString()
    return cell.getValue()


def _type(document: Any, typed: dict[str, Any]) -> None:
    sheet = document.Sheets.getByName(typed["sheet"])
    first = sheet.getCellRangeByName(typed["at"]).getCellAddress()
    for r, row in enumerate(typed["rows"]):
        for c, value in enumerate(row):
            cell = sheet.getCellByPosition(first.Column + c, first.Row + r)
            if value is None:
                cell.setString("")
            elif isinstance(value, str):
                cell.setString(value)
            else:
                cell.setValue(float(value))


def _read(document: Any, wanted: dict[str, Any]) -> list[list[Any]]:
    area = document.Sheets.getByName(wanted["sheet"]).getCellRangeByName(wanted["range"])
    return [[_shown(area.getCellByPosition(c, r)) for c in range(area.Columns.Count)] for r in range(area.Rows.Count)]


def main(argv: list[str]) -> None:
    with open(argv[1], encoding="utf-8") as job_file:
        job = json.load(job_file)
    with session(os.path.abspath(job["profile"])) as (_, desktop):
        document = open_document(desktop, job["open"])
        try:
            for typed in job.get("type", []):
                _type(document, typed)
            for array in job.get("array", []):
                sheet = document.Sheets.getByName(array["sheet"])
                sheet.getCellRangeByName(array["range"]).setArrayFormula(array["formula"])
            document.calculateAll()
            shown = [_read(document, wanted) for wanted in job.get("read", [])]
            url = uno.systemPathToFileUrl(os.path.abspath(job["save"]))
            document.storeToURL(url, (property_value("FilterName", "Calc Office Open XML"),))
        finally:
            document.close(True)
    with open(argv[2], "w", encoding="utf-8") as out:
        json.dump(shown, out)


if __name__ == "__main__":
    main(sys.argv)
