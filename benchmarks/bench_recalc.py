"""Recalculate a synthetic event workbook with ``xlscore recalc`` and with LibreOffice headless, and compare.

    python benchmarks/bench_recalc.py [--sizes 1000,10000,50000] [--repeat 1] [--timeout 600] [--keep] [--points-only]

Needs LibreOffice (``soffice``) on the PATH; on Debian or Ubuntu:

    apt-get update && apt-get install -y --no-install-recommends libreoffice-calc-nogui

The workbook, made with openpyxl for each size N (a fixed seed): sheet "Results" holds N result rows of whole
games (Player, Game, Players n from 2 to 6, Hours, Rank 1..n, no ties) in A2:E(N+1), and one array formula per
column: F the RPLOPS points, G the points per hour (``=F/D``). Sheet "Standings" lists the 50 players with one
SUMIF (points), COUNTIF (results) and RANK per row, a SUM of all points and the leader by INDEX/MATCH: only
functions LibreOffice 7.4 has. xlscore gets F as ``=RPLOPS(E2:E(N+1),C2:C(N+1),D2:D(N+1))``; LibreOffice gets the
same workbook with F written as RPLOPS version 1 in plain arithmetic, ``(n + 1 - rank) * hours * 100 / (n + 1)``.
``--points-only`` leaves out column G and the Standings sheet: every formula is then one xlscore call, the shape
the templates will have, which xlscore computes without loading the formula engine.

How it measures:

* xlscore: ``python -m xlscore recalc IN.xlsx -o OUT.xlsx`` as a child process. Until that command exists the
  script says so and measures LibreOffice alone.
* LibreOffice: ``soffice --headless --norestore -env:UserInstallation=... --convert-to xlsx``, with
  ``OOXMLRecalcMode`` = 0 (always recalculate on load) in the profile. Before the sizes run, a probe workbook whose
  formula carries a wrong cached value proves the setting works, against a control profile left at LibreOffice's
  default, which keeps the wrong value.
* Each run gets a fresh profile folder. "cold": an empty profile, so the run includes LibreOffice's first-start
  setup. "warm": a copy of a profile LibreOffice has already started with. The ratios use warm, the case of a
  user who has LibreOffice installed and has run it before, and LibreOffice's better figure.
* Seconds: wall clock (``time.perf_counter``) from starting the child to its exit, loading, computing and writing
  the file included. Peak memory: ``ru_maxrss`` of the child from ``os.wait4``, the largest peak resident set of
  any one process in the child's tree (soffice.bin; the Python process), in MiB. CPU seconds are shown as well:
  LibreOffice may compute formula groups on several threads. With ``--repeat`` above 1 the fastest run and the
  highest peak are shown.
* Ratios: time = LibreOffice seconds / xlscore seconds, memory = LibreOffice MiB / xlscore MiB; above 1 xlscore
  is faster / smaller. The goal is a time ratio above 1 at every size.
* Both outputs are read back with openpyxl (``data_only=True``) and checked against the points computed by
  ``xlscore.rplops`` and the standings summed in Python, and against each other: F, G and the standings to 1e-9.

Exits 1 if soffice is missing, recalculation could not be forced, a run failed or the outputs disagree.
"""

from __future__ import annotations

import argparse
import math
import os
import platform
import random
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import openpyxl
from openpyxl.worksheet.formula import ArrayFormula

from xlscore.core.systems.rplops import rplops
from xlscore.excel.libreoffice.profile import (
    PROBE_COMPUTED,
    PROBE_STALE,
    RECALC_ALWAYS,
    RECALC_NEVER,
    copy_profile,
    new_profile,
    read_probe,
    write_probe,
)
from xlscore.excel.libreoffice.soffice import (
    INSTALL_COMMAND,
    Run,
    convert_to_xlsx,
    find_soffice,
    run_measured,
    soffice_version,
)

SEED = 20261101
PLAYERS = 50
SIZES = (1_000, 10_000, 50_000)
TOLERANCE = 1e-9
XLSCORE_POINTS = "=RPLOPS(E2:E{last},C2:C{last},D2:D{last})"
PLAIN_POINTS = "=(C2:C{last}+1-E2:E{last})*D2:D{last}*100/(C2:C{last}+1)"


@dataclass(frozen=True)
class Event:
    """The result rows of a synthetic event and what every formula of its workbook should come to."""

    rows: list[tuple[str, str, int, float, int]]  # player, game, players, hours, rank
    points: list[float]
    per_hour: list[float]
    standings: list[tuple[str, float, int, int]]  # player, points, results, rank
    total: float
    leader: str


