"""A worksheet's cells: scanning them out of its XML, and writing computed values back, every other byte kept.

Reading: the part is first checked whole by expat with defusedxml's guards (:meth:`SafeZip.checked`: well formed,
no DTD, so no entities), then its cells are scanned with the patterns below, ten times faster than building a tree.
The patterns read only the sheetData that :func:`~xlscore.engine.files.parsed_sheet_data.locate` hands them: the one a
parser reads, without comments, processing instructions, CDATA markup or elements of other namespaces. A cell or a
row whose reference is not on a worksheet (columns A to XFD, rows 1 to 1,048,576) is refused: the file is damaged.

The recalculation changes only the cached values (``<v>``) of formula cells, the cells a dynamic array spills
into, an array formula's ``ref`` when its spill grows or shrinks, and the sheet's ``<dimension>``. Rows and cells
are found with a small scanner over ``<sheetData>`` (cells do not nest), so styles, attributes, extension lists
and everything outside the cells are kept byte for byte, which an XML round trip would not do.
"""

from __future__ import annotations

import functools
import math
import operator
import re
from collections import defaultdict
from collections.abc import Iterable, Iterator, Mapping

from xlscore.engine.errors import BookError, CellError, shown
from xlscore.engine.files.parsed_sheet_data import cell_text, cell_texts, escape, locate, text_of_cell
from xlscore.engine.rewrite.refs import MAX_COL, MAX_ROW, Area, cell_name, column_letters, column_number, parse_area

__all__ = [
    "PLAIN_ROW",
    "Found",
    "NotPlainError",
    "all_found",
    "cell_chunks",
    "column_of",
    "inline_text",
    "kind_of",
    "known_columns",
    "patch_sheet",
    "patched_pieces",
    "plain_bodies",
    "plain_chunks",
    "plain_found",
    "scan_cells",
    "scan_general",
    "scanned",
    "unescape",
]

_ROW = re.compile(rb"<(?P<p>[A-Za-z0-9_]+:)?row\b(?P<attrs>[^>]*?)(?:/>|>(?P<body>.*?)</(?P=p)?row>)", re.S)
_CELL = re.compile(rb"<(?P<p>[A-Za-z0-9_]+:)?c\b(?P<attrs>[^>]*?)(?:/>|>(?P<body>.*?)</(?P=p)?c>)", re.S)
_FORMULA = re.compile(rb"<(?P<p>[A-Za-z0-9_]+:)?f\b[^>]*?(?:/>|>.*?</(?P=p)?f>)", re.S)
_ATTR = re.compile(rb'\s([A-Za-z_:][-A-Za-z0-9_:.]*)\s*=\s*("[^"]*"|\'[^\']*\')')
_DIMENSION = re.compile(rb'(<(?:[A-Za-z0-9_]+:)?dimension\b[^>]*?\sref=")([^"]*)(")')

Position = tuple[int, int]
# Excel writes a text with leading or trailing spaces as <v xml:space="preserve">: a <v> may have attributes.
_VALUE = re.compile(rb"<(?:[A-Za-z0-9_]+:)?v(?:\s[^>]*)?>(.*?)</(?:[A-Za-z0-9_]+:)?v>", re.S)
_INLINE = re.compile(rb"<(?:[A-Za-z0-9_]+:)?is>(.*?)</(?:[A-Za-z0-9_]+:)?is>", re.S)
_TEXT = re.compile(rb"<(?:[A-Za-z0-9_]+:)?t\b[^>]*?(?:/>|>(.*?)</(?:[A-Za-z0-9_]+:)?t>)", re.S)
_PHONETIC = re.compile(rb"<(?:[A-Za-z0-9_]+:)?rPh\b.*?</(?:[A-Za-z0-9_]+:)?rPh>", re.S)
_FORMULA_PARTS = re.compile(rb"<(?P<p>[A-Za-z0-9_]+:)?f\b(?P<attrs>[^>]*?)(?:/>|>(?P<text>.*?)</(?P=p)?f>)", re.S)
_ENTITY = re.compile(r"&(#x[0-9a-fA-F]+|#[0-9]+|lt|gt|amp|quot|apos);")
_NAMED = {"lt": "<", "gt": ">", "amp": "&", "quot": '"', "apos": "'"}


