"""Multi-round events typed into the event templates with openpyxl, for the tests of their rounds.

Each event is small enough to work by hand (the figures are in the tests), and uses the Players sheet: a late
arrival, a drop, a round sat out, a bye where the system scores byes.
"""

from __future__ import annotations

import importlib
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import openpyxl

from xlscore.engine.evaluation.recalc import recalculate
from xlscore.excel.functions.cells import table_to_grid
from xlscore.excel.templates import MODULES

Cell = str | float | None


@dataclass(frozen=True, kw_only=True)
class Event:
    """An event for a template: its results rows (in the results table's column order), its players table and the
    settings typed by label."""

    system: str
    sheet: str  # the results table's sheet (and table)
    results: tuple[tuple[Cell, ...], ...]
    players: tuple[tuple[Cell, ...], ...] = ()
    settings: Mapping[str, Cell] = field(default_factory=dict)
    rounds: int = 1


def _settings_row(ws: Any, label: str) -> int:
    found = next((r for r in range(1, ws.max_row + 1) if ws.cell(r, 1).value == label), None)
    assert found is not None, f"no setting {label!r}"
    return found


def write(event: Event, path: Path, after_round: int | None = None) -> Path:
    """The template of ``event.system``, empty, with the event typed in (and after round, if given), saved."""
    module = importlib.import_module(f"xlscore.excel.templates.{MODULES[event.system]}")
    template = module.build(sample=False)
    book = template.workbook
    for r, row in enumerate(event.results, start=2):
        for c, value in enumerate(row, start=1):
            book[event.sheet].cell(r, c).value = value
    for r, row in enumerate(event.players, start=2):
        for c, value in enumerate(row, start=1):
            book["Players"].cell(r, c).value = value
    settings = book["Settings"]
    for label, value in {**event.settings, "after round": after_round}.items():
        settings.cell(_settings_row(settings, label), 2).value = value
    template.save(path)
    return path


def recalculated(source: Path, out: Path) -> Any:
    """``source`` computed by ``xlscore recalc``, without an error cell, opened for its values."""
    assert [str(e) for e in recalculate(source, out).errors] == []
    return openpyxl.load_workbook(out, data_only=True)


def shown(sheet: Any, width: int) -> list[list[object]]:
    """A spilled table from A1, ``width`` columns, down to its first blank row."""
    rows = []
    for row in sheet.iter_rows(min_row=1, max_col=width, values_only=True):
        if row[0] in (None, ""):
            break
        rows.append([None if v == "" else v for v in row])
    return rows


def grid(rows: Sequence[object]) -> list[list[object]]:
    """The core's rows as the sheet heads and shows them (blank text as None)."""
    return [[None if v == "" else v for v in row] for row in table_to_grid(list(rows))]


def table(event: Event, header: Sequence[str]) -> list[list[Cell]]:
    """The results as the core takes them: ``header`` and the rows."""
    return [list(header), *[list(row) for row in event.results]]


def players(event: Event) -> list[list[Cell]] | None:
    """The players table as the core takes it (None: no one listed)."""
    if not event.players:
        return None
    return [["player", "late from", "dropped after", "sits out", "byes"], *[list(p) for p in event.players]]


def same(shown_rows: Sequence[Sequence[object]], expected: Sequence[Sequence[object]]) -> bool:
    """Two tables equal cell by cell, numbers to 1e-9."""
    if len(shown_rows) != len(expected) or any(len(a) != len(b) for a, b in zip(shown_rows, expected, strict=True)):
        return False
    return all(_close(a, b) for x, y in zip(shown_rows, expected, strict=True) for a, b in zip(x, y, strict=True))


def _close(a: object, b: object) -> bool:
    if isinstance(a, int | float) and isinstance(b, int | float) and not isinstance(a, bool):
        return math.isclose(float(a), float(b), rel_tol=1e-9, abs_tol=1e-9)
    return a == b
