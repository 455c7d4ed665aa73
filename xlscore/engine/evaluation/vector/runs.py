"""The runs of a workbook: the formulas of one column that are the same in R1C1 form, computed together.

:class:`Vectorised` finds them (a fast key per formula: its relative row numbers written as offsets from its own
row), parses each once, keeps those that read no cell written by a formula left to the cell-by-cell path (nor by
themselves), and computes them in an order where each comes after the runs it reads, before the other formulas.
"""

from __future__ import annotations

import bisect
import graphlib
import re
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from xlscore.engine.errors import shown
from xlscore.engine.evaluation.vector.compute import column
from xlscore.engine.evaluation.vector.context import Context
from xlscore.engine.evaluation.vector.parse import Call, Node, Operation, Ref, UnsupportedError, parsed
from xlscore.engine.evaluation.vector.values import BOOL, ERR, NUM, TEXT, Column
from xlscore.engine.files.book import Book, Formula
from xlscore.engine.rewrite.refs import MAX_COL, MAX_ROW, Area, cell_name, find_references

__all__ = ["Vectorised"]

# A text constant, a quoted sheet name, a part of a structured reference: left as they are; else a cell's row.
_PIECES = re.compile(
    r"\"(?:[^\"]|\"\")*\"|'(?:[^']|'')*'|\[[^\[\]]*\]|(?<![\w.$])(\$?[A-Za-z]{1,3})(\$?)([0-9]+)(?![\w.(!\[])"
)
_SMALLEST_RUN = 2
_DIGITS = re.compile(r"[0-9]+")
_HIDDEN = bytes.maketrans(b"0123456789", b"\0" * 10)  # each digit as NUL, which no formula holds (XML cannot)
_HIDDEN_RUNS = re.compile(b"\0+")
_LONGEST = 18  # digits a 64-bit whole number holds


def _roles(text: str) -> list[str]:
    """What each run of digits in ``text`` is: the row of a relative reference (``rel``), of an absolute one
    (``abs``), or anything else (a number, a part of a name or a text: ``lit``)."""
    rows = {m.span(3): "abs" if m.group(2) else "rel" for m in _PIECES.finditer(text) if m.group(3) is not None}
    return [rows.get(m.span(), "lit") for m in _DIGITS.finditer(text)]


def _rows_written(text: str) -> int:
    """How many row numbers the references of ``text`` write (the check of :func:`_same_digits` on one formula a
    run): a whole column (``$C:$C``) none; a whole row, or a range to the last row with its rows written, is never
    taken (-1)."""
    return sum(_written(text[r.start : r.end], r.area) for r in find_references(text))


def _written(text: str, area: Area) -> int:
    if area.right == MAX_COL or (
        area.bottom == MAX_ROW and (area.top != 1 or any(c.isdigit() for c in text.rpartition("!")[2]))
    ):
        return -1
    return 0 if area.bottom == MAX_ROW else 1 if ":" not in text else 2


@dataclass
class _Run:
    sheet: str  # upper case
    col: int
    formulas: list[Formula]  # by row
    node: Node

    @property
    def rows(self) -> list[int]:
        return [f.row for f in self.formulas]

    @property
    def writes(self) -> Area:
        return Area(self.sheet, self.formulas[0].row, self.col, self.formulas[-1].row, self.col)

    def reads(self) -> Iterable[Area]:
        first, last = self.formulas[0].row, self.formulas[-1].row
        for ref in _refs(self.node):
            sheet = (ref.sheet or self.sheet).upper()
            if ref.relative:
                yield Area(sheet, first + ref.top, ref.left, last + ref.bottom, ref.right)
            else:
                yield Area(sheet, ref.top, ref.left, ref.bottom, ref.right)


def _refs(node: Node) -> Iterable[Ref]:
    if isinstance(node, Ref):
        yield node
    elif isinstance(node, (Operation, Call)):
        for child in node.operands if isinstance(node, Operation) else node.arguments:
            yield from _refs(child)


