"""The files a coordinator installs into Excel, written by ``xlscore addin``; addin/ holds the same files.

* classic xlwings (Windows): ``classic/xlwings.conf``, the user configuration that names the UDF module;
* xlwings Lite: ``lite/main.py`` and ``lite/requirements.txt``, to paste into the Lite editor.

addin/README.md is the step-by-step guide. A test checks that addin/ equals what this module writes.
"""

from __future__ import annotations

import textwrap
from pathlib import Path

from xlscore.excel.functions.catalogue import CATALOGUE

__all__ = ["UDF_MODULE", "addin_files", "write_addin"]

UDF_MODULE = "xlscore.excel.functions.udfs"


def addin_files(version: str) -> dict[str, str]:
    """File name (relative to addin/) -> contents."""
    names = textwrap.fill("Functions: " + ", ".join(sorted(CATALOGUE)) + ".", width=100)
    return {
        "classic/xlwings.conf": f'"UDF MODULES","{UDF_MODULE}"\n',
        "lite/main.py": (
            '"""xlscore in xlwings Lite: paste this file into the Lite editor\'s main.py.\n\n'
            f"{names}\n"
            '"""\n\n'
            "# The functions are made from xlscore's catalogue when the module is imported.\n"
            f"from {UDF_MODULE} import *  # noqa: F403\n"
        ),
        "lite/requirements.txt": (
            "# xlscore for xlwings Lite: paste into the Lite editor's requirements.txt.\n"
            "# Until xlscore is on PyPI, replace the next line with the address of a wheel you host:\n"
            "# python -m pip wheel --no-deps . -w dist  (a pure-Python wheel, which Pyodide installs).\n"
            f"xlscore=={version}\n"
            "openpyxl\n"
            "pandas\n"
        ),
    }


def write_addin(folder: Path, version: str) -> list[Path]:
    """Write the add-in files below ``folder``; return the paths written."""
    written = []
    for name, text in addin_files(version).items():
        path = folder / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        written.append(path)
    return written
