"""What SUBTOTAL, AGGREGATE and ISFORMULA need to know about cells besides their values.

The formula engine hands a function its arguments' values, not their cells, but these three ask about the cells:
SUBTOTAL leaves out rows hidden in the sheet (``function_num`` 101-111) or by a filter (all of them) and the cells
that hold another SUBTOTAL or AGGREGATE; AGGREGATE does as its option says; ISFORMULA asks whether a cell holds a
formula. Before a formula is compiled (:func:`with_cell_information`), each such call's reference gets a twin on
a sheet that does not exist in the workbook, the *information sheet* of the reference's sheet (its name is longer
than Excel's 31 characters, so no real sheet has it): ``SUBTOTAL(109, B2:B9)`` becomes
``XLSCORE_SUBTOTAL(109, B2:B9, 'Data (information on the cells, by xlscore)'!B2:B9)``. The twin moves with the
formula as the reference does, so a formula filled down is still compiled once, and the evaluator answers it with
each cell's flags (:class:`CellInformation`): :data:`FORMULA`, :data:`SUBTOTAL`, :data:`HIDDEN` (a row with
``hidden="1"``) and :data:`FILTERED` (a hidden row inside a filter that has criteria, on the sheet or on a table).
The functions themselves are in :mod:`xlscore.engine.functions.math.subtotals`.
"""

from __future__ import annotations

import contextvars
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from xlscore.engine.rewrite import calls
from xlscore.engine.rewrite.refs import Area, Reference, cell_name, find_references, parse_area
from xlscore.engine.rewrite.tokens import Token

if TYPE_CHECKING:
    from xlscore.engine.files.book import Book

__all__ = [
    "FILTERED",
    "FORMULA",
    "HIDDEN",
    "RUNTIME",
    "SUBTOTAL",
    "CellInformation",
    "RunTime",
    "twin_of",
    "with_cell_information",
]


@dataclass
class RunTime:
    """What the formulas read of the workbook beyond their inputs while they are computed: INDIRECT and OFFSET a
    range's values (as the evaluator has them at that moment) and the defined names, TEXT the date system."""

    names: Mapping[str, str]
    sheets: frozenset[str]  # upper-cased
    read: Callable[[Area], list[list[object]]] | None = None
    date1904: bool = False  # the workbook's dates count from 1904 (TEXT shows them so)


RUNTIME: contextvars.ContextVar[RunTime | None] = contextvars.ContextVar("xlscore_runtime", default=None)

FORMULA = 1
SUBTOTAL = 2  # a formula that calls SUBTOTAL or AGGREGATE
HIDDEN = 4
FILTERED = 8  # hidden by a filter (HIDDEN too)

_SUFFIXES = {
    "flags": " (INFORMATION ON THE CELLS, BY XLSCORE)",
    "rows": " (ROW NUMBERS, BY XLSCORE)",
    "columns": " (COLUMN NUMBERS, BY XLSCORE)",
}
_SUFFIX_MARK = ", BY XLSCORE)"
_CALLS = {"SUBTOTAL(": "XLSCORE_SUBTOTAL(", "AGGREGATE(": "XLSCORE_AGGREGATE(", "ISFORMULA(": "XLSCORE_ISFORMULA("}
_LEADING = {"SUBTOTAL(": 1, "AGGREGATE(": 2, "ISFORMULA(": 0}  # arguments before the references
_SUBTOTAL_CALL = re.compile(r"(?<![\w.])(?:_xlfn\.)?(?:SUBTOTAL|AGGREGATE)\(", re.IGNORECASE)
_CELL = re.compile(r"(\$?)([A-Za-z]{1,3})(\$?)(\d+)")


def twin_of(sheet: str) -> tuple[str, str] | None:
    """(the upper-cased sheet, "flags", "rows" or "columns") for an information sheet's name, else None."""
    upper = sheet.upper()
    for kind, suffix in _SUFFIXES.items():
        if upper.endswith(suffix):
            return upper.removesuffix(suffix), kind
    return None


