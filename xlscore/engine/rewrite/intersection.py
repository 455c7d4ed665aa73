"""Excel's implicit intersection: a plain formula (not an array formula, not a dynamic array) whose result is a
range of values shows the one on its own row or column.

``=A1:A4*2`` in C2 is ``A2*2``, ``=$A:$A+1`` filled down a column adds 1 to each row's A, and ``=J4:K5`` in J6 is
``#VALUE!`` (no single cell of the range is in line with J6), as in every Excel before dynamic arrays and in Excel
365 for a formula saved without its dynamic-array mark (it shows it as ``=@A1:A4*2``). The formula engine computes
the whole range; :func:`intersected` then picks the value in line with the formula's cell, from the input whose
range the result has the shape of. A result shaped like none of its inputs (``={1,2,3}``, ``=MMULT(...)``) shows
its first value, as Excel does.

The intersection operator, a space between two references (``=C2:D3 D3:E4``, ``=Data!E:E Data!11:11``), is
written out before the formula is compiled by :func:`explicit`: the one range both cover (``D3``), or ``#NULL!``
when they do not meet, as in Excel (Apache POI's Intersection-52111.xlsx); the engine read the pair as a name.

Inside a plain formula, a range that an operator works on is intersected the same way before the formula is
compiled (:func:`legacy`) where Excel before dynamic arrays did so and the result is gathered by a function of
values (``SUM(A1:A5*B1:B5)`` in A6 is ``#VALUE!``: no cell of A1:A5 is in line with A6, as SheetJS's
formulae_test_simple.xlsx has it; in row 3 it is ``A3*B3``). A function that takes arrays (SUMPRODUCT, INDEX,
LOOKUP, LARGE, ...) or any function not known to take single values keeps the whole range, as Excel does; an
array formula and a dynamic array keep it too.
"""

from __future__ import annotations

from collections.abc import Sequence

from xlscore.engine.errors import CellError
from xlscore.engine.functions.information.cellinfo import twin_of
from xlscore.engine.rewrite.refs import MAX_ROW, Area, cell_name, parse_area, sheet_prefix
from xlscore.engine.rewrite.tokens import Token

__all__ = ["explicit", "intersected", "legacy"]


def _met(first: Area, second: Area, sheet: str) -> Token:
    if (first.sheet or sheet).upper() != (second.sheet or sheet).upper() or not first.intersects(second):
        return Token("#NULL!", Token.OPERAND, Token.ERROR)
    top, left = max(first.top, second.top), max(first.left, second.left)
    bottom, right = min(first.bottom, second.bottom), min(first.right, second.right)
    text = (
        cell_name(top, left) if (top, left) == (bottom, right) else f"{cell_name(top, left)}:{cell_name(bottom, right)}"
    )
    named = first.sheet or second.sheet
    return Token(text if named is None else sheet_prefix(named) + text, Token.OPERAND, Token.RANGE)


# Functions of single values: a range an operator works on inside them, in a plain formula, is intersected.
_VALUES = frozenset(
    f"{name}("
    for name in (
        "SUM",
        "AVERAGE",
        "AVERAGEA",
        "MIN",
        "MINA",
        "MAX",
        "MAXA",
        "COUNT",
        "COUNTA",
        "PRODUCT",
        "SUMSQ",
        "AND",
        "OR",
        "NOT",
        "IF",
        "IFERROR",
        "ABS",
        "INT",
        "ROUND",
        "ROUNDUP",
        "ROUNDDOWN",
        "LEN",
        "VALUE",
        "CONCATENATE",
    )
)
# Functions of single values whose every argument is one: a range given to them whole, in a plain formula, is
# intersected too (Apache POI's FormulaEvalTestData.xlsx: ISERROR(C10:C13) in row 780 is ISERROR(#VALUE!), TRUE;
# ATAN2(I167:I169,I11:K11) in J168 is ATAN2(I168,J11); CONCATENATE(G10:J10,F263:F265) in I264 joins I10 and F264).
_ONE_VALUE = frozenset(
    f"{name}("
    for name in (
        *("ISBLANK", "ISERR", "ISERROR", "ISLOGICAL", "ISNA", "ISNONTEXT", "ISNUMBER", "ISTEXT", "ISEVEN", "ISODD"),
        *("ATAN2", "POWER", "CEILING", "FLOOR", "MOD", "SQRT", "EXP", "LN", "LOG10", "SIGN", "CONCATENATE"),
        *("LEFT", "RIGHT", "MID", "UPPER", "LOWER", "PROPER", "TRIM"),
    )
)
_OPERATORS = (Token.OP_IN, Token.OP_PRE, Token.OP_POST)


