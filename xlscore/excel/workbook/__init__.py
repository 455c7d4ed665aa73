"""A workbook file read, computed and written back without Excel (``xlscore recalc``).

:mod:`~xlscore.excel.workbook.safezip` opens the file safely, :mod:`~xlscore.excel.workbook.book` reads its
cells, formulas, names and tables, :mod:`~xlscore.excel.workbook.engine` computes the formulas and
:mod:`~xlscore.excel.workbook.recalc` writes the new values into a copy; :mod:`~xlscore.excel.workbook.results`
reads a computed sheet out as a table.
"""
