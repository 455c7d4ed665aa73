"""Recalculate a workbook with the ``formulas`` engine alone (the peer of bench_templates.py), as its documentation
shows: load, compile, calculate, write.

    python benchmarks/formulas_recalc.py IN.xlsx OUT.xlsx

``formulas`` writes the computed workbook with its sheets' names in upper case and values only; this script writes
it to OUT.xlsx. Run as a child of the benchmark, so that its time and peak memory are its own.
"""

from __future__ import annotations

import shutil
import sys
import tempfile
from pathlib import Path

import formulas


def main(source: str, target: str) -> None:
    model = formulas.ExcelModel().loads(source).finish()
    solution = model.calculate()
    with tempfile.TemporaryDirectory() as folder:
        written = model.write(solution=solution, dirpath=folder)
        (book,) = written  # one workbook in, one out, under its name in upper case
        shutil.move(str(Path(folder) / book), target)


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
