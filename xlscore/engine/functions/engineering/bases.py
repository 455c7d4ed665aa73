"""Excel's base conversions: DEC2BIN, DEC2OCT, DEC2HEX, BIN2DEC, BIN2OCT, BIN2HEX, OCT2BIN, OCT2DEC, OCT2HEX,
HEX2BIN, HEX2DEC and HEX2OCT, as Excel computes them (Microsoft's page for each), with ``places``.

A binary, octal or hexadecimal number has at most 10 digits, the first bit of the 10th digit its sign: negative
numbers are written in two's complement over 10 digits (10 bits, 30 bits, 40 bits), so DEC2BIN takes -512 to 511,
DEC2OCT -536,870,912 to 536,870,911 and DEC2HEX -549,755,813,888 to 549,755,813,887. ``places`` pads a positive
result with zeros; it is truncated, and below 1 or above 10 (checked before the number), or too few for the
result, is #NUM!. A negative result is always
its 10 digits. A number that is not a number (a text or TRUE) for DEC2... is #VALUE!; a number that is not one in
its base, or has more than 10 digits, for BIN2..., OCT2... and HEX2... is #NUM!; a blank cell is 0.

The engine gave #VALUE! for every call with ``places`` and #VALUE! where Excel gives #NUM!: xlcalculator's
tests/resources/BASES.xlsx, saved by Excel, has every case of these rules, and agrees whole.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable
from typing import Any

import numpy as np
import schedula as sh
from formulas.functions import Error, wrap_ufunc
from formulas.tokens.operand import XlError

from xlscore.engine.evaluation.conversions import ArgumentError, number_argument
from xlscore.engine.rewrite.calls import Omitted

__all__ = ["FUNCTIONS", "analysis_toolpak"]

_BITS = {2: 10, 8: 30, 16: 40}  # each base's 10 digits, in bits
_DIGITS = "0123456789ABCDEF"


def _blank(value: Any) -> bool:
    return value is sh.EMPTY or value is None or isinstance(value, Omitted)


def _decimal(value: Any) -> int:
    """DEC2...'s number: a number or a text that reads as one, truncated; #VALUE! for anything else."""
    return math.trunc(number_argument(value))


def _digits(value: Any, base: int) -> int:
    """BIN2..., OCT2... or HEX2...'s number: at most 10 digits of ``base`` (a number typed in the cell is read as
    its digits), the 10th digit's top bit its sign; #NUM! for anything else."""
    if _blank(value):
        return 0
    if isinstance(value, bool):
        raise ArgumentError("#VALUE!")
    if isinstance(value, (int, float, np.number)):
        number = float(value)
        if number < 0 or number != math.trunc(number):
            raise ArgumentError("#NUM!")
        text = str(int(number))
    else:
        text = str(value).strip()
    if text == "":
        return 0
    if len(text) > 10 or any(ch not in _DIGITS[:base] for ch in text.upper()):
        raise ArgumentError("#NUM!")
    number_value = int(text, base)
    bits = _BITS[base]
    if len(text) == 10 and number_value >= 1 << (bits - 1):
        number_value -= 1 << bits
    return number_value


def _places(value: Any) -> int | None:
    return None if _blank(value) else math.trunc(number_argument(value))


def _written(number: int, base: int, places: int | None) -> str:
    """``number`` in ``base``: two's complement over 10 digits when negative, else padded to ``places``."""
    bits = _BITS[base]
    if not -(1 << (bits - 1)) <= number < 1 << (bits - 1):
        raise ArgumentError("#NUM!")
    if places is not None and not 1 <= places <= 10:
        raise ArgumentError("#NUM!")
    value = number + (1 << bits) if number < 0 else number
    text = ""
    while value:
        value, rest = divmod(value, base)
        text = _DIGITS[rest] + text
    text = text or "0"
    if number < 0:
        return text
    if places is not None:
        if len(text) > places:
            raise ArgumentError("#NUM!")
        text = text.rjust(places, "0")
    return text


def _conversion(source: int, target: int) -> Callable[..., Any]:
    """The function from ``source`` (10: decimal) to ``target`` (10: decimal)."""

    def convert(number: Any, places: Any = sh.EMPTY) -> Any:
        for value in (number, places):
            if isinstance(value, XlError):
                return value
        try:
            wanted = None if target == 10 else _places(places)
            if wanted is not None and not 1 <= wanted <= 10:
                raise ArgumentError("#NUM!")  # before the number is read: DEC2BIN("E", 0) is #NUM!, not #VALUE!
            value = _decimal(number) if source == 10 else _digits(number, source)
            if target == 10:
                return float(value)
            return _written(value, target, wanted)
        except ArgumentError as refused:
            return Error.errors[refused.code]

    return analysis_toolpak(convert)


def analysis_toolpak(function: Callable[..., Any]) -> Callable[..., Any]:
    """``function`` of single values as one of Excel's Analysis ToolPak functions (the base conversions, YEARFRAC):
    they take no arrays, so a range of several cells makes the result one #VALUE!, which fills every cell of an
    array formula (vinci1it2000/formulas' test.xlsx: =HEX2BIN(C26:J26) in ENGINEERING!AH26:AO26 and
    =YEARFRAC(C27:E27,D27:F27,E27:G27) in DATE & TIME!AH27:AW27, as Excel saved them)."""
    single = wrap_ufunc(
        function, input_parser=lambda *a: a, check_error=lambda *a: None, args_parser=lambda *a: a, check_nan=False
    )

    def run(*arguments: Any) -> Any:
        if any(isinstance(a, np.ndarray) and a.size > 1 for a in arguments):
            return Error.errors["#VALUE!"]
        return single(*arguments)

    return functools.update_wrapper(run, function)


_NAMES = {2: "BIN", 8: "OCT", 10: "DEC", 16: "HEX"}
FUNCTIONS: dict[str, Callable[..., Any]] = {}
for _source in _NAMES:
    for _target in _NAMES:
        if _source != _target:
            _name = f"{_NAMES[_source]}2{_NAMES[_target]}"
            FUNCTIONS[_name] = FUNCTIONS[f"_XLFN.{_name}"] = _conversion(_source, _target)
