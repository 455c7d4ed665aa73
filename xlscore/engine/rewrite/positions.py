"""What the formula engine cannot know from values alone, put into a formula's tokens before it is compiled.

:func:`fixed_positions`: ROW, COLUMN, ROWS and COLUMNS of a formula's own cell or of a plain reference, as the
numbers Excel gives, and ISREF of a plain reference or of a name that holds one (TRUE). :func:`fixed_constants`:
a defined name that holds a constant (``MyValue`` = 3) as that constant, and a number typed with an exponent
without its sign (``1E3``, which Excel writes ``1E+3`` and users type both ways) as Excel reads it. ROW of a taller
range and COLUMN of a wider one (arrays of numbers) are :mod:`xlscore.engine.functions.information.cellinfo`'s.

The formula engine hands every function its arguments' values, not their addresses, so these four, which read
where a cell is rather than what it holds, cannot work there (``=ROW()`` and ``=VLOOKUP(ROW($A8), ...)`` gave
``#VALUE!``). They are replaced in the formula's tokens before it is compiled: ``ROW()`` by the formula's own row,
``ROW(A8)`` by 8, ``ROWS(A1:A3)`` by 3, and COLUMN and COLUMNS alike. A call whose answer is an array (``ROW(A1:A9)``)
is cellinfo's; one whose argument is not one plain reference (a name, a function's result), or that reaches
another workbook is left to the engine. A formula with such a call is compiled for its own cell, since its numbers
move with it.
"""

from __future__ import annotations

import os
import re
from collections.abc import Mapping
from pathlib import Path

from xlscore.engine.functions.information.column_widths import ColumnWidths
from xlscore.engine.rewrite.calls import bracketed, tokens
from xlscore.engine.rewrite.refs import Area, cell_name, find_references, parse_area, translate, written
from xlscore.engine.rewrite.tokens import Token

__all__ = ["fixed_constants", "fixed_positions"]

_EXPONENT = re.compile(r"(\d+\.?\d*|\.\d+)([eE])(\d+)")
_NUMBER = re.compile(r"[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?")
_TEXT = re.compile(r'"(?:[^"]|"")*"')
_ERROR = re.compile(r"(?:(?:'[^']*'|[^'!]*)!)?(#REF!|#NAME\?|#N/A|#VALUE!|#DIV/0!|#NUM!|#NULL!)", re.IGNORECASE)
_SHEET_NAME = re.compile(r"(?P<sheet>'(?:[^']|'')+'|[^'!]+)!(?P<name>[A-Za-z_\\][A-Za-z0-9_.\\?]*)")

_FUNCTIONS = ("ROW(", "COLUMN(", "ROWS(", "COLUMNS(")


def _number(area: Area | None, function: str, row: int, col: int) -> int | None:
    if area is None:  # ROW(): the formula's own cell (ROWS() is not a formula: the engine says so)
        return row if function == "ROW(" else col if function == "COLUMN(" else None
    if function == "ROWS(":
        return area.height
    if function == "COLUMNS(":
        return area.width
    if function == "ROW(":
        return area.top if area.height == 1 else None
    return area.left if area.width == 1 else None


def _closes(token: Token) -> bool:
    return bool(token.type == Token.FUNC and token.subtype == Token.CLOSE)


def _names_a_range(text: str, names: Mapping[str, str], sheet: str) -> bool:
    """Whether ``text`` is a plain reference, or a defined name (the sheet's own first) that holds one."""
    if parse_area(text) is not None:
        return True
    defined = names.get(f"{sheet.upper()}!{text.upper()}") or names.get(text.upper())
    return defined is not None and parse_area(defined.strip().removeprefix("=").strip()) is not None


def _cell(
    kind: str, target: str, area: Area, sheet: str, path: Path | None, columns: ColumnWidths | None
) -> str | None:
    """What ``CELL(kind, target)`` stands for, as formula text, for a reference on the formula's own sheet; None
    for a kind left to the engine (format, color, parentheses, prefix, protect), which does not know it. ``width``
    is Excel 365's pair, the width and whether it is the sheet's default (one cell shows the width)."""
    kind = kind.lower()
    if kind == "width" and columns is not None:
        width, default = columns.width(area.left)
        return f"{{{width},{'TRUE' if default else 'FALSE'}}}"
    if kind == "address":
        return '"' + written(Area(None, area.top, area.left, area.top, area.left)) + '"'
    if kind == "row":
        return str(area.top)
    if kind == "col":
        return str(area.left)
    first = target if area.width == 1 and area.height == 1 else f"INDEX({target},1,1)"
    if kind == "contents":
        return f"({first})"
    if kind == "type":
        return f'IF(ISBLANK({first}),"b",IF(ISTEXT({first}),"l","v"))'
    if kind == "filename" and path is not None:
        return '"' + f"{path.resolve().parent}{os.sep}[{path.name}]{sheet}".replace('"', '""') + '"'
    return None


