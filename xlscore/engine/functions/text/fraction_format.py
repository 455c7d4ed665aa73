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
from dataclasses import dataclass

__all__ = ["fraction_text", "placed"]


@dataclass(frozen=True)
class _Places:
    """Where a fraction format's parts go: the ``/``, and the placeholders of the whole number, the numerator and
    the denominator (indexes into its parts), with each placeholder's code (``0``, ``#`` or ``?``)."""

    slash: int
    integer_at: list[int]
    numerator_at: list[int]
    denominator_at: list[int]
    codes: dict[int, str]

    def joined(self, at: list[int]) -> str:
        return "".join(self.codes[i] for i in at)


def _places(parts: list[tuple[str, str]]) -> _Places:
    slash = next(i for i, (k, p) in enumerate(parts) if k == "lit" and p == "/")
    digit = [i for i, (k, p) in enumerate(parts) if k == "num" and p in "0#?"]
    before = [i for i in digit if i < slash]
    numerator_end = before[-1]
    numerator_start = numerator_end
    while numerator_start - 1 in before:
        numerator_start -= 1
    return _Places(
        slash,
        [i for i in before if i < numerator_start],
        list(range(numerator_start, numerator_end + 1)),
        [i for i in digit if i > slash],
        {i: parts[i][1] for i in digit},
    )


def _fraction(magnitude: float, parts: list[tuple[str, str]], places: _Places) -> tuple[int, int, int]:
    """The whole number, numerator and denominator a non-negative value shows as."""
    fixed = re.match(r"\s*(\d+)", "".join(p for k, p in parts[places.slash + 1 :] if k == "lit"))
    whole = math.floor(magnitude) if places.integer_at else 0
    rest = magnitude - whole
    if fixed is not None and not places.denominator_at:
        denominator = int(fixed.group(1))
        numerator = round(rest * denominator)
    else:
        numerator, denominator = _closest(rest, 10 ** max(1, len(places.denominator_at)) - 1)
    if numerator == denominator and places.integer_at:
        whole, numerator = whole + 1, 0
    if numerator == 0:
        denominator = 1
    return whole, numerator, denominator


def fraction_text(value: float, parts: list[tuple[str, str]], signed: bool) -> str:
    """A fraction format: an optional whole part, the numerator's placeholders, ``/`` and the denominator's
    placeholders or digits, with any literals between (Apache POI's NumberFormatTests.xlsx holds Excel's text for
    formats such as ``#\\:? ?=/=#``). A fraction that comes to 0 leaves only the whole number, the rest shown as
    spaces where a ``?`` asks for them and dropped otherwise, unless the numerator has a ``0``."""
    places = _places(parts)
    whole, numerator, denominator = _fraction(abs(value), parts, places)
    integer_at, numerator_at, denominator_at = places.integer_at, places.numerator_at, places.denominator_at
    dropped = bool(integer_at) and numerator == 0 and "0" not in places.joined(numerator_at)
    out = [piece if kind == "lit" else "%" if piece == "%" else "" for kind, piece in parts]
    if dropped:  # the fraction part as wide in spaces, or nothing
        last = denominator_at[-1] if denominator_at else places.slash + 1
        separator_start = integer_at[-1] + 1
        width = sum(len(p) if k == "lit" else 1 for k, p in parts[separator_start : last + 1])
        for i in range(separator_start, last + 1):
            out[i] = ""
        shown_codes = places.joined(integer_at + numerator_at + denominator_at)
        out[separator_start] = " " * width if "?" in shown_codes else ""
    else:
        out = _fraction_placed(out, places, numerator, denominator)
    if integer_at:
        out = _whole_placed(out, places, whole, dropped or value == 0, dropped)
    text = "".join(out)
    return ("-" if value < 0 and signed and (whole or numerator) else "") + text


def _fraction_placed(out: list[str], places: _Places, numerator: int, denominator: int) -> list[str]:
    """The numerator and the denominator in their placeholders (a denominator written as digits stays)."""
    out = placed(out, places.numerator_at, str(numerator), places.codes)
    written = str(denominator)
    denominator_at = places.denominator_at
    if denominator_at:
        denominator_codes = places.joined(denominator_at)
        if "0" in denominator_codes:
            written = written.rjust(len(denominator_at), "0")
        elif "?" in denominator_codes:
            written = written.ljust(len(denominator_at))
        for n, i in enumerate(denominator_at):
            out[i] = written if n == 0 else ""
    return out


def _whole_placed(out: list[str], places: _Places, whole: int, zero_shown: bool, dropped: bool) -> list[str]:
    """The whole number in its placeholders; ``zero_shown``: a whole of 0 beside no fraction, or at 0 itself, is
    still shown; the literals between it and the numerator as spaces or nothing when it shows no digit."""
    integer_at = places.integer_at
    whole_digits = str(whole) if whole else ""
    integer_codes = {i: ("0" if zero_shown and places.codes[i] == "?" else places.codes[i]) for i in integer_at}
    if not whole_digits and dropped:
        integer_codes[integer_at[-1]] = "0"
    out = placed(out, integer_at, whole_digits, integer_codes)
    if not dropped:
        separator = range(integer_at[-1] + 1, places.numerator_at[0])
        shows_digit = bool(whole_digits) or "0" in integer_codes.values()
        spaced = "?" in "".join(integer_codes.values()) + places.joined(places.numerator_at)
        for i in separator:
            if not shows_digit:
                out[i] = " " * len(out[i]) if spaced else ""
    return out


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
