"""Evaluating a workbook's formulas: Excel's functions by the `formulas` engine, xlscore's by the catalogue.

Each formula is compiled once per shape: a formula filled down a column is compiled once and evaluated at each
row with its inputs moved along (:func:`xlscore.engine.rewrite.refs.formula_shape`). Inputs are read from the cells as
whole ranges, so one array formula over a 50,000-row column is one call. xlscore orders the formulas by their
dependencies, feeds them their input ranges and places their results (a dynamic array spills to the size of its
result); the formula language is the engine's own (``formulas.Parser``,
:mod:`xlscore.engine.evaluation.formulas_adapter`).

The direct path: a formula that is only a call of an xlscore function on references and constants
(``=RPLOPS(E2:E999, C2:C999, D2:D999)``, what the templates use) is computed by calling the catalogue function
with the cells, as the engine would, without loading the engine at all. ``tests/engine/test_recalc.py`` checks
that both paths give the same values. An xlscore function is found however Excel wrote it in the file
(:mod:`xlscore.engine.rewrite.calls`).
"""

from __future__ import annotations

import bisect
import contextlib
import graphlib
import math
import re
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field
from types import ModuleType
from typing import Any

from xlscore.engine.errors import CellError, shown
from xlscore.engine.evaluation import formulas_patches, plain
from xlscore.engine.evaluation.conversions import line_feeds_kept, signs_kept
from xlscore.engine.evaluation.vector import Vectorised
from xlscore.engine.files import limits
from xlscore.engine.files.book import Book, Formula
from xlscore.engine.files.cellstore import Columns
from xlscore.engine.functions.information.cellinfo import (
    RUNTIME,
    CellInformation,
    RunTime,
    twin_of,
    with_cell_information,
)
from xlscore.engine.functions.information.column_widths import ColumnWidths
from xlscore.engine.functions.registered import REGISTERED, CellFunction
from xlscore.engine.rewrite import calls
from xlscore.engine.rewrite.intersection import explicit, intersected, legacy
from xlscore.engine.rewrite.lambdas import lambdas_written_out
from xlscore.engine.rewrite.let import lets_written_out
from xlscore.engine.rewrite.positions import fixed_constants, fixed_positions
from xlscore.engine.rewrite.refs import (
    MAX_COL,
    MAX_ROW,
    Area,
    Reference,
    cell_name,
    formula_shape,
    open_ended,
    parse_area,
    parse_input,
    shift_area,
    translate,
)
from xlscore.engine.rewrite.threed import spanned
from xlscore.engine.rewrite.tokens import Token

__all__ = ["CellReport", "Evaluation", "evaluate"]

# ---------------------------------------------------------------------------------------------------------------
# The workbook's formulas, ordered and evaluated.


@dataclass(frozen=True)
class CellReport:
    """A formula cell that ended in an error, and why; ``code`` is empty for a problem whose value is no error (a
    circular reference, whose cells keep the values Excel last computed)."""

    sheet: str
    cell: str
    code: str
    reason: str

    def __str__(self) -> str:
        return f"{self.sheet}!{self.cell}: {' '.join(part for part in (self.code, self.reason) if part)}"


@dataclass
class Evaluation:
    """What a recalculation computed: every cell's new value by sheet, the spill areas, and the errors."""

    values: dict[str, dict[tuple[int, int], object]]
    spills: dict[tuple[str, int, int], Area]
    errors: list[CellReport]
    formulas: int
    engine_used: bool = False


Absolute = tuple[bool, bool, bool, bool]
_TEXT = re.compile(r'"(?:[^"]|"")*"')  # a text constant in a formula
# Functions through which an error need not reach a formula's result (ISERROR(x), IFERROR(x, 0), COUNT(...)).
_TESTS_ERRORS = re.compile(
    r"(?<![A-Z0-9_.])(?:_XLFN\.)?(?:IS[A-Z]+|IFERROR|IFNA|ERROR\.TYPE|COUNTA?|AGGREGATE|IF)\(", re.IGNORECASE
)


@dataclass
class _Compiled:
    """A formula shape, ready to evaluate: by the engine (``function``) or directly (``direct``)."""

    anchor: tuple[int, int]
    inputs: list[tuple[str, Area | None, Absolute | None]] = field(default_factory=list)
    function: Callable[..., Any] | None = None
    direct: CellFunction | None = None
    arguments: list[tuple[bool, object]] = field(default_factory=list)  # (is an input, input index or constant)
    problem: str = ""
    messages: tuple[str, ...] = ()  # from compiling: the engine computes a formula without inputs right away
    text: str = ""
    per_cell: bool = False  # the engine merged references that move differently ($D$1 and D1): no sharing
    calls_xlscore: bool = False  # it calls an xlscore function, so it spills to the size of its result
    plain: plain.Plain | None = None  # a plain helper formula, computed without the engine where it can be (plain.py)


class _MissingSheetError(Exception):
    """A reference to a sheet the workbook does not have: the formula's cell shows #REF!."""

    def __init__(self, sheet: str | None) -> None:
        super().__init__(sheet)
        self.sheet = sheet


class _RangeTooLargeError(Exception):
    """A range whose used part is larger than :data:`~xlscore.engine.files.limits.MAX_RANGE_CELLS`: #VALUE!."""


class _Cells:
    """A sheet's values by column, for reading whole columns of a range at once; a version counts the writes.

    It starts from the sheet's own columns as the file holds them (:attr:`Sheet.by_column`), not a copy: a column is
    copied the first time a formula's value is written into it, so the book keeps the values the file saved (what
    ``--check`` compares with) and the columns no formula writes are held once."""

    def __init__(self, columns: Columns) -> None:
        self.columns: Columns = dict(columns)
        self.owned: set[int] = set()
        self.version = 0

    def get(self, position: tuple[int, int]) -> object:
        column = self.columns.get(position[1])
        return None if column is None else column.get(position[0])

    def column(self, col: int) -> dict[int, object]:
        """The column ``col`` to write into."""
        if col not in self.owned:
            self.columns[col] = dict(self.columns.get(col, {}))
            self.owned.add(col)
        return self.columns[col]

    def __setitem__(self, position: tuple[int, int], value: object) -> None:
        self.column(position[1])[position[0]] = value
        self.version += 1


