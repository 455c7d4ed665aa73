"""LAMBDA and the functions that call one, which the formula engine lacks, written out before it compiles.

As LET is (:mod:`xlscore.engine.rewrite.let`), each parameter is replaced by its value in brackets:

* ``LAMBDA(x, y, body)(1, 2)``, and a defined name that holds a LAMBDA called by its name (``MYLAMBDA(2, 1, 2)``),
  is the body with ``x`` as ``(1)`` and ``y`` as ``(2)``; another number of values than of parameters is #VALUE!.
* ``BYCOL(range, LAMBDA(x, body))`` and ``BYROW``: the body once for each column (row) of the range, as that
  column's reference, gathered by ``CHOOSE({1,2,...}, ...)`` into a row (a column).
* ``MAP(array, ..., LAMBDA(x, ..., body))``: the body for each cell of a range or each value of an array constant,
  in the array's shape; a LAMBDA among the arrays is #VALUE!, as Excel gives it.
* ``SCAN(initial, array, LAMBDA(a, b, body))`` and ``REDUCE``: the body for each value of the array in reading
  order, ``a`` the result so far (``initial`` first, 0 when left out), ``b`` the value; SCAN gives every result, in
  the array's shape, REDUCE the last.

Only what is known before the formula runs can be written out: a range written in the formula, an array constant.
A defined-name LAMBDA that calls itself is computed as the formula is compiled, within a recursion bound
(:mod:`xlscore.engine.rewrite.recursive_lambdas`). MAKEARRAY, whose size is a value, and a LAMBDA given through a
reference are left to the engine, which reports
them as unknown functions; so is a writing out past :data:`MOST_TOKENS` tokens (a result so far used twice in a
long SCAN doubles at each value). vinci1it2000/formulas's test.xlsx, sheet LOGICAL, holds Excel's values.
"""

from __future__ import annotations

from collections.abc import Mapping

from xlscore.engine.rewrite import calls
from xlscore.engine.rewrite.let import PARAMETER, parameter_name, stripped, substituted
from xlscore.engine.rewrite.recursive_lambdas import CannotComputeError, calls_itself, recursive_value
from xlscore.engine.rewrite.refs import Area, cell_name, parse_area, sheet_prefix
from xlscore.engine.rewrite.tokens import Token

__all__ = ["MOST_TOKENS", "lambdas_written_out"]

MOST_TOKENS = 20_000
_HELPERS = {"BYCOL(", "BYROW(", "MAP(", "SCAN(", "REDUCE("}


class _LeftAloneError(Exception):
    """The call cannot be written out: it is left to the engine."""


def _opens(token: Token) -> bool:
    return token.type == Token.FUNC and token.subtype == Token.OPEN


def _called(token: Token) -> str:
    return str(token.value).upper().removeprefix("_XLFN.")


def _error(code: str) -> list[Token]:
    return [Token(code, Token.OPERAND, Token.ERROR)]


def _lambda(tokens: list[Token]) -> tuple[list[str], list[Token]] | None:
    """The parameters and body of ``tokens`` when they are one LAMBDA(...) and nothing else."""
    tokens = stripped(tokens)
    if not tokens or not _opens(tokens[0]) or _called(tokens[0]) != "LAMBDA(":
        return None
    split = calls.call_arguments(tokens, 0)
    if split is None or split[1] != len(tokens) - 1:
        return None
    arguments = [stripped(argument) for argument in split[0]]
    parameters = arguments[:-1]
    if any(len(p) != 1 or p[0].subtype != Token.RANGE or not PARAMETER.fullmatch(p[0].value) for p in parameters):
        return None
    return [parameter_name(p[0]) for p in parameters], arguments[-1]


def _applied(parameters: list[str], body: list[Token], values: list[list[Token]]) -> list[Token]:
    """The body with each parameter as its value, in brackets; #VALUE! for another number of values."""
    if len(values) != len(parameters):
        return _error("#VALUE!")
    for name, value in zip(parameters, values, strict=True):
        body = substituted(body, name, value)
    if len(body) > MOST_TOKENS:
        raise _LeftAloneError
    return calls.bracketed(body)


def _constant(tokens: list[Token]) -> list[list[list[Token]]] | None:
    """An array constant's values as rows of one-token values."""
    if len(tokens) < 3 or tokens[0].type != Token.ARRAY or tokens[-1].type != Token.ARRAY:
        return None
    rows: list[list[list[Token]]] = [[[]]]
    for token in tokens[1:-1]:
        if token.type == Token.SEP and token.subtype == Token.ROW:
            rows.append([[]])
        elif token.type == Token.SEP:
            rows[-1].append([])
        elif token.type != Token.WSPACE:
            rows[-1][-1].append(token)
    return rows if len({len(row) for row in rows}) == 1 else None


def _area(tokens: list[Token]) -> Area | None:
    if len(tokens) != 1 or tokens[0].subtype != Token.RANGE or "[" in tokens[0].value:
        return None
    area = parse_area(tokens[0].value)
    if area is None or area.height * area.width > 10_000:
        return None
    return area


def _reference(area: Area, top: int, left: int, bottom: int, right: int) -> list[Token]:
    text = (
        cell_name(top, left) if (top, left) == (bottom, right) else f"{cell_name(top, left)}:{cell_name(bottom, right)}"
    )
    return [Token((sheet_prefix(area.sheet) if area.sheet else "") + text, Token.OPERAND, Token.RANGE)]


