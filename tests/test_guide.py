"""The guide's command-line sessions run as tests: each `$ python3 -m xlscore ...` line is run in a folder holding a
copy of workbooks/ and a fresh my-event.xlsx, and the lines shown after it must be what it prints."""

from __future__ import annotations

import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
GUIDE = sorted((ROOT / "docs" / "guide").glob("*.md"))


def _sessions(page: Path) -> list[tuple[str, list[str]]]:
    """Each command of the page's console blocks with the output lines shown after it."""
    found: list[tuple[str, list[str]]] = []
    for block in re.findall(r"```console\n(.*?)```", page.read_text(), flags=re.S):
        for line in block.splitlines():
            if line.startswith("$ "):
                found.append((line[2:], []))
            elif found:
                found[-1][1].append(line)
    return found


def test_the_guide_shows_sessions() -> None:
    assert _sessions(ROOT / "docs" / "guide" / "README.md")


@pytest.mark.parametrize("page", [p for p in GUIDE if _sessions(p)], ids=lambda p: p.name)
def test_console_sessions_print_what_the_guide_shows(page: Path, tmp_path: Path) -> None:
    sessions = _sessions(page)
    shutil.copytree(ROOT / "workbooks", tmp_path / "workbooks")
    shutil.copy(ROOT / "workbooks" / "rplops-event.xlsx", tmp_path / "my-event.xlsx")
    for command, shown in sessions:
        argv = shlex.split(command)
        assert argv[:3] == ["python3", "-m", "xlscore"], command
        done = subprocess.run([sys.executable, *argv[1:]], cwd=tmp_path, capture_output=True, text=True)
        assert done.returncode == 0, f"{command}: {done.stderr}"
        if shown:
            assert done.stdout.rstrip("\n").splitlines() == shown, command


TOPICS = ("README.md", "libreoffice.md", "publishing.md", "running-an-event.md")
"""The guide's pages that are not about one template."""


@pytest.mark.parametrize("page", [p for p in GUIDE if p.name not in TOPICS], ids=lambda p: p.stem)
def test_each_template_page_shows_a_picture_of_every_sheet(page: Path) -> None:
    import openpyxl

    book = openpyxl.load_workbook(ROOT / "workbooks" / f"{page.stem}.xlsx", read_only=True)
    sheets = [re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-") for name in book.sheetnames]
    book.close()
    shown = re.findall(r"!\[[^\]]*\]\(\.\./pictures/([^)]+)\)", page.read_text())
    assert sorted(shown) == sorted(f"{page.stem}-{s}.png" for s in sheets)
    assert all((ROOT / "docs" / "pictures" / name).is_file() for name in shown)
