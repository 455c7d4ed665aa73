"""Run inside Pyodide by test_pyodide.py: xlscore's spreadsheet module as xlwings Lite imports it.

It leaves RESULT, a JSON document: the Python version, the platform, each catalogue example's result by function (or the
module it found missing) and a few calls through the xlwings functions themselves.
"""

from __future__ import annotations

import json
import sys
from typing import Any

from xlwings import XlwingsError

import xlscore.excel.functions.udfs as udfs
from xlscore.excel.functions.catalogue import CATALOGUE, Cells
from xlscore.excel.functions.edge import call_cells


def as_cells(value: Any) -> Any:
    if isinstance(value, Cells):
        return [list(row) for row in value.rows]
    return [[v] for v in value] if isinstance(value, tuple) else value


def shown(result: Any) -> Any:
    return str(result) if type(result).__name__ == "CellError" else result


examples: dict[str, list[Any]] = {}
missing: dict[str, str | None] = {}
for function in CATALOGUE.values():
    try:
        examples[function.name] = [
            shown(call_cells(function, [as_cells(a) for a in e.args])) for e in function.examples
        ]
    except ModuleNotFoundError as exc:
        missing[function.name] = exc.name

try:
    udfs.RPLOPS([[6]], [[5]])
    raised = ""
except XlwingsError as exc:  # the cell shows #VALUE! with this message
    raised = f"{type(exc).__name__}: {exc}"

RESULT = json.dumps(
    {
        "python": sys.version.split()[0],
        "platform": sys.platform,
        "examples": examples,
        "missing": missing,
        "calls": {
            "RPLOPS": udfs.RPLOPS([[2]], [[5]], None, None, [[2]]),
            "PB_BOARD": udfs.PB_BOARD([[252000, 248000, 121000, 98000, 60000]]),
            "SIZE_MATTERS": udfs.SIZE_MATTERS([[12]], [[12, 8, 7, 7, 0, 0, 0]]),
            "GIBBS_GAME": udfs.GIBBS_GAME([[1500, 1500, 1500, 1500]], [[0, 0, 0, 0]], [[1, 2, 3, 4]]),
            "LEAGUE_POINTS": udfs.LEAGUE_POINTS([[2]], [[4]], [[2]]),
            "RPLOPS 6 of 5": raised,
            "RPLOPS #N/A": udfs.RPLOPS([["#N/A"]], [[5]]),
        },
    },
    default=str,
)
