"""``LET(name1, value1, [name2, value2, ...], calculation)``, which the formula engine lacks, written out.

Each name is replaced by its value, in brackets, in the values after it and in the calculation (a name may use
the names before it), innermost LET first; the result is what LET computes, each value computed where it is used.
Excel saves the names with the prefix ``_xlpm.`` (``_xlfn.LET(_xlpm.x,2,_xlpm.x*3)``); both forms are read. A LET
whose names cannot be read (an odd number of arguments, a name that is not a plain name) is left to the engine,
which reports it as an unknown function.
"""

from __future__ import annotations

import re

from xlscore.engine.rewrite import calls
from xlscore.engine.rewrite.tokens import Token

__all__ = ["PARAMETER", "lets_written_out", "parameter_name", "stripped", "substituted"]

PARAMETER = re.compile(r"(?i)(?:_xlpm\.)?[A-Za-z_\\][\w.]*")


def parameter_name(token: Token) -> str:
    return str(token.value).upper().removeprefix("_XLPM.")


def stripped(tokens: list[Token]) -> list[Token]:
    """Without the spaces before and after (a space between is Excel's intersection)."""
    start, end = 0, len(tokens)
    while start < end and tokens[start].type == Token.WSPACE:
        start += 1
    while end > start and tokens[end - 1].type == Token.WSPACE:
        end -= 1
    return tokens[start:end]


def substituted(tokens: list[Token], name: str, value: list[Token]) -> list[Token]:
    out: list[Token] = []
    for token in tokens:
        if token.type == Token.OPERAND and token.subtype == Token.RANGE and parameter_name(token) == name:
            out += calls.bracketed(value)
        else:
            out.append(token)
    return out


def lets_written_out(items: list[Token]) -> list[Token]:
    """The tokens with every LET call replaced by its calculation, its names replaced by their values."""
    out: list[Token] = []
    i = 0
    while i < len(items):
        token = items[i]
        opens = token.type == Token.FUNC and token.subtype == Token.OPEN
        is_let = opens and token.value.upper() in ("LET(", "_XLFN.LET(")
        split = calls.call_arguments(items, i) if is_let else None
        if split is None:
            out.append(token)
            i += 1
            continue
        arguments, close = split
        arguments = [lets_written_out(stripped(argument)) for argument in arguments]
        names = arguments[0:-1:2]
        if (
            len(arguments) < 3
            or len(arguments) % 2 == 0
            or any(len(n) != 1 or n[0].subtype != Token.RANGE or not PARAMETER.fullmatch(n[0].value) for n in names)
        ):
            out.append(token)
            i += 1
            continue
        pairs = [(parameter_name(arguments[k][0]), arguments[k + 1]) for k in range(0, len(arguments) - 1, 2)]
        calculation = arguments[-1]
        for index, (name, _) in enumerate(pairs):
            value = pairs[index][1]
            pairs[index + 1 :] = [(n, substituted(v, name, value)) for n, v in pairs[index + 1 :]]
            calculation = substituted(calculation, name, value)
        out += calls.bracketed(calculation)
        i = close + 1
    return out
