"""Evaluating a workbook's formulas: Excel's functions by the `formulas` engine, xlscore's by the catalogue.

Each formula is compiled by the engine (``formulas.Parser``), once per shape: a formula filled down a column is
compiled once and evaluated at each row with its inputs moved along (:func:`xlscore.excel.refs.formula_shape`).
Inputs are read from the cells as whole arrays, so one array formula over a 50,000-row column is one call. The
formula language is the engine's own; xlscore only orders the formulas by their dependencies, feeds them their
input ranges and places their results (a dynamic array spills to the size of its result).

An xlscore function is found however Excel wrote it in the file: ``RPLOPS(...)``, ``_xldudf_RPLOPS(...)`` (an
Office.js custom function, as xlwings Lite registers it), ``_xll.RPLOPS(...)``, ``[1]!RPLOPS(...)`` or
``'C:\\...\\xlscore.xlam'!RPLOPS(...)`` (a function from an add-in workbook).
"""

from __future__ import annotations

import bisect
import contextvars
import re
from collections import defaultdict, deque
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np
import schedula as sh
from formulas import Parser, get_functions
from formulas.errors import FormulaError
from formulas.functions import wrap_ranges_func
from formulas.tokens.operand import XlError

from xlscore.excel.book import Book, Formula
from xlscore.excel.catalogue import CATALOGUE, SheetFunction
from xlscore.excel.cells import CellError
from xlscore.excel.edge import call_cells
from xlscore.excel.refs import Area, cell_name, formula_shape, parse_area, shift_area

__all__ = ["CellReport", "Evaluation", "evaluate", "normalise_formula"]

_BLANK_FUNCTION = "XLSCORE_BLANK"
_MESSAGE: contextvars.ContextVar[list[str] | None] = contextvars.ContextVar("xlscore_message", default=None)

# ---------------------------------------------------------------------------------------------------------------
# Function names as Excel writes them in a file.

_NAMES = "|".join(sorted(CATALOGUE, key=len, reverse=True))
_PREFIXED = re.compile(
    r"(?:_xldudf_(?:[A-Za-z0-9]+_)*?|_xll\.|\[\d+\]!|'[^']*\.xla[ms]?'!|[A-Za-z0-9_.\\:~ -]*\.xla[ms]?!)"
    rf"({_NAMES})(?=\s*\()",
    re.IGNORECASE,
)
_STRING = re.compile(r'"(?:[^"]|"")*"')
_CALL = re.compile(rf"(?<![A-Za-z0-9_.])({_NAMES})\s*\(", re.IGNORECASE)
_FUNCTION_NAME = re.compile(r"(?<![A-Za-z0-9_.\]])([A-Za-z_][A-Za-z0-9_.]*)\s*\(")


def _outside_strings(text: str, change: Callable[[str], str]) -> str:
    pieces, last = [], 0
    for match in _STRING.finditer(text):
        pieces.append(change(text[last : match.start()]))
        pieces.append(match.group(0))
        last = match.end()
    pieces.append(change(text[last:]))
    return "".join(pieces)


def _mark_omitted_arguments(text: str) -> str:
    """``RPLOPS(2,5,,,2)``: the engine reads an omitted argument as 0; xlscore needs to know it was left out."""
    out = list(text)
    masked = _STRING.sub(lambda m: "_" * len(m.group(0)), text)
    inserts: list[int] = []
    for match in _CALL.finditer(masked):
        depth, start = 0, match.end()
        last_comma = start - 1
        for i in range(start, len(masked)):
            ch = masked[i]
            if ch in "({":
                depth += 1
            elif ch in ")}":
                if depth == 0:
                    if masked[last_comma + 1 : i].strip() == "" and last_comma != start - 1:
                        inserts.append(i)
                    break
                depth -= 1
            elif ch == "," and depth == 0:
                if masked[last_comma + 1 : i].strip() == "":
                    inserts.append(i)
                last_comma = i
    for at in sorted(inserts, reverse=True):
        out.insert(at, f"{_BLANK_FUNCTION}()")
    return "".join(out)


def normalise_formula(text: str) -> str:
    """The formula with every xlscore function under its plain name, omitted arguments marked, and a leading =."""
    body = text[1:] if text.startswith("=") else text
    body = _outside_strings(body, lambda part: _PREFIXED.sub(lambda m: m.group(1).upper(), part))
    return "=" + _mark_omitted_arguments(body)


