"""The files a coordinator installs into Excel, written by ``xlscore addin``; addin/ holds the same files.

* classic xlwings (Windows): ``classic/xlwings.conf``, the configuration that names the UDF module, to put beside a
  workbook (never over the add-in's own ``%USERPROFILE%\\.xlwings\\xlwings.conf``);
* xlwings Lite: ``lite/main.py`` and ``lite/requirements.txt``, to paste into the Lite editor.

addin/README.md is the step-by-step guide. A test checks that addin/ equals what this module writes.
"""

from __future__ import annotations

import re
import textwrap
from pathlib import Path

from xlscore.core.errors import InputError
from xlscore.excel.functions.catalogue import CATALOGUE, SheetFunction

__all__ = ["UDF_MODULE", "VBA_RESERVED", "addin_files", "vba_clashes", "wheel_requirement", "write_addin"]

UDF_MODULE = "xlscore.excel.functions.udfs"

# VBA's reserved identifiers (the VBA language specification, MS-VBAL 3.3.5.2), and the names classic xlwings'
# generated wrapper itself uses. Classic xlwings writes one VBA function per spreadsheet function with the Python
# argument names as its parameters, and does not check them: one of these as an argument name makes Import
# Functions fail for the whole module. VBA is not case-sensitive.
_VBA_WORDS = """
    Abs AddressOf And Any Array As Attribute Boolean ByRef Byte ByVal Call Case CBool CByte CCur CDate CDbl CDec
    CDecl CInt Circle CLng CLngLng CLngPtr Close Const CSng CStr Currency CVar CVErr Date Debug Decimal Declare
    DefBool DefByte DefCur DefDate DefDbl DefDec DefInt DefLng DefLngLng DefLngPtr DefObj DefSng DefStr DefVar Dim
    Do DoEvents Double Each Else ElseIf Empty End EndIf Enum Eqv Erase Error Event Exit False Fix For Friend
    Function Get Global GoSub GoTo If Imp Implements In Input InputB Int Integer Is LBound Len LenB Let Like Line
    LineInput Lock Long LongLong LongPtr Loop LSet Me Mid MidB Mod New Next Not Nothing Null Object On Open Option
    Optional Or ParamArray Preserve Print Private Property PSet Public Put RaiseEvent ReDim Rem Resume Return RSet
    Scale Seek Select Set Sgn Shared Single Spc Static Stop String Sub Tab Then To True Type TypeOf UBound Unlock
    Until Variant Wend While With WithEvents Write Xor
    Application ThisWorkbook Py argsArray
"""
VBA_RESERVED = frozenset(word.lower() for word in _VBA_WORDS.split())


def vba_clashes(function: SheetFunction) -> list[str]:
    """The argument names of ``function`` that classic xlwings' VBA wrapper cannot take (empty when all can)."""
    return [
        a.name for a in function.arguments if a.name.lower() in VBA_RESERVED or a.name.lower() == function.name.lower()
    ]


def wheel_requirement(url: str) -> str:
    """The requirements.txt line that installs xlscore from a wheel the coordinator hosts: the address itself, which
    Pyodide's installer takes. Refused unless it is an http(s) address of an xlscore wheel (``.../xlscore-0.1.0-py3-
    none-any.whl``): Pyodide installs a wheel only by an address whose file name is a wheel's."""
    from urllib.parse import urlparse

    parsed = urlparse(url.strip())
    file = parsed.path.rsplit("/", 1)[-1]
    if parsed.scheme not in ("https", "http") or not parsed.netloc or not re.fullmatch(r"xlscore-[^-]+-.+\.whl", file):
        raise InputError(
            f"wheel_url is {url!r}; expected the http(s) address of an xlscore wheel, ending in a file name such as "
            "xlscore-0.1.0-py3-none-any.whl"
        )
    return url.strip()


def addin_files(version: str, wheel_url: str | None = None) -> dict[str, str]:
    """File name (relative to addin/) -> contents; with ``wheel_url``, Lite's requirements name that wheel."""
    names = textwrap.fill("Functions: " + ", ".join(sorted(CATALOGUE)) + ".", width=100)
    if wheel_url is None:
        requirement = (
            "# Until xlscore is on the package index, this line installs nothing: write this file with\n"
            "#   xlscore addin --lite DIR --wheel-url https://.../xlscore-VERSION-py3-none-any.whl\n"
            "# naming a wheel you host (addin/README.md, step by step).\n"
            f"xlscore=={version}\n"
        )
    else:
        requirement = f"# The xlscore wheel you host (addin/README.md).\n{wheel_requirement(wheel_url)}\n"
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
            "# xlscore alone runs every function but GIBBS_RP_BY_GAME and a long GIBBS_RATINGS; for those, add: numpy\n"
            + requirement
        ),
    }


def write_addin(folder: Path, version: str, wheel_url: str | None = None, only: str = "") -> list[Path]:
    """Write the add-in files below ``folder`` (``only="lite/"``: Lite's, straight into it), each whole, as every
    output is written (:func:`~xlscore.engine.files.safe_io.replacing`); return the paths written."""
    from xlscore.core.errors import WorkbookError
    from xlscore.engine.files.safe_io import replacing

    written = []
    for name, text in addin_files(version, wheel_url).items():
        if not name.startswith(only):
            continue
        name = name.removeprefix(only)
        path = folder / name
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise WorkbookError(f"cannot write {path}: {exc.strerror or exc}") from exc
        with replacing(path) as temporary:
            temporary.write_text(text, encoding="utf-8")
        written.append(path)
    return written
