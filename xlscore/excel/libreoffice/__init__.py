"""LibreOffice as a second spreadsheet program: it computes xlscore's functions with xlscore's own Python.

:mod:`~xlscore.excel.libreoffice.bridge` generates the Basic module and the Python script through which LibreOffice
calls xlscore (the one module imported inside LibreOffice's own interpreter); :mod:`~xlscore.excel.libreoffice.profile`
makes a private profile that recalculates on load and holds the bridge; :mod:`~xlscore.excel.libreoffice.soffice`
runs soffice, bounded and measured; :mod:`~xlscore.excel.libreoffice.check` compares every cell with
``xlscore recalc``'s and :mod:`~xlscore.excel.libreoffice.render` draws each sheet. ``python3 -m
xlscore.excel.libreoffice check|render`` is the command line.
"""
