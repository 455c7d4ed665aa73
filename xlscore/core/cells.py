"""Reading one cell, the same way for every rule: blank, a name, yes or no, a number as the decimal it prints as.

A value arrives as Python or a sheet sends it: ``None`` or text for an empty cell, ``3.0`` for a typed 3, ``True``
for a logical. Every rule and every table reader asks these functions, so a cell means one thing everywhere:

* **blank**: ``None``, or text of nothing but spaces (``""``, ``"  "``). A row of such cells is skipped, and an
  optional argument given such a cell takes its default.
* **a name**: text with its spaces trimmed; a whole number (``3.0``) is read as its digits (``3``).
* **yes or no**: one vocabulary for every yes/no column (drop-outs, final boards): see :data:`YES` and :data:`NO`.
* **a number, exactly**: :func:`exact` reads a number as the decimal it prints as (``0.1`` is one tenth, not the
  binary float nearest it), so that tie-breaks compare what a coordinator typed.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from decimal import Decimal
from fractions import Fraction

from xlscore.core.errors import InputError

__all__ = ["NO", "YES", "cell_text", "exact", "fraction_sum", "is_blank", "name", "names", "yes_no"]

YES = frozenset({"yes", "y", "true", "x", "1", "dropped", "out"})
"""Text read as yes (any case): the usual marks, and the words a drop-out column holds."""
NO = frozenset({"", "no", "n", "false", "0"})
"""Text read as no (any case); a blank cell is no as well."""


_MISSING = frozenset({"NAType", "NaTType"})  # pandas' missing values (pd.NA, pd.NaT), known without importing pandas


def is_blank(value: object) -> bool:
    """Whether a cell is empty: None, text of nothing but spaces, or pandas' missing value (``pd.NA``, ``pd.NaT``)."""
    return value is None or (isinstance(value, str) and not value.strip()) or type(value).__name__ in _MISSING


def cell_text(value: object) -> str | None:
    """A cell as a name: None when blank; a whole float (3.0, as a sheet sends a number) as ``3``."""
    if value is None or isinstance(value, bool) or type(value).__name__ in _MISSING:
        return None
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    text = str(value).strip()
    return text or None


def name(argument: str, value: object) -> str:
    """A player's name from a list argument: non-blank text (a number is read as its digits)."""
    if isinstance(value, bool):
        raise InputError(f"{argument} is the logical value {str(value).upper()}; expected a player's name")
    text = cell_text(value)
    if text is None:
        raise InputError(f"{argument} is blank; expected a player's name")
    return text


def names(argument: str, values: Iterable[object], *, min_len: int = 0, skip_blank: bool = False) -> tuple[str, ...]:
    """Every name of a list argument, checked non-blank and unique; the message names the position from 1.

    ``skip_blank``: leave blank cells out instead of refusing them, for a list whose order is all that counts (a
    seeding list, sign-ups), read from a table column that may hold blank rows.
    """
    if isinstance(values, (str, bytes)) or not isinstance(values, Iterable):
        raise InputError(f"{argument} is {_kind(values)}; expected a list of player names")
    listed = [(i, v) for i, v in enumerate(values, start=1) if not (skip_blank and is_blank(v))]
    result = tuple(name(f"{argument}[{i}]", v) for i, v in listed)
    seen: dict[str, int] = {}
    for (i, _), player in zip(listed, result, strict=True):
        if player in seen:
            raise InputError(
                f"{argument}[{i}] is {player!r} again (first at {argument}[{seen[player]}]); expected each player once"
            )
        seen[player] = i
    if len(result) < min_len:
        raise InputError(f"{argument} has {len(result)} names; expected at least {min_len} players")
    return result


def _kind(value: object) -> str:
    if isinstance(value, str):
        return f"the text {value!r}"
    return "blank" if value is None else f"{value!r}"


def yes_no(argument: str, value: object) -> bool:
    """A yes/no cell: blank, FALSE, 0, no give False; TRUE, 1, yes, x, dropped, out give True (any case)."""
    if value is None or isinstance(value, bool):
        return bool(value)
    if isinstance(value, (int, float)) and value in (0, 1):
        return bool(value)
    text = str(value).strip().lower()
    if text in YES:
        return True
    if text in NO:
        return False
    raise InputError(f"{argument} is {value!r}; expected yes or no (TRUE, FALSE, yes, x, blank)")


def fraction_sum(values: Sequence[Fraction]) -> Fraction:
    """The exact sum of fractions over one common denominator, reduced once (Fraction's own addition reduces at
    every step: a standings table adds thousands of them)."""
    if len(values) == 1:
        return values[0]
    denominator = math.lcm(*(value.denominator for value in values))
    return Fraction(sum(value.numerator * (denominator // value.denominator) for value in values), denominator)


def exact(value: float | int | Fraction | Decimal) -> Fraction:
    """A number as the decimal it prints as, exactly: ``exact(0.1) == Fraction(1, 10)``.

    A float is read through its shortest repr, which is what a coordinator typed or saw; ``Fraction(0.1)`` would
    keep the binary value, a little more than a tenth, and split ties that are none. A float of 15 or more
    significant digits is a computed value (a league's 10/3 read back from a standings table): it is read as the
    simplest fraction, denominator at most a million, that is the same float.
    """
    if isinstance(value, float):
        typed = Decimal(repr(value))
        if len(typed.as_tuple().digits) < _COMPUTED_DIGITS:
            return Fraction(typed)
        # A computed share such as 10/3 (3.3333333333333335), read back from a standings table: the simplest
        # fraction that prints as the same float.
        simplest = Fraction(value).limit_denominator(_DENOMINATOR)
        return simplest if float(simplest) == value else Fraction(typed)
    return Fraction(value)


_COMPUTED_DIGITS = 15
"""A float of this many significant digits or more was computed, not typed (Excel shows 15 at most)."""
_DENOMINATOR = 10**6
