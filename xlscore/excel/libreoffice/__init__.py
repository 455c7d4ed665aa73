"""LibreOffice Calc: xlscore's functions as a native extension, and LibreOffice as a second program that checks xlscore.

:mod:`~xlscore.excel.libreoffice.extension` writes ``xlscore.oxt`` from the catalogue (its type library by
:mod:`~xlscore.excel.libreoffice.typelibrary`, its component :mod:`~xlscore.excel.libreoffice.component`, which
calls :mod:`~xlscore.excel.libreoffice.calc` in LibreOffice's own Python); :mod:`~xlscore.excel.libreoffice.profile`
makes a private profile with the extension installed that recalculates on load;
:mod:`~xlscore.excel.libreoffice.soffice` runs soffice, bounded and measured; :mod:`~xlscore.excel.libreoffice.check`
compares every cell with ``xlscore recalc``'s and :mod:`~xlscore.excel.libreoffice.render` draws each sheet.
``python3 -m xlscore.excel.libreoffice check|render`` is the command line.
"""
