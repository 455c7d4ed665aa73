"""The published page, read as HTML: the core's standings on it, every text escaped, no script, and bad input
refused with a message that names it."""

from __future__ import annotations

from html.parser import HTMLParser
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.excel.publish.pages import HOSTILE, SYSTEMS, book_of, hostile_event
from xlscore import XlscoreError, publish
from xlscore.cli import main
from xlscore.excel.publish.content import Grid
from xlscore.excel.publish.page import CSP, _table
from xlscore.excel.templates import standings


class Cells(HTMLParser):
    """The text of every table cell, the tags met, and the page's meta tags."""

    def __init__(self) -> None:
        super().__init__()
        self.cells: list[str] = []
        self.tags: list[str] = []
        self.meta: list[dict[str, str | None]] = []
        self._open = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append(tag)
        if tag == "meta":
            self.meta.append(dict(attrs))
        if tag in ("td", "th"):
            self._open = True
            self.cells.append("")

    def handle_endtag(self, tag: str) -> None:
        if tag in ("td", "th"):
            self._open = False

    def handle_data(self, data: str) -> None:
        if self._open:
            self.cells[-1] += data


def parsed(path: Path) -> Cells:
    cells = Cells()
    cells.feed(path.read_text(encoding="utf-8"))
    return cells


@pytest.mark.parametrize("system", SYSTEMS)
def test_every_template_publishes_its_standings(system: str, tmp_path: Path) -> None:
    page = publish(book_of(system), tmp_path / "site")
    cells = parsed(page)
    _, rows = standings(book_of(system))
    players = [row.player for row in rows]  # type: ignore[attr-defined]
    assert players, "every template's sample has standings"
    for player in players:
        assert player in cells.cells
    assert (tmp_path / "site" / "style.css").exists()
    assert "script" not in cells.tags


def test_hostile_names_read_as_typed_and_run_nothing(tmp_path: Path) -> None:
    page = publish(hostile_event(tmp_path), tmp_path / "site")
    cells = parsed(page)
    for name in HOSTILE:
        assert name in cells.cells
    assert "script" not in cells.tags
    assert "b" not in cells.tags
    policy = [m.get("content") for m in cells.meta if m.get("http-equiv") == "Content-Security-Policy"]
    assert policy == [CSP]
    assert "script-src 'none'" in CSP


@settings(max_examples=60, deadline=None)
@given(st.lists(st.text(min_size=1, max_size=12), min_size=1, max_size=4))
def test_any_text_in_a_table_reads_back_exactly(texts: list[str]) -> None:
    """A rule, not an example: whatever a cell holds, the browser's parser reads back the same text and no tag."""
    texts = [t.replace("\r", "") for t in texts]  # HTML reads a carriage return as a line break, as it should
    cells = Cells()
    cells.feed(_table(Grid(tuple(texts), (tuple(texts),)), "caption"))
    assert cells.cells == texts + texts
    assert set(cells.tags) <= {"div", "table", "caption", "thead", "tr", "th", "tbody", "td"}


def test_event_name_and_date_come_from_settings(tmp_path: Path) -> None:
    text = publish(book_of("rplops"), tmp_path).read_text(encoding="utf-8")
    assert "<h1>RPLOPS event, sample</h1>" in text
    assert "2026-01-10" in text  # the sample's date, typed as a date and shown as its format shows it


def test_projector_pages_pass_to_each_other(tmp_path: Path) -> None:
    publish(book_of("rplops"), tmp_path, projector=True)
    pages = sorted(tmp_path.glob("projector*.html"))
    # Standings (6 players: one page) and the next round's four tables of four.
    assert len(pages) == 1 + 4
    assert 'content="15; url=projector-2.html"' in (tmp_path / "projector.html").read_text(encoding="utf-8")
    assert 'url=projector.html"' in (tmp_path / "projector-5.html").read_text(encoding="utf-8")


def test_whole_numbers_read_whole_and_fractions_as_the_sheet_shows_them(tmp_path: Path) -> None:
    cells = parsed(publish(book_of("rplops"), tmp_path))
    # Cy: 2 games, 3 hours, 100 + 108.33 points (the RPLOPS page's tie example and a 3-player game of 2 hours).
    at = cells.cells.index("Cy")
    assert cells.cells[at - 1 : at + 6] == ["1", "Cy", "2", "3", "208.33", "104.17", "69.44"]


def test_not_a_template_is_refused(tmp_path: Path) -> None:
    from openpyxl import Workbook

    plain = tmp_path / "plain.xlsx"
    Workbook().save(plain)
    with pytest.raises(XlscoreError, match="not an xlscore template"):
        publish(plain, tmp_path / "site")


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        (["{book}", "-o", "{file}"], "is a file"),
        (["{text}", "-o", "{site}"], "not an Excel workbook"),
        (["{missing}", "-o", "{site}"], "is not a file"),
        (["{book}"], "give -o/--output"),
    ],
)
def test_bad_input_is_one_line_and_a_failing_exit(
    arguments: list[str], message: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "file.txt").write_text("x", encoding="utf-8")
    (tmp_path / "text.xlsx").write_text("Name,Score\n", encoding="utf-8")
    places = {
        "book": str(book_of("rplops")),
        "file": str(tmp_path / "file.txt"),
        "text": str(tmp_path / "text.xlsx"),
        "missing": str(tmp_path / "missing.xlsx"),
        "site": str(tmp_path / "site"),
    }
    status = main(["publish", *(a.format(**places) for a in arguments)])
    err = capsys.readouterr().err
    assert status != 0
    assert message in err
    assert "Traceback" not in err
