"""Running LibreOffice's soffice headless: finding it, bounded and measured runs, conversions.

:func:`run_measured` times a command and reads its peak memory from the kernel's own accounting for that child:
``os.wait4`` returns the rusage of the process it reaps, whose ``ru_maxrss`` is the largest peak resident set of
that process and of every descendant it waited for (the largest single process, not a sum). Every run is bounded
by a timeout, after which its whole process group is killed. :class:`Office` converts workbooks (xlsx, PDF, one
CSV per sheet) with a profile made by :mod:`xlscore.excel.libreoffice.profile`.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import shutil
import signal
import subprocess
import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import openpyxl

from xlscore.core.errors import XlscoreError

__all__ = [
    "CSV_ALL_SHEETS",
    "EXCEL_NAMES_SINCE",
    "INSTALL_COMMAND",
    "PDF_SHEET_PER_PAGE",
    "TIMEOUT",
    "LibreOfficeError",
    "Office",
    "Run",
    "convert_to_xlsx",
    "find_soffice",
    "profile_arguments",
    "run_measured",
    "sheet_names",
    "soffice_env",
    "soffice_version",
    "version_number",
]

INSTALL_COMMAND = (
    "apt-get update && apt-get install -y --no-install-recommends libreoffice-calc-nogui python3-uno "
    "libreoffice-script-provider-python python3-numpy poppler-utils (LibreOffice 25.2 or later: on Debian 12, add "
    "-t bookworm-backports; see docs/guide/libreoffice.md)"
)

TIMEOUT = 120.0
"""Seconds one soffice run may take before its process group is killed."""


class LibreOfficeError(XlscoreError):
    """LibreOffice is missing, did not finish, or did not write what it was asked to."""


def find_soffice(explicit: str | None = None) -> str | None:
    """The soffice executable: ``explicit`` if given, else ``soffice`` or ``libreoffice`` on the PATH."""
    if explicit:
        return shutil.which(explicit)
    return shutil.which("soffice") or shutil.which("libreoffice")


EXCEL_NAMES_SINCE = (25, 2)
"""The oldest LibreOffice found to read and write an add-in's functions under their Excel names in .xlsx files (7.4
does not), which xlscore's templates need in LibreOffice."""


def version_number(line: str) -> tuple[int, int]:
    """``LibreOffice 25.2.3.2 520(Build:2)`` as ``(25, 2)``; ``(0, 0)`` for a line with no version."""
    match = re.search(r"(\d+)\.(\d+)", line)
    return (int(match.group(1)), int(match.group(2))) if match else (0, 0)


def soffice_version(soffice: str, timeout: float = 60) -> str:
    """``soffice --version``'s line, e.g. ``LibreOffice 7.4.7.2 40(Build:2)``; it starts no office and no profile."""
    done = subprocess.run([soffice, "--version"], capture_output=True, text=True, timeout=timeout, check=False)
    lines = [line for line in done.stdout.splitlines() if line.strip()]
    return lines[0].strip() if lines else "unknown version"


@dataclass(frozen=True)
class Run:
    """One measured child process: wall time, CPU time of the process and its waited-for descendants, peak memory."""

    argv: tuple[str, ...]
    seconds: float
    cpu_seconds: float
    peak_mib: float
    returncode: int
    timed_out: bool
    log: Path

    @property
    def ok(self) -> bool:
        return self.returncode == 0 and not self.timed_out

    @property
    def failure(self) -> str:
        """How a run that is not :attr:`ok` ended, for a message: ``timed out after 120 s`` or ``exit code 1``."""
        return f"timed out after {self.seconds:.0f} s" if self.timed_out else f"exit code {self.returncode}"

    def log_tail(self, lines: int = 15) -> str:
        """The end of the run's combined standard output and error, for a failure message."""
        text = self.log.read_text(encoding="utf-8", errors="replace") if self.log.exists() else ""
        return "\n".join(text.splitlines()[-lines:])


def _kill_group(pgid: int) -> None:
    # The child is not reaped yet when this runs, so the group id is still ours and cannot name someone else's.
    with contextlib.suppress(ProcessLookupError):
        os.killpg(pgid, signal.SIGKILL)


def run_measured(
    argv: list[str], *, timeout: float, log: Path, cwd: Path | None = None, env: dict[str, str] | None = None
) -> Run:
    """Run ``argv`` in its own process group, output to ``log``; measure it and kill its group on ``timeout``."""
    timed_out = threading.Event()
    with log.open("wb") as out:
        start = time.perf_counter()
        child = subprocess.Popen(
            argv,
            stdin=subprocess.DEVNULL,
            stdout=out,
            stderr=subprocess.STDOUT,
            cwd=cwd,
            env=env,
            start_new_session=True,
        )

        def expire() -> None:
            timed_out.set()
            _kill_group(child.pid)

        timer = threading.Timer(timeout, expire)
        timer.start()
        try:
            # Wait without reaping: while the child is a zombie its pid still names our process group.
            os.waitid(os.P_PID, child.pid, os.WEXITED | os.WNOWAIT)
            seconds = time.perf_counter() - start
        finally:
            timer.cancel()
            timer.join()
            # Anything the child left running (a stray office process) goes with it.
            _kill_group(child.pid)
        _, status, usage = os.wait4(child.pid, 0)
    child.returncode = os.waitstatus_to_exitcode(status)
    return Run(
        argv=tuple(argv),
        seconds=seconds,
        cpu_seconds=usage.ru_utime + usage.ru_stime,
        peak_mib=usage.ru_maxrss / 1024,  # kibibytes on Linux
        returncode=child.returncode,
        timed_out=timed_out.is_set(),
        log=log,
    )


