"""Fuzz every spreadsheet function through the one wrapper every host calls, for as long as asked.

    python benchmarks/fuzz_edge.py [--seconds 300] [--seed 1] [--show 5]

The long run of the fast checks in tests/excel/functions/test_catalogue.py and tests/core/test_any_input.py. For
each function of the catalogue in turn, ``call_cells`` gets arguments shaped the way a sheet sends them: each is
either the function's documented example with a few of its cells changed (a value replaced, a row dropped or
repeated, a header renamed or blanked, a row cut short) or made up whole (one cell, a row, a column or a block).
A cell holds what a cell can: a blank, a text (a name, a header, spaces, a formula-like text), an error code, a
logical, a whole or fractional number from 5e-324 to 1.8e308; and, as a script may send them, NaN and infinities.

It counts the calls, the results that are values and those that are cell errors, and the failures, each of which
must be 0: an exception escaping ``call_cells`` (only an XlscoreError may become a cell error; anything else is
a bug), a NaN or infinity in a result, and a call that takes over a second on an input of under 1,000 cells. The
first few failures are printed with their arguments. Exits 1 if there is any.
"""

from __future__ import annotations

import math
import random
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import fuzzing
from fuzzing import Failures, Summary

from xlscore.excel.functions.catalogue import CATALOGUE, Argument, Cells, SheetFunction
from xlscore.excel.functions.cells import CellError, flatten
from xlscore.excel.functions.edge import call_cells

SLOW_SECONDS = 1.0
SMALL_INPUT = 1_000  # cells

NAMES = ("Ann", "Bo", "Cy", "Di", "Eve", "Fay", "Gus", "Hal", "", "  ", "=1+1", "-", "Ann ")
HEADERS = (
    "game", "player", "score", "place", "rank", "hours", "board", "centres", "money", "division", "league",
    "slot", "season", "players", "points", "league_points", "team", "kind", "x", "",
)  # fmt: skip
ERRORS = ("#N/A", "#VALUE!", "#DIV/0!", "#REF!", "#NAME?", "#NUM!", "#NULL!")
NUMBERS = (0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 7.0, 8.0, 0.5, 2.5, -1.0, -0.0, 1e9, 1e15, 1e16, 5e-324, 1.79e308, -1.79e308)


def scalar(rng: random.Random) -> Any:
    """One cell's value."""
    pick = rng.random()
    if pick < 0.35:
        return float(rng.randint(0, 12))
    if pick < 0.5:
        return rng.choice(NUMBERS)
    if pick < 0.6:
        return rng.uniform(-1e3, 1e3)
    if pick < 0.72:
        return rng.choice(NAMES)
    if pick < 0.78:
        return rng.choice(HEADERS)
    if pick < 0.84:
        return None
    if pick < 0.88:
        return rng.choice(ERRORS)
    if pick < 0.92:
        return rng.choice((True, False))
    if pick < 0.96:
        return rng.choice((math.nan, math.inf, -math.inf))
    return "".join(rng.choice("abc 0123456789.-=+@#") for _ in range(rng.randint(0, 8)))


def block(rng: random.Random, rows: int, cols: int) -> list[list[Any]]:
    return [[scalar(rng) for _ in range(cols)] for _ in range(rows)]


def made_up(rng: random.Random, argument: Argument) -> Any:
    """An argument made up whole: one cell (rarely, for a range argument), a row, a column or a block."""
    if argument.kind == "value" and rng.random() < 0.8:
        return scalar(rng)
    shape = rng.choice(("cell", "row", "column", "block", "table"))
    if shape == "cell":
        return scalar(rng)
    if shape == "row":
        return block(rng, 1, rng.randint(1, 12))
    if shape == "column":
        return block(rng, rng.randint(1, 30), 1)
    if shape == "table":
        header = [rng.choice(HEADERS) for _ in range(rng.randint(1, 7))]
        return [header, *block(rng, rng.randint(0, 25), len(header))]
    return block(rng, rng.randint(1, 12), rng.randint(1, 8))


def as_cells(value: Any) -> Any:
    """An example's argument as a sheet sends it: a range as a list of row lists (test_catalogue's reading)."""
    if isinstance(value, Cells):
        return [list(row) for row in value.rows]
    return [[v] for v in value] if isinstance(value, tuple) else value


