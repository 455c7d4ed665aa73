"""xlscore: tournament scoring for board-game, train-game and Diplomacy events.

Every spreadsheet function is also a Python function of the same name in lower case, with the same arguments in
the same order and the same docstring: ``=RPLOPS(2, 5)`` in a cell is ``xlscore.rplops(2, 5)`` here.
"""

from xlscore.core.errors import InputError, TableError, XlscoreError
from xlscore.core.rplops import plops, rplops, rplops2, rplops_game

__all__ = [
    "InputError",
    "TableError",
    "XlscoreError",
    "plops",
    "rplops",
    "rplops2",
    "rplops_game",
]

__version__ = "0.1.0"