def _cell_call(
    items: list[Token], i: int, row: int, col: int, sheet: str, path: Path | None, columns: ColumnWidths | None
) -> tuple[list[Token], int] | None:
    """``CELL("kind", reference)`` or ``CELL("kind")`` (the formula's own cell) at ``items[i]`` as the tokens it
    stands for, and how many tokens it took; None when it is any other form (a kind given by a cell, a reference
    to another sheet)."""
    inside = [t for t in items[i + 1 : i + 6] if t.type != Token.WSPACE]
    if not inside or inside[0].subtype != Token.TEXT:
        return None
    kind = inside[0].value[1:-1].replace('""', '"')
    if len(inside) >= 2 and _closes(inside[1]):
        target, area, taken = cell_name(row, col), Area(None, row, col, row, col), 2
    elif len(inside) >= 4 and inside[1].type == Token.SEP and inside[2].subtype == Token.RANGE and _closes(inside[3]):
        found = parse_area(inside[2].value) if "[" not in inside[2].value else None
        if found is None or (found.sheet is not None and found.sheet.upper() != sheet.upper()):
            return None
        target, area, taken = inside[2].value, found, 4
    else:
        return None
    text = _cell(kind, target, area, sheet, path, columns)
    if text is None:
        return None
    end = items.index(inside[taken - 1], i + 1) + 1
    return tokens(text), end - i


def fixed_positions(
    items: list[Token],
    row: int,
    col: int,
    names: Mapping[str, str] | None = None,
    sheet: str = "",
    path: Path | None = None,
    columns: ColumnWidths | None = None,
) -> tuple[list[Token], bool]:
    """The tokens with each ROW/COLUMN/ROWS/COLUMNS call the engine cannot answer replaced by its number, for a
    formula in the cell at ``row``, ``col``; and whether any was replaced. ``names``: the defined names, for ISREF
    of a name that holds a reference (TRUE, as a plain reference). CELL's address, row, col, contents, type and
    filename (of the workbook at ``path``) are written out alike, and width (of the sheet's ``columns``)."""
    out: list[Token] = []
    changed = False
    i = 0
    while i < len(items):
        token = items[i]
        name = token.value.upper() if token.type == Token.FUNC and token.subtype == Token.OPEN else ""
        if name == "CELL(":
            call = _cell_call(items, i, row, col, sheet, path, columns)
            if call is not None:
                out.extend(call[0])
                changed = True
                i += call[1]
                continue
        if name in _FUNCTIONS:
            inside = items[i + 1 : i + 3]
            number: int | None = None
            width = 0
            if inside and _closes(inside[0]):
                number, width = _number(None, name, row, col), 2
            elif len(inside) == 2 and inside[0].subtype == Token.RANGE and _closes(inside[1]):
                area = parse_area(inside[0].value) if "[" not in inside[0].value else None
                if area is not None:
                    number, width = _number(area, name, row, col), 3
            if number is not None:
                out.append(Token(str(number), Token.OPERAND, Token.NUMBER))
                changed = True
                i += width
                continue
        if name in ("AREAS(", "_XLFN.AREAS("):
            areas = _areas(items, i, names or {}, sheet)
            if areas is not None:
                out.append(Token(str(areas[0]), Token.OPERAND, Token.NUMBER))
                changed = True
                i += areas[1]
                continue
        if name == "ISREF(":
            inside = items[i + 1 : i + 3]
            plain = len(inside) == 2 and inside[0].subtype == Token.RANGE and _closes(inside[1])
            if plain and _names_a_range(inside[0].value, names or {}, sheet):
                out.append(Token("TRUE", Token.OPERAND, Token.LOGICAL))  # a reference is a reference
                i += 3
                continue
        out.append(token)
        i += 1
    return out, changed


def _areas(items: list[Token], start: int, names: Mapping[str, str], sheet: str) -> tuple[int, int] | None:
    """AREAS of a reference (1) or of a union in brackets, ``AREAS((A1:B2,D4,F1:F9))`` (3): the number and how
    many tokens the call takes; None for anything else, which is left to the engine."""
    inside = items[start + 1 :]
    if len(inside) >= 2 and inside[0].subtype == Token.RANGE and _closes(inside[1]):
        return (1, 3) if _names_a_range(inside[0].value, names, sheet) else None
    if not inside or inside[0].type != Token.PAREN or inside[0].subtype != Token.OPEN:
        return None
    count = 0
    for index, token in enumerate(inside[1:], start=1):
        if token.type == Token.PAREN and token.subtype == Token.CLOSE:
            whole = count > 0 and index + 1 < len(inside) and _closes(inside[index + 1])
            return (count, index + 3) if whole else None
        if index % 2 == 1 and token.subtype == Token.RANGE and _names_a_range(token.value, names, sheet):
            count += 1
        elif index % 2 == 0 and token.value == ",":
            continue
        else:
            return None
    return None


