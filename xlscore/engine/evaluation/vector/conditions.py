"""Conditional counts, sums and averages over a run: COUNTIF, SUMIF, AVERAGEIF, COUNTIFS, SUMIFS, AVERAGEIFS.

Their ranges stay as the formula moves; each is read once for the run and indexed once for each kind of criterion it
meets (:mod:`.criteria`, Excel's rules as the engine's :mod:`xlscore.engine.functions.criteria` applies them): its
cells by number (a text that reads as a number equals that number), and by text without regard to case. The criteria
that are equalities (a cell: ``A2``; ``"=x"``; ``5``) find their cells through one grouping per shape of criteria
(which ranges are tested by number, which by text), every equality at once; each other criterion (``">5"``,
``"<>x"``, ``">"&B2``) through a mask of its range made once per different criterion of the run (``<>`` where ``=``
does not hold). The cells found are counted; the numbers found in the sum range (not its texts, truth values or
blanks) are added with numpy's sum of them in the order of the range, as the engine adds them (the same pairwise
sum); an average is their mean, #DIV/0! for none.

Left to the cell-by-cell path, row by row: a criterion :func:`.criteria.condition` does not read; a sum or average
that meets an error in its range (the engine's result is that error). Left to it whole: a range that moves with the
formula, ranges of different sizes, a function with other arguments.
"""

from __future__ import annotations

import operator as op
from collections import defaultdict
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import numpy.typing as npt

from xlscore.engine.errors import CellError
from xlscore.engine.evaluation.vector.context import Context, Evaluator, absolute_area
from xlscore.engine.evaluation.vector.criteria import NUMBER, Condition, condition
from xlscore.engine.evaluation.vector.parse import Node, UnsupportedError
from xlscore.engine.evaluation.vector.values import BLANK, ERR, NUM, OTHER, Column, read
from xlscore.engine.evaluation.vector.values import TEXT as TEXT_CELL
from xlscore.engine.rewrite.refs import Area

__all__ = ["FUNCTIONS", "conditional"]

Indices = npt.NDArray[np.intp]
Groups = dict[tuple[object, ...], Indices]  # the positions of the cells by their keys
Shape = tuple[tuple[int, int], ...]  # which ranges an equality tests, by which kind
Mask = npt.NDArray[np.bool_]
_COMPARE: dict[str, Callable[[Any, Any], Any]] = {
    "<>": op.ne,
    "<": op.lt,
    ">": op.gt,
    "<=": op.le,
    ">=": op.ge,
    "=": op.eq,
}


@dataclass(frozen=True)
class _Form:
    """Where a function's arguments stand: the range aggregated (None: the first range tested), and how."""

    aggregate: str  # "count", "sum" or "average"
    several: bool  # the -IFS form: (aggregated range,) range, criterion, range, criterion...


FUNCTIONS = {
    "COUNTIF": _Form("count", False),
    "SUMIF": _Form("sum", False),
    "AVERAGEIF": _Form("average", False),
    "COUNTIFS": _Form("count", True),
    "SUMIFS": _Form("sum", True),
    "AVERAGEIFS": _Form("average", True),
}


@dataclass
class _Range:
    """A tested range as the engine's filter sees it, cell by cell in the order of the range (row by row)."""

    area: Area
    shape: tuple[int, int]  # as the engine reads it (a range past the sheet's last used row stops there)
    values: list[object]
    kind: npt.NDArray[np.int8]
    num: npt.NDArray[np.float64]  # a number cell's number
    texts: list[str | None]  # a text cell's text, a blank's "" (the engine tests a blank as an empty text)
    views: dict[object, Any] = field(default_factory=dict)  # its numbers, its indexes, its masks: built once

    def numbers(self) -> tuple[npt.NDArray[np.float64], Mask]:
        """Each cell's number as ``=`` reads it (a number, a text such as "5" or a date) and where it is one."""
        found = self.views.get("numbers")
        if found is None:
            found = self.views["numbers"] = _numbers(self)
        return found

    def keys(self, kind: int) -> list[object]:
        """Each cell's key for an equality of ``kind`` (None: never equal)."""
        found = self.views.get(("keys", kind))
        if found is None:
            if kind == NUMBER:
                numbers, is_number = self.numbers()
                found = [x if ok else None for x, ok in zip(numbers.tolist(), is_number.tolist(), strict=True)]
            else:
                found = [None if t is None else t.casefold() for t in self.texts]
            self.views[("keys", kind)] = found
        return found

    def mask(self, test: Condition) -> Mask:
        """The cells ``test`` holds for."""
        found = self.views.get(test)
        if found is None:
            if test.operator in ("=", "<>"):
                found = self._equal(test)
                found = found if test.operator == "=" else ~found
            elif test.kind == NUMBER:  # an order compares number cells only (not "7")
                with np.errstate(invalid="ignore"):
                    found = (self.kind == NUM) & _COMPARE[test.operator](self.num, test.value)
            else:  # texts (not blanks) without regard to case
                compare, value = _COMPARE[test.operator], test.value
                found = np.array([t is not None and t != "" and compare(t.casefold(), value) for t in self.texts], bool)
            self.views[test] = found
        return found

    def _equal(self, test: Condition) -> Mask:
        if test.kind == NUMBER:
            numbers, is_number = self.numbers()
            equal: Mask = is_number & (numbers == test.value)
            return equal
        return np.array([key == test.value for key in self.keys(test.kind)], bool)


