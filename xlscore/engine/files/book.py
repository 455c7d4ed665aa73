"""Reading a workbook's cells for recalculation: values, formulas, defined names and tables, straight from its XML.

openpyxl is not used to read a user's workbook: it loses formula details the recalculation needs (shared formulas
are only on their first cell, dynamic arrays are not marked) and is slow on large sheets. Every part goes through
:mod:`xlscore.engine.files.safezip`, so a broken or hostile file is refused with a one-line error before it is parsed.
"""

from __future__ import annotations

import dataclasses
import functools
import xml.etree.ElementTree as ET
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TypeVar

from xlscore.engine.errors import BookError, CellError, shown
from xlscore.engine.files import limits
from xlscore.engine.files.cellstore import Columns, by_column
from xlscore.engine.files.contents import Book, Formula, Iteration, Position, Sheet
from xlscore.engine.files.external_links import linked_workbooks
from xlscore.engine.files.ods import read_ods
from xlscore.engine.files.parsed_sheet_data import text_of_cell
from xlscore.engine.files.plain_cells import read_plain
from xlscore.engine.files.safezip import SafeZip, open_workbook, relationships, sheet_parts
from xlscore.engine.files.sheetxml import (
    Found,
    NotPlainError,
    Scanned,
    column_of,
    kind_of,
    plain_bodies,
    plain_found,
    scan_general,
    scanned,
    unescape,
)
from xlscore.engine.functions.information.column_widths import column_widths
from xlscore.engine.rewrite.refs import MAX_ROW, Area, cell_name, parse_area
from xlscore.engine.rewrite.structured import Table, grow, resolve, stranded

__all__ = ["Book", "Formula", "Iteration", "Sheet", "Table", "read_book"]

_Chunk = TypeVar("_Chunk", list[Found], list[Scanned])


def _local(tag: str) -> str:
    return tag.rsplit("}", 1)[-1]


def _children(element: ET.Element, name: str) -> Iterator[ET.Element]:
    return (child for child in element if _local(child.tag) == name)


def _child(element: ET.Element, name: str) -> ET.Element | None:
    return next(_children(element, name), None)


def _text_of(element: ET.Element) -> str:
    """The text of a shared or inline string: its <t> elements, phonetic runs (<rPh>) left out."""
    parts: list[str] = []
    for child in element:
        kind = _local(child.tag)
        if kind == "t":
            parts.append(child.text or "")
        elif kind == "r":
            parts.extend(t.text or "" for t in _children(child, "t"))
    return "".join(parts)


def _shared_strings(zf: SafeZip) -> list[str]:
    name = "xl/sharedStrings.xml"
    if not zf.has(name):
        return []
    limits.check_shared_strings(zf.path.name, zf.read(name))
    return [text_of_cell(_text_of(si)) for si in _children(zf.xml(name), "si")]


def _value(kind: str, raw: bytes | None, inline: str | None, strings: list[str], where: Callable[[], str]) -> object:
    if kind == "inlineStr":
        return inline or ""
    if raw is None or (not raw.strip() and kind != "str"):
        return None  # openpyxl writing through lxml saves an empty cached value as <v></v>
    text = unescape(raw)
    try:
        if kind == "s":
            return strings[int(text)]
        if kind == "str":
            return text_of_cell(text)
        if kind == "d":
            return text
        if kind == "b":
            return text.strip() == "1"
        if kind == "e":
            return CellError(text.strip())
        return float(text)
    except (ValueError, IndexError) as exc:
        raise BookError(
            f"{where()} holds {shown(text)}, not a valid {shown(kind)} value (the file is damaged)"
        ) from exc


def _where(sheet: str, row: int, col: int) -> str:
    return f"{sheet}!{cell_name(row, col)}"