# ---------------------------------------------------------------------------------------------------------------
# xlscore's functions inside the engine.


class _Omitted:
    """An argument left out of the formula."""


def _from_engine(value: Any) -> Any:
    if isinstance(value, _Omitted):
        return None
    if isinstance(value, np.ndarray):
        rows = value.tolist() if value.ndim == 2 else [value.tolist()]
        grid = [[_from_engine(v) for v in row] for row in rows]
        return grid[0][0] if len(grid) == 1 and len(grid[0]) == 1 else grid
    if value is sh.EMPTY:
        return None
    if isinstance(value, XlError):
        return CellError(str(value))
    if isinstance(value, np.generic):
        return value.item()
    return value


def _to_engine(value: Any) -> Any:
    if isinstance(value, CellError):
        messages = _MESSAGE.get()
        if messages is not None and value.message:
            messages.append(value.message)
        return _ENGINE_ERRORS.get(value.code, _ENGINE_ERRORS["#VALUE!"])
    if value is None:
        return ""
    return value


def _engine_function(function: SheetFunction) -> Callable[..., Any]:
    def run(*args: Any) -> Any:
        result = call_cells(function, [_from_engine(a) for a in args])
        if isinstance(result, list):
            array = np.empty((len(result), max(len(r) for r in result)), dtype=object)
            array.fill("")
            for i, row in enumerate(result):
                for j, cell in enumerate(row):
                    array[i, j] = _to_engine(cell)
            return array
        return np.asarray([[_to_engine(result)]], dtype=object)

    run.__name__ = function.name
    wrapped: Callable[..., Any] = wrap_ranges_func(run)
    return wrapped


_ENGINE_ERRORS: dict[str, XlError] = {}


def _register() -> dict[str, Any]:
    functions: dict[str, Any] = get_functions()
    from formulas.functions import Error

    _ENGINE_ERRORS.update(Error.errors)
    for name, function in CATALOGUE.items():
        functions[name] = _engine_function(function)
    functions[_BLANK_FUNCTION] = lambda: _Omitted()
    return functions


_FUNCTIONS = _register()


# ---------------------------------------------------------------------------------------------------------------
# The workbook's formulas, ordered and evaluated.


@dataclass(frozen=True)
class CellReport:
    """A formula cell that ended in an error, and why."""

    sheet: str
    cell: str
    code: str
    reason: str

    def __str__(self) -> str:
        return f"{self.sheet}!{self.cell}: {self.code} {self.reason}".rstrip()


@dataclass
class Evaluation:
    """What a recalculation computed: every cell's new value by sheet, the spill areas, and the errors."""

    values: dict[str, dict[tuple[int, int], object]]
    spills: dict[tuple[str, int, int], Area]
    errors: list[CellReport]
    formulas: int


@dataclass
class _Compiled:
    function: Callable[..., Any] | None
    inputs: list[tuple[str, Area | None, tuple[bool, bool, bool, bool] | None]]
    anchor: tuple[int, int]
    problem: str = ""
    messages: tuple[str, ...] = ()  # from compiling: the engine computes a formula without inputs right away


class _Cells:
    """A sheet's values by column, for reading whole columns of a range at once; a version counts the writes."""

    def __init__(self, values: dict[tuple[int, int], object]) -> None:
        self.columns: dict[int, dict[int, object]] = defaultdict(dict)
        for (row, col), value in values.items():
            self.columns[col][row] = value
        self.version = 0

    def get(self, position: tuple[int, int]) -> object:
        column = self.columns.get(position[1])
        return None if column is None else column.get(position[0])

    def __setitem__(self, position: tuple[int, int], value: object) -> None:
        self.columns[position[1]][position[0]] = value
        self.version += 1


