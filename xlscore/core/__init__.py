"""The pure scoring core: plain numbers and sequences in, numbers and frozen dataclasses out.

Nothing here imports xlwings, openpyxl or pandas, or does I/O.
"""
