"""The Python-side cost of a spreadsheet call, against calling the core directly.

Run: python benchmarks/bench_udfs.py [--rows 100000] [--repeat 5]

Measures, in one run on this machine: one scalar call of RPLOPS through the xlwings layer (Excel-shaped inputs:
2-D lists of floats) against ``xlscore.rplops`` called directly; and one array call over a column of N ranks
against a Python loop of N direct core calls. Excel's own cost of crossing into Python (COM or Office.js) is not
included: see docs/reference/excel-errors.md and FACTS.md (about 0.47 ms a scalar call through Office.js).
"""

from __future__ import annotations

import argparse
import timeit

from xlscore import rplops
from xlscore.excel import udfs


def best(stmt: object, number: int, repeat: int) -> float:
    """Best time per call, in seconds."""
    assert callable(stmt)
    return min(timeit.repeat(stmt, number=number, repeat=repeat)) / number


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--rows", type=int, default=100_000)
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


if __name__ == "__main__":
    main()