def _in_line(area: Area, row: int, col: int) -> str | None:
    """The one cell of ``area`` in line with the cell at ``row``, ``col`` (its row, or its column), as a reference;
    None when there is none."""
    if area.left == area.right and area.top <= row <= area.bottom:
        cell = cell_name(row, area.left)
    elif area.top == area.bottom and area.left <= col <= area.right:
        cell = cell_name(area.top, col)
    else:
        return None
    return cell if area.sheet is None else sheet_prefix(area.sheet) + cell


def legacy(items: list[Token], row: int, col: int) -> tuple[list[Token], bool]:
    """The tokens of a plain formula at ``row``, ``col`` with each range an operator works on inside functions of
    single values intersected (see the module); and whether any was."""
    out: list[Token] = []
    stack: list[str] = []  # the open calls and brackets around each token
    changed = False
    for index, token in enumerate(items):
        if token.type == Token.FUNC and token.subtype == Token.OPEN:
            stack.append(token.value.upper())
        elif token.type == Token.PAREN and token.subtype == Token.OPEN:
            stack.append("(")
        elif token.subtype == Token.CLOSE and stack:
            stack.pop()
        if (
            token.type == Token.OPERAND
            and token.subtype == Token.RANGE
            and all(call == "(" or call in _VALUES or call in _ONE_VALUE for call in stack)
        ):
            before = next((t for t in reversed(items[:index]) if t.type != Token.WSPACE), None)
            after = next((t for t in items[index + 1 :] if t.type != Token.WSPACE), None)
            operated = (before is not None and before.type in _OPERATORS) or (
                after is not None and after.type in (Token.OP_IN, Token.OP_POST)
            )
            whole = (
                bool(stack)
                and stack[-1] in _ONE_VALUE
                and before is not None
                and (before.type == Token.FUNC or before.type == Token.SEP)
                and after is not None
                and (after.type == Token.SEP or (after.type == Token.FUNC and after.subtype == Token.CLOSE))
            )
            operated = operated or whole
            area = parse_area(token.value) if operated and "[" not in token.value else None
            if area is not None and (area.height > 1 or area.width > 1):
                cell = _in_line(area, row, col)
                out.append(
                    Token(cell, Token.OPERAND, Token.RANGE) if cell else Token("#VALUE!", Token.OPERAND, Token.ERROR)
                )
                changed = True
                continue
        out.append(token)
    return out, changed


def explicit(items: list[Token], sheet: str) -> list[Token]:
    """The tokens with each intersection of two plain references (see the module) written as the range they
    share, for a formula on ``sheet``."""
    out: list[Token] = []
    for token in items:
        if (
            token.type == Token.OPERAND
            and token.subtype == Token.RANGE
            and len(out) >= 2
            and out[-1].type == Token.WSPACE
            and out[-2].type == Token.OPERAND
            and out[-2].subtype == Token.RANGE
        ):
            first, second = parse_area(out[-2].value), parse_area(token.value)
            if first is not None and second is not None:
                del out[-2:]
                out.append(_met(first, second, sheet))
                continue
        out.append(token)
    return out


def intersected(grid: list[list[object]], inputs: Sequence[Area | None], row: int, col: int) -> object:
    """The value a plain formula at ``row``, ``col`` shows of its result ``grid``, given the areas it reads."""
    height, width = len(grid), len(grid[0])
    if height == 1 and width == 1:
        return grid[0][0]
    shaped = [
        a
        for a in inputs
        if a is not None
        and a.width == width
        and (a.height == height or (a.top == 1 and a.bottom == MAX_ROW))
        and (a.sheet is None or twin_of(a.sheet) is None)
    ]  # a whole column is read down to the last row used, which is at or below every formula's row; the numbers ROW
    # and COLUMN give of a range are an array, not the range (FormulaEvalTestData.xlsx: ROW(C11:C14) in G1192 is 11)
    if not shaped:
        return grid[0][0]
    if height > 1 and width > 1:
        return CellError("#VALUE!")
    for area in shaped:
        if width == 1 and area.top <= row <= area.bottom:
            return grid[row - area.top][0] if row - area.top < height else None
        if height == 1 and area.left <= col <= area.right:
            return grid[0][col - area.left]
    return CellError("#VALUE!")
