"""Excel's own conversions, where the `formulas` engine differs from Excel, mended before and around it.

* Text in arithmetic is a number as Excel reads it (:func:`excel_number`): ``="3"+1`` is 4, and so are ``="$1,000"*1``
  (1000), ``="50%"+0`` (0.5), ``="(12)"+0`` (-12), ``="1/2/2020"+0`` (43832, the date), ``="12:30"+0`` (0.520833,
  a time) and ``=" 3 "+1``; TRUE is 1 and FALSE 0. Text that reads as no number is ``#VALUE!``. The engine read
  only what Python's float reads (which also takes ``nan``, ``inf`` and ``1_000``, which Excel does not). ``VALUE``
  reads text the same way (the engine read ``"1,000"`` as a date in the year 1000 and ``"12:30"`` as today at
  12:30).
* ``--x`` converts ``x`` to a number, as ``-(-x)`` does (``=--("A"="B")`` is 0): the engine's parser folds a run of
  signs into one, so ``--`` became ``+``, which changes nothing (:func:`signs_kept`).
* Operators over arrays of different sizes (``{1,2,3}+{1,2}``, ``A1:A3<>B1:B2``) give an array as large as the
  largest, with ``#N/A`` where the smaller has no value, as Excel does; the engine raised "Broadcast is not
  implemented".
* ``SUM``, ``AVERAGE``, ``MIN``, ``MAX``, ``COUNT``, ``PRODUCT`` and the other statistics leave out text in a
  reference or an array (a number typed as text in a cell is not counted), and read a text given directly as an
  argument as a number (``=SUM("5",1)`` is 6), as Excel does; the engine counted numeric text in ranges (SUM) or
  failed on it (``#VALUE!`` from AVERAGE, MIN, MAX).
* ``TEXT`` applies Excel's number formats as :mod:`xlscore.engine.functions.text.number_format` reads them; the engine
  gave ``#VALUE!`` for ``[h]:mm`` and ``General``, ``-(5.00)`` for ``#,##0.00;(#,##0.00)`` and ``2 ?/?`` for
  ``# ?/?``.

:func:`install` puts these into xlscore's tables of operators and functions for the engine; it is called once, when
:mod:`xlscore.engine.evaluation.formulas_adapter` is first imported, and changes xlscore's computations only, never
`formulas` for the rest of the process (:mod:`xlscore.engine.evaluation.formulas_patches`).
"""

from __future__ import annotations

import datetime
import functools
import re
from collections.abc import Callable, MutableMapping
from typing import Any

from xlscore.engine.functions.information.cellinfo import RUNTIME
from xlscore.engine.functions.text.number_format import format_value
from xlscore.engine.rewrite.tokens import Token

__all__ = ["excel_number", "install", "number_of", "signs_kept"]

_NUMBER = re.compile(
    r"(?P<open>\()?\s*(?P<sign>[+-])?\s*(?P<currency>\$)?\s*(?P<sign2>[+-])?\s*"
    r"(?P<digits>(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d*)?|\.\d+)(?P<exponent>[eE][+-]?\d+)?\s*"
    r"(?P<percent>%)?\s*(?P<close>\))?"
)
_TIME = r"(?P<hour>\d{1,2}):(?P<minute>\d{1,2})(?::(?P<second>\d{1,2}(?:\.\d+)?))?(?:\s*(?P<ampm>[AaPp][Mm]))?"
_MONTHS = {
    name: number
    for number, names in enumerate(
        (
            ("jan", "january"),
            ("feb", "february"),
            ("mar", "march"),
            ("apr", "april"),
            ("may",),
            ("jun", "june"),
            ("jul", "july"),
            ("aug", "august"),
            ("sep", "sept", "september"),
            ("oct", "october"),
            ("nov", "november"),
            ("dec", "december"),
        ),
        start=1,
    )
    for name in names
}
_MONTH = r"(?P<month_name>[A-Za-z]{3,9})"
_DATES = [
    re.compile(r"(?P<year>\d{4})-(?P<month>\d{1,2})-(?P<day>\d{1,2})"),  # 2020-01-02
    re.compile(r"(?P<year>\d{4})/(?P<month>\d{1,2})/(?P<day>\d{1,2})"),  # 2020/01/02
    re.compile(r"(?P<month>\d{1,2})/(?P<day>\d{1,2})/(?P<year>\d{2}|\d{4})"),  # 1/2/2020, US order as Excel en-US
    re.compile(rf"(?P<day>\d{{1,2}})[- ]{_MONTH}[- ](?P<year>\d{{2}}|\d{{4}})"),  # 2-Jan-2020, 2 January 2020
    re.compile(rf"{_MONTH} (?P<day>\d{{1,2}}),? (?P<year>\d{{4}})"),  # Jan 2, 2020
]
_DATE_TIME = [re.compile(rf"\s*{date.pattern}(?:[ T]+{_TIME})?\s*") for date in _DATES]
_TIME_ONLY = re.compile(rf"\s*{_TIME}\s*")
_EPOCH = datetime.date(1899, 12, 30)  # serial 0 as Excel counts from 1 March 1900 on