class _Evaluator:
    def __init__(self, book: Book) -> None:
        self.book = book
        self.sheets = {s.name.upper(): s for s in book.sheets}
        self.store = {s.name.upper(): _Cells(s.values) for s in book.sheets}
        self.arrays: dict[tuple[str, int, int, int, int], tuple[int, np.ndarray[Any, Any]]] = {}
        self.compiled: dict[tuple[str, str], _Compiled] = {}
        self.errors: list[CellReport] = []
        self.spills: dict[tuple[str, int, int], Area] = {}
        self.written: dict[str, dict[tuple[int, int], object]] = defaultdict(dict)
        self.max_row = {
            s.name.upper(): max(s.max_row, max((f.row for f in s.formulas), default=0)) for s in book.sheets
        }

    # -- compiling --------------------------------------------------------------------------------------------

    def _compile(self, formula: Formula) -> tuple[_Compiled, tuple[int, int]]:
        key, refs = formula_shape(formula.text, *formula.anchor)
        shift = (formula.row - formula.anchor[0], formula.col - formula.anchor[1])
        cache_key = (formula.sheet.upper(), key)
        cached = self.compiled.get(cache_key)
        if cached is not None:
            # Same shape: this formula is the cached one copied by the difference of their anchors.
            return cached, (formula.row - cached.anchor[0], formula.col - cached.anchor[1])
        compiled = self._compile_text(formula, refs)
        compiled.anchor = formula.anchor
        self.compiled[cache_key] = compiled
        return compiled, shift

    def _compile_text(self, formula: Formula, refs: list[Any]) -> _Compiled:
        text = normalise_formula(formula.text)
        unknown = sorted(
            {
                name.upper()
                for name in _FUNCTION_NAME.findall(_STRING.sub('""', text))
                if name.upper() not in _FUNCTIONS and _engine_name(name) not in _FUNCTIONS
            }
        )
        if unknown:
            return _Compiled(None, [], formula.anchor, f"#NAME? unknown function {', '.join(unknown)}")
        messages: list[str] = []
        token = _MESSAGE.set(messages)
        try:
            function = Parser().ast(text)[1].compile()
        except (FormulaError, ValueError, KeyError, AttributeError, TypeError, IndexError) as exc:
            return _Compiled(None, [], formula.anchor, f"#VALUE! the formula could not be read: {exc}")
        finally:
            _MESSAGE.reset(token)
        by_text = {((ref.sheet or formula.sheet).upper(), _bounds(ref.area)): ref for ref in refs}
        inputs: list[tuple[str, Area | None, tuple[bool, bool, bool, bool] | None]] = []
        for name in function.inputs:
            area = parse_area(name)
            if area is None:
                inputs.append((name, None, None))
                continue
            sheet = (area.sheet or formula.sheet).upper()
            ref = by_text.get((sheet, _bounds(area)))
            located = Area(sheet, area.top, area.left, area.bottom, area.right)
            inputs.append((name, located, ref.absolute if ref is not None else (True, True, True, True)))
        return _Compiled(function, inputs, formula.anchor, messages=tuple(messages))

    # -- reading inputs ----------------------------------------------------------------------------------------

    def _named(self, name: str, sheet: str) -> Area | None:
        text = self.book.names.get(f"{sheet}!{name}") or self.book.names.get(name)
        if not text:
            return None
        area = parse_area(text.strip().lstrip("="))
        if area is None:
            return None
        return Area((area.sheet or sheet).upper(), area.top, area.left, area.bottom, area.right)

    def _array(self, area: Area) -> np.ndarray[Any, Any]:
        sheet = (area.sheet or "").upper()
        if sheet not in self.store:
            raise KeyError(area.sheet)
        bottom = min(area.bottom, max(self.max_row[sheet], area.top))
        cells = self.store[sheet]
        key = (sheet, area.top, area.left, bottom, area.right)
        cached = self.arrays.get(key)
        if cached is not None and cached[0] == cells.version:
            return cached[1]  # the engine's functions do not change their inputs
        array = np.empty((bottom - area.top + 1, area.width), dtype=object)
        rows = range(area.top, bottom + 1)
        for j, col in enumerate(range(area.left, area.right + 1)):
            column = cells.columns.get(col)
            if not column:
                array[:, j] = sh.EMPTY
                continue
            array[:, j] = [_engine_value(column.get(r, sh.EMPTY)) for r in rows]
        self.arrays[key] = (cells.version, array)
        return array

    def inputs_of(self, formula: Formula) -> tuple[_Compiled, list[Area | None]]:
        compiled, (dr, dc) = self._compile(formula)
        areas: list[Area | None] = []
        for name, area, absolute in compiled.inputs:
            if area is None:
                areas.append(self._named(name.upper(), formula.sheet.upper()))
            else:
                assert absolute is not None
                areas.append(shift_area(area, absolute, dr, dc))
        return compiled, areas

    # -- placing results ---------------------------------------------------------------------------------------

    def _set(self, sheet: str, row: int, col: int, value: object) -> None:
        self.store[sheet][(row, col)] = value
        self.written[sheet][(row, col)] = value

    def place(self, formula: Formula, result: Any, problem: str, messages: list[str]) -> None:
        sheet = formula.sheet.upper()
        grid = _result_grid(result)
        if formula.array is not None and not formula.dynamic:
            area = formula.array
            for i in range(area.height):
                for j in range(area.width):
                    self._set(sheet, area.top + i, area.left + j, _broadcast(grid, i, j))
        elif formula.dynamic:
            height, width = len(grid), len(grid[0])
            spill = Area(sheet, formula.row, formula.col, formula.row + height - 1, formula.col + width - 1)
            old = self.spills.get((sheet, formula.row, formula.col)) or formula.array
            blocked = [
                (r, c)
                for r in range(spill.top, spill.bottom + 1)
                for c in range(spill.left, spill.right + 1)
                if (r, c) != (formula.row, formula.col)
                and self.store[sheet].get((r, c)) not in (None, "")
                and not (old is not None and old.contains(r, c))
            ]
            if blocked:
                grid = [[CellError("#SPILL!")]]
                spill = Area(sheet, formula.row, formula.col, formula.row, formula.col)
                messages.append(f"the result needs {height} x {width} cells; {cell_name(*blocked[0])} is in the way")
            if old is not None:
                for r in range(old.top, old.bottom + 1):
                    for c in range(old.left, old.right + 1):
                        if not spill.contains(r, c):
                            self._set(sheet, r, c, None)
            for i in range(spill.height):
                for j in range(spill.width):
                    self._set(sheet, spill.top + i, spill.left + j, grid[i][j])
            self.spills[(sheet, formula.row, formula.col)] = spill
        else:
            self._set(sheet, formula.row, formula.col, grid[0][0])
        self._report(formula, problem, messages)

    def _report(self, formula: Formula, problem: str, messages: list[str]) -> None:
        sheet = formula.sheet.upper()
        area = self.spills.get((sheet, formula.row, formula.col)) or formula.array
        cells = [(formula.row, formula.col)]
        if area is not None:
            cells = [(r, c) for r in range(area.top, area.bottom + 1) for c in range(area.left, area.right + 1)]
        for r, c in cells:
            value = self.store[sheet].get((r, c))
            if isinstance(value, CellError):
                reason = problem or (messages[0] if messages else _REASONS.get(value.code, ""))
                code = value.code
                if reason.startswith(code):
                    reason = reason[len(code) :].strip()
                self.errors.append(CellReport(formula.sheet, cell_name(r, c), code, reason))


