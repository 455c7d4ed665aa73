"""Cell references in formula text: finding them, reading them as areas, and moving them with their cell.

Only what the recalculation needs: A1-style references with an optional sheet (``Results!$A$2:A9``,
``'My Sheet'!B2``), whole columns (``F:F``) and whole rows (``3:3``). Formulas filled down a column differ only in
their relative references; :func:`formula_shape` gives them one key, so a formula is compiled once however many
rows use it, and :func:`shift_area` moves each input to the row at hand. A formula's own text is moved by openpyxl's
Translator (:func:`translate`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

__all__ = [
    "MAX_COL",
    "MAX_ROW",
    "Area",
    "Reference",
    "cell_name",
    "column_letters",
    "column_number",
    "find_references",
    "formula_shape",
    "open_ended",
    "parse_area",
    "parse_input",
    "shift_area",
    "translate",
    "written",
]

MAX_ROW = 1_048_576
MAX_COL = 16_384

_SHEET = r"(?:'(?:[^']|'')+'|[^\W\d][\w.]*)"  # unquoted: a letter of any script, then letters, digits, _ and .
_CELL = r"\$?[A-Za-z]{1,3}\$?\d+"
_REF = re.compile(
    rf"(?<![\w.$'\]!])(?:(?P<sheet>{_SHEET})!)?"
    rf"(?P<ref>{_CELL}(?::{_CELL})?|\$?[A-Za-z]{{1,3}}:\$?[A-Za-z]{{1,3}}|\$?\d+:\$?\d+)"
    r"(?![A-Za-z0-9_(\[!])"
)
_STRING = re.compile(r'"(?:[^"]|"")*"')
_CELL_PARTS = re.compile(r"(\$?)([A-Za-z]{1,3})(\$?)(\d+)")


def column_number(letters: str) -> int:
    number = 0
    for ch in letters.upper():
        number = number * 26 + ord(ch) - 64
    return number


def column_letters(number: int) -> str:
    letters = ""
    while number:
        number, rest = divmod(number - 1, 26)
        letters = chr(65 + rest) + letters
    return letters


def cell_name(row: int, col: int) -> str:
    return f"{column_letters(col)}{row}"


@dataclass(frozen=True)
class Area:
    """A rectangle of cells on a sheet (sheet None: the formula's own sheet); rows and columns from 1."""

    sheet: str | None
    top: int
    left: int
    bottom: int
    right: int

    @property
    def height(self) -> int:
        return self.bottom - self.top + 1

    @property
    def width(self) -> int:
        return self.right - self.left + 1

    def contains(self, row: int, col: int) -> bool:
        return self.top <= row <= self.bottom and self.left <= col <= self.right

    def intersects(self, other: Area) -> bool:
        return not (
            other.left > self.right or other.right < self.left or other.top > self.bottom or other.bottom < self.top
        )

    def __str__(self) -> str:
        start = cell_name(self.top, self.left)
        end = cell_name(self.bottom, self.right)
        return start if start == end else f"{start}:{end}"


@dataclass(frozen=True)
class Reference:
    """A reference as written: where it stands in the text, and which of its coordinates are absolute ($)."""

    start: int
    end: int
    sheet: str | None
    area: Area
    absolute: tuple[bool, bool, bool, bool]  # top row, left column, bottom row, right column


def _unquote(sheet: str | None) -> str | None:
    if sheet is None:
        return None
    return sheet[1:-1].replace("''", "'") if sheet.startswith("'") else sheet


def _parse(sheet: str | None, ref: str) -> tuple[Area, tuple[bool, bool, bool, bool]] | None:
    parts = ref.split(":")
    cells = [_CELL_PARTS.fullmatch(p) for p in parts]
    if all(cells):
        (a, b) = (cells[0], cells[-1])
        assert a is not None
        assert b is not None
        top, bottom = int(a.group(4)), int(b.group(4))
        left, right = column_number(a.group(2)), column_number(b.group(2))
        if not (1 <= top <= MAX_ROW and 1 <= bottom <= MAX_ROW and left <= MAX_COL and right <= MAX_COL):
            return None
        absolute = (bool(a.group(3)), bool(a.group(1)), bool(b.group(3)), bool(b.group(1)))
        return Area(sheet, min(top, bottom), min(left, right), max(top, bottom), max(left, right)), absolute
    first, last = parts[0].lstrip("$"), parts[-1].lstrip("$")
    if first.isdigit() and last.isdigit():
        top, bottom = sorted((int(first), int(last)))
        fixed = (parts[0].startswith("$"), True, parts[-1].startswith("$"), True)
        return Area(sheet, top, 1, bottom, MAX_COL), fixed
    if first.isalpha() and last.isalpha():
        left, right = sorted((column_number(first), column_number(last)))
        fixed = (True, parts[0].startswith("$"), True, parts[-1].startswith("$"))
        return Area(sheet, 1, left, MAX_ROW, right), fixed
    return None


def find_references(text: str) -> list[Reference]:
    """Every cell reference of a formula, outside its string literals, in the order written.

    A regular expression, not openpyxl's Tokenizer: this runs on every formula of a workbook, where the Tokenizer
    alone takes longer than this whole search (26 against 25 microseconds for ``RPLOPS(E2,C2,D2)``), and its tokens
    do not say where in the text they stand (it folds runs of spaces), which :func:`formula_shape` needs.
    """
    masked = _STRING.sub(lambda m: " " * len(m.group(0)), text)
    found = []
    for match in _REF.finditer(masked):
        sheet = _unquote(match.group("sheet"))
        parsed = _parse(sheet, match.group("ref"))
        if parsed is not None:
            found.append(Reference(match.start(), match.end(), sheet, parsed[0], parsed[1]))
    return found


def parse_area(text: str) -> Area | None:
    """One reference on its own (``Results!A2:F9``, ``A1``), as the formula engine names its inputs."""
    refs = find_references(text)
    if len(refs) != 1 or refs[0].start != 0 or refs[0].end != len(text):
        return None
    return refs[0].area


_OPEN_ENDED = re.compile(r"([A-Z]{0,3})(\d*):([A-Z]{0,3})(\d*)")


def open_ended(name: str) -> Area | None:
    """A range reaching the sheet's last row or column, as the formula engine names it among a formula's inputs:
    it leaves out row 1,048,576 and column XFD, so ``B1:Z1048576`` is ``B1:Z``, ``B1:XFD3`` is ``B1:3``,
    ``A1:XFD1048576`` is ``A1:``, ``B:XFD`` is ``B:``, ``1:1048576`` is ``1:`` and ``XFD7`` is ``7``. None for
    anything else (:func:`parse_area` reads the rest). ``XFD1:XFD5`` comes out as ``1:5``, which cannot be told
    from rows 1 to 5, and is read as those rows."""
    sheet, bang, ref = name.rpartition("!")
    if bang and not sheet:
        return None
    where = (_unquote(sheet) if sheet.startswith("'") else sheet) if bang else None
    if ref.isdigit():
        return Area(where, int(ref), MAX_COL, int(ref), MAX_COL) if 1 <= int(ref) <= MAX_ROW else None
    match = _OPEN_ENDED.fullmatch(ref.upper())
    if match is None:
        return None
    left_letters, top_digits, right_letters, bottom_digits = match.groups()
    if left_letters and top_digits and not (right_letters and bottom_digits):
        top, left = int(top_digits), column_number(left_letters)
        right = column_number(right_letters) if right_letters else MAX_COL
        bottom = int(bottom_digits) if bottom_digits else MAX_ROW
    elif left_letters and not (top_digits or right_letters or bottom_digits):
        top, left, bottom, right = 1, column_number(left_letters), MAX_ROW, MAX_COL
    elif top_digits and not (left_letters or right_letters or bottom_digits):
        top, left, bottom, right = int(top_digits), 1, MAX_ROW, MAX_COL
    else:
        return None
    if not (1 <= top <= bottom <= MAX_ROW and 1 <= left <= right <= MAX_COL):
        return None
    return Area(where, top, left, bottom, right)


def parse_input(name: str) -> Area | None:
    """A reference as the formula engine names a formula's input: its sheet unquoted whatever it holds
    (``2024!A1``, ``SHEET-1!A1:B2``, ``DONNÉES!A1``, ``'MY SHEET'!A1``), or None for a defined name."""
    sheet, bang, ref = name.rpartition("!")
    if not bang:
        return parse_area(name)
    area = parse_area(ref)
    if area is None or not sheet:
        return None
    return Area(_unquote(sheet) if sheet.startswith("'") else sheet, area.top, area.left, area.bottom, area.right)


def formula_shape(text: str, row: int, col: int) -> tuple[str, list[Reference]]:
    """A key shared by every copy of the formula filled from cell to cell, and the references found.

    Relative coordinates are written as offsets from the formula's cell, absolute ones as they are.
    """
    refs = find_references(text)
    pieces, last = [], 0
    for ref in refs:
        a, (abs_top, abs_left, abs_bottom, abs_right) = ref.area, ref.absolute
        coords = (
            (a.top, abs_top, row),
            (a.left, abs_left, col),
            (a.bottom, abs_bottom, row),
            (a.right, abs_right, col),
        )
        marks = ",".join(f"{v}" if fixed else f"[{v - origin}]" for v, fixed, origin in coords)
        pieces.append(text[last : ref.start] + f"\x00{ref.sheet or ''}!{marks}\x00")
        last = ref.end
    pieces.append(text[last:])
    return "".join(pieces), refs


def written(area: Area) -> str:
    """The area as an absolute reference: ``'My Sheet'!$A$1:$E$9`` (the sheet named when the area has one)."""
    left, right = column_letters(area.left), column_letters(area.right)
    if area.top == 1 and area.bottom == MAX_ROW:
        text = f"${left}:${right}"
    elif area.left == 1 and area.right == MAX_COL:
        text = f"${area.top}:${area.bottom}"
    else:
        start, end = f"${left}${area.top}", f"${right}${area.bottom}"
        text = start if start == end else f"{start}:{end}"
    return text if area.sheet is None else sheet_prefix(area.sheet) + text


def sheet_prefix(sheet: str) -> str:
    """``Sheet!`` or ``'My Sheet'!``: the sheet as a reference names it, quoted when it must be."""
    quoted = re.fullmatch(r"[A-Za-z_][A-Za-z0-9_.]*", sheet) is None
    return ("'" + sheet.replace("'", "''") + "'" if quoted else sheet) + "!"


def translate(text: str, rows: int, cols: int) -> str:
    """The formula (with or without its leading =) as it reads when copied ``rows`` down and ``cols`` across, its
    relative references moved, by openpyxl's Translator. ValueError when a reference would leave the sheet."""
    body = text.removeprefix("=")
    # openpyxl is imported here, when a formula is moved, not when a workbook is read (it takes 0.2 s to import).
    from openpyxl.formula.translate import Translator, TranslatorError

    from xlscore.engine.rewrite.tokens import TokenizerError

    try:
        moved: str = Translator("=" + body, "A1").translate_formula(row_delta=rows, col_delta=cols)
    except (TranslatorError, TokenizerError, IndexError) as exc:
        raise ValueError(f"the formula {body} cannot be moved {rows} down and {cols} across: {exc}") from exc
    return moved if text.startswith("=") else moved.removeprefix("=")


def shift_area(area: Area, absolute: tuple[bool, bool, bool, bool], rows: int, cols: int) -> Area:
    """The area a reference points to when its formula is copied ``rows`` down and ``cols`` across."""
    abs_top, abs_left, abs_bottom, abs_right = absolute
    whole_cols = area.top == 1 and area.bottom == MAX_ROW
    whole_rows = area.left == 1 and area.right == MAX_COL
    return Area(
        area.sheet,
        area.top + (0 if abs_top or whole_cols else rows),
        area.left + (0 if abs_left or whole_rows else cols),
        area.bottom + (0 if abs_bottom or whole_cols else rows),
        area.right + (0 if abs_right or whole_rows else cols),
    )