def _time(match: re.Match[str]) -> float | None:
    if match.group("hour") is None:
        return 0.0
    hour, minute = int(match.group("hour")), int(match.group("minute"))
    second = float(match.group("second") or 0)
    ampm = (match.group("ampm") or "").upper()
    if ampm:
        if not 1 <= hour <= 12:
            return None
        hour = hour % 12 + (12 if ampm == "PM" else 0)
    if minute > 59 or second >= 60:
        return None
    return (hour * 3600 + minute * 60 + second) / 86400


def _date(match: re.Match[str]) -> float | None:
    """The serial number of the date ``match`` found; None when it is no date Excel knows. Month first, as Excel in
    English (United States) reads 1/2/2020; where that is no date (29/02/1900), day first, as Excel set to a
    day-first language saved it (vinci1it2000/formulas' test.xlsx reads "29/02/1900" as 60). 29 February 1900,
    which Excel counts though it never was, is 60; dates before 1900 are none."""
    groups = match.groupdict()
    year = int(groups["year"])
    if len(groups["year"]) == 2:
        year += 2000 if year < 30 else 1900  # Excel's two-digit years: 00-29 are 2000-2029
    month = _MONTHS.get(groups["month_name"].lower()) if groups.get("month_name") else int(groups["month"])
    if month is None:
        return None
    number = int(groups["day"])
    if not groups.get("month_name") and month > 12 and number <= 12:
        month, number = number, month  # no month 29: the day came first
    if (year, month, number) == (1900, 2, 29):
        return 60.0
    try:
        day = datetime.date(year, month, number)
    except ValueError:
        return None
    if day < datetime.date(1900, 1, 1):
        return None
    if day < datetime.date(1900, 3, 1):
        return float((day - datetime.date(1899, 12, 31)).days)  # before Excel's 29 February 1900
    return float((day - _EPOCH).days)


@functools.lru_cache(maxsize=4096)
def excel_number(text: str) -> float | None:
    """The number Excel reads in ``text`` where a number is needed (en-US), or None when it reads none."""
    match = _NUMBER.fullmatch(text.strip())
    if match is not None and bool(match.group("open")) == bool(match.group("close")):
        if match.group("sign") and match.group("sign2"):
            return None
        number = float(match.group("digits").replace(",", "") + (match.group("exponent") or ""))
        if match.group("percent"):
            number /= 100
        negative = (match.group("sign") or match.group("sign2")) == "-"
        if match.group("open"):
            if negative:
                return None
            negative = True
        return -number if negative else number
    time = _TIME_ONLY.fullmatch(text)
    if time is not None:
        return _time(time)
    for pattern in _DATE_TIME:
        found = pattern.fullmatch(text)
        if found is not None:
            day, moment = _date(found), _time(found)
            return None if day is None or moment is None else day + moment
    return None