def _engine() -> ModuleType:
    from xlscore.engine.evaluation import formulas_adapter as formula_engine

    return formula_engine


class _Compiler:
    """Each formula shape compiled once, and each formula's inputs located once: what stays as the cells change."""

    def __init__(self, book: Book, direct: bool = True) -> None:
        self.book = book
        self.direct = direct
        self.engine_used = False
        self.run_time = False  # a formula reads a range known only while computing (INDIRECT, OFFSET)
        self.shapes: dict[tuple[str, str], _Compiled] = {}
        self.located: dict[tuple[str, int, int], tuple[_Compiled, list[Area | None]]] = {}
        self.engine_located: dict[tuple[str, int, int], tuple[_Compiled, list[Area | None]]] = {}  # see by_engine

    def columns(self, sheet: str) -> ColumnWidths | None:
        """The column widths of ``sheet`` (CELL("width"))."""
        return next((s.columns for s in self.book.sheets if s.name.upper() == sheet.upper()), None)

    def inputs_of(self, formula: Formula) -> tuple[_Compiled, list[Area | None]]:
        """The formula compiled, and the areas it reads (None for a name the workbook does not define)."""
        key = (formula.sheet.upper(), formula.row, formula.col)
        found = self.located.get(key)
        if found is None:
            compiled, (dr, dc) = self._compile(formula)
            areas: list[Area | None] = []
            for name, area, absolute in compiled.inputs:
                if area is None:
                    areas.append(self._named(name.upper(), formula.sheet.upper()))
                else:
                    assert absolute is not None
                    areas.append(shift_area(area, absolute, dr, dc))
            found = self.located[key] = (compiled, areas)
        return found

    def spills(self, formula: Formula) -> bool:
        """Whether a formula fills as many cells as its result has: a dynamic array, or a call of an xlscore
        function however the file stores it (a plain formula, a legacy array formula of any size, a dynamic array
        whose mark a program dropped). A shared formula (one filled down or across) stays one value per cell."""
        return formula.dynamic or (not formula.shared and self.inputs_of(formula)[0].calls_xlscore)

    def _compile(self, formula: Formula) -> tuple[_Compiled, tuple[int, int]]:
        key, refs = formula_shape(formula.text, *formula.anchor)
        cache_key = (formula.sheet.upper(), key)
        compiled = self.shapes.get(cache_key)
        if compiled is None:
            compiled = self._compile_text(formula, refs)
            self.shapes[cache_key] = compiled
        # Same shape: this formula is the compiled one moved by the difference of their anchors.
        shift = (formula.row - compiled.anchor[0], formula.col - compiled.anchor[1])
        if compiled.per_cell and shift != (0, 0):
            try:
                moved = translate(compiled.text, *shift)
            except ValueError as exc:
                return _Compiled(formula.anchor, problem=f"#REF! {exc}"), (0, 0)
            own_key = (formula.sheet.upper(), f"@{formula.row},{formula.col}:{moved}")
            own = self.shapes.get(own_key)
            if own is None:
                here = Formula(formula.sheet, formula.row, formula.col, moved, (formula.row, formula.col))
                own = self._compile_text(here, formula_shape(moved, formula.row, formula.col)[1])
                self.shapes[own_key] = own
            return own, (0, 0)
        return compiled, shift

    def _compile_text(self, formula: Formula, refs: list[Reference]) -> _Compiled:
        """A formula shape compiled: read, then computed by the plain path (:mod:`.plain`) where it is a plain
        helper formula, else rewritten and called directly (an xlscore call on references and constants) or
        compiled by the engine; ``refs``: the references written in its text."""
        tokens = self._read(formula)
        if isinstance(tokens, _Compiled):
            return tokens
        plain_formula = self.direct and formula.array is None and not formula.dynamic
        found = plain.read(tokens, formula.sheet) if plain_formula else None
        if found is not None:  # the rest is done only for a cell whose values the plain path does not take
            inputs: list[tuple[str, Area | None, Absolute | None]] = [
                (str(area), area, absolute) for area, absolute in zip(found.areas, found.absolute, strict=True)
            ]
            return _Compiled(formula.anchor, inputs, plain=found, text=formula.text)
        return self._compile_tokens(formula, tokens, refs)

    def by_engine(self, formula: Formula) -> tuple[_Compiled, list[Area | None]]:
        """A formula the plain path compiled, compiled the general way at its own cell, and the areas it reads: for
        a cell whose values the plain path does not take."""
        key = (formula.sheet.upper(), formula.row, formula.col)
        found = self.engine_located.get(key)
        if found is None:
            try:
                text = translate(formula.text, formula.row - formula.anchor[0], formula.col - formula.anchor[1])
            except ValueError as exc:
                return _Compiled(formula.anchor, problem=f"#REF! {exc}"), []
            here = Formula(formula.sheet, formula.row, formula.col, text, (formula.row, formula.col))
            tokens = self._read(here)
            compiled = tokens if isinstance(tokens, _Compiled) else self._compile_tokens(here, tokens, _refs(here))
            sheet = formula.sheet.upper()
            areas = [a or self._named(name.upper(), sheet) for name, a, _ in compiled.inputs]
            found = self.engine_located[key] = (compiled, areas)
        return found

    def _compile_tokens(self, formula: Formula, tokens: list[Token], refs: list[Reference]) -> _Compiled:
        """A formula shape's tokens rewritten, then called directly or compiled by the engine."""
        tokens, twins, placed, informed = self._rewritten(formula, tokens)
        names = calls.function_names(tokens)
        self.run_time = self.run_time or bool({"XLSCORE_INDIRECT", "XLSCORE_OFFSET"} & names)
        refs = refs + twins  # SUBTOTAL and the like read each reference's twin too (cellinfo), which moves with it
        if self.direct and not placed and not informed:
            direct = self._compile_direct(formula, tokens)
            if direct is not None:
                return direct
        return self._compile_by_engine(formula, tokens, names, refs, placed)

    def _read(self, formula: Formula) -> list[Token] | _Compiled:
        """The formula's tokens, with 3-D references spanned and explicit intersections marked; or the problem."""
        try:
            tokens = calls.plain_calls(calls.tokens(formula.text))
            if ":" in formula.text:
                tokens = spanned(tokens, [sheet.name for sheet in self.book.sheets])
            if " " in formula.text:
                tokens = explicit(tokens, formula.sheet)
        except ValueError as exc:
            if "#REF!" in _TEXT.sub("", formula.text):  # SUM(#REF!:#REF!): cells deleted, as Excel says
                return _Compiled(formula.anchor, problem="#REF! the formula refers to cells that were deleted")
            return _Compiled(formula.anchor, problem=f"#VALUE! the formula could not be read: {exc}")
        return tokens

    def _rewritten(self, formula: Formula, tokens: list[Token]) -> tuple[list[Token], list[Reference], bool, bool]:
        """The tokens rewritten for the engine; the references' twins (cellinfo); whether the rewriting placed the
        formula (ROW() and the like became this cell's numbers); whether it reads cell information."""
        # Names first: a name may hold SUBTOTAL or INDIRECT, which the cell information then rewrites.
        tokens = lambdas_written_out(lets_written_out(tokens), self.book.names)
        tokens = fixed_constants(tokens, self.book.names, formula.sheet, formula.row, formula.col)
        intersected_here = False
        if formula.array is None and not formula.dynamic:  # a plain formula: Excel's implicit intersection
            tokens, intersected_here = legacy(tokens, formula.row, formula.col)
        tokens, twins, informed = with_cell_information(tokens, formula.sheet, *formula.anchor)
        tokens, placed = fixed_positions(
            tokens,
            formula.row,
            formula.col,
            self.book.names,
            formula.sheet,
            self.book.path,
            self.columns(formula.sheet),
        )
        return tokens, twins, placed or intersected_here, informed

    def _compile_by_engine(
        self, formula: Formula, tokens: list[Token], names: set[str], refs: list[Reference], placed: bool
    ) -> _Compiled:
        """The formula compiled by the engine (``names``: the functions it calls), its inputs located; or the
        problem."""
        engine = _engine()
        self.engine_used = True
        xlscore = any(name in REGISTERED for name in names)
        unknown = sorted({n.upper() for n in names if not engine.is_known(n)})
        if unknown:
            return _Compiled(
                formula.anchor, problem=f"#NAME? unknown function {', '.join(unknown)}", calls_xlscore=xlscore
            )
        try:
            function, input_names, messages = engine.compile_formula(
                calls.render(calls.with_omitted_marked(line_feeds_kept(signs_kept(tokens))))
            )
        except engine.EngineError as exc:
            failure = _engine_failure(exc.__cause__ or exc)
            return _Compiled(
                formula.anchor, problem=f"#VALUE! the formula engine failed here: {failure}", calls_xlscore=xlscore
            )
        except ValueError as exc:
            return _Compiled(
                formula.anchor, problem=f"#VALUE! the formula could not be read: {exc}", calls_xlscore=xlscore
            )
        inputs, per_cell = _located_inputs(formula, refs, input_names, placed)
        return _Compiled(
            formula.anchor,
            inputs,
            function=function,
            messages=messages,
            text=formula.text,
            per_cell=per_cell,
            calls_xlscore=xlscore,
        )

    def _compile_direct(self, formula: Formula, tokens: list[Token]) -> _Compiled | None:
        call = calls.direct_call(tokens)
        if call is None:
            return None
        function, arguments = call
        compiled = _Compiled(formula.anchor, direct=function, calls_xlscore=True)
        for argument in arguments:
            is_constant, value = calls.constant(argument)
            if is_constant:
                compiled.arguments.append((False, value))
                continue
            refs = formula_shape(argument, *formula.anchor)[1]
            if len(refs) != 1 or refs[0].start != 0 or refs[0].end != len(argument):
                return None  # a name, an expression: the engine reads it
            ref = refs[0]
            sheet = (ref.sheet or formula.sheet).upper()
            area = Area(sheet, ref.area.top, ref.area.left, ref.area.bottom, ref.area.right)
            compiled.arguments.append((True, len(compiled.inputs)))
            compiled.inputs.append((argument, area, ref.absolute))
        return compiled

    def _named(self, name: str, sheet: str) -> Area | None:
        text = self.book.names.get(f"{sheet}!{name}") or self.book.names.get(name)
        if not text:
            return None
        area = parse_area(text.strip().lstrip("="))
        if area is None:
            return None
        return Area((area.sheet or sheet).upper(), area.top, area.left, area.bottom, area.right)


