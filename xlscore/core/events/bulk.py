"""Whole-column checks and game arithmetic, with numpy: the fast path of the results-table rules.

A results table of 100,000 rows checked and scored row by row costs seconds of Python; the same work over whole
columns costs milliseconds. Every function here answers one question for a whole column at once, and answers None
(or False) when a row would need a message: the rule then runs its row-by-row path, which finds the first bad row
in table order and words it as it always has. So the fast path never words a message of its own, and never
decides anything the row-by-row path would decide otherwise: it is only taken when every row is plainly good.

Each rule's own fast path lives beside it (the whole-column RPLOPS and Size Matters tables in their modules, rounds in
:mod:`xlscore.core.events.rounds`, competition places in :mod:`xlscore.core.events.placement`), each with a property
test that it equals the rule; this module holds the column arithmetic they share.

The arithmetic is the row-by-row path's, in the same order, so every float comes out bit for bit the same; sums
that the rules keep exact (standings totals) are kept exact here too, as integers over a common denominator.
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Sequence
from fractions import Fraction
from typing import Any

import numpy as np
import numpy.typing as npt

from xlscore.core.cells import cell_text, exact
from xlscore.core.validate import LARGEST

__all__ = [
    "by_sheet_row",
    "codes",
    "distinct",
    "exact_scaled",
    "exact_sums",
    "fraction_sums",
    "given",
    "names",
    "numbers",
    "one_per_group",
    "texts",
    "twice",
]

Floats = npt.NDArray[np.float64]
Ints = npt.NDArray[np.int64]
Bools = npt.NDArray[np.bool_]

_PLAIN = frozenset({float, int})
_EXACT_LIMIT = 2**52  # integer sums stay exact in int64 far below 2**63; this leaves room for any row count


def names(column: Sequence[Any]) -> list[str] | None:
    """Each cell as a name (:func:`~xlscore.core.cells.cell_text`); None when one is blank."""
    found = _texts(column)
    return None if None in found else found  # type: ignore[return-value]


def texts(column: Sequence[Any]) -> list[str]:
    """Each cell as a name (:func:`~xlscore.core.cells.cell_text`), blank as ""."""
    return [text or "" for text in _texts(column)]


def _texts(column: Sequence[Any]) -> list[str | None]:
    kinds = set(map(type, column))
    if kinds == {str}:
        stripped = list(map(str.strip, column))  # what cell_text makes of a text, at C speed
        return [text or None for text in stripped] if "" in stripped else list(stripped)
    if kinds == {float}:
        values = np.asarray(column, dtype=np.float64)
        if np.all(np.abs(values) < 2**53) and np.all(values == np.floor(values)):
            return list(map(str, values.astype(np.int64).tolist()))  # 3.0 as "3", as cell_text reads it
    return list(map(cell_text, column))


def numbers(column: Sequence[Any], *, lo: float | None = None, positive: bool = False) -> Floats | None:
    """The column as floats when every cell is a plain number (int or float, finite, at most 1E15 in size, at
    least ``lo``, above 0 when ``positive``), as :func:`~xlscore.core.validate.number` accepts it at once; else
    None."""
    if not set(map(type, column)) <= _PLAIN:
        return None
    try:
        values = np.fromiter(column, dtype=np.float64, count=len(column))
    except OverflowError:
        return None
    if len(values) and not (np.all(np.abs(values) <= LARGEST)):  # NaN and infinity fail this too
        return None
    if lo is not None and len(values) and values.min() < lo:
        return None
    if positive and len(values) and values.min() <= 0:
        return None
    return values


def given(column: Sequence[Any]) -> Bools:
    """Whether each cell is filled in (not None), as the row-by-row rules ask ``row[column] is not None``."""
    return np.fromiter((value is not None for value in column), dtype=bool, count=len(column))


def codes(keys: Sequence[Hashable]) -> tuple[Ints, list[Hashable]]:
    """Each key's number in the order keys first appear, and the keys in that order (games as the tables group
    them: in the order they first appear)."""
    index: dict[Hashable, int] = {}
    numbered = [index.setdefault(key, len(index)) for key in keys]
    return np.asarray(numbered, dtype=np.int64), list(index)


def distinct(values: npt.NDArray[Any]) -> tuple[npt.NDArray[Any], Ints]:
    """The distinct values in order, and each value's index among them: ``np.unique(values, return_inverse=True)``
    for integers and finite floats, without np.unique, which loads numpy.ma (0.04 s of processor time) when first
    used."""
    order = np.argsort(values, kind="stable")
    ordered = values[order]
    new = np.ones(len(ordered), dtype=bool)
    new[1:] = ordered[1:] != ordered[:-1]
    inverse = np.empty(len(ordered), dtype=np.int64)
    inverse[order] = np.cumsum(new) - 1
    return ordered[new], inverse


def twice(group: Ints, member: Ints) -> bool:
    """Whether some member (a player, by its number from :func:`codes`) appears twice in one group (a game)."""
    if not len(member):
        return False
    pairs = group * (int(member.max()) + 1) + member
    ordered = np.sort(pairs)
    return bool(np.any(ordered[1:] == ordered[:-1]))


def one_per_group(group: Ints, groups: int, values: Floats, present: Bools) -> tuple[Floats, Bools] | None:
    """The one value of each group among the rows where it is ``present`` (NaN and False where a group has none);
    None when a group has two different values."""
    if not present.any():
        return np.full(groups, np.nan), np.zeros(groups, dtype=bool)
    where = group[present]
    chosen = values[present]
    low = np.full(groups, np.inf)
    high = np.full(groups, -np.inf)
    np.minimum.at(low, where, chosen)
    np.maximum.at(high, where, chosen)
    has = np.zeros(groups, dtype=bool)
    has[where] = True
    if np.any(low[has] != high[has]):
        return None
    return np.where(has, low, np.nan), has


def by_sheet_row(rows: Sequence[int], values: list[float]) -> tuple[float | None, ...]:
    """Each kept row's value at its place among the table's rows (counted from sheet row 2), None for the blank
    rows between and before them, as the row-by-row rules return them."""
    out: list[float | None] = [None] * (max(rows, default=1) - 1)
    for row, value in zip(rows, values, strict=True):
        out[row - 2] = value
    return tuple(out)


def exact_scaled(values: Floats) -> tuple[Ints, int] | None:
    """Each value exactly (:func:`~xlscore.core.cells.exact`, the decimal it prints as) as an integer over one
    common denominator: (numerators, denominator). None when that would not stay exact in 64-bit integers."""
    found, inverse = distinct(values)
    fractions = [exact(float(v)) for v in found]
    denominator = math.lcm(*(f.denominator for f in fractions)) if fractions else 1
    scaled = [f.numerator * (denominator // f.denominator) for f in fractions]
    if denominator > _EXACT_LIMIT or any(abs(s) > _EXACT_LIMIT for s in scaled):
        return None
    return np.asarray(scaled, dtype=np.int64)[inverse.reshape(-1)], denominator


def exact_sums(group: Ints, groups: int, numerators: Ints) -> list[int] | None:
    """The integer sum of ``numerators`` in each group, exactly; None when a sum could overflow."""
    if len(numerators) and int(np.abs(numerators).max()) * len(numerators) > 2**62:
        return None
    sums = np.zeros(groups, dtype=np.int64)
    np.add.at(sums, group, numerators)
    return [int(s) for s in sums]


def fraction_sums(group: Ints, groups: int, numerators: Ints, denominators: Ints) -> list[Fraction] | None:
    """Each group's exact sum of ``numerators / denominators`` (denominators from a small set, such as n + 1),
    added as integers per distinct denominator; None when that could overflow."""
    total: list[Fraction] | None = None
    for denominator in distinct(denominators)[0].tolist():
        chosen = denominators == denominator
        sums = exact_sums(group[chosen], groups, numerators[chosen])
        if sums is None:
            return None
        if total is None:  # the first denominator's sums are the totals so far (0 + s / d is s / d)
            total = [Fraction(s, denominator) for s in sums]
        else:
            total = [t + Fraction(s, denominator) if s else t for t, s in zip(total, sums, strict=True)]
    return [Fraction(0)] * groups if total is None else total
