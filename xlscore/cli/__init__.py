"""The xlscore command line: a package of one module per command group, each a thin caller of the rest.

``app`` holds the group and :func:`main`; ``output`` and ``inputs`` what commands share; each other module one
command or group. Each command imports what it needs when it runs (a scoring system, the workbook reader,
openpyxl), so that ``xlscore --help`` starts in a fraction of a second.
"""

from __future__ import annotations

from xlscore.cli import addin, examples, export, league, publish, recalc, seating, templates
from xlscore.cli.app import cli, main

__all__ = ["addin", "cli", "examples", "export", "league", "main", "publish", "recalc", "seating", "templates"]
