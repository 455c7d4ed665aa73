"""The spreadsheet edge, in four packages by job.

* :mod:`xlscore.excel.functions`: the spreadsheet functions, from the catalogue to each host that shows them;
* :mod:`xlscore.excel.templates`: the template workbooks, one module per template with its reader beside it;
* :mod:`xlscore.excel.publish`: a filled template published as a page, projector pages, a PDF, a workbook;
* :mod:`xlscore.excel.libreoffice`: LibreOffice as a second spreadsheet program that checks the first.

Recalculating a workbook without Excel is :mod:`xlscore.engine`'s. Nothing in :mod:`xlscore.core` imports from here.
"""
