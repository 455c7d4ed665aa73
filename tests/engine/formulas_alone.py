"""Run as a script by test_formulas_patches.py, in a fresh process: the same formulas computed by plain `formulas`
before xlscore is imported, by xlscore's recalculation, and by plain `formulas` again; printed as JSON.

    python tests/engine/formulas_alone.py FOLDER

The workbook (written into FOLDER) holds :data:`FORMULAS` but the last, which plain `formulas`' workbook model
refuses to load (it raises "Broadcast is not implemented").
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import formulas
import numpy as np
from formulas.functions import get_functions, operators, text

FORMULAS = (
    '="x"&(0.1+0.2)',
    "=ROUND(2.5,0)",
    "=ROUND(-2.5,0)",
    '=TEXT(1234.5,"#,##0.00")',
    '=CONCATENATE("a",1/3)',
    '=SUBSTITUTE(0.1+0.2,"0","o")',
    '="3"+1',
    '=SUM("5",1)',
    "=2^0.5",
    '=VALUE("1,000")',
    '=IF("TRUE",1,2)',
    '=COUNTIF({"A","B"},">a")',
    "=ISNUMBER(1)",
    "={1,2,3}+{1,2}",
)
"""Formulas whose results xlscore computes as Excel does and plain `formulas` otherwise (or the same)."""


def _plain(formula: str) -> str:
    """``formula`` computed by plain `formulas`, as text: its value, or the name of the exception it raised."""
    try:
        value: Any = formulas.Parser().ast(formula)[1].compile()()
    except Exception as exc:  # noqa: BLE001  # what plain formulas does, whatever it is, is the record
        return f"raised {type(exc).__name__}"
    return repr(value.tolist() if isinstance(value, np.ndarray) else value)


def _globals() -> dict[str, int]:
    """The identity of every name xlscore's changes touch, and of every entry of the tables behind them."""
    places = {
        "functions.get_functions": formulas.functions.get_functions,
        "operators.OPERATORS": operators.OPERATORS,
        "text._str": text._str,
        "operators._str": operators._str,
    }
    found = {name: id(value) for name, value in places.items()}
    found.update({f"get_functions()[{k}]": id(v) for k, v in get_functions().items()})
    found.update({f"OPERATORS[{k}]": id(v) for k, v in operators.OPERATORS.items()})
    return found


def main(folder: Path) -> None:
    import openpyxl

    book, out = str(folder / "book.xlsx"), str(folder / "out.xlsx")
    workbook = openpyxl.Workbook()
    for row, formula in enumerate(FORMULAS[:-1], start=1):
        workbook.worksheets[0].cell(row, 1, formula)
    workbook.save(book)
    before = [_plain(f) for f in FORMULAS]
    globals_before = _globals()
    model_before = _model(book)

    import xlscore.engine.evaluation.formulas_adapter  # noqa: F401  # xlscore's tables built
    from xlscore.engine.evaluation.recalc import recalculate

    recalculate(book, out)
    sheet = openpyxl.load_workbook(out, data_only=True).worksheets[0]
    xlscore_values = [repr(sheet.cell(row, 1).value) for row in range(1, len(FORMULAS))]
    after = [_plain(f) for f in FORMULAS]
    json.dump(
        {
            "before": before,
            "after": after,
            "xlscore": xlscore_values,
            "model_before": model_before,
            "model_after": _model(book),
            "globals_changed": sorted(k for k, v in _globals().items() if globals_before.get(k) != v),
            "globals_gone": sorted(set(globals_before) - set(_globals())),
        },
        sys.stdout,
    )


def _model(book: str) -> list[str]:
    """Every cell of ``book`` computed by plain `formulas`' own workbook model."""
    solution = formulas.ExcelModel().loads(book).finish().calculate()
    return sorted(f"{key}={_shown(value)}" for key, value in solution.items())


def _shown(value: Any) -> str:
    values = getattr(value, "value", value)
    return repr(values.tolist() if isinstance(values, np.ndarray) else values)


if __name__ == "__main__":
    main(Path(sys.argv[1]))
