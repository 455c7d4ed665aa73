"""Rounds against the plain standings, in the same run: standings by round, the next round's seating, and what
typing a result costs a template's recalculation with the round machinery in use.

    python benchmarks/bench_rounds.py [--players 500] [--rounds 10] [--repeat 5] [--seed 1] [--book-rows 2000]

Each event is random: every round the players shuffled into RPLOPS tables of 4 (places 1 to 4), and into Size
Matters boards of 7 (a 4-way draw, its seats shuffled). Printed, the best of ``--repeat`` runs each, in processor
seconds (``time.process_time``):

* per system, the plain standings' time (the peer), the standings by round's, and their ratio. By round reads the
  table once and ranks it once per round, so the ratio is about the number of rounds at most;
* the next round's seating of the RPLOPS event (``next_round``: round N + 1 from the standings after round N and
  every earlier meeting, tables of 4) against the same plain standings;
* a template's recalculation (``xlscore recalc``'s engine, nothing written) with ``--book-rows`` results in rounds:
  the RPLOPS, Size Matters and Diplomacy templates as built now (Puffing Billy's, whose Boards table holds 300
  rows, with as many), once with every row's round typed (the round machinery in use: the Round column, and the
  Players sheet filled) and once the same rows with the round column left blank and no players (one round, as
  every workbook before rounds), and their ratio: how much slower typing a result makes the sheet to recompute
  (the issue's bound is 2x). Printed for the whole recalculation (reading the book, then computing it) and for
  the computing alone (what typing a result costs a sheet already open).

``--write-books DIR`` only writes those books (SYSTEM-one-round.xlsx, SYSTEM-rounds.xlsx), to time ``xlscore recalc``
on each as a whole process. Each line of figures ends with the machine's load (``os.getloadavg()``, 1, 5 and 15
minutes): on a shared machine the ratios, each against a peer in the same run, are what to quote. Nothing here is
timed in the tests.
"""

from __future__ import annotations

import argparse
import os
import random
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from xlscore import rplops_standings, rplops_standings_by_round, size_matters_standings
from xlscore import size_matters_standings_by_round as sm_by_round
from xlscore.core.seating.next_round import next_round


def rplops_event(players: int, rounds: int, rng: random.Random) -> list[list[object]]:
    rows: list[list[object]] = [["round", "game", "player", "place"]]
    names = [f"P{i}" for i in range(players - players % 4)]
    for round_ in range(1, rounds + 1):
        rng.shuffle(names)
        for start in range(0, len(names), 4):
            for place, player in enumerate(names[start : start + 4], start=1):
                rows.append([round_, f"T{start // 4 + 1}", player, place])
    return rows


