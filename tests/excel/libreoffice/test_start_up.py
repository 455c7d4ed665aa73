"""LibreOffice's Extension Manager and start-up (issue 35): the extension describes itself, asks for the LibreOffice
its templates need (an older one refuses it, saying which), and `xlscore libreoffice` starts a LibreOffice whose
Python works from a shell whose python3 is a virtual environment's."""

from __future__ import annotations

import os
import subprocess
import sys
import xml.etree.ElementTree as ET
import zipfile
from pathlib import Path

import openpyxl
import pytest

from xlscore.excel.libreoffice.extension import NEEDS_LIBREOFFICE, _description, extension_bytes, extension_files
from xlscore.excel.libreoffice.profile import extension_profile, install_extension
from xlscore.excel.libreoffice.soffice import LibreOfficeError, find_soffice, profile_arguments

ROOT = Path(__file__).resolve().parents[3]
NS = {
    "d": "http://openoffice.org/extensions/description/2006",
    "lo": "http://libreoffice.org/extensions/description/2011",
    "xlink": "http://www.w3.org/1999/xlink",
}
HREF = "{http://www.w3.org/1999/xlink}href"


def test_the_extension_manager_gets_a_description_an_icon_and_the_version_it_needs() -> None:
    files = extension_files()
    root = ET.fromstring(files["description.xml"])
    described = root.find("d:extension-description/d:src", NS)
    assert described is not None
    assert "Tournament scoring" in files[described.get(HREF, "")].decode()
    icon = root.find("d:icon/d:default", NS)
    assert icon is not None
    picture = files[icon.get(HREF, "")]
    assert picture.startswith(b"\x89PNG\r\n\x1a\n")
    assert picture[16:24] == (42).to_bytes(4, "big") * 2  # IHDR: 42 by 42
    needed = root.find("d:dependencies/lo:LibreOffice-minimal-version", NS)
    assert needed is not None
    assert needed.get("value") == "25.2"
    assert needed.get(f"{{{NS['d']}}}name") == "LibreOffice 25.2"
    assert NEEDS_LIBREOFFICE == (25, 2)


def test_the_command_says_how_to_start_libreoffice_from_a_virtual_environment(tmp_path: Path) -> None:
    venv_bin = Path(sys.executable).parent
    env = {**os.environ, "PATH": os.pathsep.join([str(venv_bin), "/usr/bin", "/bin"]), "PYTHONPATH": str(ROOT)}
    command = [sys.executable, "-m", "xlscore", "addin", "--libreoffice", str(tmp_path)]
    done = subprocess.run(command, capture_output=True, text=True, env=env, timeout=120, check=True)
    if (venv_bin / "python3").resolve() == Path("/usr/bin/python3").resolve() or not Path("/usr/bin/python3").exists():
        assert "note:" not in done.stderr
    else:
        assert f"this shell's python3 is {venv_bin / 'python3'}" in done.stderr
        assert "xlscore libreoffice" in done.stderr


soffice = find_soffice()
needs_soffice = pytest.mark.skipif(soffice is None, reason="LibreOffice (soffice) is not installed")


@pytest.fixture(scope="module")
def profile(tmp_path_factory: pytest.TempPathFactory) -> Path:
    assert soffice is not None
    return extension_profile(soffice, tmp_path_factory.mktemp("start-up") / "profile")


@pytest.mark.slow
@needs_soffice
def test_libreoffice_refuses_an_extension_for_a_later_version_naming_it(profile: Path, tmp_path: Path) -> None:
    """As LibreOffice 7.4 refuses xlscore's (needing 25.2), this one refuses one that needs 99.0: unopkg says the
    dependencies are unsatisfied (the Extension Manager's dialog lists them by the name description.xml gives,
    "LibreOffice 99.0"); the profile fixture installed xlscore's own, which needs 25.2, in this 25.2."""
    assert soffice is not None
    later = tmp_path / "later.oxt"
    with zipfile.ZipFile(later, "w") as oxt, zipfile.ZipFile(__import__("io").BytesIO(extension_bytes())) as ours:
        for name in ours.namelist():
            data = ours.read(name) if name != "description.xml" else _description("99.0.0", (99, 0)).encode()
            oxt.writestr(name, data)
    with pytest.raises(LibreOfficeError, match="unsatisfied dependencies"):
        install_extension(soffice, profile, later)


@pytest.mark.slow
@needs_soffice
def test_a_cell_computes_when_started_from_a_virtual_environments_shell(profile: Path, tmp_path: Path) -> None:
    """The shell's first python3 is this test's own (a virtual environment's in CI and here): `xlscore libreoffice`
    starts LibreOffice so that its Python, and the xlscore cell, still work."""
    book = tmp_path / "cell.xlsx"
    workbook = openpyxl.Workbook()
    workbook.active["A1"] = "=RPLOPS(2,5)"  # type: ignore[index]
    workbook.save(book)
    env = {**os.environ, "PATH": os.pathsep.join([str(Path(sys.executable).parent), "/usr/bin", "/bin"])}
    env["PYTHONPATH"] = str(ROOT)
    out = tmp_path / "out"
    convert = [*profile_arguments(profile), "--headless", "--convert-to", "csv", "--outdir", str(out), str(book)]
    command = [sys.executable, "-m", "xlscore", "libreoffice", *convert]
    subprocess.run(command, capture_output=True, env=env, timeout=300, check=True)
    # 2nd of 5 players: 66.67, the RPLOPS page's table (docs/systems/rplops.md, "2 (tied)": (66.67 + 50) / 2).
    assert float((out / "cell.csv").read_text().strip()) == pytest.approx(66.67, abs=0.005)
