"""LibreOffice headless as a peer formula engine: a private profile that forces recalculation, and a measured run.

Install it (Debian 12 ships LibreOffice 7.4; about 90 MB, no Java, no desktop):

    apt-get update && apt-get install -y --no-install-recommends libreoffice-calc-nogui

LibreOffice keeps the cached values of an xlsx unless told otherwise: by default (``OOXMLRecalcMode`` 1, "never")
a formula cell that carries a value keeps it, and only cells saved without a value are computed. Every run here
gets its own profile folder (``-env:UserInstallation``) whose ``user/registrymodifications.xcu`` sets
``OOXMLRecalcMode`` (and ``ODFRecalcMode``) to 0, "always recalculate on load", so the run never touches the
user's own profile and a second soffice never hands its work to one already running. :func:`write_probe` and
:func:`read_probe` check that the setting took effect: the probe is an xlsx whose formula cell carries a wrong
cached value.

:func:`run_measured` times a command and reads its peak memory from the kernel's own accounting for that child:
``os.wait4`` returns the rusage of the process it reaps, whose ``ru_maxrss`` is the largest peak resident set of
that process and of every descendant it waited for (the largest single process, not a sum). For soffice that is
soffice.bin under oosplash; for ``python -m xlscore`` it is the Python process. Each measurement reaps only its own
child, so one run's peak never leaks into the next (``getrusage(RUSAGE_CHILDREN)`` would give the maximum over all
children so far). Every run is bounded by a timeout, after which its whole process group is killed.
"""

from __future__ import annotations

import contextlib
import os
import re
import shutil
import signal
import subprocess
import threading
import time
import zipfile
from dataclasses import dataclass
from pathlib import Path

import openpyxl

__all__ = [
    "INSTALL_COMMAND",
    "PROBE_COMPUTED",
    "PROBE_STALE",
    "RECALC_ALWAYS",
    "RECALC_NEVER",
    "Run",
    "convert_to_xlsx",
    "copy_profile",
    "find_soffice",
    "new_profile",
    "read_probe",
    "registry_modifications",
    "run_measured",
    "soffice_version",
    "write_probe",
]

INSTALL_COMMAND = "apt-get update && apt-get install -y --no-install-recommends libreoffice-calc-nogui"

RECALC_ALWAYS = 0
"""``OOXMLRecalcMode`` / ``ODFRecalcMode`` 0: recalculate every formula when a file is loaded."""
RECALC_NEVER = 1
"""LibreOffice's default: keep the values saved in the file (2 would ask, which headless cannot)."""

_XCU = """<?xml version="1.0" encoding="UTF-8"?>
<oor:items xmlns:oor="http://openoffice.org/2001/registry" xmlns:xs="http://www.w3.org/2001/XMLSchema" \
xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
<item oor:path="/org.openoffice.Office.Calc/Formula/Load"><prop oor:name="OOXMLRecalcMode" oor:op="fuse">\
<value>{mode}</value></prop></item>
<item oor:path="/org.openoffice.Office.Calc/Formula/Load"><prop oor:name="ODFRecalcMode" oor:op="fuse">\
<value>{mode}</value></prop></item>
</oor:items>
"""

PROBE_INPUT, PROBE_FORMULA, PROBE_STALE, PROBE_COMPUTED = 2, "A1*21", -1, 42


def registry_modifications(mode: int = RECALC_ALWAYS) -> str:
    """The ``registrymodifications.xcu`` that sets both recalculation-on-load modes to ``mode``."""
    return _XCU.format(mode=mode)


def new_profile(folder: Path, mode: int = RECALC_ALWAYS) -> Path:
    """Create an empty LibreOffice profile in ``folder`` holding only the recalculation setting; return ``folder``.

    LibreOffice fills in the rest on its first start (about a second) and keeps the setting.
    """
    user = folder / "user"
    user.mkdir(parents=True)
    (user / "registrymodifications.xcu").write_text(registry_modifications(mode), encoding="utf-8")
    return folder


def copy_profile(template: Path, folder: Path) -> Path:
    """A fresh copy of an already started profile, so a run pays no first-start cost and inherits no state."""
    shutil.copytree(template, folder, symlinks=True)
    return folder


def find_soffice(explicit: str | None = None) -> str | None:
    """The soffice executable: ``explicit`` if given, else ``soffice`` or ``libreoffice`` on the PATH."""
    if explicit:
        return shutil.which(explicit)
    return shutil.which("soffice") or shutil.which("libreoffice")


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


def convert_to_xlsx(soffice: str, source: Path, outdir: Path, profile: Path, *, timeout: float) -> tuple[Run, Path]:
    """``soffice --headless --convert-to xlsx`` of ``source`` into ``outdir`` with ``profile``; the run and output.

    soffice reports success with exit code 0 even when it could not load the file, so the caller checks that the
    output exists.
    """
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
    run = run_measured(argv, timeout=timeout, log=outdir / "soffice.log")
    return run, outdir / f"{source.stem}.xlsx"


def write_probe(path: Path) -> None:
    """An xlsx whose B1 = A1*21 carries the stale cached value -1; a recalculating engine writes 42.

    openpyxl cannot store a formula's value, so the sheet's XML is patched after saving. A file with no cached
    values would prove nothing: LibreOffice computes cells saved without a value even when told never to
    recalculate.
    """
    book = openpyxl.Workbook()
    sheet = book.active
    assert sheet is not None
    sheet.title = "Probe"
    sheet["A1"] = PROBE_INPUT
    sheet["B1"] = f"={PROBE_FORMULA}"
    plain = path.with_suffix(".plain.xlsx")
    book.save(plain)
    cell = re.compile(rb"(<f>" + re.escape(PROBE_FORMULA.encode()) + rb"</f>)\s*(?:<v\s*/>|<v>\s*</v>)?")
    with zipfile.ZipFile(plain) as source, zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as target:
        for item in source.infolist():
            data = source.read(item)
            if item.filename == "xl/worksheets/sheet1.xml":
                data, found = cell.subn(rb"\1<v>" + str(PROBE_STALE).encode() + rb"</v>", data)
                if found != 1:
                    raise RuntimeError(f"probe: expected one formula cell {PROBE_FORMULA} in sheet1.xml, found {found}")
            target.writestr(item, data)
    plain.unlink()


def read_probe(path: Path) -> object:
    """B1's value as saved in ``path`` (-1 if nothing recalculated, 42 if something did)."""
    book = openpyxl.load_workbook(path, data_only=True)
    try:
        return book["Probe"]["B1"].value
    finally:
        book.close()