def make_event(size: int, seed: int = SEED) -> Event:
    """``size`` result rows of whole games of 2 to 6 distinct players from a field of 50, ranks 1..n, no ties."""
    rng = random.Random(seed)
    names = [f"P{i:02d}" for i in range(1, PLAYERS + 1)]
    rows: list[tuple[str, str, int, float, int]] = []
    game = 0
    while len(rows) < size:
        left = size - len(rows)
        n = rng.randint(2, 6)
        if n > left or left - n == 1:  # never leave a single row over: a game has at least 2 players
            n = left if left <= 6 else n - 1
        game += 1
        hours = round(rng.uniform(0.5, 6.0), 2)
        ranks = rng.sample(range(1, n + 1), n)
        for player, rank in zip(rng.sample(names, n), ranks, strict=True):
            rows.append((player, f"G{game}", n, hours, rank))
    points = [rplops(rank, n, hours) for _, _, n, hours, rank in rows]
    per_hour = [p / row[3] for p, row in zip(points, rows, strict=True)]
    sums = dict.fromkeys(names, 0.0)
    counts = dict.fromkeys(names, 0)
    for (player, *_), p in zip(rows, points, strict=True):
        sums[player] += p
        counts[player] += 1
    ordered = sorted(sums.values(), reverse=True)
    standings = [(name, sums[name], counts[name], 1 + ordered.index(sums[name])) for name in names]
    leader = next(name for name in names if sums[name] == ordered[0])
    return Event(rows, points, per_hour, standings, math.fsum(sums.values()), leader)


def write_workbook(event: Event, path: Path, points_formula: str, standings_sheet: bool = True) -> None:
    """The event workbook with ``points_formula`` (``{last}`` = the last row) as column F's array formula.

    Without ``standings_sheet``: the Results sheet and its points column alone (``--points-only``), the shape of
    a template whose every formula is one xlscore call.
    """
    last = len(event.rows) + 1
    book = openpyxl.Workbook()
    results = book.active
    assert results is not None
    results.title = "Results"
    results.append(["Player", "Game", "Players", "Hours", "Rank", "Points", "Points per hour"])
    for row in event.rows:
        results.append(list(row))
    results["F2"] = ArrayFormula(f"F2:F{last}", points_formula.format(last=last))
    if not standings_sheet:
        book.save(path)
        return
    results["G2"] = ArrayFormula(f"G2:G{last}", f"=F2:F{last}/D2:D{last}")
    standings = book.create_sheet("Standings")
    standings.append(["Player", "Points", "Results", "Rank", None, "Total points"])
    for i, (name, *_) in enumerate(event.standings, start=2):
        standings[f"A{i}"] = name
        standings[f"B{i}"] = f"=SUMIF(Results!$A$2:$A${last},A{i},Results!$F$2:$F${last})"
        standings[f"C{i}"] = f"=COUNTIF(Results!$A$2:$A${last},A{i})"
        standings[f"D{i}"] = f"=RANK(B{i},$B$2:$B${PLAYERS + 1})"
    standings["G1"] = f"=SUM(B2:B{PLAYERS + 1})"
    standings["F2"] = "Leader"
    standings["G2"] = f"=INDEX(A2:A{PLAYERS + 1},MATCH(MAX(B2:B{PLAYERS + 1}),B2:B{PLAYERS + 1},0))"
    book.save(path)


@dataclass(frozen=True)
class Computed:
    """The formula results a recalculated workbook carries."""

    points: list[object]
    per_hour: list[object]
    standings: list[tuple[object, object, object]]  # points, results, rank
    total: object
    leader: object


def read_computed(path: Path, size: int) -> Computed:
    book = openpyxl.load_workbook(path, read_only=True, data_only=True)
    if "Standings" not in book.sheetnames:
        points: list[object] = [
            f for (f,) in book["Results"].iter_rows(min_row=2, max_row=size + 1, min_col=6, max_col=6, values_only=True)
        ]
        book.close()
        points += [None] * (size - len(points))
        return Computed(points, [], [], None, None)
    try:
        fg = list(book["Results"].iter_rows(min_row=2, max_row=size + 1, min_col=6, max_col=7, values_only=True))
        table = book["Standings"]
        cells = table.iter_rows(min_row=2, max_row=PLAYERS + 1, min_col=2, max_col=4, values_only=True)
        standings: list[tuple[object, object, object]] = [(b, c, d) for b, c, d in cells]
        total, leader = table["G1"].value, table["G2"].value
    finally:
        book.close()
    fg += [(None, None)] * (size - len(fg))
    return Computed([f for f, _ in fg], [g for _, g in fg], standings, total, leader)