def signs_kept(items: list[Token]) -> list[Token]:
    """The tokens with every run of prefix signs that holds an even number of minus signs (``--x``, ``-+-x``)
    written ``-(-x)``: the engine's parser folds the run into ``+``, which does not convert x to a number."""
    out: list[Token] = []
    i = 0
    while i < len(items):
        token = items[i]
        if not (token.type == Token.OP_PRE and token.value in "+-"):
            out.append(token)
            i += 1
            continue
        j = i
        while j < len(items) and items[j].type == Token.OP_PRE and items[j].value in "+-":
            j += 1
        minus = sum(1 for t in items[i:j] if t.value == "-")
        end = _operand_end(items, j)
        if minus == 0 or minus % 2 or end is None:
            out.extend(items[i:j])
            i = j
            continue
        out += [
            Token("-", Token.OP_PRE),
            Token("(", Token.PAREN, Token.OPEN),
            Token("-", Token.OP_PRE),
            *signs_kept(items[j:end]),
            Token(")", Token.PAREN, Token.CLOSE),
        ]
        i = end
    return out


def line_feeds_kept(items: list[Token]) -> list[Token]:
    """The tokens with each text that holds a line feed written ``("a "&CHAR(10)&"b")``: the engine's parser drops
    line feeds from the formula, so ``IF(x,"Select a County\n(Highlighted)", ...)`` lost its line break
    (Apache POI's dataValidationTableRange.xlsx)."""
    out: list[Token] = []
    for token in items:
        if token.type != Token.OPERAND or token.subtype != Token.TEXT or "\n" not in token.value:
            out.append(token)
            continue
        pieces = token.value[1:-1].split("\n")
        out.append(Token("(", Token.PAREN, Token.OPEN))
        for index, piece in enumerate(pieces):
            if index:
                out += [Token("&", Token.OP_IN), Token("CHAR(", Token.FUNC, Token.OPEN)]
                out += [Token("10", Token.OPERAND, Token.NUMBER), Token(")", Token.FUNC, Token.CLOSE)]
                out.append(Token("&", Token.OP_IN))
            out.append(Token(f'"{piece}"', Token.OPERAND, Token.TEXT))
        out.append(Token(")", Token.PAREN, Token.CLOSE))
    return out


def _operand_end(items: list[Token], start: int) -> int | None:
    """Just past the operand that starts at ``start``: one operand, or a call, bracket or array through its close;
    a following ``%`` with it."""
    if start >= len(items):
        return None
    token = items[start]
    if token.type == Token.OPERAND:
        end = start + 1
    elif token.subtype == Token.OPEN:
        depth = 0
        end = start
        while end < len(items):
            if items[end].subtype == Token.OPEN:
                depth += 1
            elif items[end].subtype == Token.CLOSE:
                depth -= 1
                if depth == 0:
                    break
            end += 1
        else:
            return None
        end += 1
    else:
        return None
    while end < len(items) and items[end].type == Token.OP_POST:
        end += 1
    return end


# ---------------------------------------------------------------------------------------------------------------
# The engine's side: imported with the engine only.


def number_of(value: Any) -> float:
    """An operand of arithmetic as Excel converts it; ValueError (the engine's #VALUE!) when it cannot."""
    if isinstance(value, bool):
        return float(value)
    if isinstance(value, str):
        number = excel_number(value)
        if number is None:
            raise ValueError(value)
        return number
    return float(value)


class ArgumentError(Exception):
    """An argument a function cannot take: ``code`` is the error Excel gives for it (#VALUE!, #NUM!, or the error
    the argument already was)."""

    def __init__(self, code: str) -> None:
        super().__init__(code)
        self.code = code


def number_argument(value: Any, blank: float = 0.0) -> float:
    """A number argument as Excel's functions read it: an error is itself, a blank cell or a left-out argument
    ``blank``, TRUE and FALSE #VALUE!, a text the number it reads as (:func:`excel_number`) or #VALUE!.
    :class:`ArgumentError` for the refused ones."""
    import schedula as sh
    from formulas.tokens.operand import XlError

    from xlscore.engine.rewrite.calls import Omitted

    if isinstance(value, XlError):
        raise ArgumentError(str(value))
    if value is sh.EMPTY or value is None or isinstance(value, Omitted):
        return blank
    if isinstance(value, bool):
        raise ArgumentError("#VALUE!")
    if isinstance(value, str):
        number = excel_number(value)
        if number is None:
            raise ArgumentError("#VALUE!")
        return number
    return float(value)


