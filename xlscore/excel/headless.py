"""xlscore's side of the recalculation engine's wall (:mod:`xlscore.engine`): its functions registered, its errors
raised as xlscore's.

The engine imports nothing of xlscore. :func:`register` hands it xlscore's spreadsheet functions, each called as a
cell calls it (:func:`~xlscore.excel.functions.edge.call_cells`, the same wrapper the add-ins use); every place of
xlscore that computes a workbook (``xlscore recalc``, the templates, publishing, the LibreOffice checks, reading
results) calls it first. :func:`xlscore_errors` raises the engine's :class:`~xlscore.engine.BookError` as xlscore's
:class:`~xlscore.core.errors.WorkbookError`, so that xlscore's public functions and its command line raise and
print the ``XlscoreError`` family, as they did before the wall (the decision is written in :mod:`xlscore.engine`).
"""

from __future__ import annotations

import functools
from collections.abc import Iterator
from contextlib import contextmanager

from xlscore.core.errors import WorkbookError
from xlscore.engine import BookError, register_functions

__all__ = ["register", "xlscore_errors"]


@functools.cache
def register() -> None:
    """Register every function of the catalogue with the engine, once a process (a second call does nothing)."""
    from xlscore.excel.functions.catalogue import CATALOGUE
    from xlscore.excel.functions.edge import call_cells

    register_functions({name: functools.partial(call_cells, function) for name, function in CATALOGUE.items()})


@contextmanager
def xlscore_errors() -> Iterator[None]:
    """The engine's :class:`~xlscore.engine.BookError` raised inside as xlscore's ``WorkbookError`` with the same
    message (its cause kept); as a decorator too."""
    try:
        yield
    except BookError as exc:
        raise WorkbookError(str(exc)) from exc
