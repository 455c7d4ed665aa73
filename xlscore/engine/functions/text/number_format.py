"""Excel's number formats, as ``TEXT(value, format_text)`` applies them (en-US): :func:`format_value`.

A format has up to four sections separated by ``;`` (positive; negative; zero; text), each optionally with a
condition (``[>=100]``) and a colour (``[Red]``, dropped: TEXT gives text). Understood in a section:

* digits: ``0`` (a digit, or 0), ``#`` (a digit, or nothing), ``?`` (a digit, or a space; a thousands separator
  beside an unused ``?`` is a space too), ``.``, ``,`` between two digit places (thousands separators), after the
  digits of its part (each divides by 1,000), first or after a literal (shown as it is), ``%`` (times 100),
  ``E+00`` / ``E-00`` (scientific: ``E+`` shows ``E``, the sign goes before the exponent's first place, literals
  may stand between; no ``%`` or ``,`` scaling; 0 fills every whole place with 0), fractions with any literals
  between their parts (:mod:`xlscore.engine.functions.text.fraction_format`);
* dates and times: ``yy``, ``yyyy``, ``m``, ``mm``, ``mmm``, ``mmmm``, ``mmmmm``, ``d``, ``dd``, ``ddd``, ``dddd``,
  ``h``, ``hh``, ``m`` and ``mm`` as minutes (after an hour or before seconds), ``s``, ``ss``, ``.0`` to ``.000``
  after seconds, ``AM/PM``, ``A/P``, and elapsed time ``[h]``, ``[m]``, ``[s]``; serial numbers in the 1900 date
  system, its 29 February 1900 included;
* ``General``; ``@`` (the text itself); literal text in quotes, after ``\\``, and the characters Excel shows as
  they are (``$ - + / ( ) : ! ^ & ' ~ { } < > =`` and space); ``_x`` (a space) and ``*x`` (a fill, left out);
  ``[$€-407]`` (the symbol) and ``[$-409]`` (a locale, left out).

Refused (None, which TEXT reports as ``#VALUE!``), as Excel refuses them: a quote left open, digit places with
``@`` or with date codes, ``@`` outside the text section of a four-section format, a time of day or a date past 31
December 9999 (an elapsed time has a text for any number). Not understood (None as well): ``[DBNum]`` numerals, and
Japanese era and Buddhist years in a section that is used. Apache POI's NumberFormatTests.xlsx and
NumberFormatApproxTests.xlsx hold Excel's text for 574 formats and values; every one agrees.
"""

from __future__ import annotations

import datetime
import math
import re
from dataclasses import dataclass

from xlscore.engine.files.date_cells import as_date
from xlscore.engine.functions.text.fraction_format import fraction_text, placed

__all__ = ["format_value"]

_MONTHS = (
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
)
_DAYS = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")
_LITERAL = set("$-+/():!^&'~{}<>= ")
_CONDITION = re.compile(r"\[\s*(<=|>=|<>|<|>|=)\s*(-?\d+(?:\.\d*)?)\s*\]")
_DATE_CODES = re.compile(r"(?i)(\[(?:h+|m+|s+)\]|y+|m+|d+|h+|s+|am/pm|a/p|e+)")


@dataclass
class _Section:
    parts: list[tuple[str, str]]  # (kind, text): "lit", "num" (a digit code), "date" (a date code), "@" or
    # "unknown" (a code xlscore does not show: the section has no text)
    condition: tuple[str, float] | None
    is_date: bool
    is_text: bool


def _split(code: str) -> list[str]:
    """The sections of a format, split at ``;`` outside quotes, brackets and escapes."""
    sections, current, i = [], "", 0
    while i < len(code):
        ch = code[i]
        if ch == '"':
            end = code.find('"', i + 1)
            end = len(code) if end == -1 else end + 1
            current += code[i:end]
            i = end
            continue
        if ch in "\\_*" and i + 1 < len(code):
            current += code[i : i + 2]
            i += 2
            continue
        if ch == "[":
            end = code.find("]", i)
            end = len(code) if end == -1 else end + 1
            current += code[i:end]
            i = end
            continue
        if ch == ";":
            sections.append(current)
            current = ""
        else:
            current += ch
        i += 1
    sections.append(current)
    return sections