def unescape(raw: bytes) -> str:
    """XML text: the five named entities and character references (a DTD, and so any other entity, is refused),
    line ends first made one line feed as every XML reader makes them (a carriage return typed in the file, alone
    or before a line feed, is a line feed; one written ``&#13;`` or, by Excel, ``_x000D_`` stays)."""
    text = raw.decode("utf-8")
    if "\r" in text:
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    if "&" not in text:
        return text
    if "&#" not in text:  # the five named entities alone: replaced at C speed, &amp; last so that none is read twice
        return (
            text.replace("&lt;", "<")
            .replace("&gt;", ">")
            .replace("&quot;", '"')
            .replace("&apos;", "'")
            .replace("&amp;", "&")
        )
    return _ENTITY.sub(_entity, text)


def _entity(match: re.Match[str]) -> str:
    name = match.group(1)
    if name.startswith("#x"):
        return chr(int(name[2:], 16))
    if name.startswith("#"):
        return chr(int(name[1:]))
    return _NAMED[name]


def inline_text(body: bytes) -> str:
    """The text of a shared or inline string: its <t> runs, phonetic guides (<rPh>) left out, Excel's ``_xHHHH_``
    escapes decoded."""
    return text_of_cell("".join(unescape(m.group(1) or b"") for m in _TEXT.finditer(_PHONETIC.sub(b"", body))))


_R_ATTR = re.compile(rb"""\sr\s*=\s*(?:"([^"]*)"|'([^']*)')""")
_REFERENCE = re.compile(rb"\$?([A-Za-z]{1,3})\$?([0-9]{1,7})")
_T_ATTR = re.compile(rb'\st="([^"]*)"')
_COLUMNS: dict[bytes, int] = {}

Scanned = tuple[int, int, str, bool, dict[bytes, bytes] | None, str | None, bytes | None, str | None]
"""A cell taken apart: (row, column, type, dynamic array?, formula attributes, formula text, raw value, inline
string text)."""
Found = tuple[bytes, bytes, bytes, bytes, bytes, bytes, bytes, bytes]
"""A cell as :data:`_PLAIN_CELL` finds it: (column letters, row digits, attributes, ``<v>`` if it holds a value
alone, the value, ``<is><t>`` if it holds an inline string alone, its text, anything else inside it)."""


def _column(letters: bytes) -> int:
    """The number of an upper-case column name (1 to 3 letters), refused beyond XFD."""
    number = _COLUMNS.get(letters)
    if number is None:
        number = column_number(letters.decode())
        if number > MAX_COL:
            raise BookError(f"column {letters.decode()} is not on a worksheet (A to XFD); the file is damaged")
        _COLUMNS[letters] = number
    return number


def _position(attrs: bytes) -> tuple[int, int] | None:
    """A cell's (row, column) from its r attribute; None without one; refused when it names no cell of a sheet."""
    found = _R_ATTR.search(attrs)
    if found is None:
        return None
    reference = found.group(1) if found.group(1) is not None else found.group(2)
    parts = _REFERENCE.fullmatch(reference)
    if parts is not None and 1 <= int(parts.group(2)) <= MAX_ROW:
        letters = parts.group(1).upper()
        column = _COLUMNS.get(letters) or column_number(letters.decode())
        if column <= MAX_COL:
            _COLUMNS[letters] = column
            return int(parts.group(2)), column
    raise BookError(
        f"cell reference {shown(reference.decode(errors='replace'))} is not a cell of a worksheet "
        f"(A1 to XFD{MAX_ROW}); the file is damaged"
    )


def _row(number: bytes | None, previous: int) -> int:
    """A row's number from its r attribute, or the one after ``previous`` without one; refused beyond a sheet."""
    row = previous + 1 if number is None else int(number) if number.isdigit() and len(number) <= 7 else 0
    if not 1 <= row <= MAX_ROW:
        shown_number = shown(number.decode(errors="replace")) if number is not None else f"after {previous}"
        raise BookError(f"row {shown_number} is not a row of a worksheet (1 to {MAX_ROW:,}); the file is damaged")
    return row


