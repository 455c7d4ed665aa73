"""A workbook file read, computed and written back without Excel (``xlscore recalc``).

:mod:`~xlscore.engine.files.safezip` opens the file safely, :mod:`~xlscore.engine.files.book` reads its
cells, formulas, names and tables, :mod:`~xlscore.engine.evaluation.engine` computes the formulas and
:mod:`~xlscore.engine.evaluation.recalc` writes the new values into a copy; :mod:`~xlscore.engine.files.results`
reads a computed sheet out as a table.
"""
