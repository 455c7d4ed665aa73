"""``xlscore seating --next BOOK -o OUT.xlsx`` and ``--in-place``: the next round written into the Seating sheet.

The book is the shipped RPLOPS event: two rounds of results, sixteen players on its Players sheet (ten of them with
no result yet, all due in round 3). Every check is of what was written against what the same command prints, and
of the file's other parts, byte for byte.
"""

from __future__ import annotations

import csv
import io
import shutil
import zipfile
from pathlib import Path

import openpyxl
import pytest

from xlscore.cli import main
from xlscore.cli.seating import NEXT_HEADING

ROOT = Path(__file__).resolve().parent.parent
EVENT = ROOT / "workbooks" / "rplops-event.xlsx"
PLAYERS = sorted(
    ["Ann", "Bo", "Cy", "Di", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jo", "Kim", "Lu", "Max", "Ned", "Oz", "Pam"]
)


@pytest.fixture
def book(tmp_path: Path) -> Path:
    copy = tmp_path / "event.xlsx"
    shutil.copyfile(EVENT, copy)
    return copy


def _printed(capsys: pytest.CaptureFixture[str], book: Path, *options: str) -> list[list[str]]:
    assert main(["seating", "--next", str(book), *options, "--format", "csv"]) == 0
    rows = list(csv.reader(io.StringIO(capsys.readouterr().out)))
    return rows[1:]


def _block(path: Path) -> tuple[str, list[list[object]], list[str]]:
    """The heading, the seating's rows and the report lines written under NEXT_HEADING on the Seating sheet."""
    sheet = openpyxl.load_workbook(path)["Seating"]
    column = next(c.column for c in sheet[1] if isinstance(c.value, str) and c.value.startswith(NEXT_HEADING))
    grid: list[list[object]] = [
        list(r) for r in sheet.iter_rows(min_row=2, min_col=column, max_col=column + 4, values_only=True)
    ]
    assert grid[0] == ["Round", "Table", "Seat", "Player", "Board"]
    blank = next(i for i, row in enumerate(grid) if all(v is None for v in row))
    report = [str(row[0]) for row in grid[blank + 1 :] if row[0] is not None]
    assert all(all(v is None for v in row) for row in grid[blank + 1 + len(report) :])
    return str(sheet.cell(1, column).value), grid[1:blank], report


def _as_printed(rows: list[list[object]]) -> list[list[str]]:
    """The block's rows as CSV prints them (a bye: table and seat blank)."""
    return [["" if v is None or v == "bye" else str(v) for v in row] for row in rows]


def _parts(path: Path) -> dict[str, bytes]:
    with zipfile.ZipFile(path) as book:
        return {name: book.read(name) for name in book.namelist()}


def test_o_writes_a_copy_with_the_round_the_command_prints(
    book: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    printed = _printed(capsys, book, "--table-size", "3")
    before = book.read_bytes()
    out = tmp_path / "seated.xlsx"
    assert main(["seating", "--next", str(book), "--table-size", "3", "-o", str(out)]) == 0
    said = capsys.readouterr()
    assert said.out == ""
    assert f"wrote {out}: round 3 in Seating!" in said.err
    assert book.read_bytes() == before
    heading, rows, report = _block(out)
    assert heading == f"{NEXT_HEADING} round 3, seated from the standings after round 2"
    assert _as_printed(rows) == printed
    assert sorted(str(r[3]) for r in rows) == PLAYERS
    assert report[0].startswith("repeated pairs: ")
    assert report == said.err.splitlines()[1:]


def test_every_other_part_of_the_book_is_kept_byte_for_byte(book: Path, tmp_path: Path) -> None:
    out = tmp_path / "seated.xlsx"
    assert main(["seating", "--next", str(book), "-o", str(out)]) == 0
    before, after = _parts(book), _parts(out)
    assert before.keys() == after.keys()
    changed = [name for name in before if before[name] != after[name]]
    assert len(changed) == 1
    assert changed[0].startswith("xl/worksheets/sheet")


def test_an_existing_output_is_replaced_only_with_force(
    book: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "seated.xlsx"
    out.write_bytes(b"a filled workbook")
    assert main(["seating", "--next", str(book), "-o", str(out)]) == 1
    assert capsys.readouterr().err == f"xlscore: {out} already exists; give --force to replace it\n"
    assert out.read_bytes() == b"a filled workbook"
    assert main(["seating", "--next", str(book), "-o", str(out), "--force"]) == 0
    assert sorted(str(r[3]) for r in _block(out)[1]) == PLAYERS


def test_the_book_itself_only_with_in_place(book: Path, capsys: pytest.CaptureFixture[str]) -> None:
    before = book.read_bytes()
    assert main(["seating", "--next", str(book), "-o", str(book)]) == 1
    assert "is the input; use --in-place to replace it" in capsys.readouterr().err
    assert book.read_bytes() == before
    assert main(["seating", "--next", str(book), "--in-place", "--table-size", "3"]) == 0
    assert len(_block(book)[1]) == len(PLAYERS)


def test_writing_again_replaces_the_round_written_before(book: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Sixteen players at tables of 3 with byes: 15 seated and a bye; then tables of 4: the block holds the new
    rows and nothing of the first (the same columns, found by the heading)."""
    assert main(["seating", "--next", str(book), "--in-place", "--byes", "--table-size", "3"]) == 0
    _, first, _ = _block(book)
    assert sum(1 for r in first if r[1] == "bye") == 1
    printed = _printed(capsys, book)
    assert main(["seating", "--next", str(book), "--in-place"]) == 0
    _, second, _ = _block(book)
    assert _as_printed(second) == printed
    assert "bye" not in [r[1] for r in second]
    sheet = openpyxl.load_workbook(book)["Seating"]
    assert sum(1 for c in sheet[1] if isinstance(c.value, str) and c.value.startswith(NEXT_HEADING)) == 1


@pytest.mark.parametrize(
    ("options", "message"),
    [
        (["--in-place", "-o", "x.xlsx"], "give -o/--output or --in-place, not both"),
        (["--force"], "--force replaces a book written by -o OUT.xlsx"),
    ],
)
def test_usage_errors(book: Path, capsys: pytest.CaptureFixture[str], options: list[str], message: str) -> None:
    assert main(["seating", "--next", str(book), *options]) == 2
    assert message in capsys.readouterr().err


def test_in_place_without_next_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["seating", "--rounds", "1", "--in-place", "A", "B", "C"]) == 2
    assert "give them with --next" in capsys.readouterr().err


def test_a_table_format_with_an_xlsx_name_is_not_a_book(book: Path, tmp_path: Path) -> None:
    """--format csv -o OUT.xlsx asks for the table, as without --next: OUT is the CSV."""
    out = tmp_path / "seating.xlsx"
    assert main(["seating", "--next", str(book), "--format", "csv", "-o", str(out)]) == 0
    assert out.read_text(encoding="utf-8").startswith("Round,Table,Seat,Player,Board")


def test_a_book_without_a_seating_sheet_is_refused_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from xlscore.excel.templates import size_matters_tournament

    book = tmp_path / "sm.xlsx"
    template = size_matters_tournament.build()  # a workbook made before the template had a Seating sheet
    template.workbook.remove(template.workbook["Seating"])
    template.dynamic.pop("Seating")
    template.save(book)
    before = book.read_bytes()
    assert main(["seating", "--next", str(book), "--table-size", "7", "--in-place"]) == 1
    assert capsys.readouterr().err == (
        "xlscore: sm.xlsx has no Seating sheet to write the next round into; without -o or --in-place it is printed\n"
    )
    assert book.read_bytes() == before


def test_before_any_result_round_1_is_seated_from_the_players_table(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The tests' Diplomacy event (28 players, Lou late from round 2): round 1 seats the 28 due, as next_round
    seats them from the players table alone."""
    from tests.excel.event_runs.books import event_book, next_round_written
    from tests.excel.event_runs.events import DIPLOMACY, Run
    from xlscore.engine.files.book import read_book

    book = event_book(DIPLOMACY, tmp_path / "event.xlsx")
    assert main(["seating", "--next", str(book), "--table-size", "7", "--byes", "--in-place"]) == 0
    assert "round 1 in Seating!" in capsys.readouterr().err
    number, seats = next_round_written(read_book(book))
    assert number == 1
    assert seats == [(r.table, r.seat, r.player) for r in Run(DIPLOMACY).seat(1).rows]
    assert "Lou" not in [player for _, _, player in seats]


def test_before_any_result_without_a_players_table_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from xlscore.excel.templates import new_workbook

    book = new_workbook("rplops", tmp_path / "empty.xlsx", sample=False)
    assert main(["seating", "--next", str(book)]) == 1
    assert "has no results yet and no players table" in capsys.readouterr().err


def test_a_size_matters_book_gives_each_seat_a_power_no_player_has_played(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The Size Matters sample (14 players, three rounds of two boards, a power a row): round 4's boards give the
    seven powers in seat order, each player one they have not played (each has played 3 of 7), as next_round
    gives them from the Games table's power column; -o writes the Power column too."""
    from xlscore.excel.templates import new_workbook, size_matters_tournament

    book = new_workbook("size-matters", tmp_path / "sm.xlsx")
    rows = list(csv.reader(io.StringIO(_csv_out(capsys, book))))
    assert rows[0] == ["Round", "Table", "Seat", "Player", "Board", "Power"]
    seated = {row[3]: row for row in rows[1:]}
    played = {(player, power) for _, _, power, player, _ in size_matters_tournament.SAMPLE}
    assert len(seated) == 14
    assert {row[0] for row in rows[1:]} == {"4"}
    assert all((player, row[5]) not in played for player, row in seated.items())
    assert all(row[5] == size_matters_tournament.POWERS[int(row[2]) - 1] for row in rows[1:])  # seat k: k-th power
    for board in ("1", "2"):
        assert sorted(row[5] for row in rows[1:] if row[1] == board) == sorted(size_matters_tournament.POWERS)
    out = tmp_path / "seated.xlsx"
    assert main(["seating", "--next", str(book), "--table-size", "7", "-o", str(out)]) == 0
    sheet = openpyxl.load_workbook(out)["Seating"]
    column = next(c.column for c in sheet[1] if isinstance(c.value, str) and c.value.startswith(NEXT_HEADING))
    written = [list(r) for r in sheet.iter_rows(min_row=2, min_col=column, max_col=column + 5, values_only=True)]
    assert written[0] == rows[0]
    assert [[str(v) for v in row] for row in written[1:15]] == rows[1:]


def _csv_out(capsys: pytest.CaptureFixture[str], book: Path) -> str:
    assert main(["seating", "--next", str(book), "--table-size", "7", "--format", "csv"]) == 0
    return capsys.readouterr().out