def _twin(reference: str, sheet: str, kind: str = "flags") -> str | None:
    """``Data!$B$2:B9`` -> ``'DATA (INFORMATION ...)'!$B$2:B9``: the same cells on an information sheet; for
    "rows" only the first column (``ROW(B2:D9)`` is a column of numbers), for "columns" only the first row."""
    if parse_area(reference) is None:
        return None
    own, bang, cells = reference.rpartition("!")
    if bang:
        sheet = own[1:-1].replace("''", "'") if own.startswith("'") else own
    ends = cells.split(":")
    if kind != "flags" and len(ends) == 2:
        lines = [re.fullmatch(r"\$?(\d+)" if kind == "rows" else r"\$?([A-Za-z]{1,3})", end) for end in ends]
        if lines[0] is not None and lines[1] is not None:  # ROW(2:3), COLUMN(B:D): one column or row of them
            first_line, last_line = lines[0].group(1), lines[1].group(1)
            cells = f"A{first_line}:A{last_line}" if kind == "rows" else f"{first_line}1:{last_line}1"
            return "'" + (sheet.upper() + _SUFFIXES[kind]).replace("'", "''") + "'!" + cells
        first, last = _CELL.fullmatch(ends[0]), _CELL.fullmatch(ends[1])
        if first is None or last is None:
            return None  # whole columns for ROW, whole rows for COLUMN: left to the engine
        if kind == "rows":
            cells = f"{ends[0]}:{first.group(1)}{first.group(2)}{last.group(3)}{last.group(4)}"
        else:
            cells = f"{ends[0]}:{last.group(1)}{last.group(2)}{first.group(3)}{first.group(4)}"
    return "'" + (sheet.upper() + _SUFFIXES[kind]).replace("'", "''") + "'!" + cells


def _arguments(items: list[Token], start: int) -> tuple[list[list[Token]], int]:
    """The arguments of the call whose opening token is at ``start``, and the index of its closing token."""
    split = calls.call_arguments(items, start)
    if split is None:
        raise ValueError("a call is not closed")
    return split


def _plain(argument: list[Token]) -> Token | None:
    tokens = [t for t in argument if t.type != Token.WSPACE]
    return tokens[0] if len(tokens) == 1 and tokens[0].subtype == Token.RANGE else None


def _positions(name: str, arguments: list[list[Token]], sheet: str) -> str | None:
    """ROW of a range taller than one row, COLUMN of one wider than one column: its twin of numbers."""
    plain = _plain(arguments[0]) if len(arguments) == 1 else None
    area = parse_area(plain.value) if plain is not None else None
    if plain is None or area is None:
        return None
    if name == "ROW(" and area.height > 1:
        return _twin(plain.value, sheet, "rows")
    if name == "COLUMN(" and area.width > 1:
        return _twin(plain.value, sheet, "columns")
    return None


def _own(sheet: str, row: int, col: int, kind: str) -> str:
    """The formula's own cell on an information sheet of numbers, relative, so that it moves with the formula."""
    return "'" + (sheet.upper() + _SUFFIXES[kind]).replace("'", "''") + "'!" + cell_name(row, col)


def _run_time_call(name: str, arguments: list[list[Token]], sheet: str, row: int, col: int) -> list[Token] | None:
    """INDIRECT and OFFSET as xlscore's, given the addresses they need as twins (moving with the formula):
    ``XLSCORE_INDIRECT(own row, own column, "SHEET", text[, a1])`` and
    ``XLSCORE_OFFSET("SHEET", rows of ref, columns of ref, rows, cols[, height, width])``; None when OFFSET's
    reference is not a plain one."""

    def text(value: str) -> Token:
        return Token('"' + value.replace('"', '""') + '"', Token.OPERAND, Token.TEXT)

    separator = Token(",", Token.SEP, Token.ARG)
    if name == "INDIRECT(":
        head = [
            Token(_own(sheet, row, col, "rows"), Token.OPERAND, Token.RANGE),
            separator,
            Token(_own(sheet, row, col, "columns"), Token.OPERAND, Token.RANGE),
            separator,
            text(sheet),
        ]
        rest = arguments
        call = "XLSCORE_INDIRECT("
    else:
        plain = _plain(arguments[0])
        rows = _twin(plain.value, sheet, "rows") if plain is not None else None
        columns = _twin(plain.value, sheet, "columns") if plain is not None else None
        if plain is None or rows is None or columns is None:
            return None
        own, bang, _ = plain.value.rpartition("!")
        ref_sheet = (own[1:-1].replace("''", "'") if own.startswith("'") else own) if bang else sheet
        head = [
            text(ref_sheet),
            separator,
            Token(rows, Token.OPERAND, Token.RANGE),
            separator,
            Token(columns, Token.OPERAND, Token.RANGE),
        ]
        rest = arguments[1:]
        call = "XLSCORE_OFFSET("
    out = [Token(call, Token.FUNC, Token.OPEN), *head]
    for argument in rest:
        out += [separator, *argument]
    return [*out, Token(")", Token.FUNC, Token.CLOSE)]


