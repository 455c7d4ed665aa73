"""Recalculate the shipped templates filled with synthetic events, by ``xlscore recalc`` and by LibreOffice headless.

    python benchmarks/bench_templates.py [--templates rplops,size-matters] [--sizes 1000,10000,50000]
        [--timeout 600] [--countifs-max 10000] [--formulas-max 1000] [--keep]
    python benchmarks/bench_templates.py --shipped [--repeat 7]

``--shipped`` measures every shipped template (workbooks/) against the RPLOPS template instead, ``xlscore recalc``
and ``xlscore standings``, and prints each one's ratio to RPLOPS's in the same run with the machine's load
(benchmarks/shipped_templates.py says how); the rest of this page is about the run without it.

Needs LibreOffice (``soffice``) on the PATH; on Debian or Ubuntu:

    apt-get update && apt-get install -y --no-install-recommends libreoffice-calc-nogui

Each template is built with its input table made N rows long (``build(rows=N, results=...)``) and filled with a
synthetic event from a fixed seed and a field of 50 players. xlscore gets the template as shipped: column F of the
input sheet is one ``=..._POINTS(...)`` formula and Standings!A1 one ``=..._STANDINGS(...)``. LibreOffice 7.4 has
neither, nor UNIQUE or SORT, so it gets the same workbook with plain (non-array) formulas of functions it has,
written with openpyxl: column F one formula per row, and Standings one row per player (the benchmark knows the
field), unsorted, with the place by ``RANK`` of the total.

* RPLOPS event (:mod:`xlscore.excel.templates.rplops_event`): whole games of 2 to 6 distinct players, one length in
  hours per game, scores 0 to 12, so equal scores (ties) are common. Results!F: n = ``COUNTIF`` of the row's game;
  the average place = ``COUNTIFS`` of the game's higher scores + (``COUNTIFS`` of its equal scores + 1) / 2, so
  ties are averaged; then RPLOPS version 1, ``(n + 1 - place) * hours * 2x / (n + 1)`` with x from Settings!B1.
  Standings: games by ``COUNTIF``, hours and points by ``SUMIF``, points per game and per hour.
* Size Matters tournament (:mod:`xlscore.excel.templates.size_matters_tournament`): N rounded up to whole boards of
  seven powers, seven boards a round (no player twice in a round), a solo one board in five, otherwise a draw of 2
  to 7 survivors. Games!F: the survivors n by ``COUNTIFS`` and the board's top by ``MAXIFS`` over round and board,
  then the score as the core's docstring states it (210 for a soloist, s x s n / 34 beside a solo, else the draw
  score D x s n / 34 but never below 6/7 of D). Standings: total by ``SUMIF``, solos by ``COUNTIFS``, boards by
  ``COUNTIF``; head to head is left out (it needs the boards two players shared).

How it measures (as benchmarks/bench_recalc.py, whose helpers it uses):

* xlscore: ``python -m xlscore recalc IN.xlsx -o OUT.xlsx`` as a child process.
* LibreOffice: ``soffice --headless --convert-to xlsx`` with a copy of a started profile whose
  ``OOXMLRecalcMode`` is 0 (always recalculate on load); a probe workbook with a stale cached value proves that
  recalculation is forced before any size runs. Each run is bounded by ``--timeout`` and a run killed there is
  reported as a timeout.
* The ``formulas`` engine (the formula engine xlscore builds on, alone): ``benchmarks/formulas_recalc.py``, which
  loads, compiles, calculates and writes LibreOffice's competent copy as its documentation shows, up to
  ``--formulas-max`` rows (it took about 18 s for 1,000 rows; FACTS.md has 7 minutes and 6-7 GB for 20,000 rows of a
  per-row formula), bounded by the same timeout. Its output is checked against the core like the others.
* Seconds: wall clock from starting the child to its exit (loading, computing and writing included). Peak memory:
  ``ru_maxrss`` of the child (the largest process of its tree), in MiB.
* Ratios: time = LibreOffice s / xlscore s, memory = LibreOffice MiB / xlscore MiB; above 1, xlscore is ahead.
* Every output is read back with openpyxl and checked against the core on the same rows (``rplops_points`` and
  ``rplops_standings``; ``size_matters_points`` and ``size_matters_standings``) to 1e-9: every row's column F and
  every player's standing, the columns the plain copy computes; a place only where the player's total is unique,
  since equal totals are separated by each system's own tie-breaks, which RANK lacks.

Exits 1 if soffice is missing, recalculation could not be forced, a run failed or timed out, or an output is wrong.
"""

