"""xlscore seating: text, CSV and JSON; one-line errors."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

from xlscore.cli import main

PLAYERS = [f"P{i}" for i in range(1, 17)]


def test_text_prints_the_rows_then_the_report(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["seating", "--rounds", "5", *PLAYERS]) == 0
    out = capsys.readouterr().out
    lines = out.splitlines()
    assert lines[0].split() == ["Round", "Table", "Seat", "Player", "Board"]
    assert len([line for line in lines[1:] if line.strip() and line.split()[0].isdigit()]) == 80
    assert "repeated pairs: 0 (the fewest possible is at least 0)" in out
    assert "built from the affine plane of order 4" in out


def test_csv_goes_to_stdout_and_the_report_to_stderr(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["seating", "--rounds", "2", "--table-size", "3", *PLAYERS[:9], "--format", "csv"]) == 0
    captured = capsys.readouterr()
    rows = [line.split(",") for line in captured.out.splitlines()]
    assert rows[0] == ["Round", "Table", "Seat", "Player", "Board"]
    assert Counter(r[0] for r in rows[1:]) == {"1": 9, "2": 9}
    assert all(r[4] == f"R{r[0]} T{r[1]}" for r in rows[1:])
    assert captured.err.startswith("repeated pairs: 0")


def test_json_holds_rows_and_quality(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    avoid = tmp_path / "avoid.csv"
    avoid.write_text("player,other\nP1,P2\n")
    assert (
        main(["seating", "--rounds", "3", *PLAYERS[:8], "--avoid", str(avoid), "--fixed", "P5=2", "--format", "json"])
        == 0
    )
    data = json.loads(capsys.readouterr().out)
    assert {r["Table"] for r in data["rows"] if r["Player"] == "P5"} == {2}
    together = {(r["Round"], r["Table"]) for r in data["rows"] if r["Player"] == "P1"} & {
        (r["Round"], r["Table"]) for r in data["rows"] if r["Player"] == "P2"
    }
    assert together == set()
    assert set(data["quality"]) >= {"repeats", "repeats_lower_bound", "seat_repeats", "optimal"}


def test_players_from_a_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    players = tmp_path / "players.csv"
    players.write_text("player,club\n" + "".join(f"{p},X\n" for p in PLAYERS[:12]))
    assert main(["seating", "--rounds", "1", "--players-file", str(players), "--format", "csv"]) == 0
    assert len(capsys.readouterr().out.splitlines()) == 13


def test_bad_input_is_one_line_exit_1_and_bad_usage_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["seating", "--rounds", "2", "A", "B", "C", "D", "E"]) == 1
    err = capsys.readouterr().err
    assert err.startswith("xlscore: players has 5 names; tables of 4 and 3 cannot seat 5")
    assert len(err.splitlines()) == 1
    assert main(["seating", "--rounds", "2", *PLAYERS, "--fixed", "P1"]) == 2
    assert "--fixed 'P1': expected NAME=TABLE" in capsys.readouterr().err


def test_seconds_search_longer_and_a_bad_time_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    # A 6th round of 16 at tables of 4: 6 x 3 = 18 opponents of 15 each, so at least 16 x 3 / 2 = 24 repeats; a
    # search given time stops as soon as it has them.
    assert main(["seating", "--rounds", "6", "--seconds", "30", *PLAYERS, "--format", "csv"]) == 0
    assert capsys.readouterr().err.startswith("repeated pairs: 24 (the fewest possible is at least 24)")
    # A bad option value is a usage error naming the option as typed (issue 35): exit status 2, click's own lines.
    assert main(["seating", "--rounds", "6", "--seconds", "0", *PLAYERS]) == 2
    err = capsys.readouterr().err
    assert err.endswith(
        "Error: Invalid value for '--seconds': 0.0; expected a number of seconds above 0, at most 3600\n"
    )


def test_last_round_by_the_standings_after_the_history(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    history = tmp_path / "history.csv"
    history.write_text("round,table,player\n1,1,P1\n1,1,P2\n1,1,P3\n1,1,P4\n")
    standings = "P9,P10,P11,P12,P1"
    argv = ["seating", "--rounds", "1", *PLAYERS, "--history", str(history), "--top-table", standings]
    assert main([*argv, "--format", "json"]) == 0
    data = json.loads(capsys.readouterr().out)
    rows = data["rows"]
    assert {r["Player"] for r in rows if r["Table"] == 1} == {"P9", "P10", "P11", "P12"}
    # The history's table of four is split over tables 2 to 4: two of them must share one, one repeat, no more.
    shared = [len({r["Player"] for r in rows if r["Table"] == t} & {"P1", "P2", "P3", "P4"}) for t in (2, 3, 4)]
    assert sorted(shared) == [1, 1, 2]
    assert data["quality"]["repeats"] == 1


def test_byes_leave_the_table_and_seat_blank(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["seating", "--rounds", "2", *PLAYERS[:10], "--byes", "--format", "csv"]) == 0
    rows = [line.split(",") for line in capsys.readouterr().out.splitlines()[1:]]
    # 10 players in tables of 4: 2 full tables, 2 players out each round, nobody out twice in 2 rounds.
    out = [r[3] for r in rows if r[1] == "" and r[2] == ""]
    assert len(out) == 4
    assert len(set(out)) == 4
    assert all(r[4] == "" for r in rows if r[1] == "")  # no board for a player who sits the round out


def test_a_seatings_own_csv_is_a_history_that_keeps_its_pairs_apart(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # The board column agrees with round and table, so the rows read back as the same 4 tables: 24 pairs.
    history = tmp_path / "round1.csv"
    assert main(["seating", "--rounds", "1", *PLAYERS, "-o", str(history)]) == 0
    capsys.readouterr()
    assert main(["seating", "--rounds", "1", *PLAYERS, "--history", str(history), "--format", "json"]) == 0
    data = json.loads(capsys.readouterr().out)
    before: dict[str, set[str]] = {}
    for line in history.read_text().splitlines()[1:]:
        _round, _table, _seat, player, board = line.split(",")
        before.setdefault(board, set()).add(player)
    assert len(before) == 4
    assert data["quality"]["repeats"] == 0
    for table in (1, 2, 3, 4):
        seated = {r["Player"] for r in data["rows"] if r["Table"] == table}
        assert all(len(seated & old) <= 1 for old in before.values())


@pytest.mark.parametrize("tables", [("1", "2"), ("1", "1")])
def test_one_player_fixed_twice_is_refused(capsys: pytest.CaptureFixture[str], tables: tuple[str, str]) -> None:
    # Before issue 32 the last --fixed silently won; a coordinator who typed two tables meant one of them.
    first, second = tables
    assert main(["seating", "--rounds", "2", *PLAYERS, "--fixed", f"P1={first}", "--fixed", f"P1={second}"]) == 2
    err = capsys.readouterr().err
    assert f"'P1' is already fixed at table {first}" in err
    assert "Traceback" not in err
