"""xlscore's spreadsheet functions for Excel, through xlwings: one module for classic xlwings and xlwings Lite.

Every function here is generated from :data:`xlscore.excel.functions.catalogue.CATALOGUE` and decorated with
``from xlwings import func, arg``. ``func`` gets the two options classic xlwings honours and xlwings Lite keeps as
metadata only: ``category`` (xlscore's own category per system in the Function Wizard, not ``xlwings``) and
``call_in_wizard`` (off for a function that reads or returns a table, so the wizard does not recompute a whole event
at every keystroke). ``arg`` gets ``ndim=2`` (every argument arrives as a 2-D list, so a range can be given for any
argument), ``err_to_str=True`` (an error cell arrives as its text, ``"#N/A"``, and is passed through) and ``doc``.

How an error shows (see docs/reference/excel-errors.md):

* xlwings Lite and xlwings Server (Office.js): a function whose whole answer is an error raises
  :class:`xlwings.XlwingsError` with the message: the cell shows ``#VALUE!`` and the message on hover. An error
  passed through from an argument (``#N/A`` given, ``#N/A`` out) is returned as its code, which Office.js shows as
  that real error. Inside a spilled range a bad element becomes the error value itself (``#VALUE!``).
* classic xlwings (Windows): it cannot return a real error value, and shows a raised exception's text (often a whole
  traceback) in the cell. So the function returns the text ``#VALUE! rank 6 is outside 1..5`` instead: the message
  is in the cell, and arithmetic on it gives #VALUE! as a real error would.
"""

from __future__ import annotations

import inspect
import os
import sys
from collections.abc import Callable
from itertools import chain
from typing import Any

from xlwings import XlwingsError, arg, func

from xlscore.excel.functions.catalogue import CATALOGUE, SheetFunction
from xlscore.excel.functions.cells import CellError
from xlscore.excel.functions.edge import call_cells
from xlscore.excel.functions.reference import help_url

__all__ = sorted(CATALOGUE)

Decorator = Callable[..., Any]


def on_office_js() -> bool:
    """True under xlwings Lite (Pyodide) or xlwings Server, whose errors carry a message on hover."""
    return sys.platform == "emscripten" or os.environ.get("XLWINGS_ON_SERVER", "").lower() in {"true", "1", "yes"}


def to_host(result: Any, office_js: bool) -> Any:
    """Show the edge's result in the running xlwings: errors as Office.js errors, or as text in classic."""
    if isinstance(result, CellError):
        if office_js and result.message:
            raise XlwingsError(result.message)
        return result.code if office_js else str(result)
    if isinstance(result, list) and any(
        issubclass(kind, CellError) for kind in set(map(type, chain.from_iterable(result)))
    ):
        return [[(c.code if office_js else str(c)) if isinstance(c, CellError) else c for c in row] for row in result]
    return result  # a range with no error cell (found at C speed) goes back as it is


def expose(function: SheetFunction, func_: Decorator = func, arg_: Decorator = arg) -> Callable[..., Any]:
    """A Python function named and documented like the catalogue entry, decorated for xlwings."""

    def udf(*args: Any) -> Any:
        return to_host(call_cells(function, args), on_office_js())

    udf.__name__ = udf.__qualname__ = function.name
    udf.__module__ = __name__
    udf.__doc__ = function.help
    udf.__signature__ = inspect.Signature(  # type: ignore[attr-defined]
        [
            inspect.Parameter(
                a.name,
                inspect.Parameter.POSITIONAL_OR_KEYWORD,
                default=None if a.optional else inspect.Parameter.empty,
            )
            for a in function.arguments
        ]
    )
    # In xlwings' own order, func outermost (applied last): classic xlwings' arg re-applies func without options,
    # which would put the function back in the default xlwings category.
    decorated: Callable[..., Any] = udf
    for argument in reversed(function.arguments):
        decorated = arg_(argument.name, ndim=2, err_to_str=True, doc=argument.doc)(decorated)
    # help_url and namespace are xlwings Lite's (classic keeps them as metadata): the entry on the reference page,
    # and no namespace, so that a template's =RPLOPS(...) is the same formula in Lite, classic and LibreOffice
    # (addin/README.md says why).
    registered: Callable[..., Any] = func_(
        category=function.wizard_category,
        call_in_wizard=function.live_in_wizard,
        help_url=help_url(function.name),
        namespace="",
    )(decorated)
    return registered


for _name, _function in CATALOGUE.items():
    globals()[_name] = expose(_function)


def __getattr__(name: str) -> Callable[..., Any]:
    """Only for type checkers: the functions above are made at import time, one per catalogue entry."""
    raise AttributeError(f"module {__name__!r} has no spreadsheet function {name!r}")
