"""Measuring a child process alone: wall time, CPU time and the peak memory of the child itself.

``ru_maxrss`` of a child started from Python counts the Python parent's pages: a forked child starts as a copy of its
parent, and the kernel keeps that copy's peak when the child execs, so ``/bin/true`` measures about 50 MiB when the
benchmark's own process holds that much. A small program in between (GNU ``time``, a few MiB) forks the real child,
which then starts from that program's few pages; ``time`` reports the child's own peak. :func:`run_alone` measures
through it, and :func:`floor_mib` shows what ``/bin/true`` measures, so the table states its own floor.

Used by bench_recalc.py and bench_templates.py; the LibreOffice command line is built here as
``xlscore.excel.libreoffice.soffice`` builds it, so that the same command is measured through ``time``.
"""

from __future__ import annotations

import dataclasses
import functools
import shutil
import sys
from collections.abc import Sequence
from pathlib import Path

from xlscore.excel.libreoffice.soffice import Run, run_measured, soffice_env

__all__ = ["GNU_TIME", "floor_mib", "libreoffice_convert", "run_alone", "xlscore_argv"]

GNU_TIME = shutil.which("time") or ("/usr/bin/time" if Path("/usr/bin/time").exists() else None)


def run_alone(argv: Sequence[str], *, timeout: float, log: Path, env: dict[str, str] | None = None) -> Run:
    """``argv`` run and measured; its peak memory is the child's own when GNU time is installed (else, as
    ``run_measured`` gives it, at least the benchmark's own footprint)."""
    if GNU_TIME is None:
        return run_measured(list(argv), timeout=timeout, log=log, env=env)
    peak_file = log.with_suffix(".peak")
    peak_file.unlink(missing_ok=True)
    run = run_measured([GNU_TIME, "-f", "%M", "-o", str(peak_file), *argv], timeout=timeout, log=log, env=env)
    text = peak_file.read_text(encoding="utf-8").strip().splitlines() if peak_file.exists() else []
    kib = next((line for line in reversed(text) if line.strip().isdigit()), None)
    if kib is None:
        return run  # killed before time wrote its figure: the run is a failure anyway
    return dataclasses.replace(run, argv=tuple(argv), peak_mib=int(kib) / 1024)


def floor_mib(folder: Path) -> float:
    """What ``/bin/true`` measures through :func:`run_alone`: the lowest figure a run can show."""
    folder.mkdir(parents=True, exist_ok=True)
    return run_alone(["/bin/true"], timeout=30, log=folder / "true.log").peak_mib


def xlscore_argv(source: Path, output: Path) -> list[str]:
    compiled()
    return [sys.executable, "-m", "xlscore", "recalc", str(source), "-o", str(output)]


@functools.cache
def compiled() -> None:
    """xlscore's modules compiled to bytecode, once, as an installed package has them. Where
    PYTHONDONTWRITEBYTECODE is set (it is on some shared machines) and nothing compiled them, every child would
    compile about a hundred modules from source as it starts (0.2 to 0.3 s on a 2-core machine), which no
    installed xlscore does."""
    import compileall

    import xlscore

    compileall.compile_dir(str(Path(xlscore.__file__).parent), quiet=1)


def libreoffice_convert(soffice: str, source: Path, outdir: Path, profile: Path, *, timeout: float) -> tuple[Run, Path]:
    """``soffice --headless --convert-to xlsx`` of ``source`` with ``profile``, measured alone; the run and output."""
    outdir.mkdir(parents=True, exist_ok=True)
    argv = [
        soffice,
        "--headless",
        "--norestore",
        f"-env:UserInstallation={profile.resolve().as_uri()}",
        "--convert-to",
        "xlsx",
        "--outdir",
        str(outdir),
        str(source),
    ]
    run = run_alone(argv, timeout=timeout, log=outdir / "soffice.log", env=soffice_env())
    return run, outdir / f"{source.stem}.xlsx"
