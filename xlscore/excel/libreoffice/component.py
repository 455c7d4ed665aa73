"""The UNO component of xlscore's LibreOffice extension: every catalogue function as a native Calc function.

This file runs only inside LibreOffice, which loads it from the extension (``xlscore.oxt``, written by
:mod:`xlscore.excel.libreoffice.extension`) with the extension's ``pythonpath`` folder on ``sys.path``. That folder
holds a copy of xlscore itself and ``xlscore_calc_functions.py``, the catalogue's names and descriptions written
out when the extension was built, so Calc lists the functions without importing xlscore, and a LibreOffice whose
Python cannot run xlscore still shows every function, each answering with an error that says why.

It implements ``com.sun.star.sheet.AddIn``: the functions of the interface ``org.xlscore.calc.XFunctions`` (from the
extension's type library), ``XAddIn`` for the Function Wizard's names and descriptions, ``XCompatibilityNames`` for
the names an .xlsx file uses (so ``=RPLOPS(2,5)`` typed in Excel opens bound to this function, and Calc writes it
back as ``RPLOPS``). Every call goes to :func:`xlscore.excel.libreoffice.calc.call`.
"""

# ruff: noqa: N802, N816 - UNO's own method names (getDisplayFunctionName) and the loader's g_ImplementationHelper

from __future__ import annotations

import struct
import sys
import traceback
from collections.abc import Callable
from types import ModuleType
from typing import Any

import uno  # type: ignore[import-not-found]
import unohelper  # type: ignore[import-not-found]
from com.sun.star.lang import Locale, XLocalizable, XServiceInfo, XServiceName  # type: ignore[import-not-found]
from com.sun.star.sheet import XAddIn, XCompatibilityNames  # type: ignore[import-not-found]
from xlscore_calc_functions import CATEGORY, FUNCTIONS, NEEDS_PYTHON, SERVICE  # type: ignore[import-not-found]

try:
    from org.xlscore.calc import XFunctions  # type: ignore[import-not-found]

    _FUNCTIONS_INTERFACE: tuple[Any, ...] = (XFunctions,)
except ImportError:  # while unopkg registers the extension, its own type library is not loaded yet
    _FUNCTIONS_INTERFACE = ()

IMPLEMENTATION = f"{SERVICE}.Implementation"
ADDIN_SERVICE = "com.sun.star.sheet.AddIn"
WHY = "XLSCORE_WHY"
VALUE_ERROR = 519
"""Calc's number for #VALUE! (the answer when xlscore itself cannot run)."""

Rows = tuple[tuple[Any, ...], ...]
_BASES: tuple[Any, ...] = (
    unohelper.Base,
    *_FUNCTIONS_INTERFACE,
    XAddIn,
    XCompatibilityNames,
    XServiceName,
    XServiceInfo,
    XLocalizable,
)

_calc: ModuleType | None = None
_load_error = ""


def _load() -> ModuleType | None:
    """xlscore's call layer, imported on the first call; or None, with the reason kept in ``_load_error``."""
    global _calc, _load_error
    if _calc is None and not _load_error:
        if sys.version_info[:2] < NEEDS_PYTHON:
            needed = ".".join(map(str, NEEDS_PYTHON))
            running = ".".join(map(str, sys.version_info[:2]))
            _load_error = f"xlscore needs Python {needed} or newer; this LibreOffice runs Python {running}"
        else:
            try:
                from xlscore.excel.libreoffice import calc
            except Exception as error:  # noqa: BLE001 - shown by XLSCORE_WHY, never raised into Calc
                reason = "".join(traceback.format_exception_only(type(error), error)).strip()
                _load_error = f"xlscore did not load in LibreOffice's Python: {reason}"
            else:
                _calc = calc
    return _calc


def _failed() -> Rows:
    """#VALUE! in Calc: a NaN whose payload is Calc's error number (see xlscore.excel.libreoffice.calc)."""
    return ((struct.unpack("<d", struct.pack("<Q", 0x7FF8000000000000 | VALUE_ERROR))[0],),)


