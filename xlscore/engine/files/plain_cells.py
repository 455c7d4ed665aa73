"""A worksheet's cells read a column at a time, when every cell of a stretch is written the plainest way.

Excel, LibreOffice and openpyxl write almost every cell in a few shapes: ``<c r="B2" s="1"><v>4</v></c>`` (a
number), ``t="s"`` (a shared string), ``t="inlineStr"`` (openpyxl's text), ``<f>`` with a formula and perhaps its
cached value, or an empty cell that holds only a style. :data:`_PLAIN` finds each shape in one C-level ``findall``
with its kind told apart by which group it fills, and the cells of one kind are then read together: numbers by
``map(float, ...)``, rows by ``map(int, ...)``, a column's cells put into its dictionary by one ``update``. A
100,000-row sheet of 600,000 cells is read this way about four times faster than cell by cell.

:func:`read_plain` reads one stretch of rows (what :func:`~xlscore.engine.files.sheetxml.plain_bodies` hands out);
it returns None, and the caller reads the stretch cell by cell as before, at the first thing it does not read
exactly as that path would: a cell in any other shape (``<v xml:space=...>``, a shared formula, an attribute
other than r, s and t, a prefix), a number that does not read, a shared string not in the table, or two cells at one
place. So what it reads is what the cell-by-cell path reads; tests/engine/test_plain_cells.py checks it on
generated sheets against that path and against openpyxl.
"""

from __future__ import annotations

import operator
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import compress

from xlscore.engine.files import limits
from xlscore.engine.files.contents import Formula
from xlscore.engine.files.parsed_sheet_data import text_of_cell
from xlscore.engine.files.sheetxml import PLAIN_ROW, Found, all_found, column_of, known_columns, unescape

__all__ = ["PlainCells", "read_plain"]

_PLAIN = re.compile(
    rb'<c r="([A-Z]{1,3})(' + PLAIN_ROW + rb')"(?: s="[0-9]{1,5}")?'
    rb"(?:(?: t=\"n\")?(><v>)([^<]*)</v></c>"  # 3, 4: a number (empty: no value)
    rb'| t="s"><v>([0-9]{1,9})</v></c>'  # 5: a shared string's index
    rb'|(?: t="([A-Za-z]{1,9})")?>(<f>)([^<]*)</f>(?:(<v>)([^<]*)</v>|<v/>)?</c>'  # 6-10: a formula
    rb'|( t="inlineStr"><is><t>)([^<]*)</t></is></c>'  # 11, 12: an inline string
    rb'|( t="(?:str|b|e|d)"><v>[^<]*</v></c>)'  # 13: another value (read cell by cell)
    rb'|(?: t="n")?(/>|></c>))'  # 14: no value, perhaps a style
)
_LETTERS, _DIGITS, _NUMBER_TAG, _NUMBER, _STRING, _KIND, _FORMULA_TAG, _TEXT, _VALUE_TAG, _VALUE = range(10)
_INLINE_TAG, _INLINE, _OTHER = 10, 11, 12
_field = operator.itemgetter
_SEPARATOR = "\x00"  # never in XML text (expat refuses it), so it can join texts to be unescaped at once


@dataclass
class PlainCells:
    """A stretch of rows read: its values by column number and row, its formulas in the sheet's order, and the
    cells to read cell by cell (:data:`~xlscore.engine.files.sheetxml.Found`: text values, truth values, errors)."""

    columns: dict[int, dict[int, object]] = field(default_factory=dict)
    formulas: list[Formula] = field(default_factory=list)
    others: list[Found] = field(default_factory=list)
    count: int = 0  # values put into columns: more than the columns hold when two cells stand at one place


class _NotReadError(Exception):
    """Something :func:`read_plain` does not read exactly as the cell-by-cell path would."""


def read_plain(body: bytes, strings: Sequence[str], sheet: str) -> PlainCells | None:
    """The cells of ``body`` (whole rows of sheet ``sheet``), read a kind at a time; None when a cell is not in one
    of the plain shapes or does not read (the caller then reads the stretch cell by cell)."""
    found = _PLAIN.findall(body)
    if not found or not all_found(body, len(found)):
        return None
    known_columns(set(map(_field(_LETTERS), found)), found)  # a column beyond XFD is refused, as cell by cell
    rows = {digits: int(digits) for digits in set(map(_field(_DIGITS), found))}
    cells = PlainCells()
    try:  # each kind picked out by the group it fills, at C speed (a number's group only when it is not empty)
        _numbers(cells, list(filter(_field(_NUMBER), found)), rows)
        _strings(cells, list(filter(_field(_STRING), found)), rows, strings)
        _inline(cells, list(filter(_field(_INLINE_TAG), found)), rows)
        _formulas(cells, list(filter(_field(_FORMULA_TAG), found)), rows, sheet)
    except _NotReadError:
        return None
    cells.others = [_as_found(cell) for cell in filter(_field(_OTHER), found)]
    stored = sum(map(len, cells.columns.values()))
    if stored != cells.count or any(
        rows[digits] in cells.columns.get(column_of(letters), ()) for letters, digits, *_ in cells.others
    ):
        return None  # two cells at one place: the cell-by-cell path keeps the later one
    return cells


def _put(cells: PlainCells, letters: Sequence[bytes], rows: Sequence[int], values: Sequence[object]) -> None:
    """``values`` into their columns, a column at a time: the cells of one column picked out at C speed."""
    cells.count += len(values)
    for name in dict.fromkeys(letters):
        column = cells.columns.setdefault(column_of(name), {})
        if len(letters) == 1 or all(map(name.__eq__, letters)):
            column.update(zip(rows, values, strict=True))
        else:
            chosen = list(map(name.__eq__, letters))
            column.update(zip(compress(rows, chosen), compress(values, chosen), strict=True))