def _next_column(column: int) -> int:
    """The column of a cell written without a reference: the one after the previous cell's."""
    if column >= MAX_COL:
        raise BookError("a row has a cell after column XFD, the last of a worksheet; the file is damaged")
    return column + 1


def scan_cells(xml: bytes) -> list[Scanned]:
    """Every cell of a worksheet: (row, column, type, dynamic array?, formula attributes, formula text, raw value,
    inline string text)."""
    try:
        return [cell for chunk in cell_chunks(xml) for cell in chunk]
    except NotPlainError:
        return scan_general(xml)


class NotPlainError(Exception):
    """A sheet with a cell written otherwise than the usual way: read it with :func:`scan_general`."""


_CHUNK = 1 << 21  # bytes of sheetData scanned at a time: the scan's own objects stay a few MiB however large the sheet


def cell_chunks(xml: bytes) -> Iterator[list[Scanned]]:
    """The cells of a sheet written the usual way (:func:`plain_chunks`), a few thousand at a time, in the sheet's
    order. Raises :class:`NotPlainError` at the first part with a cell written another way (the caller then starts
    again with :func:`scan_general`)."""
    return map(scanned, plain_chunks(xml))


def plain_chunks(xml: bytes) -> Iterator[list[Found]]:
    """The cells of a sheet written the usual way as :data:`_PLAIN_CELL` finds them (:data:`Found`), a chunk of
    about 2 MiB of XML at a time (:func:`plain_bodies`), so that a large sheet is never held as one list of matches;
    every column is one of a worksheet's. Raises :class:`NotPlainError` at the first chunk with a cell written
    another way."""
    for body in plain_bodies(xml):
        yield plain_found(body)


def plain_found(body: bytes) -> list[Found]:
    """The cells of ``body`` (whole rows) as :data:`_PLAIN_CELL` finds them; raises :class:`NotPlainError` when a
    cell is written another way."""
    found = _found_plain(body)
    if found is None:
        raise NotPlainError
    return found


def plain_bodies(xml: bytes) -> Iterator[bytes]:
    """The sheetData body of a sheet without a namespace prefix in stretches of whole rows, about 2 MiB each."""
    data = locate(xml)
    if data is None or data.source is None or data.body_end <= data.body_start:
        return
    source, start, stop = data.source, data.body_start, data.body_end
    while start < stop:
        end = source.find(b"</row>", start + _CHUNK, stop)
        end = stop if end < 0 else end + len(b"</row>")
        yield source[start:end]
        start = end


def scan_general(xml: bytes) -> list[Scanned]:
    """Every cell of a worksheet, however its cells are written (with or without prefixes and references)."""
    data = locate(xml)
    body = data.body if data is not None else None
    if not body:
        return []
    cells = _scan(body, None)
    return cells if cells is not None else _scan_rows(body)


# The common case, as Excel and openpyxl write a cell: no namespace prefix, the reference first. One C-level
# findall gives every such cell; anything else goes through the general scan below.
_ANY_CELL = re.compile(rb"<(?:[A-Za-z0-9_]+:)?c[\s/>]")
# Only the rows of a worksheet, 1 to 1,048,576: any other reference goes through the general scan, which refuses it.
PLAIN_ROW = rb"[1-9][0-9]{0,5}|10[0-3][0-9]{4}|104[0-7][0-9]{3}|1048[0-4][0-9]{2}|10485[0-6][0-9]|104857[0-6]"
_PLAIN_CELL = re.compile(
    rb'<c r="([A-Z]{1,3})(' + PLAIN_ROW + rb')"([^>/]*)'
    # What is inside: a value alone, an inline string alone (each told apart by its captured tag), or anything else.
    rb"(?:/>|>(?:(<v>)([^<]*)</v>|(<is><t>)([^<]*)</t></is>|(.*?))</c>)",
    re.S,
)


_CELL_STARTS = (b"<c ", b"<c>", b"<c/", b"<c\t", b"<c\n", b"<c\r")