def _padded(arguments: tuple[Any, ...]) -> tuple[Any, ...]:
    """Arrays of different sizes made as large as the largest, ``#N/A`` where one has no value, as Excel does; a
    dimension of 1 is left for numpy to repeat."""
    import numpy as np
    from formulas.functions import Array, Error

    shapes = [np.shape(a) for a in arguments]
    if all(len(s) < 2 for s in shapes) or len({s for s in shapes if len(s) == 2}) <= 1:
        return arguments
    rows = max(s[0] for s in shapes if len(s) == 2)
    cols = max(s[1] for s in shapes if len(s) == 2)
    out = []
    for argument, shape in zip(arguments, shapes, strict=True):
        if len(shape) == 2 and ((1 < shape[0] < rows) or (1 < shape[1] < cols)):
            height = rows if shape[0] > 1 else 1
            width = cols if shape[1] > 1 else 1
            grown = np.empty((height, width), dtype=object)
            grown.fill(Error.errors["#N/A"])
            grown[: shape[0], : shape[1]] = argument
            argument = grown.view(Array)
        out.append(argument)
    return tuple(out)


def _broadcasting(operator: Callable[..., Any]) -> Callable[..., Any]:
    def run(*arguments: Any) -> Any:
        return operator(*_padded(arguments))

    return functools.update_wrapper(run, operator)


def _text_left_out(function: Callable[..., Any]) -> Callable[..., Any]:
    """A statistics function that leaves out text (and logical values) in references and arrays, and reads a text
    argument given directly as a number."""
    import numpy as np
    import schedula as sh
    from formulas.functions import Error
    from formulas.tokens.operand import XlError

    def left_out(value: object) -> bool:
        return isinstance(value, (str, bool)) and not isinstance(value, (XlError, sh.Token))

    def clean(argument: Any) -> Any:
        if isinstance(argument, np.ndarray):
            if argument.dtype != object:
                return argument
            kind = np.asarray(np.frompyfunc(left_out, 1, 1)(argument), dtype=bool)
            if not kind.any():
                return argument
            cleaned = argument.copy()
            cleaned[kind] = sh.EMPTY
            return cleaned
        if isinstance(argument, str) and left_out(argument):
            number = excel_number(argument)
            return Error.errors["#VALUE!"] if number is None else number
        return argument

    def run(*arguments: Any) -> Any:
        return function(*(clean(a) for a in arguments))

    return functools.update_wrapper(run, function)


def _dates_read(function: Callable[..., Any]) -> Callable[..., Any]:
    """A date function (YEAR, MONTH ...) that reads a date given as text as Excel reads it (:func:`excel_number`):
    ``YEAR("7/5/1800")`` is #VALUE!, as Excel saved it in xlcalculator's YEAR.xlsx, where the engine gave 1800."""
    import numpy as np
    import schedula as sh
    from formulas.functions import Error
    from formulas.tokens.operand import XlError

    def read(value: Any) -> Any:
        if isinstance(value, str) and not isinstance(value, (XlError, sh.Token)):
            number = excel_number(value)
            return Error.errors["#VALUE!"] if number is None else number
        return value

    def clean(argument: Any) -> Any:
        if isinstance(argument, np.ndarray) and argument.dtype == object:
            return np.frompyfunc(read, 1, 1)(argument).view(type(argument))
        return read(argument)

    def run(*arguments: Any) -> Any:
        return function(*(clean(a) for a in arguments))

    return functools.update_wrapper(run, function)


def number_text(number: float) -> str:
    """A number as Excel turns it into text (``A1&""``, LEFT, FIND, a complex number's parts): 15 significant
    digits without trailing zeros, written with an exponent (two digits at least) when it is below 1E-5 or from
    1E+15 on, as Excel writes ``0.0000692442674613868`` but ``2.24044486393732E-06`` (vinci1it2000/formulas'
    test.xlsx, ENGINEERING!S35 and V39) and 0.00001 as ``0.00001`` (Apache POI's FormulaEvalTestData.xlsx:
    SEARCH(1, 0.00001) is 7). The engine wrote Python's text: ``1e-05``, ``0.30000000000000004``."""
    if number == 0:
        return "0"
    # The exponent of the number rounded to 15 digits: log10 rounds up next to a power of ten (999999999999998
    # was written 9.99999999999998E+14), and 9.9999999999999996E-06 rounds to 1E-05.
    mantissa, power = f"{number:.14E}".split("E")
    exponent = int(power)
    if -5 <= exponent < 15:
        return f"{number:.{14 - exponent}f}".rstrip("0").rstrip(".") if exponent < 14 else f"{number:.0f}"
    return f"{mantissa.rstrip('0').rstrip('.')}E{power[0]}{power[1:].rjust(2, '0')}"