def _read_sheet(zf: SafeZip, name: str, part: str, strings: list[str], budget: limits.Budget) -> Sheet:
    """The sheet's values and formulas. Its cells are read a chunk at a time as they are scanned (a sheet written the
    usual way), so that a large sheet is never held twice; a sheet written otherwise is scanned whole. A sheet with
    no part (listed with an empty link) is empty."""
    if not part:
        return Sheet(name, part)
    try:
        xml = zf.checked(part)
    except BookError as exc:
        raise BookError(f"{zf.path.name}, sheet {shown(name)}: {exc}") from exc
    budget.sheet(name, xml)
    sheet = Sheet(name, part)
    try:
        chunks = (_plain_chunk(sheet, body, strings) for body in plain_bodies(xml))
        _sheet(sheet, _scanned(zf, name, lambda: chunks), strings)
    except NotPlainError:
        sheet = Sheet(name, part)
        _sheet(sheet, _scanned(zf, name, lambda: iter([scan_general(xml)])), strings)
    sheet.columns = column_widths(xml)
    return sheet


def _plain_chunk(sheet: Sheet, body: bytes, strings: list[str]) -> list[Scanned]:
    """Read a stretch of rows into ``sheet``: a kind of cell at a time (:func:`read_plain`) when every cell is
    written the plainest way, else cell by cell; return the cells left to take apart one by one (:func:`_cells`)."""
    plain = read_plain(body, strings, sheet.name)
    if plain is None:
        return scanned(_plain_values(sheet.by_column, plain_found(body), strings))
    for col, values in plain.columns.items():
        column = sheet.by_column.get(col)
        if column is None:
            sheet.by_column[col] = values
        else:
            column.update(values)
    sheet.formulas += plain.formulas
    return scanned(_plain_values(sheet.by_column, plain.others, strings))


def _scanned(zf: SafeZip, name: str, scan: Callable[[], Iterator[_Chunk]]) -> Iterator[_Chunk]:
    """The chunks of cells ``scan`` finds; a damaged sheet's message names the file and the sheet."""
    try:
        yield from scan()
    except BookError as exc:
        raise BookError(f"{zf.path.name}, sheet {shown(name)}: {exc}") from exc


def _plain_values(columns: Columns, found: list[Found], strings: list[str]) -> list[Found]:
    """Put into ``columns`` every cell of the chunk that holds a number, a shared string or an inline string alone
    and reads without a doubt; return the others (formulas, other types, values that do not read), which
    :func:`_cells` takes apart and words. The cells of one row share one row number, and equal short numbers and
    equal texts one object, so that a large table is held in about 40 bytes a cell."""
    rest: list[Found] = []
    rows: dict[bytes, int] = {}
    numbers: dict[bytes, float] = {}
    texts: dict[bytes, str] = {}
    by_letters: dict[bytes, dict[int, object]] = {}
    for cell in found:
        name, digits, attrs, value_tag, value, text_tag, text, other = cell
        if other:
            rest.append(cell)
            continue
        kind = kind_of(attrs)
        column = by_letters.get(name)
        if column is None:
            column = by_letters[name] = columns.setdefault(column_of(name), {})
        row = rows.get(digits)
        if row is None:
            row = rows[digits] = int(digits)
        if kind == "n" and value_tag:
            if not value:
                continue  # <v></v>: no value (openpyxl through lxml writes it)
            number = numbers.get(value)
            if number is None:
                try:
                    number = float(value)
                except ValueError:
                    rest.append(cell)  # words the error
                    continue
                if len(value) < 8:
                    numbers[value] = number
            column[row] = number
        elif kind == "s" and value_tag and value.isdigit() and (index := int(value)) < len(strings):
            column[row] = strings[index]
        elif kind == "inlineStr" and text_tag:
            held = texts.get(text)
            if held is None:
                held = texts[text] = text_of_cell(unescape(text))
            column[row] = held
        elif kind == "n" and not value_tag and not text_tag:
            continue  # an empty cell (<c r="A1" s="3"/>): only a style
        else:
            rest.append(cell)
    return rest


def _sheet(sheet: Sheet, chunks: Iterator[list[Scanned]], strings: list[str]) -> None:
    """Put into ``sheet`` the values and formulas of its cells, a chunk at a time."""
    name = sheet.name
    masters: dict[str, tuple[str, Position]] = {}
    pending: list[tuple[Position, str]] = []
    for chunk in chunks:
        _cells(sheet, name, chunk, strings, masters, pending)
    for position, index in pending:
        if index not in masters:
            raise BookError(
                f"{name}!{cell_name(*position)} uses shared formula {shown(index)}, which the sheet never defines "
                "(damaged)"
            )
        text, anchor = masters[index]
        sheet.formulas.append(Formula(name, position[0], position[1], text, anchor, shared=True))