def _cells_in(body: bytes) -> int:
    """How many cells (``<c>`` elements) the body has. Without a prefix, a start tag is ``<c`` and a space, ``>``
    or ``/`` (a ``<`` in text is always escaped), counted at C speed; with ``:c`` anywhere, the pattern counts."""
    if b":c" in body:
        return len(_ANY_CELL.findall(body))
    return sum(body.count(start) for start in _CELL_STARTS)


def all_found(body: bytes, found: int) -> bool:
    """Whether ``found`` cells are all the cells of ``body``: at once when it has no prefixed element and no more
    ``<c`` than that (every cell is one, and so is each found), otherwise by counting the cells (:func:`_cells_in`)."""
    return (b":c" not in body and body.count(b"<c") == found) or _cells_in(body) == found


def _found_plain(body: bytes) -> list[Found] | None:
    """Every cell of ``body`` as :data:`_PLAIN_CELL` finds it; None when a cell is written another way (the general
    scan then reads them all). A column beyond XFD is refused at its first cell, in the sheet's order."""
    found = _PLAIN_CELL.findall(body)
    if not all_found(body, len(found)):
        return None
    known_columns({cell[0] for cell in found}, found)
    return found


def known_columns(letters: set[bytes], found: Iterable[tuple[bytes, ...]]) -> None:
    """Refuse a column name beyond XFD among ``letters``, the column names of the cells ``found`` (the first such
    cell's, in their order), so that :func:`column_of` knows each of them."""
    if not letters <= _COLUMNS.keys():
        for cell in found:
            if cell[0] not in _COLUMNS:
                _column(cell[0])


def column_of(letters: bytes) -> int:
    """The number of a column name that :func:`plain_chunks` has seen (so known to be on a worksheet)."""
    return _COLUMNS[letters]


@functools.cache
def kind_of(attrs: bytes) -> str:
    """A cell's type (its t attribute; "n" without one), from its attributes as written."""
    if b" t=" not in attrs:
        return "n"
    kind_match = _T_ATTR.search(attrs)
    return kind_match.group(1).decode() if kind_match is not None else "n"


def scanned(found: list[Found]) -> list[Scanned]:
    """Cells as :func:`plain_chunks` finds them, taken apart (:data:`Scanned`). A cell that holds a value or an
    inline string alone is one tuple made in a comprehension; anything else is taken apart by :func:`_contents`."""
    columns = _COLUMNS
    return [
        (
            int(digits),
            columns[name],
            kind_of(attrs),
            False,
            None,
            None,
            value if value_tag else None,
            (text_of_cell(unescape(text)) if text_tag else None),
        )
        if not other
        else (int(digits), columns[name], kind_of(attrs), b" cm=" in attrs, *_contents(other, kind_of(attrs)))
        for name, digits, attrs, value_tag, value, text_tag, text, other in found
    ]


def _contents(inner: bytes, kind: str) -> tuple[dict[bytes, bytes] | None, str | None, bytes | None, str | None]:
    """A cell's formula (attributes and text), raw value and inline string, from what is inside its element."""
    formula_attrs: dict[bytes, bytes] | None = None
    formula_text: str | None = None
    value: bytes | None = None
    inline: str | None = None
    f = _FORMULA_PARTS.search(inner) if b"f" in inner else None
    if f is not None:
        formula_attrs = _attrs(f.group("attrs"))
        formula_text = unescape(f.group("text") or b"")
    v = _VALUE.search(inner)
    if v is not None:
        value = v.group(1)
    elif kind == "inlineStr":
        i = _INLINE.search(inner)
        if i is not None:
            inline = inline_text(i.group(1))
    return formula_attrs, formula_text, value, inline


def _scan(body: bytes, row_number: int | None) -> list[Scanned] | None:
    """The cells of ``body``; None when a cell has no reference and the caller must count rows."""
    cells: list[Scanned] = []
    column = 0
    for match in _CELL.finditer(body):
        attrs = match.group("attrs")
        position = _position(attrs)
        if position is not None:
            row, column = position
        elif row_number is None:
            return None
        else:
            row, column = row_number, _next_column(column)
        kind_match = _T_ATTR.search(attrs)
        kind = kind_match.group(1).decode() if kind_match is not None else "n"
        inner = match.group("body")
        contents = _contents(inner, kind) if inner else (None, None, None, None)
        cells.append((row, column, kind, b" cm=" in attrs, *contents))
    return cells