def _parse(section: str) -> _Section | None:
    parts: list[tuple[str, str]] = []
    condition = None
    i = 0
    while i < len(section):
        read = _read_code(section, i)
        if read is None:
            return None
        i, part, found = read
        if part is not None:
            parts.append(part)
        condition = found or condition
    is_date = any(kind in ("date", "unknown") for kind, _ in parts)
    is_text = any(kind == "@" for kind, _ in parts)
    digits = any(kind == "num" and piece in "#?" for kind, piece in parts)
    if digits and (is_text or is_date):  # Excel refuses "#.0YY00" and "#.0@" (pycel's text.xlsx, TextNumbers!C3:C5)
        return None
    return _Section(parts, condition, is_date, is_text)


_Read = tuple[int, tuple[str, str] | None, tuple[str, float] | None]
"""Where a section's next code ends, the part it makes (None: none), and the condition it sets (None: none)."""


def _read_code(section: str, i: int) -> _Read | None:
    """The code of ``section`` at ``i``; None when Excel refuses the format."""
    ch = section[i]
    if ch == '"':
        end = section.find('"', i + 1)
        if end == -1:  # a quote left open: Excel refuses the format (vinci's test.xlsx, EXTRA!A4)
            return None
        return end + 1, ("lit", section[i + 1 : end]), None
    if ch in "\\_*" and i + 1 < len(section):
        # An escaped character; a space as wide as the next; a fill, as wide as the column, which text has not.
        return i + 2, None if ch == "*" else ("lit", section[i + 1] if ch == "\\" else " "), None
    if ch == "[":
        return _read_bracket(section, i)
    if section[i : i + 7].upper() == "GENERAL":
        return i + 7, ("general", ""), None
    if ch == "@":
        return i + 1, ("@", ""), None
    if ch in "0#?.,%":
        return i + 1, ("num", ch), None
    if ch in "Ee" and section[i + 1 : i + 2] in ("+", "-"):
        return i + 2, ("exp", section[i : i + 2]), None
    found = _DATE_CODES.match(section, i)
    if found is not None:
        return found.end(), ("date", found.group(0)), None
    if ch.isalpha() and ch.lower() in "bg":  # Buddhist or era years: no text, if this section is used
        return i + 1, ("unknown", ch), None
    return i + 1, ("lit", ch), None


def _read_bracket(section: str, i: int) -> _Read | None:
    """A bracketed code at ``i``: a condition, an elapsed time, a currency, or a colour (left out)."""
    end = section.find("]", i)
    if end == -1:
        return None
    inner = section[i + 1 : end]
    found = _CONDITION.fullmatch(section[i : end + 1])
    if found is not None:
        return end + 1, None, (found.group(1), float(found.group(2)))
    if re.fullmatch(r"(?i)h+|m+|s+", inner):
        return end + 1, ("date", f"[{inner.lower()}]"), None
    if inner.startswith("$"):
        symbol = inner[1:].split("-", 1)[0]
        return end + 1, ("lit", symbol) if symbol else None, None
    if inner.upper().startswith("DBNUM"):
        return None
    return end + 1, None, None  # a colour ([Red], [Color10]) is left out


# -- numbers -------------------------------------------------------------------------------------------------------


