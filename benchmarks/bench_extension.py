"""An RPLOPS event template computed in LibreOffice with xlscore's extension, against ``xlscore recalc``.

    python benchmarks/bench_extension.py [--sizes 1000,10000] [--repeat 3] [--timeout 600]

Needs LibreOffice with python3-uno and the script provider (docs/guide/libreoffice.md). The template
(:mod:`xlscore.excel.templates.rplops_event`) is built with its Results table N rows long and filled with a
synthetic event from a fixed seed: whole games of 2 to 6 of a field of 50 players, scores 0 to 12 (ties common),
one length in hours per game. Both programs compute the same file, with the same formulas (the template's own
``RPLOPS_POINTS`` column and ``RPLOPS_STANDINGS`` table), through the same Python (the extension runs xlscore's
core in LibreOffice's interpreter):

* xlscore: ``python -m xlscore recalc IN.xlsx -o OUT.xlsx`` as a child process;
* LibreOffice: ``soffice --headless --convert-to xlsx IN.xlsx`` with a private profile that has the extension
  installed (``unopkg add``) and recalculates every formula on load, so the run loads, computes and writes.

Seconds are wall clock from starting the child to its exit, the best of ``--repeat`` runs; peak memory is the
child's own ``ru_maxrss`` (the largest process of its tree, the parent Python not included), in MiB. Ratios are
LibreOffice / xlscore: above 1, xlscore is ahead. Both outputs are read back with openpyxl and every standing is
checked against the core's ``rplops_standings`` over the same rows, to 1e-9. Exits 1 on a failed run, a timeout or
a wrong output.
"""

from __future__ import annotations

import argparse
import math
import platform
import random
import sys
import tempfile
from pathlib import Path

import openpyxl

from xlscore.core.systems.rplops_event import rplops_standings
from xlscore.excel.libreoffice.profile import extension_profile
from xlscore.excel.libreoffice.soffice import Run, find_soffice, run_measured, soffice_env, soffice_version
from xlscore.excel.templates import rplops_event

SEED = 20261123
Row = tuple[str, str, float, None, float]


def event(size: int, seed: int = SEED) -> list[Row]:
    """``size`` result rows (game, player, score, place, hours): whole games of 2 to 6 distinct players."""
    rng = random.Random(seed)
    field = [f"Player {i:02d}" for i in range(1, 51)]
    rows: list[Row] = []
    game = 0
    while len(rows) < size:
        game += 1
        hours = rng.choice((0.5, 1.0, 1.5, 2.0, 3.0))
        for player in rng.sample(field, min(rng.randint(2, 6), size - len(rows)) or 1):
            rows.append((f"G{game}", player, float(rng.randint(0, 12)), None, hours))
    return rows


def expected(rows: list[Row]) -> dict[str, float]:
    table = [["game", "player", "score", "place", "hours"], *[list(r) for r in rows]]
    return {s.player: float(s.points) for s in rplops_standings(table)}


def shown(path: Path) -> dict[str, float]:
    book = openpyxl.load_workbook(path, data_only=True, read_only=True)
    try:
        found: dict[str, float] = {}
        for row in book["Standings"].iter_rows(min_row=2, values_only=True):
            if row[1] not in (None, ""):
                found[str(row[1])] = float(row[4])  # type: ignore[arg-type]
        return found
    finally:
        book.close()


def wrong(got: dict[str, float], want: dict[str, float]) -> list[str]:
    if set(got) != set(want):
        return [f"players differ: {len(got)} shown, {len(want)} expected"]
    return [f"{p}: {got[p]} != {w}" for p, w in want.items() if not math.isclose(got[p], w, rel_tol=1e-9)]


def best(runs: list[Run]) -> Run:
    return min(runs, key=lambda r: r.seconds)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--sizes", default="1000,10000", help="result rows, comma-separated (default %(default)s)")
    parser.add_argument("--repeat", type=int, default=3, help="runs of each program per size (default %(default)s)")
    parser.add_argument("--timeout", type=float, default=600, help="seconds per run (default %(default)s)")
    options = parser.parse_args(argv)
    soffice = find_soffice()
    if soffice is None:
        print("LibreOffice (soffice) not found; docs/guide/libreoffice.md says how to install it", file=sys.stderr)
        return 1
    print(f"{soffice_version(soffice)}; Python {platform.python_version()}")
    print(f"{'rows':>8} | {'xlscore recalc':>18} | {'LibreOffice + extension':>24} | {'time ratio':>10} | memory ratio")
    failed = False
    with tempfile.TemporaryDirectory(prefix="xlscore-bench-extension-") as folder:
        work = Path(folder)
        profile = extension_profile(soffice, work / "profile")
        for size in (int(s) for s in options.sizes.split(",")):
            rows = event(size)
            book = work / f"rplops-{size}.xlsx"
            rplops_event.build(rows=size, results=rows).save(book)
            ours: list[Run] = []
            theirs: list[Run] = []
            for attempt in range(options.repeat):
                out = work / f"{size}" / f"x{attempt}"
                out.mkdir(parents=True)
                ours.append(
                    run_measured(
                        [sys.executable, "-m", "xlscore", "recalc", str(book), "-o", str(out / book.name)],
                        timeout=options.timeout,
                        log=out / "xlscore.log",
                    )
                )
                lo = work / f"{size}" / f"lo{attempt}"
                lo.mkdir(parents=True)
                argv = [soffice, "--headless", "--norestore", f"-env:UserInstallation={profile.as_uri()}"]
                argv += [f"-env:UNO_SHARED_PACKAGES_CACHE={(profile / 'shared-extensions').as_uri()}"]
                argv += ["--convert-to", "xlsx", "--outdir", str(lo), str(book)]
                theirs.append(run_measured(argv, timeout=options.timeout, log=lo / "soffice.log", env=soffice_env()))
            want = expected(rows)
            problems = [f"xlscore: {r.failure}" for r in ours if not r.ok]
            problems += [f"LibreOffice: {r.failure}" for r in theirs if not r.ok]
            if not problems:
                problems += [f"xlscore {p}" for p in wrong(shown(work / f"{size}" / "x0" / book.name), want)[:3]]
                problems += [f"LibreOffice {p}" for p in wrong(shown(work / f"{size}" / "lo0" / book.name), want)[:3]]
            x, lo_run = best(ours), best(theirs)
            print(
                f"{size:>8,} | {x.seconds:7.2f} s {x.peak_mib:6.0f} MiB | {lo_run.seconds:12.2f} s "
                f"{lo_run.peak_mib:6.0f} MiB | {lo_run.seconds / x.seconds:9.2f}x | {lo_run.peak_mib / x.peak_mib:.2f}x"
            )
            for problem in problems:
                print(f"  FAILED {problem}")
            failed = failed or bool(problems)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