from __future__ import annotations

import argparse
import math
import os
import platform
import random
import shutil
import sys
import tempfile
from collections.abc import Callable, Sequence
from dataclasses import astuple, dataclass
from pathlib import Path
from typing import Protocol

import openpyxl
from bench_recalc import Measurement, check_forced_recalc, parse_sizes
from floor import packing_level as floor_packing_level
from measure import GNU_TIME, floor_mib, libreoffice_convert, run_alone, xlscore_argv
from openpyxl import Workbook
from openpyxl.utils import column_index_from_string
from openpyxl.worksheet.worksheet import Worksheet
from shipped_templates import shipped_ratios

from xlscore.core.events.headings import column_key
from xlscore.core.systems.rplops_event import rplops_points, rplops_standings
from xlscore.core.systems.size_matters import size_matters_points, size_matters_standings
from xlscore.engine.evaluation.recalc import packing_level
from xlscore.engine.files.safezip import RATIO_FLOOR
from xlscore.excel.libreoffice.profile import PROBE_COMPUTED, PROBE_STALE, copy_profile
from xlscore.excel.libreoffice.soffice import INSTALL_COMMAND, Run, find_soffice, soffice_version
from xlscore.excel.templates import rplops_event, size_matters_tournament
from xlscore.excel.templates.base import Template
from xlscore.excel.templates.seating_sheet import SHEET as SEATING_SHEET
from xlscore.excel.templates.size_matters_tournament import POWERS

SEED = 20261102
PLAYERS = 50
SIZES = (1_000, 10_000, 50_000, 100_000)
TOLERANCE = 1e-9
FAST_ABOVE = str(RATIO_FLOOR)  # the floor packs a part over this many bytes at zlib level 1, as recalc does

Cell = str | float | None
Standing = dict[str, object]  # a standings row by its column names (the template's own)


@dataclass(frozen=True)
class Outcome:
    """What a recalculated workbook carries: each result row's computed column, and each player's standing."""

    points: list[object]
    standings: dict[str, Standing]


def _field() -> list[str]:
    return [f"P{i:02d}" for i in range(1, PLAYERS + 1)]


# RPLOPS event -------------------------------------------------------------------------------------------------------

RPLOPS_HEADER = ("game", "player", "score", "place", "hours")
RPLOPS_POINTS = "G"  # the template's Points column (F is its Round, left blank here: one round)
RPLOPS_STANDING = ("place", "player", "games", "hours", "points", "points_per_game", "points_per_hour")


def rplops_event_rows(size: int, seed: int = SEED) -> list[tuple[Cell, ...]]:
    """``size`` result rows of whole games of 2 to 6 distinct players from a field of 50, scores 0..12 with ties."""
    rng = random.Random(seed)
    names = _field()
    rows: list[tuple[Cell, ...]] = []
    game = 0
    while len(rows) < size:
        left = size - len(rows)
        n = rng.randint(2, 6)
        if n > left or left - n == 1:  # never leave a single row over: a game has at least 2 players
            n = left if left <= 6 else n - 1
        game += 1
        hours = round(rng.uniform(0.5, 6.0), 2)
        for player in rng.sample(names, n):
            rows.append((f"G{game}", player, rng.randint(0, 12), None, hours))
    return rows


def rplops_expected(event: Sequence[tuple[Cell, ...]]) -> Outcome:
    """The core's points and standings for the event's rows."""
    table = [list(RPLOPS_HEADER), *[list(row) for row in event]]
    standings = {s.player: dict(zip(RPLOPS_STANDING, astuple(s), strict=True)) for s in rplops_standings(table)}
    return Outcome(list(rplops_points(table)), standings)