def _general(value: float) -> str:
    """Excel's General format at its standard width: up to 11 characters, scientific beyond."""
    if value == 0:
        return "0"
    magnitude = abs(value)
    if magnitude >= 1e11 or magnitude < 1e-9:
        mantissa, exponent = f"{value:.5E}".split("E")
        mantissa = mantissa.rstrip("0").rstrip(".")
        return f"{mantissa}E{exponent[0]}{exponent[1:].lstrip('0').rjust(2, '0')}"
    whole = len(str(int(magnitude)))
    decimals = max(0, 10 - whole)
    text = f"{magnitude:.{decimals}f}"
    if "." in text:
        text = text.rstrip("0").rstrip(".")
    return ("-" if value < 0 else "") + text


def _round_half_up(value: float, decimals: int) -> str:
    """``value`` (not negative) with ``decimals`` decimals, halves rounded away from zero as Excel does."""
    shown = f"{value:.15g}"  # Excel's 15 significant digits first, so 2.675 stays 2.675
    from decimal import ROUND_HALF_UP, Decimal

    return str(Decimal(shown).quantize(Decimal(1).scaleb(-decimals), rounding=ROUND_HALF_UP))


def _fill_integer(codes: list[str], digits: str, thousands: bool) -> list[str]:
    """The integer placeholders filled from the right; more digits than places go to the first one. An unused
    ``0`` shows 0, ``?`` a space and ``#`` nothing, and a thousands separator beside it does the same: ``?,???????``
    shows 1234567 as four spaces and 1,234,567 (Apache POI's NumberFormatTests.xlsx)."""
    digits = digits.lstrip("0")
    if "0" in codes:  # every place from the first 0 on shows a digit: $000,000,000 shows 314159 as 000,314,159
        digits = digits.rjust(len(codes) - codes.index("0"), "0")
    places = len(codes)
    if not places:
        return []
    cells: list[tuple[str, str]] = []  # from the right: (what it shows, "d" for a digit or the unused code)
    for k in range(max(places, len(digits))):
        if k < len(digits):
            cells.append((digits[-1 - k], "d"))
        else:
            code = codes[places - 1 - k]
            cells.append(({"0": "0", "?": " "}.get(code, ""), code))
    shown = [text for text, _ in cells]
    if thousands:
        for k in range(3, len(cells), 3):  # the separator left of cell k - 1, shown as cell k's kind says
            shown[k - 1] = {"d": ",", "0": ",", "?": " "}.get(cells[k][1], "") + shown[k - 1]
    out = [""] * places
    for k, text in enumerate(shown):
        index = max(0, places - 1 - k)
        out[index] = text + out[index] if k >= places else text
    return out


def _number(value: float, section: _Section, signed: bool) -> str | None:
    parts = section.parts
    kinds = [kind for kind, _ in parts]
    if "general" in kinds:
        text = _general(abs(value) if not signed else value)
        return "".join(text if kind == "general" else piece if kind == "lit" else "" for kind, piece in parts)
    codes = [i for i, (kind, _) in enumerate(parts) if kind in ("num", "exp")]
    if not codes:  # literal text only
        return ("-" if signed and value < 0 else "") + "".join(p for k, p in parts if k == "lit")
    if _is_fraction(parts):
        return fraction_text(value, parts, signed)
    return _decimal(value, parts, signed)


def _is_fraction(parts: list[tuple[str, str]]) -> bool:
    """A fraction format: digit places before a ``/`` and digit places or digits after it."""
    placeholders = [i for i, (k, p) in enumerate(parts) if k == "num" and p in "0#?"]
    slash = next((i for i, (k, p) in enumerate(parts) if k == "lit" and p == "/"), None)
    fixed_after = re.match(r"\s*[1-9]", "".join(p for k, p in parts[slash + 1 :] if k == "lit")) if slash else None
    return bool(
        slash is not None
        and placeholders
        and placeholders[0] < slash
        and (placeholders[-1] > slash or fixed_after is not None)
    )


@dataclass(frozen=True)
class _Layout:
    """Where a decimal or scientific format's places are (indexes into its parts)."""

    placeholders: list[int]  # every digit place
    point: int | None
    exponent: int | None
    end_integer: int  # where the whole number's places end: the point, else the exponent, else the end
    integer: list[int]
    fraction: list[int]
    exponent_digits: list[int]
    commas: list[int]
    leading: set[int]  # commas shown as they are
    thousands: bool


