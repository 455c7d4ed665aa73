"""Vector evaluation: a formula filled down a column computed once over all its rows, with numpy.

A coordinator's own sheet is mostly columns of one formula (``=IF(B2>50,ROUND(C2*D2,2),SUM(B2:D2))``,
``=VLOOKUP(A2,Lookup!$A$1:$B$1000,2,FALSE)``, ``=COUNTIF($D$2:$D$20001,D2)``). Cell by cell, each row is a node of
the engine's graph and each lookup or conditional count scans its whole range, so the work grows with the square of
the rows. Here the formulas of one column that are the same in R1C1 form are one *run* (:mod:`.runs`), parsed once
(:mod:`.parse`) and computed over all its rows at once (:mod:`.compute`): arithmetic and comparisons on numpy
columns, an exact-match lookup through an index built once per table (:mod:`.lookups`), a conditional count, sum
or average (COUNTIF, SUMIF, AVERAGEIF and their -IFS forms) through one grouping of its ranges per shape of
criteria (:mod:`.conditions`, each criterion read as the engine reads it by :mod:`.criteria`).

Whatever this does not compute exactly as the cell-by-cell path would is left to it: a formula it does not read
falls back whole; a row whose inputs it does not take (a text in arithmetic, an error, a blank where the result
would be one) falls back alone, computed cell by cell by the engine as before. ``evaluate(book, vector=False)``
turns the whole path off, for the tests and the benchmark that compare the two.
"""

from xlscore.engine.evaluation.vector.runs import Vectorised

__all__ = ["Vectorised"]