def _scan_rows(body: bytes) -> list[Scanned]:
    cells: list[Scanned] = []
    current = 0
    for row_match in _ROW.finditer(body):
        current = _row(_attrs(row_match.group("attrs")).get(b"r"), current)
        cells += _scan(row_match.group("body") or b"", current) or []
    return cells


def _attrs(raw: bytes) -> dict[bytes, bytes]:
    return {m.group(1): m.group(2)[1:-1] for m in _ATTR.finditer(raw)}


def _number(value: float) -> bytes:
    if value.is_integer() and abs(value) < 1e15:
        return str(int(value)).encode()
    return repr(value).encode()


def _value_xml(value: object, prefix: bytes, formula: bool) -> tuple[bytes | None, bytes]:
    """The cell's t attribute (None for a number) and its value element(s)."""
    v = b"<" + prefix + b"v>"
    end = b"</" + prefix + b"v>"
    if value is None or value == "":
        return (b"str", v + end) if formula else (None, b"")
    if isinstance(value, CellError):
        return b"e", v + escape(value.code).encode() + end
    if isinstance(value, bool):
        return b"b", v + (b"1" if value else b"0") + end
    if isinstance(value, (int, float)):
        number = float(value)
        if not math.isfinite(number):
            return b"e", v + b"#NUM!" + end
        return None, v + _number(number) + end
    text = cell_text(str(value)).encode()
    if formula:
        return b"str", v + text + end
    return (
        b"inlineStr",
        b"<"
        + prefix
        + b"is><"
        + prefix
        + b't xml:space="preserve">'
        + text
        + b"</"
        + prefix
        + b"t></"
        + prefix
        + b"is>",
    )


_F_START = re.compile(rb"<(?P<p>[A-Za-z0-9_]+:)?f\b(?P<attrs>[^>]*?)(?P<end>/?>)")


def _spilling(formula: bytes, ref: Area) -> bytes:
    """The formula element as a dynamic array's anchor: an array formula whose ``ref`` is its spill area."""
    start = _F_START.match(formula)
    if start is None:
        return formula
    attrs = _attrs(start.group("attrs"))
    attrs.pop(b"si", None)
    attrs[b"t"] = b"array"
    attrs[b"ref"] = str(ref).encode()
    order = [b"t", b"ref"] + [k for k in attrs if k not in (b"t", b"ref")]
    text = b"".join(b" " + k + b'="' + attrs[k] + b'"' for k in order)
    return b"<" + (start.group("p") or b"") + b"f" + text + start.group("end") + formula[start.end() :]


def _cell_xml(
    position: Position,
    value: object,
    prefix: bytes,
    old_attrs: bytes | None,
    old_body: bytes | None,
    ref: Area | None,
    mark: bytes | None = None,
) -> bytes:
    formula = b""
    if old_body is not None:
        match = _FORMULA.search(old_body)
        if match is not None:
            formula = match.group(0)
            if ref is not None:
                formula = _spilling(formula, ref)
    kind, body = _value_xml(value, prefix, bool(formula))
    attrs = _attrs(old_attrs) if old_attrs is not None else {}
    attrs[b"r"] = cell_name(*position).encode()
    attrs.pop(b"t", None)
    if kind is not None:
        attrs[b"t"] = kind
    if ref is not None and formula and mark is not None:
        attrs[b"cm"] = mark
    order = [b"r", b"s", b"t"] + [k for k in attrs if k not in (b"r", b"s", b"t")]
    text = b"".join(b" " + k + b'="' + attrs[k] + b'"' for k in order if k in attrs)
    inner = formula + body
    if not inner:
        return b"<" + prefix + b"c" + text + b"/>"
    return b"<" + prefix + b"c" + text + b">" + inner + b"</" + prefix + b"c>"


