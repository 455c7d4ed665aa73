"""Seating's time and repeats against an older xlscore, both measured in one run on the same events.

    git worktree add /tmp/seating-old main      # the code to compare against, once
    python benchmarks/bench_seating_speed.py --old /tmp/seating-old [--cases 40x10x4,28x10x4] [--runs 3]

Each case is players x rounds x table size, seated with the default settings; run k uses seed k. Each run seats the
case in a child process per version, old and new in turn (A B A B ...), and times the call alone (CPU seconds of
the process, imports left out). Printed per case: the median time of each, new / old, and the repeated pairs and
seat repeats of each with the lower bound, summed over the runs (one seed is luck; several are the method). The
machine's load average is printed beside the figures: on a shared machine quote the ratios. Nothing here is
timed in the tests.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent

CHILD = """
import json, sys, time
from xlscore import seating
players, rounds, size = map(int, sys.argv[1].split("x"))
names = [f"P{i}" for i in range(players)]
started = time.process_time()
q = seating(names, rounds, size, seed=int(sys.argv[2])).quality
seconds = time.process_time() - started
print(json.dumps([seconds, q.repeats, q.repeats_lower_bound, q.seat_repeats, q.seat_repeats_lower_bound]))
"""


def measure(code: Path, case: str, seed: int) -> list[float]:
    """One seating of ``case`` by the xlscore in ``code``: seconds, repeats, bound, seat repeats, seat bound."""
    env = {**os.environ, "PYTHONPATH": str(code)}
    command = [sys.executable, "-c", CHILD, case, str(seed)]
    # The child runs in the checkout: "python -c" puts its own folder first on the path.
    done = subprocess.run(command, cwd=code, env=env, capture_output=True, text=True, check=True, timeout=1800)
    result: list[float] = json.loads(done.stdout.splitlines()[-1])
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--old", required=True, help="a checkout of the xlscore to compare against")
    parser.add_argument("--cases", default="40x10x4,28x10x4,1000x10x4,2000x10x4")
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    old = Path(args.old).resolve()
    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    print(
        f"{'case':>11} | {'old s':>7} {'new s':>7} {'new/old':>7} | {'repeats old':>11} {'new':>4} {'bound':>5} |"
        f" {'seat repeats old':>16} {'new':>5} {'bound':>5}"
    )
    for case in args.cases.split(","):
        runs: dict[str, list[list[float]]] = {"old": [], "new": []}
        for seed in range(args.runs):
            runs["old"].append(measure(old, case, seed))
            runs["new"].append(measure(HERE, case, seed))
        before = statistics.median(r[0] for r in runs["old"])
        after = statistics.median(r[0] for r in runs["new"])
        o, n = ([sum(r[i] for r in runs[k]) for i in range(5)] for k in ("old", "new"))
        print(
            f"{case:>11} | {before:>7.2f} {after:>7.2f} {after / before:>7.3f} | {o[1]:>11.0f} {n[1]:>4.0f} "
            f"{n[2]:>5.0f} | {o[3]:>16.0f} {n[3]:>5.0f} {n[4]:>5.0f}",
            flush=True,
        )
    print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
