"""Where an event's results table's whole-column (numpy) path starts to pay, numpy's loading included.

    python benchmarks/bench_bulk_choice.py [--rows 1000 2000 4000 8000] [--repeat 3]

For each size, in fresh processes (numpy not loaded, as ``xlscore standings`` starts), the processor seconds
(``time.process_time``) of the RPLOPS and the Size Matters standings of a random event in rounds, once row by row
and once over whole columns (loading numpy inside the timing), the best of ``--repeat`` runs, and their ratio: the
break-even is where it crosses 1. :data:`xlscore.core.events.bulk_choice.RESULTS_ROWS` is set from this. Each line
ends with the machine's load (1, 5 and 15 minutes). Nothing here is timed in the tests.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
from pathlib import Path

_CHILD = """
import random, sys, time
sys.path[:0] = [{root!r}, {here!r}]
from bench_rounds import rplops_event, size_matters_event
from xlscore import rplops_standings, size_matters_standings
from xlscore.core.events import bulk_choice
system, rows, bulk = sys.argv[1], int(sys.argv[2]), sys.argv[3] == "bulk"
bulk_choice.RESULTS_ROWS = 0 if bulk else 10**9
chosen = {{"rplops": (rplops_event, rplops_standings), "size_matters": (size_matters_event, size_matters_standings)}}
make, standings = chosen[system]
players = {{"rplops": 4, "size_matters": 7}}[system] * 10
event = make(players, max(1, rows // players), random.Random(1))
assert "numpy" not in sys.modules
start = time.process_time()
standings(event)
print(time.process_time() - start)
"""


def timed(system: str, rows: int, path: str, repeat: int) -> float:
    here = Path(__file__).resolve().parent
    code = _CHILD.format(root=str(here.parent), here=str(here))
    runs = [
        subprocess.run(
            [sys.executable, "-c", code, system, str(rows), path], capture_output=True, text=True, check=True
        )
        for _ in range(repeat)
    ]
    return min(float(run.stdout) for run in runs)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rows", type=int, nargs="+", default=[1000, 2000, 4000, 8000])
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    for system in ("rplops", "size_matters"):
        for rows in args.rows:
            by_rows, bulk = (timed(system, rows, path, args.repeat) for path in ("rows", "bulk"))
            load = " ".join(f"{x:.1f}" for x in os.getloadavg())
            print(
                f"{system:13} {rows:6} rows: row by row {by_rows:.3f} s, whole columns {bulk:.3f} s, "
                f"ratio {bulk / by_rows:.2f} (load {load})"
            )


if __name__ == "__main__":
    main()