def _patch_row(
    body: bytes, row: int, changes: dict[int, object], prefix: bytes, refs: Mapping[Position, Area], mark: bytes | None
) -> bytes:
    if not prefix:
        # Most often every cell changed is already there, written as <c r="F12" ...>: find it directly.
        # A cell not there yet (a spill) goes at the end when it lies right of the row's last cell.
        last_start = body.rfind(b"<c ")
        last_ref = _position(body[last_start : body.find(b">", last_start)]) if last_start >= 0 else None
        last_col = last_ref[1] if last_ref is not None else 0
        spans: list[tuple[re.Match[bytes], int]] = []
        appended: list[int] = []
        for col in sorted(changes):
            start = body.find(b'<c r="' + cell_name(row, col).encode() + b'"')
            match = _CELL.match(body, start) if start >= 0 else None
            if match is not None:
                spans.append((match, col))
            elif col > last_col:
                appended.append(col)
            else:
                break
        else:
            out, last = [], 0
            for match, col in spans:
                out.append(body[last : match.start()])
                old_attrs, old_body = match.group("attrs"), match.group("body")
                out.append(_cell_xml((row, col), changes[col], prefix, old_attrs, old_body, refs.get((row, col)), mark))
                last = match.end()
            out.append(body[last:])
            out += [_cell_xml((row, col), changes[col], prefix, None, None, refs.get((row, col))) for col in appended]
            return b"".join(out)
    return _patch_row_scanning(body, row, changes, prefix, refs, mark)


def _patch_row_scanning(
    body: bytes, row: int, changes: dict[int, object], prefix: bytes, refs: Mapping[Position, Area], mark: bytes | None
) -> bytes:
    out: list[bytes] = []
    last = 0
    pending = sorted(changes.items())
    index = 0
    column = 0
    for match in _CELL.finditer(body):
        position = _position(match.group("attrs"))
        column = position[1] if position is not None else _next_column(column)
        while index < len(pending) and pending[index][0] < column:
            col, value = pending[index]
            out.append(body[last : match.start()])
            last = match.start()
            out.append(_cell_xml((row, col), value, prefix, None, None, refs.get((row, col))))
            index += 1
        if index < len(pending) and pending[index][0] == column:
            out.append(body[last : match.start()])
            _, value = pending[index]
            out.append(
                _cell_xml(
                    (row, column),
                    value,
                    prefix,
                    match.group("attrs"),
                    match.group("body"),
                    refs.get((row, column)),
                    mark,
                )
            )
            last = match.end()
            index += 1
    out.append(body[last:])
    for col, value in pending[index:]:
        out.append(_cell_xml((row, col), value, prefix, None, None, refs.get((row, col))))
    return b"".join(out)


_ROW_NUMBER = re.compile(rb'\s+r="([0-9]{1,7})"')


def patch_sheet(
    xml: bytes,
    values: Mapping[Position, object],
    refs: Mapping[Position, Area] | None = None,
    mark: bytes | None = None,
) -> bytes:
    """The sheet XML with ``values`` written into its cells (formulas kept).

    ``refs``: the spill area of each dynamic array by its anchor cell; the anchor's formula becomes an array
    formula over that area, and its cell gets the dynamic-array mark ``cm`` = ``mark`` (see
    :mod:`xlscore.engine.files.workbook_parts`).
    """
    return b"".join(patched_pieces(xml, values, refs, mark))


