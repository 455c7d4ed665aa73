"""docs/reference/functions.md, generated from the catalogue (``python -m xlscore.excel.functions.reference``).

A test checks that the committed page equals what this module renders, and that every example formula shown
gives the figure printed beside it.
"""

from __future__ import annotations

import functools
import re
import sys
from collections.abc import Iterable
from typing import Any

from xlscore.excel.functions.catalogue import CATALOGUE, Argument, Cells, Example, SheetFunction

__all__ = ["HOME", "PAGE", "formula", "help_url", "render", "signature"]

HOME = "https://github.com/xlscore/xlscore"
"""The project's home, where its docs are read (the LibreOffice extension's publisher link, xlwings Lite's help)."""

PAGE = f"{HOME}/blob/main/docs/reference/functions.md"
"""This reference page as the project's hosting shows it."""

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


def help_url(name: str) -> str:
    """The address of function ``name``'s entry on the reference page (xlwings Lite's ``help_url``): the page, then
    the anchor the hosting gives its heading."""
    return f"{PAGE}#{_anchors()[name]}"


@functools.cache
def _anchors() -> dict[str, str]:
    """Each function's heading anchor, as GitHub makes them: lower case, punctuation but ``-`` and ``_`` dropped,
    spaces as ``-``, and a repeated one numbered (the category ``## RPLOPS`` is ``rplops``, the function
    ``### RPLOPS`` under it ``rplops-1``)."""
    seen: dict[str, int] = {}
    anchors: dict[str, str] = {}
    for line in render().splitlines():
        if not line.startswith("#"):
            continue
        text = line.lstrip("#").strip()
        slug = re.sub(r"[^\w\- ]", "", text.lower()).replace(" ", "-")
        count = seen.get(slug, 0)
        seen[slug] = count + 1
        if line.startswith("### "):
            anchors[text] = f"{slug}-{count}" if count else slug
    return anchors


if __name__ == "__main__":
    sys.stdout.write(render())