def mutated(rng: random.Random, value: Any) -> Any:
    """An example's argument with a few changes."""
    if not isinstance(value, list) or not value or not all(isinstance(r, list) for r in value):
        return scalar(rng) if rng.random() < 0.5 else value
    rows = [list(r) for r in value]
    for _ in range(rng.randint(1, 4)):
        change = rng.random()
        r = rng.randrange(len(rows))
        if change < 0.45 and rows[r]:
            rows[r][rng.randrange(len(rows[r]))] = scalar(rng)
        elif change < 0.55 and len(rows) > 1:
            del rows[r]
        elif change < 0.65:
            rows.insert(r, list(rows[r]))
        elif change < 0.72 and rows[r]:
            rows[r] = rows[r][: rng.randrange(len(rows[r]))] or [None]
        elif change < 0.8 and rows[0]:
            rows[0][rng.randrange(len(rows[0]))] = rng.choice(HEADERS)
        elif change < 0.86:
            rows.append([scalar(rng) for _ in rows[0]])
        elif change < 0.9:
            rows = rows[: rng.randint(1, len(rows))]
        else:
            rng.shuffle(rows)
    return rows


def arguments(rng: random.Random, function: SheetFunction) -> list[Any]:
    example = rng.choice(function.examples) if function.examples and rng.random() < 0.7 else None
    args: list[Any] = []
    for i, argument in enumerate(function.arguments):
        if example is not None and i < len(example.args):
            args.append(mutated(rng, as_cells(example.args[i])) if rng.random() < 0.5 else as_cells(example.args[i]))
        elif argument.optional and rng.random() < 0.5:
            args.append(None)
        else:
            args.append(made_up(rng, argument))
    while len(args) > 1 and args[-1] is None and rng.random() < 0.5:
        args.pop()  # a call that leaves its last optional arguments out
    return args


def size(args: Sequence[Any]) -> int:
    return sum(len(flatten(a)) if isinstance(a, list) else 1 for a in args)


def finite(value: Any) -> bool:
    if isinstance(value, float):
        return math.isfinite(value)
    if isinstance(value, list):
        return all(map(finite, value))
    return True


@dataclass
class Tally:
    failures: Failures
    calls: int = 0
    values: int = 0
    errors: int = 0
    escaped: int = 0
    non_finite: int = 0
    slow: int = 0
    slowest: float = 0.0


def run(seconds: float, seed: int, failures: Failures) -> Tally:
    rng = random.Random(seed)
    tally = Tally(failures)
    functions = list(CATALOGUE.values())
    deadline = time.perf_counter() + seconds
    while time.perf_counter() < deadline:
        for function in functions:
            args = arguments(rng, function)
            started = time.perf_counter()
            try:
                result = call_cells(function, args)
            except Exception as exc:  # noqa: BLE001 -- what escapes is what this run counts
                tally.escaped += 1
                tally.failures.add(f"{function.name}{tuple(args)!r:.600} raised {type(exc).__name__}: {exc}")
                continue
            finally:
                took = time.perf_counter() - started
                tally.calls += 1
                tally.slowest = max(tally.slowest, took)
            if took > SLOW_SECONDS and size(args) < SMALL_INPUT:
                tally.slow += 1
                tally.failures.add(f"{function.name}{tuple(args)!r:.600} took {took:.2f} s")
            if isinstance(result, CellError):
                tally.errors += 1
            else:
                tally.values += 1
            if not finite(result):
                tally.non_finite += 1
                tally.failures.add(f"{function.name}{tuple(args)!r:.600} gave {result!r:.200}")
    return tally


def summary(tally: Tally) -> Summary:
    return (
        [
            f"{len(CATALOGUE)} functions",
            f"calls {tally.calls:,}: {tally.values:,} gave values, {tally.errors:,} a cell error",
        ],
        [
            ("exceptions escaping", tally.escaped),
            ("non-finite results", tally.non_finite),
            (f"calls over {SLOW_SECONDS:g} s on under {SMALL_INPUT:,} cells", tally.slow),
        ],
        [("slowest call", f"{tally.slowest:.3f} s")],
    )


def main(argv: Sequence[str] | None = None) -> int:
    return fuzzing.main(__doc__, argv, run, summary)


if __name__ == "__main__":
    sys.exit(main())
