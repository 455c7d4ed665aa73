"""``xlscore standings --after-round N`` and ``--by-round``: a filled template read after a round and round by round.

The RPLOPS event here is the source's rule worked by hand (seeds/000, RPLOPS version 1, x = 50, no hours: a game of
n players gives place p (2 x (n + 1 - p) / (n + 1)) = 100 (n + 1 - p) / (n + 1) points).
"""

from __future__ import annotations

import csv
import io
from pathlib import Path

import openpyxl
import pytest
from openpyxl.workbook.defined_name import DefinedName
from openpyxl.worksheet.table import Table

from xlscore.cli import main

ROOT = Path(__file__).resolve().parent.parent

# Two rounds of 3-player games, by place: 100 (4 - p) / 4 = 75, 50, 25 points for places 1, 2, 3.
EVENT = (
    (1, "T1", "Ann", 1),
    (1, "T1", "Bo", 2),
    (1, "T1", "Cy", 3),
    (1, "T2", "Di", 1),
    (1, "T2", "Eve", 2),
    (1, "T2", "Fay", 3),
    (2, "T1", "Cy", 1),
    (2, "T1", "Fay", 2),
    (2, "T1", "Ann", 3),
    (2, "T2", "Bo", 1),
    (2, "T2", "Eve", 2),
    (2, "T2", "Di", 3),
)


def _rplops_book(path: Path, rows: tuple[tuple[object, ...], ...] = EVENT, *, rounds: bool = True) -> Path:
    """A filled RPLOPS event workbook as the template's reader reads one: Results (a table, with or without a
    Round column) and Settings (x, version)."""
    book = openpyxl.Workbook()
    results = book.active
    assert results is not None
    results.title = "Results"
    header = ["Round", "Game", "Player", "Score", "Place", "Hours"] if rounds else ["Game", "Player", "Score", "Place"]
    results.append(header)
    for number, game, player, place in rows:
        results.append([number, game, player, None, place, None] if rounds else [game, player, None, place])
    last = "F" if rounds else "D"
    results.add_table(Table(displayName="Results", ref=f"A1:{last}{len(rows) + 1}"))
    settings = book.create_sheet("Settings")
    settings["B1"], settings["B2"] = 50, 1
    book.defined_names["xlscore_system"] = DefinedName("xlscore_system", attr_text='"rplops"')
    book.save(path)
    return path


def _csv(capsys: pytest.CaptureFixture[str], *args: str) -> list[dict[str, str]]:
    assert main(["standings", *args, "--format", "csv"]) == 0
    return list(csv.DictReader(io.StringIO(capsys.readouterr().out)))


