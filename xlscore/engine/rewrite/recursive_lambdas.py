"""A LAMBDA held by a defined name that calls itself (``FACT = LAMBDA(n, IF(n<=1, 1, n*FACT(n-1)))``), computed
within a recursion bound.

Writing a LAMBDA out (:mod:`xlscore.engine.rewrite.lambdas`) cannot end for one that calls itself, and the engine
computes both branches of an IF, so neither can compute it. When every argument of the call is a constant
(``FACT(170)``, ``FIB(25)``, or arithmetic on constants), it is computed here as the formula is compiled: the body
with each parameter as its value, each IF's condition computed first and only the branch it chooses kept, each call
of a defined-name LAMBDA inside computed the same way (once for each distinct set of values: ``FIB(25)`` is 26
calls, not 242,785), and what is left computed by the engine. The result is written into the formula as a constant.

Past :data:`~xlscore.engine.files.limits.MAX_LAMBDA_DEPTH` nested calls, or
:data:`~xlscore.engine.files.limits.MAX_LAMBDA_CALLS` calls in all, the call is #NUM!, the error Microsoft's page
of LAMBDA gives for too many recursive calls. A call with a reference among its arguments (``FACT(A1)``) is left as
it was (the engine reports it as an unknown function).
"""

from __future__ import annotations

import math
import sys
from collections.abc import Callable, Mapping

from xlscore.engine.errors import CellError
from xlscore.engine.evaluation import formulas_patches
from xlscore.engine.files import limits
from xlscore.engine.rewrite import calls
from xlscore.engine.rewrite.let import stripped, substituted
from xlscore.engine.rewrite.tokens import Token

__all__ = ["CannotComputeError", "TooDeepError", "calls_itself", "recursive_value"]

Function = tuple[list[str], list[Token]]  # a LAMBDA's parameters and body


class CannotComputeError(Exception):
    """The call cannot be computed here (an argument is a reference, the engine cannot read a part): left alone."""


class TooDeepError(Exception):
    """Past the recursion bound: #NUM!."""


def calls_itself(name: str, body: list[Token]) -> bool:
    return any(t.type == Token.FUNC and t.subtype == Token.OPEN and _called(t) == f"{name.upper()}(" for t in body)


def _called(token: Token) -> str:
    return str(token.value).upper().removeprefix("_XLFN.")


def _text(value: object) -> str:
    """A value as a formula's constant."""
    if isinstance(value, CellError):
        return value.code
    if isinstance(value, bool):
        return "TRUE" if value else "FALSE"
    if isinstance(value, float):
        return f"({value!r})".upper() if math.isfinite(value) else "#NUM!"
    if value is None:
        return "0"
    return '"' + str(value).replace('"', '""') + '"'


_OPERATIONS: dict[str, Callable[[float, float], float | bool]] = {
    "+": lambda a, b: a + b,
    "-": lambda a, b: a - b,
    "*": lambda a, b: a * b,
    "<": lambda a, b: a < b,
    "<=": lambda a, b: a <= b,
    ">": lambda a, b: a > b,
    ">=": lambda a, b: a >= b,
    "=": lambda a, b: a == b,
    "<>": lambda a, b: a != b,
}


def _number(items: list[Token]) -> float | None:
    """A number written as the recursion writes one: ``5``, ``(5.0)``, ``(-5.0)``; None for anything else."""
    while len(items) >= 3 and items[0].type == Token.PAREN and items[-1].type == Token.PAREN:
        items = items[1:-1]  # (a parameter's value is bracketed once more where it stands: ((5.0)))
    sign = 1.0
    if len(items) == 2 and items[0].type == Token.OP_PRE and items[0].value in "+-":
        sign, items = (-1.0 if items[0].value == "-" else 1.0), items[1:]
    if len(items) == 1 and items[0].type == Token.OPERAND and items[0].subtype == Token.NUMBER:
        return sign * float(items[0].value)
    return None


def _arithmetic(items: list[Token]) -> str | None:
    """A number, or two numbers and one operator (``(170.0)-1``, ``(5.0)<=1``), computed at once as the engine
    computes it; None for anything else, which the engine computes (each of its compilations takes milliseconds,
    and FACT(170) asks for hundreds of these)."""
    alone = _number(items)
    if alone is not None:
        return _text(alone)
    at = next((i for i, t in enumerate(items) if t.type == Token.OP_IN and t.value in (*_OPERATIONS, "/")), None)
    if at is None:
        return None
    left, right = _number(items[:at]), _number(items[at + 1 :])
    if left is None or right is None:
        return None
    if items[at].value == "/":
        return _text(left / right) if right else "#DIV/0!"
    result = _OPERATIONS[items[at].value](left, right)
    return _text(result)