def _numbers(cells: _Range) -> tuple[npt.NDArray[np.float64], Mask]:
    from xlscore.engine.functions.criteria import text_number  # the engine's reading, imported when first needed

    numbers = np.zeros(len(cells.values))
    is_number = cells.kind == NUM
    numbers[is_number] = cells.num[is_number]
    read_as: dict[str, float | None] = {}
    for i, text in enumerate(cells.texts):
        if text is None:
            continue
        if text not in read_as:
            read_as[text] = text_number(text) if text else None
        number = read_as[text]
        if number is not None:  # (a text "nan" reads as NaN, equal to nothing, as in the engine)
            numbers[i], is_number[i] = number, True
    return numbers, is_number


def _range(area: Area, context: Context) -> _Range:
    key = ("conditional range", area)
    found = context.tables.get(key)
    if found is None:
        grid = _grid(area, context)
        values = [v for row in grid for v in row]
        column = read(values)
        if (column.kind == OTHER).any():
            raise UnsupportedError("a range holding a value vector evaluation does not read")
        kinds = column.kind.tolist()
        texts = [v if k == TEXT_CELL else "" if k == BLANK else None for v, k in zip(values, kinds, strict=True)]
        shape = (len(grid), len(grid[0]) if grid else 0)
        found = context.tables[key] = _Range(area, shape, values, column.kind, column.num, texts)  # type: ignore[arg-type]
    return found


def _grid(area: Area, context: Context) -> list[list[object]]:
    try:
        return context.grid(area)
    except Exception as exc:  # a sheet the workbook lacks, a range too large: the engine's own errors
        raise UnsupportedError(str(exc)) from exc


_LEFT = object()  # a row left to the cell-by-cell path


def conditional(name: str, arguments: tuple[Node, ...], context: Context, column: Evaluator) -> Column:
    """``name`` (one of :data:`FUNCTIONS`) of ``arguments`` over every row of the run."""
    form = FUNCTIONS[name]
    aggregated, pairs = _arguments(form, arguments)
    tested = [_range(absolute_area(cells, context), context) for cells, _ in pairs]
    summed = tested[0]
    if form.aggregate != "count" and aggregated is not None:
        summed = _range(absolute_area(aggregated, context), context)
    if len({cells.shape for cells in [*tested, summed]}) != 1:
        raise UnsupportedError("ranges of different sizes")
    criteria = [_conditions(column(criterion, context)) for _, criterion in pairs]
    combined, first = _combined([codes for codes, _ in criteria])
    groups: dict[Shape, Groups] = {}
    results: list[object] = []
    for row in first.tolist():  # one row of each different combination of criteria
        tests = tuple(read_as[codes[row]] for codes, read_as in criteria)
        if None in tests:
            results.append(_LEFT)
        else:
            results.append(_aggregated(form.aggregate, _found(tests, tested, groups, context), summed))
    left = np.array([r is _LEFT for r in results], bool)[combined]
    values = read([None if r is _LEFT else r for r in results])
    return Column(values.kind[combined], values.num[combined], values.text[combined], ~left)