def patched_pieces(
    xml: bytes,
    values: Mapping[Position, object],
    refs: Mapping[Position, Area] | None = None,
    mark: bytes | None = None,
) -> list[bytes | memoryview]:
    """:func:`patch_sheet` as the pieces that make it, in order, to be written one after the other: the parts of
    the sheet kept as they are stand as views of ``xml``, so a large sheet is not held twice more."""
    refs = refs or {}
    data = locate(xml)
    if data is None:
        raise BookError("a worksheet has no <sheetData>; the file is damaged")
    prefix = data.prefix
    in_order = (
        _patch_in_order(data.source, data.body_start, data.body_end, values, refs, mark)
        if not prefix and data.source is not None
        else None
    )
    if in_order is not None:
        head = xml[: data.start]
        if _DIMENSION.search(head) is not None:  # where every writer puts it: the sheet is not joined at all
            tail = memoryview(xml)[data.end :]
            return [_widen_dimension(head, values), data.open_tag, *in_order, b"</sheetData>", tail]
        sheet_data = data.open_tag + b"".join(in_order) + b"</sheetData>"
        return [_widen_dimension(head + sheet_data + xml[data.end :], values)]
    body = data.body or b""
    by_row: dict[int, dict[int, object]] = defaultdict(dict)
    for (row, col), value in values.items():
        by_row[row][col] = value
    out: list[bytes] = []
    last = 0
    rows = sorted(by_row)
    index = 0
    current = 0
    for match in _ROW.finditer(body):
        row_ref = _ROW_NUMBER.match(match.group("attrs"))
        current = (
            int(row_ref.group(1)) if row_ref is not None else _row(_attrs(match.group("attrs")).get(b"r"), current)
        )
        while index < len(rows) and rows[index] < current:
            out.append(body[last : match.start()])
            last = match.start()
            out.append(_new_row(rows[index], by_row[rows[index]], prefix, refs))
            index += 1
        if index < len(rows) and rows[index] == current:
            out.append(body[last : match.start()])
            inner = match.group("body") or b""
            patched = _patch_row(inner, current, by_row[current], prefix, refs, mark)
            out.append(b"<" + prefix + b"row" + match.group("attrs") + b">" + patched + b"</" + prefix + b"row>")
            last = match.end()
            index += 1
    out.append(body[last:])
    for row in rows[index:]:
        out.append(_new_row(row, by_row[row], prefix, refs))
    sheet_data = data.open_tag + b"".join(out) + b"</" + prefix + b"sheetData>"
    patched = xml[: data.start] + sheet_data + xml[data.end :]
    return [_widen_dimension(patched, values)]


# A cell as Excel, openpyxl and xlscore write one that holds a number: its reference, perhaps a style, nothing else.
_PLAIN_ATTRS = re.compile(rb' r="[A-Z]{1,3}[0-9]{1,7}"(?: s="[0-9]{1,5}")?')
# A formula cell as they write one: its reference, perhaps a style and a type, a formula with no attributes, perhaps
# a cached value. Its style (group 1) and formula (group 2) are kept; the type and the value are written anew.
_PLAIN_FORMULA_CELL = re.compile(
    rb'<c r="[A-Z]{1,3}[0-9]{1,7}"( s="[0-9]{1,5}")?(?: t="[A-Za-z]{1,9}")?>(<f>[^<]*</f>)(?:<v>[^<]*</v>|<v/>)?</c>'
)
_BATCH = 4096  # cells written between two joins: a few hundred KiB of the sheet held as one piece
_VIEW_ABOVE = 1 << 16  # a stretch between two cells changed longer than this is kept as a view, not copied
_TEXT_TYPE = b' t="str">'


def _formula_tails(
    values: Mapping[Position, object], refs: Mapping[Position, Area]
) -> dict[Position, tuple[bytes, bytes]]:
    """For each of ``values`` that is text, a finite number or empty, what a plain formula cell
    (:data:`_PLAIN_FORMULA_CELL`) ends with once it holds it, as :func:`_cell_xml` writes it: the rest of the start
    tag (its type and ``>``), and after the formula, the ``<v>`` and the end tag. The texts are escaped all at once
    (:func:`cell_texts`); the anchors in ``refs`` are left out (their formula is rewritten)."""
    tails = {
        position: (b">", b"<v>" + _number(value) + b"</v></c>")
        for position, value in values.items()
        if type(value) is float and math.isfinite(value)
    }
    texts = {position: value for position, value in values.items() if type(value) is str and value}
    written = cell_texts(list(texts.values()))
    if written is not None:
        tails.update(zip(texts, ((_TEXT_TYPE, b"<v>" + text + b"</v></c>") for text in written), strict=True))
    tails.update((position, (_TEXT_TYPE, b"<v></v></c>")) for position, value in values.items() if value in (None, ""))
    for position in refs:
        tails.pop(position, None)
    return tails


