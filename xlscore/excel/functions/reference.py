"""docs/reference/functions.md, generated from the catalogue (``python -m xlscore.excel.functions.reference``).

A test checks that the committed page equals what this module renders, and that every example formula shown
gives the figure printed beside it.
"""

from __future__ import annotations

import sys
from collections.abc import Iterable
from typing import Any

from xlscore.excel.functions.catalogue import CATALOGUE, Argument, Cells, Example, SheetFunction

__all__ = ["formula", "render", "signature"]

RETURNS = {
    "value": "one value; given ranges for its one-value arguments, the same shape, cell by cell",
    "list": "a column (a row when the list was given as a row), one value per player",
    "table": "a table with a header row, spilled",
}
KINDS = {
    "value": "value",
    "list": "range (list)",
    "table": "range (table, header row first)",
    "columns": "range (one column each)",
}


def _literal(value: Any) -> str:
    if isinstance(value, Cells):
        return value.ref
    if value is None:
        return ""
    if isinstance(value, bool):
        return "TRUE" if value else "FALSE"
    if isinstance(value, str):
        return '"' + value.replace('"', '""') + '"'
    if isinstance(value, (tuple, list)):
        return "{" + ";".join(_literal(v) for v in value) + "}"
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def _shown(value: Any) -> str:
    return "" if value is None else str(value)


def formula(function: SheetFunction, example: Example) -> str:
    """The example as a formula a coordinator can type: ``=RPLOPS(2, 5, , , 2)``."""
    args = list(example.args)
    while args and args[-1] is None:
        args.pop()
    return f"={function.name}({', '.join(_literal(a) for a in args)})"


def signature(function: SheetFunction) -> str:
    """``RPLOPS(rank, n, [hours], [x], [tied])``."""
    return f"{function.name}({', '.join(f'[{a.name}]' if a.optional else a.name for a in function.arguments)})"


def _default(argument: Argument) -> str:
    if not argument.optional:
        return "required"
    if argument.default is None or argument.default == ():
        return "blank"
    return _literal(argument.default)


def _section(function: SheetFunction) -> Iterable[str]:
    yield f"### {function.name}"
    yield ""
    yield f"`{signature(function)}`: {function.help}"
    yield ""
    yield "| argument | meaning | takes | default |"
    yield "| --- | --- | --- | --- |"
    for a in function.arguments:
        yield f"| {a.name} | {a.doc} | {KINDS[a.kind]} | {_default(a)} |"
    yield ""
    yield f"Returns {RETURNS[function.returns]}. Python: `xlscore.{function.core.__name__}`."
    yield ""
    for example in function.examples:
        note = f" ({example.note})" if example.note else ""
        yield f"- `{formula(function, example)}` shows {example.shows}{note}"
        for cells in (a for a in example.args if isinstance(a, Cells)):
            yield f"  with {cells.ref} holding:"
            yield ""
            yield from ("  | " + " | ".join(_shown(v) for v in row) + " |" for row in cells.rows[:1])
            yield "  |" + " --- |" * len(cells.rows[0])
            yield from ("  | " + " | ".join(_shown(v) for v in row) + " |" for row in cells.rows[1:])
            yield ""
    if function.examples:
        yield ""


def render() -> str:
    """The whole reference page."""
    lines = [
        "# Spreadsheet function reference",
        "",
        "Generated from `xlscore/excel/functions/catalogue.py` by `python -m xlscore.excel.functions.reference`;",
        "do not edit by hand.",
        "Each function is also a Python function of the same name in lower case, importable from `xlscore`.",
        "Arguments in brackets are optional: leave them out, or leave the cell blank (empty, or only spaces), for the",
        "default.",
        "An argument that takes one value also takes a range: the function then fills the same shape, cell by cell,",
        "and a row whose cells are all blank stays blank (one formula can cover rows not filled in yet).",
        "Bad input shows `#VALUE!` with a message naming the argument (see `excel-errors.md`).",
        "",
    ]
    categories: dict[str, list[SheetFunction]] = {}
    for function in CATALOGUE.values():
        categories.setdefault(function.category, []).append(function)
    for category, functions in categories.items():
        lines += [f"## {category}", ""]
        for function in functions:
            lines += list(_section(function))
    return "\n".join(lines).rstrip() + "\n"


if __name__ == "__main__":
    sys.stdout.write(render())
