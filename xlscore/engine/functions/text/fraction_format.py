"""A fraction in a number format, as Excel shows it: :func:`fraction_text` (used by
:mod:`xlscore.engine.functions.text.number_format`, which finds the fraction formats).

The numerator is the run of digit places nearest before the ``/``, the denominator the places after it (or digits:
``# ?/8``), the whole number any places before the numerator; literals may stand anywhere between (``#\\:? ?=/=#``
shows 23.75 as ``2:3 3=/=4``). The fraction is the nearest with a denominator of as many digits as its places.
Apache POI's NumberFormatTests.xlsx holds Excel's text for 211 such formats and values; every one agrees.
"""

from __future__ import annotations

import math
import re

__all__ = ["fraction_text", "placed"]


def fraction_text(value: float, parts: list[tuple[str, str]], signed: bool) -> str:
    """A fraction format: an optional whole part, the numerator's placeholders, ``/`` and the denominator's
    placeholders or digits, with any literals between (Apache POI's NumberFormatTests.xlsx holds Excel's text for
    formats such as ``#\\:? ?=/=#``). A fraction that comes to 0 leaves only the whole number, the rest shown as
    spaces where a ``?`` asks for them and dropped otherwise, unless the numerator has a ``0``."""
    slash = next(i for i, (k, p) in enumerate(parts) if k == "lit" and p == "/")
    digit = [i for i, (k, p) in enumerate(parts) if k == "num" and p in "0#?"]
    before = [i for i in digit if i < slash]
    denominator_at = [i for i in digit if i > slash]
    numerator_end = before[-1]
    numerator_start = numerator_end
    while numerator_start - 1 in before:
        numerator_start -= 1
    numerator_at = list(range(numerator_start, numerator_end + 1))
    integer_at = [i for i in before if i < numerator_start]
    codes = {i: parts[i][1] for i in digit}
    fixed = re.match(r"\s*(\d+)", "".join(p for k, p in parts[slash + 1 :] if k == "lit"))
    negative = value < 0
    magnitude = abs(value)
    whole = math.floor(magnitude) if integer_at else 0
    rest = magnitude - whole
    if fixed is not None and not denominator_at:
        denominator = int(fixed.group(1))
        numerator = round(rest * denominator)
    else:
        numerator, denominator = _closest(rest, 10 ** max(1, len(denominator_at)) - 1)
    if numerator == denominator and integer_at:
        whole, numerator = whole + 1, 0
    if numerator == 0:
        denominator = 1
    numerator_codes = "".join(codes[i] for i in numerator_at)
    shown_codes = "".join(codes[i] for i in integer_at + numerator_at + denominator_at)
    dropped = bool(integer_at) and numerator == 0 and "0" not in numerator_codes
    out = [piece if kind == "lit" else "%" if piece == "%" else "" for kind, piece in parts]
    last = denominator_at[-1] if denominator_at else slash + 1
    if dropped:  # the fraction part as wide in spaces, or nothing
        separator_start = integer_at[-1] + 1
        width = sum(len(p) if k == "lit" else 1 for k, p in parts[separator_start : last + 1])
        for i in range(separator_start, last + 1):
            out[i] = ""
        out[separator_start] = " " * width if "?" in shown_codes else ""
    else:
        out = placed(out, numerator_at, str(numerator), codes)
        written = str(denominator)
        if denominator_at:
            denominator_codes = "".join(codes[i] for i in denominator_at)
            if "0" in denominator_codes:
                written = written.rjust(len(denominator_at), "0")
            elif "?" in denominator_codes:
                written = written.ljust(len(denominator_at))
            for n, i in enumerate(denominator_at):
                out[i] = written if n == 0 else ""
    if integer_at:
        zero_shown = dropped or value == 0  # a whole of 0 beside no fraction, or at 0 itself, is still shown
        whole_digits = str(whole) if whole else ""
        integer_codes = {i: ("0" if zero_shown and codes[i] == "?" else codes[i]) for i in integer_at}
        if not whole_digits and dropped:
            integer_codes[integer_at[-1]] = "0"
        out = placed(out, integer_at, whole_digits, integer_codes)
        if not dropped:
            separator = range(integer_at[-1] + 1, numerator_start)
            shows_digit = bool(whole_digits) or "0" in integer_codes.values()
            for i in separator:
                if not shows_digit:
                    out[i] = " " * len(out[i]) if "?" in "".join(integer_codes.values()) + numerator_codes else ""
    text = "".join(out)
    return ("-" if negative and signed and (whole or numerator) else "") + text


def placed(out: list[str], at: list[int], digits: str, codes: dict[int, str]) -> list[str]:
    """``digits`` in the placeholders ``at``, from the right: an unused ``0`` shows 0, ``?`` a space, ``#``
    nothing; more digits than places go to the first."""
    out = list(out)
    position = len(digits)
    for i in reversed(at):
        if position > 0:
            out[i] = digits[position - 1]
            position -= 1
        else:
            out[i] = {"0": "0", "?": " "}.get(codes[i], "")
    if position > 0:
        out[at[0]] = digits[:position] + out[at[0]]
    return out


def _closest(value: float, limit: int) -> tuple[int, int]:
    best = (round(value), 1)
    error = abs(value - best[0])
    for denominator in range(2, limit + 1):
        numerator = round(value * denominator)
        if abs(value - numerator / denominator) < error - 1e-12:
            best, error = (numerator, denominator), abs(value - numerator / denominator)
    return best
