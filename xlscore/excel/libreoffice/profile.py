"""A private LibreOffice profile that recalculates on load and has xlscore's extension installed.

LibreOffice keeps the cached values of an xlsx unless told otherwise: by default (``OOXMLRecalcMode`` 1, "never")
a formula cell that carries a value keeps it, and only cells saved without a value are computed (array formulas
are computed on load whatever the setting). Every profile made here sets ``OOXMLRecalcMode`` and ``ODFRecalcMode``
to 0, "always recalculate on load", and its first start converts a probe (:func:`write_probe`) whose formula
carries a wrong cached value, to prove that the setting took effect. The user's own profile is never touched.

:func:`extension_profile` then installs ``xlscore.oxt`` (:mod:`xlscore.excel.libreoffice.extension`) with
``unopkg add``, as a coordinator does. unopkg refuses to install for one user when run as root (CI runs as root),
so the extension goes in as a "shared" one, with LibreOffice's shared-extension folder
(``UNO_SHARED_PACKAGES_CACHE``) moved into the profile folder (:func:`~xlscore.excel.libreoffice.soffice.
profile_arguments`): nothing is written outside the profile, whoever runs it.
"""

from __future__ import annotations

import contextlib
import re
import shutil
import tempfile
import zipfile
from collections.abc import Iterator
from pathlib import Path

import openpyxl

from xlscore.excel.libreoffice.extension import write_extension
from xlscore.excel.libreoffice.soffice import (
    INSTALL_COMMAND,
    TIMEOUT,
    LibreOfficeError,
    Office,
    convert_to_xlsx,
    find_soffice,
    profile_arguments,
    run_measured,
    soffice_env,
)

__all__ = [
    "PROBE_COMPUTED",
    "PROBE_STALE",
    "RECALC_ALWAYS",
    "RECALC_NEVER",
    "copy_profile",
    "extension_profile",
    "install_extension",
    "new_profile",
    "office",
    "read_probe",
    "registry_modifications",
    "write_probe",
]

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


def install_extension(soffice: str, folder: Path, oxt: Path, *, timeout: float = TIMEOUT) -> None:
    """``unopkg add`` the extension ``oxt`` into the started profile ``folder``."""
    unopkg = Path(soffice).resolve().with_name("unopkg")
    if not unopkg.exists():
        found = shutil.which("unopkg")
        unopkg = Path(found) if found else unopkg
    log = folder.parent / f"{folder.name}-unopkg.log"
    argv = [str(unopkg), "add", "--shared", "--suppress-license", *profile_arguments(folder), str(oxt)]
    run = run_measured(argv, timeout=timeout, log=log, env=soffice_env())
    if not run.ok:
        raise LibreOfficeError(f"unopkg add {oxt.name} failed ({run.failure}):\n{run.log_tail()}")
    log.unlink(missing_ok=True)


def extension_profile(soffice: str, folder: Path, *, timeout: float = TIMEOUT, recalculate: bool = True) -> Path:
    """A started profile in ``folder`` with xlscore's extension installed; return ``folder``.

    With ``recalculate`` (for checking) it recalculates every file on load, which its first start, converting the
    probe, proves. Without, it keeps LibreOffice's own setting, as a coordinator's profile does.
    """
    work = folder.parent / f"{folder.name}-setup"
    work.mkdir(parents=True, exist_ok=True)
    new_profile(folder, RECALC_ALWAYS if recalculate else RECALC_NEVER)
    probe = work / "probe.xlsx"
    write_probe(probe)
    run, output = convert_to_xlsx(soffice, probe, work / "out", folder, timeout=timeout)
    if not run.ok or not output.exists():
        raise LibreOfficeError(f"LibreOffice's first start failed ({run.failure}):\n{run.log_tail()}")
    value = read_probe(output)
    if recalculate and value != PROBE_COMPUTED:
        raise LibreOfficeError(f"LibreOffice kept a stale value ({value!r}, not {PROBE_COMPUTED}) despite the profile")
    install_extension(soffice, folder, write_extension(work), timeout=timeout)
    shutil.rmtree(work, ignore_errors=True)
    return folder


@contextlib.contextmanager
def office(soffice: str | None = None, *, timeout: float = TIMEOUT) -> Iterator[Office]:
    """A LibreOffice with xlscore's extension in a temporary profile, removed afterwards."""
    found = find_soffice(soffice)
    if found is None:
        raise LibreOfficeError(f"LibreOffice (soffice) not found; install it with: {INSTALL_COMMAND}")
    with tempfile.TemporaryDirectory(prefix="xlscore-libreoffice-") as folder:
        yield Office(found, extension_profile(found, Path(folder) / "profile", timeout=timeout), timeout)