def _layout(parts: list[tuple[str, str]]) -> _Layout:
    placeholders = [i for i, (k, p) in enumerate(parts) if k == "num" and p in "0#?"]
    point = next((i for i, (k, p) in enumerate(parts) if k == "num" and p == "."), None)
    exponent = next((i for i, (k, _) in enumerate(parts) if k == "exp"), None)
    end_integer = point if point is not None else exponent if exponent is not None else len(parts)
    integer = [i for i in placeholders if i < end_integer]
    commas = [i for i, (k, p) in enumerate(parts) if k == "num" and p == ","]
    # a comma first or after a literal is shown as it is; between two digit places of the whole part, a thousands
    # separator; with no digit place after it in its part, a division by 1,000; elsewhere nothing (pycel's
    # text.xlsx: TEXT(890123.456789, "#x,0,#.00.0") is 890,1x,23.45.7)
    return _Layout(
        placeholders,
        point,
        exponent,
        end_integer,
        integer,
        [i for i in placeholders if i > end_integer and (exponent is None or i < exponent)],
        [i for i in placeholders if exponent is not None and i > exponent],
        commas,
        {c for c in commas if c == 0 or parts[c - 1][0] == "lit"},
        any(c - 1 in integer and c + 1 in integer for c in commas),
    )


def _scaled(value: float, parts: list[tuple[str, str]], layout: _Layout) -> float:
    """The value times 100 for each %, divided by 1,000 for each scaling comma; a scientific format neither scales
    nor multiplies by 100 (NumberFormatApproxTests.xlsx)."""
    if layout.exponent is not None:
        return value
    value *= 100 ** sum(1 for k, p in parts if k == "num" and p == "%")
    end = layout.end_integer
    scaling = [
        c
        for c in layout.commas
        if c not in layout.leading and not any(c < j < (end if c < end else len(parts)) for j in layout.placeholders)
    ]
    value /= 1000 ** len(scaling)
    return value


def _scientific(magnitude: float, layout: _Layout) -> tuple[float, int]:
    """The mantissa and the power of ten a scientific format shows (the power a multiple of the whole number's
    places, as Excel's engineering notation ``##0.0E+0``); the magnitude and 0 for any other format."""
    power = 0
    if layout.exponent is not None and magnitude:
        step = max(1, len(layout.integer))
        power = math.floor(math.log10(magnitude))
        power -= power % step if step > 1 else 0
        magnitude /= 10**power
        if float(_round_half_up(magnitude, len(layout.fraction))) >= 10 ** max(1, len(layout.integer)):
            magnitude /= 10
            power += 1
    return magnitude, power


def _decimal(value: float, parts: list[tuple[str, str]], signed: bool) -> str | None:
    """A decimal or scientific format's text."""
    layout = _layout(parts)
    value = _scaled(value, parts, layout)
    negative = value < 0
    magnitude, power = _scientific(abs(value), layout)
    whole, _, decimals = _round_half_up(magnitude, len(layout.fraction)).partition(".")
    shown = _digits_shown(parts, layout, whole, decimals, layout.exponent is not None and not magnitude)
    if layout.exponent is not None:
        _exponent_shown(shown, parts, layout.exponent, layout.exponent_digits, power)
    out: list[str] = []
    for index, (kind, piece) in enumerate(parts):
        if index in shown:
            out.append(shown[index])
        elif (kind == "num" and piece in ".%") or index in layout.leading or kind == "lit":
            out.append(piece)
        elif kind == "date":
            return None
    text = "".join(out)
    return ("-" + text) if negative and signed else text