def _bounds(area: Area) -> tuple[int, int, int, int]:
    return area.top, area.left, area.bottom, area.right


def _engine_name(name: str) -> str:
    upper = name.upper()
    for prefix in ("_XLFN._XLWS.", "_XLFN.", "_XLWS."):
        if upper.startswith(prefix):
            return upper[len(prefix) :]
    return upper


def _engine_value(value: object) -> object:
    if value is None:
        return sh.EMPTY
    if isinstance(value, CellError):
        return _ENGINE_ERRORS.get(value.code, _ENGINE_ERRORS["#VALUE!"])
    return value


def _result_grid(result: Any) -> list[list[object]]:
    if isinstance(result, np.ndarray):
        rows = result.tolist() if result.ndim == 2 else [result.tolist()] if result.ndim == 1 else [[result.item()]]
        grid = [[_cell_value(v) for v in row] for row in rows] or [[None]]
        return grid
    return [[_cell_value(result)]]


def _cell_value(value: Any) -> object:
    if value is sh.EMPTY:
        return 0.0  # a formula that points at a blank cell shows 0, as in Excel
    if isinstance(value, XlError):
        return CellError(str(value))
    if isinstance(value, np.generic):
        value = value.item()
    if isinstance(value, (bool, str)):
        return value
    if isinstance(value, (int, float)):
        return float(value)
    return str(value)


def _broadcast(grid: list[list[object]], i: int, j: int) -> object:
    rows, cols = len(grid), len(grid[0])
    ii = 0 if rows == 1 else i
    jj = 0 if cols == 1 else j
    if ii >= rows or jj >= cols:
        return CellError("#N/A")
    return grid[ii][jj]


_REASONS = {
    "#DIV/0!": "division by zero",
    "#N/A": "a value is not available (a lookup found nothing, or an input is #N/A)",
    "#NAME?": "an unknown function or name",
    "#REF!": "a reference to a cell that does not exist",
    "#NUM!": "a number out of range",
    "#VALUE!": "a value of the wrong kind",
    "#NULL!": "ranges that do not meet",
}


