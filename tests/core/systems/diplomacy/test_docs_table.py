"""docs/systems/diplomacy/README.md lists every system, with its family and what it needs, as the code has them."""

from __future__ import annotations

from pathlib import Path

from xlscore.core.systems.diplomacy import SYSTEMS

PAGE = Path(__file__).resolve().parents[4] / "docs" / "systems" / "diplomacy" / "README.md"


def test_the_systems_table_is_the_code_s() -> None:
    rows = {}
    for line in PAGE.read_text().splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) == 5 and cells[0] in SYSTEMS:
            rows[cells[0]] = (cells[1], cells[2])
    assert rows == {name: (s.family, s.needs) for name, s in SYSTEMS.items()}
    for name, system in SYSTEMS.items():
        page = PAGE.parent / f"{system.family.replace(' ', '-').lower()}.md"
        assert name == "Size Matters" or page.exists(), name