def _cells(
    sheet: Sheet,
    name: str,
    cells: list[Scanned],
    strings: list[str],
    masters: dict[str, tuple[str, Position]],
    pending: list[tuple[Position, str]],
) -> None:
    values = sheet.values
    for row, col, kind, dynamic, f_attrs, f_text, raw, inline in cells:
        if kind == "n" and raw and inline is None:
            try:
                values[row, col] = float(raw)
            except ValueError:
                _value(kind, raw, inline, strings, functools.partial(_where, name, row, col))
        elif kind == "inlineStr":
            values[row, col] = inline or ""
        else:
            value = _value(kind, raw, inline, strings, functools.partial(_where, name, row, col))
            if value is not None:
                values[row, col] = value
        if f_attrs is None:
            continue
        position = (row, col)
        f_kind = f_attrs.get(b"t", b"normal").decode()
        text = f_text or ""
        limits.check_formula(_where(name, row, col), text)
        if f_kind == "shared":
            index = f_attrs.get(b"si", b"").decode()
            if text:
                masters[index] = (text, position)
            else:
                pending.append((position, index))
                continue
        if f_kind == "dataTable":
            continue  # what-if data tables are left as Excel computed them
        if not text.strip() and f_kind != "shared":
            continue  # an empty formula (<f ca="1"/>, as Excel writes some): its saved value stands
        array = None
        if f_kind == "array":
            array = parse_area(f_attrs.get(b"ref", b"").decode() or cell_name(row, col))
            if array is not None:
                limits.check_array(_where(name, row, col), array.height * array.width)
        shared = f_kind == "shared"
        sheet.formulas.append(Formula(name, row, col, text, position, array, dynamic=dynamic, shared=shared))


def _names(root: ET.Element, sheets: list[Sheet]) -> dict[str, str]:
    names: dict[str, str] = {}
    block = _child(root, "definedNames")
    if block is None:
        return names
    for defined in _children(block, "definedName"):
        name = (defined.get("name") or "").upper()
        local = defined.get("localSheetId")
        if local is not None and local.isdigit() and int(local) < len(sheets):
            name = f"{sheets[int(local)].name.upper()}!{name}"
        names[name] = defined.text or ""
    return names


def _tables(zf: SafeZip, sheets: list[Sheet]) -> list[Table]:
    tables = []
    for sheet in (s for s in sheets if s.part):
        for target in relationships(zf, sheet.part).values():
            if not target.startswith("xl/tables/") or not zf.has(target):
                continue
            root = zf.xml(target)
            area = parse_area(root.get("ref", ""))
            if area is None:
                continue
            block = _child(root, "tableColumns")
            columns = (
                tuple(text_of_cell(c.get("name", "")) for c in _children(block, "tableColumn"))
                if block is not None
                else ()
            )
            name = root.get("displayName") or root.get("name") or target
            located = Area(sheet.name, area.top, area.left, area.bottom, area.right)
            header_rows = _count(root.get("headerRowCount"), 1)
            totals_rows = _count(root.get("totalsRowCount"), 0)
            criteria = _child(root, "autoFilter")
            filtered = criteria is not None and _child(criteria, "filterColumn") is not None
            table = Table(
                name, sheet.name, located, columns, target, located, header_rows, totals_rows, filtered=filtered
            )
            tables.append(grow(table, _filled_rows(sheet, located)))
    return [dataclasses.replace(t, stranded=stranded(t, _typed_rows(sheets, t, tables))) for t in tables]


def _count(text: str | None, default: int) -> int:
    return int(text) if text is not None and text.isdigit() else default


