"""The Python-side cost of a spreadsheet call, against calling the core directly.

Run: python benchmarks/bench_udfs.py [--rows 100000] [--games 10000] [--repeat 5]

Measures, in one run on this machine: one scalar call of RPLOPS through the xlwings layer (Excel-shaped inputs:
2-D lists of floats) against ``xlscore.rplops`` called directly; one array call over a column of N ranks
against a Python loop of N direct core calls; and one GIBBS_RATINGS call over a ladder of G four-player games (the
history as Excel sends a range: a header row, floats for numbers, text) against the core's DataFrame path,
``gibbs_ratings`` on the same history as a pandas DataFrame (the history of benchmarks/bench_gibbs.py). Targets:
a 10,000-game ladder recomputes in a formula in under 50 ms, and one array RPLOPS over 100,000 rows takes under
100 ms of Python. Excel's own cost of crossing into Python (COM or
Office.js) is not included: see docs/reference/excel-errors.md and FACTS.md (about 0.47 ms a scalar call through
Office.js).
"""

from __future__ import annotations

import argparse
import timeit

from bench_gibbs import make_history

from xlscore import rplops
from xlscore.core.systems.gibbs import gibbs_ratings
from xlscore.excel.functions import udfs

LADDER_TARGET_SECONDS = 0.05
ARRAY_TARGET_SECONDS = 0.1


def best(stmt: object, number: int, repeat: int) -> float:
    """Best time per call, in seconds."""
    assert callable(stmt)
    return min(timeit.repeat(stmt, number=number, repeat=repeat)) / number


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--rows", type=int, default=100_000)
    parser.add_argument("--games", type=int, default=10_000, help="games in the GIBBS_RATINGS ladder")
    parser.add_argument("--repeat", type=int, default=5)
    options = parser.parse_args()

    scalar_core = best(lambda: rplops(2, 5, 1, 50, 2), 20_000, options.repeat)
    scalar_udf = best(lambda: udfs.RPLOPS([[2.0]], [[5.0]], [[None]], [[None]], [[2.0]]), 20_000, options.repeat)
    n = options.rows
    ranks = [float(1 + i % 6) for i in range(n)]
    column = [[r] for r in ranks]
    array_core = best(lambda: [rplops(r, 6) for r in ranks], 1, options.repeat)
    array_udf = best(lambda: udfs.RPLOPS(column, [[6.0]]), 1, options.repeat)

    print(f"{'call':<34}{'xlscore layer':>16}{'core direct':>16}{'ratio':>8}")
    ratio = scalar_udf / scalar_core
    print(f"{'one scalar RPLOPS':<34}{scalar_udf * 1e6:>13.1f} us{scalar_core * 1e6:>13.1f} us{ratio:>8.2f}")
    label = f"one array RPLOPS over {n:,} rows"
    print(f"{label:<34}{array_udf * 1e3:>13.1f} ms{array_core * 1e3:>13.1f} ms{array_udf / array_core:>8.2f}")
    print(
        f"per row in the array call: {array_udf / n * 1e6:.2f} us; one scalar call per row would take "
        f"{scalar_udf * n:.2f} s in Python alone, {scalar_udf * n / array_udf:.1f}x the array call"
    )
    if n == 100_000:
        verdict = "met" if array_udf < ARRAY_TARGET_SECONDS else "MISSED"
        print(f"target: one array RPLOPS over 100,000 rows under {ARRAY_TARGET_SECONDS * 1e3:g} ms: {verdict}")

    frame = make_history(options.games).frame
    header: list[object] = ["game", "player", "place"]
    sheet = [header, *([float(g), p, float(place)] for g, p, place in frame.itertuples(index=False))]
    ladder_udf = best(lambda: udfs.GIBBS_RATINGS(sheet), 1, options.repeat)
    ladder_rows = best(lambda: gibbs_ratings(sheet), 1, options.repeat)
    ladder_frame = best(lambda: gibbs_ratings(frame), 1, options.repeat)
    print()
    print(f"{'call':<34}{'xlscore layer':>16}{'DataFrame core':>16}{'ratio':>8}")
    label = f"GIBBS_RATINGS, {options.games:,} games"
    print(f"{label:<34}{ladder_udf * 1e3:>13.1f} ms{ladder_frame * 1e3:>13.1f} ms{ladder_udf / ladder_frame:>8.2f}")
    label = "  of which the core from the rows"
    print(f"{label:<34}{ladder_rows * 1e3:>13.1f} ms{ladder_frame * 1e3:>13.1f} ms{ladder_rows / ladder_frame:>8.2f}")
    if options.games == 10_000:
        verdict = "met" if ladder_udf < LADDER_TARGET_SECONDS else "MISSED"
        print(f"target: a 10,000-game ladder in a formula under {LADDER_TARGET_SECONDS * 1e3:g} ms: {verdict}")


if __name__ == "__main__":
    main()
