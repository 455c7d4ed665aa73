"""A private LibreOffice profile that recalculates on load and holds the bridge to xlscore's functions.

LibreOffice keeps the cached values of an xlsx unless told otherwise: by default (``OOXMLRecalcMode`` 1, "never")
a formula cell that carries a value keeps it, and only cells saved without a value are computed (array formulas
are computed on load whatever the setting). Every profile made here sets ``OOXMLRecalcMode`` and ``ODFRecalcMode``
to 0, "always recalculate on load", and its first start converts a probe (:func:`write_probe`) whose formula
carries a wrong cached value, to prove that the setting took effect. The user's own profile is never touched.
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

from xlscore.excel.libreoffice.bridge import install_bridge
from xlscore.excel.libreoffice.soffice import (
    INSTALL_COMMAND,
    TIMEOUT,
    LibreOfficeError,
    Office,
    convert_to_xlsx,
    find_soffice,
)

__all__ = [
    "PROBE_COMPUTED",
    "PROBE_STALE",
    "RECALC_ALWAYS",
    "RECALC_NEVER",
    "bridge_profile",
    "copy_profile",
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
        raise LibreOfficeError(f"LibreOffice's first start failed ({run.failure}):\n{run.log_tail()}")
    value = read_probe(output)
    if value != PROBE_COMPUTED:
        raise LibreOfficeError(f"LibreOffice kept a stale value ({value!r}, not {PROBE_COMPUTED}) despite the profile")
    shutil.rmtree(work, ignore_errors=True)
    install_bridge(folder)
    return folder


@contextlib.contextmanager
def office(soffice: str | None = None, *, timeout: float = TIMEOUT) -> Iterator[Office]:
    """A bridged LibreOffice in a temporary profile, removed afterwards."""
    found = find_soffice(soffice)
    if found is None:
        raise LibreOfficeError(f"LibreOffice (soffice) not found; install it with: {INSTALL_COMMAND}")
    with tempfile.TemporaryDirectory(prefix="xlscore-libreoffice-") as folder:
        yield Office(found, bridge_profile(found, Path(folder) / "profile", timeout=timeout), timeout)
