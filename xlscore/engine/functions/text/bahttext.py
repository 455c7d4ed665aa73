"""BAHTTEXT, which the formula engine lacks: a number as Thai words in baht and satang, as Excel writes it.

The number is rounded to satang (hundredths). Each block of six digits is read with the Thai place names (สิบ ten,
ร้อย hundred, พัน thousand, หมื่น ten thousand, แสน hundred thousand), blocks joined by ล้าน (million): a ten of 1 is
สิบ alone, of 2 ยี่สิบ, and a 1 after a higher digit of its block เอ็ด. Then บาท (baht) and ถ้วน (exactly) when no
satang is left, else the satang and สตางค์; a negative number begins with ลบ. vinci1it2000/formulas's test.xlsx,
sheet TEXT, row 6, holds Excel's text for 0 (ศูนย์บาทถ้วน), 157, 65, 65.8, -1, a blank cell and TRUE (1), and
every one agrees. A blank cell is 0, TRUE 1, a text that reads as a number that number; other text is #VALUE!, an
error itself, and a range is read cell by cell.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from formulas.functions import Error, wrap_ufunc
from formulas.tokens.operand import XlError

from xlscore.engine.evaluation.conversions import ArgumentError, number_argument

__all__ = ["FUNCTIONS", "baht_text"]

_DIGITS = ("ศูนย์", "หนึ่ง", "สอง", "สาม", "สี่", "ห้า", "หก", "เจ็ด", "แปด", "เก้า")
_PLACES = ((100_000, "แสน"), (10_000, "หมื่น"), (1_000, "พัน"), (100, "ร้อย"))
_TEN, _TWENTY, _ONE_AFTER = "สิบ", "ยี่", "เอ็ด"
_MILLION, _BAHT, _EXACTLY, _SATANG, _MINUS = "ล้าน", "บาท", "ถ้วน", "สตางค์", "ลบ"


def _block(number: int) -> str:
    """1 to 999,999 in words."""
    words = ""
    for size, name in _PLACES:
        if number >= size:
            words += _DIGITS[number // size] + name
            number %= size
    tens, ones = divmod(number, 10)
    if tens:
        words += (_TWENTY if tens == 2 else "" if tens == 1 else _DIGITS[tens]) + _TEN
    if ones:
        words += _ONE_AFTER if ones == 1 and words else _DIGITS[ones]
    return words


def _whole(number: int) -> str:
    """A whole number above 0 in words, by blocks of six digits joined by ล้าน."""
    blocks: list[int] = []
    while number:
        number, block = divmod(number, 1_000_000)
        blocks.append(block)
    return _MILLION.join(_block(block) if block else "" for block in reversed(blocks))


def baht_text(value: float) -> str:
    """``value`` in Thai words of baht and satang, as Excel's BAHTTEXT writes it."""
    satang_total = math.floor(abs(value) * 100 + 0.5)
    baht, satang = divmod(satang_total, 100)
    words = _MINUS if value < 0 and satang_total else ""
    if baht:
        words += _whole(baht) + _BAHT
    elif not satang:
        words += _DIGITS[0] + _BAHT
    return words + (_block(satang) + _SATANG if satang else _EXACTLY)


def _bahttext(value: Any) -> Any:
    if isinstance(value, XlError):
        return value
    try:
        number = float(value) if isinstance(value, bool) else number_argument(value)
    except ArgumentError as refused:
        return Error.errors.get(refused.code, Error.errors["#VALUE!"])
    return baht_text(number)


FUNCTIONS: dict[str, Callable[..., Any]] = {
    "BAHTTEXT": wrap_ufunc(
        _bahttext, input_parser=lambda *a: a, check_error=lambda *a: None, args_parser=lambda *a: a, check_nan=False
    )
}
