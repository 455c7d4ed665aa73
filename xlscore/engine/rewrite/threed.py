"""3-D references: ``SUM(Sheet1:Sheet3!A1)`` reads A1 on every sheet from Sheet1 to Sheet3, in the workbook's order.

As an argument of a function (the only place Excel takes one: SUM, AVERAGE, COUNT, COUNTA, MAX, MIN, PRODUCT and
the other functions of many arguments), the reference is written out as one argument per sheet
(``SUM(Sheet1!A1,Sheet2!A1,Sheet3!A1)``), which those functions compute as Excel does. Anywhere else, and where a
sheet it names is missing, it becomes #REF!.
"""

from __future__ import annotations

from collections.abc import Sequence

from xlscore.engine.rewrite.refs import sheet_prefix
from xlscore.engine.rewrite.tokens import Token

__all__ = ["spanned"]


def _span(value: str) -> tuple[str, str, str] | None:
    """The first sheet, the last sheet and the reference of a 3-D reference, or None for any other operand."""
    if value.startswith("'"):
        end = value.find("'!")
        while end != -1 and value[end - 1 : end + 1] == "''":  # an escaped quote inside the sheet name
            end = value.find("'!", end + 1)
        if end == -1:
            return None
        inner, ref = value[1:end].replace("''", "'"), value[end + 2 :]
    else:
        inner, _, ref = value.partition("!")
        if not ref:
            return None
    first, colon, last = inner.partition(":")
    if not colon or not first or not last or ":" in last:
        return None
    return first, last, ref


def spanned(items: list[Token], sheets: Sequence[str]) -> list[Token]:
    """The tokens with each 3-D reference written out sheet by sheet (see the module); ``sheets``: the workbook's
    sheet names in order."""
    order = {name.upper(): index for index, name in enumerate(sheets)}
    out: list[Token] = []
    for index, token in enumerate(items):
        span = _span(token.value) if token.type == Token.OPERAND and token.subtype == Token.RANGE else None
        if span is None:
            out.append(token)
            continue
        first, last, ref = span
        start, end = order.get(first.upper()), order.get(last.upper())
        before = next((t for t in reversed(items[:index]) if t.type != Token.WSPACE), None)
        after = next((t for t in items[index + 1 :] if t.type != Token.WSPACE), None)
        argument = (
            before is not None
            and after is not None
            and ((before.subtype == Token.OPEN and before.type == Token.FUNC) or before.type == Token.SEP)
            and ((after.subtype == Token.CLOSE and after.type == Token.FUNC) or after.type == Token.SEP)
        )
        if start is None or end is None or not argument:
            out.append(Token("#REF!", Token.OPERAND, Token.ERROR))
            continue
        low, high = min(start, end), max(start, end)
        for position, name in enumerate(sheets[low : high + 1]):
            if position:
                out.append(Token(",", Token.SEP, Token.ARG))
            out.append(Token(f"{sheet_prefix(name)}{ref}", Token.OPERAND, Token.RANGE))
    return out