def _found_runs(formulas: list[Formula]) -> list[_Run]:
    """The formulas grouped by sheet, column and UTF-8 text with each digit hidden (``bytes.translate``, at C speed: a
    row of another number of digits is another group), then by their digits read at the same places of every text,
    each relative row as an offset from the formula's own row."""
    templates: dict[tuple[str, int, bytes], list[Formula]] = defaultdict(list)
    for formula in formulas:
        if formula.array is None and not formula.dynamic and formula.col == formula.anchor[1]:
            templates[(formula.sheet.upper(), formula.col, formula.text.encode().translate(_HIDDEN))].append(formula)
    runs = []
    for (sheet, col, template), members in templates.items():
        if len(members) < _SMALLEST_RUN:
            continue
        roles = _roles(members[0].text)
        if _rows_written(members[0].text) != sum(role != "lit" for role in roles):
            continue  # the fast reading saw other references than the reader does: leave them cell by cell
        spans = [m.span() for m in _HIDDEN_RUNS.finditer(template)]
        for group in _same_digits(members, spans, roles):
            run = _run(sheet, col, group)
            if run is not None:
                runs.append(run)
    return runs


def _same_digits(members: list[Formula], spans: list[tuple[int, int]], roles: list[str]) -> Iterable[list[Formula]]:
    """``members`` (texts alike but for their digits, which stand at ``spans`` of their UTF-8 bytes) grouped by
    those digits as numbers, each relative row as an offset from the formula's own row."""
    if not spans:
        return [members]
    if len(spans) != len(roles) or any(end - start > _LONGEST for start, end in spans):
        return []
    texts = np.frombuffer("".join([f.text for f in members]).encode(), np.uint8).reshape(len(members), -1)
    rows = np.array([f.anchor[0] for f in members], np.int64)
    keys = np.empty((len(members), len(spans)), np.int64)
    for k, ((start, end), role) in enumerate(zip(spans, roles, strict=True)):
        digits = texts[:, start:end].astype(np.int64) - ord("0")
        keys[:, k] = digits @ (10 ** np.arange(end - start - 1, -1, -1, dtype=np.int64))
        if role == "rel":
            keys[:, k] -= rows
    if (keys == keys[0]).all():  # a formula filled down: one group, found without sorting
        return [members]
    _, group_of = np.unique(keys, axis=0, return_inverse=True)
    order = np.argsort(group_of.ravel(), kind="stable")
    bounds = np.flatnonzero(np.diff(group_of.ravel()[order])) + 1
    return [[members[i] for i in part.tolist()] for part in np.split(order, bounds)]


def _run(sheet: str, col: int, members: list[Formula]) -> _Run | None:
    if len(members) < _SMALLEST_RUN:
        return None
    first = members[0]
    try:
        node = parsed(first.text, first.anchor[0])
    except UnsupportedError:
        return None
    members.sort(key=lambda f: f.row)
    return _Run(sheet, col, members, node)


class _Written:
    """The cells the formulas left to the cell-by-cell path may write."""

    def __init__(self) -> None:
        self.cells: dict[tuple[str, int], list[int]] = defaultdict(list)
        self.areas: list[Area] = []

    def add(self, formula: Formula, spills: bool) -> None:
        sheet = formula.sheet.upper()
        if formula.dynamic or spills:
            self.areas.append(Area(sheet, formula.row, formula.col, MAX_ROW, MAX_COL))
        elif formula.array is not None:
            a = formula.array
            self.areas.append(Area(sheet, a.top, a.left, a.bottom, a.right))
        else:
            bisect.insort(self.cells[(sheet, formula.col)], formula.row)

    def meets(self, area: Area) -> bool:
        for col in range(area.left, area.right + 1):
            rows = self.cells.get((area.sheet or "", col))
            if rows:
                at = bisect.bisect_left(rows, area.top)
                if at < len(rows) and rows[at] <= area.bottom:
                    return True
        return any(a.sheet == area.sheet and a.intersects(area) for a in self.areas)


def _meet(a: Area, b: Area) -> bool:
    return a.sheet == b.sheet and a.intersects(b)


