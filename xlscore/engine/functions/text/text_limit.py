"""No text longer than a cell holds: Excel's 32,767 characters, for every function and operator that makes text.

Excel refuses to make a longer text: ``=REPT("x",32768)`` and ``=LEN(REPT("x",1E9))`` are ``#VALUE!``. So does
xlscore, in one place (:func:`install`, called once when the engine's tables are built):

* the functions whose result can outgrow their arguments are checked before the text is built, so a call asking
  for a gigabyte costs nothing: ``REPT`` (its length is the text's times the count), ``SUBSTITUTE`` (the count of
  matches times the growth of each), ``REGEXREPLACE`` (match by match), ``CONCAT``, ``CONCATENATE`` and
  ``TEXTJOIN`` (their pieces are added up while they are gathered);
* every other function that returns text (:data:`TEXT_FUNCTIONS`) and the ``&`` operator are checked after: their
  result is at most a few times their arguments, which are at most the limit;
* and what a formula leaves in its cell is checked once more where the engine's results become cell values
  (:func:`xlscore.engine.evaluation.formulas_adapter.to_cells`), and a host's registered functions by the host
  (xlscore's at their edge, ``xlscore.excel.functions.edge.call_cells``).

The limit itself is :data:`xlscore.engine.files.limits.MAX_TEXT_LENGTH`.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable, MutableMapping
from typing import Any, Final

import numpy as np
from formulas.functions import Error, flatten, is_not_empty, raise_errors, replace_empty, wrap_func, wrap_ufunc
from formulas.functions import text as engine_text
from formulas.tokens.operand import XlError

from xlscore.engine.evaluation.conversions import as_text
from xlscore.engine.evaluation.formulas_values import MESSAGES
from xlscore.engine.files.limits import MAX_CELLS, MAX_TEXT_LENGTH, too_long_text

__all__ = ["TEXT_FUNCTIONS", "install"]

TEXT_FUNCTIONS: Final = (
    *("ARRAYTOTEXT", "ASC", "BAHTTEXT", "BASE", "CHAR", "CLEAN", "DOLLAR", "FIXED", "HYPERLINK", "LEFT", "LEFTB"),
    *("LOWER", "MID", "MIDB", "PROPER", "REGEXEXTRACT", "REPLACE", "REPLACEB", "RIGHT", "RIGHTB"),
    *("T", "TEXT", "TEXTAFTER", "TEXTBEFORE", "TEXTSPLIT", "TRIM", "UPPER", "VALUETOTEXT"),
)
"""The engine's functions that return text built from their arguments, checked after they return."""


def _error(code: str, reason: str) -> XlError:
    """The engine's error value ``code``, its reason kept for the cell's report."""
    messages = MESSAGES.get()
    if messages is not None:
        messages.append(reason)
    return Error.errors[code]


def _too_long(length: int) -> XlError:
    return _error("#VALUE!", too_long_text(length))


def _checked(value: Any) -> Any:
    """``value`` with every text over the limit turned into #VALUE!."""
    if isinstance(value, str):
        return _too_long(len(value)) if len(value) > MAX_TEXT_LENGTH else value
    if isinstance(value, np.ndarray) and value.dtype == object:
        long = [i for i, v in enumerate(value.flat) if isinstance(v, str) and len(v) > MAX_TEXT_LENGTH]
        if long:
            value = value.copy()
            for i in long:
                value.flat[i] = _too_long(len(value.flat[i]))
    return value


def _checked_after(function: Callable[..., Any]) -> Callable[..., Any]:
    def run(*args: Any, **kwargs: Any) -> Any:
        return _checked(function(*args, **kwargs))

    return functools.update_wrapper(run, function)


def _joined(separator: str, pieces: Iterable[Any]) -> Any:
    """The pieces as text joined by ``separator``, or #VALUE! as soon as they add up to more than the limit."""
    texts: list[str] = []
    length = -len(separator)
    for piece in pieces:
        text = as_text(piece)
        length += len(separator) + len(text)
        if length > MAX_TEXT_LENGTH:
            return _too_long(length)
        texts.append(text)
    return separator.join(texts)


def _concat(text: Any, *args: Any) -> Any:
    pieces = list(flatten((text, *args), is_not_empty))
    raise_errors(pieces)
    return _joined("", pieces)


def _textjoin(delimiter: Any, ignore_empty: Any, text: Any, *args: Any) -> Any:
    raise_errors(delimiter, ignore_empty, text, *args)
    if ignore_empty:
        pieces: Iterable[Any] = flatten((text, *args), is_not_empty)
    else:
        pieces = (replace_empty(v, "") for v in flatten((text, *args), None))
    return _joined(as_text(next(flatten(delimiter, None))), pieces)