def size_matters_event(players: int, rounds: int, rng: random.Random) -> list[list[object]]:
    rows: list[list[object]] = [["round", "board", "player", "centres"]]
    names = [f"P{i}" for i in range(players - players % 7)]
    for round_ in range(1, rounds + 1):
        rng.shuffle(names)
        for start in range(0, len(names), 7):
            centres = [10, 8, 8, 8, 0, 0, 0]
            rng.shuffle(centres)
            for player, count in zip(names[start : start + 7], centres, strict=True):
                rows.append([round_, start // 7 + 1, player, count])
    return rows


def best_of(repeat: int, call: Callable[[], Any]) -> float:
    """The least processor time (this process's, every thread's) of ``repeat`` calls: on a machine shared with other
    work, the wall clock counts their time too."""
    times = []
    for _ in range(repeat):
        start = time.process_time()
        call()
        times.append(time.process_time() - start)
    return min(times)


def load() -> str:
    """The machine's load average over 1, 5 and 15 minutes, as printed beside each line of figures."""
    return "load " + " ".join(f"{v:.2f}" for v in os.getloadavg())


def next_round_line(event: list[list[object]], rounds: int, repeat: int) -> str:
    """The next round's seating of ``event`` (tables of 4) against its plain standings, in this run."""
    ranked = [row.player for row in rplops_standings(event)]
    alone = best_of(repeat, lambda: rplops_standings(event))
    seated = best_of(repeat, lambda: next_round(ranked, event, rounds + 1, 4))
    return f"{'next round':<14}{len(ranked):>8}{alone:>14.3f}{seated:>13.3f}{seated / alone:>8.1f}  {load()}"


def template_rows(columns: Sequence[str], event: list[list[object]], rounds: bool) -> list[list[object]]:
    """``event``'s rows (round, game or board, player, place or centres) as a template's results table takes them,
    by its columns' names: games named by round and table (R3 T2) in both cases, a board's powers in seat order;
    the round left blank without ``rounds``, and the boards then numbered across the event."""
    from xlscore.core.systems.diplomacy.board import POWER_NAMES

    header = [str(h) for h in event[0]]
    rows: list[list[object]] = []
    seats: dict[tuple[object, object], int] = {}
    boards: dict[tuple[object, object], int] = {}
    for row in event[1:]:
        found = dict(zip(header, row, strict=True))
        table = found.get("game", found.get("board"))
        found["game"] = f"R{found['round']} {table}"
        seat = seats[found["round"], table] = seats.get((found["round"], table), -1) + 1
        found["power"] = POWER_NAMES[seat % len(POWER_NAMES)]
        if not rounds:  # one round: a board's number is its own across the event
            found["board"] = boards.setdefault((found.pop("round"), table), len(boards) + 1)
        rows.append([found.get(name) for name in columns])
    return rows


PB_ROWS = 300
"""The rows of Puffing Billy's Boards table, which its template does not resize."""


def pb_rows(columns: Sequence[str], event: list[list[object]], rounds: bool) -> list[list[object]]:
    """``event``'s rows (round, game, player, place) as Puffing Billy's Boards table takes them: one game (Empire
    Builder), its boards named by round and table, each place's money; the round left blank without ``rounds``."""
    rows = []
    for row in template_rows(["round", "game", "player", "place"], event, True)[:PB_ROWS]:
        found = dict(zip(["round", "board", "player", "place"], row, strict=True))
        found.update(game="Empire Builder", money=(6 - int(str(found["place"]))) * 30_000)
        if not rounds:
            found["round"] = None
        rows.append([found.get(name) for name in columns])
    return rows


def built_book(module: Any, system: str, rows: list[list[object]]) -> Any:
    """``module``'s template built empty and filled with ``rows``: through ``build`` where it takes results, else
    typed into its input table (Puffing Billy's Boards)."""
    if system != "puffing-billy":
        return module.build(False, rows=len(rows), results=rows)
    built = module.build(False)
    for number, row in enumerate(rows, start=2):
        for column, value in enumerate(row, start=1):
            built.workbook["Boards"].cell(number, column, value)
    return built


def template_books(system: str, event: list[list[object]], folder: Path) -> tuple[Path, Path]:
    """``system``'s template filled with ``event`` twice in ``folder``: as one round (SYSTEM-one-round.xlsx) and in
    rounds (SYSTEM-rounds.xlsx, its players table filled where it has one), each checked free of error cells."""
    from xlscore.engine.evaluation.recalc import recalculate
    from xlscore.excel.templates import template

    module: Any = template(system)
    columns = [column.name for column in module.COLUMNS]
    paths = []
    for rounds in (False, True):
        rows = (pb_rows if system == "puffing-billy" else template_rows)(columns, event, rounds)
        built = built_book(module, system, rows)
        if system == "diplomacy":
            built.workbook["Settings"]["B1"] = "Sum of Squares"  # centres alone: no year to make up
        if rounds and "Players" in built.workbook.sheetnames:  # the players table, every result checked against it
            for row, player in enumerate(sorted({str(r[columns.index("player")]) for r in rows}), start=2):
                built.workbook["Players"].cell(row, 1, player)
        path = folder / f"{system}-{'rounds' if rounds else 'one-round'}.xlsx"
        built.save(path)
        errors = len(recalculate(path).errors)
        if errors:
            raise SystemExit(f"{path.name}: {errors} cells in error; the benchmark's rows are wrong")
        paths.append(path)
    return paths[0], paths[1]


def computing(repeat: int, path: Path) -> float:
    """The least processor time of ``repeat`` computations of the book at ``path``, each of a book read afresh (not
    counted): what typing a result costs a sheet already open."""
    from xlscore.engine.evaluation.engine import evaluate
    from xlscore.engine.files.book import read_book

    times = []
    for _ in range(repeat):
        book = read_book(path)
        start = time.process_time()
        evaluate(book)
        times.append(time.process_time() - start)
    return min(times)


SYSTEMS = {"rplops": "RPLOPS", "size-matters": "Size Matters", "diplomacy": "Diplomacy", "puffing-billy": "P. Billy"}


def recalc_line(system: str, event: list[list[object]], repeat: int) -> str:
    """A template's recalculation with its rows in rounds (and its players table) against the same rows as one
    round, without players: the time of each and their ratio, for the whole recalculation and the computing alone."""
    from xlscore.engine.evaluation.recalc import recalculate

    with tempfile.TemporaryDirectory(prefix="xlscore-bench-rounds-") as folder:
        books = template_books(system, event, Path(folder))
        one, many = (best_of(repeat, lambda: recalculate(path)) for path in books)  # noqa: B023  # called at once
        alone, in_rounds = (computing(repeat, path) for path in books)
        rows = len(built_rows(books[1]))
    return (
        f"{SYSTEMS[system]:<14}{rows:>8}{one:>14.3f}{many:>13.3f}{many / one:>8.2f}"
        f"{alone:>12.3f}{in_rounds:>12.3f}{in_rounds / alone:>8.2f}  {load()}"
    )


def built_rows(path: Path) -> list[int]:
    """The sheet rows of the results table that hold a player (the book's results, as the benchmark filled it)."""
    from openpyxl import load_workbook

    book = load_workbook(path, read_only=True)
    sheet = book[next(n for n in ("Results", "Games", "Boards") if n in book.sheetnames)]
    header = [str(c).casefold() for c in next(sheet.iter_rows(max_row=1, values_only=True))]
    at = header.index("player")
    found = [n for n, row in enumerate(sheet.iter_rows(min_row=2, values_only=True), 2) if row[at] is not None]
    book.close()
    return found


def template_events(book_rows: int, rounds: int, seed: int) -> list[tuple[str, list[list[object]]]]:
    """Each template's event of about ``book_rows`` results in ``rounds`` rounds (Puffing Billy's: 300 at most)."""
    players = max(7, book_rows // rounds)
    pb_players = max(4, min(players, PB_ROWS // rounds))
    return [
        ("rplops", rplops_event(players, rounds, random.Random(seed))),
        ("size-matters", size_matters_event(players, rounds, random.Random(seed))),
        ("diplomacy", size_matters_event(players, rounds, random.Random(seed))),
        ("puffing-billy", rplops_event(pb_players, rounds, random.Random(seed))),
    ]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=500)
    parser.add_argument("--rounds", type=int, default=10)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--book-rows", type=int, default=2000, help="results in each template recalculated (0: none)")
    parser.add_argument(
        "--write-books",
        type=Path,
        metavar="DIR",
        help="only write the templates' books (one round and in rounds) into DIR, to time xlscore recalc on them",
    )
    args = parser.parse_args()
    if args.write_books is not None:
        for system, event in template_events(args.book_rows, args.rounds, args.seed):
            template_books(system, event, args.write_books)
        return
    rng = random.Random(args.seed)
    rplops = rplops_event(args.players, args.rounds, rng)
    cases = (
        ("RPLOPS", rplops, rplops_standings, rplops_standings_by_round),
        ("Size Matters", size_matters_event(args.players, args.rounds, rng), size_matters_standings, sm_by_round),
    )
    print(f"{args.players} players, {args.rounds} rounds; best of {args.repeat}")
    print(f"{'system':<14}{'rows':>8}{'standings s':>14}{'by round s':>13}{'ratio':>8}")
    for name, event, plain, by_round in cases:
        alone = best_of(args.repeat, lambda: plain(event))  # noqa: B023  # called at once, in this iteration
        rounds = best_of(args.repeat, lambda: by_round(event))  # noqa: B023
        print(f"{name:<14}{len(event) - 1:>8}{alone:>14.3f}{rounds:>13.3f}{rounds / alone:>8.1f}  {load()}")
    print(f"{'':<14}{'players':>8}{'standings s':>14}{'seating s':>13}{'ratio':>8}")
    print(next_round_line(rplops, args.rounds, args.repeat))
    if args.book_rows:
        print(f"{'':<22}{'recalc: read and compute':>35}{'computing alone':>32}")
        print(
            f"{'template':<14}{'rows':>8}{'one round s':>14}{'in rounds s':>13}{'ratio':>8}"
            f"{'one round s':>12}{'in rounds s':>12}{'ratio':>8}"
        )
        for system, event in template_events(args.book_rows, args.rounds, args.seed):
            print(recalc_line(system, event, args.repeat))


if __name__ == "__main__":
    main()
