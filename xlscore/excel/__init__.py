"""The spreadsheet edge, in four packages by job.

* :mod:`xlscore.excel.functions`: the spreadsheet functions, from the catalogue to each host that shows them;
* :mod:`xlscore.engine`: reading a workbook file, computing its formulas and writing the results back;
* :mod:`xlscore.excel.templates`: the template workbooks, one per scoring system;
* :mod:`xlscore.excel.libreoffice`: LibreOffice as a second spreadsheet program that checks the first.

Nothing in :mod:`xlscore.core` imports from here.
"""
