"""Every command's exit statuses, as the table in docs/guide/README.md ("Exit status") states them: each status of
each command is run here once, and the table and these cases must name the same ones."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest

from xlscore.cli import main

GUIDE = Path(__file__).resolve().parents[1] / "docs" / "guide" / "README.md"
PLAYERS = [f"P{i}" for i in range(1, 9)]


def _template(tmp_path: Path, system: str = "rplops") -> Path:
    path = tmp_path / f"{system}.xlsx"
    assert main(["new", system, str(path)]) == 0
    return path


def _broken(tmp_path: Path) -> Path:
    path = tmp_path / "broken.xlsx"
    path.write_text("player,points\nAnn,3\n")
    return path


def _with_error(tmp_path: Path) -> Path:
    from tests.engine import hostile

    sheet = f'<worksheet xmlns="{hostile.MAIN}"><sheetData><row r="1"><c r="A1"><f>1/0</f></c></row></sheetData>'
    parts = {**hostile.minimal_parts(), "xl/worksheets/sheet1.xml": (sheet + "</worksheet>").encode()}
    return hostile.write_zip(tmp_path / "errors.xlsx", parts)


Case = Callable[[Path], list[str]]
CASES: dict[tuple[str, int], Case] = {
    ("recalc", 0): lambda t: ["recalc", str(_with_error(t)), "-o", str(t / "out.xlsx")],  # an error is a result
    ("recalc", 1): lambda t: ["recalc", str(_with_error(t)), "--check"],
    ("recalc", 2): lambda t: ["recalc", str(_with_error(t)), "--max-seconds", "-1"],
    ("export", 0): lambda t: ["export", str(_template(t)), "--name", "Standings"],
    ("export", 1): lambda t: ["export", str(_broken(t))],
    ("export", 2): lambda t: ["export", str(_template(t)), "--format", "xml"],
    ("standings", 0): lambda t: ["standings", str(_template(t))],
    ("standings", 1): lambda t: ["standings", str(_broken(t))],
    ("standings", 2): lambda t: ["standings"],
    ("seating", 0): lambda t: ["seating", "--rounds", "2", *PLAYERS],
    ("seating", 1): lambda t: ["seating", "--rounds", "2", "A", "B", "C", "D", "E"],
    ("seating", 2): lambda t: ["seating", "--rounds", "2", *PLAYERS, "--fixed", "P1=1", "--fixed", "P1=2"],
    ("schedule", 0): lambda t: ["schedule", *PLAYERS[:7]],
    ("schedule", 1): lambda t: ["schedule", *PLAYERS[:3]],
    ("schedule", 2): lambda t: ["schedule", "--no-such-option"],
    ("league next-season", 0): lambda t: ["league", "next-season", str(_template(t, "league"))],
    ("league next-season", 1): lambda t: ["league", "next-season", str(_broken(t))],
    ("league next-season", 2): lambda t: ["league", "next-season"],
    ("new", 0): lambda t: ["new", "rplops", str(t / "event.xlsx")],
    ("new", 1): lambda t: ["new", "rplops", str(_template(t))],  # it exists, and --force was not given
    ("new", 2): lambda t: ["new", "no-such-system", str(t / "event.xlsx")],
    ("addin", 0): lambda t: ["addin"],
    ("addin", 1): lambda t: ["addin", "-o", str(_broken(t) / "addin")],  # a file where a folder should be
    ("addin", 2): lambda t: ["addin", "--no-such-option"],
    ("examples", 0): lambda t: ["examples"],
    ("examples", 2): lambda t: ["examples", "extra"],
}


def _documented() -> set[tuple[str, int]]:
    """(command, status) for each status the guide's table gives a command (a cell that is not "-")."""
    text = GUIDE.read_text(encoding="utf-8")
    section = text.split("### Exit status", 1)[1].split("\n#", 1)[0]
    found = set()
    for line in section.splitlines():
        row = re.fullmatch(r"\| `xlscore ([a-z -]+)` \|(.*)\|", line.strip())
        if row:
            cells = [c.strip() for c in row.group(2).split("|")]
            found |= {(row.group(1), status) for status, cell in enumerate(cells) if cell not in ("", "-")}
    return found


def test_the_guide_states_every_commands_exit_statuses() -> None:
    assert _documented() == set(CASES)


@pytest.mark.parametrize(("command", "status"), sorted(CASES))
def test_each_exit_status(
    command: str, status: int, tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    assert main(CASES[command, status](tmp_path)) == status
    err = capsys.readouterr().err
    assert "Traceback" not in err
    if status:
        assert err.strip()  # a failure always says why