def _close(got: object, want: object) -> bool:
    if isinstance(want, str) or isinstance(got, str) or got is None or want is None:
        return got == want
    if not isinstance(got, int | float) or not isinstance(want, int | float):
        return False
    return math.isclose(got, want, rel_tol=TOLERANCE, abs_tol=TOLERANCE)


def differences(got: Computed, want: Computed, limit: int = 5) -> tuple[int, list[str]]:
    """How many cells differ, and the first ``limit`` of them described."""
    pairs: list[tuple[str, object, object]] = []
    pairs += [(f"Results!F{i}", g, w) for i, (g, w) in enumerate(zip(got.points, want.points, strict=True), start=2)]
    if not got.per_hour or not want.per_hour:  # --points-only: column F alone
        wrong = [
            f"Results!F{i}: {g!r}, expected {w!r}"
            for i, (g, w) in enumerate(zip(got.points, want.points, strict=True), 2)
            if not _close(g, w)
        ]
        return len(wrong), wrong[:limit]
    pairs += [(f"Results!G{i}", g, w) for i, (g, w) in enumerate(zip(got.per_hour, want.per_hour, strict=True), 2)]
    for i, (g_row, w_row) in enumerate(zip(got.standings, want.standings, strict=True), start=2):
        pairs += [(f"Standings!{col}{i}", g, w) for col, g, w in zip("BCD", g_row, w_row, strict=True)]
    pairs += [("Standings!G1", got.total, want.total), ("Standings!G2", got.leader, want.leader)]
    wrong = [f"{cell}: {g!r}, expected {w!r}" for cell, g, w in pairs if not _close(g, w)]
    return len(wrong), wrong[:limit]


def expected(event: Event) -> Computed:
    return Computed(
        list(event.points),
        list(event.per_hour),
        [(p, c, r) for _, p, c, r in event.standings],
        event.total,
        event.leader,
    )


@dataclass(frozen=True)
class Measurement:
    """The runs of one tool at one size: the fastest wall time and the highest peak over ``--repeat`` runs."""

    runs: list[Run]
    output: Path

    @property
    def ok(self) -> bool:
        return bool(self.runs) and all(run.ok for run in self.runs) and self.output.exists()

    @property
    def seconds(self) -> float:
        return min(run.seconds for run in self.runs)

    @property
    def cpu_seconds(self) -> float:
        return min(run.cpu_seconds for run in self.runs)

    @property
    def peak_mib(self) -> float:
        return max(run.peak_mib for run in self.runs)

    def failure(self) -> str:
        bad = next((run for run in self.runs if not run.ok), None)
        if bad is None:
            return f"no output file {self.output}"
        what = "timed out" if bad.timed_out else f"exit code {bad.returncode}"
        return f"{what}: {' '.join(bad.argv)}\n{bad.log_tail()}"


def xlscore_available() -> bool:
    try:
        done = subprocess.run(
            [sys.executable, "-m", "xlscore", "recalc", "--help"], capture_output=True, timeout=120, check=False
        )
    except subprocess.TimeoutExpired:
        return False
    return done.returncode == 0


def measure_xlscore(source: Path, folder: Path, repeat: int, timeout: float) -> Measurement:
    folder.mkdir()
    output = folder / "out.xlsx"
    runs = []
    for attempt in range(repeat):
        output.unlink(missing_ok=True)
        argv = [sys.executable, "-m", "xlscore", "recalc", str(source), "-o", str(output)]
        runs.append(run_measured(argv, timeout=timeout, log=folder / f"run{attempt}.log"))
        if not runs[-1].ok:
            break
    return Measurement(runs, output)


def measure_libreoffice(
    soffice: str, source: Path, folder: Path, template: Path | None, repeat: int, timeout: float
) -> Measurement:
    """Runs with a fresh profile each: empty (cold) if ``template`` is None, else a copy of ``template`` (warm)."""
    runs = []
    output = folder / "run0" / f"{source.stem}.xlsx"
    for attempt in range(repeat):
        profile_dir = folder / f"profile{attempt}"
        profile = new_profile(profile_dir) if template is None else copy_profile(template, profile_dir)
        run, output = convert_to_xlsx(soffice, source, folder / f"run{attempt}", profile, timeout=timeout)
        runs.append(run)
        shutil.rmtree(profile, ignore_errors=True)
        if not run.ok or not output.exists():
            break
    return Measurement(runs, output)