def _digits_shown(
    parts: list[tuple[str, str]], layout: _Layout, whole: str, decimals: str, scientific_zero: bool
) -> dict[int, str]:
    """What each place of the whole number, the point and the decimals shows, by index."""
    integer_codes = [parts[i][1] for i in layout.integer]
    if scientific_zero:  # 0 in a scientific format: every integer place shows 0
        integer_codes = ["0"] * len(layout.integer)
    filled = _fill_integer(integer_codes, whole, layout.thousands)
    no_place = not layout.integer and layout.point is not None and whole != "0"  # the whole number before the point
    decimal_out = []
    decimal_digits = decimals.ljust(len(layout.fraction), "0")
    keep = len(decimal_digits.rstrip("0"))
    for n, i in enumerate(layout.fraction):
        code = parts[i][1]
        if n < keep or code == "0":
            decimal_out.append(decimal_digits[n])
        else:
            decimal_out.append(" " if code == "?" else "")
    shown = {i: filled[n] for n, i in enumerate(layout.integer)}
    if layout.point is not None:
        shown[layout.point] = whole + "." if no_place else "."
    shown.update({i: decimal_out[n] for n, i in enumerate(layout.fraction)})
    return shown


def _exponent_shown(
    shown: dict[int, str], parts: list[tuple[str, str]], exponent: int, exponent_digits: list[int], power: int
) -> None:
    """The exponent into ``shown``: E+ shows E; the sign goes before the exponent's first place, whatever is
    between."""
    marker = parts[exponent][1]
    sign = "-" if power < 0 else "+" if marker[1] == "+" else ""
    if exponent_digits:
        exponent_codes = {i: parts[i][1] for i in exponent_digits}
        written = placed([""] * len(parts), exponent_digits, str(abs(power)), exponent_codes)
        shown.update({i: written[i] for i in exponent_digits})
        shown[exponent_digits[0]] = sign + shown[exponent_digits[0]]
        shown[exponent] = marker[0]
    else:
        shown[exponent] = marker[0] + sign + str(abs(power))


# -- dates ---------------------------------------------------------------------------------------------------------


def _date_parts(serial: float) -> tuple[int, int, int, int] | None:
    """(year, month, day, weekday Monday=0) of a serial number in the 1900 date system."""
    day = math.floor(serial)
    if day < 0 or day > 2958465:
        return None
    if day == 0:
        return 1900, 1, 0, 5  # Excel shows serial 0 as 0 January 1900, a Saturday
    if day == 60:
        return 1900, 2, 29, 2  # the day Excel counts and the calendar does not
    date = as_date(day, "date")
    assert isinstance(date, datetime.date)
    weekday = date.weekday() if day > 60 else (date.weekday() + 6) % 7
    return date.year, date.month, date.day, weekday


@dataclass(frozen=True)
class _Moment:
    """A serial number as a date format shows it, rounded to the seconds' decimals the format shows."""

    year: int
    month: int
    day: int
    weekday: int  # Monday 0
    hour: int
    minute: int
    second: int
    fraction: int  # of the second, in units of the decimals shown
    total_seconds: int  # for an elapsed time ([h], [m], [s])
    decimals: int
    twelve: bool  # a 12-hour clock (AM/PM, A/P)
    elapsed: set[str]  # the units shown as elapsed: "h", "m", "s"