def _rept(text: Any, times: Any) -> Any:
    text = as_text(text)
    count = int(float(replace_empty(times)))
    if count < 0:
        return Error.errors["#VALUE!"]
    if len(text) * count > MAX_TEXT_LENGTH:
        return _too_long(len(text) * count)
    return text * count


def _substitute(text: Any, old_text: Any, new_text: Any, instance_num: Any = None) -> Any:
    text, old_text, new_text = (as_text(v) for v in (text, old_text, new_text))
    if instance_num is None and old_text:
        length = len(text) + text.count(old_text) * (len(new_text) - len(old_text))
        if length > MAX_TEXT_LENGTH:
            return _too_long(length)
    return _checked(engine_text.xsubstitute(text, old_text, new_text, instance_num))


def _regexreplace(text: Any, pattern: Any, replacement: Any, occurrence: Any = 0, case_sensitivity: Any = 0) -> Any:
    """REGEXREPLACE, its result's length added up match by match before it is built."""
    rx, text = engine_text._xregex(text, pattern, case_sensitivity)
    replacement = as_text(replacement)
    count = int(float(replace_empty(occurrence)))
    length = len(text)
    for number, found in enumerate(rx.finditer(text), start=1):
        length += len(found.expand(replacement)) - len(found.group())
        if length > MAX_TEXT_LENGTH:
            return _too_long(length)
        if number == count:
            break
    return rx.sub(replacement, text, count=count)


def install(functions: MutableMapping[str, Any], operators: MutableMapping[str, Any]) -> None:
    """Bound every text the engine's ``functions`` and ``&`` among its ``operators`` make (see the module)."""
    from xlscore.engine.functions.text.substrings import _substitute as substitute_of

    for name in TEXT_FUNCTIONS:
        for key in (name, f"_XLFN.{name}"):
            if callable(functions.get(key)):
                functions[key] = _checked_after(functions[key])
    by_text: dict[str, str] = {"input_parser": lambda *a: a}  # type: ignore[dict-item]
    empty_is_text = {**by_text, "args_parser": lambda *a: (replace_empty(v, "") for v in a)}
    functions["REPT"] = wrap_ufunc(_rept, **empty_is_text)
    functions["SUBSTITUTE"] = substitute_of(wrap_ufunc(_substitute, **empty_is_text))
    for key in ("CONCAT", "_XLFN.CONCAT", "TEXTJOIN", "_XLFN.TEXTJOIN"):
        functions[key] = wrap_func(_textjoin if "TEXTJOIN" in key else _concat)
    functions["REGEXREPLACE"] = functions["_XLFN.REGEXREPLACE"] = wrap_ufunc(
        _regexreplace, check_nan=False, **empty_is_text
    )
    for key in ("CONCATENATE", "_XLFN.CONCATENATE"):
        functions[key] = wrap_ufunc(_concat, **empty_is_text)
    operators["&"] = _checked_after(operators["&"])
    functions["UNICHAR"] = functions["_XLFN.UNICHAR"] = _checked_after(wrap_ufunc(_unichar))
    munit = functions["MUNIT"]
    functions["MUNIT"] = functions["_XLFN.MUNIT"] = functools.update_wrapper(lambda size: _munit(munit, size), munit)


def _munit(engine_munit: Callable[..., Any], size: Any) -> Any:
    """MUNIT, refused (#VALUE!) past the cells xlscore computes before the matrix is made: MUNIT(100000) would
    be ten billion cells."""
    value = size.ravel()[0] if isinstance(size, np.ndarray) and size.size else size
    if isinstance(value, (int, float)) and not isinstance(value, bool) and value * value > MAX_CELLS:
        return _error(
            "#VALUE!", f"MUNIT({value:g}) is {value * value:,.0f} cells, more than the {MAX_CELLS:,} xlscore computes"
        )
    return engine_munit(size)


def _unichar(number: float) -> Any:
    """UNICHAR as Excel gives it: #N/A for a code of half a surrogate pair (U+D800 to U+DFFF), which is no
    character (Microsoft's page of UNICHAR: "If Unicode numbers are partial surrogates ..., UNICHAR returns the
    #N/A error value"); #VALUE! for 0 and past U+10FFFF."""
    code = int(number)
    if 0xD800 <= code <= 0xDFFF:
        return _error("#N/A", f"#N/A UNICHAR({code}) is half of a surrogate pair, no character (as in Excel)")
    if not 0 < code <= 0x10FFFF:
        return Error.errors["#VALUE!"]
    return chr(code)
