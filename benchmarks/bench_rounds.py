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
* a template's recalculation (``xlscore recalc``'s engine, computing only) with ``--book-rows`` results in rounds:
  the RPLOPS and Diplomacy templates as built now, once with every row's round typed (the round machinery in use:
  a Round column where the template has one, and its players table filled where it has one) and once the same
  rows with the round column left blank and no players table (one round, as every workbook before rounds), and
  their ratio: how much slower typing a result makes the sheet to recompute (the issue's bound is 2x).

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


def template_books(system: str, event: list[list[object]], folder: Path) -> tuple[Path, Path]:
    """``system``'s template filled with ``event`` twice in ``folder``: as one round (SYSTEM-one-round.xlsx) and in
    rounds (SYSTEM-rounds.xlsx, its players table filled where it has one), each checked free of error cells."""
    from xlscore.engine.evaluation.recalc import recalculate
    from xlscore.excel.templates import template

    module: Any = template(system)
    columns = [column.name for column in module.COLUMNS]
    paths = []
    for rounds in (False, True):
        rows = template_rows(columns, event, rounds)
        built = module.build(False, rows=len(rows), results=rows)
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


def recalc_line(system: str, event: list[list[object]], repeat: int) -> str:
    """A template's recalculation with its rows in rounds (and its players table, where it has one) against the
    same rows as one round, without a players table: the time of each and the ratio."""
    from xlscore.engine.evaluation.recalc import recalculate

    with tempfile.TemporaryDirectory(prefix="xlscore-bench-rounds-") as folder:
        books = template_books(system, event, Path(folder))
        one, many = (best_of(repeat, lambda: recalculate(path)) for path in books)  # noqa: B023  # called at once
    named = "RPLOPS" if system == "rplops" else "Diplomacy"
    return f"{named + ' book':<14}{len(event) - 1:>8}{one:>14.3f}{many:>13.3f}{many / one:>8.2f}  {load()}"


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
        players = max(7, args.book_rows // args.rounds)
        template_books("rplops", rplops_event(players, args.rounds, random.Random(args.seed)), args.write_books)
        template_books(
            "diplomacy", size_matters_event(players, args.rounds, random.Random(args.seed)), args.write_books
        )
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
        players = max(7, args.book_rows // args.rounds)
        books = (
            ("rplops", rplops_event(players, args.rounds, random.Random(args.seed))),
            ("diplomacy", size_matters_event(players, args.rounds, random.Random(args.seed))),
        )
        print(f"{'template':<14}{'rows':>8}{'one round s':>14}{'in rounds s':>13}{'ratio':>8}")
        for system, event in books:
            print(recalc_line(system, event, args.repeat))


if __name__ == "__main__":
    main()