def _text(text: str) -> Rows:
    return ((text,),)


def _function(name: str) -> Callable[..., Rows]:
    def method(self: XlscoreFunctions, *args: Any) -> Rows:
        calc = _load()
        if calc is None:
            return _failed()
        try:
            answer: Rows = calc.call(name, args)
        except Exception:  # noqa: BLE001 - a bug, not a coordinator's input: #VALUE!, and XLSCORE_WHY says why
            return _failed()
        return answer

    method.__name__ = name
    return method


def _why(self: XlscoreFunctions, function: Any = None, *args: Any) -> Rows:
    """XLSCORE_WHY("RPLOPS"; 6; 5): the message of the error the named function gives for those arguments."""
    calc = _load()
    if calc is None:
        return _text(_load_error)
    name = function.strip().upper() if isinstance(function, str) else ""
    if name not in FUNCTIONS or name == WHY:
        return _text('#VALUE! function: expected the name of an xlscore function, such as "RPLOPS"')
    while args and args[-1] is None:
        args = args[:-1]  # Calc passes every argument left out as nothing
    try:
        message: str = calc.why(name, args)
    except Exception as error:  # noqa: BLE001 - the message is the point here
        return _text(f"xlscore failed: {type(error).__name__}: {error}")
    return _text(message)


class XlscoreFunctions(*_BASES):  # type: ignore[misc]
    """The add-in: one method per function (set below from FUNCTIONS), and what Calc asks an add-in."""

    def __init__(self, context: Any) -> None:
        self.context = context
        self.locale = Locale("en", "US", "")

    # XAddIn: names and descriptions for the Function Wizard
    def getProgrammaticFuntionName(self, display_name: str) -> str:  # (sic: the interface's own spelling)
        upper = display_name.upper()
        return upper if upper in FUNCTIONS else ""

    def getDisplayFunctionName(self, name: str) -> str:
        return name if name in FUNCTIONS else ""

    def getFunctionDescription(self, name: str) -> str:
        return str(FUNCTIONS[name][0]) if name in FUNCTIONS else ""

    def getDisplayArgumentName(self, name: str, index: int) -> str:
        arguments = FUNCTIONS.get(name, ("", ()))[1]
        return str(arguments[index][0]) if 0 <= index < len(arguments) else ""

    def getArgumentDescription(self, name: str, index: int) -> str:
        arguments = FUNCTIONS.get(name, ("", ()))[1]
        return str(arguments[index][1]) if 0 <= index < len(arguments) else ""

    def getProgrammaticCategoryName(self, name: str) -> str:
        return "Add-In"  # Calc's list of categories is fixed: an add-in's functions go under Add-in

    def getDisplayCategoryName(self, name: str) -> str:
        return str(CATEGORY)

    # XCompatibilityNames: the name an .xlsx file uses, for import and export
    def getCompatibilityNames(self, name: str) -> tuple[Any, ...]:
        if name not in FUNCTIONS:
            return ()
        return (uno.createUnoStruct("com.sun.star.sheet.LocalizedName", Locale("en", "US", ""), name),)

    # XLocalizable
    def setLocale(self, locale: Any) -> None:
        self.locale = locale

    def getLocale(self) -> Any:
        return self.locale

    # XServiceName, XServiceInfo
    def getServiceName(self) -> str:
        return str(SERVICE)

    def getImplementationName(self) -> str:
        return IMPLEMENTATION

    def supportsService(self, name: str) -> bool:
        return name in (ADDIN_SERVICE, SERVICE)

    def getSupportedServiceNames(self) -> tuple[str, ...]:
        return (ADDIN_SERVICE, str(SERVICE))


for _name in FUNCTIONS:
    setattr(XlscoreFunctions, _name, _why if _name == WHY else _function(_name))

g_ImplementationHelper = unohelper.ImplementationHelper()
g_ImplementationHelper.addImplementation(XlscoreFunctions, IMPLEMENTATION, (ADDIN_SERVICE, SERVICE))
