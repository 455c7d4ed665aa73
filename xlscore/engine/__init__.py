"""A workbook file read, computed and written back without Excel (``xlscore recalc``): a general Excel engine.

:mod:`~xlscore.engine.files.safezip` opens the file safely, :mod:`~xlscore.engine.files.book` reads its cells,
formulas, names and tables, :mod:`~xlscore.engine.rewrite` rewrites each formula for the `formulas` engine,
:mod:`~xlscore.engine.functions` holds Excel's functions that `formulas` lacks or computes unlike Excel (by Excel's
categories), :mod:`~xlscore.engine.evaluation.engine` computes the formulas and
:mod:`~xlscore.engine.evaluation.recalc` writes the new values into a copy.

**The wall.** This package imports nothing of xlscore outside it (import-linter's contract in pyproject.toml, run by
``lint-imports`` and tests/test_packaging.py), so it could be published on its own by moving the folder. A host's
own spreadsheet functions reach it through one call, :func:`register_functions` (name: a
:class:`~xlscore.engine.functions.registered.CellFunction`); xlscore makes that call in one place,
:func:`xlscore.excel.headless.register`.

**Errors.** The engine has its own: :class:`BookError`, raised for a workbook it cannot read, compute within its
bounds, or write (one line naming the file and the problem), and :class:`CellError`, the error value of a cell
(``#VALUE!`` and its reason). xlscore shares the error value: :mod:`xlscore.excel.functions.cells` takes
:class:`CellError` from here, so a registered function's error and the engine's are one type, with no conversion
of the cells that cross. The exception is translated instead: xlscore's ``WorkbookError`` (an ``XlscoreError``,
in :mod:`xlscore.core.errors`, which may not import this package) is raised from a :class:`BookError` at xlscore's
edges (:func:`xlscore.excel.headless.xlscore_errors`: the command line, ``xlscore.read_template``,
``xlscore.publish``), so xlscore's public API and its one-line messages raise the ``XlscoreError`` family as
before, and code that calls this package directly catches :class:`BookError`.

Importing this package is cheap (it loads neither `formulas` nor numpy): the spreadsheet add-in imports
:class:`CellError` from it.
"""

from xlscore.engine.errors import BookError, CellError
from xlscore.engine.functions.registered import CellFunction, register_functions

__all__ = ["BookError", "CellError", "CellFunction", "register_functions"]