def test_after_round_counts_only_the_rounds_up_to_it(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    book = str(_rplops_book(tmp_path / "event.xlsx"))
    first = _csv(capsys, book, "--after-round", "1")
    assert [(r["Place"], r["Player"], float(r["Points"])) for r in first] == [
        ("1", "Ann", 75.0),
        ("1", "Di", 75.0),
        ("3", "Bo", 50.0),
        ("3", "Eve", 50.0),
        ("5", "Cy", 25.0),
        ("5", "Fay", 25.0),
    ]
    both = {r["Player"]: float(r["Points"]) for r in _csv(capsys, book, "--after-round", "2")}
    assert both == {"Ann": 75 + 25, "Bo": 50 + 75, "Cy": 25 + 75, "Di": 75 + 25, "Eve": 50 + 50, "Fay": 25 + 50}
    assert both == {r["Player"]: float(r["Points"]) for r in _csv(capsys, book)}


def test_by_round_shows_each_rounds_place_total_and_change(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    rows = _csv(capsys, str(_rplops_book(tmp_path / "event.xlsx")), "--by-round")
    assert list(rows[0]) == ["Round", "Place", "Player", "Score", "Total", "Games", "Change", "Note"]
    cy = [
        (r["Round"], r["Place"], float(r["Score"]), float(r["Total"]), r["Change"]) for r in rows if r["Player"] == "Cy"
    ]
    # Cy: last (5th, shared) after round 1; 100 after round 2 ties Ann, Di and Eve behind Bo's 125: 2nd, up 3.
    assert cy == [("1", "5", 25.0, 25.0, ""), ("2", "2", 75.0, 100.0, "3")]
    assert [r["Round"] for r in rows] == ["1"] * 6 + ["2"] * 6


def test_a_template_without_a_round_column_is_one_round(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    book = str(_rplops_book(tmp_path / "event.xlsx", tuple((1, *r[1:]) for r in EVENT[:6]), rounds=False))
    assert _csv(capsys, book, "--after-round", "1") == _csv(capsys, book)
    by_round = _csv(capsys, book, "--by-round")
    assert {r["Round"] for r in by_round} == {"1"}
    assert [(r["Player"], r["Total"]) for r in by_round] == [(r["Player"], r["Points"]) for r in _csv(capsys, book)]
    assert main(["standings", book, "--after-round", "2"]) == 1
    assert capsys.readouterr().err == "xlscore: event.xlsx: --after-round is 2; expected 1..1, a round of the results\n"


@pytest.mark.parametrize(("book", "after"), [("size-matters-tournament.xlsx", 2), ("diplomacy-tournament.xlsx", 2)])
def test_the_shipped_tournaments_read_after_each_round_as_by_round_says(
    book: str, after: int, capsys: pytest.CaptureFixture[str]
) -> None:
    path = str(ROOT / "workbooks" / book)
    by_round = _csv(capsys, path, "--by-round")
    last = max(int(r["Round"]) for r in by_round)
    assert last > after
    standing = _csv(capsys, path, "--after-round", str(after))
    assert [(r["Place"], r["Player"]) for r in standing] == [
        (r["Place"], r["Player"]) for r in by_round if r["Round"] == str(after)
    ]
    final = _csv(capsys, path, "--after-round", str(last))
    assert final == _csv(capsys, path)


@pytest.mark.parametrize(
    ("args", "status", "said"),
    [
        (["--after-round", "2.5"], 2, "'2.5' is not a valid integer range"),
        (["--after-round", "0"], 2, "0 is not in the range x>=1"),
        (["--after-round", "1", "--by-round"], 2, "give --after-round or --by-round, not both"),
        (["--after-round", "9"], 1, "xlscore: event.xlsx: --after-round is 9; expected 1..2, a round of the results\n"),
    ],
)
def test_bad_rounds_are_refused_without_a_traceback(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], args: list[str], status: int, said: str
) -> None:
    assert main(["standings", str(_rplops_book(tmp_path / "event.xlsx")), *args]) == status
    err = capsys.readouterr().err
    assert said in err
    assert "Traceback" not in err


def test_a_system_without_rounds_is_refused_in_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["standings", str(ROOT / "workbooks" / "gibbs-ladder.xlsx"), "--by-round"]) == 1
    err = capsys.readouterr().err
    assert err.startswith("xlscore: gibbs-ladder.xlsx is a gibbs workbook, which has no rounds")
    assert err.count("\n") == 1


def test_an_empty_template_by_round_shows_the_header(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    book = tmp_path / "empty.xlsx"
    assert main(["new", "rplops", str(book), "--empty"]) == 0
    capsys.readouterr()
    assert main(["standings", str(book), "--by-round", "--format", "csv"]) == 0
    assert capsys.readouterr().out.splitlines() == ["Round,Place,Player,Score,Total,Games,Change,Note"]


def test_seating_next_seats_the_round_after_the_last(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    book = str(_rplops_book(tmp_path / "event.xlsx"))
    assert main(["seating", "--next", book, "--table-size", "3", "--top-tables", "1", "--format", "csv"]) == 0
    printed = capsys.readouterr()
    rows = list(csv.DictReader(io.StringIO(printed.out)))
    assert {r["Round"] for r in rows} == {"3"}
    assert sorted(r["Player"] for r in rows) == ["Ann", "Bo", "Cy", "Di", "Eve", "Fay"]
    # After round 2 Bo leads on 125, then Ann, Cy, Di and Eve on 100 (listed by name): table 1 seats Bo, Ann, Cy.
    assert sorted(r["Player"] for r in rows if r["Table"] == "1") == ["Ann", "Bo", "Cy"]
    assert "repeated pairs:" in printed.err


def test_seating_next_is_refused_for_a_system_without_rounds(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["seating", "--next", str(ROOT / "workbooks" / "gibbs-ladder.xlsx")]) == 1
    assert capsys.readouterr().err.startswith("xlscore: gibbs-ladder.xlsx is a gibbs workbook, which has no rounds")
    assert main(["seating", "--next", str(ROOT / "workbooks" / "gibbs-ladder.xlsx"), "--rounds", "2"]) == 2