class _Evaluator:
    def __init__(self, book: Book, compiler: _Compiler) -> None:
        self.compiler = compiler
        self.store = {s.name.upper(): _Cells(s.by_column) for s in book.sheets}
        self.grids: dict[tuple[str, int, int, int, int], tuple[int, list[list[object]]]] = {}
        self.arrays: dict[tuple[str, int, int, int, int], tuple[int, Any]] = {}
        self.errors: list[CellReport] = []
        self.spills: dict[tuple[str, int, int], Area] = {}
        self.written: dict[str, dict[tuple[int, int], object]] = defaultdict(dict)
        self.information = CellInformation(book)
        self.now: tuple[str, int, int] = ("", 0, 0)  # the formula being computed: its sheet (upper case) and cell
        self.run_time_reads: dict[tuple[str, int, int], list[Area]] = defaultdict(list)
        self.max_row = {
            s.name.upper(): max(s.max_row, max((f.row for f in s.formulas), default=0)) for s in book.sheets
        }

    # -- reading inputs ----------------------------------------------------------------------------------------

    def grid(self, area: Area) -> list[list[object]]:
        """The cells of ``area`` as rows of values (None for blank); a whole column stops at the last used row."""
        sheet = (area.sheet or "").upper()
        if sheet not in self.store:
            twin = twin_of(sheet)
            if twin is None or twin[0] not in self.store:
                raise _MissingSheetError(area.sheet)
            real, kind = twin
            bottom = area.bottom
            if kind == "flags" or area.bottom == MAX_ROW:  # as the values' grid stops
                bottom = min(area.bottom, max(self.max_row[real], area.top))
            return self.information.grid(kind, real, area.top, area.left, bottom, area.right)
        bottom = min(area.bottom, max(self.max_row[sheet], area.top))
        cells = self.store[sheet]
        right = area.right
        size = (bottom - area.top + 1) * (right - area.left + 1)
        if size > limits.MAX_RANGE_CELLS and right == MAX_COL:
            # A range to the last column (B:XFD) too large to read whole stops at the last used column. Only then:
            # an array formula over a whole row ({=First!1:1}) shows 0 for each empty cell, as Excel does.
            right = max(max(cells.columns, default=area.left), area.left)
            size = (bottom - area.top + 1) * (right - area.left + 1)
        if size > limits.MAX_RANGE_CELLS:
            raise _RangeTooLargeError(
                f"#VALUE! the range {area} spans {size:,} cells of the used sheet, more than the "
                f"{limits.MAX_RANGE_CELLS:,} xlscore reads at once"
            )
        area = Area(area.sheet, area.top, area.left, area.bottom, right)
        key = (sheet, area.top, area.left, bottom, area.right)
        cached = self.grids.get(key)
        if cached is not None and cached[0] == cells.version:
            return cached[1]  # the functions do not change their inputs
        rows = range(area.top, bottom + 1)
        columns = [cells.columns.get(col) or {} for col in range(area.left, area.right + 1)]
        # Column by column at C speed (map over the rows), then turned into rows by zip.
        grid = list(map(list, zip(*(list(map(column.get, rows)) for column in columns), strict=True)))
        self.grids[key] = (cells.version, grid)
        return grid

    def read_at_run_time(self, area: Area) -> list[list[object]]:
        """:meth:`grid` for INDIRECT and OFFSET, which name the cells they read only as they run: each area is
        kept by the formula that read it, so that a cycle through them is found (:func:`_run_time_cycle`)."""
        self.run_time_reads[self.now].append(area)
        return self.grid(area)

    def engine_array(self, area: Area) -> Any:
        grid = self.grid(area)
        sheet = (area.sheet or "").upper()
        if sheet not in self.store:  # an information sheet (cellinfo): not cached
            return _engine().from_cells(grid)
        key = (sheet, area.top, area.left, area.top + len(grid) - 1, area.right)
        cached = self.arrays.get(key)
        version = self.store[sheet].version
        if cached is not None and cached[0] == version:
            return cached[1]
        array = _engine().from_cells(grid)
        self.arrays[key] = (version, array)
        return array

    # -- computing ---------------------------------------------------------------------------------------------

    def compute(self, formula: Formula) -> tuple[list[list[object]], str, list[str]]:
        """The formula's result as rows of cell values, a problem found on the way, and xlscore's messages."""
        compiled, areas = self.compiler.inputs_of(formula)
        if compiled.plain is not None:
            found = plain.value(compiled.plain, areas, self.grid)
            if found is not None:
                return [[found]], "", []
            compiled, areas = self.compiler.by_engine(formula)
        messages = list(compiled.messages)
        if compiled.problem:
            return [[CellError(compiled.problem.split(" ", 1)[0])]], compiled.problem, messages
        missing = [name for (name, _, _), area in zip(compiled.inputs, areas, strict=True) if area is None]
        unknown = f"#NAME? unknown name {', '.join(missing)}" if missing else ""
        if missing and (compiled.direct is not None or not _TESTS_ERRORS.search(compiled.text)):
            # Without a function that looks at errors, the #NAME? reaches the result whatever else the formula does
            # (SLOPE(col1_, col2_) with col2_ undefined is #NAME? in SheetJS's named_ranges_2011.xlsx).
            return [[CellError("#NAME?")]], unknown, messages
        try:
            grids = [self.grid(area) for area in areas if area is not None]
        except _MissingSheetError as exc:
            return [[CellError("#REF!")]], f"#REF! no sheet named {shown(exc.sheet)}", messages
        except _RangeTooLargeError as exc:
            return [[CellError("#VALUE!")]], str(exc), messages
        if compiled.direct is not None:
            values = [_single(grids[v]) if is_input and isinstance(v, int) else v for is_input, v in compiled.arguments]
            return _direct_result(compiled.direct(values), messages), "", messages
        engine = _engine()
        # A name the workbook does not define is #NAME? where it is read, as in Excel: ISERROR(VLOOKUP(x, Nowhere,
        # 2)) is TRUE (Apache POI's 46535.xlsx), and the formula is #NAME? only when the error reaches its result.
        arrays = [self.engine_array(a) if a is not None else engine.from_cells([[CellError("#NAME?")]]) for a in areas]
        token = engine.MESSAGES.set(messages)
        try:
            assert compiled.function is not None
            result = compiled.function(*arrays)
        except MemoryError:
            raise
        except Exception as exc:  # the engine failing on one formula is that cell's error, not a crash
            if getattr(_innermost(exc), "xlscore_bug", False):
                raise  # xlscore's own function failed: a bug, which surfaces
            return [[CellError("#VALUE!")]], f"#VALUE! the formula engine failed here: {_engine_failure(exc)}", messages
        finally:
            engine.MESSAGES.reset(token)
        cells = engine.to_cells(result)
        reached = unknown and any(isinstance(v, CellError) and v.code == "#NAME?" for row in cells for v in row)
        return cells, unknown if reached else "", messages

    # -- placing results ---------------------------------------------------------------------------------------

    def _set(self, sheet: str, row: int, col: int, value: object) -> None:
        self.store[sheet][(row, col)] = value
        if row > self.max_row[sheet] and value not in (None, ""):
            self.max_row[sheet] = row  # a spill below the saved cells: formulas reading it must see it whole
        self.written[sheet][(row, col)] = value

    def _set_area(self, sheet: str, top: int, left: int, grid: list[list[object]]) -> None:
        """:meth:`_set` for every cell of ``grid`` placed with its first cell at (top, left), column by column."""
        cells, written = self.store[sheet], self.written[sheet]
        rows = range(top, top + len(grid))
        for j in range(len(grid[0])):
            values = [row[j] for row in grid]
            cells.column(left + j).update(zip(rows, values, strict=True))
            written.update(zip(zip(rows, [left + j] * len(values), strict=True), values, strict=True))
            if rows[-1] > self.max_row[sheet]:
                last = next(
                    (r for r, v in zip(reversed(rows), reversed(values), strict=True) if v not in (None, "")), 0
                )
                self.max_row[sheet] = max(self.max_row[sheet], last)
        cells.version += 1

    def place(
        self, formula: Formula, grid: list[list[object]], problem: str, messages: list[str], spilling: bool = False
    ) -> None:
        """Put a formula's result in its cells. ``spilling``: it fills as many cells as its result has."""
        sheet = formula.sheet.upper()
        single = len(grid) == 1 and len(grid[0]) == 1
        if formula.array is not None and not formula.dynamic and not spilling:
            area, beyond = formula.array, _beyond(formula.text)
            for i in range(area.height):
                for j in range(area.width):
                    self._set(sheet, area.top + i, area.left + j, _broadcast(grid, i, j, beyond))
        elif formula.dynamic or (spilling and not (single and formula.array is None)):
            height, width = len(grid), len(grid[0])
            spill = Area(sheet, formula.row, formula.col, formula.row + height - 1, formula.col + width - 1)
            old = self.spills.get((sheet, formula.row, formula.col)) or formula.array
            within = old is not None and old.contains(spill.top, spill.left) and old.contains(spill.bottom, spill.right)
            blocked = (
                []  # the result fits the area the formula already had: nothing can be in its way
                if within
                else [
                    (r, c)
                    for r in range(spill.top, spill.bottom + 1)
                    for c in range(spill.left, spill.right + 1)
                    if (r, c) != (formula.row, formula.col)
                    and self.store[sheet].get((r, c)) not in (None, "")
                    and not (old is not None and old.contains(r, c))
                ]
            )
            if blocked:
                messages.append(
                    f"the result needs {height} x {width} cells ({spill}); "
                    f"{_listed(blocked)} {'is' if len(blocked) == 1 else 'are'} typed over it: clear "
                    f"{'it' if len(blocked) == 1 else 'them'}"
                )
                grid = [[CellError("#SPILL!")]]
                spill = Area(sheet, formula.row, formula.col, formula.row, formula.col)
            if old is not None:
                # Blank what the answer no longer fills; a cell blank already (a table's reserved rows) is left as it
                # is, unwritten.
                store = self.store[sheet]
                for r in range(old.top, old.bottom + 1):
                    for c in range(old.left, old.right + 1):
                        if not spill.contains(r, c) and store.get((r, c)) is not None:
                            self._set(sheet, r, c, None)
            self._set_area(sheet, spill.top, spill.left, grid)
            self.spills[(sheet, formula.row, formula.col)] = spill
        else:
            whole = len(grid) > 1 or len(grid[0]) > 1
            inputs = self.compiler.inputs_of(formula)[1] if whole and not _ARRAY_CALL.match(formula.text) else []
            self._set(sheet, formula.row, formula.col, intersected(grid, inputs, formula.row, formula.col))
        self._report(formula, problem, messages)

    def _report(self, formula: Formula, problem: str, messages: list[str]) -> None:
        sheet = formula.sheet.upper()
        area = self.spills.get((sheet, formula.row, formula.col)) or formula.array
        cells = [(formula.row, formula.col)]
        if area is not None:
            store = self.store[sheet].columns
            rows = range(area.top, area.bottom + 1)
            columns = [list(map(store[c].get, rows)) if c in store else [] for c in range(area.left, area.right + 1)]
            if not any(CellError in set(map(type, column)) for column in columns):
                return  # no error in the area, seen a column at a time
            cells = [(r, c) for r in rows for c in range(area.left, area.right + 1)]
        for r, c in cells:
            value = self.store[sheet].get((r, c))
            if isinstance(value, CellError):
                reason = problem or (messages[0] if messages else _REASONS.get(value.code, ""))
                code = value.code
                if reason.startswith(code):
                    reason = reason[len(code) :].strip()
                self.errors.append(CellReport(formula.sheet, cell_name(r, c), code, reason))