def rplops_plain(book: Workbook, event: Sequence[tuple[Cell, ...]]) -> None:
    """Results!F and the Standings sheet of the template as plain per-row formulas LibreOffice 7.4 has."""
    last = len(event) + 1
    game, score = f"$A$2:$A${last}", f"$C$2:$C${last}"
    results = book["Results"]
    for r in range(2, last + 1):
        n = f"COUNTIF({game},A{r})"
        place = f'(COUNTIFS({game},A{r},{score},">"&C{r})+(COUNTIFS({game},A{r},{score},C{r})+1)/2)'
        results[f"{RPLOPS_POINTS}{r}"] = f"=({n}+1-{place})*E{r}*2*Settings!$B$1/({n}+1)"
    _rplops_standings_sheet(book, event)


def _window(r: int, column: str, last: int, reach: int) -> str:
    """The rows around row ``r`` of ``column`` that can hold its game (``reach`` rows either side, within the
    table): a game's rows are typed together, so its own rows are a few cells away, whatever the table's length."""
    return f"{column}{max(1, r - reach)}:{column}{min(last, r + reach)}"


RPLOPS_REACH = 5  # a game has at most 6 players, so its rows are within 5 rows of each of them


def rplops_competent(book: Workbook, event: Sequence[tuple[Cell, ...]]) -> None:
    """Results!F and the Standings sheet as a competent user writes them in LibreOffice 7.4: each row's place from
    its game's own rows (COUNTIFS over the few rows around it, since a game's rows are typed together), and the
    standings by SUMIF and COUNTIF per player over the whole table."""
    last = len(event) + 1
    results = book["Results"]
    for r in range(2, last + 1):
        game, score = _window(r, "A", last, RPLOPS_REACH), _window(r, "C", last, RPLOPS_REACH)
        n = f"COUNTIF({game},A{r})"
        place = f'(COUNTIFS({game},A{r},{score},">"&C{r})+(COUNTIFS({game},A{r},{score},C{r})+1)/2)'
        results[f"{RPLOPS_POINTS}{r}"] = f"=({n}+1-{place})*E{r}*2*Settings!$B$1/({n}+1)"
    _rplops_standings_sheet(book, event)


def _rplops_standings_sheet(book: Workbook, event: Sequence[tuple[Cell, ...]]) -> None:
    last = len(event) + 1
    player, hours, points = (f"Results!${c}$2:${c}${last}" for c in ("B", "E", RPLOPS_POINTS))
    _plain_standings(
        book["Standings"],
        RPLOPS_STANDING,
        sorted({str(row[1]) for row in event}),
        lambda i: {
            "place": f"=RANK(E{i},$E$2:$E${PLAYERS + 1})",
            "games": f"=COUNTIF({player},B{i})",
            "hours": f"=SUMIF({player},B{i},{hours})",
            "points": f"=SUMIF({player},B{i},{points})",
            "points_per_game": f"=E{i}/C{i}",
            "points_per_hour": f"=E{i}/D{i}",
        },
    )


# Size Matters tournament --------------------------------------------------------------------------------------------

SIZE_MATTERS_HEADER = ("round", "board", "power", "player", "centres")
SIZE_MATTERS_STANDING = ("place", "player", "total", "solos", "head_to_head", "boards", "decided_by")
BOARDS_PER_ROUND = PLAYERS // len(POWERS)  # every player at most once a round