def _moment(value: float, parts: list[tuple[str, str]]) -> _Moment | None:
    """The moment a non-negative serial number shows as; None when the format has no text for it."""
    codes = [p.lower() for k, p in parts if k == "date"]
    decimals = 0
    for index, (kind, piece) in enumerate(parts):
        if kind == "date" and piece.lower().startswith(("s", "[s")) and index + 1 < len(parts):
            follow = parts[index + 1 :]
            if follow and follow[0] == ("num", "."):
                decimals = len(list(_leading_zeros(follow[1:])))
    unit = 10**decimals
    ticks = round(value * 86400 * unit)  # the time rounded to what is shown
    serial, tick_of_day = divmod(ticks, 86400 * unit)
    seconds_of_day, fraction = divmod(tick_of_day, unit)
    found = _date_parts(serial)
    if found is None:  # past 31 December 9999: only the elapsed time and the time of day have a text
        if not _elapsed_only(parts):
            return None
        found = (10000, 1, 1, 0)
    hour, rest = divmod(seconds_of_day, 3600)
    minute, second = divmod(rest, 60)
    twelve = any(c in ("am/pm", "a/p") for c in codes)
    elapsed = {c[1] for c in codes if c.startswith("[")}
    return _Moment(*found, hour, minute, second, fraction, ticks // unit, decimals, twelve, elapsed)


def _date(value: float, section: _Section) -> str | None:
    parts = section.parts
    if value < 0:
        if not any(k == "date" and p.startswith("[") for k, p in parts):
            return None  # a negative date or time of day has no text
        shown = _date(-value, section)  # a negative elapsed time: its length with a minus sign
        return None if shown is None else "-" + shown
    moment = _moment(value, parts)
    if moment is None:
        return None
    out: list[str] = []
    date_indexes = [i for i, (k, _) in enumerate(parts) if k == "date"]
    skip_fraction = False
    for index, (kind, piece) in enumerate(parts):
        if kind == "num":
            if piece == "." and moment.decimals and skip_fraction is False:
                out.append("." + str(moment.fraction).rjust(moment.decimals, "0"))
                skip_fraction = True
                continue
            if skip_fraction and piece == "0":
                continue
            out.append(piece)
            continue
        if kind == "unknown":
            return None
        if kind != "date":
            out.append(piece)
            continue
        minutes = piece.lower() in ("m", "mm") and _is_minute(parts, index, date_indexes)
        out.append(_date_code(piece, moment, minutes))
    return "".join(out)


def _date_code(piece: str, moment: _Moment, minutes: bool) -> str:
    """What one date code shows; ``minutes``: an ``m`` or ``mm`` that is minutes, not the month."""
    code = piece.lower()
    if code.startswith("["):
        inner = code[1:-1]
        total = moment.total_seconds
        amount = {"h": total // 3600, "m": total // 60, "s": total}[inner[0]]
        return str(amount).rjust(len(inner), "0")
    if code.startswith("e"):  # the year of the era: in the Gregorian calendar, the year itself
        return str(moment.year)
    if code.startswith("y"):
        return str(moment.year)[-2:].rjust(2, "0") if len(code) <= 2 else str(moment.year)
    if code.startswith("d"):
        name = _DAYS[moment.weekday]
        days = (str(moment.day), f"{moment.day:02d}", name[:3], name)
        return days[min(len(code), 4) - 1]  # dddd and longer: the whole name
    if code.startswith("h"):
        hours = moment.hour % 12 or 12 if moment.twelve else moment.hour
        if "h" in moment.elapsed:  # with [h] in the format, h shows the elapsed hours too
            hours = moment.total_seconds // 3600
        return str(hours) if code == "h" else f"{hours:02d}"
    if code.startswith("s"):
        seconds = moment.total_seconds if "s" in moment.elapsed else moment.second
        return str(seconds) if code == "s" else f"{seconds:02d}"
    if code.startswith("m"):
        if minutes:
            return str(moment.minute) if code == "m" else f"{moment.minute:02d}"
        name = _MONTHS[moment.month - 1]
        months = (str(moment.month), f"{moment.month:02d}", name[:3], name, name[0])
        return months[len(code) - 1] if len(code) <= 5 else name  # mmmmmm and longer: the name
    if code == "am/pm":
        return "AM" if moment.hour < 12 else "PM"
    if code == "a/p":
        letter = "A" if moment.hour < 12 else "P"
        return letter if piece[0].isupper() else letter.lower()  # a/p shows a or p
    return piece


def _elapsed_only(parts: list[tuple[str, str]]) -> bool:
    """Only ``[h]``, ``[m]`` and ``[s]``: a length of time, shown for any number; a time of day or a date needs a
    serial number from 0 to the last day Excel knows (31 December 9999)."""
    return all(p.startswith("[") for k, p in parts if k == "date")


def _leading_zeros(parts: list[tuple[str, str]]) -> list[str]:
    zeros = []
    for kind, piece in parts:
        if kind == "num" and piece == "0":
            zeros.append(piece)
        else:
            break
    return zeros


def _is_minute(parts: list[tuple[str, str]], index: int, date_indexes: list[int]) -> bool:
    """``m`` or ``mm`` is minutes right after an hour or seconds, or right before seconds (other codes skipped
    over)."""
    position = date_indexes.index(index)
    before = parts[date_indexes[position - 1]][1].lower() if position > 0 else ""
    after = parts[date_indexes[position + 1]][1].lower() if position + 1 < len(date_indexes) else ""
    return before.startswith(("h", "[h", "s", "[s")) or after.startswith(("s", "[s"))


# -- choosing the section ---------------------------------------------------------------------------------------


def _matches(condition: tuple[str, float], value: float) -> bool:
    operator, limit = condition
    return {
        "<": value < limit,
        "<=": value <= limit,
        ">": value > limit,
        ">=": value >= limit,
        "=": value == limit,
        "<>": value != limit,
    }[operator]


def format_value(value: float | str, code: str, date1904: bool = False, logical: bool = False) -> str | None:
    """``value`` shown in the number format ``code`` as TEXT shows it; None when the format is not understood.
    ``date1904``: the workbook counts dates from 1 January 1904 (serial 0), as Excel for Mac once did.
    ``logical``: ``value`` is TRUE or FALSE, which a format without a text section shows by its first section (a
    text is shown as it is)."""
    raw = _split(code)
    sections = [_parse(s) for s in raw]
    if any(s is None for s in sections):
        return None
    parsed: list[_Section] = [s for s in sections if s is not None]
    if len(parsed) == 4 and any(s.is_text for s in parsed[:3]):  # "@" only in the text section (pycel's text.xlsx)
        return None
    if isinstance(value, str):
        text_section = parsed[3] if len(parsed) >= 4 else next((s for s in parsed if s.is_text), None)
        if text_section is None and logical and len(parsed) == 1:
            text_section = parsed[0]
            if any(kind == "num" for kind, _ in text_section.parts):
                return value  # TRUE with "#.###" is TRUE (pycel's text.xlsx, ALL!L17), with '"h""I"' hI
        if text_section is None:
            return value
        # "@" and General show the text itself (TEXT(TRUE, "General") is "TRUE": Apache POI's GeneralFormatTests.xlsx)
        shown = ("@", "general")
        return "".join(value if kind in shown else piece if kind == "lit" else "" for kind, piece in text_section.parts)
    numeric = [s for s in parsed if not s.is_text] or [_Section([("general", "")], None, False, False)]
    if any(s.condition for s in numeric[:2]):
        for section in numeric[:3]:
            if section.condition is None or _matches(section.condition, value):
                return _render(value, section, True, date1904)
        return _general(value)  # no section for it: Excel shows it in General
    if value > 0 or len(numeric) == 1:
        section = numeric[0]
        return _render(value, section, True, date1904)
    if value < 0:
        return _render(-value, numeric[1], False, date1904)
    return _render(value, numeric[2] if len(numeric) >= 3 else numeric[0], True, date1904)


_DAYS_1900_TO_1904 = 1462  # serial 0 of the 1904 system is serial 1462 of the 1900 system


def _render(value: float, section: _Section, signed: bool, date1904: bool = False) -> str | None:
    if section.is_date:
        elapsed = any(k == "date" and p.startswith("[") for k, p in section.parts)
        if date1904 and not elapsed:
            value += _DAYS_1900_TO_1904 if value >= 0 else -_DAYS_1900_TO_1904
        return _date(value if signed else abs(value), section)
    return _number(value, section, signed)
