"""The by-round section appears when the workbook has a By round sheet (with its chart of places), and not before;
a long event prints with its header row on every page and each row whole on one line of one page."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

from tests.excel.publish.pages import book_of
from xlscore import publish
from xlscore.excel.publish.pdf import chromium, print_pdf
from xlscore.excel.templates import rplops_event
from xlscore.excel.templates.base import Template

BY_ROUND = (
    ("Round", "Player", "Place", "Total"),
    (1, "Ann", 1, 83.33),
    (1, "Bo", 2, 58.33),
    (2, "Ann", 2, 183.33),
    (2, "Bo", 1, 191.67),
)


def _without_by_round() -> Template:
    """The RPLOPS template without its By round sheet, as a workbook made before the sheet existed."""
    template = rplops_event.build()
    template.workbook.remove(template.workbook["By round"])
    template.dynamic.pop("By round")
    return template


def test_a_by_round_sheet_gives_a_section_and_a_chart(tmp_path: Path) -> None:
    template = _without_by_round()
    sheet = template.workbook.create_sheet("By round")
    for row in BY_ROUND:
        sheet.append(row)
    template.save(tmp_path / "rounds.xlsx")
    text = publish(tmp_path / "rounds.xlsx", tmp_path / "site").read_text(encoding="utf-8")
    assert '<section id="by-round"' in text
    assert text.count("<polyline") == 2  # a line per player
    assert "Bo (1)" in text  # each line ends with its player and last place
    assert "<td>191.67</td>" in text.replace('<td class="number">', "<td>")


def test_no_by_round_section_without_the_sheet(tmp_path: Path) -> None:
    _without_by_round().save(tmp_path / "event.xlsx")
    assert 'id="by-round"' not in publish(tmp_path / "event.xlsx", tmp_path / "site").read_text(encoding="utf-8")


def test_the_templates_by_round_sheet_gives_a_line_per_player(tmp_path: Path) -> None:
    text = publish(book_of("rplops"), tmp_path).read_text(encoding="utf-8")
    assert text.count("<polyline") == 6  # the sample's six players
    assert "Cy (1)" in text


@pytest.mark.slow  # a real program (LibreOffice or Chromium): .ci/run runs it with -m slow
@pytest.mark.skipif(chromium() is None or shutil.which("pdftotext") is None, reason="Chromium or pdftotext is missing")
def test_a_long_event_prints_whole_rows_under_a_header_on_every_page(tmp_path: Path) -> None:
    players = [f"Player {n:03d}" for n in range(1, 151)]
    rows = [(f"Game {n // 5}", name, None, n % 5 + 1, 2) for n, name in enumerate(players)]
    rplops_event.build(results=rows).save(tmp_path / "long.xlsx")
    pdf = print_pdf(publish(tmp_path / "long.xlsx", tmp_path / "site"), tmp_path / "long.pdf")
    text = subprocess.run(["pdftotext", "-layout", str(pdf), "-"], capture_output=True, text=True, check=True).stdout
    every = text.split("\f")
    # Each section starts a page of its own: the standings' pages come first, then the standings by round (one
    # round here, so a heading alone) and the boards.
    after = next(n for n, page in enumerate(every) if page.lstrip().startswith(("Standings by round", "Boards")))
    pages = every[:after]
    assert len(pages) > 1  # 150 rows do not fit one page: the header must repeat
    for page in pages:
        assert re.search(r"Place\s+Player\s+Games\s+Hours\s+Points", page), page[:300]
    for name in players:
        # the table rows that name the player (the by-round chart's labels name the leaders alone on a line)
        lines = [line for line in text.splitlines() if name in line and re.search(r"\d", line.replace(name, ""))]
        assert len(lines) == 3, name  # the standings row, the by-round row and the board's row, each whole
        numbers = [len(re.findall(r"\d+(?:\.\d+)?", line.replace(name, ""))) for line in lines]
        # place, games, hours, points and two rates; round, place, score, total and place after the round; a
        # board's place, hours, points
        assert numbers == [6, 5, 3], lines


def test_the_seating_shown_is_the_first_round_without_a_result(tmp_path: Path) -> None:
    template = rplops_event.build()
    results = template.workbook["Results"]
    for row in range(2, 7):  # the sample's first game (five rows) typed as round 1's first board
        results[f"A{row}"] = "R1 T1"
    template.save(tmp_path / "event.xlsx")
    text = publish(tmp_path / "event.xlsx", tmp_path / "site").read_text(encoding="utf-8")
    assert "Seating, round 2" in text
    assert "<caption>R2 T1</caption>" in text
    assert "<caption>R1 T1</caption>" in text  # the board played, among the boards
    fresh = publish(book_of("rplops"), tmp_path / "fresh").read_text(encoding="utf-8")
    assert "Seating, round 1" in fresh  # no board of the seating has a result yet