def _listed(cells: list[tuple[int, int]], shown: int = 5) -> str:
    """``B5, B6 and C7`` or ``B5, B6, B7, B8, B9 and 12 more``."""
    names = [cell_name(*cell) for cell in cells[:shown]]
    if len(cells) > shown:
        return f"{', '.join(names)} and {len(cells) - shown:,} more"
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


def _innermost(exc: BaseException) -> BaseException:
    """The error an engine failure wraps (schedula's dispatcher wraps the function's own error in its arguments)."""
    inner: BaseException = exc
    for _ in range(5):
        nested = next((a for a in reversed(inner.args) if isinstance(a, BaseException)), None) or inner.__cause__
        if nested is None:
            break
        inner = nested
    return inner


def _refs(formula: Formula) -> list[Reference]:
    """The references written in the formula's text, where it stands."""
    return formula_shape(formula.text, formula.row, formula.col)[1]


def _located_inputs(
    formula: Formula, refs: list[Reference], input_names: list[str], placed: bool
) -> tuple[list[tuple[str, Area | None, Absolute | None]], bool]:
    """Each input the engine names, located on its sheet with how it moves (matched to the formula's references by
    their bounds); and whether the formula is per cell: placed, or with references that move differently ($D$1 and
    D1), or with an input not matched to the text."""
    by_bounds: dict[tuple[str, tuple[int, int, int, int]], Reference] = {}
    per_cell = placed  # ROW() and the like became this cell's numbers: no sharing
    for ref in refs:
        key = ((ref.sheet or formula.sheet).upper(), _bounds(ref.area))
        per_cell = per_cell or (key in by_bounds and by_bounds[key].absolute != ref.absolute)
        by_bounds[key] = ref
    inputs: list[tuple[str, Area | None, Absolute | None]] = []
    for name in input_names:
        area = parse_input(name) or open_ended(name)
        if area is None:
            inputs.append((name, None, None))
            continue
        sheet = (area.sheet or formula.sheet).upper()
        found = by_bounds.get((sheet, _bounds(area)))
        located = Area(sheet, area.top, area.left, area.bottom, area.right)
        if found is None:
            per_cell = True  # the engine names an input we cannot match to the text: do not move it
        inputs.append((name, located, found.absolute if found is not None else (True, True, True, True)))
    return inputs, per_cell