def _final_centres(rng: random.Random) -> list[int]:
    """Seven powers' final centres: a solo one board in five, otherwise a draw of 2 to 7 survivors."""
    if rng.random() < 0.2:
        solo = rng.randint(18, 24)
        others = min(rng.randint(0, 5), 34 - solo)
        share = (34 - solo) // max(others, 1)
        centres = [solo, *(rng.randint(1, share) for _ in range(others))]
    else:
        n = rng.randint(2, 7)
        centres = [34]
        while sum(centres) > 34 or max(centres) > 17:
            centres = [rng.randint(1, min(17, 2 * 34 // n)) for _ in range(n)]
    centres += [0] * (len(POWERS) - len(centres))
    rng.shuffle(centres)
    return centres


def size_matters_rows(size: int, seed: int = SEED) -> list[tuple[Cell, ...]]:
    """Whole boards (``size`` rounded up to a multiple of 7 rows), 7 boards a round from a field of 50."""
    rng = random.Random(seed)
    rows: list[tuple[Cell, ...]] = []
    seated: list[str] = []
    boards = -(-size // len(POWERS))
    for b in range(boards):
        round_, board = divmod(b, BOARDS_PER_ROUND)
        if board == 0:
            seated = rng.sample(_field(), BOARDS_PER_ROUND * len(POWERS))
        players = seated[board * len(POWERS) : (board + 1) * len(POWERS)]
        for power, player, centres in zip(POWERS, players, _final_centres(rng), strict=True):
            rows.append((round_ + 1, board + 1, power, player, centres))
    return rows


def size_matters_expected(event: Sequence[tuple[Cell, ...]]) -> Outcome:
    """The core's scores and standings for the tournament's rows."""
    table = [list(SIZE_MATTERS_HEADER), *[list(row) for row in event]]
    standings = {
        s.player: dict(zip(SIZE_MATTERS_STANDING, astuple(s), strict=True)) for s in size_matters_standings(table)
    }
    return Outcome(list(size_matters_points(table)), standings)


def size_matters_plain(book: Workbook, event: Sequence[tuple[Cell, ...]]) -> None:
    """Games!F and the Standings sheet as per-row COUNTIFS and MAXIFS over the whole table (quadratic); the
    standings leave out head to head."""
    last = len(event) + 1
    round_, board, centres = (f"${c}$2:${c}${last}" for c in "ABE")
    _size_matters_sheets(book, event, lambda r: (round_, board, centres))


def size_matters_competent(book: Workbook, event: Sequence[tuple[Cell, ...]]) -> None:
    """Games!F from each board's own rows (COUNTIFS and MAXIFS over the 13 rows around the row, since a board's
    seven rows are typed together), the standings by SUMIF, COUNTIFS and COUNTIF per player over the whole table."""
    last = len(event) + 1
    reach = len(POWERS) - 1
    _size_matters_sheets(
        book,
        event,
        lambda r: (_window(r, "A", last, reach), _window(r, "B", last, reach), _window(r, "E", last, reach)),
    )


def _size_matters_sheets(
    book: Workbook, event: Sequence[tuple[Cell, ...]], ranges: Callable[[int], tuple[str, str, str]]
) -> None:
    last = len(event) + 1
    games = book["Games"]
    for r in range(2, last + 1):
        round_, board, centres = ranges(r)
        same = f"{round_},A{r},{board},B{r}"
        n = f'COUNTIFS({same},{centres},">0")'
        top = f"_xlfn.MAXIFS({centres},{same})"
        draw = f"IF({n}=7,15,210/{n})"
        games[f"F{r}"] = f"=IF(E{r}=0,0,IF({top}>=18,IF(E{r}>=18,210,E{r}*E{r}*{n}/34),{draw}*MAX(E{r}*{n}/34,6/7)))"
    player, centres, score = (f"Games!${c}$2:${c}${last}" for c in "DEF")
    _plain_standings(
        book["Standings"],
        SIZE_MATTERS_STANDING,
        sorted({str(row[3]) for row in event}),
        lambda i: {
            "place": f"=RANK(C{i},$C$2:$C${PLAYERS + 1})",
            "total": f"=SUMIF({player},B{i},{score})",
            "solos": f'=COUNTIFS({player},B{i},{centres},">=18")',
            "boards": f"=COUNTIF({player},B{i})",
        },
    )


# Both ---------------------------------------------------------------------------------------------------------------


def _plain_standings(
    ws: Worksheet, columns: Sequence[str], names: Sequence[str], formulas: Callable[[int], dict[str, str]]
) -> None:
    """One row per player: the name in column B, ``formulas(row)`` by column name, other columns left blank."""
    ws["A1"] = None  # the template's one spilling formula
    for c, name in enumerate(columns, start=1):
        ws.cell(1, c).value = name
    for i, name in enumerate(names, start=2):
        ws[f"B{i}"] = name
        for column, formula in formulas(i).items():
            ws.cell(i, columns.index(column) + 1).value = formula


class Build(Protocol):
    """A template's ``build`` with its input table ``rows`` long and filled with ``results``."""

    def __call__(self, sample: bool = True, *, rows: int, results: Sequence[Sequence[Cell]] | None) -> Template: ...


@dataclass(frozen=True)
class System:
    """A template under test: how to make its rows, what the core says, and its copies for LibreOffice."""

    name: str
    build: Build
    rows: Callable[[int], list[tuple[Cell, ...]]]
    expected: Callable[[Sequence[tuple[Cell, ...]]], Outcome]
    competent: Callable[[Workbook, Sequence[tuple[Cell, ...]]], None]  # what a competent user writes
    countifs: Callable[[Workbook, Sequence[tuple[Cell, ...]]], None]  # per-row COUNTIFS over the whole table
    sheet: str  # the input sheet
    column: str  # its column of the per-row result
    total: str  # the standings column the place ranks
    compared: tuple[str, ...]  # the standings columns the plain copy computes (place: where the total is unique)


SYSTEMS = {
    "rplops": System(
        "RPLOPS event",
        rplops_event.build,
        rplops_event_rows,
        rplops_expected,
        rplops_competent,
        rplops_plain,
        "Results",
        RPLOPS_POINTS,
        "points",
        ("place", "games", "hours", "points", "points_per_game", "points_per_hour"),
    ),
    "size-matters": System(
        "Size Matters tournament",
        size_matters_tournament.build,
        size_matters_rows,
        size_matters_expected,
        size_matters_competent,
        size_matters_plain,
        "Games",
        "F",
        "total",
        ("place", "total", "solos", "boards"),
    ),
}


def write_workbooks(
    system: System, event: Sequence[tuple[Cell, ...]], xlscore_copy: Path, copies: dict[Path, bool]
) -> None:
    """The template filled with ``event`` as shipped, and a copy for the peers for each path of ``copies``: the
    competent formulas (True) or the per-row COUNTIFS (False). The peers' copies have no Seating sheet: neither has
    SEATING, the comparison is of the results and standings, and the formulas engine refuses a whole workbook over
    the sheet's structured references (xlscore computes its Seating sheet as shipped, a little more work)."""
    built = system.build(rows=len(event), results=event)
    built.save(xlscore_copy)
    for path, competent in copies.items():
        book = system.build(rows=len(event), results=event).workbook
        (system.competent if competent else system.countifs)(book, event)
        if SEATING_SHEET in book.sheetnames:
            del book[SEATING_SHEET]
        book.save(path)


def read_outcome(path: Path, sheet: str, column: str, size: int) -> Outcome:
    """``column`` of rows 2..size+1 of ``sheet`` and the Standings rows by player, as a recalculated copy holds
    them."""
    at = column_index_from_string(column)
    book = openpyxl.load_workbook(path, read_only=True, data_only=True)
    named_as = {name.upper(): name for name in book.sheetnames}  # the formulas engine writes them in upper case
    try:
        cells = book[named_as[sheet.upper()]].iter_rows(
            min_row=2, max_row=size + 1, min_col=at, max_col=at, values_only=True
        )
        points: list[object] = [value for (value,) in cells]
        rows = book[named_as["STANDINGS"]].iter_rows(values_only=True)
        # The template's headings are for people ("Points per game"); the plain copy's are keys: matched as keys.
        header = [column_key(h) for h in next(rows, ()) if h is not None]
        standings: dict[str, Standing] = {}
        for row in rows:
            named: Standing = dict(zip(header, row, strict=False))
            if named.get("player") not in (None, ""):
                standings[str(named["player"])] = named
    finally:
        book.close()
    return Outcome(points + [None] * (size - len(points)), standings)


def _close(got: object, want: object) -> bool:
    if isinstance(got, int | float) and isinstance(want, int | float) and not isinstance(got, bool):
        return math.isclose(got, want, rel_tol=TOLERANCE, abs_tol=TOLERANCE)
    return got == want


def differences(system: System, got: Outcome, want: Outcome, limit: int = 5) -> tuple[int, list[str]]:
    """How many cells differ from the core, and the first ``limit`` of them described.

    A place is compared only where the player's total is unique: equal totals are separated by each system's own
    tie-breaks, which RANK does not have.
    """
    wrong = [
        f"{system.sheet}!{system.column}{r}: {g!r}, expected {w!r}"
        for r, (g, w) in enumerate(zip(got.points, want.points, strict=True), start=2)
        if not _close(g, w)
    ]
    totals = [s[system.total] for s in want.standings.values()]
    for player in sorted(want.standings.keys() | got.standings.keys()):
        mine, core = got.standings.get(player), want.standings.get(player)
        if mine is None or core is None:
            wrong.append(f"Standings, {player}: {'missing' if mine is None else 'not a player of the event'}")
            continue
        tied = sum(1 for t in totals if _close(t, core[system.total])) > 1
        wrong += [
            f"Standings, {player}, {column}: {mine.get(column)!r}, expected {core[column]!r}"
            for column in system.compared
            if not (column == "place" and tied) and not _close(mine.get(column), core[column])
        ]
    return len(wrong), wrong[:limit]


@dataclass(frozen=True)
class Row:
    system: str
    size: int
    xlscore: Measurement
    libreoffice: Measurement
    floor: Measurement
    countifs: Measurement | None  # the per-row COUNTIFS copy, at the sizes it is run
    formulas: Measurement | None  # the formulas engine on the competent copy, at the sizes it is run
    verdict: str


def _seconds(m: Measurement | None, timeout: float) -> str:
    if m is None:
        return "-"
    if m.ok:
        return f"{m.seconds:,.2f}"
    return f"timeout {timeout:g}" if any(run.timed_out for run in m.runs) else "failed"


def _ratio(top: Measurement | None, bottom: Measurement, what: str) -> str:
    if top is None or not top.ok or not bottom.ok:
        return "n/a"
    if what == "time":
        return f"{top.seconds / bottom.seconds:,.2f}"
    return f"{top.peak_mib / bottom.peak_mib:,.2f}"


def print_table(rows: Sequence[Row], timeout: float) -> None:
    header = (
        "template",
        "rows",
        "xlscore s",
        "MiB",
        "LO s",
        "LO MiB",
        "LO/xl time",
        "LO/xl mem",
        "floor s",
        "xl/floor",
        "COUNTIFS s",
        "xl CPU s",
        "LO CPU s",
        "formulas s",
        "MiB",
        "fm/xl time",
    )
    widths = (14, 9, 10, 7, 9, 8, 11, 10, 9, 9, 12, 10, 10, 12, 7, 11)
    print(header[0].ljust(widths[0]) + "".join(h.rjust(w) for h, w in zip(header[1:], widths[1:], strict=True)))
    for row in rows:
        x, lo = row.xlscore, row.libreoffice
        cells = (
            f"{row.size:,}",
            _seconds(x, timeout),
            f"{x.peak_mib:,.0f}" if x.ok else "n/a",
            _seconds(lo, timeout),
            f"{lo.peak_mib:,.0f}" if lo.ok else "n/a",
            _ratio(lo, x, "time"),
            _ratio(lo, x, "memory"),
            _seconds(row.floor, timeout),
            _ratio(x, row.floor, "time"),
            _seconds(row.countifs, timeout),
            f"{x.cpu_seconds:,.2f}" if x.ok else "n/a",
            f"{lo.cpu_seconds:,.2f}" if lo.ok else "n/a",
            _seconds(row.formulas, timeout),
            f"{row.formulas.peak_mib:,.0f}" if row.formulas is not None and row.formulas.ok else "-",
            _ratio(row.formulas, x, "time") if row.formulas is not None else "-",
        )
        line = row.system.ljust(widths[0]) + "".join(c.rjust(w) for c, w in zip(cells, widths[1:], strict=True))
        print(f"{line}  {row.verdict}", flush=True)


def _measured(runs: list[Run], output: Path) -> Measurement:
    return Measurement(runs, output)


def run_size(
    key: str,
    system: System,
    size: int,
    soffice: str,
    profile: Path,
    folder: Path,
    timeout: float,
    countifs_max: int,
    formulas_max: int,
) -> tuple[Row, list[str]]:
    folder.mkdir()
    event = system.rows(size)
    want = system.expected(event)
    source, competent, countifs = (folder / f"{key}-{kind}.xlsx" for kind in ("xlscore", "competent", "countifs"))
    with_countifs = size <= countifs_max
    write_workbooks(system, event, source, {competent: True} | ({countifs: False} if with_countifs else {}))
    out = folder / "xlscore-out.xlsx"
    xlscore = _measured([run_alone(xlscore_argv(source, out), timeout=timeout, log=folder / "xlscore.log")], out)
    floor_out = folder / "floor-out.xlsx"
    floor_argv = [sys.executable, str(Path(__file__).with_name("floor.py")), str(source), str(floor_out), FAST_ABOVE]
    floor = _measured([run_alone(floor_argv, timeout=timeout, log=folder / "floor.log")], floor_out)
    measured: dict[str, Measurement] = {}
    for name, copy in (("LibreOffice", competent), ("LibreOffice per-row COUNTIFS", countifs)):
        if name.endswith("COUNTIFS") and not with_countifs:
            continue
        work = folder / name.replace(" ", "-")
        run, output = libreoffice_convert(
            soffice, copy, work / "out", copy_profile(profile, work / "profile"), timeout=timeout
        )
        shutil.rmtree(work / "profile", ignore_errors=True)
        measured[name] = _measured([run], output)
    if size <= formulas_max:
        engine_out = folder / "formulas-out.xlsx"
        engine_argv = [
            sys.executable,
            str(Path(__file__).with_name("formulas_recalc.py")),
            str(competent),
            str(engine_out),
        ]
        engine_log = folder / "formulas.log"
        measured["formulas"] = _measured([run_alone(engine_argv, timeout=timeout, log=engine_log)], engine_out)
    problems: list[str] = []
    verdict: list[str] = []
    label = f"{system.name}, {len(event):,} rows"
    for name, measurement in (("xlscore", xlscore), *measured.items()):
        if not measurement.ok:
            problems.append(f"{label}, {name}: {measurement.failure()}")
            verdict.append(f"{name} {'timed out' if any(r.timed_out for r in measurement.runs) else 'failed'}")
            continue
        got = read_outcome(measurement.output, system.sheet, system.column, len(event))
        wrong, shown = differences(system, got, want)
        verdict.append(f"{name} {'= core' if not wrong else f'{wrong} cells wrong'}")
        problems += [f"{label}, {name}: {line}" for line in shown]
    if not floor.ok:
        problems.append(f"{label}, floor: {floor.failure()}")
    row = Row(
        key,
        len(event),
        xlscore,
        measured["LibreOffice"],
        floor,
        measured.get("LibreOffice per-row COUNTIFS"),
        measured.get("formulas"),
        ", ".join(verdict),
    )
    return row, problems


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument(
        "--sizes", type=parse_sizes, default=list(SIZES), help="result rows, e.g. 1000,10000,50000,100000"
    )
    parser.add_argument(
        "--templates", default=",".join(SYSTEMS), help=f"which templates, of {', '.join(SYSTEMS)} (default: all)"
    )
    parser.add_argument("--timeout", type=float, default=600, help="seconds before a run is killed")
    parser.add_argument(
        "--countifs-max",
        type=int,
        default=10_000,
        help="run the per-row COUNTIFS copy (quadratic) up to this many rows (default 10000)",
    )
    parser.add_argument(
        "--formulas-max",
        type=int,
        default=1_000,
        help="run the formulas engine on the competent copy up to this many rows (default 1000; about 18 s there)",
    )
    parser.add_argument("--soffice", help="the soffice executable (default: soffice on the PATH)")
    parser.add_argument("--workdir", type=Path, help="where the workbooks go (default: a new temporary folder)")
    parser.add_argument("--keep", action="store_true", help="keep the workbooks, outputs, logs and profiles")
    parser.add_argument(
        "--shipped", action="store_true", help="every shipped template's recalc and standings against RPLOPS's"
    )
    parser.add_argument("--repeat", type=int, default=7, help="with --shipped: rounds counted (default 7)")
    options = parser.parse_args(argv)
    if options.shipped:
        folder = Path(tempfile.mkdtemp(prefix="xlscore-bench-shipped-", dir=options.workdir))
        try:
            return shipped_ratios(folder, options.repeat, options.timeout)
        finally:
            if not options.keep:
                shutil.rmtree(folder, ignore_errors=True)
    sizes = (0, RATIO_FLOOR, RATIO_FLOOR + 1, 30 * RATIO_FLOOR)
    if any(floor_packing_level(n, RATIO_FLOOR) != packing_level(n) for n in sizes):
        parser.error("benchmarks/floor.py no longer packs as xlscore recalc does (recalc.packing_level)")
    chosen = [key.strip() for key in options.templates.split(",") if key.strip()]
    if not chosen or any(key not in SYSTEMS for key in chosen):
        parser.error(f"--templates: expected some of {', '.join(SYSTEMS)}, got {options.templates!r}")

    soffice = find_soffice(options.soffice)
    if soffice is None:
        print(f"LibreOffice (soffice) not found. Install it with:\n\n    {INSTALL_COMMAND}\n", file=sys.stderr)
        return 1
    if options.workdir is not None:
        options.workdir.mkdir(parents=True, exist_ok=True)
    work = Path(tempfile.mkdtemp(prefix="xlscore-bench-templates-", dir=options.workdir))
    try:
        print(f"{soffice_version(soffice)} ({soffice}); Python {platform.python_version()}; {os.cpu_count()} CPUs")
        profile, _ = check_forced_recalc(soffice, work / "probe", options.timeout)
        print(
            f"recalculation forced: the probe's stale cached {PROBE_STALE} became {PROBE_COMPUTED} with "
            f"OOXMLRecalcMode=0 (and stayed {PROBE_STALE} with LibreOffice's default)"
        )
        through = f"through {GNU_TIME}" if GNU_TIME else "through ru_maxrss of the child (GNU time not found)"
        print(f"peak memory of each child alone, {through}: /bin/true measures {floor_mib(work / 'true'):.1f} MiB")
        print(f"{PLAYERS} players, seed {SEED}\n", flush=True)
        rows: list[Row] = []
        problems: list[str] = []
        for key in chosen:
            for size in options.sizes:
                folder = work / f"{key}-{size}"
                row, found = run_size(
                    key,
                    SYSTEMS[key],
                    size,
                    soffice,
                    profile,
                    folder,
                    options.timeout,
                    options.countifs_max,
                    options.formulas_max,
                )
                rows.append(row)
                problems += found
        print_table(rows, options.timeout)
        print(
            "\nLO = LibreOffice with competent formulas (each row's place from its game's own rows; SUMIF and COUNTIF"
            " per player), a started profile. LO/xl = LibreOffice / xlscore: above 1, xlscore is ahead. floor = unzip,"
            " parse every XML part with expat and zip again, nothing computed (benchmarks/floor.py); xl/floor ="
            " xlscore s / floor s. COUNTIFS = LibreOffice with per-row COUNTIFS over the whole table (quadratic,"
            f" shown up to {options.countifs_max:,} rows as an extra). formulas = the formulas engine (the formula"
            " engine xlscore builds on, alone: load, compile, calculate, write) on LibreOffice's competent copy, up to"
            f" {options.formulas_max:,} rows (--formulas-max); fm/xl = formulas s / xlscore s. Seconds are wall clock"
            " on a machine that may be shared; CPU s = user + system seconds of the child and its children, which"
            " another program's load changes less."
        )
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
