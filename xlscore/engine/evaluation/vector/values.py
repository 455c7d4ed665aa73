"""A column of cell values for vector evaluation: each row's kind, its number, its text, and whether it is exact.

A value is a number (NUM), a text (TEXT), a truth value (BOOL: its number 1 or 0), a blank cell (BLANK: its number
0) or an error (ERR: its code in ``text``). ``ok`` is False for a row that vector evaluation cannot compute as the
cell-by-cell path does: that row is computed cell by cell (:mod:`xlscore.engine.evaluation.vector.compute`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from xlscore.engine.errors import CellError

__all__ = ["BLANK", "BOOL", "ERR", "NUM", "OTHER", "TEXT", "Column", "read"]

NUM, TEXT, BOOL, BLANK, ERR, OTHER = 0, 1, 2, 3, 4, 5

Kinds = npt.NDArray[np.int8]
Numbers = npt.NDArray[np.float64]
Objects = npt.NDArray[np.object_]
Mask = npt.NDArray[np.bool_]

_KIND = {float: NUM, int: NUM, str: TEXT, bool: BOOL, type(None): BLANK, CellError: ERR}


@dataclass
class Column:
    kind: Kinds
    num: Numbers
    text: Objects  # a TEXT row's text, an ERR row's code; None elsewhere
    ok: Mask

    def __len__(self) -> int:
        return len(self.kind)

    @classmethod
    def numbers(cls, num: Numbers, ok: Mask) -> Column:
        return cls(np.full(len(num), NUM, np.int8), num, np.full(len(num), None, object), ok)

    @classmethod
    def texts(cls, text: Objects, ok: Mask) -> Column:
        return cls(np.full(len(text), TEXT, np.int8), np.zeros(len(text)), text, ok)

    @classmethod
    def constant(cls, value: object, size: int) -> Column:
        return read([value] * size)

    def of_kinds(self, *kinds: int) -> Mask:
        """The rows of one of ``kinds``."""
        return np.isin(self.kind, kinds)

    def chosen(self, mask: Mask, other: Column) -> Column:
        """This column where ``mask``, ``other`` elsewhere."""
        return Column(
            np.where(mask, self.kind, other.kind).astype(np.int8),
            np.where(mask, self.num, other.num),
            np.where(mask, self.text, other.text),
            np.where(mask, self.ok, other.ok),
        )

    def value(self, i: int) -> object:
        """Row ``i`` as a cell value, as the cell-by-cell path stores a formula's result."""
        kind = self.kind[i]
        if kind == NUM:
            return float(self.num[i])
        if kind == TEXT:
            return str(self.text[i])
        if kind == BOOL:
            return bool(self.num[i])
        if kind == ERR:
            return CellError(str(self.text[i]))
        raise ValueError("no cell value")  # pragma: no cover - the caller leaves such rows to the engine


def read(values: Sequence[object]) -> Column:
    """Cell values as they stand in the cells (None for a blank)."""
    size = len(values)
    types = set(map(type, values))
    if types == {float}:  # a column of numbers, the common case, at C speed
        return Column.numbers(np.array(values, np.float64), np.ones(size, bool))
    if types == {str}:  # a column of texts
        text = np.empty(size, object)
        text[:] = values
        return Column.texts(text, np.ones(size, bool))
    kind = np.fromiter((_KIND.get(type(v), OTHER) for v in values), np.int8, size)
    numbers: list[float] = []
    texts: list[Any] = []
    for v, k in zip(values, kind.tolist(), strict=True):
        if k in (NUM, BOOL):
            numbers.append(float(v))  # type: ignore[arg-type]
            texts.append(None)
        elif k == TEXT:
            numbers.append(0.0)
            texts.append(v)
        elif k == ERR:
            numbers.append(0.0)
            texts.append(getattr(v, "code", "#VALUE!"))
        else:
            numbers.append(0.0)
            texts.append(None)
    text = np.empty(size, object)
    text[:] = texts
    return Column(kind, np.array(numbers, np.float64), text, kind != OTHER)
