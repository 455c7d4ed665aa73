"""The command line: the schedule command, exit codes and one-line errors."""

from __future__ import annotations

import os
import sys
from itertools import combinations
from pathlib import Path

import pytest

from xlscore.cli import main

# The source's 4-player grid (seeds/004), slots in seat order, G1 to G7.
SOURCE_GRID = [[1, 2, 3, 4], [4, 5, 7, 2], [2, 6, 1, 5], [5, 4, 6, 3], [3, 7, 5, 1], [7, 1, 4, 6], [6, 3, 2, 7]]
PLAYERS = ["Ann", "Bo", "Cy", "Di", "Eve", "Fay", "Gus"]
ROOT = Path(__file__).resolve().parent.parent


def test_schedule_prints_the_sources_grid_with_names(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["schedule", *PLAYERS, "--csv"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "Game,Seat 1,Seat 2,Seat 3,Seat 4"
    games = [line.split(",")[1:] for line in lines[1:]]
    assert games == [[PLAYERS[slot - 1] for slot in game] for game in SOURCE_GRID]
    meetings = {pair: sum(set(pair) <= set(game) for game in games) for pair in combinations(PLAYERS, 2)}
    assert set(meetings.values()) == {2}


def test_schedule_of_a_season_names_every_game(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    leagues = tmp_path / "leagues.csv"
    rows = [(1, "A", slot, name) for slot, name in enumerate(PLAYERS, start=1)]
    rows += [(2, "A", slot, f"{name}2") for slot, name in enumerate(PLAYERS, start=1)]
    leagues.write_text("division,league,slot,player\n" + "".join(f"{d},{lg},{s},{p}\n" for d, lg, s, p in rows))
    assert main(["schedule", "--leagues", str(leagues), "--event", "AGR", "--season", "2", "--csv"]) == 0
    names = [line.split(",")[0] for line in capsys.readouterr().out.splitlines()[1:]]
    assert names[0] == "AGR S2 L1-A G1"
    assert names[-1] == "AGR S2 L2-A G7"
    assert len(set(names)) == 14


def test_bad_input_is_one_line_and_exit_1(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["schedule", "Ann", "Bo"]) == 1
    err = capsys.readouterr().err
    assert err == "xlscore: players has 2 players; expected a league of 7 or 8\n"


def test_unreadable_csv_is_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.csv"
    bad.write_bytes(b"\xff\xfe\x00bad")
    assert main(["schedule", "--leagues", str(bad), "--event", "AGR"]) == 1
    err = capsys.readouterr().err
    assert err.startswith("xlscore: ")
    assert "bad.csv is not a readable CSV table" in err
    assert err.count("\n") == 1


def test_usage_errors_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["schedule"]) == 2
    assert "give the league's players" in capsys.readouterr().err


def _season_with_returner(tmp_path: Path) -> Path:
    """The shipped season workbook with one more sign-up: Zed, who sat this season out."""
    import openpyxl

    from xlscore.excel.templates.league_season import SIGNUPS

    book = openpyxl.load_workbook(ROOT / "workbooks" / "meeple-league-season.xlsx")
    book["Next season"].cell(len(SIGNUPS) + 2, 1).value = "Zed"
    path = tmp_path / "season.xlsx"
    book.save(path)
    return path


def _seat(out: str, player: str) -> dict[str, str]:
    lines = out.splitlines()
    header = lines[0].split(",")
    return next(dict(zip(header, line.split(","), strict=True)) for line in lines[1:] if f",{player}," in line)


def test_next_season_seats_a_returning_player_by_the_history(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    season = _season_with_returner(tmp_path)
    assert main(["league", "next-season", str(season), "--csv"]) == 0
    alone = _seat(capsys.readouterr().out, "Zed")
    assert alone["Status"] == "new"  # this season's workbook alone does not know Zed
    history = tmp_path / "past.csv"
    history.write_text("season,division,league,place,player,league_points\n1,1,A,2,Zed,24\n")
    assert main(["league", "next-season", str(season), "--history", str(history), "--csv"]) == 0
    returning = _seat(capsys.readouterr().out, "Zed")
    assert returning["Status"] == "returning"
    assert int(returning["Seed"]) < int(alone["Seed"])


def test_next_season_refuses_a_workbook_of_another_system(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["league", "next-season", str(ROOT / "workbooks" / "rplops-event.xlsx")]) == 1
    assert "is not a Meeple League season workbook" in capsys.readouterr().err


def test_new_refuses_an_existing_file_unless_forced(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    filled = tmp_path / "event.xlsx"
    filled.write_bytes(b"a filled workbook")
    assert main(["new", "rplops", str(filled)]) == 1
    assert "already exists; give --force" in capsys.readouterr().err
    assert filled.read_bytes() == b"a filled workbook"
    assert main(["new", "rplops", str(filled), "--force"]) == 0
    assert filled.read_bytes()[:2] == b"PK"


def test_written_files_keep_their_mode_and_a_missing_folder_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    import os

    book = tmp_path / "event.xlsx"
    assert main(["new", "rplops", str(book)]) == 0
    os.chmod(book, 0o664)
    assert main(["recalc", str(book), "--in-place"]) == 0
    assert os.stat(book).st_mode & 0o777 == 0o664
    capsys.readouterr()
    assert main(["recalc", str(book), "-o", str(tmp_path / "missing" / "out.xlsx")]) == 1
    err = capsys.readouterr().err.strip().splitlines()
    missing = tmp_path / "missing"
    assert err == [f"xlscore: cannot write {missing / 'out.xlsx'}: the folder {missing} does not exist"]


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are POSIX")
@pytest.mark.parametrize("kind", ["device", "pipe", "folder"])
def test_every_file_read_is_a_regular_file_or_one_line(
    kind: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    season = str(ROOT / "workbooks" / "meeple-league-season.xlsx")
    odd = tmp_path / "odd"
    if kind == "device":
        odd = Path("/dev/zero")
    elif kind == "pipe":
        os.mkfifo(odd)
    else:
        odd.mkdir()
    calls = [
        ["league", "next-season", season, "--history", str(odd)],
        ["schedule", "--leagues", str(odd), "--event", "AGR"],
        ["league", "next-season", str(odd)],
        ["recalc", str(odd), "-o", str(tmp_path / "out.xlsx")],
        ["export", str(odd)],
        ["standings", str(odd)] if kind != "folder" else ["standings", str(odd / "x.xlsx")],
    ]
    for call in calls:
        assert main(call) == 1, call
        err = capsys.readouterr().err
        assert err.startswith(f"xlscore: {odd}"), call
        assert err.count("\n") == 1, call


def test_a_message_quoting_a_value_cuts_it_to_one_readable_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    import openpyxl

    from tests.engine import hostile

    longest = 32_767  # the most characters an Excel cell holds
    sheet = "xl/worksheets/sheet1.xml"

    def book(name: str, **parts: bytes) -> str:
        return str(hostile.write_zip(tmp_path / name, {**hostile.minimal_parts(), **parts}))

    damaged = book(
        "damaged.xlsx", **{sheet: hostile.sheet_of(b'<row r="1"><c r="A1"><v>' + b"9" * longest + b"x</v></c></row>")}
    )
    saved = book(
        "saved.xlsx",
        **{sheet: hostile.sheet_of(b'<row r="1"><c r="A1" t="str"><f>1+1</f><v>' + b"x" * longest + b"</v></c></row>")},
    )
    named = book(
        "named.xlsx", **{"xl/workbook.xml": hostile.workbook_xml(("S" * 5_000, "rId1"), ("s" * 5_000, "rId2"))}
    )
    ladder = openpyxl.load_workbook(ROOT / "workbooks" / "gibbs-ladder.xlsx")
    ladder["Settings"]["B2"] = "k" * longest
    ladder.save(tmp_path / "ladder.xlsx")
    calls = [
        (["recalc", damaged, "--check"], 1, "Results!A1 holds '99999"),
        (["recalc", saved, "--check"], 1, "Results!A1: saved 'xxxxx"),
        (["export", saved, "--name", "n" * longest], 1, "has no table, named range or sheet 'NNNNN"),
        (["recalc", named, "--check"], 1, "it has two sheets named 'sssss"),
        (["standings", str(tmp_path / "ladder.xlsx")], 1, "Settings!B2 (K2) is 'kkkkk"),
    ]
    for call, status, start in calls:
        assert main(call) == status, call
        printed = capsys.readouterr()
        lines = [line for line in (printed.out + printed.err).splitlines() if "computed" not in line or "saved" in line]
        assert any(start in line for line in lines), (call, lines)
        assert all(len(line) < 300 for line in lines), (call, [len(line) for line in lines])


def test_every_table_command_takes_format_and_output(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    import json

    season = str(ROOT / "workbooks" / "meeple-league-season.xlsx")
    event = str(ROOT / "workbooks" / "rplops-event.xlsx")
    calls = {
        "standings": ["standings", event],
        "export": ["export", event, "--name", "Standings"],
        "schedule": ["schedule", *PLAYERS],
        "next-season": ["league", "next-season", season],
    }
    for name, call in calls.items():
        assert main([*call, "--format", "json"]) == 0, name
        printed = json.loads(capsys.readouterr().out)
        assert isinstance(printed, list), name
        assert printed, name
        target = tmp_path / f"{name}.json"
        assert main([*call, "-o", str(target)]) == 0, name  # the suffix names the format
        assert json.loads(target.read_text()) == printed, name
        assert capsys.readouterr().err == f"wrote {target}\n"
        assert main([*call, "-o", str(tmp_path / f"{name}.csv")]) == 0, name
        assert (tmp_path / f"{name}.csv").read_text().count("\n") == len(printed) + 1, name


def test_several_tables_in_json_are_one_document_and_csv_numbers_are_as_shown(
    capsys: pytest.CaptureFixture[str],
) -> None:
    import json

    books = [str(ROOT / "workbooks" / "rplops-event.xlsx"), str(ROOT / "workbooks" / "size-matters-tournament.xlsx")]
    assert main(["standings", *books, "--format", "json"]) == 0
    document = json.loads(capsys.readouterr().out)
    assert list(document) == ["rplops-event.xlsx (rplops)", "size-matters-tournament.xlsx (size-matters)"]
    # Cy: 2 games over 3 hours (guide step 4): whole numbers as the table shows them, not 2.0 and 3.0.
    assert document["rplops-event.xlsx (rplops)"][0] | {"Points": 0} == {
        "Place": 1,
        "Player": "Cy",
        "Games": 2,
        "Hours": 3,
        "Points": 0,
        "Points per game": pytest.approx(104.16666666666667),
        "Points per hour": pytest.approx(69.44444444444444),
        "Decided by": "",  # the template's standings say what split a tie; Cy's 1st place is by points alone
    }
    assert main(["standings", books[0], "--format", "csv"]) == 0
    assert capsys.readouterr().out.splitlines()[1].startswith("1,Cy,2,3,208.3333")
    assert main(["export", books[0], "--name", "Results", "--name", "Standings", "--format", "json"]) == 0
    assert list(json.loads(capsys.readouterr().out)) == ["RESULTS", "STANDINGS"]


def test_export_without_a_name_includes_the_standings(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["export", str(ROOT / "workbooks" / "rplops-event.xlsx")]) == 0
    out = capsys.readouterr().out
    assert "== RESULTS ==" in out
    assert "== STANDINGS ==" in out


def test_standings_of_an_empty_template_show_the_header_and_say_so(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    book = tmp_path / "empty.xlsx"
    assert main(["new", "rplops", str(book), "--empty"]) == 0
    capsys.readouterr()
    assert main(["standings", str(book)]) == 0
    printed = capsys.readouterr()
    assert printed.out == "Place  Player  Games  Hours  Points  Points per game  Points per hour  Decided by\n"
    assert printed.err == "xlscore: warning: empty.xlsx has no results yet: its standings are empty\n"


def test_exit_status_1_for_bad_input_2_for_usage_and_help_says_so(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["standings", "/nonexistent/book.xlsx"]) == 1
    assert main(["standings", "--no-such-option", "x"]) == 2
    assert main(["schedule", *PLAYERS, "--csv", "--format", "json"]) == 2
    capsys.readouterr()
    assert main(["--help"]) == 0
    assert "Exit status: 0 done; 1 bad input" in capsys.readouterr().out


def test_examples_cover_all_five_systems(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["examples"]) == 0
    out = capsys.readouterr().out
    for system in ("RPLOPS", "Puffing Billy", "Size Matters", "Gibbs ranking points", "Meeple League"):
        assert f"\n{system}" in f"\n{out}", system
    # The published figures: Gibbs' newcomer winner 1500 + 0.08 x 503 x 3/4; the league's 10 and a tie's 4.5.
    assert "place 1   1530.18" in out
    assert "places 1, 2, 3, 4:     10  6  3  1" in out
    assert "a tie for 2nd and 3rd: 4.5 each" in out
    assert "G1  Ann   Bo    Cy    Di" in out  # the source's grid: G1 seats slots 1, 2, 3, 4


def test_shell_completion_works() -> None:
    import subprocess
    import sys

    env = {**os.environ, "_XLSCORE_COMPLETE": "bash_complete", "COMP_WORDS": "xlscore sta", "COMP_CWORD": "1"}
    done = subprocess.run(
        [sys.executable, "-m", "xlscore"], capture_output=True, text=True, env=env, cwd=ROOT, timeout=60, check=False
    )
    assert done.stdout.split() == ["plain,standings"]


def test_long_work_shows_progress_on_a_terminal_and_nothing_when_piped(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    season = str(ROOT / "workbooks" / "meeple-league-season.xlsx")
    calls = {
        "export": ["export", str(ROOT / "workbooks" / "rplops-event.xlsx"), "--name", "Standings"],
        "next-season": ["league", "next-season", season],
        "seating": ["seating", "--rounds", "2", *[f"P{i}" for i in range(1, 9)]],
    }
    shown = {"export": "computing", "next-season": "xlscore: reading", "seating": "xlscore: seating 8 players"}
    for name, call in calls.items():
        assert main(call) == 0, name
        assert shown[name] not in capsys.readouterr().err, name  # piped: no progress
    monkeypatch.setattr(sys.stderr, "isatty", lambda: True)
    for name, call in calls.items():
        assert main(call) == 0, name
        assert shown[name] in capsys.readouterr().err, name
