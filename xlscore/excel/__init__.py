"""The spreadsheet edge: the function catalogue, cell conversion and errors, the xlwings layer.

Nothing in :mod:`xlscore.core` imports from here.
"""
