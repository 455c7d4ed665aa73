"""Every shipped template against the RPLOPS template: ``xlscore recalc`` and ``xlscore standings``, in one run.

    python benchmarks/bench_templates.py --shipped [--repeat 7]

Used by bench_templates.py. Each workbook of workbooks/ (the templates as ``xlscore new`` makes them, filled with
their sample events) is recalculated (``python -m xlscore recalc BOOK -o OUT``) and its standings printed
(``python -m xlscore standings BOOK --format json``), each as a child process measured alone (wall clock, and CPU
seconds of the child). A round runs every template once, RPLOPS's among them; a first round is not counted (the disk
cache), then ``--repeat`` rounds are. Each template's ratio is the median over the rounds of its time over RPLOPS's
in the same round, so that the machine's load, which drifts, weighs on both sides of each ratio. Target (issue 34):
every template within 1.5x of RPLOPS's, for both commands. The load averages (``os.getloadavg``) are printed before
and after.

Checked: ``xlscore recalc BOOK --check`` exits 0 on every shipped workbook before the timing (every value xlscore
computes equals the one saved in the workbook), every timed run exits 0, and every run of ``standings`` prints the
same document.
"""

from __future__ import annotations

import os
import statistics
import sys
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from measure import compiled, run_alone

from xlscore.excel.libreoffice.soffice import Run

__all__ = ["PEER", "TARGET", "shipped_ratios"]

WORKBOOKS = Path(__file__).resolve().parents[1] / "workbooks"
PEER = "rplops-event"
TARGET = 1.5
COMMANDS = ("recalc", "standings")


@dataclass
class Timings:
    """One template's runs of one command, round by round."""

    wall: list[float] = field(default_factory=list)
    cpu: list[float] = field(default_factory=list)


def _argv(command: str, book: Path, out: Path) -> list[str]:
    if command == "recalc":
        return [sys.executable, "-m", "xlscore", "recalc", str(book), "-o", str(out)]
    return [sys.executable, "-m", "xlscore", "standings", str(book), "--format", "json"]


def _load() -> str:
    one, five, fifteen = os.getloadavg()
    return f"load average {one:.2f} {five:.2f} {fifteen:.2f} on {os.cpu_count()} CPUs"


def _checked(books: Sequence[Path], folder: Path, timeout: float) -> list[str]:
    """``recalc --check`` of every book: its values as xlscore computes them equal those saved in it."""
    problems = []
    for book in books:
        argv = [sys.executable, "-m", "xlscore", "recalc", str(book), "--check"]
        run = run_alone(argv, timeout=timeout, log=folder / f"{book.stem}-check.log")
        if not run.ok:
            problems.append(f"{book.name}: recalc --check {run.failure}\n{run.log_tail()}")
    return problems


Timed = dict[tuple[str, str], Timings]  # by template (the workbook's stem) and command


def _round(books: Sequence[Path], folder: Path, timeout: float, timings: Timed, outputs: dict[str, str]) -> list[str]:
    """Every book once with each command; the runs' times added to ``timings`` and any problem returned."""
    problems = []
    for book in books:
        for command in COMMANDS:
            log = folder / f"{book.stem}-{command}.log"
            run: Run = run_alone(_argv(command, book, folder / f"{book.stem}-out.xlsx"), timeout=timeout, log=log)
            if not run.ok:
                problems.append(f"{book.name}: {command} {run.failure}\n{run.log_tail()}")
                continue
            if command == "standings":
                printed = log.read_text(encoding="utf-8")
                if outputs.setdefault(book.stem, printed) != printed:
                    problems.append(f"{book.name}: standings printed something else this time")
            found = timings.setdefault((book.stem, command), Timings())
            found.wall.append(run.seconds)
            found.cpu.append(run.cpu_seconds)
    return problems


def _ratio(mine: Timings, peer: Timings, cpu: bool) -> float:
    pairs = zip(mine.cpu, peer.cpu, strict=True) if cpu else zip(mine.wall, peer.wall, strict=True)
    return statistics.median(a / b for a, b in pairs)


def _table(books: Sequence[Path], timings: Timed) -> list[str]:
    """The printed table, and the verdict lines of the templates that miss the target."""
    missed = []
    print(f"{'template':<26}" + "".join(f"{c + ' s (CPU s)':>22}{'x RPLOPS wall':>15}{'x CPU':>8}" for c in COMMANDS))
    for book in books:
        line = f"{book.stem:<26}"
        for command in COMMANDS:
            mine, peer = timings[(book.stem, command)], timings[(PEER, command)]
            wall, cpu = _ratio(mine, peer, cpu=False), _ratio(mine, peer, cpu=True)
            seconds = f"{statistics.median(mine.wall):.2f} ({statistics.median(mine.cpu):.2f})"
            line += f"{seconds:>22}{wall:>15.2f}{cpu:>8.2f}"
            if max(wall, cpu) > TARGET:
                missed.append(f"{book.stem} {command}: {wall:.2f}x wall, {cpu:.2f}x CPU")
        print(line, flush=True)
    return missed


def shipped_ratios(folder: Path, repeat: int, timeout: float) -> int:
    """Run the comparison; 0 when every run succeeded and every template met the target, else 1."""
    folder.mkdir(parents=True, exist_ok=True)
    compiled()
    books = sorted(WORKBOOKS.glob("*.xlsx"))
    if not any(book.stem == PEER for book in books):
        print(f"no {PEER}.xlsx in {WORKBOOKS}", file=sys.stderr)
        return 1
    print(f"{len(books)} shipped templates of {WORKBOOKS}; {repeat} rounds after one not counted")
    problems = _checked(books, folder, timeout)
    print(f"before: {_load()}", flush=True)
    timings: Timed = {}
    outputs: dict[str, str] = {}
    problems += _round(books, folder, timeout, {}, outputs)
    for _ in range(repeat):
        problems += _round(books, folder, timeout, timings, outputs)
    print(f"after: {_load()}\n")
    if problems:
        print("\n".join(problems), file=sys.stderr)
        return 1
    missed = _table(books, timings)
    print(
        f"\nSeconds: medians of {repeat} runs, wall clock (CPU: user + system of the child). x RPLOPS: the median over"
        f" the rounds of the template's time over {PEER}'s in the same round. Target: within {TARGET:g}x;"
        f" recalc --check passed on every workbook; standings printed the same every time."
    )
    print("target met by every template" if not missed else "target missed: " + "; ".join(missed))
    return 1 if missed else 0