class Vectorised:
    """The runs of a workbook's formulas, and the formulas left to the cell-by-cell path (``rest``)."""

    def __init__(self, book: Book, formulas: list[Formula]) -> None:
        self.book = book
        self.runs = _found_runs(formulas)
        if sum(len(run.formulas) for run in self.runs) == len(formulas):
            self.rest: list[Formula] = []  # every formula in a run (a sheet of columns filled down)
        else:
            taken = {id(f) for run in self.runs for f in run.formulas}
            self.rest = [f for f in formulas if id(f) not in taken]

    def settle(self, rest: list[Formula], spilling: list[bool]) -> tuple[list[Formula], list[bool]]:
        """Keep the runs that read no cell a formula of ``rest`` may write, nor their own; order them. The formulas
        of the others join ``rest`` (a run's formulas are plain and call no xlscore function: they do not spill)."""
        written = _Written()
        for formula, spills in zip(rest, spilling, strict=True):
            written.add(formula, spills)
        kept, dropped_all = list(self.runs), []
        while True:
            reads = {id(run): list(run.reads()) for run in kept}
            dropped = [
                run for run in kept if any(written.meets(area) or _meet(area, run.writes) for area in reads[id(run)])
            ]
            if not dropped:
                break
            dropped_all += dropped
            for run in dropped:
                for formula in run.formulas:
                    written.add(formula, False)
            kept = [run for run in kept if run not in dropped]
        self.runs = _ordered(kept)
        if len(self.runs) < len(kept):
            dropped_all += kept  # runs reading each other in a circle: all left to the cell-by-cell path
        back = [f for run in dropped_all for f in run.formulas]
        return rest + back, spilling + [False] * len(back)

    def compute(self, evaluator: Any, deadline: Any) -> None:
        """Compute every run into the engine's ``evaluator``; rows the vector path does not take, cell by cell. The
        tables built from ranges (indexes, groupings) serve every run that reads the same range (a column filled
        down is several runs: rows 2-9, 10-99, ...) until a run writes into the range."""
        tables: dict[tuple[object, ...], Any] = {}
        for run in self.runs:
            first, last = run.formulas[0], run.formulas[-1]
            cells = f"{cell_name(first.row, first.col)}:{cell_name(last.row, last.col)}"
            deadline.at = f"at sheet {shown(first.sheet)}, {cells}, one formula filled down"
            deadline.check()
            _computed(run, evaluator, deadline, self.book.date1904, tables)
            for key in [key for key in tables if any(_meet(area, run.writes) for area in _areas(key))]:
                del tables[key]


def _areas(key: object) -> Iterable[Area]:
    """The areas named in a table's key."""
    if isinstance(key, Area):
        yield key
    elif isinstance(key, tuple):
        for part in key:
            yield from _areas(part)


def _ordered(runs: list[_Run]) -> list[_Run]:
    """The runs in an order where each comes after those it reads; none when they read each other in a circle."""
    sorter: graphlib.TopologicalSorter[int] = graphlib.TopologicalSorter()
    for i, run in enumerate(runs):
        reads = list(run.reads())
        sorter.add(i, *(j for j, other in enumerate(runs) if j != i and any(_meet(a, other.writes) for a in reads)))
    try:
        return [runs[i] for i in sorter.static_order()]
    except graphlib.CycleError:
        return []


_WRITTEN = (NUM, TEXT, BOOL, ERR)


def _values(result: Column, done: npt.NDArray[np.bool_]) -> list[object]:
    """The cell values of the rows ``done``: at C speed where they are all numbers or all texts."""
    kinds = set(result.kind[done].tolist())
    if kinds == {NUM}:
        return result.num[done].tolist()  # type: ignore[no-any-return]
    if kinds == {TEXT}:
        return result.text[done].tolist()  # type: ignore[no-any-return]
    return [result.value(i) for i in np.flatnonzero(done).tolist()]


def _computed(run: _Run, evaluator: Any, deadline: Any, date1904: bool, tables: dict[tuple[object, ...], Any]) -> None:
    rows = np.array(run.rows, np.int64)
    context = Context(evaluator.store, evaluator.grid, run.sheet, rows, date1904, tables)
    try:
        result = column(run.node, context)
        done = result.ok & np.isin(result.kind, _WRITTEN)
    except UnsupportedError:
        result, done = None, np.zeros(len(rows), bool)
    cells = evaluator.store[run.sheet]
    if result is not None and done.any():
        places = np.flatnonzero(done).tolist()
        values = _values(result, done)
        rows_done = [run.formulas[i].row for i in places]
        cells.column(run.col).update(zip(rows_done, values, strict=True))
        evaluator.written[run.sheet].update(zip(((r, run.col) for r in rows_done), values, strict=True))
        cells.version += 1
        for i in np.flatnonzero(done & (result.kind == ERR)).tolist():
            evaluator._report(run.formulas[i], "", [])
    for i in np.flatnonzero(~done).tolist():
        formula = run.formulas[i]
        deadline.check()
        evaluator.now = (run.sheet, formula.row, formula.col)
        grid, problem, messages = evaluator.compute(formula)
        evaluator.place(formula, grid, problem, messages, False)
