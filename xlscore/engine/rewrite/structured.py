"""Excel tables in formulas: structured references (``Results[#All]``, ``Results[score]``) and tables that grow.

A template's formulas read its input tables by structured reference, so they follow a table as it grows: Excel
widens a table when a row is typed or pasted directly below it, and so does the recalculation here
(:func:`grow`), for rows appended by a script or typed in a program that does not widen tables. Rows typed below a
table after a blank row are not part of it, in Excel or here, and :func:`left_out` says so. Before a formula
is computed, each structured reference is replaced by the plain range it stands for (:func:`resolve`); the file
keeps the formula as it was written.

Understood: ``Table[#All]``, ``Table[#Data]``, ``Table[#Headers]``, ``Table[#Totals]``, ``Table[Column]``,
``Table[[Column]]``, ``Table[[First]:[Last]]``, the combinations ``Table[[#Headers],[#Data],[Column]]``, the
table's name alone (``=SUM(Table)``, its data rows), ``Table[[#This Row],[Column]]`` and its short form
``Table[@Column]`` (``Table[@[First]:[Last]]``, ``Table[@]``), and inside a table the same without the table's
name (``[@Column]``, ``[Column]``); a column name's special characters escaped with ``'`` as Excel writes them.
``[#This Row]`` becomes a reference to the formula's own row that moves with it, so a calculated column is still
compiled once. A part the table lacks is Excel's error in its place: ``#REF!`` for ``[#Headers]`` of a table
without a header row or ``[#Totals]`` of one without a totals row, ``#VALUE!`` for ``[#This Row]`` outside the
table's rows.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from xlscore.engine.rewrite.refs import Area, column_letters, parse_area, written

__all__ = ["Table", "grow", "left_out", "resolve", "stranded"]


@dataclass(frozen=True)
class Table:
    """An Excel table (Insert > Table): name, sheet, area (header and totals rows included), column names.

    ``saved`` is the area the file gives; ``area`` is larger when rows were added directly below it (:func:`grow`).
    ``part`` is the table's part in the file, whose ``ref`` the recalculation updates when the table grew.
    ``stranded``: blocks of rows typed below the table after a blank row, which are not part of it (Excel does not
    widen a table over a blank row); :func:`left_out` words them for the coordinator.
    """

    name: str
    sheet: str
    area: Area
    columns: tuple[str, ...]
    part: str = ""
    saved: Area | None = None
    header_rows: int = 1
    totals_rows: int = 0
    stranded: tuple[Area, ...] = ()
    filtered: bool = False  # its filter has criteria: its hidden rows are filtered out (SUBTOTAL 1-11 skips them)

    @property
    def grown(self) -> bool:
        return self.saved is not None and self.saved != self.area


def grow(table: Table, filled_rows: Iterable[int]) -> Table:
    """``table`` widened down over the rows directly below it that hold anything in its columns, as Excel does.

    ``filled_rows``: the rows of the table's sheet with a value or formula in one of its columns. A table with a
    totals row does not grow (Excel adds rows above the totals row, inside the table).
    """
    if table.totals_rows:
        return table
    filled = set(filled_rows)
    bottom = table.area.bottom
    while bottom + 1 in filled:
        bottom += 1
    if bottom == table.area.bottom:
        return table
    a = table.area
    return Table(
        table.name,
        table.sheet,
        Area(a.sheet, a.top, a.left, bottom, a.right),
        table.columns,
        table.part,
        table.saved or table.area,
        table.header_rows,
        table.totals_rows,
        filtered=table.filtered,
    )


def stranded(table: Table, typed_rows: Iterable[int]) -> tuple[Area, ...]:
    """The blocks of ``typed_rows`` (rows of the table's sheet with a value typed in one of its columns) below
    ``table`` as grown, each block's rows consecutive. Every one of them is after a blank row, or the table would
    have grown over it. A table with a totals row is not looked at: it does not grow (Excel adds its rows above the
    totals row)."""
    if table.totals_rows:
        return ()
    a = table.area
    rows = sorted(r for r in set(typed_rows) if r > a.bottom)
    blocks: list[Area] = []
    for row in rows:
        if blocks and blocks[-1].bottom == row - 1:
            last = blocks.pop()
            blocks.append(Area(a.sheet, last.top, a.left, row, a.right))
        else:
            blocks.append(Area(a.sheet, row, a.left, row, a.right))
    return tuple(blocks)


def left_out(tables: Iterable[Table]) -> list[str]:
    """One line per table with rows typed below it after a blank row: where they are, and that they do not count."""
    lines = []
    for table in tables:
        if table.stranded:
            where = [str(block) for block in table.stranded]
            listed = where[0] if len(where) == 1 else f"{', '.join(where[:-1])} and {where[-1]}"
            lines.append(
                f"{table.sheet}!{listed} are below the table {table.name} after a blank row; they are not counted: "
                "remove the blank rows"
            )
    return lines


_STRING = re.compile(r'"(?:[^"]|"")*"')
_QUOTED_SHEET = re.compile(r"'(?:[^']|'')*'!")
_ITEMS = {"#ALL", "#DATA", "#HEADERS", "#TOTALS", "#THIS ROW"}
_THIS_ROW = "#THIS ROW"


def _specifier_end(text: str, start: int) -> int | None:
    """The index just past the ``]`` that closes the ``[`` at ``start``; ``'`` escapes the next character."""
    depth = 0
    i = start
    while i < len(text):
        ch = text[i]
        if ch == "'":
            i += 2
            continue
        if ch == "[":
            depth += 1
        elif ch == "]":
            depth -= 1
            if depth == 0:
                return i + 1
        i += 1
    return None


def _unescape(name: str) -> str:
    return re.sub(r"'(.)", r"\1", name).strip()


def _parts(specifier: str) -> list[str] | None:
    """``[[#All],[a]:[b]]`` -> ``['#All', 'a:b']``; ``[score]`` -> ``['score']``; ``[@score]`` and
    ``[@[a]:[b]]`` -> ``['#This Row', ...]``; None when it cannot be read."""
    inner = specifier[1:-1].strip()
    if inner.startswith("@"):  # Excel 2010's short form of [#This Row]
        rest = inner[1:].strip()
        if not rest:
            return ["#This Row"]
        more = _parts(f"[{rest}]") if rest.startswith("[") else [_unescape(rest)]
        return None if more is None else ["#This Row", *more]
    if "[" not in inner:
        return [_unescape(inner)] if inner else []
    if not inner.startswith("["):  # Excel 2007's row form: Table1[Table1!$C5:$G5,[Field 4]], one row of a column
        rows, _, rest = inner.partition(",")
        more = _parts(f"[{rest.strip()}]") if rest.strip().startswith("[") else None
        return None if more is None or parse_area(rows.strip()) is None else [f"@{rows.strip()}", *more]
    parts: list[str] = []
    i = 0
    while i < len(inner):
        ch = inner[i]
        if ch in " ,":
            i += 1
            continue
        if ch != "[":
            return None
        end = _specifier_end(inner, i)
        if end is None:
            return None
        name = _unescape(inner[i + 1 : end - 1])
        if end < len(inner) and inner[end] == ":":
            second = _specifier_end(inner, end + 1)
            if second is None or inner[end + 1] != "[":
                return None
            name = f"{name}:{_unescape(inner[end + 2 : second - 1])}"
            end = second
        parts.append(name)
        i = end
    return parts


class _MissingPartError(Exception):
    """A part of the table that is not there (its header row, totals row, or this row outside it): the error
    value Excel gives in its place."""

    def __init__(self, code: str) -> None:
        super().__init__(code)
        self.code = code


def _area(table: Table, parts: list[str], row: int) -> tuple[Area, bool] | None:
    """The area ``parts`` name in ``table`` for a formula in ``row``, and whether it is that row (``#This Row``:
    it moves with the formula); None when they cannot be read. :class:`_MissingPartError` for a part not there."""
    items = [p.upper() for p in parts if p.startswith("#")]
    if any(item not in _ITEMS for item in items):
        return None
    columns = [p for p in parts if not p.startswith(("#", "@"))]
    given = [parse_area(p[1:]) for p in parts if p.startswith("@")]  # the row form's rows, which move like #This Row
    if given:
        if items or given[0] is None or not table.area.contains(given[0].top, table.area.left):
            return None
        found = _area(table, columns, given[0].top)
        return (
            None
            if found is None
            else (Area(table.sheet, given[0].top, found[0].left, given[0].top, found[0].right), True)
        )
    a = table.area
    first_data = a.top + table.header_rows
    last_data = a.bottom - table.totals_rows
    rows: list[tuple[int, int]] = []
    this_row = _THIS_ROW in items
    if this_row and len(items) > 1:
        return None  # Excel allows #This Row only on its own
    for item in items or ["#DATA"]:
        if item == "#ALL":
            rows.append((a.top, a.bottom))
        elif item == "#DATA":
            rows.append((first_data, max(first_data, last_data)))
        elif item == "#HEADERS":
            if not table.header_rows:
                raise _MissingPartError("#REF!")
            rows.append((a.top, a.top))
        elif item == "#TOTALS":
            if not table.totals_rows:
                raise _MissingPartError("#REF!")
            rows.append((a.bottom, a.bottom))
        else:  # #This Row: the formula's own row, which must be one of the table's
            if not a.top <= row <= a.bottom:
                raise _MissingPartError("#VALUE!")
            rows.append((row, row))
    left, right = a.left, a.right
    if len(columns) > 1:
        return None
    if columns:
        names = [c.strip().upper() for c in table.columns]  # "Field 4 " as [Field 4 ] writes it
        first, _, last = columns[0].partition(":")
        try:
            left = a.left + names.index(first.strip().upper())
            right = a.left + names.index((last or first).strip().upper())
        except ValueError:
            return None
        left, right = min(left, right), max(left, right)
    return Area(table.sheet, min(r[0] for r in rows), left, max(r[1] for r in rows), right), this_row


def _this_row(area: Area) -> str:
    """``Sheet!$C5`` or ``Sheet!$C5:$E5``: the columns fixed, the row relative, so that the reference moves with a
    formula filled down the table as ``[#This Row]`` does."""
    one = written(Area(area.sheet, area.top, area.left, area.top, area.left))
    sheet, _, _ = one.rpartition("!")
    cells = f"${column_letters(area.left)}{area.top}"
    if area.right != area.left:
        cells += f":${column_letters(area.right)}{area.top}"
    return f"{sheet}!{cells}" if sheet else cells


def _containing(tables: Iterable[Table], sheet: str, row: int, col: int) -> Table | None:
    wanted = sheet.upper()
    return next((t for t in tables if t.sheet.upper() == wanted and t.area.contains(row, col)), None)


def resolve(text: str, tables: Mapping[str, Table], sheet: str = "", row: int = 0, col: int = 0) -> str:
    """``text`` with every structured reference to one of ``tables`` (keyed by upper-cased name) as a range, for
    a formula written for the cell at ``row``, ``col`` of ``sheet``: ``Table[...]``, a table's name alone (its data
    rows), and inside a table ``[Column]``, ``[@Column]`` and ``[[#This Row],[Column]]`` without the table's name.
    ``[#This Row]`` becomes a reference to the formula's own row whose row moves with it (``Sheet!$C5``). A part
    the table lacks (``[#Totals]`` of a table without a totals row) becomes Excel's ``#REF!``, ``[#This Row]``
    outside the table's rows ``#VALUE!``."""
    if not tables:
        return text
    names = "|".join(re.escape(name) for name in sorted(tables, key=len, reverse=True))
    start_of = re.compile(
        rf"(?<![\w.\]!'\\])(?:({names})(?![\w.(!])(\[)?|(\[))",
        re.IGNORECASE,
    )
    pieces: list[str] = []
    last = 0
    masked = _STRING.sub(lambda m: "_" * len(m.group(0)), text)
    masked = _QUOTED_SHEET.sub(lambda m: "_" * len(m.group(0)), masked)
    inside = _containing(tables.values(), sheet, row, col) if sheet else None
    for match in start_of.finditer(masked):
        if match.start() < last:
            continue
        if match.group(1) is not None:
            table = tables[match.group(1).upper()]
            if match.group(2) is None:  # the table's name alone: its data
                data = _area(table, [], row)
                assert data is not None  # a table always has its data rows
                pieces.append(text[last : match.start()] + written(data[0]))
                last = match.end()
                continue
        elif inside is None:
            continue  # a bracket outside any table: an external workbook's [1], not ours
        else:
            table = inside
        opening = match.end() - 1
        end = _specifier_end(masked, opening)
        if end is None or (match.group(1) is None and end < len(masked) and re.match(r"[\w'!]", masked[end])):
            continue  # [1]Sheet!A1: another workbook
        parts = _parts(text[opening:end])
        try:
            found = None if parts is None else _area(table, parts, row)
        except _MissingPartError as missing:
            pieces.append(text[last : match.start()] + missing.code)
            last = end
            continue
        if found is None:
            continue
        area, this_row = found
        pieces.append(text[last : match.start()] + (_this_row(area) if this_row else written(area)))
        last = end
    pieces.append(text[last:])
    return "".join(pieces)