def _cells(tokens: list[Token]) -> list[list[list[Token]]]:
    """A range written in the formula, or an array constant, as rows of values; else the call is left alone."""
    area = _area(tokens)
    if area is not None:
        return [
            [_reference(area, r, c, r, c) for c in range(area.left, area.right + 1)]
            for r in range(area.top, area.bottom + 1)
        ]
    rows = _constant(tokens)
    if rows is None:
        raise _LeftAloneError
    return rows


def _gathered(rows: list[list[list[Token]]]) -> list[Token]:
    """``CHOOSE({1,2;3,4}, v1, v2, v3, v4)``: the values as an array of their shape."""
    if len(rows) == 1 and len(rows[0]) == 1:
        return calls.bracketed(rows[0][0])
    out = [Token("CHOOSE(", Token.FUNC, Token.OPEN), Token("{", Token.ARRAY, Token.OPEN)]
    for r, row in enumerate(rows):
        if r:
            out.append(Token(";", Token.SEP, Token.ROW))
        for c in range(len(row)):
            if c:
                out.append(Token(",", Token.SEP, Token.ARG))
            out.append(Token(str(r * len(row) + c + 1), Token.OPERAND, Token.NUMBER))
    out.append(Token("}", Token.ARRAY, Token.CLOSE))
    for row in rows:
        for value in row:
            out += [Token(",", Token.SEP, Token.ARG), *value]
    return [*out, Token(")", Token.FUNC, Token.CLOSE)]


def _helper(name: str, arguments: list[list[Token]]) -> list[Token]:
    """A call of BYCOL, BYROW, MAP, SCAN or REDUCE written out (see the module)."""
    function = _lambda(arguments[-1]) if arguments else None
    if name == "MAP(" and any(_lambda(a) is not None for a in arguments[:-1]):
        return _error("#VALUE!")
    if function is None:
        raise _LeftAloneError
    parameters, body = function
    if name in ("BYCOL(", "BYROW(") and len(arguments) == 2 and len(parameters) == 1:
        area = _area(arguments[0])
        if area is None:
            raise _LeftAloneError
        if name == "BYCOL(":
            cols = [_reference(area, area.top, c, area.bottom, c) for c in range(area.left, area.right + 1)]
            return _gathered([[_applied(parameters, body, [col]) for col in cols]])
        lines = [_reference(area, r, area.left, r, area.right) for r in range(area.top, area.bottom + 1)]
        return _gathered([[_applied(parameters, body, [line])] for line in lines])
    if name == "MAP(" and len(arguments) == len(parameters) + 1:
        grids = [_cells(a) for a in arguments[:-1]]
        shape = (len(grids[0]), len(grids[0][0]))
        if any((len(g), len(g[0])) != shape for g in grids):
            raise _LeftAloneError
        return _gathered(
            [[_applied(parameters, body, [g[r][c] for g in grids]) for c in range(shape[1])] for r in range(shape[0])]
        )
    if name in ("SCAN(", "REDUCE(") and len(arguments) == 3 and len(parameters) == 2:
        grid = _cells(arguments[1])
        result = arguments[0] or [Token("0", Token.OPERAND, Token.NUMBER)]
        results: list[list[list[Token]]] = []
        for row in grid:
            results.append([])
            for value in row:
                result = _applied(parameters, body, [result, value])
                results[-1].append(result)
        return _gathered(results) if name == "SCAN(" else result
    raise _LeftAloneError


def lambdas_written_out(items: list[Token], names: Mapping[str, str] | None = None) -> list[Token]:
    """The tokens with every LAMBDA called in place or by a defined name, and every BYCOL, BYROW, MAP, SCAN and
    REDUCE over a range written in the formula or an array constant, written out (see the module)."""
    out: list[Token] = []
    i = 0
    while i < len(items):
        token = items[i]
        if not _opens(token):
            out.append(token)
            i += 1
            continue
        called = _called(token)
        split = calls.call_arguments(items, i)
        if split is None:
            out.append(token)
            i += 1
            continue
        arguments, close = split
        try:
            if called == "LAMBDA(" and close + 1 < len(items) and items[close + 1].type == Token.PAREN:
                function = _lambda(items[i : close + 1])
                group = calls.call_arguments(items, close + 1)
                if function is None or group is None:
                    raise _LeftAloneError
                values = [lambdas_written_out(stripped(v), names) for v in group[0]]
                out += _applied(*function, values if values != [[]] else [])
                i = group[1] + 1
                continue
            held = (names or {}).get(called.removesuffix("("))
            function = _lambda(calls.tokens(held)) if held else None
            if function is not None and calls_itself(called.removesuffix("("), function[1]):
                values = [lambdas_written_out(stripped(a), names) for a in arguments]
                out += recursive_value(called.removesuffix("("), function, values, names or {}, _lambda)
                i = close + 1
                continue
            if function is not None:
                values = [lambdas_written_out(stripped(a), names) for a in arguments]
                out += _applied(*function, values if values != [[]] else [])
                i = close + 1
                continue
            if called in _HELPERS:
                out += _helper(called, [lambdas_written_out(stripped(a), names) for a in arguments])
                i = close + 1
                continue
        except (_LeftAloneError, ValueError, CannotComputeError):
            pass
        out.append(token)
        i += 1
    return out