def _filled_rows(sheet: Sheet, area: Area) -> set[int]:
    """The rows of ``sheet`` below ``area`` with a value or a formula in one of its columns."""
    below = sheet.max_row > area.bottom  # most often the table reaches the last row: nothing to look through
    rows = (
        {r for (r, _), v in sheet.values.within(area.bottom + 1, area.left, MAX_ROW, area.right) if v != ""}
        if below
        else set()
    )
    rows.update(f.row for f in sheet.formulas if f.row > area.bottom and area.left <= f.col <= area.right)
    return rows


def _typed_rows(sheets: list[Sheet], table: Table, tables: list[Table]) -> set[int]:
    """The rows below ``table``, above the next table under it, with a value typed in one of its columns: not a
    formula's, not in a formula's spill or array area."""
    sheet = next(s for s in sheets if s.name == table.sheet)
    a = table.area
    under = [
        t.area.top
        for t in tables
        if t.sheet == table.sheet and t.area.top > a.bottom and t.area.left <= a.right and t.area.right >= a.left
    ]
    end = min(under, default=MAX_ROW + 1)
    below = (
        [position for position, v in sheet.values.within(a.bottom + 1, a.left, end - 1, a.right) if v != ""]
        if sheet.max_row > a.bottom
        else []
    )
    if not below:
        return set()
    computed = {(f.row, f.col) for f in sheet.formulas}
    spilled = [f.array for f in sheet.formulas if f.array is not None]
    return {r for r, c in below if (r, c) not in computed and not any(area.contains(r, c) for area in spilled)}


def _resolve_tables(sheets: list[Sheet], tables: list[Table], names: dict[str, str]) -> None:
    """Every formula's and every defined name's structured references (``Results[#All]``,
    ``SUM(tblExpenses[Amount])``) as the ranges they stand for, tables grown."""
    if not tables:
        return
    by_name = {table.name.upper(): table for table in tables}
    for name, held in names.items():
        if "[" in held:
            names[name] = resolve(held, by_name)
    done: dict[tuple[str, str, Position], str] = {}  # a formula filled down is resolved once
    for sheet in sheets:
        for formula in sheet.formulas:
            key = (formula.text, sheet.name, formula.anchor)
            text = done.get(key)
            if text is None:
                text = done[key] = resolve(formula.text, by_name, sheet.name, *formula.anchor)
            formula.text = text


def read_book(path: str | Path) -> Book:
    """Every sheet's values and formulas, the defined names and the tables of the workbook at ``path`` (an .xlsx,
    or a LibreOffice .ods: :mod:`xlscore.engine.files.ods`)."""
    source = Path(path)
    if source.suffix.lower() == ".ods":
        return read_ods(source)
    with open_workbook(source) as zf:
        parts = sheet_parts(zf)
        limits.check_sheets(source.name, len(parts))
        strings = _shared_strings(zf)
        budget = limits.Budget(source.name)
        sheets = [_read_sheet(zf, name, part, strings, budget) for name, part in parts]
        workbook = zf.xml("xl/workbook.xml")
        names = _names(workbook, sheets)
        tables = _tables(zf, sheets)
        linked, linked_names = linked_workbooks(
            zf, workbook, lambda kind, raw: _value(kind, raw, None, strings, lambda: "a linked workbook's cell")
        )
    _resolve_tables(sheets, tables, names)
    # Linked workbooks' sheets come last, with no part: read, never written (xlscore.engine.files.external_links).
    sheets += [Sheet(sheet.name, "", by_column(sheet.values)) for sheet in linked]
    names.update({key: text for key, text in linked_names.items() if key not in names})
    properties = _child(workbook, "workbookPr")
    date1904 = properties is not None and (properties.get("date1904") or "").lower() in ("1", "true")
    return Book(source, sheets, names, tables, date1904, _iteration(_child(workbook, "calcPr")))


def _iteration(settings: ET.Element | None) -> Iteration | None:
    if settings is None or (settings.get("iterate") or "").lower() not in ("1", "true"):
        return None
    try:
        count = int(float(settings.get("iterateCount") or 100))
        delta = float(settings.get("iterateDelta") or 0.001)
    except ValueError:
        return Iteration()
    return Iteration(max(count, 1), max(delta, 0.0))