def check_forced_recalc(soffice: str, folder: Path, timeout: float) -> tuple[Path, Run]:
    """Prove that the profile setting makes LibreOffice recompute; return the started profile and its first run.

    The forced profile must replace the probe's stale cached value; a control profile at LibreOffice's default
    must keep it, or the probe proves nothing.
    """
    folder.mkdir()
    probe = folder / "probe.xlsx"
    write_probe(probe)
    template = new_profile(folder / "profile-template", RECALC_ALWAYS)
    control = new_profile(folder / "profile-control", RECALC_NEVER)
    values: list[object] = []
    runs: list[Run] = []
    for name, profile in (("forced", template), ("control", control)):
        run, output = convert_to_xlsx(soffice, probe, folder / name, profile, timeout=timeout)
        if not run.ok or not output.exists():
            what = "timed out" if run.timed_out else f"exit code {run.returncode}"
            raise SystemExit(f"LibreOffice failed on the probe ({what}): {' '.join(run.argv)}\n{run.log_tail()}")
        values.append(read_probe(output))
        runs.append(run)
    got, kept = values
    if got != PROBE_COMPUTED:
        raise SystemExit(f"recalculation not forced: the probe kept {got!r}, expected {PROBE_COMPUTED}")
    if kept != PROBE_STALE:
        raise SystemExit(f"probe inconclusive: LibreOffice's default profile also gave {kept!r}, not {PROBE_STALE}")
    return template, runs[0]


def _cell(value: float | None, digits: int) -> str:
    return "n/a" if value is None else f"{value:,.{digits}f}"


@dataclass(frozen=True)
class Row:
    size: int
    xlscore: Measurement | None
    cold: Measurement
    warm: Measurement
    verdict: str


def print_table(rows: Sequence[Row]) -> None:
    header = ("rows", "xlscore s", "xlscore MiB", "LO s", "LO MiB", "time ratio", "memory ratio", "LO cold s")
    widths = (8, 11, 13, 9, 9, 12, 14, 11)
    print("".join(h.rjust(w) for h, w in zip(header, widths, strict=True)) + "  outputs")
    for row in rows:
        x_s = x_mib = w_s = w_mib = time_ratio = memory_ratio = None
        if row.xlscore is not None and row.xlscore.ok:
            x_s, x_mib = row.xlscore.seconds, row.xlscore.peak_mib
        if row.warm.ok:
            w_s, w_mib = row.warm.seconds, row.warm.peak_mib
        if x_s is not None and x_mib is not None and w_s is not None and w_mib is not None:
            time_ratio, memory_ratio = w_s / x_s, w_mib / x_mib
        cells = (
            f"{row.size:,}",
            _cell(x_s, 2),
            _cell(x_mib, 0),
            _cell(w_s, 2),
            _cell(w_mib, 0),
            _cell(time_ratio, 2),
            _cell(memory_ratio, 2),
            _cell(row.cold.seconds if row.cold.ok else None, 2),
        )
        print("".join(c.rjust(wd) for c, wd in zip(cells, widths, strict=True)) + f"  {row.verdict}")


def print_cpu(rows: Sequence[Row]) -> None:
    print("CPU seconds (user + system):")
    for row in rows:
        parts = []
        if row.xlscore is not None and row.xlscore.ok:
            parts.append(f"xlscore {row.xlscore.cpu_seconds:.2f}")
        if row.warm.ok:
            parts.append(f"LibreOffice warm {row.warm.cpu_seconds:.2f}")
        if row.cold.ok:
            parts.append(f"cold {row.cold.cpu_seconds:.2f} ({row.cold.peak_mib:,.0f} MiB)")
        print(f"  {row.size:>7,} rows: " + ", ".join(parts))