def soffice_env(system_bin: Path = Path("/usr/bin")) -> dict[str, str]:
    """The environment for soffice: this one, with ``system_bin`` first on the PATH and no PYTHONHOME/PYTHONPATH.

    LibreOffice's Python (Debian's ``/usr/bin/python3``) finds its standard library from the first ``python3`` on
    the PATH: run from a pyenv or virtualenv Python, it would load that one's and fail inside every script call
    (``std::bad_alloc``, "can't import __main__ module").
    """
    env = {k: v for k, v in os.environ.items() if k not in {"PYTHONHOME", "PYTHONPATH"}}
    if (system_bin / "python3").exists():
        env["PATH"] = os.pathsep.join([str(system_bin), env.get("PATH", "")])
    return env


def foreign_python(system_bin: Path = Path("/usr/bin")) -> str | None:
    """The first ``python3`` on this PATH when it is not the system's one in ``system_bin`` (a virtual environment's,
    pyenv's), which a LibreOffice started with this PATH would take for its own: its Python then fails to start and
    every xlscore cell shows #NAME?. None where that cannot happen (the system's python3 comes first, or there is no
    system python3 beside LibreOffice: Windows and macOS, whose LibreOffice brings its own Python)."""
    system = system_bin / "python3"
    first = shutil.which("python3")
    if first is None or not system.exists():
        return None
    return None if Path(first).resolve() == system.resolve() else first


def profile_arguments(profile: Path) -> list[str]:
    """The soffice and unopkg arguments that keep a run inside ``profile``: its user settings, and its own folder
    for shared extensions (``profile/shared-extensions``) in place of the installation's."""
    return [
        f"-env:UserInstallation={profile.resolve().as_uri()}",
        f"-env:UNO_SHARED_PACKAGES_CACHE={(profile.resolve() / 'shared-extensions').as_uri()}",
    ]


def _convert_argv(soffice: str, profile: Path, to: str, outdir: Path, sources: Sequence[Path]) -> list[str]:
    return [
        soffice,
        "--headless",
        "--norestore",
        *profile_arguments(profile),
        "--convert-to",
        to,
        "--outdir",
        str(outdir),
        *(str(s) for s in sources),
    ]


def convert_to_xlsx(soffice: str, source: Path, outdir: Path, profile: Path, *, timeout: float) -> tuple[Run, Path]:
    """``soffice --headless --convert-to xlsx`` of ``source`` into ``outdir`` with ``profile``; the run and output.

    soffice reports success with exit code 0 even when it could not load the file, so the caller checks that the
    output exists.
    """
    outdir.mkdir(parents=True, exist_ok=True)
    argv = _convert_argv(soffice, profile, "xlsx", outdir, [source])
    run = run_measured(argv, timeout=timeout, log=outdir / "soffice.log", env=soffice_env())
    return run, outdir / f"{source.stem}.xlsx"


CSV_ALL_SHEETS = "csv:Text - txt - csv (StarCalc):44,34,76,1,,0,false,true,false,false,false,-1"
"""Comma, double quotes, UTF-8, values at full precision (not as shown), every sheet to its own file."""
PDF_SHEET_PER_PAGE = "pdf:calc_pdf_Export:" + json.dumps({"SinglePageSheets": {"type": "boolean", "value": "true"}})
"""PDF with each sheet on one page of its own size, so page n is the n-th visible sheet."""


@dataclass(frozen=True)
class Office:
    """A LibreOffice with a private profile (xlscore's extension installed): each :meth:`convert` is one bounded
    soffice run."""

    soffice: str
    profile: Path
    timeout: float = TIMEOUT

    def convert(self, sources: Sequence[Path], outdir: Path, to: str) -> Run:
        """Convert ``sources`` (one soffice start for all) into ``outdir``; ``to`` as ``--convert-to`` takes it."""
        outdir.mkdir(parents=True, exist_ok=True)
        argv = _convert_argv(self.soffice, self.profile, to, outdir, sources)
        run = run_measured(argv, timeout=self.timeout, log=outdir / "soffice.log", env=soffice_env())
        if not run.ok:
            raise LibreOfficeError(f"soffice --convert-to {to} failed ({run.failure}):\n{run.log_tail()}")
        return run

    def to_xlsx(self, sources: Sequence[Path], outdir: Path) -> list[Path]:
        """Every formula computed by LibreOffice, saved as xlsx: ``outdir/<stem>.xlsx`` per source."""
        self.convert(sources, outdir, "xlsx")
        return [_written(outdir / f"{s.stem}.xlsx", s) for s in sources]

    def to_pdf(self, source: Path, outdir: Path) -> Path:
        """The workbook as LibreOffice computes it, one page per visible sheet."""
        self.convert([source], outdir, PDF_SHEET_PER_PAGE)
        return _written(outdir / f"{source.stem}.pdf", source)

    def to_csv(self, source: Path, outdir: Path) -> dict[str, Path]:
        """One CSV per sheet (``<stem>-<sheet>.csv``), values at full precision, by sheet name."""
        self.convert([source], outdir, CSV_ALL_SHEETS)
        return {name: _written(outdir / f"{source.stem}-{name}.csv", source) for name in sheet_names(source)}


def _written(path: Path, source: Path) -> Path:
    # soffice exits 0 even when it could not load a file; only the output says it worked.
    if not path.exists():
        raise LibreOfficeError(f"LibreOffice wrote no {path.name} for {source}")
    return path


def sheet_names(book: Path, *, visible_only: bool = False) -> list[str]:
    """The names of the sheets of ``book`` (only the visible ones if ``visible_only``), in workbook order."""
    workbook = openpyxl.load_workbook(book, read_only=True)
    try:
        return [s.title for s in workbook.worksheets if not visible_only or s.sheet_state == "visible"]
    finally:
        workbook.close()
