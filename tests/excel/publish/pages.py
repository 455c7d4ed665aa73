"""What the publishing tests share: each template published once per test session, and an RPLOPS event whose
players are named to break a page that did not escape them."""

from __future__ import annotations

from pathlib import Path

from xlscore.excel.templates import MODULES, template

WORKBOOKS = Path(__file__).resolve().parents[3] / "workbooks"
SYSTEMS = tuple(MODULES)
HOSTILE = ("<script>alert(1)</script>", '=HYPERLINK("http://example.invalid","x")', "Ann & <b>Bo</b>", "\"'quoted'\"")
"""Players whose names are markup, a formula, an entity and quotes: each must read on the page as typed."""


def book_of(system: str) -> Path:
    return WORKBOOKS / template(system).FILE


def hostile_event(folder: Path) -> Path:
    """An RPLOPS event of one game whose four players are :data:`HOSTILE`, places 1 to 4."""
    from xlscore.excel.templates import rplops_event

    rows = [("Game 1", name, None, place, None) for place, name in enumerate(HOSTILE, start=1)]
    path = folder / "hostile.xlsx"
    rplops_event.build(results=rows).save(path)
    return path
