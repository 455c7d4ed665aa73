"""Excel tables in formulas: structured references (``Results[#All]``, ``Results[score]``) and tables that grow.

A template's formulas read its input tables by structured reference, so they follow a table as it grows: Excel
widens a table when a row is typed or pasted directly below it, and so does the recalculation here
(:func:`grow`), for rows appended by a script or typed in a program that does not widen tables. Rows typed below a
table after a blank row are not part of it, in Excel or here, and :func:`left_out` says so. Before a formula
is computed, each structured reference is replaced by the plain range it stands for (:func:`resolve`); the file
keeps the formula as it was written.

Understood: ``Table[#All]``, ``Table[#Data]``, ``Table[#Headers]``, ``Table[#Totals]``, ``Table[Column]``,
``Table[[Column]]``, ``Table[[First]:[Last]]`` and the combinations ``Table[[#Headers],[#Data],[Column]]``; a
column name's special characters escaped with ``'`` as Excel writes them. ``[#This Row]`` (``Table[@Column]``)
names a different cell on every row and is left to the engine, which reports it.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from xlscore.excel.workbook.refs import Area, written

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
_ITEMS = {"#ALL", "#DATA", "#HEADERS", "#TOTALS", "#THIS ROW"}


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
    """``[[#All],[a]:[b]]`` -> ``['#All', 'a:b']``; ``[score]`` -> ``['score']``; None when it cannot be read."""
    inner = specifier[1:-1]
    if "[" not in inner:
        return [_unescape(inner)] if inner.strip() else []
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


def _area(table: Table, parts: list[str]) -> Area | None:
    items = [p.upper() for p in parts if p.startswith("#")]
    if any(item not in _ITEMS or item == "#THIS ROW" for item in items) or any(p.startswith("@") for p in parts):
        return None
    columns = [p for p in parts if not p.startswith("#")]
    a = table.area
    first_data = a.top + table.header_rows
    last_data = a.bottom - table.totals_rows
    rows: list[tuple[int, int]] = []
    for item in items or ["#DATA"]:
        if item == "#ALL":
            rows.append((a.top, a.bottom))
        elif item == "#DATA":
            rows.append((first_data, max(first_data, last_data)))
        elif item == "#HEADERS" and table.header_rows:
            rows.append((a.top, a.top))
        elif item == "#TOTALS" and table.totals_rows:
            rows.append((a.bottom, a.bottom))
        else:
            return None
    left, right = a.left, a.right
    if len(columns) > 1:
        return None
    if columns:
        names = [c.upper() for c in table.columns]
        first, _, last = columns[0].partition(":")
        try:
            left = a.left + names.index(first.upper())
            right = a.left + names.index((last or first).upper())
        except ValueError:
            return None
        left, right = min(left, right), max(left, right)
    return Area(table.sheet, min(r[0] for r in rows), left, max(r[1] for r in rows), right)


def resolve(text: str, tables: Mapping[str, Table]) -> str:
    """``text`` with every structured reference to one of ``tables`` (keyed by upper-cased name) as a range."""
    if "[" not in text or not tables:
        return text
    names = "|".join(re.escape(name) for name in sorted(tables, key=len, reverse=True))
    start_of = re.compile(rf"(?<![A-Za-z0-9_.\]!'])({names})\[", re.IGNORECASE)
    pieces: list[str] = []
    last = 0
    masked = _STRING.sub(lambda m: "_" * len(m.group(0)), text)
    for match in start_of.finditer(masked):
        if match.start() < last:
            continue
        end = _specifier_end(masked, match.end() - 1)
        if end is None:
            continue
        parts = _parts(text[match.end() - 1 : end])
        area = None if parts is None else _area(tables[match.group(1).upper()], parts)
        if area is None:
            continue
        pieces.append(text[last : match.start()] + written(area))
        last = end
    pieces.append(text[last:])
    return "".join(pieces)