def _output_area(formula: Formula, max_row: int) -> Area:
    sheet = formula.sheet.upper()
    if formula.dynamic:
        width = formula.array.width if formula.array is not None else 1
        return Area(sheet, formula.row, formula.col, max(max_row, formula.row), formula.col + width - 1)
    if formula.array is not None:
        a = formula.array
        return Area(sheet, a.top, a.left, a.bottom, a.right)
    return Area(sheet, formula.row, formula.col, formula.row, formula.col)


def _order(evaluator: _Evaluator, formulas: list[Formula]) -> tuple[list[int], list[int]]:
    """Formulas in an order where every formula comes after those it reads; and those caught in a cycle."""
    single: dict[str, dict[int, list[tuple[int, int]]]] = defaultdict(lambda: defaultdict(list))
    multi: list[tuple[Area, int]] = []
    for index, formula in enumerate(formulas):
        output = _output_area(formula, evaluator.max_row[formula.sheet.upper()])
        if output.height == 1 and output.width == 1:
            single[output.sheet or ""][output.left].append((output.top, index))
        else:
            multi.append((output, index))
    for columns in single.values():
        for rows in columns.values():
            rows.sort()
    needs: list[set[int]] = [set() for _ in formulas]
    for index, formula in enumerate(formulas):
        _, inputs = evaluator.inputs_of(formula)
        for area in inputs:
            if area is None:
                continue
            sheet = area.sheet or ""
            bottom = min(area.bottom, max(evaluator.max_row.get(sheet, 0), area.top))
            for col, rows in single.get(sheet, {}).items():
                if area.left <= col <= area.right:
                    start = bisect.bisect_left(rows, (area.top, -1))
                    for row, other in rows[start:]:
                        if row > bottom:
                            break
                        if other != index:
                            needs[index].add(other)
            for out, other in multi:
                if other != index and out.sheet == sheet and out.intersects(area):
                    needs[index].add(other)
    waiting = [len(n) for n in needs]
    readers: list[list[int]] = [[] for _ in formulas]
    for index, need in enumerate(needs):
        for other in need:
            readers[other].append(index)
    ready = deque(i for i, w in enumerate(waiting) if w == 0)
    order: list[int] = []
    while ready:
        index = ready.popleft()
        order.append(index)
        for reader in readers[index]:
            waiting[reader] -= 1
            if waiting[reader] == 0:
                ready.append(reader)
    cycle = [i for i, w in enumerate(waiting) if w > 0]
    return order, cycle


def evaluate(book: Book, progress: Callable[[int], None] | None = None) -> Evaluation:
    """Compute every formula of ``book``; ``progress`` is called with the number of formulas done so far."""
    evaluator = _Evaluator(book)
    formulas = [f for sheet in book.sheets for f in sheet.formulas]
    order, cycle = _order(evaluator, formulas)
    for done, index in enumerate(order, start=1):
        formula = formulas[index]
        compiled, areas = evaluator.inputs_of(formula)
        messages: list[str] = list(compiled.messages)
        problem = compiled.problem
        if compiled.function is None:
            code = problem.split(" ", 1)[0]
            result: Any = _ENGINE_ERRORS.get(code, _ENGINE_ERRORS["#VALUE!"])
        else:
            missing = [name for (name, _, _), area in zip(compiled.inputs, areas, strict=True) if area is None]
            if missing:
                result = _ENGINE_ERRORS["#NAME?"]
                problem = f"#NAME? unknown name {', '.join(missing)}"
            else:
                try:
                    arrays = [evaluator._array(a) for a in areas if a is not None]
                except KeyError as exc:
                    arrays = []
                    result = _ENGINE_ERRORS["#REF!"]
                    problem = f"#REF! no sheet named {exc.args[0]!r}"
                if arrays or not areas:
                    token = _MESSAGE.set(messages)
                    try:
                        result = compiled.function(*arrays)
                    finally:
                        _MESSAGE.reset(token)
        evaluator.place(formula, result, problem, messages)
        if progress is not None:
            progress(done)
    for index in cycle:
        formula = formulas[index]
        evaluator.place(formula, _ENGINE_ERRORS["#VALUE!"], "#VALUE! a circular reference", [])
    return Evaluation(dict(evaluator.written), evaluator.spills, evaluator.errors, len(formulas))