def _constant(text: str) -> Token | None:
    """A defined name's text as a constant token, or None when it is a reference or a formula."""
    value = text.strip().removeprefix("=").strip()
    if _NUMBER.fullmatch(value):
        return Token(value, Token.OPERAND, Token.NUMBER)
    if _TEXT.fullmatch(value):
        return Token(value, Token.OPERAND, Token.TEXT)
    if value.upper() in ("TRUE", "FALSE"):
        return Token(value.upper(), Token.OPERAND, Token.LOGICAL)
    error = _ERROR.fullmatch(value)
    if error is not None:  # a name whose range was deleted (Sheet1!#REF!): the error, as Excel gives
        return Token(error.group(1).upper(), Token.OPERAND, Token.ERROR)
    return None


def _sheet_name(value: str, names: Mapping[str, str]) -> str | None:
    """The key of a name written with its sheet (``Defines!NR_To_A1``, a name that sheet holds), or None when
    ``value`` is a reference or no such name is defined."""
    found = _SHEET_NAME.fullmatch(value)
    if found is None or parse_area(value) is not None:
        return None
    sheet = found.group("sheet")
    if sheet.startswith("'"):
        sheet = sheet[1:-1].replace("''", "'")
    key = f"{sheet.upper()}!{found.group('name').upper()}"
    return key if key in names else None


def _fixed_reference(text: str) -> bool:
    """Whether a defined name's text is one reference with every coordinate fixed (``Data!$A$2:$A$9``), which the
    evaluator reads as the name's range."""
    refs = find_references(text)
    return len(refs) == 1 and refs[0].start == 0 and refs[0].end == len(text) and all(refs[0].absolute)


def _formula(text: str, row: int, col: int, depth: int) -> list[Token] | None:
    """A defined name that holds a formula or a reference with relative parts, as the tokens it stands for in the
    cell at ``row``, ``col`` (Excel keeps a name's relative references relative to A1), in brackets."""
    if depth > 8:
        return None  # names defined through each other in a circle
    try:
        moved = translate(text, row - 1, col - 1)
        inner = tokens(moved)
    except ValueError:
        return [Token("#REF!", Token.OPERAND, Token.ERROR)]
    return bracketed(inner)


def fixed_constants(
    items: list[Token], names: Mapping[str, str], sheet: str, row: int = 1, col: int = 1, depth: int = 0
) -> list[Token]:
    """The tokens with each defined name that holds a constant replaced by it (a sheet's own name first, as Excel
    looks it up), each name that holds a formula or a reference with relative parts (``HOURS*RATE``,
    ``Data!$B1``) by what it stands for in the cell at ``row``, ``col``, and each number with an exponent written
    with its sign. A name for a reference with every coordinate fixed stays a name: the evaluator reads its range."""
    out: list[Token] = []
    for token in items:
        scoped = None
        if token.type == Token.OPERAND and token.subtype == Token.RANGE and "!" in token.value:
            scoped = _sheet_name(token.value, names)
        if scoped is not None or (
            token.type == Token.OPERAND and token.subtype == Token.RANGE and "!" not in token.value
        ):
            text = (
                names[scoped]
                if scoped is not None
                else names.get(f"{sheet.upper()}!{token.value.upper()}") or names.get(token.value.upper())
            )
            constant = _constant(text) if text else None
            if constant is not None:
                out.append(constant)
                continue
            body = text.strip().removeprefix("=").strip() if text else ""
            if scoped is not None and _fixed_reference(body):
                out.append(Token(body, Token.OPERAND, Token.RANGE))  # the evaluator reads the range written out
                continue
            if body and not _fixed_reference(body):
                formula = _formula(body, row, col, depth)
                if formula is not None:
                    out.extend(fixed_constants(formula, names, sheet, row, col, depth + 1))
                    continue
        if token.type == Token.OPERAND and token.subtype == Token.NUMBER:
            written = _EXPONENT.fullmatch(token.value)
            if written is not None:
                out.append(
                    Token(f"{written.group(1)}{written.group(2)}+{written.group(3)}", Token.OPERAND, Token.NUMBER)
                )
                continue
        out.append(token)
    return out