class _Evaluation:
    def __init__(self, names: Mapping[str, str], lambda_of: object) -> None:
        self.names = names
        self.lambda_of = lambda_of  # the text of a defined name -> its LAMBDA, or None
        self.known: dict[tuple[str, tuple[str, ...]], str] = {}
        self.calls = 0

    def function(self, name: str) -> Function | None:
        held = self.names.get(name.upper())
        if not held:
            return None
        found = self.lambda_of(calls.tokens(held))  # type: ignore[operator]
        return found if isinstance(found, tuple) else None

    def value(self, name: str, function: Function, arguments: tuple[str, ...], depth: int) -> str:
        """The call's value as a constant's text."""
        key = (name.upper(), arguments)
        if key in self.known:
            return self.known[key]
        self.calls += 1
        if depth >= limits.MAX_LAMBDA_DEPTH or self.calls > limits.MAX_LAMBDA_CALLS:
            raise TooDeepError
        parameters, body = function
        if len(arguments) != len(parameters):
            return "#VALUE!"
        for parameter, argument in zip(parameters, arguments, strict=True):
            body = substituted(body, parameter, calls.tokens(argument))
        result = self.constant(self.folded(body, depth))
        self.known[key] = result
        return result

    def constant(self, items: list[Token]) -> str:
        """The value of tokens without references, computed by the engine, as a constant's text."""
        if any(t.type == Token.OPERAND and t.subtype == Token.RANGE for t in items):
            raise CannotComputeError
        plain = _arithmetic([t for t in items if t.type != Token.WSPACE])
        if plain is not None:
            return plain
        from xlscore.engine.evaluation import formulas_adapter as formula_engine

        try:
            compiled, inputs, _ = formula_engine.compile_formula(calls.render(items))
            if inputs:
                raise CannotComputeError
            with formulas_patches.applied():
                cells = formula_engine.to_cells(compiled())
        except (ValueError, formula_engine.EngineError) as exc:
            if isinstance(exc.__cause__, RecursionError):
                raise TooDeepError from exc
            raise CannotComputeError from exc
        return _text(cells[0][0])

    def folded(self, items: list[Token], depth: int) -> list[Token]:
        """The tokens with each call of a defined-name LAMBDA as its value, and each IF as the branch it takes."""
        out: list[Token] = []
        i = 0
        while i < len(items):
            token = items[i]
            split = calls.call_arguments(items, i) if token.type == Token.FUNC and token.subtype == Token.OPEN else None
            if split is None:
                out.append(token)
                i += 1
                continue
            arguments, close = split
            name = _called(token).removesuffix("(")
            function = self.function(name)
            if function is not None:
                values = tuple(self.constant(self.folded(stripped(a), depth)) for a in arguments if stripped(a))
                out += calls.tokens(self.value(name, function, values, depth + 1))
            elif name == "IF" and len(arguments) in (2, 3):
                out += calls.bracketed(self.folded(self._branch(arguments, depth), depth))
            else:
                out += [token, *self._folded_arguments(arguments, depth), items[close]]
            i = close + 1
        return out

    def _branch(self, arguments: list[list[Token]], depth: int) -> list[Token]:
        condition = self.constant(self.folded(stripped(arguments[0]), depth))
        if condition.startswith("#"):
            return calls.tokens(condition)
        if condition.startswith('"'):
            return calls.tokens("#VALUE!")
        chosen = condition == "TRUE" or (condition not in ("FALSE",) and float(condition.strip("()")) != 0)
        if chosen:
            return stripped(arguments[1]) or calls.tokens("0")
        return (stripped(arguments[2]) or calls.tokens("0")) if len(arguments) == 3 else calls.tokens("FALSE")

    def _folded_arguments(self, arguments: list[list[Token]], depth: int) -> list[Token]:
        out: list[Token] = []
        for index, argument in enumerate(arguments):
            if index:
                out.append(Token(",", Token.SEP, Token.ARG))
            out += self.folded(argument, depth)
        return out


def recursive_value(
    name: str, function: Function, values: list[list[Token]], names: Mapping[str, str], lambda_of: object
) -> list[Token]:
    """The value of the call ``name(values...)`` of a LAMBDA that calls itself, as tokens (see the module)."""
    evaluation = _Evaluation(names, lambda_of)
    limit = sys.getrecursionlimit()
    # Each level of the LAMBDA is three nested Python calls here (value, folded, folded): room for the bound.
    sys.setrecursionlimit(max(limit, limit + 4 * limits.MAX_LAMBDA_DEPTH))
    try:
        arguments = tuple(evaluation.constant(evaluation.folded(v, 0)) for v in values)
        return calls.tokens(evaluation.value(name, function, arguments, 0))
    except (TooDeepError, RecursionError):  # RecursionError: Python's own stack, before the bound
        return calls.tokens("#NUM!")
    finally:
        sys.setrecursionlimit(limit)
