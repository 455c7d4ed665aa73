"""Publishing a 2,000-row event against ``xlscore recalc`` of the same book, in one run (issue 31: at most 2x).

    python benchmarks/bench_publish.py [--rows 2000] [--repeat 3]

The RPLOPS event template is filled with a synthetic event of ``--rows`` result rows (games of 2 to 6 of 50
players, scores 0 to 12, from a fixed seed), then in this one process, alternately, ``--repeat`` times each:
``recalculate(book, out)`` (what ``xlscore recalc BOOK -o OUT`` runs) and ``publish(book, dir)`` (what ``xlscore
publish BOOK -o DIR`` runs: the same recalculation, the core's standings, the page). Prints the best time of each
and their ratio, publish / recalc.
"""

from __future__ import annotations

import argparse
import random
import tempfile
import time
from pathlib import Path

from xlscore.engine.evaluation.recalc import recalculate
from xlscore.excel.headless import register
from xlscore.excel.publish import publish
from xlscore.excel.publish.shown import _number  # its cache emptied: each run as a new process's
from xlscore.excel.templates import rplops_event


def event(rows: int, seed: int = 31) -> list[tuple[str | float | None, ...]]:
    chance = random.Random(seed)
    players = [f"Player {n}" for n in range(1, 51)]
    found: list[tuple[str | float | None, ...]] = []
    game = 0
    while len(found) < rows:
        game += 1
        size = min(chance.randint(2, 6), rows - len(found)) or 1
        for player in chance.sample(players, max(size, 2))[:size]:
            found.append((f"Game {game}", player, chance.randint(0, 12), None, 1.5))
    return found


def best(run: object, repeat: int) -> float:
    assert callable(run)
    times = []
    for _ in range(repeat):
        started = time.perf_counter()
        run()
        times.append(time.perf_counter() - started)
    return min(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rows", type=int, default=2000)
    parser.add_argument("--repeat", type=int, default=3)
    arguments = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="xlscore-bench-publish-") as folder:
        book = Path(folder) / "event.xlsx"
        rplops_event.build(rows=arguments.rows, results=event(arguments.rows)).save(book)
        register()
        recalc = best(lambda: recalculate(book, Path(folder) / "out.xlsx"), arguments.repeat)

        def cold() -> None:
            _number.cache_clear()
            publish(book, Path(folder) / "site")

        published = best(cold, arguments.repeat)
    print(f"{arguments.rows:,} result rows: recalc {recalc:.2f} s, publish {published:.2f} s")
    print(f"ratio publish / recalc: {published / recalc:.2f} (target: at most 2)")


if __name__ == "__main__":
    main()