def as_text(value: Any) -> str:
    """The engine's conversion of a value to text, with numbers as Excel writes them (:func:`number_text`)."""
    if isinstance(value, bool):
        return "TRUE" if value else "FALSE"
    if isinstance(value, (int, float)):
        return number_text(float(value))
    return str(value)


def _no_numbers_no_product(function: Callable[..., Any]) -> Callable[..., Any]:
    """PRODUCT of references that hold no number is 0, as in Excel (Apache POI's FormulaEvalTestData.xlsx,
    PRODUCT(E8:E9) over two texts), not the empty product 1; a value given directly counts as one, and an error
    in a reference is the result."""
    import numpy as np
    from formulas.tokens.operand import XlError

    def counted(argument: Any) -> bool:
        if not isinstance(argument, np.ndarray):
            return True
        return any(  # a number, or an error, which the engine's PRODUCT gives
            isinstance(v, XlError) or (isinstance(v, (int, float)) and not isinstance(v, bool))
            for v in argument.ravel().tolist()
        )

    def run(*arguments: Any) -> Any:
        return function(*arguments) if any(counted(a) for a in arguments) else 0.0

    return functools.update_wrapper(run, function)


_DATE_PARTS = ("YEAR", "MONTH", "DAY", "WEEKDAY", "HOUR", "MINUTE", "SECOND")

_STATISTICS = (
    "SUM",
    "PRODUCT",
    "AVERAGE",
    "MIN",
    "MAX",
    "COUNT",
    "MEDIAN",
    "STDEV",
    "STDEV.S",
    "STDEV.P",
    "STDEVP",
    "VAR",
    "VAR.S",
    "VAR.P",
    "VARP",
    "SUMSQ",
)


def install(functions: MutableMapping[str, Any], operators: MutableMapping[str, Any]) -> None:
    """Put Excel's conversions into xlscore's tables for the engine: ``operators`` and ``functions``; the engine's
    own conversion of a value to text becomes :func:`as_text` while xlscore computes
    (:mod:`xlscore.engine.evaluation.formulas_patches`)."""
    from formulas.functions import replace_empty, wrap_ufunc

    arithmetic = {
        "+": lambda x, y: x + y,
        "-": lambda x, y: x - y,
        "U-": lambda x: -x,
        "*": lambda x, y: x * y,
        "^": _power,
        "%": lambda x: x / 100.0,
    }
    for name, operation in arithmetic.items():
        operators[name] = _broadcasting(wrap_ufunc(operation, input_parser=lambda *a: map(number_of, a)))
    operators["/"] = _broadcasting(
        wrap_ufunc(lambda x, y: (x / y) if y else _div0(), input_parser=lambda *a: map(number_of, a))
    )
    for name in (">=", "<=", "<>", "<", ">", "=", "&"):
        operators[name] = _broadcasting(operators[name])
    for name in _DATE_PARTS:
        functions[name] = _dates_read(functions[name])
    for name in _STATISTICS:
        for key in (name, f"_XLFN.{name}"):
            if key in functions:
                functions[key] = _text_left_out(functions[key])
    functions["PRODUCT"] = _no_numbers_no_product(functions["PRODUCT"])

    def value(text: Any) -> Any:
        if isinstance(text, bool):
            raise ValueError(text)
        if isinstance(text, str):
            return number_of(text)
        return float(text)

    functions["VALUE"] = wrap_ufunc(value, input_parser=lambda *a: a)
    functions["TIMEVALUE"] = wrap_ufunc(_timevalue, input_parser=lambda *a: a)
    functions["IF"] = {**functions["IF"], "function": _if(functions["IF"]["function"])}
    functions["TEXT"] = wrap_ufunc(
        _text, input_parser=lambda *a: a, check_nan=False, args_parser=lambda v, c: (v, replace_empty(c, ""))
    )


