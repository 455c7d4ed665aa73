"""The spreadsheet functions: the catalogue, the one wrapper between cells and the core, and the hosts it serves.

:mod:`~xlscore.excel.functions.catalogue` names every function with its arguments and docs;
:mod:`~xlscore.excel.functions.cells` and :mod:`~xlscore.excel.functions.edge` turn cells into the core's
arguments and its answers (or its errors) back into cells; :mod:`~xlscore.excel.functions.udfs` and
:mod:`~xlscore.excel.functions.addin` expose them to Excel through xlwings, and
:mod:`~xlscore.excel.functions.reference` writes their reference page in docs/.
"""
