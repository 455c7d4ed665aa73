"""Evaluating a workbook's formulas and writing the values into a copy (``xlscore recalc``).

:mod:`.engine` orders the formulas and computes each, directly (a registered function's call on references) or
through the `formulas` engine (:mod:`.formulas_adapter`, with xlscore's changes to it in force only while it
computes: :mod:`.formulas_patches`) or a whole column at once (:mod:`.vector`); :mod:`.recalc` writes the values.
"""