def _timevalue(text: Any) -> float:
    """TIMEVALUE: the time of day in a text that holds a time or a date (a date alone is 0); ValueError (#VALUE!)
    for anything else, a number or a text that reads as a plain number included (``TIMEVALUE("1.25")`` is
    #VALUE! in dgorissen/pycel's date-time.xlsx, Sheet1!F23, where the engine gave 0)."""
    if type(text) is not str or _NUMBER.fullmatch(text.strip()) is not None:
        raise ValueError(text)
    number = excel_number(text)
    if number is None:
        raise ValueError(text)
    return number % 1


def _if(engine_if: Callable[..., Any]) -> Callable[..., Any]:
    """IF as Excel computes it: a condition that is one value chooses one argument whole (``IF(TRUE,1,{1,2,3})``
    is 1, where the engine made it {1,1,1}); the text "TRUE" or "FALSE" in any case is that logical value (the
    engine gave #VALUE!); an array condition is taken value by value, as the engine does."""
    import numpy as np
    import schedula as sh
    from formulas.functions import Error, parse_ranges
    from formulas.tokens.operand import XlError

    def run(condition: Any, *branches: Any) -> Any:
        (value, *chosen), _ = parse_ranges(condition, *branches)
        if isinstance(value, np.ndarray):
            if value.size != 1:
                return engine_if(condition, *branches)
            value = value.ravel()[0]
        if isinstance(value, XlError):
            return value
        if isinstance(value, str) and value is not sh.EMPTY:
            upper = value.strip().upper()  # IF("tRue", ...) is TRUE's (Apache POI's FormulaEvalTestData)
            if upper not in ("TRUE", "FALSE"):
                return Error.errors["#VALUE!"]
            value = upper == "TRUE"
        if value is sh.EMPTY:
            value = False
        if value:
            return chosen[0] if chosen else True
        return chosen[1] if len(chosen) > 1 else False

    return functools.update_wrapper(run, engine_if)


def _text(value: Any, code: Any) -> str:
    """TEXT(value, format_text) by :mod:`xlscore.engine.functions.text.number_format`; ValueError (#VALUE!) for a format
    it does not understand."""
    import schedula as sh

    if value is sh.EMPTY:
        value = 0.0
    logical = isinstance(value, bool)
    if logical:
        value = "TRUE" if value else "FALSE"  # a logical value is shown as text: by a format's text section
    if isinstance(code, bool):
        code = "TRUE" if code else "FALSE"
    elif not isinstance(code, str):
        code = format_value(float(code), "General") or ""
    if not logical and isinstance(value, str):
        number = excel_number(value)
        value = value if number is None else number
    elif not logical:
        value = float(value)
    if code == "":  # an empty format shows a text as it is, a number as nothing but its minus sign (pycel's text.xlsx)
        return value if isinstance(value, str) and not logical else "-" if not logical and value < 0 else ""
    runtime = RUNTIME.get()
    shown = format_value(value, code, runtime is not None and runtime.date1904, logical)
    if shown is None:
        raise ValueError(code)
    return shown


def _power(base: float, exponent: float) -> Any:
    """``base ^ exponent`` as Excel gives it: 0^0 #NUM!, 0 to a negative power #DIV/0!, a negative number to a
    power that is not whole #NUM! (Python gave a complex number, written into the cell as text: Apache POI's
    FormulaEvalTestData.xlsx, EverythingTests!G71), a result too large #NUM!."""
    from formulas.functions import Error

    if base == 0:
        return 0.0 if exponent > 0 else Error.errors["#NUM!" if exponent == 0 else "#DIV/0!"]
    if base < 0 and not float(exponent).is_integer():
        return Error.errors["#NUM!"]
    import math
    import sys

    if exponent * math.log10(abs(base)) > math.log10(sys.float_info.max):  # past the largest number: not tried,
        return Error.errors["#NUM!"]  # which would leave the processor's overflow flag for numpy to warn of
    try:
        return float(base) ** float(exponent)
    except OverflowError:  # at the very edge of the largest number
        return Error.errors["#NUM!"]


def _div0() -> Any:
    from formulas.functions import Error

    return Error.errors["#DIV/0!"]