def _engine_failure(exc: BaseException) -> str:
    """The innermost reason an engine failure gives, in one short line."""
    inner = _innermost(exc)
    text = " ".join(f"{type(inner).__name__}: {inner}".split())
    return text if len(text) <= 160 else text[:157] + "..."


def _single(grid: list[list[object]]) -> object:
    return grid[0][0] if len(grid) == 1 and len(grid[0]) == 1 else grid


def _direct_value(value: object, messages: list[str]) -> object:
    """A result cell as the engine path stores it: errors without their message (kept aside), numbers as floats."""
    if isinstance(value, CellError):
        if value.message:
            messages.append(value.message)
        return CellError(value.code)
    if value is None:
        return ""
    if isinstance(value, (bool, str)):
        return value
    if isinstance(value, (int, float)):
        return float(value)
    return str(value)


def _direct_result(result: object, messages: list[str]) -> list[list[object]]:
    if isinstance(result, list) and result and set(map(len, result)) == {1}:
        column = [row[0] for row in result]
        if set(map(type, column)) == {float}:
            return result  # a column of numbers, already as the engine path stores it
    if isinstance(result, list):
        width = max(len(r) for r in result)
        return [[_direct_value(c, messages) for c in row] + [""] * (width - len(row)) for row in result]
    return [[_direct_value(result, messages)]]


