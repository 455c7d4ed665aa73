"""LibreOffice as a second spreadsheet program: it computes xlscore's functions with xlscore's own Python.

A workbook's ``=RPLOPS_STANDINGS(...)`` binds, in LibreOffice, to a Basic function of that name in the user
profile's Standard library. :func:`bridge_profile` makes a private profile (never the user's own) whose Standard
library holds one Basic function per :data:`~xlscore.excel.functions.catalogue.CATALOGUE` entry, generated from the
catalogue. Each forwards its arguments to ``xlscore_bridge.py`` in the profile's ``Scripts/python`` folder, which
LibreOffice's Python script provider runs in LibreOffice's own interpreter (Debian's ``/usr/bin/python3``, not the
one xlscore is installed in). That script puts the folder xlscore was imported from at the front of ``sys.path``
and calls :func:`from_basic`, which hands the cells to :func:`~xlscore.excel.functions.edge.call_cells`: the very
code the xlwings add-in and the headless engine call, so LibreOffice's numbers come from no second implementation. The
catalogue and the edge import only the standard library, so LibreOffice's interpreter needs nothing installed.

What the bridge has to bridge (LibreOffice 7.4):

* Calc passes a range to a Basic function as a 2-D array in which a blank cell is 0, unless the module runs in VBA
  mode (``Option VBASupport 1``): then a range arrives as a Range object, which the call into Python hands over as
  a tuple of row tuples with a blank cell blank (``None``), as Excel does. The generated module uses VBA mode for
  that reason and passes every argument on untouched. (In VBA mode a constant argument such as ``1`` or ``TRUE``
  arrives as something that ``IsObject`` calls an object and whose ``.Value`` fails with "Object variable not set",
  so the Basic side must not try to unwrap a Range itself.)
* Whole numbers arrive as ``int``; Excel sends every number as a float, so :func:`from_basic` does too.
* Calc takes a 2-D Basic array back into an array formula, but a nested sequence (what Python returns) becomes
  nothing; the Basic side copies it into a 2-D array.
* Calc reads every result element that is not a number as text, and a Basic function cannot give a cell a real
  error value without raising a Basic error, which headless LibreOffice reports in a dialog nobody closes (the
  conversion hangs). So an error goes back as its text, ``#VALUE! rank 6 is outside 1..5``, as classic xlwings
  shows it; a Python exception is caught by ``On Error`` in every Basic function and shown the same way. A boolean
  goes back as 1 or 0, which is how Calc itself stores TRUE and FALSE.

LibreOffice keeps the cached values of an xlsx unless told otherwise: by default (``OOXMLRecalcMode`` 1, "never")
a formula cell that carries a value keeps it, and only cells saved without a value are computed (array formulas
are computed on load whatever the setting). Every profile made here sets ``OOXMLRecalcMode`` and ``ODFRecalcMode``
to 0, "always recalculate on load", and its first start converts a probe (:func:`write_probe`) whose formula
carries a wrong cached value, to prove that the setting took effect.

On top of the bridge: :meth:`Office.convert` (xlsx, PDF, one CSV per sheet), :func:`compare_books` and
:func:`check_books` (every cell where LibreOffice's value differs from what ``xlscore recalc`` wrote, and every
error cell), :func:`render` (a PNG per sheet via ``pdftoppm``, blank margins cropped) and the command line::

    python3 -m xlscore.excel.libreoffice check BOOK.xlsx [BOOK2.xlsx ...]
    python3 -m xlscore.excel.libreoffice render BOOK.xlsx [BOOK2.xlsx ...] OUTDIR

:func:`run_measured` times a command and reads its peak memory from the kernel's own accounting for that child:
``os.wait4`` returns the rusage of the process it reaps, whose ``ru_maxrss`` is the largest peak resident set of
that process and of every descendant it waited for (the largest single process, not a sum). Every run is bounded
by a timeout, after which its whole process group is killed.

This module is imported inside LibreOffice's interpreter too, so it imports only the standard library and the
catalogue at the top; openpyxl and the recalculation engine are imported where they are used.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import math
import os
import re
import shutil
import signal
import site
import subprocess
import sys
import tempfile
import threading
import time
import zipfile
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from xml.sax.saxutils import escape

import xlscore
from xlscore.core.errors import XlscoreError
from xlscore.excel.functions.catalogue import CATALOGUE, SheetFunction
from xlscore.excel.functions.cells import ERROR_CODES, CellError
from xlscore.excel.functions.edge import call_cells

__all__ = [
    "BASIC_MODULE",
    "BRIDGE_SCRIPT",
    "INSTALL_COMMAND",
    "PROBE_COMPUTED",
    "PROBE_STALE",
    "RECALC_ALWAYS",
    "RECALC_NEVER",
    "Finding",
    "LibreOfficeError",
    "Office",
    "Run",
    "basic_source",
    "bridge_profile",
    "bridge_script",
    "check_books",
    "compare_books",
    "convert_to_xlsx",
    "copy_profile",
    "find_soffice",
    "from_basic",
    "install_bridge",
    "main",
    "new_profile",
    "office",
    "read_probe",
    "registry_modifications",
    "render",
    "run_measured",
    "soffice_env",
    "soffice_version",
    "write_probe",
]

INSTALL_COMMAND = (
    "apt-get update && apt-get install -y --no-install-recommends libreoffice-calc-nogui python3-uno "
    "libreoffice-script-provider-python poppler-utils"
)

RECALC_ALWAYS = 0
"""``OOXMLRecalcMode`` / ``ODFRecalcMode`` 0: recalculate every formula when a file is loaded."""
RECALC_NEVER = 1
"""LibreOffice's default: keep the values saved in the file (2 would ask, which headless cannot)."""

