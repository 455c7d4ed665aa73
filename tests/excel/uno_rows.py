"""Type rows into workbooks in LibreOffice through UNO and save them as .xlsx, as a coordinator without Excel would.

Run by LibreOffice's own Python (``/usr/bin/python3`` with python3-uno), not the project's:

    uno_rows.py JOBS.json

JOBS.json is a list of workbooks, each ``{"source": ..., "output": ..., "steps": [...]}``, done in one LibreOffice
session. A step is one of:

* ``{"sheet": S, "move": [TOP, BOTTOM, LEFT, RIGHT, TO]}``: read the cells of rows TOP..BOTTOM and columns
  LEFT..RIGHT (1-based), clear them, and type them again from row TO down;
* ``{"sheet": S, "paste": [TOP, LEFT], "rows": [[...], ...]}``: write the rows from that cell on, in one call, as
  a paste does (a null is a blank cell; numbers and text as given).

Each document is then stored as Excel 2007-365 (.xlsx). A fresh profile is made for the run and removed after it.
Prints nothing on success; any failure exits non-zero with a message.
"""

import json
import os
import shutil
import subprocess
import sys
import tempfile
from typing import Any

import uno  # type: ignore[import-not-found]
from uno_session import open_document, property_value, session, soffice_env  # type: ignore[import-not-found]


def _cell(value: Any) -> Any:
    """What setDataArray takes: text or a float; an empty text leaves the cell blank."""
    if value is None:
        return ""
    return value if isinstance(value, str) else float(value)


def _step(document: Any, step: dict[str, Any]) -> None:
    sheet = document.Sheets.getByName(step["sheet"])
    if "move" in step:
        top, bottom, left, right, to = step["move"]
        block = sheet.getCellRangeByPosition(left - 1, top - 1, right - 1, bottom - 1)
        rows = block.getDataArray()
        block.clearContents(1 | 2 | 4 | 16)  # values, dates, text, formulas
    else:
        to, left = step["paste"]
        rows = tuple(tuple(_cell(v) for v in row) for row in step["rows"])
    width = len(rows[0])
    target = sheet.getCellRangeByPosition(left - 1, to - 1, left - 1 + width - 1, to - 1 + len(rows) - 1)
    target.setDataArray(rows)


def main(argv: list[str]) -> None:
    with open(argv[1], encoding="utf-8") as jobs_file:
        jobs = json.load(jobs_file)
    profile = tempfile.mkdtemp(prefix="xlscore-uno-")
    # A new profile is set up by a first run that exits; a listener started on a blank profile restarts itself
    # once set up, and a document loaded meanwhile comes back as None.
    subprocess.run(
        [
            "soffice",
            f"-env:UserInstallation={uno.systemPathToFileUrl(profile)}",
            "--headless",
            "--terminate_after_init",
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        env=soffice_env(),
        timeout=120,
        check=False,
    )
    try:
        with session(profile) as (_, desktop):
            for job in jobs:
                document = open_document(desktop, job["source"])
                for step in job["steps"]:
                    _step(document, step)
                out_url = uno.systemPathToFileUrl(os.path.abspath(job["output"]))
                document.storeToURL(out_url, (property_value("FilterName", "Calc Office Open XML"),))
                document.close(True)
    finally:
        shutil.rmtree(profile, ignore_errors=True)


if __name__ == "__main__":
    main(sys.argv)