def _bounds(area: Area) -> tuple[int, int, int, int]:
    return area.top, area.left, area.bottom, area.right


def _broadcast(grid: list[list[object]], i: int, j: int, beyond: object) -> object:
    rows, cols = len(grid), len(grid[0])
    ii = 0 if rows == 1 else i
    jj = 0 if cols == 1 else j
    if ii >= rows or jj >= cols:
        return beyond
    return grid[ii][jj]


# A formula that is a call of a function of arrays gives an array, not a range: a plain one shows its first value,
# never the one in line with its cell (SheetJS's formula_stress_test.xlsx, MATH!B34: MINVERSE(C1:D2) shows -3).
_ARRAY_CALL = re.compile(
    r"\s*(?:_xlfn\.)?(?:MINVERSE|MMULT|TRANSPOSE|MUNIT|FREQUENCY|LINEST|LOGEST|TREND|GROWTH)\(", re.IGNORECASE
)
_IS_OF_NA = {"ISBLANK": False, "ISERR": False, "ISERROR": True, "ISLOGICAL": False, "ISNA": True}
_IS_OF_NA |= {"ISNONTEXT": True, "ISNUMBER": False, "ISTEXT": False}
_IS_CALL = re.compile(r"\s*(" + "|".join(_IS_OF_NA) + r")\((?:[^()\"]|\"[^\"]*\")*\)\s*", re.IGNORECASE)


def _beyond(text: str) -> object:
    """What a legacy array formula shows in its cells past its result: #N/A, but for a formula that is one IS
    function, which Excel applies to that #N/A (vinci's test.xlsx, INFORMATION!AI6:AW6: ISBLANK(D6:Q6) in 15 cells
    shows FALSE in the 15th, ISERROR TRUE)."""
    found = _IS_CALL.fullmatch(text)
    return CellError("#N/A") if found is None else _IS_OF_NA[found.group(1).upper()]


_REASONS = {
    "#DIV/0!": "division by zero",
    "#N/A": "a value is not available (a lookup found nothing, or an input is #N/A)",
    "#NAME?": "an unknown function or name",
    "#REF!": "a reference to a cell that does not exist",
    "#NUM!": "a number out of range",
    "#VALUE!": "a value of the wrong kind",
    "#NULL!": "ranges that do not meet",
}


def _output_area(formula: Formula, max_row: int, spilling: bool = False, known: Area | None = None) -> Area:
    """The cells a formula may write, for ordering: a spill to the last used row, as wide as it is known to be
    (``known``: the area it filled when computed before)."""
    sheet = formula.sheet.upper()
    width = formula.array.width if formula.array is not None else 1
    if known is not None:  # the cells it fills now and those it clears, of the area the file gave it
        right = max(known.right, formula.col + width - 1)
        return Area(sheet, formula.row, formula.col, max(max_row, known.bottom), right)
    if formula.dynamic or (spilling and formula.array is not None):
        return Area(sheet, formula.row, formula.col, max(max_row, formula.row), formula.col + width - 1)
    if formula.array is not None:
        a = formula.array
        return Area(sheet, a.top, a.left, a.bottom, a.right)
    return Area(sheet, formula.row, formula.col, formula.row, formula.col)


_Outputs = tuple[dict[str, dict[int, list[tuple[int, int]]]], list[tuple[Area, int]]]


def _outputs(evaluator: _Evaluator, formulas: list[Formula], spilling: list[bool], known: dict[int, Area]) -> _Outputs:
    """Where each formula writes: one cell (by sheet, column, then sorted rows), or an area."""
    single: dict[str, dict[int, list[tuple[int, int]]]] = defaultdict(lambda: defaultdict(list))
    multi: list[tuple[Area, int]] = []
    for index, formula in enumerate(formulas):
        output = _output_area(formula, evaluator.max_row[formula.sheet.upper()], spilling[index], known.get(index))
        if output.height == 1 and output.width == 1:
            single[output.sheet or ""][output.left].append((output.top, index))
        else:
            multi.append((output, index))
    for columns in single.values():
        for rows in columns.values():
            rows.sort()
    return single, multi