BASIC_MODULE = "Xlscore"
"""The module of the profile's Standard library that holds one Basic function per catalogue entry."""
BRIDGE_SCRIPT = "xlscore_bridge.py"
"""The Python script, in the profile's ``user/Scripts/python``, that the Basic functions call."""

TIMEOUT = 120.0
"""Seconds one soffice run may take before its process group is killed."""

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


class LibreOfficeError(XlscoreError):
    """LibreOffice is missing, did not finish, or did not write what it was asked to."""


# --- profiles and measured runs ---------------------------------------------------------------------------------


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


def _convert_argv(soffice: str, profile: Path, to: str, outdir: Path, sources: Sequence[Path]) -> list[str]:
    return [
        soffice,
        "--headless",
        "--norestore",
        f"-env:UserInstallation={profile.resolve().as_uri()}",
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


def write_probe(path: Path) -> None:
    """An xlsx whose B1 = A1*21 carries the stale cached value -1; a recalculating engine writes 42.

    openpyxl cannot store a formula's value, so the sheet's XML is patched after saving. A file with no cached
    values would prove nothing: LibreOffice computes cells saved without a value even when told never to
    recalculate.
    """
    import openpyxl

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
    import openpyxl

    book = openpyxl.load_workbook(path, data_only=True)
    try:
        return book["Probe"]["B1"].value
    finally:
        book.close()


# --- the bridge: Basic in the profile, Python in LibreOffice's interpreter ---------------------------------------

_BASIC_HEAD = """\
REM Generated by xlscore.excel.libreoffice from xlscore's function catalogue; do not edit.
REM VBA mode: a range argument arrives as a Range object, which reaches Python with a blank cell blank (None);
REM without it Calc hands Basic a blank cell as 0. Arguments go on untouched: in VBA mode a constant such as 1
REM passes IsObject, and its .Value fails.
Option VBASupport 1
Option Explicit

Private xlscoreScript As Object

REM Python gives back a sequence of rows; Calc takes only a 2-D array into an array formula.
Private Function XlscoreCells(result As Variant) As Variant
    If Not IsArray(result) Then
        XlscoreCells = result
        Exit Function
    End If
    Dim rowCount As Long, colCount As Long, r As Long, c As Long, row As Variant
    rowCount = UBound(result) - LBound(result) + 1
    row = result(LBound(result))
    colCount = UBound(row) - LBound(row) + 1
    Dim grid() As Variant
    ReDim grid(1 To rowCount, 1 To colCount)
    For r = 1 To rowCount
        row = result(LBound(result) + r - 1)
        For c = 1 To colCount
            grid(r, c) = row(LBound(row) + c - 1)
        Next c
    Next r
    XlscoreCells = grid
End Function

Private Function XlscoreCall(functionName As String, args As Variant) As Variant
    If xlscoreScript Is Nothing Then
        Set xlscoreScript = CreateUnoService("com.sun.star.script.provider.MasterScriptProviderFactory") _
            .createScriptProvider("") _
            .getScript("vnd.sun.star.script:{script}$call?language=Python&location=user")
    End If
    XlscoreCall = XlscoreCells(xlscoreScript.invoke(Array(functionName, args), Array(), Array()))
End Function
"""

# On Error in every function: a Basic error that escapes opens a dialog, and headless soffice waits on it forever.
# A left-out argument leaves its element of args Empty (None in Python); passed on as a missing Optional, it would
# arrive as 0.
_BASIC_FUNCTION = """
Function {name}({parameters}) As Variant
    On Error GoTo Failed
    Dim args({last}) As Variant
{arguments}    {name} = XlscoreCall("{name}", args)
    Exit Function
Failed:
    {name} = "#VALUE! " & Error$
End Function
"""


def basic_source(functions: Iterable[SheetFunction] = CATALOGUE.values()) -> str:
    """The Basic module: one function per catalogue entry, forwarding its arguments to :data:`BRIDGE_SCRIPT`.

    Parameters are named ``arg_`` and the catalogue's name, so no argument name can be a Basic keyword.
    """
    parts = [_BASIC_HEAD.replace("{script}", BRIDGE_SCRIPT)]
    for function in functions:
        names = [f"arg_{a.name}" for a in function.arguments]
        parts.append(
            _BASIC_FUNCTION.format(
                name=function.name,
                parameters=", ".join(f"Optional {n} As Variant" for n in names),
                last=len(names) - 1,
                arguments="".join(f"    If Not IsMissing({n}) Then args({i}) = {n}\n" for i, n in enumerate(names)),
            )
        )
    return "".join(parts)


def _site_folders() -> list[str]:
    folders = [*site.getsitepackages(), site.getusersitepackages()]
    return [f for f in dict.fromkeys(folders) if Path(f).is_dir()]


def bridge_script(import_path: Path | None = None, site_folders: Sequence[str] | None = None) -> str:
    """The Python script LibreOffice runs: it imports xlscore from ``import_path`` (default: where this one is).

    The core needs numpy and pandas here and there, which LibreOffice's interpreter may lack: when its Python
    version is this one's (the same ABI), it also looks in this interpreter's ``site_folders``.
    """
    folder = import_path if import_path is not None else Path(xlscore.__file__).resolve().parent.parent
    sites = list(site_folders) if site_folders is not None else _site_folders()
    return f'''"""Generated by xlscore.excel.libreoffice: the Basic functions of this profile call ``call``."""

import sys

# LibreOffice runs this in its own interpreter: import the very xlscore that made the profile, and its
# dependencies where it found them, and leave no bytecode behind in their folders.
sys.dont_write_bytecode = True
_FOLDERS = {[str(folder)]!r}
if sys.version_info[:2] == {tuple(sys.version_info[:2])!r}:
    _FOLDERS += {sites!r}
sys.path[0:0] = [f for f in _FOLDERS if f not in sys.path]

from xlscore.excel.libreoffice.soffice import from_basic  # noqa: E402


def call(name, args):
    return from_basic(name, args)


g_exportedScripts = (call,)
'''


def _library(elements: Sequence[str]) -> str:
    items = "".join(f'\n <library:element library:name="{e}"/>' for e in elements)
    return (
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        '<!DOCTYPE library:library PUBLIC "-//OpenOffice.org//DTD OfficeDocument 1.0//EN" "library.dtd">\n'
        '<library:library xmlns:library="http://openoffice.org/2000/library" library:name="Standard" '
        'library:readonly="false" library:passwordprotected="false"'
        + (f">{items}\n</library:library>\n" if items else "/>\n")
    )


def _libraries() -> str:
    return (
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        '<!DOCTYPE library:libraries PUBLIC "-//OpenOffice.org//DTD OfficeDocument 1.0//EN" "libraries.dtd">\n'
        '<library:libraries xmlns:library="http://openoffice.org/2000/library" '
        'xmlns:xlink="http://www.w3.org/1999/xlink">\n'
        ' <library:library library:name="Standard" library:link="false"/>\n'
        "</library:libraries>\n"
    )


def install_bridge(profile: Path, functions: Iterable[SheetFunction] = CATALOGUE.values()) -> None:
    """Write the Basic Standard library and the Python script into an already started ``profile``.

    It has to be started first: on its first start LibreOffice copies its preset profile over ``user/``, Standard
    library included.
    """
    user = profile / "user"
    standard = user / "basic" / "Standard"
    standard.mkdir(parents=True, exist_ok=True)
    (user / "basic" / "script.xlc").write_text(_libraries(), encoding="utf-8")
    (user / "basic" / "dialog.xlc").write_text(_libraries(), encoding="utf-8")
    (standard / "script.xlb").write_text(_library([BASIC_MODULE]), encoding="utf-8")
    (standard / "dialog.xlb").write_text(_library([]), encoding="utf-8")
    for stale in standard.glob("*.xba"):
        stale.unlink()
    module = (
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        '<!DOCTYPE script:module PUBLIC "-//OpenOffice.org//DTD OfficeDocument 1.0//EN" "module.dtd">\n'
        f'<script:module xmlns:script="http://openoffice.org/2000/script" script:name="{BASIC_MODULE}" '
        f'script:language="StarBasic">{escape(basic_source(functions), {chr(34): "&quot;"})}</script:module>\n'
    )
    (standard / f"{BASIC_MODULE}.xba").write_text(module, encoding="utf-8")
    scripts = user / "Scripts" / "python"
    scripts.mkdir(parents=True, exist_ok=True)
    (scripts / BRIDGE_SCRIPT).write_text(bridge_script(), encoding="utf-8")


def _from_basic_cell(value: Any) -> Any:
    if type(value) is int:
        return float(value)  # Excel sends every number as a float
    return value


def _from_basic_value(value: Any) -> Any:
    if isinstance(value, tuple):
        if value and all(isinstance(row, tuple) for row in value):
            return [[_from_basic_cell(c) for c in row] for row in value]
        return [[_from_basic_cell(c) for c in value]]
    return _from_basic_cell(value)


def _to_basic_cell(value: Any) -> Any:
    if isinstance(value, CellError):
        return str(value)
    if isinstance(value, bool):
        return 1.0 if value else 0.0
    if isinstance(value, int):
        return float(value)
    return value


def from_basic(name: str, args: Sequence[Any]) -> Any:
    """Call catalogue function ``name`` with arguments as the Basic bridge passes them; the answer for Basic.

    A range arrives as a tuple of row tuples, a blank cell or a left-out argument as ``None``. The answer is a
    number, a text, or a rectangular tuple of row tuples; an error is its text, ``#VALUE! message``.
    """
    function = CATALOGUE.get(name)
    if function is None:
        return str(CellError("#NAME?", f"{name} is not an xlscore function"))
    result = call_cells(function, [_from_basic_value(a) for a in args])
    if not isinstance(result, list):
        return _to_basic_cell(result)
    width = max((len(row) for row in result), default=1)
    return tuple(tuple(_to_basic_cell(c) for c in row) + (None,) * (width - len(row)) for row in result) or ((None,),)


def bridge_profile(soffice: str, folder: Path, *, timeout: float = TIMEOUT) -> Path:
    """A started profile in ``folder`` that recalculates on load and holds the bridge; return ``folder``.

    The first start converts the probe, which both sets the profile up and proves that recalculation is forced.
    """
    new_profile(folder)
    work = folder.parent / f"{folder.name}-probe"
    work.mkdir(parents=True, exist_ok=True)
    probe = work / "probe.xlsx"
    write_probe(probe)
    run, output = convert_to_xlsx(soffice, probe, work / "out", folder, timeout=timeout)
    if not run.ok or not output.exists():
        raise LibreOfficeError(f"LibreOffice's first start failed ({_failure(run)}):\n{run.log_tail()}")
    value = read_probe(output)
    if value != PROBE_COMPUTED:
        raise LibreOfficeError(f"LibreOffice kept a stale value ({value!r}, not {PROBE_COMPUTED}) despite the profile")
    shutil.rmtree(work, ignore_errors=True)
    install_bridge(folder)
    return folder


def _failure(run: Run) -> str:
    return f"timed out after {run.seconds:.0f} s" if run.timed_out else f"exit code {run.returncode}"


# --- converting, checking and rendering --------------------------------------------------------------------------

CSV_ALL_SHEETS = "csv:Text - txt - csv (StarCalc):44,34,76,1,,0,false,true,false,false,false,-1"
"""Comma, double quotes, UTF-8, values at full precision (not as shown), every sheet to its own file."""
PDF_SHEET_PER_PAGE = "pdf:calc_pdf_Export:" + json.dumps({"SinglePageSheets": {"type": "boolean", "value": "true"}})
"""PDF with each sheet on one page of its own size, so page n is the n-th visible sheet."""


@dataclass(frozen=True)
class Office:
    """A LibreOffice with a bridge profile: each :meth:`convert` is one bounded soffice run."""

    soffice: str
    profile: Path
    timeout: float = TIMEOUT

    def convert(self, sources: Sequence[Path], outdir: Path, to: str) -> Run:
        """Convert ``sources`` (one soffice start for all) into ``outdir``; ``to`` as ``--convert-to`` takes it."""
        outdir.mkdir(parents=True, exist_ok=True)
        argv = _convert_argv(self.soffice, self.profile, to, outdir, sources)
        run = run_measured(argv, timeout=self.timeout, log=outdir / "soffice.log", env=soffice_env())
        if not run.ok:
            raise LibreOfficeError(f"soffice --convert-to {to} failed ({_failure(run)}):\n{run.log_tail()}")
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
        return {name: _written(outdir / f"{source.stem}-{name}.csv", source) for name in _sheet_names(source)}


def _written(path: Path, source: Path) -> Path:
    # soffice exits 0 even when it could not load a file; only the output says it worked.
    if not path.exists():
        raise LibreOfficeError(f"LibreOffice wrote no {path.name} for {source}")
    return path


@contextlib.contextmanager
def office(soffice: str | None = None, *, timeout: float = TIMEOUT) -> Iterator[Office]:
    """A bridged LibreOffice in a temporary profile, removed afterwards."""
    found = find_soffice(soffice)
    if found is None:
        raise LibreOfficeError(f"LibreOffice (soffice) not found; install it with: {INSTALL_COMMAND}")
    with tempfile.TemporaryDirectory(prefix="xlscore-libreoffice-") as folder:
        yield Office(found, bridge_profile(found, Path(folder) / "profile", timeout=timeout), timeout)


def _sheet_names(book: Path, *, visible_only: bool = False) -> list[str]:
    import openpyxl

    workbook = openpyxl.load_workbook(book, read_only=True)
    try:
        return [s.title for s in workbook.worksheets if not visible_only or s.sheet_state == "visible"]
    finally:
        workbook.close()


@dataclass(frozen=True)
class Finding:
    """A cell where LibreOffice shows an error, or a value other than the one ``xlscore recalc`` wrote."""

    sheet: str
    cell: str
    xlscore: object
    libreoffice: object
    error: bool

    def __str__(self) -> str:
        what = "error" if self.error else "differs"
        return f"{self.sheet}!{self.cell}: {what}: xlscore {_show(self.xlscore)}, LibreOffice {_show(self.libreoffice)}"


def _show(value: object) -> str:
    if value is None:
        return "blank"
    if isinstance(value, float):
        return f"{value:.15g}"
    return repr(value)


def _is_error(value: object) -> bool:
    """An error as LibreOffice saves it: an error cell, an error the bridge gave as text, or Calc's own Err:nnn."""
    if not isinstance(value, str):
        return False
    return value.split(" ", 1)[0] in ERROR_CODES or value.startswith("Err:")


def _same(a: object, b: object, tolerance: float) -> bool:
    if a in (None, "") and b in (None, ""):
        return True
    if isinstance(a, (int, float)) and isinstance(b, (int, float)):
        return math.isclose(float(a), float(b), rel_tol=tolerance, abs_tol=tolerance)
    return a == b


def compare_books(xlscore_book: Path, libreoffice_book: Path, *, tolerance: float = 1e-9) -> list[Finding]:
    """Every cell whose value LibreOffice saved differs from xlscore's (numbers within ``tolerance`` relative, a
    boolean equal to 1 or 0, a blank equal to empty text), and every cell where LibreOffice shows an error."""
    import openpyxl

    ours = openpyxl.load_workbook(xlscore_book, data_only=True)
    theirs = openpyxl.load_workbook(libreoffice_book, data_only=True)
    findings: list[Finding] = []
    try:
        for sheet in ours.worksheets:
            if sheet.title not in theirs.sheetnames:
                findings.append(Finding(sheet.title, "-", "a sheet", None, error=True))
                continue
            other = theirs[sheet.title]
            rows = max(sheet.max_row, other.max_row)
            cols = max(sheet.max_column, other.max_column)
            for r in range(1, rows + 1):
                for c in range(1, cols + 1):
                    mine = sheet.cell(r, c).value
                    shown = other.cell(r, c).value
                    error = _is_error(shown)
                    if error or not _same(mine, shown, tolerance):
                        findings.append(Finding(sheet.title, sheet.cell(r, c).coordinate, mine, shown, error))
    finally:
        ours.close()
        theirs.close()
    return findings


@dataclass(frozen=True)
class Check:
    """One workbook checked: its findings, and the seconds spent in xlscore and in LibreOffice."""

    book: Path
    findings: tuple[Finding, ...]
    xlscore_seconds: float
    libreoffice_seconds: float


def check_books(books: Sequence[Path], office: Office, workdir: Path, *, tolerance: float = 1e-9) -> list[Check]:
    """Recalculate each book with xlscore, let LibreOffice compute the result again (one soffice run for all),
    and compare every cell (:func:`compare_books`)."""
    from xlscore.excel.workbook.recalc import recalculate

    computed: list[Path] = []
    spent: list[float] = []
    for index, book in enumerate(books):
        # Own folder per book, so two books of the same name cannot overwrite each other's output.
        target = workdir / f"{index}" / f"{book.stem}.xlsx"
        target.parent.mkdir(parents=True, exist_ok=True)
        start = time.perf_counter()
        recalculate(book, target)
        spent.append(time.perf_counter() - start)
        computed.append(target)
    results: list[Check] = []
    by_name: dict[str, list[int]] = {}
    for index, path in enumerate(computed):
        by_name.setdefault(path.name, []).append(index)
    # soffice names its outputs by the input's stem: books of the same name go in separate runs.
    batches = [
        [indexes[i] for indexes in by_name.values() if i < len(indexes)]
        for i in range(max(map(len, by_name.values()), default=0))
    ]
    lo_seconds: dict[int, float] = {}
    outputs: dict[int, Path] = {}
    for number, batch in enumerate(batches):
        start = time.perf_counter()
        written = office.to_xlsx([computed[i] for i in batch], workdir / f"libreoffice-{number}")
        seconds = (time.perf_counter() - start) / len(batch)
        for i, path in zip(batch, written, strict=True):
            outputs[i] = path
            lo_seconds[i] = seconds
    for index, book in enumerate(books):
        findings = compare_books(computed[index], outputs[index], tolerance=tolerance)
        results.append(Check(book, tuple(findings), spent[index], lo_seconds[index]))
    return results


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-") or "sheet"


def _pgm_content_box(path: Path, threshold: int = 250) -> tuple[int, int, int, int] | None:
    """The bounding box (x, y, width, height) of the non-white pixels of a binary PGM, or None if all white."""
    data = path.read_bytes()
    fields = data.split(maxsplit=4)
    if fields[0] != b"P5" or int(fields[3]) != 255:
        raise LibreOfficeError(f"pdftoppm wrote an unexpected image format to {path}")
    width, height, pixels = int(fields[1]), int(fields[2]), fields[4]
    white = bytes(range(threshold, 256))
    top = bottom = left = right = -1
    for y in range(height):
        row = pixels[y * width : (y + 1) * width]
        content = row.rstrip(white)
        if not content:
            continue
        start = len(row) - len(row.lstrip(white))
        if top < 0:
            top = y
        bottom = y
        left = start if left < 0 else min(left, start)
        right = max(right, len(content))
    if top < 0:
        return None
    return left, top, right - left, bottom - top + 1


def render(book: Path, outdir: Path, office: Office, *, dpi: int = 96, margin: int = 12) -> list[Path]:
    """A PNG per sheet of ``book`` as LibreOffice computes it, blank margins cropped: ``<book>-<sheet>.png``.

    The book is recalculated by xlscore first, so each array formula has its spilled size; LibreOffice then
    computes every value again through the bridge.

    LibreOffice prints each visible sheet on one page of its own (:data:`PDF_SHEET_PER_PAGE`); pdftoppm renders
    each page twice, once in grey to find where the content is, then as PNG cropped to it.
    """
    pdftoppm = shutil.which("pdftoppm")
    if pdftoppm is None:
        raise LibreOfficeError("pdftoppm not found; install it with: apt-get install -y poppler-utils")
    outdir.mkdir(parents=True, exist_ok=True)
    names = _sheet_names(book, visible_only=True)
    from xlscore.excel.workbook.recalc import recalculate

    with tempfile.TemporaryDirectory(prefix="xlscore-render-") as folder:
        # xlscore recalc first: it writes each dynamic array's spilled size, which LibreOffice takes as the size of
        # the array formula it computes (a template saved with ref="A1" would show one cell).
        sized = Path(folder) / "sized" / book.name
        sized.parent.mkdir()
        recalculate(book, sized)
        pdf = office.to_pdf(sized, Path(folder))
        pages = _page_count(pdf)
        if pages != len(names):
            names = [f"page{n}" for n in range(1, pages + 1)]
        written = []
        for page, name in enumerate(names, start=1):
            grey = Path(folder) / f"page{page}"
            common = ["-f", str(page), "-l", str(page), "-r", str(dpi), "-singlefile"]
            _run([pdftoppm, "-gray", *common, str(pdf), str(grey)])
            box = _pgm_content_box(grey.with_suffix(".pgm"))
            target = outdir / f"{book.stem}-{_slug(name)}"
            crop: list[str] = []
            if box is not None:
                x, y, w, h = box
                x0, y0 = max(0, x - margin), max(0, y - margin)
                crop = ["-x", str(x0), "-y", str(y0), "-W", str(w + x - x0 + margin), "-H", str(h + y - y0 + margin)]
            _run([pdftoppm, "-png", *common, *crop, str(pdf), str(target)])
            written.append(target.with_suffix(".png"))
    return written


def _run(argv: list[str], timeout: float = 60) -> str:
    done = subprocess.run(argv, capture_output=True, text=True, timeout=timeout, check=False)
    if done.returncode != 0:
        raise LibreOfficeError(f"{Path(argv[0]).name} failed: {done.stderr.strip()}")
    return done.stdout


def _page_count(pdf: Path) -> int:
    match = re.search(r"^Pages:\s+(\d+)", _run(["pdfinfo", str(pdf)]), re.MULTILINE)
    if match is None:
        raise LibreOfficeError(f"pdfinfo found no page count in {pdf}")
    return int(match.group(1))


# --- command line ------------------------------------------------------------------------------------------------


def main(argv: Sequence[str] | None = None) -> int:
    """``check BOOK...``: exit 1 if any cell differs or shows an error; ``render BOOK... OUTDIR``: PNG per sheet."""
    parser = argparse.ArgumentParser(
        prog="python3 -m xlscore.excel.libreoffice.soffice", description=__doc__.split("\n")[0]
    )
    parser.add_argument("--soffice", help="the soffice executable (default: soffice on the PATH)")
    parser.add_argument("--timeout", type=float, default=TIMEOUT, help="seconds per soffice run (default %(default)s)")
    commands = parser.add_subparsers(dest="command", required=True)
    check = commands.add_parser("check", help="compare LibreOffice's values with xlscore recalc's, cell by cell")
    check.add_argument("books", nargs="+", type=Path)
    draw = commands.add_parser("render", help="a PNG per sheet, as LibreOffice computes and prints it")
    draw.add_argument("books", nargs="+", type=Path)
    draw.add_argument("outdir", type=Path)
    draw.add_argument("--dpi", type=int, default=96, help="resolution (default %(default)s)")
    options = parser.parse_args(argv)
    try:
        start = time.perf_counter()
        with office(options.soffice, timeout=options.timeout) as lo:
            print(f"{soffice_version(lo.soffice)}: profile ready in {time.perf_counter() - start:.2f} s")
            if options.command == "render":
                for book in options.books:
                    for path in render(book, options.outdir, lo, dpi=options.dpi):
                        print(f"wrote {path} ({path.stat().st_size // 1024} KiB)")
                return 0
            with tempfile.TemporaryDirectory(prefix="xlscore-check-") as work:
                checks = check_books(options.books, lo, Path(work))
    except (XlscoreError, OSError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    failed = False
    for result in checks:
        print(
            f"{result.book}: {len(result.findings)} finding(s); xlscore {result.xlscore_seconds:.2f} s, "
            f"LibreOffice {result.libreoffice_seconds:.2f} s"
        )
        for finding in result.findings:
            print(f"  {finding}")
        failed = failed or bool(result.findings)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