def _numbers(cells: PlainCells, found: list[tuple[bytes, ...]], rows: dict[bytes, int]) -> None:
    if not found:
        return
    letters, digits, raws = (list(map(operator.itemgetter(i), found)) for i in (_LETTERS, _DIGITS, _NUMBER))
    distinct = set(raws)  # equal numbers share one float, as cell by cell
    try:
        numbers = dict(zip(distinct, map(float, distinct), strict=True))
    except ValueError as exc:
        raise _NotReadError from exc  # the cell-by-cell path words the error
    _put(cells, letters, list(map(rows.__getitem__, digits)), list(map(numbers.__getitem__, raws)))


def _strings(cells: PlainCells, found: list[tuple[bytes, ...]], rows: dict[bytes, int], strings: Sequence[str]) -> None:
    if not found:
        return
    indexes = list(map(int, map(operator.itemgetter(_STRING), found)))
    if max(indexes) >= len(strings):
        raise _NotReadError  # not in the table: the cell-by-cell path words the error
    letters, digits = (list(map(operator.itemgetter(i), found)) for i in (_LETTERS, _DIGITS))
    _put(cells, letters, list(map(rows.__getitem__, digits)), list(map(strings.__getitem__, indexes)))


def _unescaped(raws: Sequence[bytes]) -> list[str]:
    """XML texts unescaped (:func:`~xlscore.engine.files.sheetxml.unescape`), all at once: a formula's text."""
    return unescape(_SEPARATOR.encode().join(raws)).split(_SEPARATOR)


def _texts(raws: Sequence[bytes]) -> list[str]:
    """Cells' texts: unescaped, and their Excel escapes decoded (:func:`~.parsed_sheet_data.text_of_cell`), all at
    once."""
    joined = unescape(_SEPARATOR.encode().join(raws))
    return (text_of_cell(joined) if "_x" in joined else joined).split(_SEPARATOR)


def _inline(cells: PlainCells, found: list[tuple[bytes, ...]], rows: dict[bytes, int]) -> None:
    if not found:
        return
    letters, digits, raws = (list(map(operator.itemgetter(i), found)) for i in (_LETTERS, _DIGITS, _INLINE))
    texts = _texts(raws)
    held = {text: text for text in texts}  # equal texts share one string, as cell by cell
    _put(cells, letters, list(map(rows.__getitem__, digits)), list(map(held.__getitem__, texts)))


def _formulas(cells: PlainCells, found: list[tuple[bytes, ...]], rows: dict[bytes, int], sheet: str) -> None:
    """The formulas (an empty one left out, its saved value kept, as cell by cell) and their saved values."""
    if not found:
        return
    texts = _unescaped([cell[_TEXT] for cell in found])
    if max(map(len, texts)) > limits.MAX_FORMULA_LENGTH:
        raise _NotReadError  # the cell-by-cell path refuses it, naming the cell
    numbers = {name: column_of(name) for name in {cell[_LETTERS] for cell in found}}
    positions = [(rows[cell[_DIGITS]], numbers[cell[_LETTERS]]) for cell in found]
    written = zip(positions, texts, strict=True)
    cells.formulas += [Formula(sheet, row, col, text, (row, col)) for (row, col), text in written if text.strip()]
    _saved_values(cells, found, positions)


def _saved_values(cells: PlainCells, found: list[tuple[bytes, ...]], positions: list[tuple[int, int]]) -> None:
    """The values the file saved for its formulas: numbers (no type, or t="n") and texts (t="str") read together,
    any other type cell by cell."""
    kinds = set(map(_field(_KIND), found))
    if not kinds <= {b"", b"n", b"str"}:
        raise _NotReadError  # a truth value, an error, a date or a shared string saved for a formula: cell by cell
    if b"str" not in kinds and not any(map(_field(_VALUE), found)):
        return  # no number saved (openpyxl writes <v></v>) and no text
    cells_at = list(zip(found, positions, strict=True))
    numbers = [(cell, at) for cell, at in cells_at if cell[_KIND] in (b"", b"n") and cell[_VALUE].strip()]
    if numbers:
        try:
            values: list[object] = [float(cell[_VALUE]) for cell, _ in numbers]
        except ValueError as exc:
            raise _NotReadError from exc
        _put_positions(cells, [at for _, at in numbers], values)
    texts = [(cell, at) for cell, at in cells_at if cell[_KIND] == b"str" and cell[_VALUE_TAG]]
    if texts:
        _put_positions(cells, [at for _, at in texts], _texts([cell[_VALUE] for cell, _ in texts]))


def _put_positions(cells: PlainCells, positions: list[tuple[int, int]], values: Sequence[object]) -> None:
    cells.count += len(values)
    for (row, col), value in zip(positions, values, strict=True):
        cells.columns.setdefault(col, {})[row] = value


def _as_found(cell: tuple[bytes, ...]) -> Found:
    """A cell of :data:`_OTHER` as :data:`~xlscore.engine.files.sheetxml.Found`: its attributes and its value."""
    other = cell[_OTHER]
    end = other.index(b">")
    value = other[end + len(b"><v>") : -len(b"</v></c>")]
    return (cell[_LETTERS], cell[_DIGITS], other[:end], b"<v>", value, b"", b"", b"")