def _writers(evaluator: _Evaluator, outputs: _Outputs, area: Area, reader: Formula, index: int) -> set[int]:
    """The formulas that write a cell of ``area``, which formula ``index`` (``reader``) reads."""
    single, multi = outputs
    found: set[int] = set()
    sheet = (area.sheet or "").upper()
    bottom = min(area.bottom, max(evaluator.max_row.get(sheet, 0), area.top))
    for col, rows in single.get(sheet, {}).items():
        if area.left <= col <= area.right:
            start = bisect.bisect_left(rows, (area.top, -1))
            for row, other in rows[start:]:
                if row > bottom:
                    break
                found.add(other)  # itself too: a cell that reads its own value is circular
    for out, other in multi:
        # A spill reading its own anchor is circular; reading the rest of its own cells is not.
        own = other == index and not area.contains(reader.row, reader.col)
        if out.sheet == sheet and out.intersects(area) and not own:
            found.add(other)
    return found


def _sorted(needs: list[set[int]]) -> tuple[list[int], list[int]]:
    """The formulas in an order where each comes after those it needs; and those caught in a cycle or behind one."""
    sorter: graphlib.TopologicalSorter[int] = graphlib.TopologicalSorter()
    for index in range(len(needs)):
        sorter.add(index)  # every formula, first in the file's order: the order among those ready at once
    for index, need in enumerate(needs):
        sorter.add(index, *need)
    with contextlib.suppress(graphlib.CycleError):
        sorter.prepare()  # a cycle: the formulas outside it still come out; those in it or behind it never do
    order: list[int] = []
    while sorter.is_active():
        ready = sorter.get_ready()
        order.extend(ready)
        sorter.done(*ready)
    ordered = set(order)
    return order, [i for i in range(len(needs)) if i not in ordered]


_Ordered = tuple[list[int], list[int], list[set[int]], _Outputs]


def _order(evaluator: _Evaluator, formulas: list[Formula], spilling: list[bool], known: dict[int, Area]) -> _Ordered:
    """Formulas in an order where every formula comes after those it reads; those caught in a cycle; what each
    reads; and where each writes."""
    outputs = _outputs(evaluator, formulas, spilling, known)
    needs: list[set[int]] = [set() for _ in formulas]
    for index, formula in enumerate(formulas):
        for area in evaluator.compiler.inputs_of(formula)[1]:
            if area is not None:
                needs[index] |= _writers(evaluator, outputs, area, formula, index)
    order, cycle = _sorted(needs)
    return order, cycle, needs, outputs


def _run_time_cycle(evaluator: _Evaluator, formulas: list[Formula], ordered: _Ordered) -> list[int]:
    """The formulas caught in a cycle through what INDIRECT and OFFSET read as they ran (``A1: =INDIRECT("B1")+1``
    with ``B1: =INDIRECT("A1")+1``), which ordering by the references written could not see; not those of the
    cycle already found."""
    _, cycle, needs, outputs = ordered
    index_of = {(f.sheet.upper(), f.row, f.col): i for i, f in enumerate(formulas)}
    needs = [set(n) for n in needs]
    for key, areas in evaluator.run_time_reads.items():
        index = index_of.get(key)
        if index is not None:
            for area in areas:
                needs[index] |= _writers(evaluator, outputs, area, formulas[index], index)
    known = set(cycle)
    return [i for i in _sorted(needs)[1] if i not in known]


def _saved(book: Book, formula: Formula) -> list[list[object]]:
    """The values the file holds in a formula's cells (its array formula's area whole), 0 for none: what Excel
    shows in a circular reference before it computes it."""
    sheet = next(s for s in book.sheets if s.name.upper() == formula.sheet.upper())
    area = formula.array or Area(None, formula.row, formula.col, formula.row, formula.col)
    rows = range(area.top, area.bottom + 1)
    held = [[sheet.values.get((r, c)) for c in range(area.left, area.right + 1)] for r in rows]
    return [[0.0 if v in (None, "") else v for v in row] for row in held]


def evaluate(
    book: Book,
    progress: Callable[[int], None] | None = None,
    *,
    direct: bool = True,
    deadline: limits.Deadline | None = None,
    vector: bool = True,
) -> Evaluation:
    """Compute every formula of ``book``; ``progress`` is called with the number of formulas done so far.

    ``direct=False`` sends every formula through the engine (for the tests that compare the two paths);
    ``vector=False`` computes every formula cell by cell, none over its column at once (:mod:`.vector`).
    Formulas are ordered by the cells they read and write; where a spill turns out wider than the file said (a
    template's first recalculation, a spill whose mark was dropped), the book is computed once more in the order
    the true spill areas give. ``deadline``: checked before each formula, and told where the computation stands.
    """
    deadline = deadline or limits.Deadline(None)
    deadline.at = "compiling the formulas and ordering them by what they read"
    formulas = [f for sheet in book.sheets for f in sheet.formulas]
    total = len(formulas)
    runs = Vectorised(book, formulas) if vector else None
    formulas = formulas if runs is None else runs.rest
    compiler = _Compiler(book, direct)
    known: dict[int, Area] = {}
    runtime = RunTime(book.names, frozenset(s.name.upper() for s in book.sheets), date1904=book.date1904)
    with formulas_patches.applied():  # xlscore's changes to `formulas`, for xlscore's computations only
        token = RUNTIME.set(runtime)  # before compiling: the engine computes a formula without inputs as it compiles
        try:
            spilling = [compiler.spills(f) for f in formulas]
            if runs is not None:  # the runs that read what the rest writes join the rest
                formulas, spilling = runs.settle(formulas, spilling)
            for _attempt in range(2):
                evaluator = _Evaluator(book, compiler)
                runtime.read = evaluator.read_at_run_time
                order, cycle, needs, outputs = _order(evaluator, formulas, spilling, known)
                for _ in range(2 if compiler.run_time else 1):  # INDIRECT and OFFSET: once more with every value in
                    evaluator.errors.clear()
                    if runs is not None:
                        runs.compute(evaluator, deadline)
                    _run(evaluator, [formulas[i] for i in order], [spilling[i] for i in order], deadline, progress)
                    progress = None  # counted once: the passes after the first are the same formulas again
                    if cycle:
                        deadline.at = "computing the formulas of a circular reference"
                        _circular(evaluator, [formulas[index] for index in cycle], book)
                if compiler.run_time:
                    _circle_at_run_time(evaluator, formulas, (order, cycle, needs, outputs), spilling, book, deadline)
                wider = _wider(evaluator, formulas, spilling, known)
                if not wider:
                    break
                known.update(wider)
        finally:
            RUNTIME.reset(token)
    return Evaluation(dict(evaluator.written), evaluator.spills, evaluator.errors, total, compiler.engine_used)