def with_cell_information(
    items: list[Token], sheet: str, row: int = 1, col: int = 1
) -> tuple[list[Token], list[Reference], bool]:
    """The tokens with each SUBTOTAL, AGGREGATE and ISFORMULA call made xlscore's, each reference it takes
    followed by its twin on the information sheet (``FALSE`` for an argument that is no plain reference), and
    each ROW of a taller range and COLUMN of a wider one as its twin of numbers; the twins as references; and
    whether anything was changed. ``sheet``: the formula's own sheet."""
    out: list[Token] = []
    twins: list[Reference] = []
    changed = False
    i = 0
    while i < len(items):
        token = items[i]
        name = token.value.upper().removeprefix("_XLFN.") if token.type == Token.FUNC else ""
        rewritten = None
        if token.subtype == Token.OPEN and name in _REWRITTEN:
            arguments, close = _arguments(items, i)
            rewritten = _rewritten_call(name, arguments, items[close], sheet, row, col)
        if rewritten is None:
            out.append(token)
            i += 1
            continue
        tokens, found = rewritten
        out += tokens
        twins += found
        changed = True
        i = close + 1
    return out, twins, changed


_REWRITTEN = (*_CALLS, "ROW(", "COLUMN(", "INDIRECT(", "OFFSET(")
_Rewritten = tuple[list[Token], list[Reference]]


def _rewritten_call(
    name: str, arguments: list[list[Token]], close: Token, sheet: str, row: int, col: int
) -> _Rewritten | None:
    """A call of ``name`` (one of :data:`_REWRITTEN`, ``close`` its closing token) as :func:`with_cell_information`
    rewrites it, and the twins it reads; None to leave it as it is."""
    if name in ("INDIRECT(", "OFFSET("):
        inner = [with_cell_information(argument, sheet, row, col) for argument in arguments]
        called = _run_time_call(name, [tokens for tokens, _, _ in inner], sheet, row, col)
        if called is None:
            return None
        twins = [twin for _, found, _ in inner for twin in found]
        twins += [
            r for t in called if t.subtype == Token.RANGE and _SUFFIX_MARK in t.value for r in find_references(t.value)
        ]
        return called, twins
    if name in ("ROW(", "COLUMN("):
        numbers = _positions(name, arguments, sheet)
        if numbers is None:
            return None
        return [Token(numbers, Token.OPERAND, Token.RANGE)], find_references(numbers)
    return _informed_call(name, arguments, close, sheet, row, col)


def _informed_call(name: str, arguments: list[list[Token]], close: Token, sheet: str, row: int, col: int) -> _Rewritten:
    """A SUBTOTAL, AGGREGATE or ISFORMULA call as xlscore's, each reference past its leading arguments followed by
    its twin on the information sheet (``FALSE`` for an argument that is no plain reference)."""
    inner = [with_cell_information(argument, sheet, row, col) for argument in arguments]  # calls inside
    twins = [twin for _, found, _ in inner for twin in found]
    out = [Token(_CALLS[name], Token.FUNC, Token.OPEN)]
    for index, (argument, _, _) in enumerate(inner):
        if index:
            out.append(Token(",", Token.SEP, Token.ARG))
        out.extend(argument)
        if index >= _LEADING[name]:
            plain = _plain(argument)
            twin = _twin(plain.value, sheet) if plain is not None else None
            out.append(Token(",", Token.SEP, Token.ARG))
            if twin:
                out.append(Token(twin, Token.OPERAND, Token.RANGE))
                twins += find_references(twin)
            else:
                out.append(Token("FALSE", Token.OPERAND, Token.LOGICAL))
    out.append(close)
    return out, twins