def run_size(
    size: int,
    soffice: str,
    template: Path,
    folder: Path,
    with_xlscore: bool,
    repeat: int,
    timeout: float,
    standings_sheet: bool = True,
) -> tuple[Row, list[str]]:
    folder.mkdir()
    event = make_event(size)
    want = expected(event)
    if not standings_sheet:
        want = Computed(want.points, [], [], None, None)
    plain = folder / "event-plain.xlsx"
    write_workbook(event, plain, PLAIN_POINTS, standings_sheet)
    cold = measure_libreoffice(soffice, plain, folder / "lo-cold", None, 1, timeout)
    warm = measure_libreoffice(soffice, plain, folder / "lo-warm", template, repeat, timeout)
    xlscore: Measurement | None = None
    if with_xlscore:
        source = folder / "event-xlscore.xlsx"
        write_workbook(event, source, XLSCORE_POINTS, standings_sheet)
        xlscore = measure_xlscore(source, folder / "xlscore", repeat, timeout)

    problems: list[str] = []
    verdict: list[str] = []
    computed: dict[str, Computed] = {}
    for name, measurement in (("LibreOffice", warm), ("xlscore", xlscore)):
        if measurement is None:
            continue
        if not measurement.ok:
            problems.append(f"{size:,} rows, {name}: {measurement.failure()}")
            verdict.append(f"{name} failed")
            continue
        computed[name] = read_computed(measurement.output, size)
        wrong, shown = differences(computed[name], want)
        verdict.append(f"{name} {'right' if not wrong else f'{wrong} cells wrong'}")
        problems += [f"{size:,} rows, {name}: {line}" for line in shown]
    if len(computed) == 2:
        wrong, shown = differences(computed["xlscore"], computed["LibreOffice"])
        verdict.append("agree" if not wrong else f"{wrong} cells differ")
        problems += [f"{size:,} rows, xlscore against LibreOffice: {line}" for line in shown]
    if not cold.ok:
        problems.append(f"{size:,} rows, LibreOffice cold: {cold.failure()}")
    return Row(size, xlscore, cold, warm, ", ".join(verdict)), problems


def parse_sizes(text: str) -> list[int]:
    sizes = [int(part.replace("_", "")) for part in text.split(",") if part.strip()]
    if not sizes or min(sizes) < 2:
        raise argparse.ArgumentTypeError(f"--sizes: expected whole numbers of at least 2 rows, got {text!r}")
    return sizes


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--sizes", type=parse_sizes, default=list(SIZES), help="result rows, e.g. 1000,10000,50000")
    parser.add_argument("--repeat", type=int, default=1, help="runs per tool and size (fastest shown)")
    parser.add_argument("--timeout", type=float, default=600, help="seconds before a run is killed")
    parser.add_argument("--soffice", help="the soffice executable (default: soffice on the PATH)")
    parser.add_argument("--workdir", type=Path, help="where the workbooks go (default: a new temporary folder)")
    parser.add_argument("--keep", action="store_true", help="keep the workbooks, outputs, logs and profiles")
    parser.add_argument(
        "--points-only",
        action="store_true",
        help="the Results sheet and its RPLOPS column alone, no Standings sheet of SUMIF/COUNTIF/RANK",
    )
    options = parser.parse_args(argv)

    soffice = find_soffice(options.soffice)
    if soffice is None:
        print(f"LibreOffice (soffice) not found. Install it with:\n\n    {INSTALL_COMMAND}\n", file=sys.stderr)
        return 1
    if options.workdir is not None:
        options.workdir.mkdir(parents=True, exist_ok=True)
    work = Path(tempfile.mkdtemp(prefix="xlscore-bench-recalc-", dir=options.workdir))
    try:
        print(f"{soffice_version(soffice)} ({soffice}); Python {platform.python_version()}; {os.cpu_count()} CPUs")
        template, first = check_forced_recalc(soffice, work / "probe", options.timeout)
        print(
            f"recalculation forced: the probe's stale cached {PROBE_STALE} became {PROBE_COMPUTED} with "
            f"OOXMLRecalcMode=0, and stayed {PROBE_STALE} with LibreOffice's default (1); "
            f"first start with a new profile {first.seconds:.2f} s"
        )
        with_xlscore = xlscore_available()
        if not with_xlscore:
            print("xlscore recalc not available yet: measuring LibreOffice alone")
        print()
        rows: list[Row] = []
        problems: list[str] = []
        for size in options.sizes:
            row, found = run_size(
                size,
                soffice,
                template,
                work / f"rows-{size}",
                with_xlscore,
                max(1, options.repeat),
                options.timeout,
                not options.points_only,
            )
            rows.append(row)
            problems += found
        print_table(rows)
        print(
            "\nLO = LibreOffice with a started profile (warm); LO cold = a new profile. time ratio = LO s / xlscore s,"
            " memory ratio = LO MiB / xlscore MiB: above 1, xlscore is faster / smaller."
        )
        print_cpu(rows)
        if with_xlscore:
            ahead = all(
                r.xlscore is not None and r.xlscore.ok and r.warm.ok and r.xlscore.seconds < r.warm.seconds
                for r in rows
            )
            print(f"goal (ahead of LibreOffice at every size): {'met' if ahead else 'not met'}")
        for line in problems:
            print(line, file=sys.stderr)
        if options.keep:
            print(f"\nfiles kept in {work}")
        return 1 if problems else 0
    finally:
        if not options.keep:
            shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