def _patch_in_order(
    source: bytes,
    body_start: int,
    body_end: int,
    values: Mapping[Position, object],
    refs: Mapping[Position, Area],
    mark: bytes | None,
) -> list[bytes | memoryview] | None:
    """The pieces of the sheetData body (``source[body_start:body_end]``) with ``values`` written in one pass, when
    every cell changed is already there, written as ``<c r="F12" ...>``, in the order of the sheet; None otherwise
    (:func:`patch_sheet` then goes row by row). The cells written and what lies between them are joined a few
    thousand cells at a time (:data:`_BATCH`); a long stretch kept as it is stands as a view of ``source``.

    Each cell is found by a search from the one before, so the sheet is read once. A value written over a plain
    formula cell (:func:`_formula_tails`) and a number written over a plain cell that holds no formula are written
    as :func:`_cell_xml` would write them without taking the cell apart; any other cell by :func:`_cell_xml` itself.
    """
    pieces: list[bytes | memoryview] = []
    out: list[bytes] = []
    last = body_start
    find, match_cell, formula_cell = source.find, _CELL.match, _PLAIN_FORMULA_CELL.match
    tails = _formula_tails(values, refs)
    starts = {col: b'<c r="' + column_letters(col).encode() for col in {col for _, col in values}}
    for count, position in enumerate(sorted(values), 1):
        key = starts[position[1]] + str(position[0]).encode() + b'"'
        start = find(key, last, body_end)
        if start < 0:
            return None
        if start - last > _VIEW_ABOVE or count % _BATCH == 0:
            pieces += (b"".join(out), memoryview(source)[last:start])
            out.clear()
        else:
            out.append(source[last:start])
        tail = tails.get(position)
        simple = formula_cell(source, start, body_end) if tail is not None else None
        if simple is not None:
            assert tail is not None
            out += (key, simple.group(1) or b"", tail[0], simple.group(2), tail[1])
            last = simple.end()
            continue
        found = match_cell(source, start, body_end)
        if found is None:
            return None
        out.append(_rewritten(position, values[position], found, refs, mark))
        last = found.end()
    pieces += (b"".join(out), memoryview(source)[last:body_end])
    return pieces


def _rewritten(
    position: Position, value: object, found: re.Match[bytes], refs: Mapping[Position, Area], mark: bytes | None
) -> bytes:
    """The cell ``found`` holding ``value``: a number over a plain cell that holds no formula written without
    taking the cell apart, any other by :func:`_cell_xml`."""
    attrs, inner = found.group("attrs"), found.group("body")
    if (
        type(value) is float
        and math.isfinite(value)
        and position not in refs
        and _PLAIN_ATTRS.fullmatch(attrs)
        and (not inner or (inner.startswith(b"<v>") and b"<f" not in inner))
    ):
        return b"<c" + attrs + b"><v>" + _number(value) + b"</v></c>"
    return _cell_xml(position, value, b"", attrs, inner, refs.get(position), mark)


def _new_row(row: int, cells: dict[int, object], prefix: bytes, refs: Mapping[Position, Area]) -> bytes:
    inner = b"".join(
        _cell_xml((row, col), v, prefix, None, None, refs.get((row, col))) for col, v in sorted(cells.items())
    )
    return b"<" + prefix + b'row r="' + str(row).encode() + b'">' + inner + b"</" + prefix + b"row>"


def _widen_dimension(xml: bytes, values: Mapping[Position, object]) -> bytes:
    match = _DIMENSION.search(xml)
    if match is None or not values:
        return xml
    area = parse_area(match.group(2).decode())
    if area is None:
        return xml
    cols = set(map(operator.itemgetter(1), values))  # the rows' ends are the first and last positions
    top, left, bottom, right = min(values)[0], min(cols), max(values)[0], max(cols)
    wider = Area(None, min(area.top, top), min(area.left, left), max(area.bottom, bottom), max(area.right, right))
    if wider == Area(None, area.top, area.left, area.bottom, area.right):
        return xml
    return xml[: match.start(2)] + str(wider).encode() + xml[match.end(2) :]