class CellInformation:
    """Each cell's flags for the information sheets, worked out for a sheet when it is first asked about."""

    def __init__(self, book: Book) -> None:
        self.book = book
        self._flags: dict[str, tuple[dict[tuple[int, int], int], dict[int, int]]] = {}

    def grid(self, kind: str, sheet: str, top: int, left: int, bottom: int, right: int) -> list[list[object]]:
        """The ``kind`` of information (:func:`twin_of`) on the cells of ``sheet`` (upper-cased) from ``top``,
        ``left`` to ``bottom``, ``right``: their flags, their row numbers or their column numbers."""
        if kind == "rows":
            return [[row] * (right - left + 1) for row in range(top, bottom + 1)]
        if kind == "columns":
            return [list(range(left, right + 1)) for _ in range(top, bottom + 1)]
        cells, rows = self._of(sheet)
        return [
            [cells.get((row, col), 0) | rows.get(row, 0) for col in range(left, right + 1)]
            for row in range(top, bottom + 1)
        ]

    def _of(self, sheet: str) -> tuple[dict[tuple[int, int], int], dict[int, int]]:
        found = self._flags.get(sheet)
        if found is None:
            found = self._flags[sheet] = self._read(sheet)
        return found

    def _read(self, name: str) -> tuple[dict[tuple[int, int], int], dict[int, int]]:
        sheet = next(s for s in self.book.sheets if s.name.upper() == name)
        cells: dict[tuple[int, int], int] = {}
        for formula in sheet.formulas:
            flag = FORMULA | (SUBTOTAL if _SUBTOTAL_CALL.search(formula.text) else 0)
            area = formula.array if formula.array is not None and not formula.dynamic else None
            if area is None:
                cells[(formula.row, formula.col)] = flag
            else:
                for row in range(area.top, area.bottom + 1):
                    for col in range(area.left, area.right + 1):
                        cells[(row, col)] = flag
        filters = [t.area for t in self.book.tables if t.sheet.upper() == name and t.filtered]
        hidden, sheet_filter = hidden_rows(self.book.path, sheet.part)
        if sheet_filter is not None:
            filters.append(sheet_filter)
        rows = {row: HIDDEN | (FILTERED if any(a.top < row <= a.bottom for a in filters) else 0) for row in hidden}
        return cells, rows


_ROW = re.compile(rb"<(?:\w+:)?row\b([^>]*)>")
_ROW_NUMBER = re.compile(rb"""\br\s*=\s*["'](\d+)["']""")
_HIDDEN = re.compile(rb"""\bhidden\s*=\s*["'](?:1|true)["']""")
_FILTER = re.compile(rb"<(?:\w+:)?autoFilter\b([^>]*?)(/?)>(.*?)(?:</(?:\w+:)?autoFilter>|$)", re.DOTALL)
_REF = re.compile(rb"""\bref\s*=\s*["']([^"']+)["']""")


def filter_area(xml: bytes) -> Area | None:
    """The area of the part's filter (``<autoFilter ref=...>``) when it has criteria (``<filterColumn>``)."""
    match = _FILTER.search(xml)
    if match is None or match.group(2) or b"filterColumn" not in match.group(3):
        return None
    ref = _REF.search(match.group(1))
    return parse_area(ref.group(1).decode()) if ref is not None else None


def hidden_rows(path: Path, part: str) -> tuple[set[int], Area | None]:
    """The rows of the sheet in ``part`` that are hidden, and the area of its filter if it has criteria."""
    from xlscore.engine.files.safezip import open_workbook

    with open_workbook(path) as zf:
        xml = zf.read(part)
    hidden: set[int] = set()
    row = 0
    for match in _ROW.finditer(xml):
        attributes = match.group(1)
        number = _ROW_NUMBER.search(attributes)
        row = int(number.group(1)) if number is not None else row + 1
        if _HIDDEN.search(attributes):
            hidden.add(row)
    data = xml.find(b"sheetData")
    end = xml.rfind(b"sheetData")
    return hidden, filter_area(xml[end:] if data != -1 else xml)