@dataclass(frozen=True, slots=True)
class _Where:
    """How far a pass got, worded only if the deadline stops it there."""

    formula: Formula
    done: int
    total: int

    def __str__(self) -> str:
        cell = cell_name(self.formula.row, self.formula.col)
        return f"at sheet {shown(self.formula.sheet)}, {cell}, formula {self.done:,} of {self.total:,}"


def _run(
    evaluator: _Evaluator,
    formulas: list[Formula],
    spilling: list[bool],
    deadline: limits.Deadline,
    progress: Callable[[int], None] | None,
) -> None:
    """One pass over ``formulas`` in order, each computed and placed; the deadline checked before each."""
    total = len(formulas)
    for done, (formula, spills) in enumerate(zip(formulas, spilling, strict=True), start=1):
        deadline.at = _Where(formula, done, total)
        deadline.check()
        evaluator.now = (formula.sheet.upper(), formula.row, formula.col)
        grid, problem, messages = evaluator.compute(formula)
        evaluator.place(formula, grid, problem, messages, spills)
        if progress is not None:
            progress(done)


def _circle_at_run_time(
    evaluator: _Evaluator,
    formulas: list[Formula],
    ordered: _Ordered,
    spilling: list[bool],
    book: Book,
    deadline: limits.Deadline,
) -> None:
    """A cycle through INDIRECT or OFFSET, found once they ran, treated as any other (:func:`_circular`): its cells
    hold the values the file saved, and the formulas outside it are computed once more from those."""
    circle = _run_time_cycle(evaluator, formulas, ordered)
    if not circle:
        return
    for index in circle:
        evaluator.place(formulas[index], _saved(book, formulas[index]), "", [])
    evaluator.errors.clear()
    order, cycle = ordered[0], ordered[1]
    inside = set(circle)
    rest = [i for i in order if i not in inside]
    _run(evaluator, [formulas[i] for i in rest], [spilling[i] for i in rest], deadline, None)
    _circular(evaluator, [formulas[index] for index in sorted({*cycle, *circle})], book)


def _changed(before: object, after: object) -> float:
    """How much a value moved in one pass of an iteration: the difference of two numbers, else 0 or infinity."""
    if isinstance(before, (int, float)) and isinstance(after, (int, float)):
        return abs(float(after) - float(before))
    if before in (None, "") and isinstance(after, (int, float)):
        return abs(float(after))
    return 0.0 if before == after else math.inf


def _held(evaluator: _Evaluator, formula: Formula) -> list[list[object]]:
    """The values a formula's cells hold now (its array formula's area whole)."""
    store = evaluator.store[formula.sheet.upper()]
    area = formula.array or Area(None, formula.row, formula.col, formula.row, formula.col)
    return [[store.get((r, c)) for c in range(area.left, area.right + 1)] for r in range(area.top, area.bottom + 1)]


def _circular(evaluator: _Evaluator, formulas: list[Formula], book: Book) -> None:
    """The formulas caught in a circular reference, or behind one, in the file's order.

    With iterative calculation on (:class:`Iteration`), as Excel: each pass computes every one from the values the
    last left, starting from the values the file holds, until none moves by the delta or more, at most ``count``
    passes. A circle the file holds already settled (the first pass moves nothing by the delta) keeps its values:
    Excel stopped there, and another pass is within what the workbook accepts. Without it, as Excel: each keeps the
    last value Excel computed, the one in the file (0 when there is none), and is reported.
    """
    iteration = book.iteration
    saved = [_held(evaluator, f) for f in formulas]
    if iteration is None:
        for formula, grid in zip(formulas, saved, strict=True):
            evaluator.place(formula, [[0.0 if v in (None, "") else v for v in row] for row in grid], "", [])
            evaluator.errors.append(
                CellReport(
                    formula.sheet,
                    cell_name(formula.row, formula.col),
                    "",
                    "a circular reference: Excel shows the last value it computed, 0 at first, as here; turn on "
                    "iterative calculation (File > Options > Formulas) to compute it",
                )
            )
        return
    for done in range(iteration.count):
        moved = 0.0
        for formula in formulas:
            before = evaluator.store[formula.sheet.upper()].get((formula.row, formula.col))
            grid, problem, messages = evaluator.compute(formula)
            evaluator.place(formula, grid, problem, messages)
            after = evaluator.store[formula.sheet.upper()].get((formula.row, formula.col))
            moved = max(moved, _changed(before, after))
        if moved < iteration.delta:
            if done == 0:
                for formula, grid in zip(formulas, saved, strict=True):
                    evaluator.place(formula, grid, "", [])
            break


def _wider(
    evaluator: _Evaluator, formulas: list[Formula], spilling: list[bool], known: dict[int, Area]
) -> dict[int, Area]:
    """The formulas whose spill turned out wider than assumed, with their true areas."""
    wider = {}
    for index, formula in enumerate(formulas):
        spill = evaluator.spills.get((formula.sheet.upper(), formula.row, formula.col))
        assumed = _output_area(formula, evaluator.max_row[formula.sheet.upper()], spilling[index], known.get(index))
        if spill is not None and not assumed.contains(spill.bottom, spill.right):
            wider[index] = spill
    return wider
