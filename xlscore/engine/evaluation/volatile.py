"""The formula cells whose value no recalculation can repeat: those that draw a random number or read the clock
(``RAND``, ``RANDBETWEEN``, ``RANDARRAY``, ``NOW``, ``TODAY``), and every formula that reads one of them, however
indirectly. Excel saved the value it drew or the time it was saved; ``recalc --check`` and the corpus benchmark
leave these cells out of the comparison and say how many they left out.

A formula reaches such a cell through the references written in it, or through a defined name that stands for a
reference (``=EDATE(DATE_CELL, 1)`` with DATE_CELL = ``Sheet1!$A$1`` holding ``=TODAY()``, as in Apache POI's
56688_4.xlsx); one that reaches it only through INDIRECT, OFFSET or a name holding a formula is not followed.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Iterable

from xlscore.engine.files.book import Book, Formula
from xlscore.engine.rewrite.refs import Area, find_references, parse_area, shift_area

__all__ = ["DRAWING", "drawn_cells", "draws"]

DRAWING = frozenset({"RAND", "RANDBETWEEN", "RANDARRAY", "NOW", "TODAY"})

_STRING = re.compile(r'"(?:[^"]|"")*"')
_CALL = re.compile(r"(?<![A-Za-z0-9_.])(?:_xlfn\.)?(RAND|RANDBETWEEN|RANDARRAY|NOW|TODAY)\s*\(", re.IGNORECASE)

Cell = tuple[str, int, int]  # sheet (upper case), row, column


def draws(text: str) -> bool:
    """Whether a formula calls one of :data:`DRAWING` itself (a name inside quoted text does not count)."""
    return _CALL.search(_STRING.sub('""', text)) is not None


def _cells(formula: Formula) -> Iterable[Cell]:
    sheet = formula.sheet.upper()
    area = formula.array
    if area is None:
        return [(sheet, formula.row, formula.col)]
    return [(sheet, r, c) for r in range(area.top, area.bottom + 1) for c in range(area.left, area.right + 1)]


def _named_areas(book: Book) -> tuple[re.Pattern[str] | None, dict[str, Area]]:
    """The defined names that stand for a reference, by name (upper case, a sheet's own as SHEET!NAME), and a
    pattern that finds them in a formula."""
    areas = {}
    for key, text in book.names.items():
        area = parse_area(text.strip().removeprefix("="))
        if area is not None and area.sheet is not None:
            areas[key] = Area(area.sheet.upper(), area.top, area.left, area.bottom, area.right)
    plain = sorted({key.rsplit("!", 1)[-1] for key in areas}, key=len, reverse=True)
    if not plain:
        return None, areas
    names = "|".join(re.escape(name) for name in plain)
    return re.compile(rf"(?<![A-Za-z0-9_.!\\])({names})(?![A-Za-z0-9_.(!\\])", re.IGNORECASE), areas


def _reads(formula: Formula, named: tuple[re.Pattern[str] | None, dict[str, Area]]) -> list[Area]:
    """The areas ``formula`` reads, moved from its anchor to its own cell, each with its sheet (upper case)."""
    rows, cols = formula.row - formula.anchor[0], formula.col - formula.anchor[1]
    areas = []
    pattern, by_name = named
    if pattern is not None:
        for found in pattern.finditer(_STRING.sub('""', formula.text)):
            name = found.group(1).upper()
            area = by_name.get(f"{formula.sheet.upper()}!{name}") or by_name.get(name)
            if area is not None:
                areas.append(area)
    for ref in find_references(formula.text):
        area = shift_area(ref.area, ref.absolute, rows, cols)
        sheet = (ref.sheet or formula.sheet).upper()
        areas.append(Area(sheet, area.top, area.left, area.bottom, area.right))
    return areas


def drawn_cells(book: Book) -> frozenset[Cell]:
    """Every formula cell of ``book`` whose value depends on a drawn number or the clock (see the module)."""
    formulas = [f for sheet in book.sheets for f in sheet.formulas]
    found: set[Cell] = {cell for f in formulas if draws(f.text) for cell in _cells(f)}
    if not found:
        return frozenset()
    single: dict[Cell, list[int]] = defaultdict(list)  # a one-cell reference: the formulas that read that cell
    ranges: dict[str, list[tuple[Area, int]]] = defaultdict(list)  # a larger one, by sheet
    named = _named_areas(book)
    for index, formula in enumerate(formulas):
        for area in _reads(formula, named):
            sheet = area.sheet or ""
            if area.height == 1 and area.width == 1:
                single[sheet, area.top, area.left].append(index)
            else:
                ranges[sheet].append((area, index))
    waiting = list(found)
    marked: set[int] = set()
    while waiting:
        sheet, row, col = waiting.pop()
        readers = single.get((sheet, row, col), []) + [i for a, i in ranges.get(sheet, []) if a.contains(row, col)]
        for index in readers:
            if index in marked:
                continue
            marked.add(index)
            for cell in _cells(formulas[index]):
                if cell not in found:
                    found.add(cell)
                    waiting.append(cell)
    return frozenset(found)