def _combined(codes: list[npt.NDArray[np.int64]]) -> tuple[npt.NDArray[np.intp], npt.NDArray[np.intp]]:
    """Each row's combination of criteria as one number from 0 (the pairs' codes combined), and the first row of
    each combination."""
    combined = codes[0]
    for more in codes[1:]:
        _, combined = np.unique(combined * (int(more.max()) + 1) + more, return_inverse=True)
    _, first, inverse = np.unique(combined, return_index=True, return_inverse=True)
    return inverse.ravel(), first


def _arguments(form: _Form, arguments: tuple[Node, ...]) -> tuple[Node | None, list[tuple[Node, Node]]]:
    """The range aggregated (None: the first tested) and each (range tested, criterion)."""
    size = len(arguments)
    if not form.several:
        if size == 2 or (size == 3 and form.aggregate != "count"):
            return (arguments[2] if size == 3 else None), [(arguments[0], arguments[1])]
        raise UnsupportedError("a conditional function with other arguments")
    first = 0 if form.aggregate == "count" else 1
    if size - first < 2 or (size - first) % 2:
        raise UnsupportedError("a conditional function with other arguments")
    pairs = [(arguments[i], arguments[i + 1]) for i in range(first, size, 2)]
    return (arguments[0] if first else None), pairs


def _conditions(criterion: Column) -> tuple[npt.NDArray[np.int64], list[Condition | None]]:
    """Each row's criterion as a code, and each code's criterion as the engine reads it (None: the row is left to the
    cell-by-cell path)."""
    kinds, numbers, texts = criterion.kind.tolist(), criterion.num.tolist(), criterion.text.tolist()
    values = [
        number if kind == NUM else text if kind == TEXT_CELL else None
        for kind, number, text in zip(kinds, numbers, texts, strict=True)
    ]
    for i in np.flatnonzero(~criterion.ok).tolist():
        values[i] = None
    code_of: dict[object, int] = {}
    codes = np.array([code_of.setdefault(v, len(code_of)) for v in values], np.int64)
    read_as = [None if v is None else condition(v) for v in code_of]
    return codes, read_as


def _found(tests: Sequence[Condition], tested: list[_Range], groups: dict[Shape, Groups], context: Context) -> Indices:
    """The positions, in the ranges, of the cells where every test holds; ``groups``: the groupings of the ranges
    found so far, by shape of the equalities (which range, tested by which kind)."""
    equal = [(j, test) for j, test in enumerate(tests) if test.operator == "="]
    if equal:
        shape = tuple((j, test.kind) for j, test in equal)
        grouped = groups.get(shape)
        if grouped is None:
            grouped = groups[shape] = _groups(tuple((tested[j], kind) for j, kind in shape), context)
        found = grouped.get(tuple(test.value for _, test in equal), _NONE)
    else:
        found = np.arange(len(tested[0].values))
    for cells, test in zip(tested, tests, strict=True):
        if test.operator != "=":
            found = found[cells.mask(test)[found]]
    return found


_NONE: Indices = np.zeros(0, np.intp)


def _groups(signature: tuple[tuple[_Range, int], ...], context: Context) -> Groups:
    """The positions of the cells by their keys in each range of ``signature`` (a range, the kind it is tested by):
    one grouping of the ranges for every row whose equalities are of this shape."""
    key = ("groups", tuple((cells.area, kind) for cells, kind in signature))
    found = context.tables.get(key)
    if found is None:
        positions: defaultdict[tuple[object, ...], list[int]] = defaultdict(list)
        for i, keys in enumerate(zip(*(cells.keys(kind) for cells, kind in signature), strict=True)):
            if None not in keys:
                positions[keys].append(i)
        found = context.tables[key] = {k: np.array(v, np.intp) for k, v in positions.items()}
    return found


def _aggregated(aggregate: str, found: Indices, summed: _Range) -> object:
    """The count of the cells found, or the sum or average of the numbers found in the range ``summed`` (its texts,
    truth values and blanks left out); _LEFT where the range holds an error there."""
    if aggregate == "count":
        return float(len(found))
    kinds = summed.kind[found]
    if (kinds == ERR).any():
        return _LEFT
    numbers = kinds == NUM
    values = summed.num[found][numbers]
    if aggregate == "sum":
        return float(np.sum(values))
    return float(np.mean(values)) if len(values) else CellError("#DIV/0!")
